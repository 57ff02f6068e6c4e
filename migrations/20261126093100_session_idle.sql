-- Sessions end after a period without use (QUARRY_SESSION_IDLE_MINUTES) as well as at
-- their absolute expiry. Existing sessions count as used now.
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
