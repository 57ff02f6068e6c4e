-- Spreadsheets (PRODUCT.md §2 home/spreadsheets, §7): grids over SQL on the models, living
-- in folders like threads and dashboards, and their CSV exports.

CREATE TABLE spreadsheets (
    id          uuid PRIMARY KEY,
    project_id  uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    folder_id   uuid REFERENCES folders (id) ON DELETE SET NULL,
    name        text NOT NULL,
    -- SQL over the models; paging, sorting and filtering wrap it at the source.
    sql         text NOT NULL,
    response_id uuid REFERENCES thread_responses (id) ON DELETE SET NULL,
    -- [{name, label, hidden}] in the order shown.
    columns     jsonb NOT NULL DEFAULT '[]'::jsonb,
    -- [{column, direction}]
    sort        jsonb NOT NULL DEFAULT '[]'::jsonb,
    -- [{column, operator, value}]
    filters     jsonb NOT NULL DEFAULT '[]'::jsonb,
    created_by  uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX spreadsheets_project ON spreadsheets (project_id, created_at);
CREATE INDEX spreadsheets_folder ON spreadsheets (folder_id) WHERE folder_id IS NOT NULL;

-- A CSV export: written by a workflow to `<project dir>/exports/<id>.csv`, then downloaded.
CREATE TABLE spreadsheet_exports (
    id              uuid PRIMARY KEY,
    spreadsheet_id  uuid NOT NULL REFERENCES spreadsheets (id) ON DELETE CASCADE,
    project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    requested_by    uuid REFERENCES users (id) ON DELETE SET NULL,
    status          text NOT NULL DEFAULT 'RUNNING' CHECK (status IN ('RUNNING', 'SUCCEEDED', 'FAILED')),
    rows_written    bigint NOT NULL DEFAULT 0,
    bytes_written   bigint NOT NULL DEFAULT 0,
    error           text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    finished_at     timestamptz
);
CREATE INDEX spreadsheet_exports_sheet ON spreadsheet_exports (spreadsheet_id, created_at DESC);
