//! Folders, who may see them, moving threads, dashboards and spreadsheets into them, and
//! sharing threads (PRODUCT.md §7 folders).

use super::context::{self, parse_id};
use crate::error::ApiResult;
use async_graphql::{Context, ID, InputObject, Object, SimpleObject};
use chrono::{DateTime, Utc};
use quarry_domain::{
    asking, dashboard,
    folder::{self, Folder, FolderAccess, FolderPrincipal, ItemKind, TreeItem, Viewer},
    permissions::Operation,
    spreadsheet,
};

pub struct FolderGql {
    folder: Folder,
    viewer: Viewer,
}

#[derive(SimpleObject)]
#[graphql(name = "FolderPrincipal")]
struct PrincipalGql {
    id: ID,
    /// The member's e-mail or the group's name.
    label: String,
    added_at: DateTime<Utc>,
}

impl From<FolderPrincipal> for PrincipalGql {
    fn from(p: FolderPrincipal) -> Self {
        Self { id: ID(p.id.to_string()), label: p.label, added_at: p.added_at }
    }
}

#[Object(name = "Folder")]
impl FolderGql {
    async fn id(&self) -> ID {
        ID(self.folder.id.to_string())
    }
    async fn name(&self) -> &str {
        &self.folder.name
    }
    async fn access(&self) -> FolderAccess {
        self.folder.access
    }
    async fn created_by(&self) -> Option<ID> {
        self.folder.created_by.map(|id| ID(id.to_string()))
    }
    /// The caller may rename or delete it, and file things in it.
    async fn can_edit(&self) -> bool {
        self.viewer.editor
    }
    /// The caller may change who sees it (project owners).
    async fn can_manage_access(&self) -> bool {
        self.viewer.owner
    }
    /// Members listed on a SPECIFIC folder.
    async fn members(&self, ctx: &Context<'_>) -> ApiResult<Vec<PrincipalGql>> {
        Ok(folder::members(&context::state(ctx).pool, self.folder.id).await?.into_iter().map(Into::into).collect())
    }
    /// Groups listed on a SPECIFIC folder.
    async fn groups(&self, ctx: &Context<'_>) -> ApiResult<Vec<PrincipalGql>> {
        Ok(folder::groups(&context::state(ctx).pool, self.folder.id).await?.into_iter().map(Into::into).collect())
    }
    async fn created_at(&self) -> DateTime<Utc> {
        self.folder.created_at
    }
    async fn updated_at(&self) -> DateTime<Utc> {
        self.folder.updated_at
    }
}

#[derive(SimpleObject)]
#[graphql(name = "FolderTreeItem")]
struct TreeItemGql {
    kind: ItemKind,
    id: ID,
    name: String,
    /// The folder it is listed in; none for the caller's own space.
    folder_id: Option<ID>,
    /// Listed there because it was shared into it.
    shared: bool,
    created_by: Option<ID>,
    updated_at: DateTime<Utc>,
}

impl From<TreeItem> for TreeItemGql {
    fn from(t: TreeItem) -> Self {
        Self {
            kind: t.kind,
            id: ID(t.id.to_string()),
            name: t.name,
            folder_id: t.folder_id.map(|id| ID(id.to_string())),
            shared: t.shared,
            created_by: t.created_by.map(|id| ID(id.to_string())),
            updated_at: t.updated_at,
        }
    }
}

/// The home sidebar: the folders the caller sees and what is in them, with their own
/// unfiled threads and dashboards.
#[derive(SimpleObject)]
#[graphql(name = "FolderTree")]
struct TreeGql {
    folders: Vec<FolderGql>,
    items: Vec<TreeItemGql>,
    /// The caller may create folders (owners and contributors).
    can_create_folders: bool,
}

/// A folder of the project the caller sees, with the caller allowed `op`.
async fn folder_for(ctx: &Context<'_>, op: Operation, project_id: &ID, folder_id: &ID) -> ApiResult<(Folder, Viewer)> {
    let (project_id, folder_id) = (parse_id(project_id)?, parse_id(folder_id)?);
    Ok(folder::open(&context::state(ctx).pool, &context::acting(ctx)?, op, project_id, folder_id).await?)
}

/// How the signed-in caller sees the project's folders, once they may perform `op` there.
async fn viewer(ctx: &Context<'_>, op: Operation, project_id: uuid::Uuid) -> ApiResult<Viewer> {
    Ok(Viewer::may(&context::state(ctx).pool, &context::acting(ctx)?, op, project_id).await?)
}

#[derive(Default)]
pub struct FolderQuery;

#[Object]
impl FolderQuery {
    /// The folders the caller sees in the project, by name.
    async fn folders(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<Vec<FolderGql>> {
        let project_id = parse_id(&project_id)?;
        let viewer = viewer(ctx, Operation::ReadDashboards, project_id).await?;
        let folders = folder::list(&context::state(ctx).pool, project_id, viewer).await?;
        Ok(folders.into_iter().map(|folder| FolderGql { folder, viewer }).collect())
    }

    /// The home sidebar's tree.
    async fn folder_tree(&self, ctx: &Context<'_>, project_id: ID) -> ApiResult<TreeGql> {
        let project_id = parse_id(&project_id)?;
        let viewer = viewer(ctx, Operation::ReadDashboards, project_id).await?;
        let pool = &context::state(ctx).pool;
        let folders = folder::list(pool, project_id, viewer).await?;
        let items = folder::tree(pool, project_id, viewer).await?;
        Ok(TreeGql {
            folders: folders.into_iter().map(|folder| FolderGql { folder, viewer }).collect(),
            items: items.into_iter().map(Into::into).collect(),
            can_create_folders: viewer.editor,
        })
    }
}

#[derive(InputObject)]
struct CreateFolderInput {
    name: String,
    /// PRIVATE when not given; only project owners may choose another.
    access: Option<FolderAccess>,
}

#[derive(InputObject)]
struct UpdateFolderInput {
    name: Option<String>,
    /// Only project owners may change it.
    access: Option<FolderAccess>,
}

#[derive(Default)]
pub struct FolderMutation;

#[Object]
impl FolderMutation {
    async fn create_folder(&self, ctx: &Context<'_>, project_id: ID, data: CreateFolderInput) -> ApiResult<FolderGql> {
        let project_id = parse_id(&project_id)?;
        let viewer = viewer(ctx, Operation::ManageFolders, project_id).await?;
        let folder = folder::create(&context::state(ctx).pool, project_id, viewer, &data.name, data.access).await?;
        Ok(FolderGql { folder, viewer })
    }

    async fn update_folder(&self, ctx: &Context<'_>, project_id: ID, folder_id: ID, data: UpdateFolderInput) -> ApiResult<FolderGql> {
        let (folder, viewer) = folder_for(ctx, Operation::ManageFolders, &project_id, &folder_id).await?;
        let folder = folder::update(&context::state(ctx).pool, &folder, viewer, data.name.as_deref(), data.access).await?;
        Ok(FolderGql { folder, viewer })
    }

    /// Deletes a folder; what lived in it goes back to its creators' own space.
    async fn delete_folder(&self, ctx: &Context<'_>, project_id: ID, folder_id: ID) -> ApiResult<bool> {
        let (folder, _) = folder_for(ctx, Operation::ManageFolders, &project_id, &folder_id).await?;
        folder::delete(&context::state(ctx).pool, &folder).await?;
        Ok(true)
    }

    async fn add_folder_member(&self, ctx: &Context<'_>, project_id: ID, folder_id: ID, user_id: ID) -> ApiResult<FolderGql> {
        let (folder, viewer) = folder_for(ctx, Operation::ManageFolderAccess, &project_id, &folder_id).await?;
        folder::add_member(&context::state(ctx).pool, &folder, viewer, parse_id(&user_id)?).await?;
        Ok(FolderGql { folder, viewer })
    }

    async fn remove_folder_member(&self, ctx: &Context<'_>, project_id: ID, folder_id: ID, user_id: ID) -> ApiResult<FolderGql> {
        let (folder, viewer) = folder_for(ctx, Operation::ManageFolderAccess, &project_id, &folder_id).await?;
        folder::remove_member(&context::state(ctx).pool, &folder, viewer, parse_id(&user_id)?).await?;
        Ok(FolderGql { folder, viewer })
    }

    async fn add_folder_group(&self, ctx: &Context<'_>, project_id: ID, folder_id: ID, group_id: ID) -> ApiResult<FolderGql> {
        let (folder, viewer) = folder_for(ctx, Operation::ManageFolderAccess, &project_id, &folder_id).await?;
        folder::add_group(&context::state(ctx).pool, &folder, viewer, parse_id(&group_id)?).await?;
        Ok(FolderGql { folder, viewer })
    }

    async fn remove_folder_group(&self, ctx: &Context<'_>, project_id: ID, folder_id: ID, group_id: ID) -> ApiResult<FolderGql> {
        let (folder, viewer) = folder_for(ctx, Operation::ManageFolderAccess, &project_id, &folder_id).await?;
        folder::remove_group(&context::state(ctx).pool, &folder, viewer, parse_id(&group_id)?).await?;
        Ok(FolderGql { folder, viewer })
    }

    /// Shares a thread into a folder; it stays in its own (ShareToFolder).
    async fn share_to_folder(&self, ctx: &Context<'_>, project_id: ID, folder_id: ID, thread_id: ID) -> ApiResult<bool> {
        let (folder, viewer) = folder_for(ctx, Operation::ManageFolders, &project_id, &folder_id).await?;
        let pool = &context::state(ctx).pool;
        let thread = asking::thread_to_change(pool, folder.project_id, parse_id(&thread_id)?, viewer).await?;
        folder::share_thread(pool, &folder, thread.id, viewer).await?;
        Ok(true)
    }

    /// Takes a shared thread out of a folder (RevokeShareToFolder).
    async fn revoke_share_to_folder(&self, ctx: &Context<'_>, project_id: ID, folder_id: ID, thread_id: ID) -> ApiResult<bool> {
        let (folder, _) = folder_for(ctx, Operation::ManageFolders, &project_id, &folder_id).await?;
        folder::revoke_share(&context::state(ctx).pool, &folder, parse_id(&thread_id)?).await?;
        Ok(true)
    }

    /// Moves a thread or dashboard into a folder, or back to its creator's own space when no
    /// folder is given (SwitchFolder).
    async fn switch_folder(&self, ctx: &Context<'_>, project_id: ID, kind: ItemKind, item_id: ID, folder_id: Option<ID>) -> ApiResult<bool> {
        let project_uuid = parse_id(&project_id)?;
        let viewer = viewer(ctx, Operation::ManageFolders, project_uuid).await?;
        let pool = &context::state(ctx).pool;
        let item_id = parse_id(&item_id)?;
        match kind {
            ItemKind::Thread => {
                asking::thread_to_change(pool, project_uuid, item_id, viewer).await?;
            }
            ItemKind::Dashboard => {
                dashboard::open(pool, project_uuid, item_id, viewer).await?;
            }
            ItemKind::Spreadsheet => {
                spreadsheet::open(pool, project_uuid, item_id, viewer).await?;
            }
        }
        let target = match &folder_id {
            Some(id) => Some(folder::get(pool, project_uuid, parse_id(id)?, viewer).await?),
            None => None,
        };
        folder::switch(pool, project_uuid, kind, item_id, target.as_ref()).await?;
        Ok(true)
    }
}
