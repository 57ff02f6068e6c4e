//! The modeling page's operations people start, each as someone acting: the account's
//! rights are asked of the permission matrix in the project the model, column, relationship
//! or view belongs to (ReadModels to read; SaveModels to create and delete; UpdateModels to
//! change), then the unchecked step of [`super::edit`] runs. Changes that run at the source
//! go through [`crate::on_worker`], which asks the same way.

use super::{
    Model, ModelColumn, NewRelation, RelationType, Relationship,
    edit::{self, ModelMetadata, Owned, View},
    manifest,
};
use crate::{access::Acting, config::Config, db::Pool, error::Result, on_worker, permissions::Operation, services::Services};
use quarry_engine::{QueryResult, mdl};
use uuid::Uuid;

/// The project `id` (a model, column, relationship or view) belongs to, once `acting` may
/// perform `op` there. An unknown id is NOT_FOUND under its own name.
pub(crate) async fn owning_project(pool: &Pool, acting: &Acting, op: Operation, kind: Owned, id: Uuid) -> Result<Uuid> {
    let project_id = edit::project_of(pool, kind, id).await?;
    acting.may(pool, op, project_id).await?;
    Ok(project_id)
}

/// The project's models with their columns.
pub async fn models(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Vec<(Model, Vec<ModelColumn>)>> {
    acting.may(pool, Operation::ReadModels, project_id).await?;
    super::models(pool, project_id).await
}

pub async fn relationships(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Vec<Relationship>> {
    acting.may(pool, Operation::ReadModels, project_id).await?;
    super::relationships(pool, project_id).await
}

/// The project's views: named queries over the models.
pub async fn views(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Vec<View>> {
    acting.may(pool, Operation::ReadModels, project_id).await?;
    edit::views(pool, project_id).await
}

pub async fn metrics(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Vec<mdl::Metric>> {
    acting.may(pool, Operation::ReadModels, project_id).await?;
    edit::metrics(pool, project_id).await
}

/// The project's semantic model as versioned MDL JSON.
pub async fn export_mdl(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<String> {
    acting.may(pool, Operation::ReadModels, project_id).await?;
    Ok(manifest::of_project(pool, project_id).await?.to_json())
}

/// The project and reference name of a model `acting` may read.
async fn readable_model(pool: &Pool, acting: &Acting, model_id: Uuid) -> Result<(Uuid, String)> {
    let project_id = owning_project(pool, acting, Operation::ReadModels, Owned::Model, model_id).await?;
    let (model, _) = edit::model(pool, model_id).await?;
    Ok((project_id, model.reference_name))
}

/// The project and name of a view `acting` may read.
async fn readable_view(pool: &Pool, acting: &Acting, view_id: Uuid) -> Result<(Uuid, String)> {
    let project_id = owning_project(pool, acting, Operation::ReadModels, Owned::View, view_id).await?;
    Ok((project_id, edit::view(pool, view_id).await?.name))
}

/// The SQL a model runs as on the data source ("view SQL").
pub async fn model_sql(pool: &Pool, acting: &Acting, model_id: Uuid) -> Result<String> {
    let (project_id, name) = readable_model(pool, acting, model_id).await?;
    edit::compiled_sql(pool, project_id, &name).await
}

/// The SQL a view runs as on the data source.
pub async fn view_sql(pool: &Pool, acting: &Acting, view_id: Uuid) -> Result<String> {
    let (project_id, name) = readable_view(pool, acting, view_id).await?;
    edit::compiled_sql(pool, project_id, &name).await
}

/// The first `limit` rows of a model, read at the source.
pub async fn preview_model(services: &Services, acting: &Acting, model_id: Uuid, limit: usize) -> Result<QueryResult> {
    let (project_id, name) = readable_model(&services.pool, acting, model_id).await?;
    on_worker::preview(services, acting.account.id, project_id, &name, limit).await
}

/// The first `limit` rows of a view, read at the source.
pub async fn preview_view(services: &Services, acting: &Acting, view_id: Uuid, limit: usize) -> Result<QueryResult> {
    let (project_id, name) = readable_view(&services.pool, acting, view_id).await?;
    on_worker::preview(services, acting.account.id, project_id, &name, limit).await
}

/// Saves the relationships chosen at setup (replacing earlier ones) and finishes onboarding.
pub async fn save_relations(services: &Services, acting: &Acting, project_id: Uuid, relations: &[NewRelation]) -> Result<Vec<Relationship>> {
    acting.may(&services.pool, Operation::SaveModels, project_id).await?;
    super::save_relations(services, project_id, relations).await
}

/// Removes a model with its relationships.
pub async fn delete_model(pool: &Pool, acting: &Acting, model_id: Uuid) -> Result<()> {
    owning_project(pool, acting, Operation::SaveModels, Owned::Model, model_id).await?;
    edit::delete_model(pool, model_id).await
}

/// Display names, descriptions, formats and hidden flags of a model and its columns.
pub async fn update_model_metadata(pool: &Pool, acting: &Acting, model_id: Uuid, metadata: &ModelMetadata) -> Result<()> {
    owning_project(pool, acting, Operation::UpdateModels, Owned::Model, model_id).await?;
    edit::update_model_metadata(pool, model_id, metadata).await
}

pub async fn delete_calculated_field(pool: &Pool, acting: &Acting, column_id: Uuid) -> Result<()> {
    owning_project(pool, acting, Operation::SaveModels, Owned::Column, column_id).await?;
    edit::delete_calculated_field(pool, column_id).await
}

pub async fn create_relationship(pool: &Pool, acting: &Acting, project_id: Uuid, relation: &NewRelation) -> Result<Relationship> {
    acting.may(pool, Operation::SaveModels, project_id).await?;
    edit::create_relationship(pool, project_id, relation).await
}

/// Changes a relationship's cardinality.
pub async fn update_relationship(pool: &Pool, acting: &Acting, relationship_id: Uuid, relation_type: RelationType) -> Result<()> {
    owning_project(pool, acting, Operation::UpdateModels, Owned::Relationship, relationship_id).await?;
    edit::update_relationship(pool, relationship_id, relation_type).await
}

pub async fn delete_relationship(pool: &Pool, acting: &Acting, relationship_id: Uuid) -> Result<()> {
    owning_project(pool, acting, Operation::SaveModels, Owned::Relationship, relationship_id).await?;
    edit::delete_relationship(pool, relationship_id).await
}

pub async fn update_view_metadata(pool: &Pool, acting: &Acting, view_id: Uuid, display_name: Option<&str>, description: Option<&str>) -> Result<()> {
    owning_project(pool, acting, Operation::UpdateModels, Owned::View, view_id).await?;
    edit::update_view_metadata(pool, view_id, display_name, description).await
}

pub async fn delete_view(pool: &Pool, acting: &Acting, view_id: Uuid) -> Result<()> {
    owning_project(pool, acting, Operation::SaveModels, Owned::View, view_id).await?;
    edit::delete_view(pool, view_id).await
}

/// Replaces the project's models, relationships, views and metrics with a versioned MDL
/// document; returns the number of models.
pub async fn import_mdl(pool: &Pool, config: &Config, acting: &Acting, project_id: Uuid, mdl: &str) -> Result<usize> {
    acting.may(pool, Operation::SaveModels, project_id).await?;
    super::import::import(pool, config, project_id, mdl).await
}
