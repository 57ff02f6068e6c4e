-- CSV import jobs: one per uploaded file, moved through its states by CsvImportWorkflow.

CREATE TABLE csv_import_jobs (
    id          uuid PRIMARY KEY,
    project_id  uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    created_by  uuid REFERENCES users (id) ON DELETE SET NULL,
    file_name   text NOT NULL,
    table_name  text NOT NULL,
    size_bytes  bigint NOT NULL DEFAULT 0,
    state       text NOT NULL CHECK (state IN ('INIT', 'UPLOADING', 'IMPORTING', 'SUCCESS', 'ERROR', 'OVERRIDING')),
    progress    double precision NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 1),
    error       text,
    row_count   bigint,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX csv_import_jobs_project_idx ON csv_import_jobs (project_id, created_at);
