//! The modeling page's operations: models from source tables, their metadata, calculated
//! fields, relationships, views and metrics. Every change here leaves the project
//! UNSYNCRONIZED until the next deploy (the deploy compares manifests, see `deploy`).

use super::{Model, ModelColumn, NewColumn, NewRelation, RelationType, Relationship, insert_column, insert_model, manifest, models};
use crate::{
    config::Config,
    datasource::{self, tables},
    db::Pool,
    error::{Error, ErrorCode, Result},
};
use quarry_engine::mdl::DisplayFormat;
use quarry_engine::{
    QueryOptions, QueryResult, ResultColumn,
    compile::{self, CompileError, Dialect},
    mdl::{self, Manifest},
};
use sqlx::types::Json;
use std::time::Duration;
use uuid::Uuid;

/// How long a preview or a check may run at the source.
const QUICK_QUERY: Duration = Duration::from_secs(30);

pub async fn model(pool: &Pool, model_id: Uuid) -> Result<(Model, Vec<ModelColumn>)> {
    let model = sqlx::query_as!(Model, "SELECT * FROM models WHERE id = $1", model_id).fetch_optional(pool).await?.ok_or_else(|| Error::not_found("Model"))?;
    let columns = sqlx::query_as!(
        ModelColumn,
        r#"SELECT id, model_id, reference_name, source_column, expression, display_name, type AS type_name, family, not_null, is_primary_key, hidden, description, position,
               format AS "format: Json<DisplayFormat>" FROM model_columns WHERE model_id = $1 ORDER BY position"#,
        model_id,
    )
    .fetch_all(pool)
    .await?;
    Ok((model, columns))
}

/// The project a model, view, relationship or column belongs to (for the permission check).
pub async fn project_of(pool: &Pool, kind: Owned, id: Uuid) -> Result<Uuid> {
    let project_id = match kind {
        Owned::Model => sqlx::query_scalar!("SELECT project_id FROM models WHERE id = $1", id).fetch_optional(pool).await?,
        Owned::Column => {
            sqlx::query_scalar!("SELECT m.project_id FROM model_columns c JOIN models m ON m.id = c.model_id WHERE c.id = $1", id).fetch_optional(pool).await?
        }
        Owned::Relationship => sqlx::query_scalar!("SELECT project_id FROM relationships WHERE id = $1", id).fetch_optional(pool).await?,
        Owned::View => sqlx::query_scalar!("SELECT project_id FROM views WHERE id = $1", id).fetch_optional(pool).await?,
    };
    project_id.ok_or_else(|| Error::not_found(kind.label()))
}

#[derive(Debug, Clone, Copy)]
pub enum Owned {
    Model,
    Column,
    Relationship,
    View,
}

impl Owned {
    fn label(self) -> &'static str {
        match self {
            Self::Model => "Model",
            Self::Column => "Column",
            Self::Relationship => "Relationship",
            Self::View => "View",
        }
    }
}

/// A model of one source table with the chosen columns (all when none are named).
pub async fn create_model(pool: &Pool, config: &Config, project_id: Uuid, table_key: &str, columns: &[String], primary_key: Option<&str>) -> Result<Uuid> {
    let existing = models(pool, project_id).await?;
    within_model_limit(config, existing.len() + 1)?;
    let (source_tables, single) = datasource::source_tables(pool, config, project_id).await?;
    let table = source_tables
        .iter()
        .find(|t| tables::table_key(t, single) == table_key)
        .ok_or_else(|| Error::invalid(format!("The data source has no table \"{table_key}\".")))?;
    if existing.iter().any(|(m, _)| tables::is_model_of(m, table)) {
        return Err(Error::invalid(format!("The table \"{table_key}\" already has a model.")));
    }
    let mut new = tables::model_from_table(table, single);
    if !columns.is_empty() {
        new.columns.retain(|c| c.source_column.as_ref().is_some_and(|s| columns.contains(s)));
        if let Some(missing) = columns.iter().find(|name| !table.columns.iter().any(|c| &&c.name == name)) {
            return Err(Error::invalid(format!("The table \"{table_key}\" has no column \"{missing}\".")));
        }
    }
    set_primary_key(&mut new.columns, &mut new.primary_key, primary_key)?;
    let mut tx = pool.begin().await?;
    let id = insert_model(&mut tx, project_id, &new).await?;
    tx.commit().await?;
    Ok(id)
}

/// MODEL_LIMIT_REACHED when a project would have more than the configured number of models.
pub(crate) fn within_model_limit(config: &Config, models: usize) -> Result<()> {
    match config.model_limit {
        Some(limit) if models > limit => Err(Error::of(ErrorCode::ModelLimitReached)),
        _ => Ok(()),
    }
}

/// A model of a SQL statement in the source's own dialect (one read-only query); its
/// columns are what the source says the statement returns.
pub async fn create_sql_model(pool: &Pool, config: &Config, project_id: Uuid, name: &str, sql: &str) -> Result<Uuid> {
    within_model_limit(config, models(pool, project_id).await?.len() + 1)?;
    let reference_name = super::reference_name(None, &name.trim().replace(' ', "_"));
    if name.trim().is_empty() {
        return Err(Error::invalid("Please enter a name for the model."));
    }
    let statement = sql.trim().trim_end_matches(';').trim().to_owned();
    let connector = datasource::connector(pool, config, project_id).await?;
    let source_type = connector.source_type();
    compile::guard::check_sql_model(&statement, manifest::dialect_of(source_type)).map_err(compile_error)?;
    let columns = connector.dry_run(&statement).await?;
    let new = super::NewModel {
        reference_name: reference_name.clone(),
        source_schema: None,
        source_table: None,
        source_sql: Some(statement),
        display_name: name.trim().to_owned(),
        description: None,
        primary_key: None,
        currency: None,
        columns: columns
            .iter()
            .map(|c| NewColumn {
                reference_name: super::reference_name(None, &c.name),
                source_column: Some(c.name.clone()),
                expression: None,
                display_name: c.name.clone(),
                type_name: c.type_name.clone(),
                family: c.family.as_str().to_owned(),
                not_null: false,
                is_primary_key: false,
                hidden: false,
                description: None,
                format: None,
            })
            .collect(),
    };
    let mut tx = pool.begin().await?;
    let id = insert_model(&mut tx, project_id, &new).await?;
    tx.commit().await?;
    Ok(id)
}

fn set_primary_key(columns: &mut [NewColumn], key: &mut Option<String>, chosen: Option<&str>) -> Result<()> {
    let Some(chosen) = chosen else { return Ok(()) };
    if !columns.iter().any(|c| c.reference_name == chosen && c.source_column.is_some()) {
        return Err(Error::invalid(format!("The primary key \"{chosen}\" is not one of the model's columns.")));
    }
    for c in columns.iter_mut() {
        c.is_primary_key = c.reference_name == chosen;
    }
    *key = Some(chosen.to_owned());
    Ok(())
}

/// Chooses the model's source columns again (kept columns keep their names and
/// descriptions; calculated fields stay) and its primary key.
pub async fn update_model(pool: &Pool, config: &Config, model_id: Uuid, columns: &[String], primary_key: Option<&str>) -> Result<()> {
    let (model, old) = model(pool, model_id).await?;
    if model.source_sql.is_some() {
        return Err(Error::invalid("The columns of a model built from SQL follow its statement."));
    }
    if columns.is_empty() {
        return Err(Error::invalid("Please choose at least one column."));
    }
    let (source_tables, single) = datasource::source_tables(pool, config, model.project_id).await?;
    let table =
        source_tables.iter().find(|t| tables::is_model_of(&model, t)).ok_or_else(|| Error::invalid("The model's table is no longer in the data source."))?;
    let mut fresh = tables::model_from_table(table, single);
    fresh.columns.retain(|c| c.source_column.as_ref().is_some_and(|s| columns.contains(s)));
    for c in &mut fresh.columns {
        if let Some(kept) = old.iter().find(|o| o.source_column.is_some() && o.source_column == c.source_column) {
            c.reference_name = kept.reference_name.clone();
            c.display_name = kept.display_name.clone();
            c.description = kept.description.clone();
            c.hidden = kept.hidden;
        }
    }
    let mut key = None;
    set_primary_key(&mut fresh.columns, &mut key, primary_key)?;
    let mut tx = pool.begin().await?;
    sqlx::query!("DELETE FROM model_columns WHERE model_id = $1 AND expression IS NULL", model_id).execute(&mut *tx).await?;
    for (position, c) in fresh.columns.iter().enumerate() {
        insert_column(&mut tx, model_id, c, position as i32).await?;
    }
    sqlx::query!("UPDATE model_columns SET position = position + $2 WHERE model_id = $1 AND expression IS NOT NULL", model_id, fresh.columns.len() as i32,)
        .execute(&mut *tx)
        .await?;
    sqlx::query!("UPDATE models SET primary_key = $2 WHERE id = $1", model_id, key.as_deref()).execute(&mut *tx).await?;
    // Relationships on columns that went away go with them.
    sqlx::query!(
        "DELETE FROM relationships r WHERE (r.from_model_id = $1 AND NOT EXISTS (SELECT 1 FROM model_columns c WHERE c.model_id = $1 AND c.reference_name = r.from_column))
            OR (r.to_model_id = $1 AND NOT EXISTS (SELECT 1 FROM model_columns c WHERE c.model_id = $1 AND c.reference_name = r.to_column))",
        model_id,
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Removes a model with its relationships.
pub(crate) async fn delete_model(pool: &Pool, model_id: Uuid) -> Result<()> {
    sqlx::query!("DELETE FROM models WHERE id = $1", model_id).execute(pool).await?;
    Ok(())
}

/// The tables whose rows have a display name and a description.
#[derive(Debug, Clone, Copy)]
enum Named {
    Models,
    Views,
}

/// Sets the display name and description of a row of `table` (models or views): `None`
/// keeps a value, an empty description clears it, an empty display name is refused.
async fn update_names<'e>(executor: impl sqlx::PgExecutor<'e>, table: Named, id: Uuid, display_name: Option<&str>, description: Option<&str>) -> Result<()> {
    if display_name.is_some_and(|n| n.trim().is_empty()) {
        return Err(Error::invalid("Please enter a display name."));
    }
    let display_name = display_name.map(str::trim);
    match table {
        Named::Models => {
            sqlx::query!(
                "UPDATE models SET display_name = COALESCE($2, display_name),
                 description = CASE WHEN $3::text IS NULL THEN description ELSE NULLIF($3, '') END
             WHERE id = $1",
                id,
                display_name,
                description,
            )
            .execute(executor)
            .await?
        }
        Named::Views => {
            sqlx::query!(
                "UPDATE views SET display_name = COALESCE($2, display_name),
                 description = CASE WHEN $3::text IS NULL THEN description ELSE NULLIF($3, '') END
             WHERE id = $1",
                id,
                display_name,
                description,
            )
            .execute(executor)
            .await?
        }
    };
    Ok(())
}

#[derive(Debug, Clone, Default)]
pub struct ColumnMetadata {
    pub id: Uuid,
    pub display_name: Option<String>,
    pub description: Option<String>,
    pub hidden: Option<bool>,
    /// An empty format clears the column's.
    pub format: Option<DisplayFormat>,
}

/// What the modeling page's metadata form changes; `None` leaves a value as it is.
#[derive(Debug, Clone, Default)]
pub struct ModelMetadata {
    pub display_name: Option<String>,
    /// An empty text clears the description.
    pub description: Option<String>,
    /// An ISO 4217 code; an empty text clears it.
    pub currency: Option<String>,
    pub columns: Vec<ColumnMetadata>,
}

/// Display names, descriptions and formats of a model and its columns; columns can be hidden
/// from the question engines.
pub(crate) async fn update_model_metadata(pool: &Pool, model_id: Uuid, metadata: &ModelMetadata) -> Result<()> {
    let currency = metadata.currency.as_deref().map(|c| c.trim().to_uppercase());
    if let Some(code) = currency.as_deref().filter(|c| !c.is_empty())
        && let Some(problem) = (DisplayFormat { currency: Some(code.to_owned()), ..DisplayFormat::default() }).problem()
    {
        return Err(Error::invalid(problem));
    }
    for format in metadata.columns.iter().filter_map(|c| c.format.as_ref()) {
        if let Some(problem) = format.problem() {
            return Err(Error::invalid(problem));
        }
    }
    let mut tx = pool.begin().await?;
    update_names(&mut *tx, Named::Models, model_id, metadata.display_name.as_deref(), metadata.description.as_deref()).await?;
    if let Some(currency) = currency {
        sqlx::query!("UPDATE models SET currency = NULLIF($2, '') WHERE id = $1", model_id, currency).execute(&mut *tx).await?;
    }
    for c in &metadata.columns {
        let format = c.format.as_ref().map(|f| if f.is_empty() { serde_json::Value::Null } else { serde_json::json!(f) });
        let updated = sqlx::query!(
            "UPDATE model_columns SET display_name = COALESCE(NULLIF(TRIM($3), ''), display_name),
                 description = CASE WHEN $4::text IS NULL THEN description ELSE NULLIF($4, '') END,
                 hidden = COALESCE($5, hidden),
                 format = CASE WHEN $6::jsonb IS NULL THEN format ELSE NULLIF($6::jsonb, 'null'::jsonb) END
             WHERE id = $1 AND model_id = $2",
            c.id,
            model_id,
            c.display_name.as_deref(),
            c.description.as_deref(),
            c.hidden,
            format,
        )
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() == 0 {
            return Err(Error::not_found("Column"));
        }
    }
    tx.commit().await?;
    Ok(())
}

/// Adds a calculated field after checking it compiles and runs on the source; its type is
/// what the source says the expression returns. INVALID_CALCULATED_FIELD says why not.
pub async fn create_calculated_field(pool: &Pool, config: &Config, model_id: Uuid, name: &str, expression: &str) -> Result<Uuid> {
    let (model, columns) = model(pool, model_id).await?;
    let name = field_name(name)?;
    let checked = check_field(pool, config, &model, None, &name, expression).await?;
    let mut tx = pool.begin().await?;
    let field = NewColumn {
        reference_name: name.clone(),
        source_column: None,
        expression: Some(expression.trim().to_owned()),
        display_name: name.clone(),
        family: checked.family.as_str().to_owned(),
        type_name: checked.type_name,
        not_null: false,
        is_primary_key: false,
        hidden: false,
        description: None,
        format: None,
    };
    let id = insert_column(&mut tx, model_id, &field, columns.len() as i32).await?;
    tx.commit().await?;
    Ok(id)
}

pub async fn update_calculated_field(pool: &Pool, config: &Config, column_id: Uuid, name: &str, expression: &str) -> Result<()> {
    let model_id: Uuid = sqlx::query_scalar!("SELECT model_id FROM model_columns WHERE id = $1 AND expression IS NOT NULL", column_id,)
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| Error::not_found("Calculated field"))?;
    let (model, _) = model(pool, model_id).await?;
    let name = field_name(name)?;
    let checked = check_field(pool, config, &model, Some(column_id), &name, expression).await?;
    sqlx::query!(
        "UPDATE model_columns SET reference_name = $2, display_name = CASE WHEN display_name = reference_name THEN $2 ELSE display_name END,
             expression = $3, type = $4, family = $5 WHERE id = $1",
        column_id,
        &name,
        expression.trim(),
        &checked.type_name,
        checked.family.as_str(),
    )
    .execute(pool)
    .await
    .map_err(|e| Error::unique_violation(e, "model_columns_model_reference_key", || format!("A column named \"{name}\" already exists.")))?;
    Ok(())
}

pub(crate) async fn delete_calculated_field(pool: &Pool, column_id: Uuid) -> Result<()> {
    let deleted = sqlx::query!("DELETE FROM model_columns WHERE id = $1 AND expression IS NOT NULL", column_id).execute(pool).await?;
    if deleted.rows_affected() == 0 {
        return Err(Error::not_found("Calculated field"));
    }
    Ok(())
}

fn field_name(name: &str) -> Result<String> {
    let name = name.trim();
    let valid = !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_') && !name.starts_with(|c: char| c.is_ascii_digit());
    if !valid {
        return Err(invalid_field("the name must be letters, digits and underscores, not starting with a digit"));
    }
    Ok(name.to_owned())
}

fn invalid_field(reason: impl std::fmt::Display) -> Error {
    Error::new(ErrorCode::InvalidCalculatedField, format!("Invalid calculated field: {reason}."))
}

/// Checks a calculated field (replacing `replacing` when editing one) and returns the
/// source's type and family for it.
async fn check_field(pool: &Pool, config: &Config, model: &Model, replacing: Option<Uuid>, name: &str, expression: &str) -> Result<ResultColumn> {
    if expression.trim().is_empty() {
        return Err(invalid_field("please enter an expression"));
    }
    let mut manifest = manifest::of_project(pool, model.project_id).await?;
    let replaced = match replacing {
        Some(id) => Some(sqlx::query_scalar!("SELECT reference_name FROM model_columns WHERE id = $1", id).fetch_one(pool).await?),
        None => None,
    };
    let target = manifest.models.iter_mut().find(|m| m.name == model.reference_name).ok_or_else(|| Error::not_found("Model"))?;
    target.columns.retain(|c| Some(&c.name) != replaced.as_ref());
    if target.column(name).is_some() {
        return Err(invalid_field(format!("the model already has a column named \"{name}\"")));
    }
    target.columns.push(mdl::Column::calculated(name, "", expression.trim()));
    let connector = datasource::connector(pool, config, model.project_id).await?;
    let dialect = manifest::dialect_of(connector.source_type());
    let target = manifest.model(&model.reference_name).expect("just edited");
    compile::check_calculated_field(&manifest, dialect, target, expression.trim()).map_err(field_reason)?;
    let sql =
        compile::compile(&manifest, &format!("SELECT {} FROM {}", dialect.quote(name), dialect.quote(&model.reference_name)), dialect).map_err(field_reason)?;
    let columns = connector.dry_run(&sql).await.map_err(|e| invalid_field(format!("the data source refused it: {e}")))?;
    columns.into_iter().next().ok_or_else(|| invalid_field("the data source returned no column for it"))
}

fn field_reason(error: CompileError) -> Error {
    match error {
        CompileError::InvalidField(reason) | CompileError::Syntax(reason) | CompileError::Unsafe(reason) => invalid_field(reason),
        other => invalid_field(other),
    }
}

/// Adds one relationship between two model columns.
pub(crate) async fn create_relationship(pool: &Pool, project_id: Uuid, relation: &NewRelation) -> Result<Relationship> {
    let existing = super::relationships(pool, project_id).await?;
    let same = |r: &Relationship| {
        r.from_model == relation.from_model && r.from_column == relation.from_column && r.to_model == relation.to_model && r.to_column == relation.to_column
    };
    if existing.iter().any(same) {
        return Err(Error::invalid("These columns are already related."));
    }
    let models = models(pool, project_id).await?;
    let from = super::model_with_column(&models, &relation.from_model, &relation.from_column)?;
    let to = super::model_with_column(&models, &relation.to_model, &relation.to_column)?;
    let mut tx = pool.begin().await?;
    super::insert_relationship(&mut tx, project_id, from, to, relation).await?;
    tx.commit().await?;
    super::relationships(pool, project_id).await?.into_iter().find(same).ok_or_else(|| Error::internal("the relationship just saved is missing"))
}

pub(crate) async fn update_relationship(pool: &Pool, relationship_id: Uuid, relation_type: RelationType) -> Result<()> {
    let updated = sqlx::query!("UPDATE relationships SET type = $2 WHERE id = $1", relationship_id, relation_type as _).execute(pool).await?;
    if updated.rows_affected() == 0 {
        return Err(Error::not_found("Relationship"));
    }
    Ok(())
}

pub(crate) async fn delete_relationship(pool: &Pool, relationship_id: Uuid) -> Result<()> {
    sqlx::query!("DELETE FROM relationships WHERE id = $1", relationship_id).execute(pool).await?;
    Ok(())
}

#[derive(Debug, Clone)]
pub struct View {
    pub id: Uuid,
    pub project_id: Uuid,
    pub name: String,
    pub statement: String,
    pub display_name: String,
    pub description: Option<String>,
}

pub(crate) async fn views(pool: &Pool, project_id: Uuid) -> Result<Vec<View>> {
    Ok(sqlx::query_as!(View, "SELECT id, project_id, name, statement, display_name, description FROM views WHERE project_id = $1 ORDER BY name", project_id,)
        .fetch_all(pool)
        .await?)
}

pub async fn view(pool: &Pool, view_id: Uuid) -> Result<View> {
    sqlx::query_as!(View, "SELECT id, project_id, name, statement, display_name, description FROM views WHERE id = $1", view_id,)
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| Error::not_found("View"))
}

/// Saves a named query over the models as a view, after checking it compiles and the source
/// accepts it.
pub async fn create_view(pool: &Pool, config: &Config, project_id: Uuid, display_name: &str, statement: &str) -> Result<View> {
    let display_name = display_name.trim();
    if display_name.is_empty() {
        return Err(Error::invalid("Please enter a name for the view."));
    }
    let name = super::reference_name(None, &display_name.to_lowercase().replace(' ', "_"));
    let statement = statement.trim().trim_end_matches(';').trim().to_owned();
    let mut manifest = manifest::of_project(pool, project_id).await?;
    if manifest.model(&name).is_some() || manifest.view(&name).is_some() {
        return Err(Error::invalid(format!("A model or view named \"{name}\" already exists.")));
    }
    manifest.views.push(mdl::View { name: name.clone(), statement: statement.clone(), properties: mdl::Properties::default() });
    let connector = datasource::connector(pool, config, project_id).await?;
    let dialect = manifest::dialect_of(connector.source_type());
    let sql = compile::compile(&manifest, &format!("SELECT * FROM {}", dialect.quote(&name)), dialect).map_err(compile_error)?;
    connector.dry_run(&sql).await?;
    let id = Uuid::new_v4();
    sqlx::query!(
        "INSERT INTO views (id, project_id, name, statement, display_name) VALUES ($1, $2, $3, $4, $5)",
        id,
        project_id,
        &name,
        &statement,
        display_name,
    )
    .execute(pool)
    .await
    .map_err(|e| Error::unique_violation(e, "views_project_name_key", || format!("A view named \"{name}\" already exists.")))?;
    view(pool, id).await
}

pub(crate) async fn update_view_metadata(pool: &Pool, view_id: Uuid, display_name: Option<&str>, description: Option<&str>) -> Result<()> {
    update_names(pool, Named::Views, view_id, display_name, description).await
}

pub(crate) async fn delete_view(pool: &Pool, view_id: Uuid) -> Result<()> {
    sqlx::query!("DELETE FROM views WHERE id = $1", view_id).execute(pool).await?;
    Ok(())
}

pub(crate) async fn metrics(pool: &Pool, project_id: Uuid) -> Result<Vec<mdl::Metric>> {
    let rows = sqlx::query_scalar!(
        r#"SELECT definition AS "definition: sqlx::types::Json<mdl::Metric>" FROM metrics WHERE project_id = $1 ORDER BY name"#,
        project_id,
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|json| json.0).collect())
}

/// The SQL a model or view runs as on the source ("view SQL").
pub(crate) async fn compiled_sql(pool: &Pool, project_id: Uuid, name: &str) -> Result<String> {
    let manifest = manifest::of_project(pool, project_id).await?;
    let dialect = manifest::dialect_of(datasource::connector_type(pool, project_id).await?);
    compile::compile(&manifest, &format!("SELECT * FROM {}", dialect.quote(name)), dialect).map_err(compile_error)
}

/// The first `limit` rows of a model or view, as `asker` may read them (nobody without one).
pub async fn preview(pool: &Pool, config: &Config, project_id: Uuid, name: &str, limit: usize, asker: Option<Uuid>) -> Result<QueryResult> {
    let manifest = manifest::of_project(pool, project_id).await?;
    let connector = datasource::connector(pool, config, project_id).await?;
    let dialect = manifest::dialect_of(connector.source_type());
    let viewer = crate::data_security::viewer_for(pool, project_id, asker).await?;
    let sql = preview_sql(&manifest, &viewer, dialect, name)?;
    Ok(connector.query(&sql, QueryOptions::new(limit.clamp(1, 500), QUICK_QUERY)).await?)
}

fn preview_sql(manifest: &Manifest, viewer: &quarry_engine::compile::security::Viewer, dialect: Dialect, name: &str) -> Result<String> {
    // A model's own columns and fields (relationship columns are not values).
    let columns: Vec<String> = match manifest.model(name) {
        Some(model) => model.columns.iter().filter(|c| !matches!(c.kind, mdl::ColumnKind::Relationship { .. })).map(|c| dialect.quote(&c.name)).collect(),
        None => vec!["*".to_owned()],
    };
    compile::compile_as(manifest, viewer, &format!("SELECT {} FROM {}", columns.join(", "), dialect.quote(name)), dialect).map_err(compile_error)
}

pub fn compile_error(error: CompileError) -> Error {
    match error {
        // Says nothing of what is restricted, or why.
        CompileError::Restricted => Error::invalid("Restricted by policy"),
        error => Error::invalid(format!("The SQL cannot be used: {error}.")),
    }
}
