//! The steps of `OrgRemovalWorkflow` (its projects go through `ProjectRemovalWorkflow`,
//! as children). Each step may run more than once and makes its effect true whatever state
//! the org is in.

use std::sync::Arc;

use quarry_domain::{db::Pool, org};
use quarry_workflows::{
    OrgRemovalInput,
    org_removal::activities::{BeginOrgRemoval, FinishOrgRemoval},
};
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};
use tracing::info;
use uuid::Uuid;

use super::support::{Chaos, step_error};

pub struct OrgRemovalActivities {
    pool: Pool,
    chaos: Chaos,
}

impl OrgRemovalActivities {
    pub fn new(pool: Pool, chaos: Chaos) -> Self {
        Self { pool, chaos }
    }
}

#[activities]
impl OrgRemovalActivities {
    #[activity(definition = BeginOrgRemoval)]
    #[allow(dead_code)]
    pub async fn begin_org_removal(self: Arc<Self>, ctx: ActivityContext, input: OrgRemovalInput) -> Result<Vec<Uuid>, ActivityError> {
        self.chaos.before_step(&ctx).await?;
        let projects = org::begin_removal(&self.pool, input.org_id).await.map_err(step_error)?;
        info!(org_id = %input.org_id, projects = projects.len(), "removing the org's projects");
        Ok(projects)
    }

    #[activity(definition = FinishOrgRemoval)]
    #[allow(dead_code)]
    pub async fn finish_org_removal(self: Arc<Self>, ctx: ActivityContext, input: OrgRemovalInput) -> Result<(), ActivityError> {
        self.chaos.before_step(&ctx).await?;
        org::finish_removal(&self.pool, input.org_id).await.map_err(step_error)?;
        info!(org_id = %input.org_id, "org removal finished");
        Ok(())
    }
}
