//! CSV import into a real DuckDB file, read back through the CSV connector.

use quarry_engine::{
    ColumnTypeFamily, Connector, QueryOptions,
    connectors::{CsvProperties, DuckDbConnector},
    csv_import::{self, CsvImportError},
};
use std::{path::Path, time::Duration};

struct Project {
    dir: tempfile::TempDir,
}

impl Project {
    fn new() -> Self {
        Self { dir: tempfile::tempdir().unwrap() }
    }

    fn database(&self) -> std::path::PathBuf {
        self.dir.path().join(CsvProperties::DATABASE_FILE)
    }

    fn file(&self, name: &str, content: &[u8]) -> std::path::PathBuf {
        let path = self.dir.path().join(name);
        std::fs::write(&path, content).unwrap();
        path
    }

    fn import(&self, name: &str, content: &[u8]) -> Result<csv_import::Imported, CsvImportError> {
        let file = self.file(name, content);
        csv_import::import(&self.database(), &file, &csv_import::table_name_for(name))
    }

    fn connector(&self) -> DuckDbConnector {
        DuckDbConnector::csv(self.database())
    }

    async fn rows(&self, sql: &str) -> Vec<Vec<serde_json::Value>> {
        self.connector().query(sql, QueryOptions::new(1000, Duration::from_secs(30))).await.unwrap().rows
    }
}

fn rejected(outcome: Result<csv_import::Imported, CsvImportError>) -> String {
    match outcome {
        Err(CsvImportError::Rejected(message)) => message,
        other => panic!("expected a rejection, got {other:?}"),
    }
}

#[tokio::test]
async fn files_become_typed_tables() {
    let project = Project::new();
    let imported = project
        .import("Orders 2024.csv", b"order_id,customer,amount,ordered_on,paid\n1,Ana,19.90,2024-01-05,true\n2,\"Lee, Bo\",5.00,2024-02-10,false\n")
        .unwrap();
    assert_eq!((imported.table.as_str(), imported.rows, imported.columns), ("orders_2024", 2, 5));
    let semicolons = project.import("people.csv", b"name;city\nAna;Oslo\nBo;\"Multi\nline\"\n").unwrap();
    assert_eq!((semicolons.rows, semicolons.columns), (2, 2));

    let tables = project.connector().tables().await.unwrap();
    let names: Vec<&str> = tables.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["orders_2024", "people"]);
    let families: Vec<(String, ColumnTypeFamily)> = tables[0].columns.iter().map(|c| (c.name.clone(), c.family)).collect();
    assert_eq!(
        families,
        [
            ("order_id".to_owned(), ColumnTypeFamily::Integer),
            ("customer".to_owned(), ColumnTypeFamily::Text),
            ("amount".to_owned(), ColumnTypeFamily::Float),
            ("ordered_on".to_owned(), ColumnTypeFamily::Date),
            ("paid".to_owned(), ColumnTypeFamily::Boolean),
        ]
    );
    let rows = project.rows("SELECT customer, city FROM orders_2024, people WHERE name = 'Bo' ORDER BY order_id").await;
    assert_eq!(rows[1], vec![serde_json::json!("Lee, Bo"), serde_json::json!("Multi\nline")]);
}

#[tokio::test]
async fn a_file_of_the_same_name_replaces_its_table() {
    let project = Project::new();
    project.import("items.csv", b"id,name\n1,a\n2,b\n").unwrap();
    assert!(csv_import::table_exists(&project.database(), "items").unwrap());
    let again = project.import("items.csv", b"id,name,price\n7,z,1.5\n").unwrap();
    assert_eq!((again.rows, again.columns), (1, 3));
    assert_eq!(project.rows("SELECT id, name FROM items").await, vec![vec![serde_json::json!(7), serde_json::json!("z")]]);
}

#[tokio::test]
async fn broken_files_say_where_and_leave_existing_tables_alone() {
    let project = Project::new();
    project.import("orders.csv", b"id,amount\n1,10\n2,20\n").unwrap();

    let ragged = rejected(project.import("orders.csv", b"id,name,amount\n1,a,2.5\n2,b,3\n3,c,4,5\n4,d,6\n"));
    assert_eq!(ragged, "Line 4, column 4: expected 3 columns like the header, found 4.");
    // Left to itself, DuckDB's sniffer would skip the first rows and import only the last.
    let short = rejected(project.import("orders.csv", b"id,customer_id,amount\n4,1,1\n5,2,2,3\n"));
    assert_eq!(short, "Line 3, column 4: expected 3 columns like the header, found 4.");
    let headerless = project.import("numbers.csv", b"1,2\n3,4\n").unwrap();
    assert_eq!((headerless.rows, headerless.columns), (2, 2));
    // Windows-1252 files are read (tests/csv_reading.rs); UTF-8 beside bytes that are not is refused.
    let bad_utf8 = rejected(project.import("orders.csv", b"id,name\n1,S\xc3\xa3o\n2,\xff\xfebad\n"));
    assert!(bad_utf8.starts_with("Line 3, column 2: the text is not valid UTF-8"), "{bad_utf8}");
    assert_eq!(rejected(project.import("orders.csv", b"")), "The file is empty.");
    let open_quote = rejected(project.import("orders.csv", b"id,name\n1,\"open\n2,b\n"));
    assert_eq!(open_quote, "Line 2: a quoted value is never closed.");

    // The earlier import is intact after every failure.
    let rows = project.rows("SELECT sum(amount) FROM orders").await;
    assert_eq!(rows, vec![vec![serde_json::json!(30)]]);
    let names: Vec<String> = project.connector().tables().await.unwrap().into_iter().map(|t| t.name).collect();
    assert_eq!(names, ["numbers", "orders"]);
}

#[tokio::test]
async fn types_hold_for_values_past_the_sample() {
    let project = Project::new();
    let mut content = String::from("id,code\n");
    for i in 0..60_000 {
        content.push_str(&format!("{i},{i}\n"));
    }
    content.push_str("60000,A-17\n");
    let imported = project.import("codes.csv", content.as_bytes()).unwrap();
    assert_eq!(imported.rows, 60_001);
    let rows = project.rows("SELECT code FROM codes WHERE id = 60000").await;
    assert_eq!(rows, vec![vec![serde_json::json!("A-17")]]);
}

#[tokio::test]
async fn header_only_files_make_empty_tables_and_reads_during_an_import_see_committed_tables() {
    let project = Project::new();
    let imported = project.import("empty_table.csv", b"a,b,c\n").unwrap();
    assert_eq!((imported.rows, imported.columns), (0, 3));

    // A reader opened while another import writes sees the tables committed before it. (In
    // one process. Across processes a reader waits for the writer's file lock instead, in
    // open_duckdb_read_only; no test here runs two processes against one file.)
    let big: String = std::iter::once("n,word\n".to_owned()).chain((0..300_000).map(|i| format!("{i},w{i}\n"))).collect();
    let file = project.file("big.csv", big.as_bytes());
    let database = project.database();
    let writer = std::thread::spawn(move || csv_import::import(&database, &file, "big"));
    for _ in 0..20 {
        let tables = project.connector().tables().await.unwrap();
        assert!(tables.iter().any(|t| t.name == "empty_table"));
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(writer.join().unwrap().unwrap().rows, 300_000);
    assert_eq!(project.rows("SELECT count(DISTINCT n) FROM big").await, vec![vec![serde_json::json!(300_000)]]);
    assert!(Path::new(&project.database()).is_file());
}
