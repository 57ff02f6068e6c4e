//! Models and relationships as saved at setup: SaveRelations and the read side.

use super::context::{self, parse_id};
use crate::error::ApiResult;
use async_graphql::{Context, ID, InputObject, Object, SimpleObject};
use quarry_domain::{
    datasource::tables,
    modeling::{self, Model, ModelColumn, NewRelation, RelationType, Relationship},
    permissions::Operation,
};

pub struct ModelGql {
    model: Model,
    columns: Vec<ModelColumn>,
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
    description: Option<String>,
}

#[Object(name = "Model")]
impl ModelGql {
    async fn id(&self) -> ID {
        ID(self.model.id.to_string())
    }
    async fn reference_name(&self) -> &str {
        &self.model.reference_name
    }
    /// The table behind the model, schema-qualified when the source has schemas.
    async fn source_table_name(&self) -> String {
        match &self.model.source_schema {
            Some(schema) => format!("{schema}.{}", self.model.source_table),
            None => self.model.source_table.clone(),
        }
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
                description: c.description.clone(),
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

pub async fn models_of(ctx: &Context<'_>, project_id: uuid::Uuid) -> ApiResult<Vec<ModelGql>> {
    let models = modeling::models(&context::state(ctx).pool, project_id).await?;
    Ok(models.into_iter().map(|(model, columns)| ModelGql { model, columns }).collect())
}

#[derive(Default)]
pub struct ModelingQuery;

#[Object]
impl ModelingQuery {
    async fn models(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<ModelGql>> {
        let id = parse_id(&project_id)?;
        context::in_project(ctx, Operation::ReadModels, id).await?;
        models_of(ctx, id).await
    }

    async fn relationships(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<RelationshipGql>> {
        let id = parse_id(&project_id)?;
        context::in_project(ctx, Operation::ReadModels, id).await?;
        let rels = modeling::relationships(&context::state(ctx).pool, id).await?;
        Ok(rels.into_iter().map(Into::into).collect())
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
        Self {
            from_model: r.from_model,
            from_column: r.from_column,
            to_model: r.to_model,
            to_column: r.to_column,
            relation_type: r.r#type,
        }
    }
}

#[derive(Default)]
pub struct ModelingMutation;

#[Object]
impl ModelingMutation {
    /// Saves the relationships chosen at setup (replacing earlier ones) and finishes onboarding.
    async fn save_relations(&self, ctx: &Context<'_>, project_id: ID, relations: Vec<RelationInput>) -> ApiResult<Vec<RelationshipGql>> {
        let id = parse_id(&project_id)?;
        context::in_project(ctx, Operation::SaveModels, id).await?;
        let relations: Vec<NewRelation> = relations.into_iter().map(Into::into).collect();
        let saved = modeling::save_relations(&context::state(ctx).pool, id, &relations).await?;
        Ok(saved.into_iter().map(Into::into).collect())
    }
}
