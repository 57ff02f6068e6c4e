//! Row- and column-level policies: listed, checked and saved, and carried into every manifest.

use super::*;

/// The project's policies (policy list), as `acting`.
pub async fn policies(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Vec<Policy>> {
    acting.may(pool, Operation::ReadDataSecurity, project_id).await?;
    policies_of(pool, project_id).await
}

pub(super) async fn policies_of(pool: &Pool, project_id: Uuid) -> Result<Vec<Policy>> {
    Ok(sqlx::query_as!(
        Policy,
        r#"SELECT id, project_id, kind AS "kind: SecurityKind", name, model, condition, column_name, property, operator, threshold, admins_exempt, created_at, updated_at
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
            (SecurityKind::Rls, Some(condition), ..) => {
                rows.push(RowPolicy { name: p.name.clone(), model: p.model.clone(), condition: condition.clone(), admins_exempt: p.admins_exempt })
            }
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
                    admins_exempt: p.admins_exempt,
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

/// A policy as asked for: its name, model, rule and whether org admins are left out.
#[derive(Debug, Clone)]
pub struct NewPolicy {
    pub name: String,
    pub model: String,
    pub rule: PolicyRule,
    pub admins_exempt: bool,
}

/// Creates a policy, or changes one (`id`), as `acting`. The policy is checked against the
/// project's models and session properties; what is wrong is INVALID_POLICY with the reason.
pub async fn save_policy(pool: &Pool, acting: &Acting, project_id: Uuid, id: Option<Uuid>, new: NewPolicy) -> Result<Policy> {
    let NewPolicy { name, model, rule, admins_exempt } = new;
    let model = model.as_str();
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
            let policy = RowPolicy { name: name.to_owned(), model: model.to_owned(), condition: condition.clone(), admins_exempt };
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
                admins_exempt,
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
        "INSERT INTO policies (id, project_id, kind, name, model, condition, column_name, property, operator, threshold, admins_exempt)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (id) DO UPDATE SET kind = $3, name = $4, model = $5, condition = $6, column_name = $7, property = $8, operator = $9,
                                        threshold = $10, admins_exempt = $11, updated_at = now()",
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
        admins_exempt,
    )
    .execute(&mut *tx)
    .await?;
    let entry =
        NewActivity::new(org_id, kind_of_change).project(project_id).target("POLICY", id, name).detail(json!({"model": model, "adminsExempt": admins_exempt}));
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
