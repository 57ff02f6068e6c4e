-- Accounts, sessions, organisations, projects and their members.

CREATE TABLE users (
    id                         uuid PRIMARY KEY,
    email                      text NOT NULL,
    password_hash              text NOT NULL,
    name                       text,
    first_name                 text,
    last_name                  text,
    picture                    text,
    country                    text,
    company_name               text,
    job_title                  text,
    consent_privacy_statement  boolean NOT NULL DEFAULT false,
    email_verified             boolean NOT NULL DEFAULT false,
    current_org_id             uuid,
    current_project_id         uuid,
    created_at                 timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE sessions (
    token_hash  text PRIMARY KEY,
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at  timestamptz NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- One-time tokens sent by e-mail: address verification and password reset.
CREATE TABLE email_tokens (
    token_hash  text PRIMARY KEY,
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose     text NOT NULL CHECK (purpose IN ('VERIFY_EMAIL', 'RESET_PASSWORD')),
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE orgs (
    id          uuid PRIMARY KEY,
    name        text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE org_members (
    id          uuid PRIMARY KEY,
    org_id      uuid NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role        text NOT NULL CHECK (role IN ('ADMIN', 'MEMBER')),
    enabled     boolean NOT NULL DEFAULT true,
    joined_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT org_members_org_user_key UNIQUE (org_id, user_id)
);
CREATE INDEX org_members_user_id_idx ON org_members (user_id);

CREATE TABLE projects (
    id                 uuid PRIMARY KEY,
    org_id             uuid NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    display_name       text NOT NULL,
    language           text NOT NULL DEFAULT 'EN',
    timezone           text NOT NULL DEFAULT 'UTC',
    onboarding_status  text NOT NULL DEFAULT 'NOT_STARTED',
    state              text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'DELETING', 'RESETTING')),
    created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_org_id_idx ON projects (org_id);

CREATE TABLE project_members (
    id          uuid PRIMARY KEY,
    project_id  uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role        text NOT NULL CHECK (role IN ('OWNER', 'CONTRIBUTOR', 'VIEWER')),
    joined_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT project_members_project_user_key UNIQUE (project_id, user_id)
);
CREATE INDEX project_members_user_id_idx ON project_members (user_id);

ALTER TABLE users
    ADD CONSTRAINT users_current_org_fk FOREIGN KEY (current_org_id) REFERENCES orgs (id) ON DELETE SET NULL,
    ADD CONSTRAINT users_current_project_fk FOREIGN KEY (current_project_id) REFERENCES projects (id) ON DELETE SET NULL;

-- Usage events counted on the org's usage card (questions asked, API calls, rows exported).
CREATE TABLE usage_logs (
    id          uuid PRIMARY KEY,
    org_id      uuid NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    project_id  uuid REFERENCES projects (id) ON DELETE SET NULL,
    user_id     uuid REFERENCES users (id) ON DELETE SET NULL,
    type        text NOT NULL,
    value       bigint NOT NULL DEFAULT 1,
    detail      jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX usage_logs_org_id_idx ON usage_logs (org_id, type);
