-- Data security for API keys and org admins (PRODUCT.md §2 data-security).

-- An API key is an identity of its own: its session property values are set by an owner,
-- like a member's (a key does not see data as the person who created it).
ALTER TABLE session_property_values ADD COLUMN api_key_id UUID REFERENCES api_keys (id) ON DELETE CASCADE;
ALTER TABLE session_property_values DROP CONSTRAINT session_property_values_check;
ALTER TABLE session_property_values ADD CONSTRAINT session_property_values_one_holder CHECK (num_nonnulls(user_id, group_id, api_key_id) = 1);
CREATE UNIQUE INDEX session_property_values_key_key ON session_property_values (property_id, api_key_id) WHERE api_key_id IS NOT NULL;

-- A policy may leave org admins out (they are held by it unless it says so).
ALTER TABLE policies ADD COLUMN admins_exempt BOOLEAN NOT NULL DEFAULT FALSE;

-- A question asked through an API key sees data as the key (its values, or those the caller
-- sent under the impersonation scope). No foreign key: a task whose key is gone sees data
-- as a key with no values, never as the key's creator.
ALTER TABLE asking_tasks ADD COLUMN api_key_id UUID;
ALTER TABLE asking_tasks ADD COLUMN impersonated JSONB;

-- IMPERSONATE: a key whose caller sends the session property values a call sees data with.
ALTER TABLE api_keys DROP CONSTRAINT api_keys_scopes_check;
ALTER TABLE api_keys ADD CONSTRAINT api_keys_scopes_check CHECK (
    cardinality(scopes) > 0
    AND scopes <@ ARRAY['ASK', 'RUN_SQL', 'KNOWLEDGE', 'MODELS_READ', 'IMPERSONATE', 'ADMIN']::text[]
);
