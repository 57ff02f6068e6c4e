-- Relationship recommendations join the generation tasks.
ALTER TABLE generation_tasks DROP CONSTRAINT generation_tasks_kind_check;
ALTER TABLE generation_tasks ADD CONSTRAINT generation_tasks_kind_check
    CHECK (kind IN ('MODEL_DESCRIPTIONS', 'RECOMMENDED_QUESTIONS', 'RECOMMENDED_RELATIONSHIPS'));
