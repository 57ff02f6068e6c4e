//! The modeling page's mutations (PRODUCT.md §7 "Modeling and data"). The owner creates and
//! deletes; the owner and contributors update (§6).

use super::{RelationInput, RelationshipGql, ViewGql};
use crate::graphql::asking::ColumnFormatGql;
use crate::{
    error::ApiResult,
    graphql::context::{self, parse_id},
};
use async_graphql::{Context, ID, InputObject, Object};
use quarry_domain::{
    db::Pool,
    modeling::{
        NewRelation, RelationType,
        edit::{ColumnMetadata, ModelMetadata},
        use_case,
    },
    on_worker::{self, NewModel},
    services::Services,
};

#[derive(InputObject)]
pub struct CreateModelInput {
    pub project_id: ID,
    /// The table as `listDataSourceTables` names it; or give `sourceSql` and `name`.
    pub source_table_name: Option<String>,
    /// A query in the source's own SQL whose rows the model holds.
    pub source_sql: Option<String>,
    /// The name of a model of SQL.
    pub name: Option<String>,
    /// Source column names to include; all when empty.
    #[graphql(default)]
    pub fields: Vec<String>,
    pub primary_key: Option<String>,
}

#[derive(InputObject)]
pub struct UpdateModelInput {
    pub fields: Vec<String>,
    pub primary_key: Option<String>,
}

#[derive(InputObject)]
pub struct ColumnMetadataInput {
    pub id: ID,
    pub display_name: Option<String>,
    pub description: Option<String>,
    pub hidden: Option<bool>,
    /// How the column's values read in answers; an empty format clears it.
    pub format: Option<ColumnFormatGql>,
}

#[derive(InputObject)]
pub struct UpdateModelMetadataInput {
    pub display_name: Option<String>,
    /// An empty text clears the description.
    pub description: Option<String>,
    /// The ISO 4217 code of the model's money columns without one; an empty text clears it.
    pub currency: Option<String>,
    #[graphql(default)]
    pub columns: Vec<ColumnMetadataInput>,
}

#[derive(InputObject)]
pub struct CalculatedFieldInput {
    pub name: String,
    /// Over the model's columns and, through a relationship column, the related model's
    /// (`SUM(orders.amount)`).
    pub expression: String,
}

#[derive(InputObject)]
pub struct CreateViewInput {
    pub project_id: ID,
    pub name: String,
    /// A query over models and views.
    pub sql: String,
}

#[derive(InputObject)]
pub struct UpdateViewMetadataInput {
    pub display_name: Option<String>,
    pub description: Option<String>,
}

fn pool<'a>(ctx: &Context<'a>) -> &'a Pool {
    &context::state(ctx).pool
}

fn services<'a>(ctx: &Context<'a>) -> &'a Services {
    &context::state(ctx).services
}

#[derive(Default)]
pub struct ModelingEditMutation;

#[Object]
impl ModelingEditMutation {
    /// Adds a model of one source table, or of a SQL statement. MODEL_LIMIT_REACHED when the
    /// configured limit is hit.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn create_model(&self, ctx: &Context<'_>, data: CreateModelInput) -> ApiResult<ID> {
        let project_id = parse_id(&data.project_id)?;
        let model = NewModel {
            source_table: data.source_table_name,
            source_sql: data.source_sql,
            name: data.name,
            columns: data.fields,
            primary_key: data.primary_key,
        };
        let id = on_worker::create_model(services(ctx), &context::acting(ctx)?, project_id, model).await?;
        Ok(ID(id.to_string()))
    }

    /// Chooses the model's columns again and its primary key.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn update_model(&self, ctx: &Context<'_>, model_id: ID, data: UpdateModelInput) -> ApiResult<bool> {
        on_worker::update_model(services(ctx), &context::acting(ctx)?, parse_id(&model_id)?, &data.fields, data.primary_key.as_deref()).await?;
        Ok(true)
    }

    /// Removes a model with its relationships.
    async fn delete_model(&self, ctx: &Context<'_>, model_id: ID) -> ApiResult<bool> {
        use_case::delete_model(pool(ctx), &context::acting(ctx)?, parse_id(&model_id)?).await?;
        Ok(true)
    }

    /// Display names, descriptions and hidden flags of a model and its columns.
    async fn update_model_metadata(&self, ctx: &Context<'_>, model_id: ID, data: UpdateModelMetadataInput) -> ApiResult<bool> {
        let model_id = parse_id(&model_id)?;
        let columns = data
            .columns
            .into_iter()
            .map(|c| {
                Ok(ColumnMetadata {
                    id: parse_id(&c.id)?,
                    display_name: c.display_name,
                    description: c.description,
                    hidden: c.hidden,
                    format: c.format.map(ColumnFormatGql::into_format),
                })
            })
            .collect::<ApiResult<Vec<_>>>()?;
        let metadata = ModelMetadata { display_name: data.display_name, description: data.description, currency: data.currency, columns };
        use_case::update_model_metadata(pool(ctx), &context::acting(ctx)?, model_id, &metadata).await?;
        Ok(true)
    }

    /// Adds a calculated field; INVALID_CALCULATED_FIELD says why one cannot be used.
    async fn create_calculated_field(&self, ctx: &Context<'_>, model_id: ID, data: CalculatedFieldInput) -> ApiResult<ID> {
        let id = on_worker::create_calculated_field(services(ctx), &context::acting(ctx)?, parse_id(&model_id)?, &data.name, &data.expression).await?;
        Ok(ID(id.to_string()))
    }

    async fn update_calculated_field(&self, ctx: &Context<'_>, column_id: ID, data: CalculatedFieldInput) -> ApiResult<bool> {
        on_worker::update_calculated_field(services(ctx), &context::acting(ctx)?, parse_id(&column_id)?, &data.name, &data.expression).await?;
        Ok(true)
    }

    async fn delete_calculated_field(&self, ctx: &Context<'_>, column_id: ID) -> ApiResult<bool> {
        use_case::delete_calculated_field(pool(ctx), &context::acting(ctx)?, parse_id(&column_id)?).await?;
        Ok(true)
    }

    async fn create_relationship(&self, ctx: &Context<'_>, project_id: ID, data: RelationInput) -> ApiResult<RelationshipGql> {
        let id = parse_id(&project_id)?;
        Ok(use_case::create_relationship(pool(ctx), &context::acting(ctx)?, id, &NewRelation::from(data)).await?.into())
    }

    /// Changes a relationship's cardinality.
    async fn update_relationship(&self, ctx: &Context<'_>, relationship_id: ID, r#type: RelationType) -> ApiResult<bool> {
        use_case::update_relationship(pool(ctx), &context::acting(ctx)?, parse_id(&relationship_id)?, r#type).await?;
        Ok(true)
    }

    async fn delete_relationship(&self, ctx: &Context<'_>, relationship_id: ID) -> ApiResult<bool> {
        use_case::delete_relationship(pool(ctx), &context::acting(ctx)?, parse_id(&relationship_id)?).await?;
        Ok(true)
    }

    /// Saves a query over the models as a view (checked on the source first).
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn create_view(&self, ctx: &Context<'_>, data: CreateViewInput) -> ApiResult<ViewGql> {
        let project_id = parse_id(&data.project_id)?;
        Ok(on_worker::create_view(services(ctx), &context::acting(ctx)?, project_id, &data.name, &data.sql).await?.into())
    }

    async fn update_view_metadata(&self, ctx: &Context<'_>, view_id: ID, data: UpdateViewMetadataInput) -> ApiResult<bool> {
        let (display_name, description) = (data.display_name.as_deref(), data.description.as_deref());
        use_case::update_view_metadata(pool(ctx), &context::acting(ctx)?, parse_id(&view_id)?, display_name, description).await?;
        Ok(true)
    }

    /// Replaces the project's models, relationships, views and metrics with a versioned MDL
    /// document (as `exportMdl` writes); returns the number of models.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn import_mdl(&self, ctx: &Context<'_>, project_id: ID, mdl: String) -> ApiResult<i32> {
        let id = parse_id(&project_id)?;
        let state = context::state(ctx);
        Ok(use_case::import_mdl(&state.pool, &state.config, &context::acting(ctx)?, id, &mdl).await? as i32)
    }

    async fn delete_view(&self, ctx: &Context<'_>, view_id: ID) -> ApiResult<bool> {
        use_case::delete_view(pool(ctx), &context::acting(ctx)?, parse_id(&view_id)?).await?;
        Ok(true)
    }
}
