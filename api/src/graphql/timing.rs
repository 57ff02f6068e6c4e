//! Times each root field (`quarry_graphql_field_seconds`): only fields of the schema's Query
//! and Mutation types are labels, so a caller cannot grow the label set.

use async_graphql::{
    ServerResult, Value,
    extensions::{Extension, ExtensionContext, ExtensionFactory, NextResolve, ResolveInfo},
};
use std::{sync::Arc, time::Instant};

pub struct RootFieldTiming;

impl ExtensionFactory for RootFieldTiming {
    fn create(&self) -> Arc<dyn Extension> {
        Arc::new(RootFieldTiming)
    }
}

#[async_trait::async_trait]
impl Extension for RootFieldTiming {
    async fn resolve(&self, ctx: &ExtensionContext<'_>, info: ResolveInfo<'_>, next: NextResolve<'_>) -> ServerResult<Option<Value>> {
        let root = info.path_node.parent.is_none() && !info.is_for_introspection && matches!(info.parent_type, "Query" | "Mutation");
        if !root {
            return next.run(ctx, info).await;
        }
        // The schema's own name for the field (an alias is the caller's).
        let field = info.name;
        let started = Instant::now();
        let resolved = next.run(ctx, info).await;
        quarry_domain::metrics::GRAPHQL_FIELDS.with_label_values(&[field]).observe(started.elapsed().as_secs_f64());
        resolved
    }
}
