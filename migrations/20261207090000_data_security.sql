-- Data security (PRODUCT.md §2 data-security): session properties of a project, their values
-- for members and groups, and the row- and column-level policies that read them.

-- A property a policy reads (`@sales_region`): its type, whether every member must have a
-- value, a default, and how a member's value is resolved from their own and their groups'
-- (SINGLE: their own, else their groups' one value; COMBINED: all of them; LIMITED: the
-- values every one of them allows).
CREATE TABLE session_properties (
    id UUID PRIMARY KEY,
    project_id UUID NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    name TEXT NOT NULL CHECK (name ~ '^[A-Za-z_][A-Za-z0-9_]{0,62}$'),
    value_type TEXT NOT NULL CHECK (value_type IN ('BOOL', 'NUMERIC', 'STRING')),
    scope TEXT NOT NULL DEFAULT 'SINGLE' CHECK (scope IN ('LIMITED', 'SINGLE', 'COMBINED')),
    required BOOLEAN NOT NULL DEFAULT FALSE,
    default_value JSONB,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX session_properties_project_name_key ON session_properties (project_id, lower(name));

-- A property's value for one member or one group of the project's organisation.
CREATE TABLE session_property_values (
    property_id UUID NOT NULL REFERENCES session_properties (id) ON DELETE CASCADE,
    user_id UUID REFERENCES users (id) ON DELETE CASCADE,
    group_id UUID REFERENCES org_groups (id) ON DELETE CASCADE,
    value JSONB NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CHECK ((user_id IS NULL) <> (group_id IS NULL))
);
CREATE UNIQUE INDEX session_property_values_user_key ON session_property_values (property_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX session_property_values_group_key ON session_property_values (property_id, group_id) WHERE group_id IS NOT NULL;

-- RLS: rows of `model` where `condition` holds. CLS: `column_name` of `model` readable when
-- the property compares with the threshold.
CREATE TABLE policies (
    id UUID PRIMARY KEY,
    project_id UUID NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('RLS', 'CLS')),
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    model TEXT NOT NULL,
    condition TEXT,
    column_name TEXT,
    property TEXT,
    operator TEXT CHECK (operator IN ('EQUALS', 'NOT_EQUALS', 'GREATER_THAN', 'GREATER_THAN_OR_EQUALS', 'LESS_THAN', 'LESS_THAN_OR_EQUALS')),
    threshold JSONB,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CHECK (kind <> 'RLS' OR condition IS NOT NULL),
    CHECK (kind <> 'CLS' OR (column_name IS NOT NULL AND property IS NOT NULL AND operator IS NOT NULL AND threshold IS NOT NULL))
);
CREATE INDEX policies_project ON policies (project_id);
