//! The embedded question engine on a small store, its SQL compiled through the models and
//! run on DuckDB.

mod store;

use duckdb::Connection;
use quarry_engine::{
    compile::{Dialect, compile},
    mdl::{Column, JoinType, Manifest, Model, Properties, Relationship},
    question::{Understanding, ValueMatch, follow_up, follow_ups, understand},
};
use store::model;

fn relationship(name: &str, from: &str, to: &str, condition: &str) -> Relationship {
    Relationship {
        name: name.into(),
        models: [from.into(), to.into()],
        join_type: JoinType::ManyToOne,
        condition: condition.into(),
        properties: Properties::default(),
    }
}

fn store() -> (Connection, Manifest) {
    let conn = Connection::open_in_memory().unwrap();
    conn.execute_batch(
        "CREATE TABLE customers (id INTEGER, name VARCHAR, country VARCHAR);
         INSERT INTO customers VALUES (1, 'Ada', 'UK'), (2, 'Bo', 'US'), (3, 'Cy', 'US');
         CREATE TABLE invoices (id INTEGER, customer_id INTEGER, billing_country VARCHAR, invoice_date DATE, total DECIMAL(10,2));
         INSERT INTO invoices VALUES (1, 1, 'UK', '2023-05-01', 10), (2, 2, 'US', '2024-01-02', 20), (3, 3, 'FR', '2024-03-03', 5), (4, 1, 'UK', '2024-07-07', 1);
         CREATE TABLE genres (id INTEGER, name VARCHAR);
         INSERT INTO genres VALUES (1, 'Jazz'), (2, 'Rock');
         CREATE TABLE tracks (id INTEGER, name VARCHAR, genre_id INTEGER, unit_price DECIMAL(4,2));
         INSERT INTO tracks VALUES (1, 'So What', 1, 0.99), (2, 'Blue in Green', 1, 1.99), (3, 'Paranoid', 2, 0.99);",
    )
    .unwrap();
    let manifest = Manifest {
        models: vec![
            model(
                "customers",
                vec![
                    Column::source("id", "INTEGER"),
                    Column::source("name", "VARCHAR"),
                    Column::source("country", "VARCHAR"),
                    Column::relationship("invoices", "invoices", "inv_cust"),
                ],
            ),
            model(
                "invoices",
                vec![
                    Column::source("id", "INTEGER"),
                    Column::source("customer_id", "INTEGER"),
                    Column::source("billing_country", "VARCHAR"),
                    Column::source("invoice_date", "DATE"),
                    Column::source("total", "DECIMAL(10,2)"),
                    Column::relationship("customers", "customers", "inv_cust"),
                ],
            ),
            model("genres", vec![Column::source("id", "INTEGER"), Column::source("name", "VARCHAR"), Column::relationship("tracks", "tracks", "track_genre")]),
            model(
                "tracks",
                vec![
                    Column::source("id", "INTEGER"),
                    Column::source("name", "VARCHAR"),
                    Column::source("genre_id", "INTEGER"),
                    Column::source("unit_price", "DECIMAL(4,2)"),
                    Column::relationship("genres", "genres", "track_genre"),
                ],
            ),
        ],
        relationships: vec![
            relationship("inv_cust", "invoices", "customers", "invoices.customer_id = customers.id"),
            relationship("track_genre", "tracks", "genres", "tracks.genre_id = genres.id"),
        ],
        ..Manifest::default()
    };
    (conn, manifest)
}

/// A store of `ddl` with the models `models` over its tables (no relationships).
fn store_of(ddl: &str, models: Vec<Model>) -> (Connection, Manifest) {
    let conn = Connection::open_in_memory().unwrap();
    conn.execute_batch(ddl).unwrap();
    (conn, Manifest { models, ..Manifest::default() })
}

/// The project's today in these tests.
fn today() -> chrono::NaiveDate {
    chrono::NaiveDate::from_ymd_opt(2024, 8, 15).unwrap()
}

/// The rows the question's SQL returns, as text.
fn ask(conn: &Connection, manifest: &Manifest, question: &str, values: &[ValueMatch]) -> (String, Vec<Vec<String>>) {
    let Understanding::Sql { sql, .. } = understand(manifest, Dialect::DuckDb, question, values, today()) else {
        panic!("not understood: {question}");
    };
    let compiled = compile(manifest, &sql, Dialect::DuckDb).unwrap_or_else(|e| panic!("{question}: {e}\n{sql}"));
    // Every value as text, order kept.
    let as_text = format!("SELECT COLUMNS(*)::VARCHAR FROM ({compiled}) AS answer");
    let mut statement = conn.prepare(&as_text).unwrap_or_else(|e| panic!("{question}: {e}\n{sql}"));
    let mut result = statement.query([]).unwrap();
    let mut rows = Vec::new();
    while let Some(row) = result.next().unwrap() {
        let n = row.as_ref().column_count();
        rows.push((0..n).map(|i| row.get::<_, Option<String>>(i).unwrap().unwrap_or_default()).collect());
    }
    (sql, rows)
}

fn texts(values: &[&[&str]]) -> Vec<Vec<String>> {
    values.iter().map(|row| row.iter().map(|v| (*v).to_owned()).collect()).collect()
}

#[test]
fn counts_totals_and_averages_by_what_the_question_names() {
    let (conn, manifest) = store();
    assert_eq!(ask(&conn, &manifest, "How many customers are there?", &[]).1, texts(&[&["3"]]));
    let Understanding::Sql { understood, reading, .. } = understand(&manifest, Dialect::DuckDb, "How many customers are there?", &[], today()) else {
        panic!()
    };
    assert_eq!(understood[0], "number of customers", "said as a person says it");
    assert_eq!(reading[0].kind, quarry_engine::question::ChipKind::Measure);
    let (sql, rows) = ask(&conn, &manifest, "Total revenue by billing country", &[]);
    assert!(sql.contains("\"billing_country\""), "{sql}");
    assert_eq!(rows, texts(&[&["US", "20.00"], &["UK", "11.00"], &["FR", "5.00"]]));
    // Naming the related model reads along the relationship.
    let (sql, rows) = ask(&conn, &manifest, "total revenue by customer country", &[]);
    assert!(sql.contains("\"customers\".\"country\""), "{sql}");
    assert_eq!(rows, texts(&[&["US", "25.00"], &["UK", "11.00"]]));
    let (_, rows) = ask(&conn, &manifest, "Average unit price of tracks by genre", &[]);
    assert_eq!(rows, texts(&[&["Jazz", "1.49"], &["Rock", "0.99"]]));
}

#[test]
fn filters_on_indexed_values_years_and_top_n() {
    let (conn, manifest) = store();
    let jazz = [ValueMatch { model: "genres".into(), column: "name".into(), value: "Jazz".into(), column_values: 0 }];
    let (sql, rows) = ask(&conn, &manifest, "How many tracks for Jazz?", &jazz);
    assert!(sql.contains("\"genres\".\"name\" = 'Jazz'"), "{sql}");
    assert_eq!(rows, texts(&[&["2"]]));
    assert_eq!(ask(&conn, &manifest, "Total revenue in 2024", &[]).1, texts(&[&["26.00"]]));
    assert_eq!(ask(&conn, &manifest, "total revenue by year", &[]).1, texts(&[&["2023", "10.00"], &["2024", "26.00"]]));
    // "by" a measure ranks rather than groups.
    assert_eq!(ask(&conn, &manifest, "top 1 billing countries by total revenue", &[]).1, texts(&[&["US", "20.00"]]));
    assert_eq!(ask(&conn, &manifest, "top 2 customer countries by revenue", &[]).1, texts(&[&["US", "25.00"], &["UK", "11.00"]]));
}

#[test]
fn lists_the_columns_a_question_names() {
    let (conn, manifest) = store();
    let (sql, rows) = ask(&conn, &manifest, "Show the name and country of all customers ordered by name descending", &[]);
    assert!(!sql.contains("COUNT"), "a list, not a count: {sql}");
    assert_eq!(rows, texts(&[&["Cy", "US"], &["Bo", "US"], &["Ada", "UK"]]));
    assert_eq!(ask(&conn, &manifest, "What are the different countries of customers?", &[]).1.len(), 2);
    // No column named: the customers by their names.
    let (_, mut rows) = ask(&conn, &manifest, "List all customers", &[]);
    rows.sort();
    assert_eq!(rows, texts(&[&["Ada"], &["Bo"], &["Cy"]]));
}

#[test]
fn several_aggregates_of_one_measure() {
    let (conn, manifest) = store();
    assert_eq!(ask(&conn, &manifest, "What is the average, minimum and maximum invoice total?", &[]).1, texts(&[&["9.0", "1.00", "20.00"]]));
}

#[test]
fn which_questions_group_by_what_they_name_and_answer_the_top_row() {
    let (conn, manifest) = store();
    assert_eq!(ask(&conn, &manifest, "Which countries have the most customers?", &[]).1, texts(&[&["US", "2"]]));
    // Ties are kept: two genres have one track under a dollar each.
    conn.execute_batch("INSERT INTO tracks VALUES (4, 'Iron Man', 2, 1.99)").unwrap();
    let (_, mut rows) = ask(&conn, &manifest, "Which genre has the most tracks?", &[]);
    rows.sort();
    assert_eq!(rows, texts(&[&["Jazz", "2"], &["Rock", "2"]]));
    assert_eq!(ask(&conn, &manifest, "Which genre has the fewest tracks?", &[]).1.len(), 2, "ties both ways");
}

#[test]
fn time_ranges_count_from_the_project_today() {
    let (conn, manifest) = store();
    // Today is 2024-08-15: last month is July, this year 2024, last quarter April–June.
    assert_eq!(ask(&conn, &manifest, "total revenue last month", &[]).1, texts(&[&["1.00"]]));
    assert_eq!(ask(&conn, &manifest, "total revenue this year", &[]).1, texts(&[&["26.00"]]));
    assert_eq!(ask(&conn, &manifest, "how many invoices last quarter", &[]).1, texts(&[&["0"]]));
    assert_eq!(ask(&conn, &manifest, "how many invoices in March 2024", &[]).1, texts(&[&["1"]]));
    assert_eq!(ask(&conn, &manifest, "total revenue of all time", &[]).1, texts(&[&["36.00"]]));
}

#[test]
fn follow_ups_read_the_previous_question() {
    let (conn, manifest) = store();
    let narrowed = follow_up("total revenue by billing country", "only for 2024").unwrap();
    assert_eq!(narrowed, "total revenue by billing country for 2024");
    assert_eq!(ask(&conn, &manifest, &narrowed, &[]).1, texts(&[&["US", "20.00"], &["FR", "5.00"], &["UK", "1.00"]]));
    let regrouped = follow_up("total revenue by billing country in 2024", "and by year?").unwrap();
    assert_eq!(regrouped, "total revenue by year in 2024");
    assert_eq!(follow_up("total revenue by billing country", "What about Jazz?").as_deref(), Some("total revenue by billing country for jazz"));
    assert_eq!(follow_up("total revenue", "How many tracks are there per genre?"), None, "a question of its own");
    assert_eq!(follow_up("total revenue", "and the average price by genre?").as_deref(), Some("the average price by genre"));
}

#[test]
fn follow_ups_go_on_from_the_answer_by_other_dimensions_and_over_time() {
    let (conn, manifest) = store();
    let previous = "total revenue by billing country";
    let (sql, _) = ask(&conn, &manifest, previous, &[]);
    let offered = follow_ups(&manifest, previous, &sql, Dialect::DuckDb, 8);
    assert!(offered.contains(&"total revenue by month".to_owned()), "{offered:?}");
    assert!(offered.contains(&"total revenue by country".to_owned()), "a related model's dimension: {offered:?}");
    assert!(!offered.iter().any(|q| q == previous || q.contains("billing country")), "not the grouping it had: {offered:?}");
    assert!(!offered.iter().any(|q| q.contains("genre")), "nothing of a model it cannot reach: {offered:?}");
    // Each one is a question the engine answers.
    for question in &offered {
        assert!(matches!(understand(&manifest, Dialect::DuckDb, question, &[], today()), Understanding::Sql { .. }), "{question}");
    }
    let (by_month_sql, _) = ask(&conn, &manifest, "total revenue by month", &[]);
    let again = follow_ups(&manifest, "total revenue by month", &by_month_sql, Dialect::DuckDb, 8);
    assert!(!again.iter().any(|q| q.ends_with("by month")), "already over time: {again:?}");
}

#[test]
fn what_it_cannot_place_it_says_and_suggests_questions() {
    let (_, manifest) = store();
    let Understanding::NotUnderstood { understood, suggestions, .. } = understand(&manifest, Dialect::DuckDb, "What is the weather like?", &[], today()) else {
        panic!("a question about nothing in the model is not answered");
    };
    assert_eq!(understood, ["could not place \"weather\""]);
    assert_eq!(
        suggestions,
        ["How many customers are there?", "What is the total invoice total by billing country?", "What is the total unit price of tracks by track name?"]
    );
    // Every suggestion is one the engine answers.
    for suggestion in &suggestions {
        assert!(matches!(understand(&manifest, Dialect::DuckDb, suggestion, &[], today()), Understanding::Sql { .. }), "{suggestion}");
    }
    let Understanding::NotUnderstood { understood, .. } = understand(&manifest, Dialect::DuckDb, "total revenue by planet", &[], today()) else {
        panic!("an unknown grouping is not guessed");
    };
    assert_eq!(understood[0], "could not place \"planet\"");
}

#[test]
fn a_name_said_of_a_thing_is_its_label_not_one_more_thing_to_place() {
    let (conn, manifest) = store_of(
        "CREATE TABLE airlines (id INTEGER, airline VARCHAR, abbreviation VARCHAR, country VARCHAR);
         INSERT INTO airlines VALUES (1, 'United Airlines', 'UAL', 'USA'), (2, 'Lufthansa', 'DLH', 'Germany');
         CREATE TABLE airports (id INTEGER, airport_name VARCHAR, country VARCHAR);
         INSERT INTO airports VALUES (1, 'Heathrow', 'UK');",
        vec![
            model(
                "airlines",
                vec![
                    Column::source("id", "INTEGER"),
                    Column::source("airline", "VARCHAR"),
                    Column::source("abbreviation", "VARCHAR"),
                    Column::source("country", "VARCHAR"),
                ],
            ),
            model("airports", vec![Column::source("id", "INTEGER"), Column::source("airport_name", "VARCHAR"), Column::source("country", "VARCHAR")]),
        ],
    );
    // "names" is the airlines' label, not the airports' name column.
    let (sql, mut rows) = ask(&conn, &manifest, "airline names and abbreviations", &[]);
    rows.sort();
    assert_eq!(rows, texts(&[&["Lufthansa", "DLH"], &["United Airlines", "UAL"]]), "{sql}");
    assert!(!sql.contains("airports"), "{sql}");
    // Where the thing has a column so named, that column is read as before.
    let (conn, manifest) = store();
    let (sql, mut rows) = ask(&conn, &manifest, "names of customers", &[]);
    rows.sort();
    assert_eq!(rows, texts(&[&["Ada"], &["Bo"], &["Cy"]]), "{sql}");
}

#[test]
fn the_fewest_counts_the_groups_with_none() {
    let (conn, manifest) = store();
    conn.execute_batch("INSERT INTO customers VALUES (4, 'Dee', 'DE');").unwrap();
    // Dee has no invoices: the fewest is none, not the one who has one.
    let (sql, rows) = ask(&conn, &manifest, "which customer has the fewest invoices", &[]);
    assert_eq!(rows, texts(&[&["Dee", "0"]]), "{sql}");
    // Counted within a period, the same: none in 2023 for three of them.
    let (sql, mut rows) = ask(&conn, &manifest, "which customer had the fewest invoices in 2023", &[]);
    rows.sort();
    assert_eq!(rows, texts(&[&["Bo", "0"], &["Cy", "0"], &["Dee", "0"]]), "{sql}");
    // The most is read as before.
    let (sql, rows) = ask(&conn, &manifest, "which customer has the most invoices", &[]);
    assert_eq!(rows, texts(&[&["Ada", "2"]]), "{sql}");
}

#[test]
fn a_comparison_word_is_never_part_of_a_value_said_in_part() {
    let (conn, manifest) = store();
    // A value ending in a comparison word, offered as a match of "more" (as the deploy's value
    // search offers the values that contain a word of the question).
    let values = [ValueMatch { model: "customers".into(), column: "name".into(), value: "Faith No More".into(), column_values: 0 }];
    let (sql, rows) = ask(&conn, &manifest, "how many invoices came to more than $15?", &values);
    assert!(!sql.contains("Faith No More") && sql.contains("15"), "{sql}");
    assert_eq!(rows, texts(&[&["1"]]), "{sql}");
}

#[test]
fn a_superlative_ranks_by_what_it_implies_and_shows_what_is_named() {
    let (conn, manifest) = store_of(
        "CREATE TABLE dogs (id INTEGER, name VARCHAR, age INTEGER, weight DECIMAL(5,1));
         INSERT INTO dogs VALUES (1, 'Rex', 7, 30.5), (2, 'Bo', 2, 12.0), (3, 'Max', 11, 25.0);",
        vec![model(
            "dogs",
            vec![
                Column::source("id", "INTEGER"),
                Column::source("name", "VARCHAR"),
                Column::source("age", "INTEGER"),
                Column::source("weight", "DECIMAL(5,1)"),
            ],
        )],
    );
    // "Youngest" ranks by age; the weight named is what is shown, with the age it was ranked by.
    let (sql, rows) = ask(&conn, &manifest, "the weight of the youngest dog", &[]);
    assert_eq!(rows, texts(&[&["12.0", "2"]]), "{sql}");
    let (sql, rows) = ask(&conn, &manifest, "what is the weight of the oldest dog", &[]);
    assert_eq!(rows, texts(&[&["25.0", "11"]]), "{sql}");
}

#[test]
fn a_run_that_is_a_models_name_is_the_model_not_its_column() {
    let (conn, manifest) = store_of(
        "CREATE TABLE car_makers (id INTEGER, maker VARCHAR, country VARCHAR);
         INSERT INTO car_makers VALUES (1, 'amc', 'usa'), (2, 'volkswagen', 'germany'), (3, 'bmw', 'germany'), (4, 'bmw', 'germany');",
        vec![model("car_makers", vec![Column::source("id", "INTEGER"), Column::source("maker", "VARCHAR"), Column::source("country", "VARCHAR")])],
    );
    // "Car makers" is the model: its rows are counted, per country (not its distinct names).
    let (sql, mut rows) = ask(&conn, &manifest, "how many car makers are there in each country", &[]);
    rows.sort();
    assert_eq!(rows, texts(&[&["germany", "3"], &["usa", "1"]]), "{sql}");
}

#[test]
fn columns_asked_for_each_row_of_a_model_are_listed_by_its_names() {
    let (conn, manifest) = store_of(
        "CREATE TABLE forms (id INTEGER, title VARCHAR, revision INTEGER, kind_code VARCHAR);
         INSERT INTO forms VALUES (1, 'Intake', 3, 'A'), (2, 'Exit', 1, 'B'), (3, 'Audit', 2, 'A');",
        vec![model(
            "forms",
            vec![
                Column::source("id", "INTEGER"),
                Column::source("title", "VARCHAR"),
                Column::source("revision", "INTEGER"),
                Column::source("kind_code", "VARCHAR"),
            ],
        )],
    );
    // "For each form" over the forms is each form's row, named, not a grouping with nothing to
    // aggregate (it was refused as "a quantity with nothing to do with it").
    let (sql, mut rows) = ask(&conn, &manifest, "What are the revisions and kind codes for each form?", &[]);
    rows.sort();
    assert!(!sql.contains("GROUP BY"), "{sql}");
    assert_eq!(rows, texts(&[&["Audit", "2", "A"], &["Exit", "1", "B"], &["Intake", "3", "A"]]));
    // The ids asked beside them are the forms' keys.
    let (sql, rows) = ask(&conn, &manifest, "What are the ids and revisions for each form?", &[]);
    assert_eq!(rows.len(), 3, "{sql}");
    assert!(rows.iter().any(|row| row.contains(&"2".to_owned()) && row.contains(&"1".to_owned()) && row.contains(&"Exit".to_owned())), "{sql}: {rows:?}");
}
