-- How the question was read, as chips (kind, label, and the bytes of the question each came
-- from): the engine's own reading, or one derived from SQL the language model, a saved SQL
-- pair or the user wrote. Tasks answered before this have none.
ALTER TABLE asking_tasks ADD COLUMN reading jsonb NOT NULL DEFAULT '[]';
