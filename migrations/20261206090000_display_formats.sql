-- How a column's values read (a currency, a percentage, fixed decimals) and a model's
-- currency (for its columns formatted as money without one): the semantic layer's formats.
ALTER TABLE model_columns ADD COLUMN format JSONB;
ALTER TABLE models ADD COLUMN currency TEXT CHECK (currency ~ '^[A-Z]{3}$');
