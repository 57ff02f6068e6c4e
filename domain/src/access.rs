//! Who the signed-in user is relative to an org or a project, read in one query and
//! handed to the permission matrix.

use crate::{
    activity::ActivityActor,
    db::Pool,
    error::{Error, ErrorCode, Result},
    permissions::{Actor, Operation, OrgRole, ProjectRole, authorize},
    subscription,
};
use uuid::Uuid;

pub async fn org_actor(pool: &Pool, user_id: Uuid, org_id: Uuid) -> Result<Actor> {
    let org_role: Option<OrgRole> =
        sqlx::query_scalar!(r#"SELECT role AS "role: OrgRole" FROM org_members WHERE user_id = $1 AND org_id = $2 AND enabled"#, user_id, org_id,)
            .fetch_optional(pool)
            .await?;
    Ok(Actor { org_role, project_role: None })
}

/// The user's roles for a project. Their project role is the highest of their own and
/// the roles their groups have there (SQL `effective_project_role`), read afresh on every request, so a role given or
/// taken through a group counts at once. An unknown project, or one in an org the user does
/// not belong to, yields an actor with no roles: the matrix denies it without telling
/// whether the id exists.
pub async fn project_actor(pool: &Pool, user_id: Uuid, project_id: Uuid) -> Result<Actor> {
    Ok(standing(pool, user_id, project_id).await?.map_or_else(Actor::default, |(actor, _)| actor))
}

/// The user's roles for a project (as [`project_actor`]) and the org it belongs to, or nothing
/// for an unknown project.
async fn standing(pool: &Pool, user_id: Uuid, project_id: Uuid) -> Result<Option<(Actor, Uuid)>> {
    let row = sqlx::query!(
        r#"SELECT p.org_id, om.role AS "org_role?: OrgRole", effective_project_role(p.id, $1) AS "project_role?: ProjectRole"
           FROM projects p
             LEFT JOIN org_members om ON om.org_id = p.org_id AND om.user_id = $1 AND om.enabled
           WHERE p.id = $2"#,
        user_id,
        project_id,
    )
    .fetch_optional(pool)
    .await?;
    // A project role without org membership (a disabled member) counts for nothing.
    Ok(row.map(|r| (Actor { org_role: r.org_role, project_role: r.org_role.and(r.project_role) }, r.org_id)))
}

/// `op` by `actor` in a project of `org_id`: the permission matrix allows it, and the org is
/// subscribed (UNSUBSCRIBED_ACCESS otherwise, once the role is known to suffice).
pub async fn allowed_in(pool: &Pool, actor: Actor, op: Operation, org_id: Uuid) -> Result<Actor> {
    authorize(op, Some(actor))?;
    if !subscription::is_active(pool, org_id).await? {
        return Err(Error::of(ErrorCode::UnsubscribedAccess));
    }
    Ok(actor)
}

/// An account acting in a project: a signed-in user, or the creator of the API key a call was
/// made with. A use case asks [`Acting::may`] for its rights there, and records the change by
/// this account, from this address. Data is seen as the key when there is one (its session
/// property values, [`crate::data_security::viewer_as`]), else as the account.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Acting {
    pub account: ActivityActor,
    pub client_address: Option<String>,
    #[serde(default)]
    pub through_key: Option<crate::data_security::KeyIdentity>,
}

impl Acting {
    pub fn new(user_id: Uuid, email: impl Into<String>, client_address: Option<String>) -> Self {
        Self { account: ActivityActor { id: user_id, email: email.into() }, client_address, through_key: None }
    }

    /// The account acting through an API key, which data is seen as.
    pub fn through(mut self, key: crate::data_security::KeyIdentity) -> Self {
        self.through_key = Some(key);
        self
    }

    /// The account's role in the org, read afresh, once the permission matrix allows `op` there.
    pub async fn may_in_org(&self, pool: &Pool, op: Operation, org_id: Uuid) -> Result<Actor> {
        let actor = org_actor(pool, self.account.id, org_id).await?;
        authorize(op, Some(actor))?;
        Ok(actor)
    }

    /// Its activity entry: `entry`, by this account, from this address.
    pub fn records(&self, entry: crate::activity::NewActivity) -> crate::activity::NewActivity {
        entry.by(Some(self.account.clone()), self.client_address.clone())
    }

    /// The account's roles in the project when the permission matrix allows `op` there, or
    /// none, whatever the org's subscription: where the account stands, for the app to show
    /// (each operation still asks [`Acting::may`]).
    pub async fn standing_in(&self, pool: &Pool, op: Operation, project_id: Uuid) -> Result<Option<Actor>> {
        let actor = project_actor(pool, self.account.id, project_id).await?;
        Ok(authorize(op, Some(actor)).is_ok().then_some(actor))
    }

    /// The account's roles in the project, read afresh, once the permission matrix allows `op`
    /// there and the project's org is subscribed: the one check of every project operation,
    /// whichever transport or worker starts it.
    pub async fn may(&self, pool: &Pool, op: Operation, project_id: Uuid) -> Result<Actor> {
        match standing(pool, self.account.id, project_id).await? {
            Some((actor, org_id)) => allowed_in(pool, actor, op, org_id).await,
            None => {
                authorize(op, Some(Actor::default()))?;
                Err(Error::not_found("Project"))
            }
        }
    }
}
