//! Folders: who sees what lives in them, by access kind × project role × how the person is
//! listed (directly, through a group, not at all), as one table.

use quarry_domain::{
    group, org,
    permissions::{OrgRole, ProjectRole},
    project, user,
};
use quarry_test_kit::{TestApp, error_code};
use reqwest::Client;
use serde_json::{Value, json};
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Listed {
    Member,
    Group,
    Outsider,
}

struct Person {
    role: ProjectRole,
    listed: Listed,
    client: Client,
}

/// Whether someone with `role`, listed as `listed`, sees what lives in a folder of `kind`.
fn sees(kind: &str, role: ProjectRole, listed: Listed) -> bool {
    match kind {
        "ANYONE_IN_PROJECT" => true,
        // Owners see every folder: only they manage access, so they must see it to manage it.
        "PRIVATE" => role == ProjectRole::Owner,
        "SPECIFIC" => role == ProjectRole::Owner || listed != Listed::Outsider,
        _ => unreachable!(),
    }
}

const FOLDERS: &str = "query($p: ID!) { folders(projectId: $p) { id canEdit canManageAccess } }";
const TREE: &str = "query($p: ID!) { folderTree(projectId: $p) { items { kind id folderId shared } } }";
const THREAD: &str = "query($p: ID!, $t: ID!) { thread(projectId: $p, threadId: $t) { id } }";
const DASHBOARD: &str = "query($p: ID!, $d: ID!) { dashboard(projectId: $p, dashboardId: $d) { id canEdit } }";
const RENAME: &str = "mutation($p: ID!, $f: ID!, $n: String!) { updateFolder(projectId: $p, folderId: $f, data: {name: $n}) { name } }";
const ACCESS: &str = "mutation($p: ID!, $f: ID!, $a: FolderAccessKind!) { updateFolder(projectId: $p, folderId: $f, data: {access: $a}) { access } }";

#[tokio::test]
async fn the_folder_access_matrix_holds_for_every_kind_role_and_listing() {
    let app = TestApp::spawn().await;
    let pool = app.state.pool.clone();
    // The admin creates the org and project; a contributor creates the folder and what is in it.
    let (admin, admin_email) = app.signed_in("folder-admin").await;
    app.gql_ok(&admin, "mutation { createOrg(data: {name: \"Folders Co\"}) { id } }", json!({})).await;
    let created = app.gql_ok(&admin, "mutation { createProject(data: {displayName: \"Folders\"}) { id orgId } }", json!({})).await;
    let project_id: Uuid = created["createProject"]["id"].as_str().unwrap().parse().unwrap();
    let project = project::get(&pool, project_id).await.unwrap();
    let admin_id = quarry_domain::user::find_by_email(&pool, &admin_email).await.unwrap().unwrap().id;
    let acting = quarry_domain::access::Acting::new(admin_id, admin_email.clone(), None);
    let listed_group = group::create(&pool, &acting, project.org_id, "Readers").await.unwrap().id;

    let join = |label: &'static str, role: Option<ProjectRole>| {
        let (app, pool, project) = (&app, pool.clone(), project.clone());
        async move {
            let (email, password) = app.user(label).await;
            let id = user::find_by_email(&pool, &email).await.unwrap().unwrap().id;
            org::add_member(&pool, project.org_id, id, OrgRole::Member).await.unwrap();
            if let Some(role) = role {
                project::add_member(&mut pool.acquire().await.unwrap(), &project, &email, role).await.unwrap();
            }
            user::set_current(&pool, id, Some(project.org_id), Some(project.id)).await.unwrap();
            (id, app.signed_in_as(&email, &password).await)
        }
    };
    let (_, creator) = join("folder-creator", Some(ProjectRole::Contributor)).await;
    let (manager_id, manager) = join("folder-manager", Some(ProjectRole::Owner)).await;
    let _ = manager_id;
    let mut people = Vec::new();
    let mut listed_members = Vec::new();
    for role in [ProjectRole::Owner, ProjectRole::Contributor, ProjectRole::Viewer] {
        for listed in [Listed::Member, Listed::Group, Listed::Outsider] {
            let (id, client) = join("folder-person", Some(role)).await;
            match listed {
                Listed::Member => listed_members.push(id),
                Listed::Group => {
                    group::add_member(&pool, listed_group, id).await.unwrap();
                }
                Listed::Outsider => {}
            }
            people.push(Person { role, listed, client });
        }
    }
    // Listed on the folder but with no role on the project: sees nothing of it.
    let (roleless_id, roleless) = join("folder-roleless", None).await;
    listed_members.push(roleless_id);
    let (stranger, _) = app.signed_in("folder-stranger").await;

    let p = project_id.to_string();
    let folder = app.gql_ok(&creator, "mutation($p: ID!) { createFolder(projectId: $p, data: {name: \"Quarterly\"}) { id access } }", json!({"p": p})).await;
    assert_eq!(folder["createFolder"]["access"], "PRIVATE", "PRIVATE is the default");
    let folder = folder["createFolder"]["id"].as_str().unwrap().to_owned();
    // Only owners choose who sees a folder.
    let body = app.gql(&creator, ACCESS, json!({"p": p, "f": folder, "a": "ANYONE_IN_PROJECT"})).await;
    assert_eq!(error_code(&body), "UNAUTHORIZED_ROLE_ACCESS", "{body}");
    for member in &listed_members {
        app.gql_ok(
            &manager,
            "mutation($p: ID!, $f: ID!, $u: ID!) { addFolderMember(projectId: $p, folderId: $f, userId: $u) { id } }",
            json!({"p": p, "f": folder, "u": member}),
        )
        .await;
    }
    app.gql_ok(
        &manager,
        "mutation($p: ID!, $f: ID!, $g: ID!) { addFolderGroup(projectId: $p, folderId: $f, groupId: $g) { id } }",
        json!({"p": p, "f": folder, "g": listed_group}),
    )
    .await;

    let thread = app.gql_ok(&creator, "mutation($p: ID!) { createThread(projectId: $p, data: {summary: \"Revenue\"}) { id } }", json!({"p": p})).await;
    let thread = thread["createThread"]["id"].as_str().unwrap().to_owned();
    let shared = app.gql_ok(&creator, "mutation($p: ID!) { createThread(projectId: $p, data: {summary: \"Churn\"}) { id } }", json!({"p": p})).await;
    let shared = shared["createThread"]["id"].as_str().unwrap().to_owned();
    let dashboard = app
        .gql_ok(
            &creator,
            "mutation($p: ID!, $f: ID!) { createDashboard(projectId: $p, data: {name: \"KPIs\", folderId: $f}) { id } }",
            json!({"p": p, "f": folder}),
        )
        .await;
    let dashboard = dashboard["createDashboard"]["id"].as_str().unwrap().to_owned();
    app.gql_ok(
        &creator,
        "mutation($p: ID!, $i: ID!, $f: ID) { switchFolder(projectId: $p, kind: THREAD, itemId: $i, folderId: $f) }",
        json!({"p": p, "i": thread, "f": folder}),
    )
    .await;
    app.gql_ok(
        &creator,
        "mutation($p: ID!, $f: ID!, $t: ID!) { shareToFolder(projectId: $p, folderId: $f, threadId: $t) }",
        json!({"p": p, "f": folder, "t": shared}),
    )
    .await;

    for kind in ["PRIVATE", "SPECIFIC", "ANYONE_IN_PROJECT"] {
        app.gql_ok(&manager, ACCESS, json!({"p": p, "f": folder, "a": kind})).await;
        // The creator always sees their own folder and what they put in it.
        assert_eq!(app.gql(&creator, THREAD, json!({"p": p, "t": thread})).await.get("errors"), None, "{kind}: the creator");
        for person in &people {
            let who = format!("{kind} × {:?} × {:?}", person.role, person.listed);
            let expected = sees(kind, person.role, person.listed);
            let folders = app.gql_ok(&person.client, FOLDERS, json!({"p": p})).await;
            let listed = folders["folders"].as_array().unwrap().iter().find(|f| f["id"] == folder.as_str()).cloned();
            assert_eq!(listed.is_some(), expected, "{who}: folders {folders}");
            let tree = app.gql_ok(&person.client, TREE, json!({"p": p})).await;
            let in_tree: Vec<&Value> = tree["folderTree"]["items"].as_array().unwrap().iter().filter(|i| i["folderId"] == folder.as_str()).collect();
            assert_eq!(in_tree.len(), if expected { 3 } else { 0 }, "{who}: tree {tree}");
            if expected {
                assert!(in_tree.iter().any(|i| i["id"] == shared.as_str() && i["shared"] == true), "{who}: {tree}");
            }
            for (query, vars) in [(THREAD, json!({"p": p, "t": thread})), (THREAD, json!({"p": p, "t": shared})), (DASHBOARD, json!({"p": p, "d": dashboard}))]
            {
                let body = app.gql(&person.client, query, vars).await;
                match expected {
                    true => assert_eq!(body.get("errors"), None, "{who}: {body}"),
                    false => assert_eq!(error_code(&body), "NOT_FOUND", "{who}: {body}"),
                }
            }
            // Owners and contributors may rename what they see; viewers never; only owners manage access.
            let body = app.gql(&person.client, RENAME, json!({"p": p, "f": folder, "n": "Quarterly"})).await;
            let renamed = match (person.role, expected) {
                (ProjectRole::Viewer, _) => "UNAUTHORIZED_ROLE_ACCESS",
                (_, true) => "<none>",
                (_, false) => "NOT_FOUND",
            };
            assert_eq!(error_code(&body), renamed, "{who}: rename {body}");
            if let Some(listed) = listed {
                assert_eq!(listed["canEdit"], person.role != ProjectRole::Viewer, "{who}");
                assert_eq!(listed["canManageAccess"], person.role == ProjectRole::Owner, "{who}");
            }
            if person.role != ProjectRole::Owner {
                let other = if kind == "SPECIFIC" { "PRIVATE" } else { "SPECIFIC" };
                let body = app.gql(&person.client, ACCESS, json!({"p": p, "f": folder, "a": other})).await;
                // A contributor who does not see the folder is not told it exists.
                let refused = if expected || person.role == ProjectRole::Viewer { "UNAUTHORIZED_ROLE_ACCESS" } else { "NOT_FOUND" };
                assert_eq!(error_code(&body), refused, "{who}: access {body}");
            }
            // Viewers read what is shared with them but cannot change it.
            if expected && person.role == ProjectRole::Viewer {
                let body = app
                    .gql(
                        &person.client,
                        "mutation($p: ID!, $t: ID!) { updateThread(projectId: $p, threadId: $t, data: {summary: \"Mine\"}) { id } }",
                        json!({"p": p, "t": thread}),
                    )
                    .await;
                assert_eq!(error_code(&body), "UNAUTHORIZED_ROLE_ACCESS", "{who}: {body}");
            }
        }
        for (label, outsider) in [("listed without a project role", &roleless), ("another org's account", &stranger)] {
            let body = app.gql(outsider, FOLDERS, json!({"p": p})).await;
            assert_eq!(error_code(&body), "UNAUTHORIZED_ACCESS", "{kind}: {label}: {body}");
            let body = app.gql(outsider, THREAD, json!({"p": p, "t": thread})).await;
            assert!(body.get("errors").is_some(), "{kind}: {label}: {body}");
        }
    }

    // Revoking a share and moving the thread out take it away from everyone else at once.
    app.gql_ok(
        &creator,
        "mutation($p: ID!, $f: ID!, $t: ID!) { revokeShareToFolder(projectId: $p, folderId: $f, threadId: $t) }",
        json!({"p": p, "f": folder, "t": shared}),
    )
    .await;
    app.gql_ok(&creator, "mutation($p: ID!, $i: ID!) { switchFolder(projectId: $p, kind: THREAD, itemId: $i) }", json!({"p": p, "i": thread})).await;
    let viewer = &people.iter().find(|x| x.role == ProjectRole::Viewer).unwrap().client;
    for t in [&thread, &shared] {
        assert_eq!(error_code(&app.gql(viewer, THREAD, json!({"p": p, "t": t})).await), "NOT_FOUND");
    }
    // Viewers cannot create folders; deleting one hands its dashboard back to its creator.
    let body = app.gql(viewer, "mutation($p: ID!) { createFolder(projectId: $p, data: {name: \"Mine\"}) { id } }", json!({"p": p})).await;
    assert_eq!(error_code(&body), "UNAUTHORIZED_ROLE_ACCESS", "{body}");
    app.gql_ok(&creator, "mutation($p: ID!, $f: ID!) { deleteFolder(projectId: $p, folderId: $f) }", json!({"p": p, "f": folder})).await;
    assert_eq!(app.gql(&creator, DASHBOARD, json!({"p": p, "d": dashboard})).await.get("errors"), None);
    assert_eq!(error_code(&app.gql(viewer, DASHBOARD, json!({"p": p, "d": dashboard})).await), "NOT_FOUND");
}
