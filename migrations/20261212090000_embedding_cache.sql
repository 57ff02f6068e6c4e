-- Vectors of the local embedding model by the text they embed, shared by every project:
-- the same text (a sample dataset's schema, a common question) is embedded once. Only
-- models that give the same vector for the same text wherever they run are kept here (the
-- local model); an organisation's own provider is never shared. Bounded: the least recently
-- used rows are pruned past a cap (domain::retrieval).
CREATE TABLE embedding_cache (
    model     TEXT        NOT NULL,
    text_hash BYTEA       NOT NULL,
    vector    REAL[]      NOT NULL,
    used_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (model, text_hash)
);
CREATE INDEX embedding_cache_used_at ON embedding_cache (used_at);
