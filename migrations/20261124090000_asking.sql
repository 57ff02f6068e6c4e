-- Asking: threads of questions, their responses (SQL, written answer, cached result and
-- chart) and the asking tasks the Ask workflow moves through the states of PRODUCT.md §4.

CREATE TABLE threads (
    id              uuid PRIMARY KEY,
    project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    created_by      uuid REFERENCES users (id) ON DELETE SET NULL,
    summary         text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX threads_project_updated ON threads (project_id, updated_at DESC);

-- One per question in a thread. The answer, SQL, result and chart are written together when
-- its task finishes; a stopped or failed task leaves them empty.
CREATE TABLE thread_responses (
    id              uuid PRIMARY KEY,
    thread_id       uuid NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
    project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    question        text NOT NULL,
    -- SQL over the models (what the user sees and edits).
    sql             text,
    answer          text,
    answer_status   text NOT NULL DEFAULT 'NOT_STARTED'
                    CHECK (answer_status IN ('NOT_STARTED', 'GENERATING', 'FINISHED', 'FAILED')),
    -- {columns, rows, truncated}: the first 5000 rows (PRODUCT.md §9 cache result size).
    result          jsonb,
    chart           jsonb,
    chart_status    text NOT NULL DEFAULT 'NOT_STARTED'
                    CHECK (chart_status IN ('NOT_STARTED', 'GENERATING', 'FINISHED', 'FAILED')),
    chart_error     text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX thread_responses_thread ON thread_responses (thread_id, created_at);

CREATE TABLE asking_tasks (
    id              uuid PRIMARY KEY,
    project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    thread_id       uuid NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
    -- The response it fills; an edited SQL re-runs as a new task of the same response.
    response_id     uuid NOT NULL REFERENCES thread_responses (id) ON DELETE CASCADE,
    created_by      uuid REFERENCES users (id) ON DELETE SET NULL,
    -- What the engine answers: the question as asked, or read with the previous one when it
    -- is a follow-up ("only for 2023").
    question        text NOT NULL,
    -- SQL the user wrote; the task then skips understanding.
    given_sql       text,
    -- IDLE 0 … DEPLOY_FAILED 11 (PRODUCT.md §4).
    status          smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 11),
    understood      text[] NOT NULL DEFAULT '{}',
    suggestions     text[] NOT NULL DEFAULT '{}',
    error_code      text,
    error_message   text,
    -- Milliseconds spent in the engine and in the query, for the latency benchmark.
    engine_ms       integer,
    query_ms        integer,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    finished_at     timestamptz
);

CREATE INDEX asking_tasks_response ON asking_tasks (response_id, created_at DESC);
CREATE INDEX asking_tasks_project ON asking_tasks (project_id);
