-- A project's data sync (PRODUCT.md §3 sync modes, §4 sync job states): which tables of
-- its source are copied into the project's own store, how (STANDARD: chosen tables, by a
-- cursor column where one is chosen; CDC: by logical replication), and how often. While a
-- sync is set, questions read the store, not the source.
CREATE TABLE data_syncs (
    project_id UUID PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
    mode TEXT NOT NULL CHECK (mode IN ('STANDARD', 'CDC')),
    -- [{"schema": "public", "name": "orders", "cursor": "updated_at" | null}]
    tables JSONB NOT NULL,
    every_minutes INTEGER NOT NULL CHECK (every_minutes BETWEEN 5 AND 10080),
    stopped BOOLEAN NOT NULL DEFAULT false,
    -- When a sync last finished with every table copied: the store holds the source as of then.
    last_synced_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE sync_jobs (
    id UUID PRIMARY KEY,
    project_id UUID NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    status TEXT NOT NULL CHECK (status IN ('PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'INCOMPLETE', 'NO_SYNCING_REQUIRED')),
    -- The Temporal workflow running it, to stop it.
    workflow_id TEXT,
    -- Rows copied so far, by "schema.table".
    progress JSONB NOT NULL DEFAULT '{}',
    rows_synced BIGINT NOT NULL DEFAULT 0,
    error TEXT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    started_at TIMESTAMPTZ,
    finished_at TIMESTAMPTZ
);
CREATE INDEX sync_jobs_project_idx ON sync_jobs (project_id, created_at DESC);
-- At most one job of a project runs at a time.
CREATE UNIQUE INDEX sync_jobs_one_running ON sync_jobs (project_id) WHERE status IN ('PENDING', 'RUNNING');
