-- Terms the project taught the question engine: a phrase that means a model or one of its
-- columns (chosen on an answer that could not place it, or added on the modeling page), and
-- derived terms an owner removed (`removed`). Read at every question, applied to the deployed
-- models, so a term counts from the next question without a deploy.
CREATE TABLE taught_terms (
    id              uuid PRIMARY KEY,
    project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    phrase          text NOT NULL CHECK (length(phrase) BETWEEN 1 AND 100),
    model           text NOT NULL,
    column_name     text,
    removed         boolean NOT NULL DEFAULT false,
    created_by      uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX taught_terms_unique
    ON taught_terms (project_id, lower(phrase), lower(model), lower(coalesce(column_name, '')), removed);

CREATE INDEX taught_terms_project ON taught_terms (project_id, created_at DESC);

-- The phrases an answer that could not place them offered to teach, with the models and
-- columns each may mean (the engine's `TeachOffer`s). Tasks ended before this have none.
ALTER TABLE asking_tasks ADD COLUMN teach_offers jsonb NOT NULL DEFAULT '[]';
