//! Dashboards: pinned answers, their cache, layouts, and refresh schedules kept as Temporal
//! Schedules in an IANA timezone, refreshed by a workflow with one step per tile.

use chrono::{DateTime, Timelike, Utc};
use chrono_tz::Tz;
use quarry_domain::dashboard;
use quarry_test_kit::{
    TestApp,
    asking::{STATUS, ask, music, settle},
    error_code, eventually,
};
use reqwest::Client;
use serde_json::{Value, json};
use std::time::Duration;
use uuid::Uuid;

const DASHBOARD: &str = "query($p: ID!, $d: ID!) { dashboard(projectId: $p, dashboardId: $d) {
    id name cacheEnabled schedule { frequency hour minute day timezone nextRunAt }
    lastRefresh { status scheduled tilesRefreshed tilesFailed finishedAt reason }
    items { id name type lastError layout { x y w h } data { cacheHit cacheCreatedAt overridden stale error rows columns { name } } } } }";

/// A MUSIC project with a dashboard holding one tile per question: (client, project, dashboard).
async fn board(app: &TestApp, label: &str, questions: &[&str]) -> (Client, String, String) {
    let (client, _) = app.signed_in(label).await;
    let project = music(app, &client, label).await;
    let created = app.gql_ok(&client, "mutation($p: ID!) { createDashboard(projectId: $p, data: {name: \"Sales\"}) { id } }", json!({"p": project})).await;
    let dashboard = created["createDashboard"]["id"].as_str().unwrap().to_owned();
    for question in questions {
        pin(app, &client, &project, &dashboard, question, None).await;
    }
    (client, project, dashboard)
}

async fn pin(app: &TestApp, client: &Client, project: &str, dashboard: &str, question: &str, kind: Option<&str>) -> Value {
    let task = ask(app, client, project, question, None).await;
    let (_, done) = settle(app, client, project, task["id"].as_str().unwrap(), 120).await;
    assert_eq!(done["status"], "FINISHED", "{question}: {done}");
    let body = app
        .gql_ok(
            client,
            "mutation($p: ID!, $d: CreateDashboardItemInput!) { createDashboardItem(projectId: $p, data: $d) { id type layout { x y w h } } }",
            json!({"p": project, "d": {"dashboardId": dashboard, "responseId": task["responseId"], "itemType": kind}}),
        )
        .await;
    body["createDashboardItem"].clone()
}

async fn open(app: &TestApp, client: &Client, project: &str, dashboard: &str) -> Value {
    app.gql_ok(client, DASHBOARD, json!({"p": project, "d": dashboard})).await["dashboard"].clone()
}

/// Waits until the dashboard's last refresh has `status`, reading no tile (an opening would
/// run or fill tiles itself).
async fn refreshed(app: &TestApp, client: &Client, project: &str, dashboard: &str, status: &str) {
    eventually("the refresh", Duration::from_secs(90), || async {
        let now = app
            .gql_ok(
                client,
                "query($p: ID!, $d: ID!) { dashboard(projectId: $p, dashboardId: $d) { lastRefresh { status } } }",
                json!({"p": project, "d": dashboard}),
            )
            .await;
        (now["dashboard"]["lastRefresh"]["status"] == status).then_some(())
    })
    .await;
}

fn created_at(item: &Value) -> DateTime<Utc> {
    item["data"]["cacheCreatedAt"].as_str().unwrap().parse().unwrap()
}

/// A tile's rows in a fixed order (rows that tie in the query's ORDER BY come in any order).
fn sorted_rows(item: &Value) -> Vec<String> {
    let mut rows: Vec<String> = item["data"]["rows"].as_array().unwrap().iter().map(Value::to_string).collect();
    rows.sort();
    rows
}

async fn deploy(app: &TestApp, client: &Client, project: &str) {
    app.gql_ok(client, "mutation($p: ID!) { deploy(projectId: $p) { status } }", json!({"p": project})).await;
    eventually("the deploy", Duration::from_secs(120), || async {
        (app.gql_ok(client, STATUS, json!({"p": project})).await["deployStatus"]["status"] == "SYNCRONIZED").then_some(())
    })
    .await;
}

#[tokio::test]
async fn a_pinned_answer_is_served_from_the_cache_refreshed_on_demand_and_marked_stale_by_a_deploy_that_changes_it() {
    let app = TestApp::spawn().await.with_worker();
    let (client, project, dashboard) = board(&app, "dash-cache", &["number of tracks per genre", "how many albums are there"]).await;

    let first = open(&app, &client, &project, &dashboard).await;
    let items = first["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0]["layout"], json!({"x": 0, "y": 0, "w": 6, "h": 4}), "the first tile top left: {first}");
    assert_eq!((&items[1]["layout"]["x"], &items[1]["layout"]["y"]), (&json!(6), &json!(0)), "the second in the free space beside it: {first}");
    for item in items {
        assert_eq!(item["data"]["cacheHit"], false, "first view runs the SQL: {item}");
        assert!(!item["data"]["rows"].as_array().unwrap().is_empty(), "{item}");
    }

    let second = open(&app, &client, &project, &dashboard).await;
    for (before, after) in items.iter().zip(second["items"].as_array().unwrap()) {
        assert_eq!(after["data"]["cacheHit"], true, "{after}");
        assert_eq!(after["data"]["overridden"], false);
        assert_eq!(created_at(after), created_at(before), "served from the cache, not run again");
        assert_eq!(after["data"]["rows"], before["data"]["rows"]);
    }

    // Refreshing one tile runs it again and marks the entry overridden; the other keeps its entry.
    let tracks = &items[0];
    let refreshed = app
        .gql_ok(
            &client,
            "mutation($p: ID!, $i: ID!) { refreshDashboardItem(projectId: $p, itemId: $i) { data { cacheHit cacheCreatedAt overridden } } }",
            json!({"p": project, "i": tracks["id"]}),
        )
        .await["refreshDashboardItem"]
        .clone();
    assert_eq!(refreshed["data"]["cacheHit"], false);
    assert_eq!(refreshed["data"]["overridden"], true);
    assert!(created_at(&refreshed) > created_at(tracks));
    let third = open(&app, &client, &project, &dashboard).await;
    assert_eq!(third["items"][0]["data"]["overridden"], true);
    assert_eq!(created_at(&third["items"][0]), created_at(&refreshed));
    assert_eq!(created_at(&third["items"][1]), created_at(&items[1]));

    // A deploy that changes the Track model makes the tracks tile stale, not the albums tile.
    let models = app.gql_ok(&client, "query($p: ID!) { models(projectId: $p) { id referenceName } }", json!({"p": project})).await;
    let track = models["models"].as_array().unwrap().iter().find(|m| m["referenceName"] == "Track").expect("a Track model")["id"].clone();
    app.gql_ok(
        &client,
        "mutation($m: ID!) { createCalculatedField(modelId: $m, data: {name: \"price_cents\", expression: \"UnitPrice * 100\"}) }",
        json!({"m": track}),
    )
    .await;
    deploy(&app, &client, &project).await;
    let after_deploy = open(&app, &client, &project, &dashboard).await;
    assert_eq!(after_deploy["items"][0]["data"]["stale"], true, "the tracks tile reads Track: {after_deploy}");
    assert_eq!(after_deploy["items"][0]["data"]["cacheHit"], true, "a stale result is still shown until refreshed");
    assert_eq!(after_deploy["items"][1]["data"]["stale"], false, "the albums tile does not read Track: {after_deploy}");
    let refreshed = app
        .gql_ok(
            &client,
            "mutation($p: ID!, $i: ID!) { refreshDashboardItem(projectId: $p, itemId: $i) { data { stale } } }",
            json!({"p": project, "i": tracks["id"]}),
        )
        .await;
    assert_eq!(refreshed["refreshDashboardItem"]["data"]["stale"], false);
    assert_eq!(open(&app, &client, &project, &dashboard).await["items"][0]["data"]["stale"], false);

    // With the cache off every view runs the SQL.
    app.gql_ok(
        &client,
        "mutation($p: ID!, $d: ID!) { updateDashboard(projectId: $p, dashboardId: $d, data: {cacheEnabled: false}) { id } }",
        json!({"p": project, "d": dashboard}),
    )
    .await;
    for _ in 0..2 {
        for item in open(&app, &client, &project, &dashboard).await["items"].as_array().unwrap() {
            assert_eq!(item["data"]["cacheHit"], false, "{item}");
        }
    }
}

#[tokio::test]
async fn layouts_and_tiles_are_checked_and_kept() {
    let app = TestApp::spawn().await.with_worker();
    let (client, project, dashboard) = board(&app, "dash-layout", &["number of tracks per genre"]).await;
    let number = pin(&app, &client, &project, &dashboard, "how many tracks are there", Some("NUMBER")).await;
    assert_eq!(number["type"], "NUMBER");
    assert_eq!(number["layout"], json!({"x": 6, "y": 0, "w": 3, "h": 2}), "in the first free space, beside the chart");
    let chart = open(&app, &client, &project, &dashboard).await["items"][0]["id"].clone();

    const LAYOUTS: &str = "mutation($p: ID!, $d: ID!, $l: [ItemLayoutInput!]!) { updateDashboardItemLayouts(projectId: $p, dashboardId: $d, layouts: $l) { items { id layout { x y w h } } } }";
    let moved = json!([{"itemId": chart, "x": 3, "y": 0, "w": 9, "h": 5}, {"itemId": number["id"], "x": 0, "y": 0, "w": 3, "h": 5}]);
    app.gql_ok(&client, LAYOUTS, json!({"p": project, "d": dashboard, "l": moved})).await;
    let reopened = open(&app, &client, &project, &dashboard).await;
    let layouts: Vec<(Value, Value)> = reopened["items"].as_array().unwrap().iter().map(|i| (i["id"].clone(), i["layout"].clone())).collect();
    assert!(layouts.contains(&(chart.clone(), json!({"x": 3, "y": 0, "w": 9, "h": 5}))), "{layouts:?}");
    assert!(layouts.contains(&(number["id"].clone(), json!({"x": 0, "y": 0, "w": 3, "h": 5}))), "{layouts:?}");

    for (bad, says) in [
        (json!({"x": -1, "y": 0, "w": 3, "h": 2}), "negative"),
        (json!({"x": 0, "y": -2, "w": 3, "h": 2}), "negative"),
        (json!({"x": 0, "y": 0, "w": 0, "h": 2}), "greater than 0"),
        (json!({"x": 0, "y": 0, "w": 3, "h": 0}), "greater than 0"),
        (json!({"x": 10, "y": 0, "w": 3, "h": 2}), "12 columns"),
        // Numbers that would wrap around are refused, not stored.
        (json!({"x": 2147483647, "y": 0, "w": 1, "h": 2}), "12 columns"),
        (json!({"x": 0, "y": 2147483647, "w": 3, "h": 1}), "rows (y + h"),
        (json!({"x": 0, "y": 0, "w": 3, "h": 2147483647}), "rows high"),
    ] {
        let mut layout = bad.clone();
        layout["itemId"] = chart.clone();
        // A valid layout in the same call is not applied either: all or none.
        let both = json!([{"itemId": number["id"], "x": 6, "y": 9, "w": 3, "h": 2}, layout]);
        let body = app.gql(&client, LAYOUTS, json!({"p": project, "d": dashboard, "l": both})).await;
        assert_eq!(error_code(&body), "INVALID_INPUT", "{bad}: {body}");
        assert!(body["errors"][0]["message"].as_str().unwrap().contains(says), "{body}");
    }
    // A list longer than a dashboard can hold, or one tile twice, is refused as a whole.
    let many: Vec<Value> = (0..51).map(|_| json!({"itemId": number["id"], "x": 0, "y": 0, "w": 3, "h": 2})).collect();
    let body = app.gql(&client, LAYOUTS, json!({"p": project, "d": dashboard, "l": many})).await;
    assert!(error_code(&body) == "INVALID_INPUT" && body["errors"][0]["message"].as_str().unwrap().contains("at most 50 tiles"), "{body}");
    let twice = json!([{"itemId": number["id"], "x": 6, "y": 9, "w": 3, "h": 2}, {"itemId": number["id"], "x": 0, "y": 9, "w": 3, "h": 2}]);
    let body = app.gql(&client, LAYOUTS, json!({"p": project, "d": dashboard, "l": twice})).await;
    assert!(error_code(&body) == "INVALID_INPUT" && body["errors"][0]["message"].as_str().unwrap().contains("once"), "{body}");
    let unchanged = open(&app, &client, &project, &dashboard).await;
    assert!(unchanged["items"].as_array().unwrap().iter().any(|i| i["id"] == number["id"] && i["layout"]["y"] == 0), "{unchanged}");

    // A tile of another dashboard is not this dashboard's to move.
    let other = app.gql_ok(&client, "mutation($p: ID!) { createDashboard(projectId: $p, data: {name: \"Other\"}) { id } }", json!({"p": project})).await;
    let body =
        app.gql(&client, LAYOUTS, json!({"p": project, "d": other["createDashboard"]["id"], "l": [{"itemId": chart, "x": 0, "y": 0, "w": 3, "h": 2}]})).await;
    assert_eq!(error_code(&body), "NOT_FOUND", "{body}");

    app.gql_ok(
        &client,
        "mutation($p: ID!, $i: ID!) { updateDashboardItem(projectId: $p, itemId: $i, name: \"Tracks by genre\") { name } }",
        json!({"p": project, "i": chart}),
    )
    .await;
    app.gql_ok(&client, "mutation($p: ID!, $i: ID!) { deleteDashboardItem(projectId: $p, itemId: $i) }", json!({"p": project, "i": number["id"]})).await;
    let left = open(&app, &client, &project, &dashboard).await;
    assert_eq!(left["items"].as_array().unwrap().len(), 1);
    assert_eq!(left["items"][0]["name"], "Tracks by genre");
}

const SCHEDULE: &str = "mutation($p: ID!, $d: ID!, $s: SetDashboardScheduleInput!) { setDashboardSchedule(projectId: $p, dashboardId: $d, data: $s) {
    schedule { frequency hour minute day cron timezone nextRunAt } } }";

#[tokio::test]
async fn a_daily_schedule_lives_in_temporal_in_its_timezone_and_a_triggered_run_refreshes_every_tile() {
    let app = TestApp::spawn().await.with_worker();
    let (client, project, dashboard) = board(&app, "dash-schedule", &["number of tracks per genre", "how many albums are there"]).await;
    let (project_id, dashboard_id): (Uuid, Uuid) = (project.parse().unwrap(), dashboard.parse().unwrap());

    for (bad, says) in [
        (json!({"frequency": "DAILY", "hour": 24, "minute": 0, "timezone": "UTC"}), "hour"),
        (json!({"frequency": "DAILY", "hour": 8, "minute": 60, "timezone": "UTC"}), "minute"),
        (json!({"frequency": "WEEKLY", "hour": 8, "minute": 0, "timezone": "UTC"}), "day of the week"),
        (json!({"frequency": "DAILY", "hour": 8, "minute": 0, "timezone": "Europe/Atlantis"}), "timezone"),
        (json!({"frequency": "CUSTOM", "cron": "*/5 * * * *"}), "10 minutes"),
    ] {
        let body = app.gql(&client, SCHEDULE, json!({"p": project, "d": dashboard, "s": bad})).await;
        assert_eq!(error_code(&body), "INVALID_INPUT", "{bad}: {body}");
        assert!(body["errors"][0]["message"].as_str().unwrap().contains(says), "{body}");
    }
    let temporal = app.state.temporal().await.unwrap();
    assert!(temporal.describe_schedule(project_id, dashboard_id).await.unwrap().is_none(), "a refused schedule leaves none in Temporal");

    let set = app
        .gql_ok(&client, SCHEDULE, json!({"p": project, "d": dashboard, "s": {"frequency": "DAILY", "hour": 8, "minute": 0, "timezone": "Europe/Berlin"}}))
        .await;
    let schedule = &set["setDashboardSchedule"]["schedule"];
    assert_eq!(schedule["timezone"], "Europe/Berlin");
    let next: DateTime<Utc> = schedule["nextRunAt"].as_str().expect("the next run").parse().unwrap();
    let local = next.with_timezone(&Tz::Europe__Berlin);
    assert_eq!((local.hour(), local.minute()), (8, 0), "08:00 in Berlin whatever its offset: {next}");

    // Temporal keeps the wall-clock time and the zone, not a UTC offset; the next run shown
    // (read from Postgres) is the one Temporal will fire.
    let described = temporal.describe_schedule(project_id, dashboard_id).await.unwrap().expect("the schedule in Temporal");
    assert_eq!(described.timezone, "Europe/Berlin");
    assert!(described.next_runs.len() >= 2, "{described:?}");
    assert_eq!(DateTime::<Utc>::from(described.next_runs[0]), next, "{described:?}");
    for run in &described.next_runs {
        let local = DateTime::<Utc>::from(*run).with_timezone(&Tz::Europe__Berlin);
        assert_eq!((local.hour(), local.minute()), (8, 0), "{described:?}");
    }

    // Triggering it refreshes every tile, as one run with one step per tile.
    let before = open(&app, &client, &project, &dashboard).await;
    app.gql_ok(&client, "mutation($p: ID!, $d: ID!) { refreshDashboard(projectId: $p, dashboardId: $d) { id } }", json!({"p": project, "d": dashboard})).await;
    refreshed(&app, &client, &project, &dashboard, "SUCCEEDED").await;
    let after = open(&app, &client, &project, &dashboard).await;
    assert_eq!(after["lastRefresh"]["scheduled"], true, "started by the schedule: {after}");
    assert_eq!(after["lastRefresh"]["tilesRefreshed"], 2);
    for (old, new) in before["items"].as_array().unwrap().iter().zip(after["items"].as_array().unwrap()) {
        assert!(created_at(new) > created_at(old), "every tile refreshed: {old} → {new}");
        assert_eq!(new["data"]["overridden"], true);
        assert_eq!(new["data"]["cacheHit"], true, "the run filled the cache the dashboard is read from");
    }
    let described = temporal.describe_schedule(project_id, dashboard_id).await.unwrap().unwrap();
    assert!(described.recent_runs.iter().any(|id| id.starts_with(&format!("project-{project_id}-dashboard-refresh-{dashboard_id}"))), "{described:?}");

    // WEEKLY replaces it in place; NEVER and deleting the dashboard remove it.
    app.gql_ok(
        &client,
        SCHEDULE,
        json!({"p": project, "d": dashboard, "s": {"frequency": "WEEKLY", "day": "MON", "hour": 9, "minute": 30, "timezone": "America/New_York"}}),
    )
    .await;
    let weekly = temporal.describe_schedule(project_id, dashboard_id).await.unwrap().unwrap();
    assert_eq!(weekly.timezone, "America/New_York");
    for run in &weekly.next_runs {
        let local = DateTime::<Utc>::from(*run).with_timezone(&Tz::America__New_York);
        assert_eq!((local.format("%a").to_string(), local.hour(), local.minute()), ("Mon".to_owned(), 9, 30));
    }
    app.gql_ok(&client, SCHEDULE, json!({"p": project, "d": dashboard, "s": {"frequency": "NEVER"}})).await;
    assert!(temporal.describe_schedule(project_id, dashboard_id).await.unwrap().is_none());
    app.gql_ok(&client, SCHEDULE, json!({"p": project, "d": dashboard, "s": {"frequency": "CUSTOM", "cron": "0 */2 * * *", "timezone": "Asia/Tokyo"}})).await;
    assert!(temporal.describe_schedule(project_id, dashboard_id).await.unwrap().is_some());
    app.gql_ok(&client, "mutation($p: ID!, $d: ID!) { deleteDashboard(projectId: $p, dashboardId: $d) }", json!({"p": project, "d": dashboard})).await;
    assert!(temporal.describe_schedule(project_id, dashboard_id).await.unwrap().is_none(), "the schedule goes with the dashboard");
}

#[tokio::test]
async fn a_tile_that_fails_records_its_error_and_the_others_refresh() {
    let app = TestApp::spawn().await.with_worker();
    let (client, project, dashboard) = board(&app, "dash-partial", &["number of tracks per genre", "how many albums are there"]).await;
    let items = open(&app, &client, &project, &dashboard).await["items"].clone();
    // The tile's SQL no longer compiles (as after a model it read was removed).
    sqlx::query("UPDATE dashboard_items SET sql = 'SELECT nothing FROM \"NoSuchModel\"' WHERE id = $1")
        .bind(Uuid::parse_str(items[1]["id"].as_str().unwrap()).unwrap())
        .execute(&app.state.pool)
        .await
        .unwrap();
    app.gql_ok(&client, "mutation($p: ID!, $d: ID!) { refreshDashboard(projectId: $p, dashboardId: $d) { id } }", json!({"p": project, "d": dashboard})).await;
    let after = eventually("the run", Duration::from_secs(90), || async {
        let now = open(&app, &client, &project, &dashboard).await;
        (now["lastRefresh"]["finishedAt"].is_string()).then_some(now)
    })
    .await;
    assert_eq!(after["lastRefresh"]["status"], "PARTIAL", "{after}");
    assert_eq!((after["lastRefresh"]["tilesRefreshed"].as_i64(), after["lastRefresh"]["tilesFailed"].as_i64()), (Some(1), Some(1)));
    assert!(created_at(&after["items"][0]) > created_at(&items[0]), "the good tile refreshed");
    assert!(after["items"][1]["lastError"].as_str().unwrap().contains("cannot be used"), "{after}");
    assert_eq!(after["items"][1]["data"]["cacheHit"], true, "its last good result is still shown");
}

#[tokio::test]
async fn a_worker_killed_during_a_scheduled_refresh_leaves_no_tile_half_refreshed() {
    let mut app = TestApp::spawn().await.with_worker();
    let questions = ["number of tracks per genre", "how many albums are there", "number of albums per artist", "how many customers are there"];
    let (client, project, dashboard) = board(&app, "dash-kill", &questions).await;
    app.gql_ok(&client, SCHEDULE, json!({"p": project, "d": dashboard, "s": {"frequency": "DAILY", "hour": 3, "minute": 15, "timezone": "Europe/Berlin"}}))
        .await;
    let before = open(&app, &client, &project, &dashboard).await;

    // A slow worker takes the run and is killed part-way; a fresh one finishes it.
    app.kill_worker();
    app.start_worker_with(&[("QUARRY_CHAOS_STEP_DELAY_MS", "2500")]);
    app.gql_ok(&client, "mutation($p: ID!, $d: ID!) { refreshDashboard(projectId: $p, dashboardId: $d) { id } }", json!({"p": project, "d": dashboard})).await;
    let dashboard_id: Uuid = dashboard.parse().unwrap();
    let pool = app.state.pool.clone();
    eventually("the first tile refreshed by the slow worker", Duration::from_secs(60), || async {
        let done: i64 =
            sqlx::query_scalar("SELECT count(*) FROM dashboard_refresh_tiles t JOIN dashboard_refreshes r ON r.id = t.refresh_id WHERE r.dashboard_id = $1")
                .bind(dashboard_id)
                .fetch_one(&pool)
                .await
                .unwrap();
        (done >= 1).then_some(())
    })
    .await;
    app.kill_worker();
    let running = open(&app, &client, &project, &dashboard).await;
    assert_eq!(running["lastRefresh"]["status"], "RUNNING", "not finished while the killed worker held it: {running}");
    app.start_worker();
    let after = eventually("the run to finish on the fresh worker", Duration::from_secs(120), || async {
        let now = open(&app, &client, &project, &dashboard).await;
        (now["lastRefresh"]["status"] == "SUCCEEDED").then_some(now)
    })
    .await;
    assert_eq!(after["lastRefresh"]["tilesRefreshed"], questions.len());
    for (old, new) in before["items"].as_array().unwrap().iter().zip(after["items"].as_array().unwrap()) {
        assert!(created_at(new) > created_at(old), "{old} → {new}");
        assert_eq!(sorted_rows(new), sorted_rows(old), "the same data, whole");
        assert!(new["lastError"].is_null());
    }
    // One outcome per tile, however often a step ran.
    let outcomes: Vec<(Uuid, i64)> = sqlx::query_as(
        "SELECT t.item_id, count(*) FROM dashboard_refresh_tiles t JOIN dashboard_refreshes r ON r.id = t.refresh_id WHERE r.dashboard_id = $1 GROUP BY t.item_id",
    )
    .bind(dashboard_id)
    .fetch_all(&app.state.pool)
    .await
    .unwrap();
    assert_eq!(outcomes.len(), questions.len());
    assert!(outcomes.iter().all(|(_, n)| *n == 1), "{outcomes:?}");
    let project_id: Uuid = project.parse().unwrap();
    // The project's removal takes its schedules with it.
    app.gql_ok(&client, "mutation($id: ID!) { deleteProject(where: {id: $id}) { state } }", json!({"id": project})).await;
    let temporal = app.state.temporal().await.unwrap();
    eventually("the schedule removed with the project", Duration::from_secs(60), || async {
        temporal.describe_schedule(project_id, dashboard_id).await.unwrap().is_none().then_some(())
    })
    .await;
    eventually("the dashboard removed with the project", Duration::from_secs(60), || async {
        dashboard::get(&app.state.pool, project_id, dashboard_id).await.is_err().then_some(())
    })
    .await;
}

#[tokio::test]
async fn a_scheduled_refresh_whose_creator_lost_access_stops_and_says_so_on_the_dashboard() {
    use quarry_domain::{
        org,
        permissions::{OrgRole, ProjectRole},
        project, user,
    };
    let app = TestApp::spawn().await.with_worker();
    let pool = app.state.pool.clone();
    let (admin, _) = app.signed_in("dash-gone-admin").await;
    let p = music(&app, &admin, "Gone").await;
    let project_id: Uuid = p.parse().unwrap();
    let org_id = project::get(&pool, project_id).await.unwrap().org_id;
    // A contributor makes a dashboard in a folder everyone in the project sees, and schedules it.
    let (email, password) = app.user("dash-gone-contributor").await;
    let contributor_id = user::find_by_email(&pool, &email).await.unwrap().unwrap().id;
    org::add_member(&pool, org_id, contributor_id, OrgRole::Member).await.unwrap();
    project::add_member(&mut pool.acquire().await.unwrap(), &project::get(&pool, project_id).await.unwrap(), &email, ProjectRole::Contributor).await.unwrap();
    user::set_current(&pool, contributor_id, Some(org_id), Some(project_id)).await.unwrap();
    let contributor = app.signed_in_as(&email, &password).await;
    let folder = app
        .gql_ok(&admin, "mutation($p: ID!) { createFolder(projectId: $p, data: {name: \"Team\", access: ANYONE_IN_PROJECT}) { id } }", json!({"p": p}))
        .await;
    let folder = folder["createFolder"]["id"].as_str().unwrap().to_owned();
    let board = app
        .gql_ok(
            &contributor,
            "mutation($p: ID!, $f: ID) { createDashboard(projectId: $p, data: {name: \"Weekly\", folderId: $f}) { id } }",
            json!({"p": p, "f": folder}),
        )
        .await;
    let dashboard = board["createDashboard"]["id"].as_str().unwrap().to_owned();
    pin(&app, &contributor, &p, &dashboard, "how many albums are there", None).await;
    let daily = json!({"frequency": "DAILY", "hour": 6, "minute": 0, "timezone": "UTC"});
    app.gql_ok(&contributor, SCHEDULE, json!({"p": p, "d": dashboard, "s": daily})).await;
    let before = open(&app, &admin, &p, &dashboard).await;
    let cached_at = created_at(&before["items"][0]);

    // They leave the project; the schedule fires.
    app.gql_ok(&admin, "mutation($p: ID!, $u: ID!) { removeProjectMember(data: {projectId: $p, userId: $u}) }", json!({"p": p, "u": contributor_id})).await;
    let temporal = app.state.temporal().await.unwrap();
    temporal.trigger_schedule(project_id, dashboard.parse().unwrap()).await.unwrap();
    let after = eventually("the stopped run", Duration::from_secs(90), || async {
        let now = open(&app, &admin, &p, &dashboard).await;
        (now["lastRefresh"]["status"] == "STOPPED").then_some(now)
    })
    .await;
    assert!(after["lastRefresh"]["reason"].as_str().unwrap().contains("no longer has access"), "{after}");
    assert_eq!(after["lastRefresh"]["tilesRefreshed"], 0);
    assert_eq!(created_at(&after["items"][0]), cached_at, "nothing was read for someone without access: {after}");
}

const FILTERED: &str = "query($p: ID!, $d: ID!, $f: [DashboardFilterInput!]!) { dashboard(projectId: $p, dashboardId: $d, filters: $f) {
    items { id name data { cacheHit error unfiltered rows columns { name } } } } }";

#[tokio::test]
async fn dashboard_filters_narrow_every_tile_that_can_take_them_and_name_the_ones_that_cannot() {
    let app = TestApp::spawn().await.with_worker();
    let (client, project, dashboard) = board(&app, "filters", &["total revenue by country", "total revenue by month", "how many tracks by genre"]).await;
    let before = open(&app, &client, &project, &dashboard).await;
    let tile =
        |board: &Value, name: &str| board["items"].as_array().unwrap().iter().find(|i| i["name"] == name).cloned().unwrap_or_else(|| panic!("{name}: {board}"));
    let filtered = |filters: Value| {
        let (app, client, project, dashboard) = (&app, &client, &project, &dashboard);
        async move { app.gql(client, FILTERED, json!({"p": project, "d": dashboard, "f": filters})).await }
    };

    // Values of a column: the tile that reads its model keeps only them; the others say why not.
    let countries = filtered(json!([{"model": "Invoice", "column": "BillingCountry", "values": ["USA", "Canada"]}])).await;
    let by_country = tile(&countries["data"]["dashboard"], "total revenue by country");
    let shown: Vec<&str> = by_country["data"]["rows"].as_array().unwrap().iter().map(|r| r[0].as_str().unwrap()).collect();
    assert_eq!(shown.len(), 2, "{by_country}");
    assert!(shown.contains(&"USA") && shown.contains(&"Canada"), "{shown:?}");
    assert_eq!(by_country["data"]["cacheHit"], false, "a filtered tile runs now");
    assert_eq!(by_country["data"]["unfiltered"], json!([]));
    let genres = tile(&countries["data"]["dashboard"], "how many tracks by genre");
    assert_eq!(genres["data"]["unfiltered"], json!(["billing country (this tile does not read Invoice)"]), "{genres}");
    assert_eq!(sorted_rows(&genres), sorted_rows(&tile(&before, "how many tracks by genre")), "not narrowed");

    // A date range on each tile's own date, both days included.
    let quarter = filtered(json!([{"from": "2023-01-01", "to": "2023-03-31"}])).await;
    let months = tile(&quarter["data"]["dashboard"], "total revenue by month");
    let rows = months["data"]["rows"].as_array().unwrap();
    assert!(!rows.is_empty() && rows.len() <= 3, "{months}");
    assert!(rows.iter().all(|r| r[0].as_str().unwrap().starts_with("2023-0")), "{months}");
    let all_months = tile(&before, "total revenue by month")["data"]["rows"].as_array().unwrap().len();
    assert!(all_months > 3, "the unfiltered tile has more months: {all_months}");
    let genres = tile(&quarter["data"]["dashboard"], "how many tracks by genre");
    assert_eq!(genres["data"]["unfiltered"], json!(["the date range (this tile shows no dates)"]));

    // The cache is neither read nor changed by a filtered view.
    let after = open(&app, &client, &project, &dashboard).await;
    for name in ["total revenue by country", "total revenue by month"] {
        assert_eq!(tile(&after, name)["data"]["cacheHit"], true, "{name}");
        assert_eq!(sorted_rows(&tile(&after, name)), sorted_rows(&tile(&before, name)), "{name}");
    }

    // Bad filters are refused with the reason, and nothing runs.
    let backwards = filtered(json!([{"from": "2023-03-31", "to": "2023-01-01"}])).await;
    assert_eq!(error_code(&backwards), "INVALID_INPUT", "{backwards}");
    assert!(backwards["errors"][0]["message"].as_str().unwrap().contains("ends"), "{backwards}");
    let mixed = filtered(json!([{"from": "2023-01-01", "model": "Invoice", "column": "BillingCountry", "values": ["USA"]}])).await;
    assert_eq!(error_code(&mixed), "INVALID_INPUT", "{mixed}");
    let many = filtered(json!((0..11).map(|i| json!({"model": "Invoice", "column": "BillingCountry", "values": [format!("c{i}")]})).collect::<Vec<_>>())).await;
    assert_eq!(error_code(&many), "INVALID_INPUT", "{many}");
    let injected = filtered(json!([{"model": "Invoice", "column": "BillingCountry", "values": ["USA') OR 1=1 --"]}])).await;
    let none = tile(&injected["data"]["dashboard"], "total revenue by country");
    assert_eq!(none["data"]["rows"], json!([]), "a value is a value: {none}");
}

#[tokio::test]
async fn a_click_on_a_tile_opens_the_rows_behind_it_in_a_new_spreadsheet() {
    let app = TestApp::spawn().await.with_worker();
    let (client, project, dashboard) = board(&app, "drill", &["total revenue by country"]).await;
    let board_now = open(&app, &client, &project, &dashboard).await;
    let item = board_now["items"][0]["id"].as_str().unwrap().to_owned();
    let drill = |picks: Value, filters: Value| {
        let (app, client, project, item) = (&app, &client, &project, item.clone());
        async move {
            app.gql(
                client,
                "mutation($p: ID!, $i: ID!, $d: DrillInput!) { drillIntoDashboardItem(projectId: $p, itemId: $i, data: $d) }",
                json!({"p": project, "i": item, "d": {"picks": picks, "filters": filters}}),
            )
            .await
        }
    };
    let column = board_now["items"][0]["data"]["columns"][0]["name"].as_str().unwrap().to_owned();
    let opened = drill(json!([{"column": column, "value": "Canada"}]), json!([])).await;
    let sheet = opened["data"]["drillIntoDashboardItem"].as_str().unwrap_or_else(|| panic!("{opened}")).to_owned();
    let page = |sheet: String| {
        let (app, client, project) = (&app, &client, &project);
        async move {
            app.gql_ok(
                client,
                "query($p: ID!, $s: ID!) { spreadsheet(projectId: $p, spreadsheetId: $s) { name sql } spreadsheetPage(projectId: $p, spreadsheetId: $s, data: {page: 1, pageSize: 100}) { totalRows } }",
                json!({"p": project, "s": sheet}),
            )
            .await
        }
    };
    let behind = page(sheet).await;
    assert_eq!(behind["spreadsheet"]["name"], "total revenue by country — Canada", "{behind}");
    // The same rows as the tile's base model (invoice lines) read by hand for Canada.
    let sql = behind["spreadsheet"]["sql"].as_str().unwrap();
    assert!(sql.starts_with("SELECT \"InvoiceLine\".* FROM \"InvoiceLine\""), "{sql}");
    let by_hand = "SELECT \"InvoiceLine\".* FROM \"InvoiceLine\" JOIN \"Invoice\" ON \"InvoiceLine\".\"InvoiceId\" = \"Invoice\".\"InvoiceId\" JOIN \"Customer\" ON \"Invoice\".\"CustomerId\" = \"Customer\".\"CustomerId\" WHERE \"Customer\".\"Country\" = 'Canada'";
    let made = app
        .gql_ok(
            &client,
            "mutation($p: ID!, $d: CreateSpreadsheetInput!) { createSpreadsheet(projectId: $p, data: $d) { id } }",
            json!({"p": project, "d": {"name": "by hand", "sql": by_hand}}),
        )
        .await;
    let expected = page(made["createSpreadsheet"]["id"].as_str().unwrap().to_owned()).await;
    let total = behind["spreadsheetPage"]["totalRows"].as_i64().unwrap();
    assert!(total > 0, "{behind}");
    assert_eq!(total, expected["spreadsheetPage"]["totalRows"].as_i64().unwrap(), "{sql} vs {by_hand}");

    // The measure is no group; nothing is created for a refused click.
    let refused = drill(json!([{"column": board_now["items"][0]["data"]["columns"][1]["name"], "value": 1}]), json!([])).await;
    assert_eq!(error_code(&refused), "INVALID_INPUT", "{refused}");
    let too_many = drill(json!([{"column": column, "value": "a"}, {"column": column, "value": "b"}, {"column": column, "value": "c"}]), json!([])).await;
    assert_eq!(error_code(&too_many), "INVALID_INPUT", "{too_many}");
    // With the dashboard's filters: Canada's rows in a range with none are none.
    let filtered = drill(json!([{"column": column, "value": "Canada"}]), json!([{"from": "1990-01-01", "to": "1990-12-31"}])).await;
    let none = page(filtered["data"]["drillIntoDashboardItem"].as_str().unwrap_or_else(|| panic!("{filtered}")).to_owned()).await;
    assert_eq!(none["spreadsheetPage"]["totalRows"], 0, "{none}");
    // Someone else's project: refused without saying whether it exists.
    let (stranger, _) = app.signed_in("drill-stranger").await;
    let other = app
        .gql(
            &stranger,
            "mutation($p: ID!, $i: ID!, $d: DrillInput!) { drillIntoDashboardItem(projectId: $p, itemId: $i, data: $d) }",
            json!({"p": project, "i": item, "d": {"picks": [{"column": column, "value": "Canada"}]}}),
        )
        .await;
    assert!(other["errors"].is_array() && other["data"].is_null(), "{other}");
}

#[tokio::test]
async fn a_text_tile_holds_a_note_across_the_grid_and_is_never_run() {
    let app = TestApp::spawn().await.with_worker();
    let (client, project, dashboard) = board(&app, "text-tile", &["number of tracks per genre"]).await;
    let add = |text: String| {
        let (app, client, project, dashboard) = (&app, &client, &project, &dashboard);
        async move {
            app.gql(
                client,
                "mutation($p: ID!, $d: CreateDashboardTextItemInput!) { createDashboardTextItem(projectId: $p, data: $d) { id name type text layout { x y w h } } }",
                json!({"p": project, "d": {"dashboardId": dashboard, "text": text}}),
            )
            .await
        }
    };
    let created = add("# Sales at a glance\nRefreshed every morning.".into()).await;
    let tile = &created["data"]["createDashboardTextItem"];
    assert_eq!(tile["type"], "TEXT", "{created}");
    assert_eq!(tile["name"], "Sales at a glance");
    assert_eq!(tile["layout"], json!({"x": 0, "y": 4, "w": 12, "h": 2}), "a full-width row under the chart: {tile}");

    let opened = open(&app, &client, &project, &dashboard).await;
    let text = opened["items"].as_array().unwrap().iter().find(|i| i["id"] == tile["id"]).unwrap().clone();
    assert_eq!(text["data"]["rows"], json!([]));
    assert_eq!(text["data"]["error"], Value::Null);

    // Refresh all runs the chart only.
    app.gql_ok(&client, "mutation($p: ID!, $d: ID!) { refreshDashboard(projectId: $p, dashboardId: $d) { id } }", json!({"p": project, "d": dashboard})).await;
    let refreshed = eventually("the refresh to end", Duration::from_secs(60), || async {
        let board = open(&app, &client, &project, &dashboard).await;
        (board["lastRefresh"]["status"] == "SUCCEEDED").then_some(board)
    })
    .await;
    assert_eq!(refreshed["lastRefresh"]["tilesRefreshed"], 1, "{refreshed}");

    // Its text can change; its name follows the first line.
    let changed = app
        .gql_ok(
            &client,
            "mutation($p: ID!, $i: ID!, $t: String) { updateDashboardItem(projectId: $p, itemId: $i, text: $t) { name text } }",
            json!({"p": project, "i": tile["id"], "t": "Q3 review"}),
        )
        .await;
    assert_eq!(changed["updateDashboardItem"], json!({"name": "Q3 review", "text": "Q3 review"}));

    // Refused with the reason, nothing added or changed.
    for bad in ["   ".to_owned(), "x".repeat(5001)] {
        assert_eq!(error_code(&add(bad.clone()).await), "INVALID_INPUT", "{}", bad.len());
    }
    let chart = opened["items"].as_array().unwrap().iter().find(|i| i["type"] != "TEXT").unwrap()["id"].clone();
    let not_text = app
        .gql(&client, "mutation($p: ID!, $i: ID!) { updateDashboardItem(projectId: $p, itemId: $i, text: \"hi\") { id } }", json!({"p": project, "i": chart}))
        .await;
    assert_eq!(error_code(&not_text), "INVALID_INPUT", "{not_text}");
    let after = open(&app, &client, &project, &dashboard).await;
    assert_eq!(after["items"].as_array().unwrap().len(), 2);
}

/// A row policy saved after a tile was cached: the cached rows are not served again; the tile
/// runs as the member opening the dashboard, and its cached result is read only by viewers the
/// policy gives the same values.
#[tokio::test]
async fn a_tile_cached_before_a_row_policy_is_not_served_after_it_and_runs_as_its_viewer() {
    let app = TestApp::spawn().await.with_worker();
    let (client, project, dashboard) = board(&app, "dash-policy", &["how many customers are there"]).await;
    let first = open(&app, &client, &project, &dashboard).await;
    assert_eq!(first["items"][0]["data"]["rows"][0][0].to_string().trim_matches('"'), "59", "{first}");
    assert_eq!(open(&app, &client, &project, &dashboard).await["items"][0]["data"]["cacheHit"], true);

    app.gql_ok(
        &client,
        "mutation($p: ID!, $d: CreateSessionPropertyInput!) { createSessionProperty(projectId: $p, data: $d) { id } }",
        json!({"p": project, "d": {"name": "country", "valueType": "STRING"}}),
    )
    .await;
    app.gql_ok(
        &client,
        "mutation($p: ID!, $d: PolicyInput!) { createPolicy(projectId: $p, data: $d) { id } }",
        json!({"p": project, "d": {"kind": "RLS", "name": "own country", "model": "Customer", "condition": "Country = @country"}}),
    )
    .await;
    let after = open(&app, &client, &project, &dashboard).await;
    let tile = &after["items"][0]["data"];
    assert_eq!(tile["cacheHit"], false, "{after}");
    assert_eq!(tile["rows"][0][0].to_string().trim_matches('"'), "0", "no value, no rows: {after}");

    // With a value of their own, their country's customers, run for them, then from the cache.
    let properties = app.gql_ok(&client, "query($p: ID!) { sessionProperties(projectId: $p) { id } }", json!({"p": project})).await;
    let me = app.gql_ok(&client, "{ me { id } }", json!({})).await["me"]["id"].clone();
    app.gql_ok(
        &client,
        "mutation($p: ID!, $d: SessionPropertyValueInput!) { setSessionPropertyValue(projectId: $p, data: $d) }",
        json!({"p": project, "d": {"propertyId": properties["sessionProperties"][0]["id"], "userId": me, "value": "USA"}}),
    )
    .await;
    let mine = open(&app, &client, &project, &dashboard).await;
    assert_eq!(mine["items"][0]["data"]["cacheHit"], false, "{mine}");
    assert_eq!(mine["items"][0]["data"]["rows"][0][0].to_string().trim_matches('"'), "13", "{mine}");
    let again = open(&app, &client, &project, &dashboard).await;
    assert_eq!(again["items"][0]["data"]["cacheHit"], true, "{again}");
    assert_eq!(again["items"][0]["data"]["rows"][0][0].to_string().trim_matches('"'), "13", "{again}");

    // A refresh (run for nobody) also warms the context of each member seen lately: theirs is
    // read from the cache, refreshed by the run, with their rows.
    app.gql_ok(&client, "mutation($p: ID!, $d: ID!) { refreshDashboard(projectId: $p, dashboardId: $d) { id } }", json!({"p": project, "d": dashboard})).await;
    // Waited for without opening a tile: an opening during the run fills the entry itself (not
    // overridden) and races the run.
    refreshed(&app, &client, &project, &dashboard, "SUCCEEDED").await;
    let warmed = open(&app, &client, &project, &dashboard).await;
    let tile = &warmed["items"][0]["data"];
    assert_eq!((tile["cacheHit"].clone(), tile["overridden"].clone()), (json!(true), json!(true)), "{warmed}");
    assert!(created_at(&warmed["items"][0]) > created_at(&again["items"][0]), "{warmed}");
    assert_eq!(tile["rows"][0][0].to_string().trim_matches('"'), "13", "{warmed}");
}
