//! Spreadsheets: pages, sorts and filters computed at the source, saved columns, and CSV
//! exports written by a workflow and streamed from a file.

use quarry_test_kit::{
    TestApp,
    asking::{ask, music, settle},
    error_code, eventually,
};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

const TRACKS: &str = "SELECT \"Name\", \"Milliseconds\", \"UnitPrice\" FROM \"Track\"";
const PAGE: &str = "query($p: ID!, $s: ID!, $d: PageInput!) { spreadsheetPage(projectId: $p, spreadsheetId: $s, data: $d) {
    columns { name } rows page pageSize totalRows totalPages } }";

/// The export once it has ended: its status, rows and bytes written, download URL and error.
async fn ended_export(app: &TestApp, client: &reqwest::Client, project: &str, export: &str) -> Value {
    eventually("the export", Duration::from_secs(60), || async {
        let polled = app
            .gql_ok(
                client,
                "query($p: ID!, $e: ID!) { spreadsheetExport(projectId: $p, exportId: $e) { status rowsWritten bytesWritten downloadUrl error } }",
                json!({"p": project, "e": export}),
            )
            .await["spreadsheetExport"]
            .clone();
        (polled["status"] != "RUNNING").then_some(polled)
    })
    .await
}

/// A new spreadsheet of the tracks' name, length and price; its id.
async fn tracks_sheet(app: &TestApp, client: &reqwest::Client, project: &str, name: &str) -> String {
    let created = app
        .gql_ok(
            client,
            "mutation($p: ID!, $n: String!, $q: String!) { createSpreadsheet(projectId: $p, data: {name: $n, sql: $q}) { id } }",
            json!({"p": project, "n": name, "q": TRACKS}),
        )
        .await;
    created["createSpreadsheet"]["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_spreadsheet_pages_sorts_and_filters_at_the_source_saves_its_columns_and_exports_them() {
    let app = TestApp::spawn().await.with_worker();
    let (client, _) = app.signed_in("sheet-owner").await;
    let project = music(&app, &client, "Sheets").await;
    let sheet = tracks_sheet(&app, &client, &project, "Tracks").await;
    let page = |data: Value| {
        let (app, client, project, sheet) = (&app, &client, project.clone(), sheet.clone());
        async move { app.gql_ok(client, PAGE, json!({"p": project, "s": sheet, "d": data})).await["spreadsheetPage"].clone() }
    };

    let first = page(json!({"page": 1, "pageSize": 50})).await;
    assert_eq!(first["rows"].as_array().unwrap().len(), 50);
    assert_eq!((first["totalRows"].as_i64(), first["totalPages"].as_i64()), (Some(3503), Some(71)), "{}", first["totalRows"]);
    let names: Vec<&str> = first["columns"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Name", "Milliseconds", "UnitPrice"]);
    let last = page(json!({"page": 71, "pageSize": 50})).await;
    assert_eq!(last["rows"].as_array().unwrap().len(), 3503 - 70 * 50, "the last page holds the rest");

    // Sorted at the source: the first page of a descending sort holds the longest tracks of all.
    let longest = page(json!({"page": 1, "pageSize": 20, "sort": [{"column": "Milliseconds", "direction": "DESCENDING"}]})).await;
    let ms: Vec<i64> = longest["rows"].as_array().unwrap().iter().map(|r| r[1].as_i64().unwrap()).collect();
    assert!(ms.windows(2).all(|w| w[0] >= w[1]), "{ms:?}");
    assert_eq!(ms[0], 5_286_953, "the longest track in the sample");
    let second = page(json!({"page": 2, "pageSize": 20, "sort": [{"column": "Milliseconds", "direction": "DESCENDING"}]})).await;
    assert!(second["rows"][0][1].as_i64().unwrap() <= *ms.last().unwrap());

    // Filtered at the source: the count is of the filtered rows.
    let priced = page(json!({"page": 1, "pageSize": 10, "filters": [{"column": "UnitPrice", "operator": "GREATER_THAN", "value": 0.99}]})).await;
    assert_eq!(priced["totalRows"], 213, "tracks at 1.99");
    // Decimals come as text, to keep their precision.
    let price = |v: &Value| v.as_f64().or_else(|| v.as_str().and_then(|s| s.parse().ok())).unwrap();
    assert!(priced["rows"].as_array().unwrap().iter().all(|r| price(&r[2]) > 0.99), "{priced}");
    let named = page(json!({"page": 1, "pageSize": 10, "filters": [{"column": "Name", "operator": "EQUALS", "value": "Balls to the Wall"}]})).await;
    assert_eq!(named["totalRows"], 1);
    // Values and column names cannot reach the SQL as SQL.
    let quoted = page(json!({"page": 1, "pageSize": 10, "filters": [{"column": "Name", "operator": "EQUALS", "value": "x' OR '1'='1"}]})).await;
    assert_eq!(quoted["totalRows"], 0);
    for (data, says) in [
        (json!({"page": 1, "pageSize": 10, "sort": [{"column": "Nope\" DESC --", "direction": "ASCENDING"}]}), "no column"),
        (json!({"page": 0, "pageSize": 10}), "numbered from 1"),
        (json!({"page": 1, "pageSize": 501}), "1 to 500"),
    ] {
        let body = app.gql(&client, PAGE, json!({"p": project, "s": sheet, "d": data})).await;
        assert_eq!(error_code(&body), "INVALID_INPUT", "{body}");
        assert!(body["errors"][0]["message"].as_str().unwrap().contains(says), "{body}");
    }

    // The grid's columns (order, names, hidden), sort and filters are saved.
    let saved = app
        .gql_ok(
            &client,
            "mutation($p: ID!, $s: ID!, $d: SaveSpreadsheetInput!) { saveSpreadsheet(projectId: $p, spreadsheetId: $s, data: $d) { columns { name label hidden } sort { column direction } filters { column operator value } } }",
            json!({"p": project, "s": sheet, "d": {
                "columns": [{"name": "Milliseconds", "label": "Length (ms)", "hidden": false}, {"name": "Name", "label": "Track", "hidden": false}, {"name": "UnitPrice", "hidden": true}],
                "sort": [{"column": "Milliseconds", "direction": "DESCENDING"}],
                "filters": [{"column": "UnitPrice", "operator": "GREATER_THAN", "value": 0.99}]}}),
        )
        .await;
    let reread = app
        .gql_ok(
            &client,
            "query($p: ID!, $s: ID!) { spreadsheet(projectId: $p, spreadsheetId: $s) { columns { name label hidden } sort { column } filters { column } } }",
            json!({"p": project, "s": sheet}),
        )
        .await;
    assert_eq!(reread["spreadsheet"]["columns"], saved["saveSpreadsheet"]["columns"]);
    assert_eq!(reread["spreadsheet"]["columns"][0]["label"], "Length (ms)");
    let default_page = page(json!({"page": 1, "pageSize": 5})).await;
    assert_eq!(default_page["totalRows"], 213, "the saved filters apply when none are given");
    let body = app
        .gql(
            &client,
            "mutation($p: ID!, $s: ID!, $d: SaveSpreadsheetInput!) { saveSpreadsheet(projectId: $p, spreadsheetId: $s, data: $d) { id } }",
            json!({"p": project, "s": sheet, "d": {"columns": [{"name": "Composer", "hidden": false}], "sort": [], "filters": []}}),
        )
        .await;
    assert_eq!(error_code(&body), "INVALID_INPUT", "a column the SQL does not have: {body}");

    // The export writes the saved grid: its columns in order, renamed, hidden ones left out.
    let started = app
        .gql_ok(&client, "mutation($p: ID!, $s: ID!) { exportSpreadsheet(projectId: $p, spreadsheetId: $s) { id status } }", json!({"p": project, "s": sheet}))
        .await;
    let export = started["exportSpreadsheet"]["id"].as_str().unwrap().to_owned();
    let done = ended_export(&app, &client, &project, &export).await;
    assert_eq!(done["status"], "SUCCEEDED", "{done}");
    assert_eq!(done["rowsWritten"], 213);
    let downloaded = client.get(format!("{}{}", app.url, done["downloadUrl"].as_str().unwrap())).send().await.unwrap();
    assert_eq!(downloaded.status(), StatusCode::OK);
    assert!(downloaded.headers()["content-disposition"].to_str().unwrap().contains("Tracks.csv"));
    let text = downloaded.text().await.unwrap();
    assert_eq!(text.len() as i64, done["bytesWritten"].as_i64().unwrap());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Length (ms),Track");
    assert_eq!(lines.len(), 214);
    let lengths: Vec<i64> = lines[1..].iter().map(|l| l.split(',').next().unwrap().parse().unwrap()).collect();
    assert!(lengths.windows(2).all(|w| w[0] >= w[1]), "sorted as saved");

    // Usage counts the rows and bytes exported.
    let usage = app.gql_ok(&client, "query { me(withUsage: true) { currentOrg { usage { rowsExported } } } }", json!({})).await;
    assert_eq!(usage["me"]["currentOrg"]["usage"]["rowsExported"], 213, "{usage}");

    // Exports are kept three at a time: a fourth removes the first, file and all.
    for _ in 0..3 {
        let again = app
            .gql_ok(&client, "mutation($p: ID!, $s: ID!) { exportSpreadsheet(projectId: $p, spreadsheetId: $s) { id } }", json!({"p": project, "s": sheet}))
            .await;
        let id = again["exportSpreadsheet"]["id"].clone();
        eventually("another export", Duration::from_secs(60), || async {
            let polled = app
                .gql_ok(&client, "query($p: ID!, $e: ID!) { spreadsheetExport(projectId: $p, exportId: $e) { status } }", json!({"p": project, "e": id}))
                .await;
            (polled["spreadsheetExport"]["status"] == "SUCCEEDED").then_some(())
        })
        .await;
    }
    let gone =
        app.gql(&client, "query($p: ID!, $e: ID!) { spreadsheetExport(projectId: $p, exportId: $e) { status } }", json!({"p": project, "e": export})).await;
    assert_eq!(error_code(&gone), "NOT_FOUND", "{gone}");
    let file = quarry_domain::spreadsheet::export::file_of(&app.state.config, project.parse().unwrap(), export.parse().unwrap());
    assert!(!file.exists(), "the oldest export's file is removed");
    let usage = app.gql_ok(&client, "query { me(withUsage: true) { currentOrg { usage { rowsExported } } } }", json!({})).await;
    assert_eq!(usage["me"]["currentOrg"]["usage"]["rowsExported"], 4 * 213, "usage keeps what every export counted");

    // Someone else's spreadsheet and export stay closed to a stranger.
    let (stranger, _) = app.signed_in("sheet-stranger").await;
    let refused = stranger.get(format!("{}{}", app.url, done["downloadUrl"].as_str().unwrap())).send().await.unwrap();
    assert_eq!(refused.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(error_code(&app.gql(&stranger, PAGE, json!({"p": project, "s": sheet, "d": {}})).await), "UNAUTHORIZED_ACCESS");
}

#[tokio::test]
async fn an_export_writes_what_the_grid_shows_saved_or_not() {
    let app = TestApp::spawn().await.with_worker();
    let (client, _) = app.signed_in("sheet-export-view").await;
    let project = music(&app, &client, "Export views").await;
    let sheet = tracks_sheet(&app, &client, &project, "Long tracks").await;
    // What the grid shows, never saved: long tracks by name, the length hidden, the name renamed.
    let sort = json!([{"column": "Name", "direction": "ASCENDING"}]);
    let filters = json!([{"column": "Milliseconds", "operator": "GREATER_THAN", "value": 600000}]);
    let shown = app.gql_ok(&client, PAGE, json!({"p": project, "s": sheet, "d": {"page": 1, "pageSize": 500, "sort": sort, "filters": filters}})).await;
    let shown = &shown["spreadsheetPage"];
    let total = shown["totalRows"].as_i64().unwrap();
    assert!((2..500).contains(&total), "{shown}");
    let view = json!({
        "columns": [{"name": "Name", "label": "Song", "hidden": false}, {"name": "Milliseconds", "hidden": true}, {"name": "UnitPrice", "hidden": false}],
        "sort": sort, "filters": filters});
    const EXPORT: &str = "mutation($p: ID!, $s: ID!, $v: SaveSpreadsheetInput) { exportSpreadsheet(projectId: $p, spreadsheetId: $s, view: $v) { id } }";
    let started = app.gql_ok(&client, EXPORT, json!({"p": project, "s": sheet, "v": view})).await;
    let export = started["exportSpreadsheet"]["id"].clone();
    let done = ended_export(&app, &client, &project, export.as_str().unwrap()).await;
    assert_eq!(done["status"], "SUCCEEDED", "{done}");
    assert_eq!(done["rowsWritten"].as_i64(), Some(total), "as many rows as the grid counts");
    let text = client.get(format!("{}{}", app.url, done["downloadUrl"].as_str().unwrap())).send().await.unwrap().text().await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Song,UnitPrice", "the grid's columns and names");
    // The name is the first field: quoted when it holds a comma or a quote (its quotes doubled).
    let unquoted = |field: &str| match field.strip_prefix('"').and_then(|f| f.strip_suffix('"')) {
        Some(inner) => inner.replace("\"\"", "\""),
        None => field.to_owned(),
    };
    let exported: Vec<String> = lines[1..].iter().map(|l| unquoted(l.rsplit_once(',').unwrap().0)).collect();
    let names: Vec<String> = shown["rows"].as_array().unwrap().iter().map(|r| r[0].as_str().unwrap().to_owned()).collect();
    assert_eq!(exported, names, "the grid's rows in the grid's order");
    // The saved view is untouched by an export.
    let saved = app
        .gql_ok(
            &client,
            "query($p: ID!, $s: ID!) { spreadsheet(projectId: $p, spreadsheetId: $s) { sort { column } filters { column } } }",
            json!({"p": project, "s": sheet}),
        )
        .await;
    assert_eq!(saved["spreadsheet"]["filters"], json!([]), "{saved}");

    // A view the grid could not show is refused before anything runs.
    let too_many: Vec<Value> = (0..51).map(|_| json!({"column": "UnitPrice", "operator": "GREATER_THAN", "value": 0})).collect();
    for (bad, says) in [
        (json!({"columns": [{"name": "Composer", "hidden": false}], "sort": [], "filters": []}), "no column"),
        (json!({"columns": [], "sort": [], "filters": too_many}), "at most 50 filters"),
        (json!({"columns": [], "sort": [{"column": "Name", "direction": "ASCENDING"}, {"column": "Name", "direction": "DESCENDING"}], "filters": []}), "twice"),
    ] {
        let body = app.gql(&client, EXPORT, json!({"p": project, "s": sheet, "v": bad})).await;
        assert_eq!(error_code(&body), "INVALID_INPUT", "{body}");
        assert!(body["errors"][0]["message"].as_str().unwrap().contains(says), "{body}");
    }
    let exports = sqlx::query_scalar!("SELECT count(*) FROM spreadsheet_exports WHERE spreadsheet_id = $1", sheet.parse::<uuid::Uuid>().unwrap())
        .fetch_one(&app.state.pool)
        .await
        .unwrap();
    assert_eq!(exports, Some(1), "no export was recorded for a refused view");
}

#[tokio::test]
async fn a_spreadsheet_is_built_from_a_response_and_refuses_sql_that_does_not_compile() {
    let app = TestApp::spawn().await.with_worker();
    let (client, _) = app.signed_in("sheet-response").await;
    let project = music(&app, &client, "Sheets from answers").await;
    let task = ask(&app, &client, &project, "number of tracks per genre", None).await;
    settle(&app, &client, &project, task["id"].as_str().unwrap(), 120).await;
    let preview = app
        .gql_ok(
            &client,
            "query($p: ID!, $r: ID!) { previewSpreadsheet(projectId: $p, data: {responseId: $r, pageSize: 5}) { rows totalRows } }",
            json!({"p": project, "r": task["responseId"]}),
        )
        .await;
    assert_eq!(preview["previewSpreadsheet"]["totalRows"], 25, "one row per genre");
    assert_eq!(preview["previewSpreadsheet"]["rows"].as_array().unwrap().len(), 5);
    // The answer's own order (most tracks first) holds until the user sorts.
    assert_eq!(preview["previewSpreadsheet"]["rows"][0], json!(["Rock", 1297]), "{preview}");
    let created = app
        .gql_ok(
            &client,
            "mutation($p: ID!, $r: ID!) { createSpreadsheet(projectId: $p, data: {name: \"Genres\", responseId: $r}) { id sql responseId } }",
            json!({"p": project, "r": task["responseId"]}),
        )
        .await;
    assert_eq!(created["createSpreadsheet"]["responseId"], task["responseId"]);
    let body = app
        .gql(
            &client,
            "mutation($p: ID!) { createSpreadsheet(projectId: $p, data: {name: \"Bad\", sql: \"SELECT * FROM NoSuchModel\"}) { id } }",
            json!({"p": project}),
        )
        .await;
    assert_eq!(error_code(&body), "INVALID_INPUT", "{body}");
    let body = app
        .gql(
            &client,
            "mutation($p: ID!) { createSpreadsheet(projectId: $p, data: {name: \"Bad\", sql: \"DELETE FROM \\\"Track\\\"\"}) { id } }",
            json!({"p": project}),
        )
        .await;
    assert!(body.get("errors").is_some(), "only read-only SQL: {body}");
    let tree = app.gql_ok(&client, "query($p: ID!) { folderTree(projectId: $p) { items { kind name } } }", json!({"p": project})).await;
    assert!(tree["folderTree"]["items"].as_array().unwrap().iter().any(|i| i["kind"] == "SPREADSHEET" && i["name"] == "Genres"), "{tree}");
}
