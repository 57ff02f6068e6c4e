-- Who opened a dashboard lately, in a project with data-security policies: a refresh warms
-- the cache for each of their contexts (distinct session property values), never the
-- creator's view for everyone.
CREATE TABLE dashboard_viewers (
    dashboard_id UUID NOT NULL REFERENCES dashboards (id) ON DELETE CASCADE,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    seen_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (dashboard_id, user_id)
);
CREATE INDEX dashboard_viewers_recent ON dashboard_viewers (dashboard_id, seen_at DESC);
