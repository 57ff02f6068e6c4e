-- The values of a project's low-cardinality text columns, collected at deploy, so that the
-- question engine can recognise filters written in questions ("in Brazil", "for Jazz").

CREATE TABLE value_index (
    project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    deploy_id       uuid NOT NULL REFERENCES deploys (id) ON DELETE CASCADE,
    model           text NOT NULL,
    column_name     text NOT NULL,
    value           text NOT NULL,
    -- How many rows hold the value (the most common first when a word matches several).
    occurrences     bigint NOT NULL
);

CREATE INDEX value_index_lookup ON value_index (project_id, lower(value));
