-- The data-security context a response's stored result and answer were made in (see
-- data_security::context_of): shown only to readers in the same context. NULL: made
-- before contexts were kept, read as made without policies.
ALTER TABLE thread_responses ADD COLUMN seen_as TEXT;
