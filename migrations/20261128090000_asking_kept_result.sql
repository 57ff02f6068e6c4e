-- A query's result between the step that runs it (the sql pool) and the step where the
-- organisation's language model writes the answer (the llm pool); cleared when the task ends.
ALTER TABLE asking_tasks ADD COLUMN kept_result jsonb;
