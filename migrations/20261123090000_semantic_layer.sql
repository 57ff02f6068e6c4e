-- The semantic layer: models backed by SQL, calculated fields, hidden columns, views,
-- metrics, deploys (with the manifest they deployed and their log) and the retrieval
-- index the question engines search.

ALTER TABLE models
    ALTER COLUMN source_table DROP NOT NULL,
    ADD COLUMN source_sql text,
    ADD CONSTRAINT models_source_check CHECK ((source_table IS NULL) <> (source_sql IS NULL));

ALTER TABLE model_columns
    ALTER COLUMN source_column DROP NOT NULL,
    ADD COLUMN expression text,
    ADD COLUMN hidden boolean NOT NULL DEFAULT false,
    -- A source column names its source; a calculated field has an expression instead.
    ADD CONSTRAINT model_columns_kind_check CHECK ((source_column IS NULL) <> (expression IS NULL));

CREATE TABLE views (
    id              uuid PRIMARY KEY,
    project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    name            text NOT NULL,
    statement       text NOT NULL,
    display_name    text NOT NULL,
    description     text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT views_project_name_key UNIQUE (project_id, name)
);

CREATE TABLE metrics (
    id              uuid PRIMARY KEY,
    project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    name            text NOT NULL,
    -- The MDL metric (base model, dimensions, measures, time grains) as JSON.
    definition      jsonb NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT metrics_project_name_key UNIQUE (project_id, name)
);

CREATE TABLE deploys (
    id              uuid PRIMARY KEY,
    project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    status          text NOT NULL CHECK (status IN ('IN_PROGRESS', 'SUCCESS', 'FAILED')),
    -- What was deployed, and its hash: the project is in sync while its current manifest
    -- hashes the same as the last successful deploy's.
    manifest        jsonb NOT NULL,
    manifest_hash   text NOT NULL,
    log             text NOT NULL DEFAULT '',
    error           text,
    started_at      timestamptz NOT NULL DEFAULT now(),
    finished_at     timestamptz
);

CREATE INDEX deploys_project_started ON deploys (project_id, started_at DESC);
-- At most one deploy runs per project.
CREATE UNIQUE INDEX deploys_one_running ON deploys (project_id) WHERE status = 'IN_PROGRESS';

CREATE TABLE retrieval_documents (
    id              uuid PRIMARY KEY,
    project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    deploy_id       uuid NOT NULL REFERENCES deploys (id) ON DELETE CASCADE,
    kind            text NOT NULL CHECK (kind IN ('MODEL', 'VIEW', 'METRIC')),
    name            text NOT NULL,
    content         text NOT NULL,
    search          tsvector GENERATED ALWAYS AS (to_tsvector('simple', content)) STORED
);

CREATE INDEX retrieval_documents_project ON retrieval_documents (project_id);
CREATE INDEX retrieval_documents_search ON retrieval_documents USING gin (search);
