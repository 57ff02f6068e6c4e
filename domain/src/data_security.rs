//! Data security of a project (PRODUCT.md §2 data-security): session properties, their values
//! for members and groups, row- and column-level policies — and, for a member, the viewer the
//! compiler applies them for (`compile::compile_as`).
//!
//! How a member's value of a property is resolved is its scope (PRODUCT.md §3 names LIMITED,
//! SINGLE and COMBINED without defining them; this is Quarry's definition):
//! - SINGLE: exactly one value — the member's own; else the one value their groups agree on.
//!   Groups that disagree, with no value of the member's own, resolve to nothing (no rows),
//!   never to a guess.
//! - COMBINED: every value the member and their groups have: rows matching any of them.
//! - LIMITED: the value the member and all their groups agree on (the most restrictive);
//!   nothing when they disagree.
//!
//! With no value at all, the property's default; with no default, nothing — and a member
//! with nothing for a property sees no rows of a model whose policy reads it.

use crate::{
    access::Acting,
    activity::{self, ActivityKind, NewActivity},
    db::Pool,
    error::{Error, ErrorCode, Result},
    permissions::Operation,
};
use chrono::{DateTime, Utc};
use quarry_engine::{
    compile::{
        Dialect,
        security::{Scalar, Viewer, check_column_policy, check_row_policy},
    },
    mdl::{ColumnPolicy, FilterOperator, Manifest, RowPolicy},
};
use serde_json::{Value, json};
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::Type, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ValueType {
    Bool,
    Numeric,
    String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::Type, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PolicyScope {
    Limited,
    Single,
    Combined,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::Type, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SecurityKind {
    Rls,
    Cls,
}

#[derive(Debug, Clone)]
pub struct SessionProperty {
    pub id: Uuid,
    pub project_id: Uuid,
    pub name: String,
    pub value_type: ValueType,
    pub scope: PolicyScope,
    pub required: bool,
    pub default_value: Option<Value>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A new session property, as asked for.
#[derive(Debug, Clone)]
pub struct NewProperty {
    pub name: String,
    pub value_type: ValueType,
    pub scope: PolicyScope,
    pub required: bool,
    pub default_value: Option<Value>,
}

/// Who holds a value: a member of the organisation or one of its groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    Member(Uuid),
    Group(Uuid),
}

#[derive(Debug, Clone)]
pub struct PropertyValue {
    pub property_id: Uuid,
    pub user_id: Option<Uuid>,
    pub group_id: Option<Uuid>,
    pub value: Value,
}

#[derive(Debug, Clone)]
pub struct Policy {
    pub id: Uuid,
    pub project_id: Uuid,
    pub kind: SecurityKind,
    pub name: String,
    pub model: String,
    pub condition: Option<String>,
    pub column_name: Option<String>,
    pub property: Option<String>,
    pub operator: Option<String>,
    pub threshold: Option<Value>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A policy as saved: a row policy's condition, or a column policy's column, property,
/// operator and threshold.
#[derive(Debug, Clone)]
pub enum PolicyRule {
    Rows { condition: String },
    Column { column: String, property: String, operator: FilterOperator, threshold: Value },
}

const NAME_TAKEN: &str = "session_properties_project_name_key";

/// The value as the property's type holds it, or why not.
fn typed(value_type: ValueType, value: &Value) -> Result<Scalar> {
    match (value_type, value) {
        (ValueType::Bool, Value::Bool(b)) => Ok(Scalar::Bool(*b)),
        (ValueType::Numeric, Value::Number(n)) => n.as_f64().map(Scalar::Number).ok_or_else(|| Error::invalid("The value must be a number.")),
        (ValueType::String, Value::String(s)) if s.chars().count() <= 1000 => Ok(Scalar::Text(s.clone())),
        (ValueType::String, Value::String(_)) => Err(Error::invalid("The value must be at most 1,000 characters.")),
        (ValueType::Bool, _) => Err(Error::invalid("The value must be true or false.")),
        (ValueType::Numeric, _) => Err(Error::invalid("The value must be a number.")),
        (ValueType::String, _) => Err(Error::invalid("The value must be a text.")),
    }
}

fn check_property_name(name: &str) -> Result<String> {
    let name = name.trim();
    let ok = !name.is_empty()
        && name.len() <= 63
        && name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !ok {
        return Err(Error::invalid("A session property's name is letters, digits and underscores, starting with a letter (at most 63)."));
    }
    Ok(name.to_owned())
}

async fn org_of(pool: &Pool, project_id: Uuid) -> Result<Uuid> {
    Ok(sqlx::query_scalar!("SELECT org_id FROM projects WHERE id = $1", project_id).fetch_one(pool).await?)
}

/// The project's session properties (session property list), as `acting` — its owner.
pub async fn properties(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Vec<SessionProperty>> {
    acting.may(pool, Operation::ReadDataSecurity, project_id).await?;
    all_properties(pool, project_id).await
}

async fn all_properties(pool: &Pool, project_id: Uuid) -> Result<Vec<SessionProperty>> {
    Ok(sqlx::query_as!(
        SessionProperty,
        r#"SELECT id, project_id, name, value_type AS "value_type: ValueType", scope AS "scope: PolicyScope", required, default_value, created_at, updated_at
           FROM session_properties WHERE project_id = $1 ORDER BY lower(name)"#,
        project_id,
    )
    .fetch_all(pool)
    .await?)
}

/// Creates a session property, as `acting`; a name the project already has (in any case) is
/// DUPLICATED_SESSION_PROPERTY_NAME.
pub async fn create_property(pool: &Pool, acting: &Acting, project_id: Uuid, new: NewProperty) -> Result<SessionProperty> {
    acting.may(pool, Operation::ManageDataSecurity, project_id).await?;
    let name = check_property_name(&new.name)?;
    if let Some(default) = &new.default_value {
        typed(new.value_type, default)?;
    }
    let org_id = org_of(pool, project_id).await?;
    let mut tx = pool.begin().await?;
    let id = sqlx::query_scalar!(
        "INSERT INTO session_properties (id, project_id, name, value_type, scope, required, default_value) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        Uuid::new_v4(),
        project_id,
        name,
        new.value_type as ValueType,
        new.scope as PolicyScope,
        new.required,
        new.default_value,
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(|e| match Error::unique_violation(e, NAME_TAKEN, String::new) {
        Error::User { .. } => Error::of(ErrorCode::DuplicatedSessionPropertyName),
        other => other,
    })?;
    let entry = NewActivity::new(org_id, ActivityKind::SessionPropertyCreated).project(project_id).target("SESSION_PROPERTY", id, &name);
    activity::record(&mut *tx, acting.records(entry)).await?;
    tx.commit().await?;
    property(pool, project_id, id).await
}

async fn property(pool: &Pool, project_id: Uuid, id: Uuid) -> Result<SessionProperty> {
    sqlx::query_as!(
        SessionProperty,
        r#"SELECT id, project_id, name, value_type AS "value_type: ValueType", scope AS "scope: PolicyScope", required, default_value, created_at, updated_at
           FROM session_properties WHERE project_id = $1 AND id = $2"#,
        project_id,
        id,
    )
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| Error::not_found("Session property"))
}

/// Deletes a session property and its values, as `acting`. A property a policy reads is
/// kept: deleting it would leave the policy unable to apply (its model would show no rows).
pub async fn delete_property(pool: &Pool, acting: &Acting, project_id: Uuid, id: Uuid) -> Result<()> {
    acting.may(pool, Operation::ManageDataSecurity, project_id).await?;
    let found = property(pool, project_id, id).await?;
    let users: Vec<String> = policies_of(pool, project_id)
        .await?
        .into_iter()
        .filter(|p| p.property.as_deref().is_some_and(|x| x.eq_ignore_ascii_case(&found.name)) || p.condition.as_deref().is_some_and(|c| reads(c, &found.name)))
        .map(|p| p.name)
        .collect();
    if !users.is_empty() {
        return Err(Error::invalid(format!("The session property is used by the policies {}; change or delete them first.", users.join(", "))));
    }
    let org_id = org_of(pool, project_id).await?;
    let mut tx = pool.begin().await?;
    sqlx::query!("DELETE FROM session_properties WHERE id = $1 AND project_id = $2", id, project_id).execute(&mut *tx).await?;
    let entry = NewActivity::new(org_id, ActivityKind::SessionPropertyDeleted).project(project_id).target("SESSION_PROPERTY", id, &found.name);
    activity::record(&mut *tx, acting.records(entry)).await?;
    tx.commit().await?;
    Ok(())
}

/// Whether a row policy's condition reads `@name`.
fn reads(condition: &str, name: &str) -> bool {
    let lower = condition.to_lowercase();
    let needle = format!("@{}", name.to_lowercase());
    lower.match_indices(&needle).any(|(at, _)| !lower[at + needle.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_'))
}

/// The values a property has for members and groups (member and group lists), as `acting`.
pub async fn values(pool: &Pool, acting: &Acting, project_id: Uuid, property_id: Uuid) -> Result<Vec<PropertyValue>> {
    acting.may(pool, Operation::ReadDataSecurity, project_id).await?;
    property(pool, project_id, property_id).await?;
    Ok(sqlx::query_as!(
        PropertyValue,
        "SELECT property_id, user_id, group_id, value FROM session_property_values WHERE property_id = $1 ORDER BY user_id NULLS LAST, group_id",
        property_id,
    )
    .fetch_all(pool)
    .await?)
}

/// Gives a member or a group of the project's organisation a value of the property (assign
/// member or group value), or takes it away (`None`), as `acting`.
pub async fn set_value(pool: &Pool, acting: &Acting, project_id: Uuid, property_id: Uuid, holder: Holder, value: Option<Value>) -> Result<()> {
    acting.may(pool, Operation::ManageDataSecurity, project_id).await?;
    let found = property(pool, project_id, property_id).await?;
    if let Some(v) = &value {
        typed(found.value_type, v)?;
    }
    let org_id = org_of(pool, project_id).await?;
    let (user_id, group_id, label) = match holder {
        Holder::Member(user) => {
            let email =
                sqlx::query_scalar!("SELECT u.email FROM org_members m JOIN users u ON u.id = m.user_id WHERE m.org_id = $1 AND m.user_id = $2", org_id, user)
                    .fetch_optional(pool)
                    .await?
                    .ok_or_else(|| Error::invalid("Only members of the organization can have a session property value."))?;
            (Some(user), None, email)
        }
        Holder::Group(group) => {
            let name = sqlx::query_scalar!("SELECT name FROM org_groups WHERE org_id = $1 AND id = $2", org_id, group)
                .fetch_optional(pool)
                .await?
                .ok_or_else(|| Error::not_found("Group"))?;
            (None, Some(group), name)
        }
    };
    let mut tx = pool.begin().await?;
    sqlx::query!(
        "DELETE FROM session_property_values WHERE property_id = $1 AND user_id IS NOT DISTINCT FROM $2 AND group_id IS NOT DISTINCT FROM $3",
        property_id,
        user_id,
        group_id,
    )
    .execute(&mut *tx)
    .await?;
    if let Some(v) = &value {
        sqlx::query!("INSERT INTO session_property_values (property_id, user_id, group_id, value) VALUES ($1, $2, $3, $4)", property_id, user_id, group_id, v)
            .execute(&mut *tx)
            .await?;
    }
    let entry = NewActivity::new(org_id, ActivityKind::SessionPropertyValueSet)
        .project(project_id)
        .target("SESSION_PROPERTY", property_id, &found.name)
        .detail(json!({"holder": label, "value": value}));
    activity::record(&mut *tx, acting.records(entry)).await?;
    tx.commit().await?;
    Ok(())
}

/// The project's policies (policy list), as `acting`.
pub async fn policies(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Vec<Policy>> {
    acting.may(pool, Operation::ReadDataSecurity, project_id).await?;
    policies_of(pool, project_id).await
}

async fn policies_of(pool: &Pool, project_id: Uuid) -> Result<Vec<Policy>> {
    Ok(sqlx::query_as!(
        Policy,
        r#"SELECT id, project_id, kind AS "kind: SecurityKind", name, model, condition, column_name, property, operator, threshold, created_at, updated_at
           FROM policies WHERE project_id = $1 ORDER BY lower(name), id"#,
        project_id,
    )
    .fetch_all(pool)
    .await?)
}

fn operator_text(operator: FilterOperator) -> String {
    serde_json::to_value(operator).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default()
}

/// The policies as the semantic layer carries them.
fn as_mdl(policies: &[Policy]) -> (Vec<RowPolicy>, Vec<ColumnPolicy>) {
    let mut rows = Vec::new();
    let mut columns = Vec::new();
    for p in policies {
        match (p.kind, &p.condition, &p.column_name, &p.property, &p.operator, &p.threshold) {
            (SecurityKind::Rls, Some(condition), ..) => rows.push(RowPolicy { name: p.name.clone(), model: p.model.clone(), condition: condition.clone() }),
            (SecurityKind::Cls, _, Some(column), Some(property), Some(operator), Some(threshold)) => {
                // An operator this code does not know restricts the column (see `security`).
                let operator = serde_json::from_value(Value::String(operator.clone())).unwrap_or(FilterOperator::Equals);
                columns.push(ColumnPolicy {
                    name: p.name.clone(),
                    model: p.model.clone(),
                    column: column.clone(),
                    property: property.clone(),
                    operator,
                    threshold: threshold.clone(),
                })
            }
            // A row without what its kind needs cannot be saved (the table's checks).
            _ => {}
        }
    }
    (rows, columns)
}

/// `manifest` with the project's policies as they are now: every path that compiles over a
/// project's manifest reads it through here (`deploy::manifest_of`, the modeling manifest),
/// so a policy saved applies at once, deployed or not.
pub async fn with_policies(pool: &Pool, project_id: Uuid, mut manifest: Manifest) -> Result<Manifest> {
    let (rows, columns) = as_mdl(&policies_of(pool, project_id).await?);
    manifest.row_policies = rows;
    manifest.column_policies = columns;
    Ok(manifest)
}

/// Creates a policy, or changes one (`id`), as `acting`. The policy is checked against the
/// project's models and session properties; what is wrong is INVALID_POLICY with the reason.
pub async fn save_policy(pool: &Pool, acting: &Acting, project_id: Uuid, id: Option<Uuid>, name: &str, model: &str, rule: PolicyRule) -> Result<Policy> {
    acting.may(pool, Operation::ManageDataSecurity, project_id).await?;
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 100 {
        return Err(Error::new(ErrorCode::InvalidPolicy, "A policy needs a name of at most 100 characters."));
    }
    let manifest = crate::modeling::manifest::of_project(pool, project_id).await?;
    let properties = all_properties(pool, project_id).await?;
    let examples: Vec<(String, Scalar)> = properties
        .iter()
        .map(|p| {
            let example = match p.value_type {
                ValueType::Bool => Scalar::Bool(true),
                ValueType::Numeric => Scalar::Number(1.0),
                ValueType::String => Scalar::Text("x".into()),
            };
            (p.name.clone(), example)
        })
        .collect();
    let invalid = |e: quarry_engine::compile::CompileError| {
        let why = match e {
            quarry_engine::compile::CompileError::InvalidPolicy(why) => why,
            other => other.to_string(),
        };
        Error::new(ErrorCode::InvalidPolicy, format!("The policy \"{name}\" cannot be saved: {why}."))
    };
    let (kind, condition, column, property, operator, threshold) = match &rule {
        PolicyRule::Rows { condition } => {
            let policy = RowPolicy { name: name.to_owned(), model: model.to_owned(), condition: condition.clone() };
            check_row_policy(&manifest, Dialect::DuckDb, &policy, &examples).map_err(invalid)?;
            (SecurityKind::Rls, Some(condition.clone()), None, None, None, None)
        }
        PolicyRule::Column { column, property, operator, threshold } => {
            let policy = ColumnPolicy {
                name: name.to_owned(),
                model: model.to_owned(),
                column: column.clone(),
                property: property.clone(),
                operator: *operator,
                threshold: threshold.clone(),
            };
            check_column_policy(&manifest, &policy).map_err(invalid)?;
            let Some(p) = properties.iter().find(|p| p.name.eq_ignore_ascii_case(property)) else {
                return Err(Error::new(
                    ErrorCode::InvalidPolicy,
                    format!("The policy \"{name}\" cannot be saved: there is no session property \"{property}\"."),
                ));
            };
            typed(p.value_type, threshold).map_err(|e| {
                Error::new(
                    ErrorCode::InvalidPolicy,
                    format!("The policy \"{name}\" cannot be saved: the threshold does not fit @{}: {}", p.name, e.public_message()),
                )
            })?;
            (SecurityKind::Cls, None, Some(column.clone()), Some(p.name.clone()), Some(operator_text(*operator)), Some(threshold.clone()))
        }
    };
    let org_id = org_of(pool, project_id).await?;
    let mut tx = pool.begin().await?;
    // One statement for both: a change must find the policy in this project first.
    let kind_of_change = match id {
        None => ActivityKind::PolicyCreated,
        Some(id) => {
            sqlx::query_scalar!("SELECT id FROM policies WHERE id = $1 AND project_id = $2 FOR UPDATE", id, project_id)
                .fetch_optional(&mut *tx)
                .await?
                .ok_or_else(|| Error::not_found("Policy"))?;
            ActivityKind::PolicyUpdated
        }
    };
    let id = id.unwrap_or_else(Uuid::new_v4);
    sqlx::query!(
        "INSERT INTO policies (id, project_id, kind, name, model, condition, column_name, property, operator, threshold)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (id) DO UPDATE SET kind = $3, name = $4, model = $5, condition = $6, column_name = $7, property = $8, operator = $9,
                                        threshold = $10, updated_at = now()",
        id,
        project_id,
        kind as SecurityKind,
        name,
        model,
        condition,
        column,
        property,
        operator,
        threshold,
    )
    .execute(&mut *tx)
    .await?;
    let entry = NewActivity::new(org_id, kind_of_change).project(project_id).target("POLICY", id, name).detail(json!({"model": model}));
    activity::record(&mut *tx, acting.records(entry)).await?;
    tx.commit().await?;
    policies_of(pool, project_id).await?.into_iter().find(|p| p.id == id).ok_or_else(|| Error::not_found("Policy"))
}

/// Deletes a policy, as `acting`.
pub async fn delete_policy(pool: &Pool, acting: &Acting, project_id: Uuid, id: Uuid) -> Result<()> {
    acting.may(pool, Operation::ManageDataSecurity, project_id).await?;
    let org_id = org_of(pool, project_id).await?;
    let mut tx = pool.begin().await?;
    let Some(name) =
        sqlx::query_scalar!("DELETE FROM policies WHERE id = $1 AND project_id = $2 RETURNING name", id, project_id).fetch_optional(&mut *tx).await?
    else {
        return Err(Error::not_found("Policy"));
    };
    activity::record(&mut *tx, acting.records(NewActivity::new(org_id, ActivityKind::PolicyDeleted).project(project_id).target("POLICY", id, &name))).await?;
    tx.commit().await?;
    Ok(())
}

/// The viewer `user_id` is in `project_id`: each session property's value for them,
/// resolved by its scope (see the module's comment). Org admins and owners are resolved
/// like everyone.
pub async fn viewer(pool: &Pool, project_id: Uuid, user_id: Uuid) -> Result<Viewer> {
    let rows = sqlx::query!(
        r#"SELECT p.name, p.value_type AS "value_type: ValueType", p.scope AS "scope: PolicyScope", p.default_value,
                  v.user_id AS "user_id?", v.value AS "value?"
           FROM session_properties p
           LEFT JOIN session_property_values v ON v.property_id = p.id
                AND (v.user_id = $2 OR v.group_id IN (SELECT group_id FROM org_group_members WHERE user_id = $2))
           WHERE p.project_id = $1
           ORDER BY p.name"#,
        project_id,
        user_id,
    )
    .fetch_all(pool)
    .await?;
    let mut viewer = Viewer::nobody();
    let mut at = 0;
    while at < rows.len() {
        let name = rows[at].name.clone();
        let same: Vec<_> = rows[at..].iter().take_while(|r| r.name == name).collect();
        at += same.len();
        let first = same[0];
        let typed_all = |values: Vec<&Value>| values.into_iter().filter_map(|v| typed(first.value_type, v).ok()).collect::<Vec<_>>();
        let own: Vec<&Value> = same.iter().filter(|r| r.user_id == Some(user_id)).filter_map(|r| r.value.as_ref()).collect();
        let groups: Vec<&Value> = same.iter().filter(|r| r.user_id.is_none()).filter_map(|r| r.value.as_ref()).collect();
        let mut values = match first.scope {
            PolicyScope::Single if !own.is_empty() => typed_all(own),
            PolicyScope::Single | PolicyScope::Limited => {
                let all: Vec<&Value> = own.into_iter().chain(groups).collect();
                let agreed = all.first().filter(|v| all.iter().all(|w| w == *v)).copied();
                match (all.is_empty(), agreed) {
                    (true, _) => Vec::new(),
                    (false, Some(v)) => typed_all(vec![v]),
                    // They disagree: nothing, never a guess.
                    (false, None) => {
                        viewer = viewer.with(&name, Vec::new());
                        continue;
                    }
                }
            }
            PolicyScope::Combined => {
                let mut all = typed_all(own.into_iter().chain(groups).collect());
                all.dedup();
                all
            }
        };
        if values.is_empty()
            && let Some(default) = &first.default_value
        {
            values = typed_all(vec![default]);
        }
        viewer = viewer.with(&name, values);
    }
    Ok(viewer)
}

/// The indexed values `viewer` may be offered: none of a model a row policy protects (its
/// values come from [`matching_values_as`]) or of a column they may not read.
pub fn unprotected_values(manifest: &Manifest, viewer: &Viewer, values: Vec<crate::deploy::IndexedValue>) -> Vec<crate::deploy::IndexedValue> {
    let readable = quarry_engine::compile::security::described(manifest, viewer);
    let protected = |model: &str| manifest.row_policies.iter().any(|p| p.model.eq_ignore_ascii_case(model));
    values
        .into_iter()
        .filter(|v| !protected(&v.model) && readable.model(&v.model).is_some_and(|m| m.columns.iter().any(|c| c.name.eq_ignore_ascii_case(&v.column))))
        .collect()
}

/// Most values one protected model offers a question.
const PROTECTED_VALUES: usize = 200;

/// The values of the models a row policy protects that a question may name (the value
/// index leaves them out: it is built for nobody), read at the source as `viewer` may see
/// them — each protected model's readable text columns, in one query per model, matched as
/// the index matches ([`quarry_engine::question::ValueSearch`]: whole or by their first or last
/// words, case aside; values with punctuation are matched only as written). A model that cannot
/// be read offers none.
pub async fn matching_values_as(
    connector: &dyn quarry_engine::Connector,
    manifest: &Manifest,
    viewer: &Viewer,
    phrases: &[String],
) -> Vec<crate::deploy::IndexedValue> {
    let search = quarry_engine::question::ValueSearch::new(phrases);
    if search.keys.is_empty() {
        return Vec::new();
    }
    let dialect = crate::modeling::manifest::dialect_of(connector.source_type());
    let readable = quarry_engine::compile::security::described(manifest, viewer);
    let mut out = Vec::new();
    let protected: Vec<&str> = manifest.row_policies.iter().map(|p| p.model.as_str()).collect();
    for model in readable.models.iter().filter(|m| protected.iter().any(|p| p.eq_ignore_ascii_case(&m.name))) {
        let q = |name: &str| dialect.quote(name);
        let texts: Vec<&quarry_engine::mdl::Column> = model
            .columns
            .iter()
            .filter(|c| {
                !c.hidden && c.source_column().is_some() && connector.source_type().column_family(&c.type_name) == quarry_engine::ColumnTypeFamily::Text
            })
            .collect();
        let parts: Vec<String> = texts
            .iter()
            .map(|c| {
                let lowered = format!("LOWER({})", q(&c.name));
                let keys = search.keys.iter().map(|k| dialect.text_literal(k)).collect::<Vec<_>>().join(", ");
                let mut test = format!("{lowered} IN ({keys})");
                for pattern in &search.patterns {
                    test.push_str(&format!(" OR {lowered} LIKE {}", dialect.text_literal(pattern)));
                }
                format!("SELECT {} AS c, {} AS v FROM {} WHERE {test}", dialect.text_literal(&c.name), q(&c.name), q(&model.name))
            })
            .collect();
        if parts.is_empty() {
            continue;
        }
        let sql = format!("SELECT DISTINCT c, v FROM ({}) AS found LIMIT {PROTECTED_VALUES}", parts.join(" UNION ALL "));
        let Ok(compiled) = quarry_engine::compile::compile_as(manifest, viewer, &sql, dialect) else { continue };
        let Ok(result) = connector.query(&compiled, quarry_engine::QueryOptions::new(PROTECTED_VALUES, std::time::Duration::from_secs(10))).await else {
            continue;
        };
        for row in result.rows {
            if let (Some(serde_json::Value::String(column)), Some(serde_json::Value::String(value))) = (row.first(), row.get(1)) {
                out.push(crate::deploy::IndexedValue { model: model.name.clone(), column: column.clone(), value: value.clone(), occurrences: 1 });
            }
        }
    }
    out
}

/// The viewer `asker` is in the project; nobody (no rows a policy protects) without one.
pub async fn viewer_for(pool: &Pool, project_id: Uuid, asker: Option<Uuid>) -> Result<Viewer> {
    match asker {
        Some(user) => viewer(pool, project_id, user).await,
        None => Ok(Viewer::nobody()),
    }
}

/// The viewer an asking task runs for: whoever asked it. A task with no asker (its account
/// gone) is nobody: it sees no rows a policy protects.
pub async fn viewer_of_task(pool: &Pool, task_id: Uuid) -> Result<Viewer> {
    let row = sqlx::query!("SELECT project_id, created_by FROM asking_tasks WHERE id = $1", task_id).fetch_one(pool).await?;
    viewer_for(pool, row.project_id, row.created_by).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_condition_reads_a_property_by_its_whole_name() {
        assert!(reads("region = @region", "region"));
        assert!(reads("region = @Region AND x > 1", "REGION"));
        assert!(!reads("region = @region_code", "region"));
        assert!(!reads("region = 'x'", "region"));
    }

    #[test]
    fn values_are_held_as_the_property_type() {
        assert_eq!(typed(ValueType::Numeric, &json!(3)).unwrap(), Scalar::Number(3.0));
        assert!(typed(ValueType::Numeric, &json!("3")).is_err());
        assert!(typed(ValueType::Bool, &json!(1)).is_err());
        assert_eq!(typed(ValueType::String, &json!("East")).unwrap(), Scalar::Text("East".into()));
    }
}
