-- Generation tasks: work a language model does for the user to review, run as workflows and
-- polled by the client (model and column descriptions, recommended questions). PRODUCT.md §4
-- generation status: NOT_STARTED, GENERATING, FINISHED, FAILED.
CREATE TABLE generation_tasks (
    id              uuid PRIMARY KEY,
    project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    -- MODEL_DESCRIPTIONS or RECOMMENDED_QUESTIONS
    kind            text NOT NULL CHECK (kind IN ('MODEL_DESCRIPTIONS', 'RECOMMENDED_QUESTIONS')),
    status          text NOT NULL DEFAULT 'NOT_STARTED'
                    CHECK (status IN ('NOT_STARTED', 'GENERATING', 'FINISHED', 'FAILED')),
    -- What to work on: the models to describe, the thread to follow up.
    input           jsonb NOT NULL DEFAULT '{}',
    result          jsonb,
    error           text,
    -- LLM when the organisation's model did the work, ENGINE otherwise.
    generated_by    text,
    created_by      uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    finished_at     timestamptz
);

CREATE INDEX generation_tasks_project ON generation_tasks (project_id, created_at DESC);

ALTER TABLE llm_calls ADD COLUMN generation_task_id uuid REFERENCES generation_tasks (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX llm_calls_generation_step ON llm_calls (generation_task_id, step) WHERE generation_task_id IS NOT NULL;
