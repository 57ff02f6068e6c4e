//! The steps of `DeployWorkflow`. Checking only plans queries at the source, indexing
//! replaces the index in one transaction and embedding writes each item's vector under its
//! key, so any step may run again without harm.

use std::{sync::Arc, time::Duration};

use quarry_domain::{Error, asking::llm, config::Config, datasource, db::Pool, deploy, modeling::manifest, retrieval};
use quarry_engine::QueryOptions;
use quarry_workflows::deploy::{
    DeployCheck, DeployInput, FinishDeployInput,
    activities::{CheckDeploy, EmbedDeploy, FinishDeploy, IndexDeploy},
};
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};
use tracing::{info, warn};

use super::{
    embedding::LocalModel,
    support::{Chaos, step_error, with_heartbeats},
};

/// The failure text PRODUCT.md §8 shows for a failed deploy.
pub const DEPLOY_FAILED: &str = "Failed to deploy. Please check the log for more details.";

pub struct DeployActivities {
    pool: Pool,
    config: Config,
    chaos: Chaos,
    local_model: LocalModel,
}

impl DeployActivities {
    pub fn new(pool: Pool, config: Config, chaos: Chaos, local_model: LocalModel) -> Self {
        Self { pool, config, chaos, local_model }
    }

    async fn check(&self, input: DeployInput) -> Result<DeployCheck, Error> {
        let manifest = deploy::manifest_of(&self.pool, input.deploy_id).await?;
        let connector = match datasource::connector(&self.pool, &self.config, input.project_id).await {
            Ok(connector) => connector,
            Err(error @ Error::User { .. }) => return Ok(unreachable_source(error)),
            Err(error) => return Err(error),
        };
        let dialect = manifest::dialect_of(connector.source_type());
        let mut check = DeployCheck::default();
        for (kind, name, sql) in deploy::object_queries(&manifest, dialect) {
            let planned = match sql {
                Ok(sql) => connector.dry_run(&sql).await.map_err(|e| Error::from(e).public_message()),
                Err(reason) => Err(reason),
            };
            match planned {
                Ok(columns) => check.log.push(format!("✓ {kind} {name}: {} columns", columns.len())),
                Err(reason) => {
                    let line = format!("✗ {kind} {name}: {reason}");
                    check.log.push(line.clone());
                    check.failures.push(line);
                }
            }
        }
        Ok(check)
    }
}

impl DeployActivities {
    /// Collects the values of the models' category-like text columns (see
    /// `deploy::value_queries`); a column whose query fails is skipped, not fatal.
    async fn index_values(&self, input: DeployInput) -> Result<usize, Error> {
        let manifest = deploy::manifest_of(&self.pool, input.deploy_id).await?;
        let connector = datasource::connector(&self.pool, &self.config, input.project_id).await?;
        let source_type = connector.source_type();
        let mut values = Vec::new();
        for query in deploy::value_queries(&manifest, source_type, manifest::dialect_of(source_type)) {
            let options = QueryOptions::new(query.most + 1, VALUE_QUERY_TIMEOUT);
            match connector.query(&query.sql, options).await {
                Ok(result) => values.extend(deploy::category_values(&query, &result.rows)),
                Err(error) => warn!(model = %query.model, column = %query.column, "values not indexed: {error}"),
            }
        }
        deploy::replace_values(&self.pool, input.deploy_id, &values).await?;
        Ok(values.len())
    }
}

impl DeployActivities {
    /// Embeds the index with the embedder questions will use (`None`: there is none).
    async fn embed(&self, input: DeployInput) -> Result<Option<usize>, Error> {
        let project_llm = llm::for_project(&self.pool, &self.config, input.project_id).await?;
        let Some(embedder) = self.local_model.choose(project_llm).await else { return Ok(None) };
        retrieval::sync_deploy(&self.pool, input.deploy_id, embedder.as_ref()).await.map(Some)
    }
}

/// One column's values query may take this long.
const VALUE_QUERY_TIMEOUT: Duration = Duration::from_secs(30);

fn unreachable_source(error: Error) -> DeployCheck {
    let line = format!("✗ data source: {}", error.public_message());
    DeployCheck { log: vec![line.clone()], failures: vec![line] }
}

#[activities]
impl DeployActivities {
    #[activity(definition = CheckDeploy)]
    #[allow(dead_code)]
    pub async fn check_deploy(self: Arc<Self>, ctx: ActivityContext, input: DeployInput) -> Result<DeployCheck, ActivityError> {
        self.chaos.before_step(&ctx).await?;
        let check = with_heartbeats(&ctx, self.check(input)).await?.map_err(step_error)?;
        info!(deploy_id = %input.deploy_id, failures = check.failures.len(), "deploy checked");
        Ok(check)
    }

    #[activity(definition = IndexDeploy)]
    #[allow(dead_code)]
    pub async fn index_deploy(self: Arc<Self>, ctx: ActivityContext, input: DeployInput) -> Result<u32, ActivityError> {
        self.chaos.before_step(&ctx).await?;
        let documents = deploy::index(&self.pool, input.deploy_id).await.map_err(step_error)?;
        let values = with_heartbeats(&ctx, self.index_values(input)).await?.map_err(step_error)?;
        info!(deploy_id = %input.deploy_id, documents, values, "deploy indexed");
        Ok(documents as u32)
    }

    #[activity(definition = EmbedDeploy)]
    #[allow(dead_code)]
    pub async fn embed_deploy(self: Arc<Self>, ctx: ActivityContext, input: DeployInput) -> Result<u32, ActivityError> {
        self.chaos.before_step(&ctx).await?;
        match with_heartbeats(&ctx, self.embed(input)).await? {
            Ok(Some(embedded)) => {
                info!(deploy_id = %input.deploy_id, embedded, "retrieval index embedded");
                Ok(embedded as u32)
            }
            Ok(None) => {
                info!(deploy_id = %input.deploy_id, "retrieval index not embedded: no embedding model");
                Ok(0)
            }
            // Retried; when it keeps failing the deploy finishes anyway (see the workflow).
            Err(error) => Err(step_error(error)),
        }
    }

    #[activity(definition = FinishDeploy)]
    #[allow(dead_code)]
    pub async fn finish_deploy(self: Arc<Self>, ctx: ActivityContext, input: FinishDeployInput) -> Result<(), ActivityError> {
        self.chaos.before_step(&ctx).await?;
        let succeeded = input.check.failures.is_empty();
        let error = (!succeeded).then(|| format!("{DEPLOY_FAILED}\n{}", input.check.failures.join("\n")));
        deploy::finish(&self.pool, input.deploy.deploy_id, succeeded, &input.check.log.join("\n"), error.as_deref()).await.map_err(step_error)?;
        info!(deploy_id = %input.deploy.deploy_id, succeeded, "deploy finished");
        Ok(())
    }
}
