//! Who is asking, as the compiler sees them: a member's property values resolved by their
//! scopes, and the values of protected models a question may name, read as they may see them.

use super::*;

/// The viewer `user_id` is in `project_id`: each session property's value for them,
/// resolved by its scope (see the module's comment). Org admins are resolved like everyone,
/// and marked as admins for the policies that leave them out.
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
    let admin = sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM org_members m JOIN projects p ON p.org_id = m.org_id
                          WHERE p.id = $1 AND m.user_id = $2 AND m.enabled AND m.role = 'ADMIN') AS "admin!""#,
        project_id,
        user_id,
    )
    .fetch_one(pool)
    .await?;
    let mut viewer = if admin { Viewer::nobody().as_administrator() } else { Viewer::nobody() };
    let mut at = 0;
    while at < rows.len() {
        let name = rows[at].name.clone();
        let same: Vec<_> = rows[at..].iter().take_while(|r| r.name == name).collect();
        at += same.len();
        let first = same[0];
        let own: Vec<Value> = same.iter().filter(|r| r.user_id == Some(user_id)).filter_map(|r| r.value.clone()).collect();
        let groups: Vec<Value> = same.iter().filter(|r| r.user_id.is_none()).filter_map(|r| r.value.clone()).collect();
        let values: Vec<Scalar> =
            resolve(first.scope, &own, &groups, first.default_value.as_ref()).iter().filter_map(|v| typed(first.value_type, v).ok()).collect();
        viewer = viewer.with(&name, values);
    }
    Ok(viewer)
}

/// One property's values for a member (see the module's comment): from their own value and
/// their groups', by the property's scope; with none at all, the default. Values that
/// disagree where one is needed resolve to nothing, not to the default and never to a guess.
pub(super) fn resolve(scope: PolicyScope, own: &[Value], groups: &[Value], default: Option<&Value>) -> Vec<Value> {
    let all: Vec<&Value> = own.iter().chain(groups).collect();
    if all.is_empty() {
        return default.cloned().into_iter().collect();
    }
    let agreed = |values: &[&Value]| values.iter().all(|v| *v == values[0]).then(|| values[0].clone()).into_iter().collect();
    match scope {
        PolicyScope::Single if !own.is_empty() => agreed(&own.iter().collect::<Vec<_>>()),
        PolicyScope::Single | PolicyScope::Limited => agreed(&all),
        PolicyScope::Combined => {
            let mut distinct: Vec<Value> = Vec::new();
            for v in all {
                if !distinct.contains(v) {
                    distinct.push(v.clone());
                }
            }
            distinct
        }
    }
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
                out.push(crate::deploy::IndexedValue {
                    model: model.name.clone(),
                    column: column.clone(),
                    value: value.clone(),
                    occurrences: 1,
                    column_values: 0,
                });
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

/// Who a call sees data as: the API key it came through when there is one (a key is an
/// identity of its own, never its creator), else the member `asker`.
pub async fn viewer_as(pool: &Pool, project_id: Uuid, asker: Option<Uuid>, key: Option<&KeyIdentity>) -> Result<Viewer> {
    match key {
        Some(key) => key_viewer(pool, project_id, key).await,
        None => viewer_for(pool, project_id, asker).await,
    }
}

/// The viewer an asking task runs for: the key it was asked through, else whoever asked
/// it. A task with neither (its account gone) is nobody: it sees no rows a policy protects.
pub async fn viewer_of_task(pool: &Pool, task_id: Uuid) -> Result<Viewer> {
    let row = sqlx::query!("SELECT project_id, created_by, api_key_id, impersonated FROM asking_tasks WHERE id = $1", task_id).fetch_one(pool).await?;
    let key = row.api_key_id.map(|key_id| KeyIdentity { key_id, impersonated: row.impersonated.and_then(|v| v.as_object().cloned()) });
    viewer_as(pool, row.project_id, row.created_by, key.as_ref()).await
}

/// An API key as an identity of data security: the key, and the values its caller sent
/// under the impersonation scope (property name → a value, or a list of values to match
/// any of).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct KeyIdentity {
    pub key_id: Uuid,
    #[serde(default)]
    pub impersonated: Option<serde_json::Map<String, Value>>,
}

/// The viewer an API key is in `project_id`: for each property, the values its caller sent
/// (impersonation), else the value an owner set for the key, else the property's default.
/// Never its creator's values; a key that is gone has none.
pub async fn key_viewer(pool: &Pool, project_id: Uuid, key: &KeyIdentity) -> Result<Viewer> {
    let rows = sqlx::query!(
        r#"SELECT p.name, p.value_type AS "value_type: ValueType", p.default_value, v.value AS "value?"
           FROM session_properties p
           LEFT JOIN session_property_values v ON v.property_id = p.id AND v.api_key_id = $2
           WHERE p.project_id = $1"#,
        project_id,
        key.key_id,
    )
    .fetch_all(pool)
    .await?;
    let mut viewer = Viewer::nobody();
    for row in rows {
        let sent = key.impersonated.as_ref().and_then(|m| m.iter().find(|(name, _)| name.eq_ignore_ascii_case(&row.name)).map(|(_, v)| v));
        let values: Vec<Scalar> = match sent {
            // A value that does not fit is nothing (checked when the call came in).
            Some(sent) => impersonated_values(row.value_type, sent).unwrap_or_default(),
            None => row.value.as_ref().or(row.default_value.as_ref()).and_then(|v| typed(row.value_type, v).ok()).into_iter().collect(),
        };
        viewer = viewer.with(&row.name, values);
    }
    Ok(viewer)
}

/// Values sent for one property: one value of its type, or a list of them.
fn impersonated_values(value_type: ValueType, sent: &Value) -> Result<Vec<Scalar>> {
    match sent {
        Value::Array(items) if items.len() <= IMPERSONATED_VALUES => items.iter().map(|v| typed(value_type, v)).collect(),
        Value::Array(_) => Err(Error::invalid(format!("At most {IMPERSONATED_VALUES} values may be sent for one session property."))),
        one => Ok(vec![typed(value_type, one)?]),
    }
}

/// Most values a caller may send for one property.
const IMPERSONATED_VALUES: usize = 100;

/// Checks the session property values a caller sent (`X-Session-Properties`) against the
/// project's properties: each names one, with a value (or a list) of its type. What is
/// wrong is said; nothing is ignored silently.
pub async fn check_impersonated(pool: &Pool, project_id: Uuid, sent: &serde_json::Map<String, Value>) -> Result<()> {
    let properties = super::all_properties(pool, project_id).await?;
    for (name, value) in sent {
        let Some(property) = properties.iter().find(|p| p.name.eq_ignore_ascii_case(name)) else {
            return Err(Error::invalid(format!("There is no session property \"{name}\" in this project.")));
        };
        impersonated_values(property.value_type, value).map_err(|e| Error::invalid(format!("@{}: {}", property.name, e.public_message())))?;
    }
    Ok(())
}
