//! Generation tasks: model and column descriptions to review (CreateModelDescriptionTask),
//! and recommended questions for a project or a thread. Each runs as a workflow; the client
//! polls `generationTask`.

use super::{
    context::{self, parse_id},
    datasource::RecommendedRelationshipGql,
};
use crate::error::ApiResult;
use async_graphql::{Context, ID, Object, SimpleObject};
use chrono::{DateTime, Utc};
use quarry_domain::generation::{self, GenerationInput, GenerationKind, GenerationResult, GenerationStatus, GenerationTask, ModelDescription};

#[derive(SimpleObject)]
#[graphql(name = "ColumnDescription")]
struct ColumnDescriptionGql {
    column: String,
    description: String,
}

#[derive(SimpleObject)]
#[graphql(name = "ModelDescription")]
struct ModelDescriptionGql {
    model: String,
    description: String,
    columns: Vec<ColumnDescriptionGql>,
}

impl From<ModelDescription> for ModelDescriptionGql {
    fn from(m: ModelDescription) -> Self {
        Self {
            model: m.model,
            description: m.description,
            columns: m.columns.into_iter().map(|c| ColumnDescriptionGql { column: c.column, description: c.description }).collect(),
        }
    }
}

#[derive(SimpleObject)]
#[graphql(name = "GenerationTask")]
pub struct GenerationTaskGql {
    id: ID,
    kind: GenerationKind,
    status: GenerationStatus,
    error: Option<String>,
    /// LLM or ENGINE: what did the work.
    generated_by: Option<String>,
    /// For MODEL_DESCRIPTIONS, once FINISHED.
    model_descriptions: Vec<ModelDescriptionGql>,
    /// For RECOMMENDED_QUESTIONS, once FINISHED.
    questions: Vec<String>,
    /// For RECOMMENDED_RELATIONSHIPS, once FINISHED: the heuristics' and the language model's.
    relationships: Vec<RecommendedRelationshipGql>,
    created_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
}

impl From<GenerationTask> for GenerationTaskGql {
    fn from(t: GenerationTask) -> Self {
        let kind = t.kind();
        let (mut model_descriptions, mut questions, mut relationships) = (Vec::new(), Vec::new(), Vec::new());
        match t.result {
            Some(GenerationResult::ModelDescriptions(models)) => model_descriptions = models,
            Some(GenerationResult::RecommendedQuestions(asked)) => questions = asked,
            Some(GenerationResult::RecommendedRelationships(proposed)) => relationships = proposed,
            None => {}
        }
        Self {
            id: ID(t.id.to_string()),
            kind,
            status: t.status,
            error: t.error,
            generated_by: t.generated_by,
            model_descriptions: model_descriptions.into_iter().map(Into::into).collect(),
            questions,
            relationships: relationships.into_iter().map(Into::into).collect(),
            created_at: t.created_at,
            finished_at: t.finished_at,
        }
    }
}

#[derive(Default)]
pub struct GenerationQuery;

#[Object]
impl GenerationQuery {
    /// A generation task, polled until FINISHED or FAILED.
    async fn generation_task(&self, ctx: &Context<'_>, project_id: ID, task_id: ID) -> ApiResult<GenerationTaskGql> {
        let project_id = parse_id(&project_id)?;
        Ok(generation::get_in(&context::state(ctx).pool, &context::acting(ctx)?, project_id, parse_id(&task_id)?).await?.into())
    }
}

#[derive(Default)]
pub struct GenerationMutation;

#[Object]
impl GenerationMutation {
    /// Proposes descriptions for the models (all when none are named) and their columns, for
    /// the user to review and save.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn create_model_description_task(&self, ctx: &Context<'_>, project_id: ID, #[graphql(default)] models: Vec<String>) -> ApiResult<GenerationTaskGql> {
        let project_id = parse_id(&project_id)?;
        let services = &context::state(ctx).services;
        Ok(generation::request(services, &context::acting(ctx)?, project_id, GenerationInput::ModelDescriptions { models }).await?.into())
    }

    /// Recommends relationships between the models: from foreign keys and names, and from the
    /// organisation's language model when there is one. Modelling work (owner and contributor),
    /// like the descriptions: viewers read the model and do not start work billed to the org.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn create_relationship_recommendation_task(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<GenerationTaskGql> {
        let project_id = parse_id(&project_id)?;
        let services = &context::state(ctx).services;
        Ok(generation::request(services, &context::acting(ctx)?, project_id, GenerationInput::RecommendedRelationships).await?.into())
    }

    /// Recommends questions for the project, or follow-ups for a thread.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn create_recommended_questions_task(&self, ctx: &Context<'_>, project_id: ID, thread_id: Option<ID>) -> ApiResult<GenerationTaskGql> {
        let project_id = parse_id(&project_id)?;
        let thread_id = thread_id.as_ref().map(parse_id).transpose()?;
        let services = &context::state(ctx).services;
        Ok(generation::request(services, &context::acting(ctx)?, project_id, GenerationInput::RecommendedQuestions { thread_id }).await?.into())
    }
}
