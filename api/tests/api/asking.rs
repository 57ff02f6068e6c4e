//! Asking on the MUSIC sample with a real Temporal server and worker: threads, the task
//! states the client polls, answers, charts and follow-ups; stopping a task; bad input and
//! SQL that writes; twenty asks surviving a killed worker.

use quarry_test_kit::{
    TestApp,
    asking::{TASK, ask, music, number, response, rows, settle},
    error_code, eventually,
};
use serde_json::json;
use std::time::{Duration, Instant};

#[tokio::test]
async fn answers_charts_and_follow_ups_on_the_music_sample() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("asking").await;
    let project = music(&app, &client, "Music").await;

    // A question in a new thread: the states move on to FINISHED, then SQL, answer, chart.
    let task = ask(&app, &client, &project, "total revenue by country", None).await;
    let (seen, done) = settle(&app, &client, &project, task["id"].as_str().unwrap(), 60).await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    assert_eq!(done["statusCode"], 6);
    assert!(seen.iter().all(|s| ["IDLE", "UNDERSTANDING", "SEARCHING", "PLANNING", "GENERATING", "FINISHED"].contains(&s.as_str())), "{seen:?}");
    let answered = response(&app, &client, &project, &task["responseId"]).await;
    assert!(answered["sql"].as_str().unwrap().contains("SUM("), "{answered}");
    assert_eq!(answered["chart"]["chartType"], "BAR", "{answered}");
    assert_eq!(answered["chartStatus"], "FINISHED");
    let answer = answered["answer"].as_str().unwrap();
    assert!(answer.starts_with("USA has the highest total"), "{answer}");
    let all = rows(&app, &client, &project, &task["responseId"]).await;
    assert_eq!(all.len() as i64, answered["rowCount"].as_i64().unwrap());
    assert!(all.len() > 20, "a row per country: {all:?}");
    let total_all: f64 = all.iter().map(|r| number(&r[1])).sum();
    let page = app
        .gql_ok(
            &client,
            "query($p: ID!, $r: ID!) { previewResponseData(projectId: $p, responseId: $r, offset: 5, limit: 3) { rows total } }",
            json!({"p": project, "r": task["responseId"]}),
        )
        .await;
    assert_eq!(page["previewResponseData"]["rows"].as_array().unwrap().len(), 3);
    assert_eq!(page["previewResponseData"]["rows"][0], all[5], "pages page through the cached rows");

    // A follow-up narrows the previous question.
    let thread = task["threadId"].as_str().unwrap().to_owned();
    let follow = ask(&app, &client, &project, "only for 2023", Some(&thread)).await;
    let (_, done) = settle(&app, &client, &project, follow["id"].as_str().unwrap(), 60).await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    assert!(done["question"].as_str().unwrap().contains("country"), "read with the previous question: {done}");
    let narrowed = rows(&app, &client, &project, &follow["responseId"]).await;
    let total_2023: f64 = narrowed.iter().map(|r| number(&r[1])).sum();
    assert!(total_2023 > 0.0 && total_2023 < total_all, "2023 is part of all: {total_2023} < {total_all}");
    let detail = app
        .gql_ok(
            &client,
            "query($p: ID!, $t: ID!) { thread(projectId: $p, threadId: $t) { summary responses { question askingTask { status } } } }",
            json!({"p": project, "t": thread}),
        )
        .await;
    assert_eq!(detail["thread"]["summary"], "total revenue by country");
    let questions: Vec<&str> = detail["thread"]["responses"].as_array().unwrap().iter().map(|r| r["question"].as_str().unwrap()).collect();
    assert_eq!(questions, ["total revenue by country", "only for 2023"]);

    // A single number; a count.
    let count = ask(&app, &client, &project, "How many customers are there?", None).await;
    settle(&app, &client, &project, count["id"].as_str().unwrap(), 60).await;
    let counted = response(&app, &client, &project, &count["responseId"]).await;
    assert_eq!(counted["chart"]["chartType"], "NUMBER", "{counted}");
    assert_eq!(number(&rows(&app, &client, &project, &count["responseId"]).await[0][0]), 59.0);

    // No chart fits a list of names: the answer says why, with NO_CHART's ending.
    let names = ask(&app, &client, &project, "List the names of all artists", None).await;
    settle(&app, &client, &project, names["id"].as_str().unwrap(), 60).await;
    let listed = response(&app, &client, &project, &names["responseId"]).await;
    assert_eq!(listed["chartStatus"], "FAILED", "{listed}");
    assert_eq!(
        listed["chartError"], "No chart could be generated: the result has no number to draw: a chart needs a column of numbers. No charges applied.",
        "{listed}"
    );

    // The chart can be changed, but only to something the result can draw.
    let adjusted = app
        .gql_ok(
            &client,
            "mutation($p: ID!, $r: ID!) { adjustThreadResponseChart(projectId: $p, responseId: $r, data: {chartType: PIE}) { chart { chartType x y } } }",
            json!({"p": project, "r": task["responseId"]}),
        )
        .await;
    assert_eq!(adjusted["adjustThreadResponseChart"]["chart"]["chartType"], "PIE");
    let refused = app
        .gql(
            &client,
            "mutation($p: ID!, $r: ID!) { adjustThreadResponseChart(projectId: $p, responseId: $r, data: {y: \"Country\"}) { id } }",
            json!({"p": project, "r": task["responseId"]}),
        )
        .await;
    assert_eq!(error_code(&refused), "NO_CHART", "{refused}");
    assert!(refused["errors"][0]["message"].as_str().unwrap().ends_with("No charges applied."), "{refused}");

    // Edited SQL re-runs the response; SQL that writes is refused and nothing runs.
    let edited = "SELECT \"BillingCountry\", COUNT(*) AS invoices FROM \"Invoice\" GROUP BY 1 ORDER BY 2 DESC";
    app.gql_ok(
        &client,
        "mutation($p: ID!, $r: ID!, $s: String!) { updateThreadResponse(projectId: $p, responseId: $r, data: {sql: $s}) { id } }",
        json!({"p": project, "r": count["responseId"], "s": edited}),
    )
    .await;
    let rerun = response(&app, &client, &project, &count["responseId"]).await;
    let (_, done) = settle(&app, &client, &project, rerun["askingTask"]["id"].as_str().unwrap(), 60).await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    let rerun = response(&app, &client, &project, &count["responseId"]).await;
    assert_eq!(rerun["sql"], edited);
    assert_eq!(rerun["columns"][1]["name"], "invoices", "{rerun}");
    for bad in ["DROP TABLE \"Invoice\"", "UPDATE \"Invoice\" SET \"Total\" = 0", "SELECT 1; DELETE FROM \"Invoice\""] {
        let body = app
            .gql(
                &client,
                "mutation($p: ID!, $r: ID!, $s: String!) { updateThreadResponse(projectId: $p, responseId: $r, data: {sql: $s}) { id } }",
                json!({"p": project, "r": count["responseId"], "s": bad}),
            )
            .await;
        assert_eq!(error_code(&body), "INVALID_INPUT", "{bad}: {body}");
        assert!(body["errors"][0]["message"].as_str().unwrap().contains("not allowed"), "{body}");
    }
    assert_eq!(response(&app, &client, &project, &count["responseId"]).await["sql"], edited, "the refused edits changed nothing");
    let again = ask(&app, &client, &project, "How many invoices are there?", None).await;
    settle(&app, &client, &project, again["id"].as_str().unwrap(), 60).await;
    assert_eq!(number(&rows(&app, &client, &project, &again["responseId"]).await[0][0]), 412.0, "the invoices are all still there");

    // adjust_steps: asking again with a changed question adds a response to the thread.
    let adjusted = app.gql_ok(&client, "mutation($p: ID!, $r: ID!) { adjustThreadResponse(projectId: $p, responseId: $r, data: {question: \"average revenue by country\"}) { id askingTask { id } } }",
        json!({"p": project, "r": task["responseId"]})).await;
    let (_, done) = settle(&app, &client, &project, adjusted["adjustThreadResponse"]["askingTask"]["id"].as_str().unwrap(), 60).await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    assert!(response(&app, &client, &project, &adjusted["adjustThreadResponse"]["id"]).await["sql"].as_str().unwrap().contains("AVG("));

    // Bad input: empty and overlong questions are refused; what cannot be placed says so.
    for bad in ["   ", &"revenue ".repeat(1250)] {
        let body = app
            .gql(
                &client,
                "mutation($p: ID!, $d: AskingTaskInput!) { createAskingTask(projectId: $p, data: $d) { id } }",
                json!({"p": project, "d": {"question": bad}}),
            )
            .await;
        assert_eq!(error_code(&body), "INVALID_INPUT", "{body}");
    }
    for puzzling in ["各国的总收入是多少?", "What is the weather like on Mars?"] {
        let task = ask(&app, &client, &project, puzzling, None).await;
        let (_, done) = settle(&app, &client, &project, task["id"].as_str().unwrap(), 60).await;
        assert_eq!(done["status"], "NO_RESULT", "{done}");
        assert_eq!(done["statusCode"], 9);
        assert!(done["suggestions"].as_array().unwrap().iter().any(|s| s == "Which countries have the most customers?"), "the sample's own questions: {done}");
        assert!(response(&app, &client, &project, &task["responseId"]).await["sql"].is_null(), "no invented SQL");
    }

    // Threads: listed, renamed, deleted.
    let listed = app.gql_ok(&client, "query($p: ID!) { threads(projectId: $p) { id summary } }", json!({"p": project})).await;
    assert!(listed["threads"].as_array().unwrap().len() >= 5);
    let renamed = app
        .gql_ok(
            &client,
            "mutation($p: ID!, $t: ID!) { updateThread(projectId: $p, threadId: $t, data: {summary: \"Revenue\"}) { summary } }",
            json!({"p": project, "t": thread}),
        )
        .await;
    assert_eq!(renamed["updateThread"]["summary"], "Revenue");
    app.gql_ok(&client, "mutation($p: ID!, $t: ID!) { deleteThread(projectId: $p, threadId: $t) }", json!({"p": project, "t": thread})).await;
    let gone = app.gql(&client, "query($p: ID!, $t: ID!) { thread(projectId: $p, threadId: $t) { id } }", json!({"p": project, "t": thread})).await;
    assert_eq!(error_code(&gone), "NOT_FOUND");

    // Someone else's client cannot read the thread or its tasks.
    let (other, _) = app.signed_in("asking-other").await;
    let body = app.gql(&other, TASK, json!({"p": project, "t": count["id"]})).await;
    assert_eq!(error_code(&body), "UNAUTHORIZED_ACCESS", "{body}");

    // A project with nothing deployed: DEPLOY_FAILED with the reason.
    let empty = app.gql_ok(&client, "mutation { createProject(data: {displayName: \"Empty\"}) { id } }", json!({})).await;
    let empty = empty["createProject"]["id"].as_str().unwrap().to_owned();
    let task = ask(&app, &client, &empty, "total revenue by country", None).await;
    let (_, done) = settle(&app, &client, &empty, task["id"].as_str().unwrap(), 60).await;
    assert_eq!(done["status"], "DEPLOY_FAILED", "{done}");
    assert_eq!(done["error"]["shortMessage"], "Failed to deploy");
}

#[tokio::test]
async fn a_stopped_task_writes_no_response_and_twenty_asks_survive_a_killed_worker() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("asking-durable").await;
    let project = music(&app, &client, "Durable music").await;
    // From here every step waits 2 s first (GENERATING already recorded), so tasks can be
    // stopped there and the worker killed while they are in flight.
    app.kill_worker();
    app.start_worker_with(&[("QUARRY_CHAOS_STEP_DELAY_MS", "2000")]);

    let task = ask(&app, &client, &project, "how many tracks by genre", None).await;
    let id = task["id"].as_str().unwrap().to_owned();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let polled = app.gql_ok(&client, TASK, json!({"p": project, "t": id})).await;
        if polled["askingTask"]["status"] == "GENERATING" {
            break;
        }
        assert!(Instant::now() < deadline, "never reached GENERATING: {polled}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    app.gql_ok(&client, "mutation($p: ID!, $t: ID!) { cancelAskingTask(projectId: $p, taskId: $t) }", json!({"p": project, "t": id})).await;
    let (_, done) = settle(&app, &client, &project, &id, 60).await;
    assert_eq!(done["status"], "STOPPED", "{done}");
    tokio::time::sleep(Duration::from_secs(3)).await;
    let stopped = response(&app, &client, &project, &task["responseId"]).await;
    assert!(stopped["sql"].is_null() && stopped["answer"].is_null() && stopped["rowCount"] == 0, "nothing written: {stopped}");
    assert_eq!(app.gql_ok(&client, TASK, json!({"p": project, "t": id})).await["askingTask"]["status"], "STOPPED", "and it stays stopped");

    // Twenty asks in flight when the worker dies: all finish once a worker is back.
    let questions = [
        "total revenue by country",
        "how many tracks by genre",
        "average unit price of tracks by media type",
        "total revenue by year",
        "how many customers by country",
    ];
    let mut tasks = Vec::new();
    for i in 0..20 {
        tasks.push(ask(&app, &client, &project, questions[i % questions.len()], None).await["id"].as_str().unwrap().to_owned());
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    app.kill_worker();
    app.start_worker();
    for id in &tasks {
        let (_, done) = settle(&app, &client, &project, id, 120).await;
        assert_eq!(done["status"], "FINISHED", "{done}");
    }
}

const READING: &str = "query($p: ID!, $r: ID!) { threadResponse(projectId: $p, responseId: $r) { sql
    reading { kind label text start end } askingTask { id question reading { kind label text start end } } } }";

/// The reading's chips as (kind, label, text).
fn chips(response: &serde_json::Value) -> Vec<(String, String, Option<String>)> {
    response["reading"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["kind"].as_str().unwrap().to_owned(), c["label"].as_str().unwrap().to_owned(), c["text"].as_str().map(str::to_owned)))
        .collect()
}

#[tokio::test]
async fn an_answer_shows_its_reading_as_chips_whichever_engine_wrote_it() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("reading").await;
    let project = music(&app, &client, "Music").await;

    // The engine's reading: a measure for the whole question, and parts of it with their words.
    let question = "Total sales by billing country in 2024";
    let task = ask(&app, &client, &project, question, None).await;
    let (_, done) = settle(&app, &client, &project, task["id"].as_str().unwrap(), 60).await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    let read = app.gql_ok(&client, READING, json!({"p": project, "r": task["responseId"]})).await["threadResponse"].clone();
    let got = chips(&read);
    let has = |kind: &str, label: &str, text: Option<&str>| got.iter().any(|(k, l, t)| k == kind && l == label && t.as_deref() == text);
    assert!(got.iter().any(|(k, _, t)| k == "MEASURE" && t.is_none()), "{got:?}");
    assert!(has("GROUPING", "by billing country", Some("billing country")), "{got:?}");
    assert!(has("TIME_RANGE", "in 2024", Some("2024")), "{got:?}");
    assert_eq!(read["reading"], read["askingTask"]["reading"], "the response shows its task's reading");
    for chip in read["reading"].as_array().unwrap().iter().filter(|c| !c["text"].is_null()) {
        let (start, end) = (chip["start"].as_u64().unwrap() as usize, chip["end"].as_u64().unwrap() as usize);
        assert_eq!(&question[start..end], chip["text"].as_str().unwrap(), "offsets into the task's question: {chip}");
    }

    // SQL the engine did not write (here the user's; the language model's goes the same way)
    // is read from its clauses; none of it can be edited as words of the question.
    let sql = "SELECT \"BillingCountry\", COUNT(*) AS invoices FROM \"Invoice\" WHERE \"BillingCountry\" = 'Brazil' GROUP BY 1 ORDER BY 2 DESC LIMIT 3";
    app.gql_ok(
        &client,
        "mutation($p: ID!, $r: ID!, $s: String!) { updateThreadResponse(projectId: $p, responseId: $r, data: {sql: $s}) { id } }",
        json!({"p": project, "r": task["responseId"], "s": sql}),
    )
    .await;
    let rerun = response(&app, &client, &project, &task["responseId"]).await;
    let (_, done) = settle(&app, &client, &project, rerun["askingTask"]["id"].as_str().unwrap(), 60).await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    let read = app.gql_ok(&client, READING, json!({"p": project, "r": task["responseId"]})).await["threadResponse"].clone();
    let expected: Vec<(String, String, Option<String>)> = [
        ("MEASURE", "invoices"),
        ("GROUPING", "by billing country"),
        ("FILTER", "billing country is Brazil"),
        ("ORDER", "sorted by invoices, highest first"),
        ("LIMIT", "top 3"),
    ]
    .iter()
    .map(|(k, l)| ((*k).to_owned(), (*l).to_owned(), None))
    .collect();
    assert_eq!(chips(&read), expected);
}

#[tokio::test]
async fn a_changed_question_is_asked_as_it_stands_not_as_a_follow_up() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("reading-changed").await;
    let project = music(&app, &client, "Music").await;
    let first = ask(&app, &client, &project, "Customers in Brazil", None).await;
    settle(&app, &client, &project, first["id"].as_str().unwrap(), 60).await;
    // "Customers" alone would be read as a follow-up of "Customers in Brazil"; a chip removed
    // (or adjust steps) states the whole question.
    let changed = app.gql_ok(&client, "mutation($p: ID!, $r: ID!) { adjustThreadResponse(projectId: $p, responseId: $r, data: {question: \"Customers\"}) { id threadId askingTask { id question } } }",
        json!({"p": project, "r": first["responseId"]})).await["adjustThreadResponse"].clone();
    assert_eq!(changed["threadId"], first["threadId"], "in the same thread");
    assert_eq!(changed["askingTask"]["question"], "Customers");
    let (_, done) = settle(&app, &client, &project, changed["askingTask"]["id"].as_str().unwrap(), 60).await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    assert_eq!(rows(&app, &client, &project, &changed["id"]).await.len(), 59, "every customer, not only Brazil's");
}

#[tokio::test]
async fn a_word_the_engine_cannot_place_is_named_in_the_reply() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("reading-unplaced").await;
    let project = music(&app, &client, "Music").await;
    let task = ask(&app, &client, &project, "How many tracks were released in 1991?", None).await;
    let (_, done) = settle(&app, &client, &project, task["id"].as_str().unwrap(), 60).await;
    assert_eq!(done["status"], "NO_RESULT", "{done}");
    let message = done["error"]["message"].as_str().unwrap();
    assert!(message.starts_with("I could not place \"released\""), "{message}");
    assert!(!message.contains("understood could not"), "{message}");
}

#[tokio::test]
async fn a_period_with_no_data_says_which_dates_the_data_has() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("reading-span").await;
    let project = music(&app, &client, "Music").await;
    let task = ask(&app, &client, &project, "Total sales in 2031", None).await;
    let (_, done) = settle(&app, &client, &project, task["id"].as_str().unwrap(), 60).await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    let answer = app
        .gql_ok(&client, "query($p: ID!, $r: ID!) { threadResponse(projectId: $p, responseId: $r) { answer } }", json!({"p": project, "r": task["responseId"]}))
        .await["threadResponse"]["answer"]
        .as_str()
        .unwrap()
        .to_owned();
    // The sample's invoices span five years; which, the data says, not the test.
    let span = answer.split_once("The data runs from ").map(|(_, span)| span.trim_end_matches('.')).unwrap_or_else(|| panic!("no span in {answer:?}"));
    let (first, last) = span.split_once(" to ").unwrap();
    let year = |month_year: &str| -> i32 { month_year.split(' ').nth(1).and_then(|y| y.parse().ok()).unwrap_or_else(|| panic!("{answer}")) };
    assert!(year(first) < year(last) && year(last) < 2031, "{answer}");
    assert!(!answer.contains('T') || !answer.contains(":00"), "no timestamps: {answer}");
}

#[tokio::test]
async fn a_grouping_says_how_many_rows_it_left_out_for_having_no_value() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("left-out").await;
    let project = music(&app, &client, "Music").await;
    let answer_to = |question: &'static str| {
        let (app, client, project) = (&app, &client, &project);
        async move {
            let task = ask(app, client, project, question, None).await;
            let (_, done) = settle(app, client, project, task["id"].as_str().unwrap(), 60).await;
            assert_eq!(done["status"], "FINISHED", "{question}: {done}");
            let read = app
                .gql_ok(
                    client,
                    "query($p: ID!, $r: ID!) { threadResponse(projectId: $p, responseId: $r) { answer } }",
                    json!({"p": project, "r": task["responseId"]}),
                )
                .await;
            read["threadResponse"]["answer"].as_str().unwrap().to_owned()
        }
    };
    // Tracks with no composer are no composer of their own: they are left out, and said to be.
    let answer = answer_to("number of tracks by composer").await;
    let (said, _) = answer.split_once(" tracks have no composer and are left out.").unwrap_or_else(|| panic!("nothing said of the tracks left out: {answer}"));
    let left_out: i64 = said.rsplit(' ').next().unwrap().replace(',', "").parse().unwrap_or_else(|_| panic!("{answer}"));
    // The same number, asked for in its own right.
    let missing = answer_to("How many tracks are missing a composer?").await;
    assert!(missing.replace(',', "").contains(&left_out.to_string()), "{left_out} left out, but: {missing}");
    // A grouping every row has a value for leaves nothing out and says nothing of it.
    let by_genre = answer_to("number of tracks by genre").await;
    assert!(!by_genre.contains("left out"), "{by_genre}");
}

#[tokio::test]
async fn formats_set_on_the_modeling_page_reach_the_answer_and_its_columns() {
    let mut app = TestApp::spawn().await;
    app.start_worker();
    let (client, _) = app.signed_in("formats").await;
    let project = music(&app, &client, "Music").await;
    let models = app.gql_ok(&client, "query($p: ID!) { models(projectId: $p) { id referenceName columns { id referenceName } } }", json!({"p": project})).await;
    // Sales are the invoice lines' revenue (the sample's calculated field).
    let lines = models["models"].as_array().unwrap().iter().find(|m| m["referenceName"] == "InvoiceLine").expect("the sample has invoice lines").clone();
    let total = lines["columns"].as_array().unwrap().iter().find(|c| c["referenceName"] == "Revenue").unwrap()["id"].clone();
    let set = "mutation($m: ID!, $d: UpdateModelMetadataInput!) { updateModelMetadata(modelId: $m, data: $d) }";
    // A bad currency code or too many decimals are refused and change nothing.
    for data in [json!({"currency": "EURO"}), json!({"columns": [{"id": total, "format": {"style": "CURRENCY", "decimals": 9}}]})] {
        let body = app.gql(&client, set, json!({"m": lines["id"], "d": data})).await;
        assert_eq!(error_code(&body), "INVALID_INPUT", "{body}");
    }
    let data = json!({"currency": "eur", "columns": [{"id": total, "displayName": "Line revenue", "format": {"style": "CURRENCY"}}]});
    app.gql_ok(&client, set, json!({"m": lines["id"], "d": data})).await;
    let read = app
        .gql_ok(
            &client,
            "query($p: ID!) { models(projectId: $p) { referenceName currency columns { referenceName format { style currency } } } }",
            json!({"p": project}),
        )
        .await;
    let lines = read["models"].as_array().unwrap().iter().find(|m| m["referenceName"] == "InvoiceLine").unwrap().clone();
    assert_eq!(lines["currency"], "EUR");
    assert!(lines["columns"].as_array().unwrap().iter().any(|c| c["referenceName"] == "Revenue" && c["format"]["style"] == "CURRENCY"), "{lines}");
    app.gql_ok(&client, "mutation($p: ID!) { deploy(projectId: $p) { status } }", json!({"p": project})).await;
    eventually("the models deploy again", Duration::from_secs(60), || async {
        (app.gql_ok(&client, quarry_test_kit::asking::STATUS, json!({"p": project})).await["deployStatus"]["status"] == "SYNCRONIZED").then_some(())
    })
    .await;

    let task = ask(&app, &client, &project, "Total sales by billing country", None).await;
    let (_, done) = settle(&app, &client, &project, task["id"].as_str().unwrap(), 60).await;
    assert_eq!(done["status"], "FINISHED", "{done}");
    let answered = app
        .gql_ok(
            &client,
            "query($p: ID!, $r: ID!) { threadResponse(projectId: $p, responseId: $r) { sql answer columns { name displayName format { style currency } } } }",
            json!({"p": project, "r": task["responseId"]}),
        )
        .await["threadResponse"]
        .clone();
    assert!(answered["sql"].as_str().unwrap().contains("\"Revenue\""), "the question reads the revenue: {answered}");
    let columns = answered["columns"].as_array().unwrap();
    let money = columns.iter().find(|c| c["format"]["style"] == "CURRENCY").unwrap_or_else(|| panic!("the sum of the amounts is money: {answered}"));
    assert_eq!(money["format"]["currency"], "EUR", "the model's currency: {answered}");
    let answer = answered["answer"].as_str().unwrap();
    assert!(answer.contains('€'), "the written answer reads the amounts as euros: {answer}");
    let country = columns.iter().find(|c| c["format"].is_null()).unwrap();
    assert!(country["displayName"].is_null() || country["displayName"] != country["name"], "{answered}");
}

/// A metric's value in a Prometheus text document (the first sample whose name and labels
/// start with `series`).
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines().find(|line| line.starts_with(series)).and_then(|line| line.rsplit(' ').next()).and_then(|v| v.parse().ok())
}

#[tokio::test]
async fn operators_read_asks_polls_slots_and_backlogs_from_metrics() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let metrics_addr = format!("127.0.0.1:{port}");
    let mut app = TestApp::spawn().await;
    app.start_worker_with(&[("QUARRY_WORKER_METRICS_ADDR", &metrics_addr), ("QUARRY_WORKER_ACTIVITY_SLOTS", "3")]);
    let (client, _) = app.signed_in("metrics").await;
    let project = music(&app, &client, "Metrics").await;
    let task = ask(&app, &client, &project, "how many tracks by genre", None).await;
    let (_, done) = settle(&app, &client, &project, task["id"].as_str().unwrap(), 60).await;
    assert_eq!(done["status"], "FINISHED", "{done}");

    // The api: the ask, the polls of its task, and the task queues' backlogs (none left).
    let api = reqwest::get(format!("{}/metrics", app.url)).await.unwrap().text().await.unwrap();
    assert_eq!(sample(&api, "quarry_asks_started_total"), Some(1.0), "{api}");
    assert!(sample(&api, "quarry_graphql_field_seconds_count{field=\"askingTask\"}").is_some_and(|polls| polls >= 1.0), "{api}");
    let sql_queue = format!("{}-sql", app.state.config.task_queue_prefix);
    assert_eq!(sample(&api, &format!("quarry_task_queue_backlog{{kind=\"activity\",queue=\"{sql_queue}\"}}")), Some(0.0), "{api}");

    // The worker: the ask it finished, and its bounded slots (all free again once the last
    // step has reported back, a moment after the task is FINISHED).
    let scrape = || async { reqwest::get(format!("http://{metrics_addr}/metrics")).await.unwrap().text().await.unwrap() };
    let free_slots = |worker: &str| {
        worker
            .lines()
            .find(|l| l.starts_with("temporal_worker_task_slots_available") && l.contains("ActivityWorker") && l.contains(&format!("\"{sql_queue}\"")))
            .map(|l| l.rsplit(' ').next().unwrap_or_default().to_owned())
    };
    eventually("the sql queue's three activity slots free again", Duration::from_secs(10), || async {
        (free_slots(&scrape().await).as_deref() == Some("3")).then_some(())
    })
    .await;
    let worker = scrape().await;
    assert_eq!(sample(&worker, "quarry_asks_ended_total{state=\"FINISHED\"}"), Some(1.0), "{worker}");
    assert!(sample(&worker, "quarry_cpu_pool{measure=\"size\"}").is_some_and(|size| size >= 1.0), "{worker}");
}
