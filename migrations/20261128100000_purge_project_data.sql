-- A project's data, found in the catalog rather than listed by hand, so a table added later
-- cannot be forgotten: every table with a foreign key to projects that cascades on delete
-- (its rows cannot outlive the project), except the tables in `keep`. Rows of tables that
-- hang off those (model_columns of models) go by their own cascades. Tables are emptied
-- deepest first (a table before the project-owned tables it references), so a foreign key
-- between two of them without ON DELETE CASCADE does not stop the purge.
-- Returns how many rows it deleted from the tables it found; running it again deletes nothing.
CREATE FUNCTION purge_project_data(project uuid, keep regclass[]) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    owned record;
    deleted bigint;
    total bigint := 0;
BEGIN
    FOR owned IN
        WITH RECURSIVE owned_tables AS (
            SELECT c.conrelid::regclass AS tbl, a.attname AS col
            FROM pg_constraint c
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
            WHERE c.contype = 'f' AND c.confrelid = 'projects'::regclass AND c.confdeltype = 'c'
              AND cardinality(c.conkey) = 1 AND c.conrelid <> ALL (keep)
        ),
        -- How many project-owned tables a table references, one through another; bounded, as a
        -- cycle of foreign keys would otherwise recurse for ever.
        depth (tbl, level) AS (
            SELECT tbl, 0 FROM owned_tables
            UNION ALL
            SELECT f.conrelid::regclass, d.level + 1
            FROM depth d
            JOIN pg_constraint f ON f.contype = 'f' AND f.confrelid = d.tbl AND f.conrelid <> d.tbl
            WHERE f.conrelid IN (SELECT tbl FROM owned_tables) AND d.level < 32
        )
        SELECT o.tbl, o.col, max(d.level) AS level
        FROM owned_tables o JOIN depth d USING (tbl)
        GROUP BY o.tbl, o.col
        ORDER BY level DESC, o.tbl::text, o.col
    LOOP
        EXECUTE format('DELETE FROM %s WHERE %I = $1', owned.tbl, owned.col) USING project;
        GET DIAGNOSTICS deleted = ROW_COUNT;
        total := total + deleted;
    END LOOP;
    RETURN total;
END
$$;
