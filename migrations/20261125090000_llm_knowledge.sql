-- Language models, knowledge and retrieval.

-- The organisation's provider. `settings` holds everything that is not secret (provider,
-- models, endpoint, region, …); the key is sealed with QUARRY_SECRET_KEY and never returned.
CREATE TABLE org_llm_configs (
    org_id          uuid PRIMARY KEY REFERENCES orgs (id) ON DELETE CASCADE,
    settings        jsonb NOT NULL,
    sealed_secret   text NOT NULL,
    updated_by      uuid REFERENCES users (id) ON DELETE SET NULL,
    updated_at      timestamptz NOT NULL DEFAULT now()
);

-- Questions with the SQL that answers them, checked against the model before they are saved.
CREATE TABLE sql_pairs (
    id              uuid PRIMARY KEY,
    project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    question        text NOT NULL CHECK (length(question) BETWEEN 1 AND 1000),
    sql             text NOT NULL,
    created_by      uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX sql_pairs_project ON sql_pairs (project_id, created_at DESC);

-- Guidance for generating SQL: for every question (global) or for questions like the ones listed.
CREATE TABLE instructions (
    id              uuid PRIMARY KEY,
    project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    instruction     text NOT NULL CHECK (length(instruction) BETWEEN 1 AND 1000),
    is_global       boolean NOT NULL,
    questions       text[] NOT NULL DEFAULT '{}',
    created_by      uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CHECK (is_global OR cardinality(questions) > 0)
);

CREATE INDEX instructions_project ON instructions (project_id, created_at DESC);

-- What retrieval ranks: schema items of the deployed model, SQL pairs and instruction
-- questions, each embedded with `model`. Vectors of another model are never compared: a new
-- embedding model re-indexes.
CREATE TABLE knowledge_vectors (
    project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    -- SCHEMA, SQL_PAIR or INSTRUCTION
    kind            text NOT NULL CHECK (kind IN ('SCHEMA', 'SQL_PAIR', 'INSTRUCTION')),
    -- model/column name for SCHEMA, the pair's or instruction's id (and question number) otherwise
    item_key        text NOT NULL,
    text            text NOT NULL,
    model           text NOT NULL,
    vector          real[] NOT NULL,
    PRIMARY KEY (project_id, kind, item_key)
);

-- Tokens spent per step of an ask (or of a description task), for usage and cost.
CREATE TABLE llm_calls (
    id              uuid PRIMARY KEY,
    org_id          uuid NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    project_id      uuid REFERENCES projects (id) ON DELETE CASCADE,
    asking_task_id  uuid REFERENCES asking_tasks (id) ON DELETE CASCADE,
    step            text NOT NULL,
    provider        text NOT NULL,
    model           text NOT NULL,
    input_tokens    bigint NOT NULL,
    output_tokens   bigint NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

-- A retried activity records its call once.
CREATE UNIQUE INDEX llm_calls_task_step ON llm_calls (asking_task_id, step) WHERE asking_task_id IS NOT NULL;

ALTER TABLE asking_tasks
    -- DATA, GENERAL or MISLEADING (LLM pipeline); NULL for the embedded engine
    ADD COLUMN intent           text,
    -- The reasoning plan shown to the user while the SQL is written.
    ADD COLUMN reasoning        text,
    -- LLM, ENGINE or SQL_PAIR: what wrote the SQL.
    ADD COLUMN answered_by      text,
    ADD COLUMN correction_rounds smallint NOT NULL DEFAULT 0;
