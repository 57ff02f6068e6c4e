//! The sample datasets a project can start from (PRODUCT.md §3: ECOMMERCE, HR, MUSIC, NBA).

use super::{
    context::{self, parse_id},
    datasource::SampleDatasetNameGql,
};
use crate::error::ApiResult;
use async_graphql::{Context, ID, Object, SimpleObject};
use quarry_domain::{on_worker, permissions::Operation};
use quarry_engine::sample_datasets::SampleDataset;

#[derive(SimpleObject)]
#[graphql(name = "SampleDataset")]
struct SampleDatasetGql {
    name: SampleDatasetNameGql,
    display_name: String,
    description: String,
    /// Three questions worth asking first.
    questions: Vec<String>,
}

#[derive(Default)]
pub struct SampleDatasetQuery;

#[Object]
impl SampleDatasetQuery {
    /// The sample datasets, with their descriptions and suggested questions.
    async fn sample_datasets(&self, ctx: &Context<'_>) -> ApiResult<Vec<SampleDatasetGql>> {
        context::account(ctx, Operation::ReadMe)?;
        Ok(SampleDataset::ALL
            .into_iter()
            .map(|dataset| {
                let info = dataset.info();
                SampleDatasetGql {
                    name: SampleDatasetNameGql::of(dataset),
                    display_name: info.display_name.to_owned(),
                    description: info.description.to_owned(),
                    questions: info.questions.iter().map(|q| (*q).to_owned()).collect(),
                }
            })
            .collect())
    }
}

#[derive(Default)]
pub struct SampleDatasetMutation;

#[Object]
impl SampleDatasetMutation {
    /// Makes the dataset the project's data source, with a model per table (described),
    /// its relationships, and onboarding status WITH_SAMPLE_DATASET.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn start_sample_dataset(&self, ctx: &Context<'_>, project_id: ID, name: SampleDatasetNameGql) -> ApiResult<bool> {
        let id = parse_id(&project_id)?;
        on_worker::start_sample_dataset(&context::state(ctx).services, &context::acting(ctx)?, id, name.dataset()).await?;
        Ok(true)
    }
}
