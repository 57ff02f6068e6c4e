-- Values are matched to questions by their words (letters and digits, lower case, joined by
-- one space), so "AC/DC" is found from "ac dc" and "R&B/Soul" from "r b soul". Computed by
-- the deploy that indexes the values; rows indexed before this have none until the next deploy
-- and are matched by their lower-case text as before.
ALTER TABLE value_index ADD COLUMN value_key text;
CREATE INDEX value_index_key ON value_index (project_id, value_key);
