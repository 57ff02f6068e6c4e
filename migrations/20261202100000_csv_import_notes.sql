-- What an import did that the user should know (markers read as missing, the encoding, how
-- dates were read), and the missing-value markers chosen at upload (NULL: the defaults).
ALTER TABLE csv_import_jobs
    ADD COLUMN notes text[] NOT NULL DEFAULT '{}',
    ADD COLUMN missing_markers text[];
