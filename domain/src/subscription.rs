//! Subscriptions gate the product (PRODUCT.md §2 routing rules, §4 statuses). Billing
//! arrives in a later issue; until then every org counts as subscribed, and this is the
//! one place the api asks.

use crate::{db::Pool, error::Result};
use uuid::Uuid;

/// Whether the org may use the product (ACTIVE or TRIALING, period not ended).
pub async fn is_active(_pool: &Pool, _org_id: Uuid) -> Result<bool> {
    Ok(true)
}
