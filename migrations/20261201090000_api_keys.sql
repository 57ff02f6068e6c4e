-- API secret keys and the history of every REST call made with one (api-management).

-- A key is shown once, when created: only a prefix (to find it and to show it) and the
-- SHA-256 of the whole secret are kept. An organisation key (no project) reaches every
-- project of its org; a project key only its project.
CREATE TABLE api_keys (
    id                uuid PRIMARY KEY,
    org_id            uuid NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    project_id        uuid REFERENCES projects (id) ON DELETE CASCADE,
    name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    prefix            text NOT NULL,
    secret_hash       bytea NOT NULL,
    scopes            text[] NOT NULL CHECK (
                          cardinality(scopes) > 0
                          AND scopes <@ ARRAY['ASK', 'RUN_SQL', 'KNOWLEDGE', 'MODELS_READ', 'ADMIN']::text[]
                      ),
    created_by        uuid REFERENCES users (id) ON DELETE SET NULL,
    created_by_email  text,
    expires_at        timestamptz,
    last_used_at      timestamptz,
    revoked_at        timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT api_keys_prefix_key UNIQUE (prefix),
    -- ADMIN is an organisation key's scope only.
    CONSTRAINT api_keys_admin_is_org_wide CHECK (project_id IS NULL OR NOT ('ADMIN' = ANY (scopes)))
);
CREATE INDEX api_keys_org_idx ON api_keys (org_id, created_at DESC);
CREATE INDEX api_keys_project_idx ON api_keys (project_id);

-- One row per authenticated call. Bodies are stored redacted (no Authorization header, no
-- secret-looking field or key-shaped string) and cut to a bounded size.
CREATE TABLE api_history (
    id             uuid PRIMARY KEY,
    org_id         uuid NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    project_id     uuid REFERENCES projects (id) ON DELETE CASCADE,
    api_key_id     uuid REFERENCES api_keys (id) ON DELETE SET NULL,
    key_prefix     text NOT NULL,
    call_type      text NOT NULL,
    method         text NOT NULL,
    path           text NOT NULL,
    status_code    integer NOT NULL,
    duration_ms    integer NOT NULL,
    thread_id      uuid,
    request_body   jsonb,
    response_body  jsonb,
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_history_project_time_idx ON api_history (project_id, created_at DESC, id);
CREATE INDEX api_history_org_time_idx ON api_history (org_id, created_at DESC);

-- How long a project's API history is kept.
ALTER TABLE projects ADD COLUMN api_history_retention_days integer NOT NULL DEFAULT 30
    CHECK (api_history_retention_days BETWEEN 1 AND 365);
