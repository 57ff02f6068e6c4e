//! Data security (PRODUCT.md §7 API and security: policy CRUD; session property list, member
//! and group lists, create and delete, assign member or group value). Who may do what is
//! decided in `quarry_domain::data_security`.

use super::context::{self, parse_id};
use crate::error::ApiResult;
use async_graphql::{Context, ID, InputObject, Json, Object, SimpleObject};
use chrono::{DateTime, Utc};
use quarry_domain::{
    Error, ErrorCode,
    data_security::{self, Holder, NewPolicy, NewProperty, Policy, PolicyRule, PolicyScope, PropertyValue, SecurityKind, SessionProperty, ValueType},
};
use quarry_engine::mdl::FilterOperator;
use serde_json::Value;

#[derive(SimpleObject)]
#[graphql(name = "SessionProperty")]
struct SessionPropertyGql {
    id: ID,
    name: String,
    value_type: ValueType,
    scope: PolicyScope,
    required: bool,
    default_value: Option<Json<Value>>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl From<SessionProperty> for SessionPropertyGql {
    fn from(p: SessionProperty) -> Self {
        Self {
            id: ID(p.id.to_string()),
            name: p.name,
            value_type: p.value_type,
            scope: p.scope,
            required: p.required,
            default_value: p.default_value.map(Json),
            created_at: p.created_at,
            updated_at: p.updated_at,
        }
    }
}

#[derive(SimpleObject)]
#[graphql(name = "SessionPropertyValue")]
struct PropertyValueGql {
    property_id: ID,
    /// The member who holds it, or none for a group's or an API key's value.
    user_id: Option<ID>,
    group_id: Option<ID>,
    /// An API key of the project or the organisation: the data it sees over the REST API.
    api_key_id: Option<ID>,
    value: Json<Value>,
}

impl From<PropertyValue> for PropertyValueGql {
    fn from(v: PropertyValue) -> Self {
        Self {
            property_id: ID(v.property_id.to_string()),
            user_id: v.user_id.map(|u| ID(u.to_string())),
            group_id: v.group_id.map(|g| ID(g.to_string())),
            api_key_id: v.api_key_id.map(|k| ID(k.to_string())),
            value: Json(v.value),
        }
    }
}

#[derive(SimpleObject)]
#[graphql(name = "Policy")]
struct PolicyGql {
    id: ID,
    kind: SecurityKind,
    name: String,
    model: String,
    /// A row policy's condition (`region = @sales_region`).
    condition: Option<String>,
    /// A column policy's column, property, operator and threshold.
    column_name: Option<String>,
    property: Option<String>,
    operator: Option<String>,
    threshold: Option<Json<Value>>,
    /// Org admins are not held by it.
    admins_exempt: bool,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl From<Policy> for PolicyGql {
    fn from(p: Policy) -> Self {
        Self {
            id: ID(p.id.to_string()),
            kind: p.kind,
            name: p.name,
            model: p.model,
            condition: p.condition,
            column_name: p.column_name,
            property: p.property,
            operator: p.operator,
            threshold: p.threshold.map(Json),
            admins_exempt: p.admins_exempt,
            created_at: p.created_at,
            updated_at: p.updated_at,
        }
    }
}

#[derive(Default)]
pub struct DataSecurityQuery;

#[Object]
impl DataSecurityQuery {
    /// The project's session properties, by name.
    async fn session_properties(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<SessionPropertyGql>> {
        let project_id = parse_id(&project_id)?;
        Ok(data_security::properties(&context::state(ctx).pool, &context::acting(ctx)?, project_id).await?.into_iter().map(Into::into).collect())
    }

    /// The values members and groups have for a session property.
    async fn session_property_values(&self, ctx: &Context<'_>, project_id: ID, property_id: ID) -> ApiResult<Vec<PropertyValueGql>> {
        let (project_id, property_id) = (parse_id(&project_id)?, parse_id(&property_id)?);
        Ok(data_security::values(&context::state(ctx).pool, &context::acting(ctx)?, project_id, property_id).await?.into_iter().map(Into::into).collect())
    }

    /// What a member would get from SQL over the models (view as member): for the project's owners.
    #[graphql(complexity = "crate::graphql::EXPENSIVE + child_complexity")]
    async fn view_as_member(&self, ctx: &Context<'_>, project_id: ID, user_id: ID, sql: String) -> ApiResult<ViewAsGql> {
        let (project_id, user_id) = (parse_id(&project_id)?, parse_id(&user_id)?);
        let state = context::state(ctx);
        let (compiled_sql, result) = quarry_domain::on_worker::view_as_member(&state.services, &context::acting(ctx)?, project_id, user_id, &sql).await?;
        Ok(ViewAsGql { compiled_sql, columns: result.columns.into_iter().map(|c| c.name).collect(), rows: Json(result.rows), truncated: result.truncated })
    }

    /// The project's row- and column-level policies.
    async fn policies(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<PolicyGql>> {
        let project_id = parse_id(&project_id)?;
        Ok(data_security::policies(&context::state(ctx).pool, &context::acting(ctx)?, project_id).await?.into_iter().map(Into::into).collect())
    }
}

#[derive(InputObject)]
struct CreateSessionPropertyInput {
    name: String,
    value_type: ValueType,
    #[graphql(default_with = "PolicyScope::Single")]
    scope: PolicyScope,
    #[graphql(default)]
    required: bool,
    default_value: Option<Json<Value>>,
}

#[derive(InputObject)]
struct SessionPropertyValueInput {
    property_id: ID,
    /// A member of the project's organisation, or…
    user_id: Option<ID>,
    /// …one of its groups, or…
    group_id: Option<ID>,
    /// …an API key that reaches the project.
    api_key_id: Option<ID>,
    /// The value; none takes it away.
    value: Option<Json<Value>>,
}

#[derive(InputObject)]
struct PolicyInput {
    kind: SecurityKind,
    name: String,
    model: String,
    /// RLS: a condition over the model's columns; `@name` reads a session property.
    condition: Option<String>,
    /// CLS: the column, and when it is readable: the property compared with the threshold.
    column_name: Option<String>,
    property: Option<String>,
    operator: Option<FilterOperator>,
    threshold: Option<Json<Value>>,
    /// Org admins are not held by the policy (by default they are, like everyone).
    #[graphql(default)]
    admins_exempt: bool,
}

impl PolicyInput {
    fn policy(self) -> ApiResult<NewPolicy> {
        let rule = self.rule()?;
        Ok(NewPolicy { name: self.name, model: self.model, rule, admins_exempt: self.admins_exempt })
    }

    fn rule(&self) -> ApiResult<PolicyRule> {
        let missing = |what: &str| {
            Error::new(ErrorCode::InvalidPolicy, format!("A {} policy needs {what}.", if self.kind == SecurityKind::Rls { "row" } else { "column" }))
        };
        Ok(match self.kind {
            SecurityKind::Rls => PolicyRule::Rows { condition: self.condition.clone().filter(|c| !c.trim().is_empty()).ok_or_else(|| missing("a condition"))? },
            SecurityKind::Cls => PolicyRule::Column {
                column: self.column_name.clone().ok_or_else(|| missing("a column"))?,
                property: self.property.clone().ok_or_else(|| missing("a session property"))?,
                operator: self.operator.ok_or_else(|| missing("an operator"))?,
                threshold: self.threshold.clone().map(|t| t.0).ok_or_else(|| missing("a threshold"))?,
            },
        })
    }
}

#[derive(Default)]
pub struct DataSecurityMutation;

#[Object]
impl DataSecurityMutation {
    async fn create_session_property(&self, ctx: &Context<'_>, project_id: ID, data: CreateSessionPropertyInput) -> ApiResult<SessionPropertyGql> {
        let project_id = parse_id(&project_id)?;
        let new = NewProperty {
            name: data.name,
            value_type: data.value_type,
            scope: data.scope,
            required: data.required,
            default_value: data.default_value.map(|v| v.0),
        };
        Ok(data_security::create_property(&context::state(ctx).pool, &context::acting(ctx)?, project_id, new).await?.into())
    }

    async fn delete_session_property(&self, ctx: &Context<'_>, project_id: ID, property_id: ID) -> ApiResult<bool> {
        let (project_id, property_id) = (parse_id(&project_id)?, parse_id(&property_id)?);
        data_security::delete_property(&context::state(ctx).pool, &context::acting(ctx)?, project_id, property_id).await?;
        Ok(true)
    }

    /// Gives a member or a group a value of the property, or takes it away.
    async fn set_session_property_value(&self, ctx: &Context<'_>, project_id: ID, data: SessionPropertyValueInput) -> ApiResult<bool> {
        let project_id = parse_id(&project_id)?;
        let holder = match (&data.user_id, &data.group_id, &data.api_key_id) {
            (Some(user), None, None) => Holder::Member(parse_id(user)?),
            (None, Some(group), None) => Holder::Group(parse_id(group)?),
            (None, None, Some(key)) => Holder::ApiKey(parse_id(key)?),
            _ => return Err(Error::invalid("Give one member, group or API key.").into()),
        };
        let property_id = parse_id(&data.property_id)?;
        data_security::set_value(&context::state(ctx).pool, &context::acting(ctx)?, project_id, property_id, holder, data.value.map(|v| v.0)).await?;
        Ok(true)
    }

    async fn create_policy(&self, ctx: &Context<'_>, project_id: ID, data: PolicyInput) -> ApiResult<PolicyGql> {
        let project_id = parse_id(&project_id)?;
        Ok(data_security::save_policy(&context::state(ctx).pool, &context::acting(ctx)?, project_id, None, data.policy()?).await?.into())
    }

    async fn update_policy(&self, ctx: &Context<'_>, project_id: ID, policy_id: ID, data: PolicyInput) -> ApiResult<PolicyGql> {
        let (project_id, policy_id) = (parse_id(&project_id)?, parse_id(&policy_id)?);
        Ok(data_security::save_policy(&context::state(ctx).pool, &context::acting(ctx)?, project_id, Some(policy_id), data.policy()?).await?.into())
    }

    async fn delete_policy(&self, ctx: &Context<'_>, project_id: ID, policy_id: ID) -> ApiResult<bool> {
        let (project_id, policy_id) = (parse_id(&project_id)?, parse_id(&policy_id)?);
        data_security::delete_policy(&context::state(ctx).pool, &context::acting(ctx)?, project_id, policy_id).await?;
        Ok(true)
    }
}

#[derive(SimpleObject)]
#[graphql(name = "ViewAsMember")]
struct ViewAsGql {
    /// The SQL as compiled for the member, their property values bound.
    compiled_sql: String,
    columns: Vec<String>,
    rows: Json<Vec<Vec<Value>>>,
    truncated: bool,
}
