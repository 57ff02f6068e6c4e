//! The semantic model: models, columns, calculated fields, relationships and views (read
//! side and SaveRelations here), the modeling page's edits ([`mutations`]) and deploy ([`deploy`]).

mod deploy;
mod mutations;

pub use deploy::{DeployMutation, DeployQuery};
pub use mutations::ModelingEditMutation;

use super::{
    asking::ColumnFormatGql,
    context::{self, parse_id},
};
use crate::error::ApiResult;
use async_graphql::{Context, ID, InputObject, Json, Object, SimpleObject};
use quarry_domain::{
    datasource::tables,
    knowledge::terms,
    modeling::{Model, ModelColumn, NewRelation, RelationType, Relationship, edit, use_case},
};
use quarry_engine::mdl::{Term, TermSource};
use std::sync::Arc;

pub struct ModelGql {
    model: Model,
    columns: Vec<ModelColumn>,
    /// The project's vocabulary, read once for all its models when terms are asked for.
    vocabulary: Arc<Vocabulary>,
}

type Vocabulary = Vec<(String, Option<String>, Vec<Term>)>;

/// A word or phrase questions may use for a model or column, and where it came from.
#[derive(SimpleObject)]
#[graphql(name = "Term")]
struct TermGql {
    text: String,
    /// NAME (the name's words), ABBREVIATION (its short forms expanded) or TAUGHT.
    source: TermSource,
}

fn terms_in(vocabulary: &Vocabulary, model: &str, column: Option<&str>) -> Vec<TermGql> {
    vocabulary
        .iter()
        .find(|(m, c, _)| m.eq_ignore_ascii_case(model) && c.as_deref().map(str::to_lowercase) == column.map(str::to_lowercase))
        .map(|(_, _, terms)| terms.iter().map(|t| TermGql { text: t.text.clone(), source: t.source }).collect())
        .unwrap_or_default()
}

#[derive(SimpleObject)]
#[graphql(name = "ModelColumn")]
struct ModelColumnGql {
    id: ID,
    reference_name: String,
    display_name: String,
    r#type: String,
    /// The column type family of PRODUCT.md §3.
    family: quarry_engine::ColumnTypeFamily,
    not_null: bool,
    is_primary_key: bool,
    /// Left out of what the question engines see.
    hidden: bool,
    /// The source column; empty for a calculated field.
    source_column_name: Option<String>,
    /// A calculated field's expression.
    expression: Option<String>,
    is_calculated: bool,
    description: Option<String>,
    /// What questions may call the column, as the deployed models and the project's taught
    /// terms say (empty until it is deployed, and for hidden columns).
    terms: Vec<TermGql>,
    /// How its values read in answers; empty: from the values themselves.
    format: Option<ColumnFormatGql>,
}

#[Object(name = "Model")]
impl ModelGql {
    async fn id(&self) -> ID {
        ID(self.model.id.to_string())
    }
    async fn reference_name(&self) -> &str {
        &self.model.reference_name
    }
    /// The table behind the model, schema-qualified when the source has schemas; empty for
    /// a model of a SQL statement.
    async fn source_table_name(&self) -> Option<String> {
        let table = self.model.source_table.as_ref()?;
        Some(match &self.model.source_schema {
            Some(schema) => format!("{schema}.{table}"),
            None => table.clone(),
        })
    }
    /// The statement behind a model of SQL.
    async fn source_sql(&self) -> Option<&str> {
        self.model.source_sql.as_deref()
    }
    async fn display_name(&self) -> &str {
        &self.model.display_name
    }
    async fn description(&self) -> Option<&str> {
        self.model.description.as_deref()
    }
    async fn primary_key(&self) -> Option<&str> {
        self.model.primary_key.as_deref()
    }
    /// The ISO 4217 code of its money columns that have none of their own.
    async fn currency(&self) -> Option<&str> {
        self.model.currency.as_deref()
    }
    /// What questions may call the model, as the deployed models and the project's taught
    /// terms say (empty until it is deployed).
    async fn terms(&self) -> Vec<TermGql> {
        terms_in(&self.vocabulary, &self.model.reference_name, None)
    }
    async fn columns(&self) -> Vec<ModelColumnGql> {
        self.columns
            .iter()
            .map(|c| ModelColumnGql {
                id: ID(c.id.to_string()),
                reference_name: c.reference_name.clone(),
                display_name: c.display_name.clone(),
                r#type: c.type_name.clone(),
                family: tables::family_of(&c.family),
                not_null: c.not_null,
                is_primary_key: c.is_primary_key,
                hidden: c.hidden,
                source_column_name: c.source_column.clone(),
                expression: c.expression.clone(),
                is_calculated: c.is_calculated(),
                description: c.description.clone(),
                terms: terms_in(&self.vocabulary, &self.model.reference_name, Some(&c.reference_name)),
                format: c.format.as_ref().map(|f| ColumnFormatGql::from(&f.0)),
            })
            .collect()
    }
}

#[derive(SimpleObject)]
#[graphql(name = "Relationship")]
pub struct RelationshipGql {
    id: ID,
    name: String,
    from_model: String,
    from_column: String,
    to_model: String,
    to_column: String,
    r#type: RelationType,
}

impl From<Relationship> for RelationshipGql {
    fn from(r: Relationship) -> Self {
        Self {
            id: ID(r.id.to_string()),
            name: r.name,
            from_model: r.from_model,
            from_column: r.from_column,
            to_model: r.to_model,
            to_column: r.to_column,
            r#type: r.relation_type,
        }
    }
}

/// The project's models for the signed-in caller (ReadModels), with the terms the query asks for.
pub async fn models_of(ctx: &Context<'_>, project_id: uuid::Uuid) -> ApiResult<Vec<ModelGql>> {
    let pool = &context::state(ctx).pool;
    let models = use_case::models(pool, &context::acting(ctx)?, project_id).await?;
    let asked = ctx.look_ahead();
    let vocabulary = if asked.field("terms").exists() || asked.field("columns").field("terms").exists() {
        Arc::new(terms::vocabulary(pool, project_id).await?)
    } else {
        Arc::default()
    };
    Ok(models.into_iter().map(|(model, columns)| ModelGql { model, columns, vocabulary: vocabulary.clone() }).collect())
}

#[derive(Default)]
pub struct ModelingQuery;

#[Object]
impl ModelingQuery {
    async fn models(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<ModelGql>> {
        models_of(ctx, parse_id(&project_id)?).await
    }

    async fn relationships(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<RelationshipGql>> {
        let id = parse_id(&project_id)?;
        let rels = use_case::relationships(&context::state(ctx).pool, &context::acting(ctx)?, id).await?;
        Ok(rels.into_iter().map(Into::into).collect())
    }

    /// The project's views: named queries over the models.
    async fn views(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<ViewGql>> {
        let id = parse_id(&project_id)?;
        Ok(use_case::views(&context::state(ctx).pool, &context::acting(ctx)?, id).await?.into_iter().map(Into::into).collect())
    }

    /// The SQL a model runs as on the data source ("view SQL").
    async fn model_sql(&self, ctx: &Context<'_>, model_id: ID) -> ApiResult<String> {
        Ok(use_case::model_sql(&context::state(ctx).pool, &context::acting(ctx)?, parse_id(&model_id)?).await?)
    }

    /// The SQL a view runs as on the data source.
    async fn view_sql(&self, ctx: &Context<'_>, view_id: ID) -> ApiResult<String> {
        Ok(use_case::view_sql(&context::state(ctx).pool, &context::acting(ctx)?, parse_id(&view_id)?).await?)
    }

    /// The first rows of a model (at most 500).
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn preview_model_data(&self, ctx: &Context<'_>, model_id: ID, limit: Option<i32>) -> ApiResult<PreviewData> {
        let result = use_case::preview_model(&context::state(ctx).services, &context::acting(ctx)?, parse_id(&model_id)?, preview_limit(limit)).await?;
        Ok(result.into())
    }

    /// The first rows of a view (at most 500).
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn preview_view_data(&self, ctx: &Context<'_>, view_id: ID, limit: Option<i32>) -> ApiResult<PreviewData> {
        let result = use_case::preview_view(&context::state(ctx).services, &context::acting(ctx)?, parse_id(&view_id)?, preview_limit(limit)).await?;
        Ok(result.into())
    }

    /// The project's metrics: measures over a base model by dimensions and time grains.
    async fn metrics(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<MetricGql>> {
        let id = parse_id(&project_id)?;
        let names = |cols: &[quarry_engine::mdl::Column]| cols.iter().map(|c| c.name.clone()).collect();
        Ok(use_case::metrics(&context::state(ctx).pool, &context::acting(ctx)?, id)
            .await?
            .into_iter()
            .map(|m| MetricGql {
                dimensions: names(&m.dimensions),
                measures: names(&m.measures),
                time_grains: m.time_grains.iter().map(|g| g.name.clone()).collect(),
                display_name: m.properties.display_name.clone().unwrap_or_else(|| m.name.clone()),
                name: m.name,
                base_object: m.base_object,
            })
            .collect())
    }

    /// The project's semantic model as versioned MDL JSON.
    async fn export_mdl(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<String> {
        let id = parse_id(&project_id)?;
        Ok(use_case::export_mdl(&context::state(ctx).pool, &context::acting(ctx)?, id).await?)
    }
}

/// At most 500 rows, 100 unless asked.
fn preview_limit(limit: Option<i32>) -> usize {
    limit.unwrap_or(100).clamp(1, 500) as usize
}

impl From<quarry_engine::QueryResult> for PreviewData {
    fn from(result: quarry_engine::QueryResult) -> Self {
        Self { columns: result.columns.into_iter().map(|c| PreviewColumn { name: c.name, r#type: c.type_name }).collect(), rows: Json(result.rows) }
    }
}

#[derive(SimpleObject)]
pub struct PreviewColumn {
    name: String,
    r#type: String,
}

/// Rows as JSON arrays, one value per column.
#[derive(SimpleObject)]
pub struct PreviewData {
    columns: Vec<PreviewColumn>,
    rows: Json<Vec<Vec<serde_json::Value>>>,
}

#[derive(SimpleObject)]
#[graphql(name = "Metric")]
pub struct MetricGql {
    name: String,
    display_name: String,
    /// The model the measures aggregate.
    base_object: String,
    dimensions: Vec<String>,
    measures: Vec<String>,
    time_grains: Vec<String>,
}

#[derive(SimpleObject)]
#[graphql(name = "View")]
pub struct ViewGql {
    id: ID,
    name: String,
    display_name: String,
    description: Option<String>,
    statement: String,
}

impl From<edit::View> for ViewGql {
    fn from(v: edit::View) -> Self {
        Self { id: ID(v.id.to_string()), name: v.name, display_name: v.display_name, description: v.description, statement: v.statement }
    }
}

#[derive(InputObject)]
pub struct RelationInput {
    pub from_model: String,
    pub from_column: String,
    pub to_model: String,
    pub to_column: String,
    pub r#type: RelationType,
}

impl From<RelationInput> for NewRelation {
    fn from(r: RelationInput) -> Self {
        Self { from_model: r.from_model, from_column: r.from_column, to_model: r.to_model, to_column: r.to_column, relation_type: r.r#type }
    }
}

#[derive(Default)]
pub struct ModelingMutation;

#[Object]
impl ModelingMutation {
    /// Saves the relationships chosen at setup (replacing earlier ones) and finishes onboarding.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn save_relations(&self, ctx: &Context<'_>, project_id: ID, relations: Vec<RelationInput>) -> ApiResult<Vec<RelationshipGql>> {
        let id = parse_id(&project_id)?;
        let relations: Vec<NewRelation> = relations.into_iter().map(Into::into).collect();
        let saved = use_case::save_relations(&context::state(ctx).services, &context::acting(ctx)?, id, &relations).await?;
        Ok(saved.into_iter().map(Into::into).collect())
    }
}
