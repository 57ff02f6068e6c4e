-- Organisations in full: groups, invitations, project roles given to groups, the activity
-- log, and an org's removal state.

-- An org being deleted takes no new projects; its removal workflow removes the ones it has.
ALTER TABLE orgs ADD COLUMN state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'DELETING'));

CREATE TABLE org_groups (
    id          uuid PRIMARY KEY,
    org_id      uuid NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    name        text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
-- Names are unique per org, whatever their case.
CREATE UNIQUE INDEX org_groups_org_name_key ON org_groups (org_id, lower(name));

-- Members of a group are members of its org; leaving the org leaves its groups
-- (domain::org::delete_member).
CREATE TABLE org_group_members (
    group_id  uuid NOT NULL REFERENCES org_groups (id) ON DELETE CASCADE,
    user_id   uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    added_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (group_id, user_id)
);
CREATE INDEX org_group_members_user_id_idx ON org_group_members (user_id);

-- A group's role on a project: every member of the group has at least this role there.
CREATE TABLE project_groups (
    id          uuid PRIMARY KEY,
    project_id  uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    group_id    uuid NOT NULL REFERENCES org_groups (id) ON DELETE CASCADE,
    role        text NOT NULL CHECK (role IN ('OWNER', 'CONTRIBUTOR', 'VIEWER')),
    added_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT project_groups_project_group_key UNIQUE (project_id, group_id)
);
CREATE INDEX project_groups_group_id_idx ON project_groups (group_id);

-- A person's role on a project: the highest of their own and their groups' roles there; NULL
-- when they have neither. The one definition every permission check reads.
CREATE FUNCTION effective_project_role(project uuid, member uuid) RETURNS text
LANGUAGE sql STABLE AS $$
    SELECT r.role FROM (
        SELECT pm.role FROM project_members pm WHERE pm.project_id = project AND pm.user_id = member
        UNION ALL
        SELECT pg.role FROM project_groups pg
          JOIN org_group_members gm ON gm.group_id = pg.group_id AND gm.user_id = member
         WHERE pg.project_id = project
    ) r
    ORDER BY CASE r.role WHEN 'OWNER' THEN 0 WHEN 'CONTRIBUTOR' THEN 1 ELSE 2 END
    LIMIT 1
$$;

-- An invitation to join an org, with an org role and roles on some of its projects. The code
-- travels in the e-mailed link; accepting needs the invited address's own account, so the
-- code alone lets nobody in. Accepted invitations are deleted (the activity log keeps them).
CREATE TABLE invitations (
    id          uuid PRIMARY KEY,
    org_id      uuid NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    email       text NOT NULL,
    role        text NOT NULL CHECK (role IN ('ADMIN', 'MEMBER')),
    code        text NOT NULL UNIQUE,
    invitor_id  uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL
);
-- One open invitation per address and org: inviting again replaces it.
CREATE UNIQUE INDEX invitations_org_email_key ON invitations (org_id, lower(email));
CREATE INDEX invitations_email_idx ON invitations (lower(email));

CREATE TABLE invitation_projects (
    invitation_id  uuid NOT NULL REFERENCES invitations (id) ON DELETE CASCADE,
    project_id     uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    role           text NOT NULL CHECK (role IN ('OWNER', 'CONTRIBUTOR', 'VIEWER')),
    PRIMARY KEY (invitation_id, project_id)
);

-- Security-relevant events of an org, append-only: the product never changes or deletes a
-- row; they go only with their org. Actor and target are copied as text too, so an entry
-- still reads right after the account or object is gone.
CREATE TABLE activity_logs (
    id              uuid PRIMARY KEY,
    org_id          uuid NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    actor_id        uuid,
    actor_email     text,
    kind            text NOT NULL,
    target_kind     text,
    target_id       text,
    target_label    text,
    project_id      uuid,
    detail          jsonb NOT NULL DEFAULT '{}'::jsonb,
    client_address  text,
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_logs_org_time_idx ON activity_logs (org_id, created_at DESC, id);

CREATE FUNCTION activity_logs_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    -- A delete cascading from the org's own removal finds the org already gone.
    IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM orgs WHERE id = OLD.org_id) THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'the activity log is append-only';
END
$$;
CREATE TRIGGER activity_logs_append_only BEFORE UPDATE OR DELETE ON activity_logs
    FOR EACH ROW EXECUTE FUNCTION activity_logs_append_only();

CREATE INDEX usage_logs_org_time_idx ON usage_logs (org_id, created_at DESC);
