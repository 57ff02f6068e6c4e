//! Business shapes the engine reads on the HR, NBA and ECOMMERCE samples, checked by their rows against
//! SQL written by hand: models kept over time read through their current rows, people listed
//! from the rows that relate them, two readings settled by what the question is about, rows
//! ranked within one event, yes/no columns counted, records listed with their date and owner.

mod sample_project;

use duckdb::{Connection, types::Value};
use quarry_engine::{
    compile::{Dialect, compile},
    mdl::Manifest,
    question::{ChipKind, Understanding},
    sample_datasets::SampleDataset,
};
use sample_project::{ask, manifest, value_index};

struct Sample {
    conn: Connection,
    manifest: Manifest,
    index: Vec<quarry_engine::question::ValueMatch>,
    _dir: tempfile::TempDir,
}

fn sample(dataset: SampleDataset) -> Sample {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sample.duckdb");
    dataset.build(&path).unwrap();
    let manifest = manifest(dataset);
    let index = value_index(dataset, &manifest);
    Sample { conn: Connection::open(&path).unwrap(), manifest, index, _dir: dir }
}

fn rows(conn: &Connection, sql: &str) -> Vec<Vec<String>> {
    let mut statement = conn.prepare(sql).unwrap_or_else(|e| panic!("{e}: {sql}"));
    let mut out: Vec<Vec<String>> = statement
        .query_map([], |row| {
            let n = row.as_ref().column_count();
            Ok((0..n)
                .map(|i| match row.get::<_, Value>(i).unwrap() {
                    Value::Null => "null".to_owned(),
                    Value::Double(d) => format!("{:.2}", d),
                    Value::Decimal(d) => format!("{:.2}", d.to_string().parse::<f64>().unwrap()),
                    other => format!("{other:?}").split(['(', ')']).nth(1).unwrap_or_default().trim_matches('"').to_owned(),
                })
                .collect())
        })
        .unwrap()
        .map(Result::unwrap)
        .collect();
    out.sort();
    out
}

/// The question's rows and its reading; panics with the engine's reply when it has no SQL.
fn answer(s: &Sample, question: &str) -> (Vec<Vec<String>>, Vec<String>) {
    match ask(&s.manifest, &s.index, question) {
        Understanding::Sql { sql, reading, .. } => {
            let compiled = compile(&s.manifest, &sql, Dialect::DuckDb).unwrap();
            (rows(&s.conn, &compiled), reading.iter().map(|c| format!("{:?}: {}", c.kind, c.label)).collect())
        }
        other => panic!("{question}: {other:?}"),
    }
}

#[test]
fn a_model_kept_over_time_is_read_through_its_current_rows() {
    let hr = sample(SampleDataset::Hr);
    // Salaries per department: each employee's current department, current salaries only.
    let (got, reading) = answer(&hr, "Sum of salaries by department");
    let expected = rows(
        &hr.conn,
        "SELECT d.name, sum(s.salary) FROM salaries s JOIN dept_emp de ON de.employee_id = s.employee_id AND de.to_date IS NULL
         JOIN departments d ON d.department_id = de.department_id WHERE s.to_date IS NULL GROUP BY d.department_id, d.name",
    );
    assert_eq!(got, expected);
    assert!(reading.iter().any(|c| c == "Filter: current"), "{reading:?}");
    assert!(reading.iter().any(|c| c.starts_with("Grouping: by current department")), "{reading:?}");

    // Titles kept over time: the current title with the current salary.
    let (got, _) = answer(&hr, "Average salary for each job title right now");
    let expected = rows(
        &hr.conn,
        "SELECT t.title, avg(s.salary) FROM salaries s JOIN titles t ON t.employee_id = s.employee_id AND t.to_date IS NULL
         WHERE s.to_date IS NULL GROUP BY t.title",
    );
    assert_eq!(got, expected);

    let (got, _) = answer(&hr, "How many female employees are there currently?");
    assert_eq!(got, rows(&hr.conn, "SELECT count(*) FROM employees WHERE gender = 'F' AND termination_date IS NULL"));
}

#[test]
fn people_are_listed_once_from_the_rows_that_relate_them() {
    let hr = sample(SampleDataset::Hr);
    let (got, _) = answer(&hr, "Who manages Finance at present?");
    let expected = rows(
        &hr.conn,
        "SELECT e.first_name, e.last_name FROM dept_manager m JOIN employees e ON e.employee_id = m.employee_id
         JOIN departments d ON d.department_id = m.department_id WHERE d.name = 'Finance' AND m.to_date IS NULL",
    );
    assert_eq!(expected.len(), 1);
    assert_eq!(got, expected);
}

#[test]
fn of_two_readings_the_one_over_what_the_question_is_about_is_taken() {
    let nba = sample(SampleDataset::Nba);
    // Points are recorded per player and per team; "for each team" means the team's.
    let (got, _) = answer(&nba, "Average points per game for each team");
    let expected = rows(
        &nba.conn,
        "SELECT t.city, t.nickname, avg(b.points) FROM team_box_scores b JOIN teams t ON t.team_id = b.team_id GROUP BY t.team_id, t.city, t.nickname",
    );
    assert_eq!(got, expected);
}

#[test]
fn rows_of_one_event_are_ranked_and_yes_no_columns_counted() {
    let nba = sample(SampleDataset::Nba);
    let (got, _) = answer(&nba, "Who scored the most points in a single game?");
    let expected = rows(
        &nba.conn,
        "SELECT p.first_name, p.last_name, b.points FROM player_box_scores b JOIN players p ON p.player_id = b.player_id
         WHERE b.points = (SELECT max(points) FROM player_box_scores)",
    );
    assert_eq!(got, expected);

    let (got, _) = answer(&nba, "Which team has the largest arena?");
    assert_eq!(got, rows(&nba.conn, "SELECT city, nickname, arena_capacity FROM teams WHERE arena_capacity = (SELECT max(arena_capacity) FROM teams)"));

    let (got, reading) = answer(&nba, "Wins by team");
    let expected = rows(
        &nba.conn,
        "SELECT count(*), t.city, t.nickname FROM team_box_scores b JOIN teams t ON t.team_id = b.team_id WHERE b.won GROUP BY t.team_id, t.city, t.nickname",
    );
    assert_eq!(got, expected);
    assert!(reading.iter().any(|c| c.starts_with(&format!("{:?}: number of wins", ChipKind::Measure))), "{reading:?}");
}

#[test]
fn a_list_of_records_shows_when_whose_and_what_it_was_filtered_on() {
    let shop = sample(SampleDataset::Ecommerce);
    // An order has no name: each is shown with its date, its customer and the amount compared.
    let (got, _) = answer(&shop, "orders over 500 dollars in 2024");
    let expected = rows(
        &shop.conn,
        "SELECT o.order_id, o.ordered_at, c.first_name, c.last_name, o.total_amount FROM orders o LEFT JOIN customers c ON c.customer_id = o.customer_id
         WHERE o.total_amount > 500 AND o.ordered_at >= DATE '2024-01-01' AND o.ordered_at < DATE '2025-01-01'",
    );
    assert_eq!(got, expected);
    // A filter by a related model's value: still each order's date and customer.
    let (got, _) = answer(&shop, "orders placed in March 2024");
    let expected = rows(
        &shop.conn,
        "SELECT o.order_id, o.ordered_at, c.first_name, c.last_name FROM orders o LEFT JOIN customers c ON c.customer_id = o.customer_id
         WHERE o.ordered_at >= DATE '2024-03-01' AND o.ordered_at < DATE '2024-04-01'",
    );
    assert_eq!(got, expected);
    // Named records keep their names, and what they were compared on.
    let (got, _) = answer(&shop, "products that cost more than 200 dollars");
    assert_eq!(got, rows(&shop.conn, "SELECT name, cost FROM products WHERE cost > 200"));
}

#[test]
fn the_id_and_name_asked_of_a_group_are_its_key_and_names() {
    let shop = sample(SampleDataset::Ecommerce);
    let expected = rows(
        &shop.conn,
        "SELECT c.customer_id, c.first_name, c.last_name, count(*) FROM orders o JOIN customers c ON c.customer_id = o.customer_id
         GROUP BY c.customer_id, c.first_name, c.last_name",
    );
    for question in ["How many orders does each customer have? List the customer id and name.", "number of orders per customer with their ids and names"] {
        let (got, _) = answer(&shop, question);
        assert_eq!(got, expected, "{question}");
    }
    // Without its id asked, the group is shown by its names only.
    let (got, _) = answer(&shop, "number of orders per customer");
    assert_eq!(got[0].len(), 3);
}

#[test]
fn the_thing_with_the_most_is_ranked_as_after_which() {
    let shop = sample(SampleDataset::Ecommerce);
    let (most_orders, _) = answer(&shop, "Which customer has the most orders?");
    for question in ["the customer with the most orders", "What is the name of the customer with the most orders?"] {
        assert_eq!(answer(&shop, question).0, most_orders, "{question}");
    }
    // The product, not only its price.
    let expected = rows(&shop.conn, "SELECT name, price FROM products WHERE price = (SELECT max(price) FROM products)");
    for question in ["the product with the highest price", "What is the name of the product with the highest price?"] {
        assert_eq!(answer(&shop, question).0, expected, "{question}");
    }
}

#[test]
fn the_best_is_the_highest_average_score_never_the_most() {
    let shop = sample(SampleDataset::Ecommerce);
    let (best, reading) = answer(&shop, "Which category has the best reviews?");
    let expected = rows(
        &shop.conn,
        "SELECT category, avg FROM (SELECT p.category, avg(r.score) AS avg, rank() OVER (ORDER BY avg(r.score) DESC) AS rank
         FROM reviews r JOIN products p ON p.product_id = r.product_id GROUP BY p.category) WHERE rank = 1",
    );
    assert_eq!(best, expected);
    assert!(reading.iter().any(|c| c.contains("average score")), "{reading:?}");
    let (worst, _) = answer(&shop, "products with the worst reviews");
    let lowest = rows(
        &shop.conn,
        "SELECT name, avg FROM (SELECT p.name, avg(r.score) AS avg, rank() OVER (ORDER BY avg(r.score)) AS rank
         FROM reviews r JOIN products p ON p.product_id = r.product_id GROUP BY p.product_id, p.name) WHERE rank = 1",
    );
    assert_eq!(worst, lowest);
    assert_eq!(answer(&shop, "Which product category has the best average review score?").0, expected);
    // Orders have no score: "best" is not read as "most".
    assert!(matches!(ask(&shop.manifest, &shop.index, "Which customer has the best orders?"), Understanding::NotUnderstood { .. }));
}
