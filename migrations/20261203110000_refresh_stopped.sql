-- A scheduled refresh acts for the dashboard's creator; when they no longer have access to
-- the project, the run stops before reading anything and says why.
ALTER TABLE dashboard_refreshes DROP CONSTRAINT dashboard_refreshes_status_check;
ALTER TABLE dashboard_refreshes ADD CONSTRAINT dashboard_refreshes_status_check
    CHECK (status IN ('RUNNING', 'SUCCEEDED', 'PARTIAL', 'FAILED', 'STOPPED'));
ALTER TABLE dashboard_refreshes ADD COLUMN reason text;
