-- How many values the indexed value's column has in the index: among the thousands of names of
-- a column that is more than a category, a word of a name is not taken for that name.
ALTER TABLE value_index ADD COLUMN column_values INTEGER NOT NULL DEFAULT 0;
