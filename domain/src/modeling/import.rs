//! Importing a versioned MDL document: the project's models, relationships, views and
//! metrics are replaced by the document's, in one transaction. Deploy then checks them on
//! the source.

use super::{NewColumn, NewModel, NewRelation, RelationType, insert_model, insert_relationship};
use crate::{
    config::Config,
    datasource,
    db::Pool,
    error::{Error, Result},
};
use quarry_engine::{
    DataSourceType, compile,
    mdl::{self, ColumnKind, JoinType, Manifest, ModelSource},
};
use std::collections::HashMap;
use uuid::Uuid;

/// Replaces the project's semantic model with the document's; returns how many models it has.
pub(crate) async fn import(pool: &Pool, config: &Config, project_id: Uuid, json: &str) -> Result<usize> {
    let manifest = Manifest::from_json(json).map_err(|e| Error::invalid(format!("The MDL cannot be imported: {e}.")))?;
    super::edit::within_model_limit(config, manifest.models.len())?;
    let source_type = datasource::connector_type(pool, project_id).await?;
    // The document's SQL (SQL models, views, metrics, calculated fields) passes the same
    // checks as the same things made one by one, before anything is stored.
    compile::check_manifest(&manifest, super::manifest::dialect_of(source_type)).map_err(|e| Error::invalid(format!("The MDL cannot be imported: {e}.")))?;
    let relations = manifest.relationships.iter().map(relation).collect::<Result<Vec<_>>>()?;
    let mut tx = pool.begin().await?;
    sqlx::query!("DELETE FROM models WHERE project_id = $1", project_id).execute(&mut *tx).await?;
    sqlx::query!("DELETE FROM views WHERE project_id = $1", project_id).execute(&mut *tx).await?;
    sqlx::query!("DELETE FROM metrics WHERE project_id = $1", project_id).execute(&mut *tx).await?;
    let mut ids = HashMap::new();
    for model in &manifest.models {
        let id = insert_model(&mut tx, project_id, &new_model(model, source_type)).await?;
        ids.insert(model.name.to_lowercase(), id);
    }
    for r in &relations {
        let id_of = |name: &str| ids.get(&name.to_lowercase()).copied().ok_or_else(|| Error::invalid(format!("Unknown model \"{name}\".")));
        insert_relationship(&mut tx, project_id, id_of(&r.from_model)?, id_of(&r.to_model)?, r).await?;
    }
    for view in &manifest.views {
        sqlx::query!(
            "INSERT INTO views (id, project_id, name, statement, display_name, description) VALUES ($1, $2, $3, $4, $5, $6)",
            Uuid::new_v4(),
            project_id,
            &view.name,
            &view.statement,
            view.properties.display_name.as_deref().unwrap_or(&view.name),
            view.properties.description.as_deref(),
        )
        .execute(&mut *tx)
        .await?;
    }
    for metric in &manifest.metrics {
        sqlx::query!(
            "INSERT INTO metrics (id, project_id, name, definition) VALUES ($1, $2, $3, $4)",
            Uuid::new_v4(),
            project_id,
            &metric.name,
            sqlx::types::Json(metric) as _,
        )
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(manifest.models.len())
}

fn new_model(model: &mdl::Model, source_type: DataSourceType) -> NewModel {
    let (source_schema, source_table, source_sql) = match &model.source {
        ModelSource::Table { schema, table, .. } => (schema.clone(), Some(table.clone()), None),
        ModelSource::Sql { statement } => (None, None, Some(statement.clone())),
    };
    let columns = model
        .columns
        .iter()
        .filter_map(|c| {
            let (source_column, expression) = match &c.kind {
                ColumnKind::Source { .. } => (c.source_column().map(str::to_owned), None),
                ColumnKind::Calculated { expression } => (None, Some(expression.clone())),
                // Relationship columns follow from the relationships.
                ColumnKind::Relationship { .. } => return None,
            };
            Some(NewColumn {
                reference_name: c.name.clone(),
                source_column,
                expression,
                display_name: c.properties.display_name.clone().unwrap_or_else(|| c.name.clone()),
                family: source_type.column_family(&c.type_name).as_str().to_owned(),
                type_name: c.type_name.clone(),
                not_null: c.not_null,
                is_primary_key: model.primary_key.as_deref() == Some(c.name.as_str()),
                hidden: c.hidden,
                description: c.properties.description.clone(),
                format: c.properties.format.clone().filter(|f| !f.is_empty()),
            })
        })
        .collect();
    NewModel {
        reference_name: model.name.clone(),
        source_schema,
        source_table,
        source_sql,
        display_name: model.properties.display_name.clone().unwrap_or_else(|| model.name.clone()),
        description: model.properties.description.clone(),
        primary_key: model.primary_key.clone(),
        currency: model.properties.format.as_ref().and_then(|f| f.currency.clone()),
        columns,
    }
}

/// A relationship whose condition is one equality between a column of each of its models.
fn relation(r: &mdl::Relationship) -> Result<NewRelation> {
    let unsupported = || Error::invalid(format!("Relationship \"{}\": only one column of each model can be compared (a.x = b.y).", r.name));
    let (left, right) = r.condition.split_once('=').ok_or_else(unsupported)?;
    let side = |text: &str| -> Result<(String, String)> {
        let (model, column) = text.trim().split_once('.').ok_or_else(unsupported)?;
        let clean = |s: &str| s.trim().trim_matches(|c| c == '"' || c == '`').to_owned();
        Ok((clean(model), clean(column)))
    };
    let (a, b) = (side(left)?, side(right)?);
    let ((from_model, from_column), (to_model, to_column)) = if a.0.eq_ignore_ascii_case(&r.models[0]) {
        (a, b)
    } else if b.0.eq_ignore_ascii_case(&r.models[0]) {
        (b, a)
    } else {
        return Err(unsupported());
    };
    Ok(NewRelation {
        from_model,
        from_column,
        to_model,
        to_column,
        relation_type: match r.join_type {
            JoinType::ManyToOne => RelationType::ManyToOne,
            JoinType::OneToMany => RelationType::OneToMany,
            JoinType::OneToOne => RelationType::OneToOne,
        },
    })
}
