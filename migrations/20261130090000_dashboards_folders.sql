-- Folders, dashboards and their scheduled refreshes (PRODUCT.md §2 home/dashboard/[id], §3
-- folder, §7 dashboards and folders).

-- Where threads and dashboards live, and who besides their creator sees them. PRIVATE: the
-- creator (and the project's owners, who manage access); SPECIFIC: also the members and groups
-- listed; ANYONE_IN_PROJECT: everyone with a role on the project.
CREATE TABLE folders (
    id          uuid PRIMARY KEY,
    project_id  uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    name        text NOT NULL,
    access      text NOT NULL DEFAULT 'PRIVATE' CHECK (access IN ('ANYONE_IN_PROJECT', 'PRIVATE', 'SPECIFIC')),
    created_by  uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX folders_project_name_key ON folders (project_id, lower(name));

CREATE TABLE folder_members (
    folder_id   uuid NOT NULL REFERENCES folders (id) ON DELETE CASCADE,
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    added_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (folder_id, user_id)
);

CREATE TABLE folder_groups (
    folder_id   uuid NOT NULL REFERENCES folders (id) ON DELETE CASCADE,
    group_id    uuid NOT NULL REFERENCES org_groups (id) ON DELETE CASCADE,
    added_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (folder_id, group_id)
);

-- A thread lives in one folder (none: its creator's own space) and may be shared into others.
-- Deleting a folder hands what lived in it back to its creators.
ALTER TABLE threads ADD COLUMN folder_id uuid REFERENCES folders (id) ON DELETE SET NULL;
CREATE INDEX threads_folder ON threads (folder_id) WHERE folder_id IS NOT NULL;

CREATE TABLE folder_shares (
    folder_id   uuid NOT NULL REFERENCES folders (id) ON DELETE CASCADE,
    thread_id   uuid NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
    shared_by   uuid REFERENCES users (id) ON DELETE SET NULL,
    shared_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (folder_id, thread_id)
);
CREATE INDEX folder_shares_thread ON folder_shares (thread_id);

-- Whether a user sees a folder's contents. `owner`: the user is an owner of the folder's
-- project (directly, through a group, or as an org admin), who sees every folder.
CREATE FUNCTION folder_visible(folder uuid, member uuid, owner boolean) RETURNS boolean
LANGUAGE sql STABLE AS $$
    SELECT EXISTS (
        SELECT 1 FROM folders f
         WHERE f.id = folder
           AND (owner
                OR f.created_by = member
                OR (f.access = 'ANYONE_IN_PROJECT' AND effective_project_role(f.project_id, member) IS NOT NULL)
                OR (f.access = 'SPECIFIC' AND effective_project_role(f.project_id, member) IS NOT NULL AND (
                        EXISTS (SELECT 1 FROM folder_members fm WHERE fm.folder_id = f.id AND fm.user_id = member)
                     OR EXISTS (SELECT 1 FROM folder_groups fg JOIN org_group_members gm ON gm.group_id = fg.group_id
                                 WHERE fg.folder_id = f.id AND gm.user_id = member))))
    )
$$;

CREATE TABLE dashboards (
    id                  uuid PRIMARY KEY,
    project_id          uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    folder_id           uuid REFERENCES folders (id) ON DELETE SET NULL,
    name                text NOT NULL,
    created_by          uuid REFERENCES users (id) ON DELETE SET NULL,
    cache_enabled       boolean NOT NULL DEFAULT true,
    -- How long a tile's cached result is served (one minute to 30 days).
    cache_ttl_seconds   integer NOT NULL DEFAULT 86400 CHECK (cache_ttl_seconds BETWEEN 60 AND 2592000),
    -- The refresh schedule, kept as a Temporal Schedule when not NEVER.
    schedule_frequency  text NOT NULL DEFAULT 'NEVER' CHECK (schedule_frequency IN ('NEVER', 'DAILY', 'WEEKLY', 'CUSTOM')),
    schedule_day        text CHECK (schedule_day IN ('MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN')),
    schedule_hour       smallint CHECK (schedule_hour BETWEEN 0 AND 23),
    schedule_minute     smallint CHECK (schedule_minute BETWEEN 0 AND 59),
    schedule_cron       text,
    schedule_timezone   text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dashboards_project ON dashboards (project_id, created_at);
CREATE INDEX dashboards_folder ON dashboards (folder_id) WHERE folder_id IS NOT NULL;

-- A tile: SQL over the models, drawn as a chart, a table or a number.
CREATE TABLE dashboard_items (
    id                  uuid PRIMARY KEY,
    dashboard_id        uuid NOT NULL REFERENCES dashboards (id) ON DELETE CASCADE,
    project_id          uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    name                text NOT NULL,
    display             text NOT NULL CHECK (display IN ('AREA', 'BAR', 'GROUPED_BAR', 'LINE', 'MULTI_LINE', 'NUMBER', 'PIE', 'STACKED_BAR', 'TABLE')),
    chart               jsonb,
    sql                 text NOT NULL,
    response_id         uuid REFERENCES thread_responses (id) ON DELETE SET NULL,
    x                   integer NOT NULL CHECK (x >= 0),
    y                   integer NOT NULL CHECK (y >= 0),
    w                   integer NOT NULL CHECK (w > 0),
    h                   integer NOT NULL CHECK (h > 0),
    -- The cached result: its Redis key (without the viewer's security fingerprint), the
    -- deploy its SQL was compiled against, and a hash of that compiled SQL with the
    -- definitions of the models it names. A later deploy that changes one of them makes the
    -- cached result stale.
    cache_key           text,
    cache_deploy_id     uuid,
    cache_sql_hash      text,
    -- The last refresh's outcome: its error, when it failed.
    last_error          text,
    refreshed_at        timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dashboard_items_dashboard ON dashboard_items (dashboard_id, y, x);

-- One refresh of every tile (a scheduled run, or "refresh all"): the workflow that runs it
-- and each tile's outcome.
CREATE TABLE dashboard_refreshes (
    id              uuid PRIMARY KEY,
    dashboard_id    uuid NOT NULL REFERENCES dashboards (id) ON DELETE CASCADE,
    workflow_id     text NOT NULL UNIQUE,
    scheduled       boolean NOT NULL,
    status          text NOT NULL DEFAULT 'RUNNING' CHECK (status IN ('RUNNING', 'SUCCEEDED', 'PARTIAL', 'FAILED')),
    started_at      timestamptz NOT NULL DEFAULT now(),
    finished_at     timestamptz
);
CREATE INDEX dashboard_refreshes_dashboard ON dashboard_refreshes (dashboard_id, started_at DESC);

CREATE TABLE dashboard_refresh_tiles (
    refresh_id      uuid NOT NULL REFERENCES dashboard_refreshes (id) ON DELETE CASCADE,
    item_id         uuid NOT NULL REFERENCES dashboard_items (id) ON DELETE CASCADE,
    error           text,
    finished_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (refresh_id, item_id)
);
