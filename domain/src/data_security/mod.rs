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
use sha2::Digest;
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

/// Who holds a value: a member of the organisation, one of its groups, or an API key that
/// reaches the project.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    Member(Uuid),
    Group(Uuid),
    ApiKey(Uuid),
}

#[derive(Debug, Clone)]
pub struct PropertyValue {
    pub property_id: Uuid,
    pub user_id: Option<Uuid>,
    pub group_id: Option<Uuid>,
    pub api_key_id: Option<Uuid>,
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
    /// Org admins are not held by it.
    pub admins_exempt: bool,
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
    let users: Vec<String> = policies::policies_of(pool, project_id)
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
        "SELECT property_id, user_id, group_id, api_key_id, value FROM session_property_values WHERE property_id = $1
         ORDER BY user_id NULLS LAST, group_id NULLS LAST, api_key_id",
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
    let (user_id, group_id, api_key_id, label) = match holder {
        Holder::Member(user) => {
            let email =
                sqlx::query_scalar!("SELECT u.email FROM org_members m JOIN users u ON u.id = m.user_id WHERE m.org_id = $1 AND m.user_id = $2", org_id, user)
                    .fetch_optional(pool)
                    .await?
                    .ok_or_else(|| Error::invalid("Only members of the organization can have a session property value."))?;
            (Some(user), None, None, email)
        }
        Holder::Group(group) => {
            let name = sqlx::query_scalar!("SELECT name FROM org_groups WHERE org_id = $1 AND id = $2", org_id, group)
                .fetch_optional(pool)
                .await?
                .ok_or_else(|| Error::not_found("Group"))?;
            (None, Some(group), None, name)
        }
        Holder::ApiKey(key) => {
            let name = sqlx::query_scalar!(
                "SELECT name FROM api_keys WHERE id = $1 AND org_id = $2 AND (project_id IS NULL OR project_id = $3) AND revoked_at IS NULL",
                key,
                org_id,
                project_id,
            )
            .fetch_optional(pool)
            .await?
            .ok_or_else(|| Error::not_found("API key"))?;
            (None, None, Some(key), format!("API key {name}"))
        }
    };
    let mut tx = pool.begin().await?;
    sqlx::query!(
        "DELETE FROM session_property_values
         WHERE property_id = $1 AND user_id IS NOT DISTINCT FROM $2 AND group_id IS NOT DISTINCT FROM $3 AND api_key_id IS NOT DISTINCT FROM $4",
        property_id,
        user_id,
        group_id,
        api_key_id,
    )
    .execute(&mut *tx)
    .await?;
    if let Some(v) = &value {
        sqlx::query!(
            "INSERT INTO session_property_values (property_id, user_id, group_id, api_key_id, value) VALUES ($1, $2, $3, $4, $5)",
            property_id,
            user_id,
            group_id,
            api_key_id,
            v,
        )
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

/// The data-security context of a project with no row- or column-level policy.
pub const OPEN: &str = "open";

/// The data-security context a result is made in: [`OPEN`] without policies, else a hash of
/// the policies as they are and of the viewer's property values. A result made in one
/// context is shown only in the same one (a cached tile, a stored answer); results made
/// before a policy existed, or under an earlier one, are not shown once it is saved.
pub fn context_of(manifest: &Manifest, viewer: &Viewer) -> String {
    if manifest.row_policies.is_empty() && manifest.column_policies.is_empty() {
        return OPEN.to_owned();
    }
    let policies = serde_json::to_string(&(&manifest.row_policies, &manifest.column_policies)).unwrap_or_default();
    let digest = sha2::Sha256::digest(format!("{policies}\n{}", viewer.fingerprint()).as_bytes());
    format!("p{}", &hex::encode(digest)[..16])
}

mod policies;
mod viewer;

pub use policies::{NewPolicy, delete_policy, policies, save_policy, with_policies};
pub use viewer::{KeyIdentity, check_impersonated, key_viewer, matching_values_as, unprotected_values, viewer, viewer_as, viewer_for, viewer_of_task};

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

    /// A member's resolved values against the scopes' definitions as sets: COMBINED is the
    /// union of what the member and each of their groups hold, LIMITED the intersection,
    /// SINGLE the member's own or else the intersection of their groups'; an empty union is
    /// the default, an empty intersection nothing.
    mod resolution {
        use super::super::viewer::resolve;
        use super::*;
        use proptest::prelude::*;
        use std::collections::BTreeSet;

        fn set(values: &[Value]) -> BTreeSet<String> {
            values.iter().map(Value::to_string).collect()
        }

        fn oracle(scope: PolicyScope, own: Option<&Value>, groups: &[Value], default: Option<&Value>) -> BTreeSet<String> {
            let holders: Vec<BTreeSet<String>> = own.into_iter().chain(groups).map(|v| set(std::slice::from_ref(v))).collect();
            if holders.is_empty() {
                return default.map(|d| set(std::slice::from_ref(d))).unwrap_or_default();
            }
            let intersection = |sets: &[BTreeSet<String>]| sets.iter().skip(1).fold(sets[0].clone(), |acc, s| &acc & s);
            match (scope, own) {
                (PolicyScope::Combined, _) => holders.iter().fold(BTreeSet::new(), |acc, s| &acc | s),
                (PolicyScope::Single, Some(own)) => set(std::slice::from_ref(own)),
                (PolicyScope::Single | PolicyScope::Limited, _) => intersection(&holders),
            }
        }

        fn value() -> impl Strategy<Value = Value> {
            prop_oneof![Just(json!("East")), Just(json!("West")), Just(json!("North"))]
        }

        proptest! {
            #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]
            #[test]
            fn a_members_values_are_what_the_scope_defines(
                scope in prop_oneof![Just(PolicyScope::Single), Just(PolicyScope::Combined), Just(PolicyScope::Limited)],
                own in proptest::option::of(value()),
                groups in proptest::collection::vec(value(), 0..4),
                default in proptest::option::of(Just(json!("Default"))),
            ) {
                let got = resolve(scope, own.as_slice(), &groups, default.as_ref());
                prop_assert_eq!(set(&got), oracle(scope, own.as_ref(), &groups, default.as_ref()));
                // Never more than one value where one is needed, and never a value no one holds.
                if scope != PolicyScope::Combined {
                    prop_assert!(got.len() <= 1);
                }
                let held: BTreeSet<String> = own.iter().chain(&groups).chain(&default).map(Value::to_string).collect();
                prop_assert!(set(&got).is_subset(&held));
            }
        }
    }
}
