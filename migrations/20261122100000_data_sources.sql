-- A project's data source, its models (one per chosen table) with columns, relationships
-- between models, and the last detected schema change.

CREATE TABLE data_sources (
    project_id      uuid PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
    type            text NOT NULL,
    -- Connection settings without secrets; secrets are sealed (AES-GCM) in `secrets`.
    properties      jsonb NOT NULL DEFAULT '{}'::jsonb,
    secrets         text,
    sample_dataset  text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE models (
    id              uuid PRIMARY KEY,
    project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    reference_name  text NOT NULL,
    source_schema   text,
    source_table    text NOT NULL,
    display_name    text NOT NULL,
    description     text,
    primary_key     text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT models_project_reference_key UNIQUE (project_id, reference_name)
);

CREATE TABLE model_columns (
    id              uuid PRIMARY KEY,
    model_id        uuid NOT NULL REFERENCES models (id) ON DELETE CASCADE,
    reference_name  text NOT NULL,
    source_column   text NOT NULL,
    display_name    text NOT NULL,
    type            text NOT NULL,
    family          text NOT NULL,
    not_null        boolean NOT NULL DEFAULT false,
    is_primary_key  boolean NOT NULL DEFAULT false,
    description     text,
    position        integer NOT NULL,
    CONSTRAINT model_columns_model_reference_key UNIQUE (model_id, reference_name)
);

CREATE TABLE relationships (
    id              uuid PRIMARY KEY,
    project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    name            text NOT NULL,
    from_model_id   uuid NOT NULL REFERENCES models (id) ON DELETE CASCADE,
    from_column     text NOT NULL,
    to_model_id     uuid NOT NULL REFERENCES models (id) ON DELETE CASCADE,
    to_column       text NOT NULL,
    type            text NOT NULL CHECK (type IN ('MANY_TO_ONE', 'ONE_TO_MANY', 'ONE_TO_ONE')),
    created_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT relationships_project_name_key UNIQUE (project_id, name)
);

CREATE TABLE schema_changes (
    project_id   uuid PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
    change       jsonb NOT NULL,
    detected_at  timestamptz NOT NULL DEFAULT now()
);
