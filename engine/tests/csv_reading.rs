//! CSV files as real exports write them: missing-value markers, dates as people write them,
//! decimal commas, Windows-1252 text; and changing a column's type after the import.

use quarry_engine::{
    ColumnTypeFamily,
    connectors::CsvProperties,
    csv_import::{self, CsvImportError, Imported, MissingValues, ReadOptions},
};
use serde_json::{Value, json};

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

    fn import_with(&self, name: &str, content: &[u8], options: &ReadOptions) -> Imported {
        let path = self.dir.path().join(name);
        std::fs::write(&path, content).unwrap();
        csv_import::import_with(&self.database(), &path, &csv_import::table_name_for(name), options).unwrap()
    }

    fn import(&self, name: &str, content: &[u8]) -> Imported {
        self.import_with(name, content, &ReadOptions::default())
    }

    /// (column, DuckDB type) of a table.
    fn types(&self, table: &str) -> Vec<(String, String)> {
        let conn = duckdb::Connection::open(self.database()).unwrap();
        let mut statement =
            conn.prepare("SELECT column_name, data_type FROM information_schema.columns WHERE table_name = ? ORDER BY ordinal_position").unwrap();
        statement.query_map([table], |row| Ok((row.get(0)?, row.get(1)?))).unwrap().map(Result::unwrap).collect()
    }

    fn type_of(&self, table: &str, column: &str) -> String {
        self.types(table).into_iter().find(|(c, _)| c == column).map(|(_, t)| t).unwrap()
    }

    /// One column of a query, each value as text (NULL as `null`).
    fn texts(&self, sql: &str) -> Vec<Value> {
        let conn = duckdb::Connection::open(self.database()).unwrap();
        let mut statement = conn.prepare(sql).unwrap();
        statement.query_map([], |row| row.get::<_, Option<String>>(0)).unwrap().map(|v| json!(v.unwrap())).collect()
    }
}

fn missing(column: &str, marker: &str, count: u64) -> MissingValues {
    MissingValues { column: column.into(), marker: marker.into(), count }
}

#[test]
fn missing_markers_become_null_before_typing_and_are_counted() {
    let project = Project::new();
    let imported = project.import("delays.csv", b"id,delay,code,rate,note\n1,12,A1,0.5,ok\n2,NA,NA,NaN,\n3,-,B2,N/A,fine\n4,NULL,NA,1.5,None\n5,7,,null,x\n");
    assert_eq!(imported.rows, 5);
    let types = project.types("delays");
    assert_eq!(types[1], ("delay".to_owned(), "BIGINT".to_owned()), "{types:?}");
    assert_eq!(types[3], ("rate".to_owned(), "DOUBLE".to_owned()));
    assert_eq!(project.texts("SELECT CAST(sum(delay) AS VARCHAR) FROM delays"), [json!("19")]);
    // A code's NA is no code at all, not one shared fake code.
    assert_eq!(project.texts("SELECT CAST(count(DISTINCT code) AS VARCHAR) FROM delays"), [json!("2")]);
    let mut counts = imported.missing.clone();
    counts.sort_by(|a, b| (&a.column, &a.marker).cmp(&(&b.column, &b.marker)));
    assert_eq!(
        counts,
        [
            missing("code", "", 1),
            missing("code", "NA", 2),
            missing("delay", "-", 1),
            missing("delay", "NA", 1),
            missing("delay", "NULL", 1),
            missing("note", "", 1),
            missing("note", "None", 1),
            missing("rate", "N/A", 1),
            missing("rate", "NaN", 1),
            missing("rate", "null", 1),
        ]
    );
    assert!(imported.notes.contains(&"3 values 'NA' read as missing (code 2; delay 1)".to_owned()), "{:?}", imported.notes);
    assert!(imported.notes.contains(&"2 empty values read as missing (code 1; note 1)".to_owned()), "{:?}", imported.notes);

    // Markers chosen at upload: only `NA` here, so `-` stays a value and the column text.
    let chosen = ReadOptions { missing_markers: vec!["NA".into()] };
    let imported = project.import_with("chosen.csv", b"id,delay\n1,12\n2,NA\n3,-\n", &chosen);
    assert_eq!(project.type_of("chosen", "delay"), "VARCHAR");
    assert_eq!(imported.missing, [missing("delay", "NA", 1)]);
    // A file without missing values says nothing about them.
    assert!(project.import("clean.csv", b"a,b\n1,2\n").notes.is_empty());
}

#[test]
fn dates_as_people_write_them() {
    let project = Project::new();
    let imported = project.import(
        "events.csv",
        b"id,named,stamped,iso\n1,Jun 12 1998,1998-06-12 14:00,1998-06-12\n2,Jul 1 1999,1999-07-01 09:30,1999-07-01\n3,,1999-07-02 23:59,1999-07-02\n",
    );
    assert_eq!(project.type_of("events", "named"), "DATE");
    assert_eq!(project.type_of("events", "stamped"), "TIMESTAMP");
    assert_eq!(project.type_of("events", "iso"), "DATE");
    assert_eq!(project.texts("SELECT CAST(named AS VARCHAR) FROM events ORDER BY id"), [json!("1998-06-12"), json!("1999-07-01"), Value::Null]);
    assert_eq!(project.texts("SELECT CAST(stamped AS VARCHAR) FROM events WHERE id = 1"), [json!("1998-06-12 14:00:00")]);
    assert!(imported.notes.contains(&"\"named\" read as dates written like \"Jun 12 1998\".".to_owned()), "{:?}", imported.notes);

    let more = project.import(
        "formats.csv",
        b"long,dotted,stamp12,short\n\"June 12, 1998\",12.06.1998,06/13/1998 2:05 PM,12-Jun-98\n\"March 3, 2001\",25.06.1998,07/01/1999 11:00 AM,03-Mar-01\n",
    );
    assert!(more.notes.iter().any(|n| n.starts_with("\"dotted\" read as dates written day first (\"25.06.1998\"")), "{:?}", more.notes);
    assert_eq!(project.types("formats").into_iter().map(|(_, t)| t).collect::<Vec<_>>(), ["DATE", "DATE", "TIMESTAMP", "DATE"], "{:?}", more.notes);
    assert_eq!(project.texts("SELECT CAST(dotted AS VARCHAR) FROM formats"), [json!("1998-06-12"), json!("1998-06-25")]);
    assert_eq!(project.texts("SELECT CAST(stamp12 AS VARCHAR) FROM formats"), [json!("1998-06-13 14:05:00"), json!("1999-07-01 11:00:00")]);
    assert_eq!(project.texts("SELECT CAST(short AS VARCHAR) FROM formats"), [json!("1998-06-12"), json!("2001-03-03")]);
}

#[test]
fn day_and_month_order_is_decided_by_the_data_or_read_month_first() {
    let project = Project::new();
    // A first part above 12 makes the whole column day-first.
    let decided = project.import("day_first.csv", b"id,shipped\n1,12/06/1998\n2,03/04/2001\n3,25/06/1998\n");
    assert_eq!(project.type_of("day_first", "shipped"), "DATE");
    assert_eq!(project.texts("SELECT CAST(shipped AS VARCHAR) FROM day_first ORDER BY id"), [json!("1998-06-12"), json!("2001-04-03"), json!("1998-06-25")]);
    assert_eq!(decided.notes, ["\"shipped\" read as dates written day first (\"25/06/1998\" can only be read day first)."]);

    // A second part above 12 makes it month-first.
    project.import("month_first.csv", b"shipped\n06/12/1998\n06/25/1998\n");
    assert_eq!(project.texts("SELECT CAST(shipped AS VARCHAR) FROM month_first"), [json!("1998-06-12"), json!("1998-06-25")]);

    // Nothing tells: month first, and the import says so.
    let unsure = project.import("unsure.csv", b"shipped\n03/04/2001\n01/02/2000\n");
    assert_eq!(project.texts("SELECT CAST(shipped AS VARCHAR) FROM unsure"), [json!("2001-03-04"), json!("2000-01-02")]);
    assert_eq!(unsure.notes.len(), 1);
    assert!(unsure.notes[0].starts_with("\"shipped\": dates like \"03/04/2001\" could be day or month first; read month first."), "{:?}", unsure.notes);

    // A column that cannot tell follows one of the same file that can, timestamps included.
    let follows = project.import("follows.csv", b"ordered,shipped\n03/04/2001 10:00:00,25/06/1998\n01/02/2000 11:30:00,12/06/1998\n");
    assert_eq!(project.type_of("follows", "ordered"), "TIMESTAMP");
    assert_eq!(project.texts("SELECT CAST(ordered AS VARCHAR) FROM follows"), [json!("2001-04-03 10:00:00"), json!("2000-02-01 11:30:00")]);
    assert!(follows.notes.iter().any(|n| n.ends_with("read day first, as \"shipped\" is written.")), "{:?}", follows.notes);
}

#[test]
fn decimal_commas_with_semicolons_are_numbers() {
    let project = Project::new();
    let imported = project.import("prices.csv", b"item;price;qty\nTea;3,50;2\nCake;12,25;NA\n");
    assert_eq!(project.type_of("prices", "price"), "DOUBLE");
    assert_eq!(project.type_of("prices", "qty"), "BIGINT");
    assert_eq!(project.texts("SELECT CAST(sum(price) AS VARCHAR) FROM prices"), [json!("15.75")]);
    assert!(imported.notes.contains(&"Numbers written with a decimal comma (3,50) were read as numbers.".to_owned()), "{:?}", imported.notes);
}

#[test]
fn windows_1252_files_are_read_not_refused() {
    let project = Project::new();
    let imported = project.import("cities.csv", b"name;city;price\nJos\xe9;S\xe3o Paulo;3,50\nAnn;Z\xfcrich;\x80 1\n");
    assert_eq!(imported.rows, 2);
    assert_eq!(project.texts("SELECT city FROM cities"), [json!("São Paulo"), json!("Zürich")]);
    assert_eq!(project.texts("SELECT name FROM cities"), [json!("José"), json!("Ann")]);
    assert_eq!(imported.notes[0], "The file is not UTF-8: it was read as Windows-1252 (Latin-1) text.");
    // The UTF-8 copy is gone; only the upload and the database remain.
    let mut left: Vec<String> = std::fs::read_dir(project.dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    left.retain(|name| !name.starts_with(CsvProperties::DATABASE_FILE));
    assert_eq!(left, ["cities.csv"]);

    // UTF-8 letters beside bytes that are not UTF-8 are refused with the line at fault.
    let path = project.dir.path().join("mixed.csv");
    std::fs::write(&path, b"name\nS\xc3\xa3o Paulo\nZ\xfcrich\n").unwrap();
    match csv_import::import(&project.database(), &path, "mixed") {
        Err(CsvImportError::Rejected(message)) => assert!(message.starts_with("Line 3, column 1: the text is not valid UTF-8"), "{message}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn a_column_type_can_be_changed_after_the_import() {
    let project = Project::new();
    project.import("parts.csv", b"code,weight,made\n101,3.5,12 Jun 1998\n102,x,bad\n110,4,13 Jun 1998\n");
    assert_eq!(project.type_of("parts", "code"), "BIGINT");
    assert_eq!(project.type_of("parts", "made"), "VARCHAR");
    let database = project.database();

    // Codes read as numbers are no amounts: as text, nobody adds them up.
    let change = csv_import::change_column_type(&database, "parts", "code", ColumnTypeFamily::Text).unwrap();
    assert_eq!((change.type_name.as_str(), change.family, change.converted, change.failed), ("VARCHAR", ColumnTypeFamily::Text, 3, 0));

    let change = csv_import::change_column_type(&database, "parts", "weight", ColumnTypeFamily::Float).unwrap();
    assert_eq!((change.type_name.as_str(), change.converted, change.failed), ("DOUBLE", 2, 1));
    assert_eq!(project.texts("SELECT CAST(weight AS VARCHAR) FROM parts"), [json!("3.5"), Value::Null, json!("4.0")]);

    // Text to dates uses the format most values are written in.
    let change = csv_import::change_column_type(&database, "parts", "made", ColumnTypeFamily::Date).unwrap();
    assert_eq!((change.converted, change.failed, change.family), (2, 1, ColumnTypeFamily::Date));
    assert_eq!(project.texts("SELECT CAST(made AS VARCHAR) FROM parts"), [json!("1998-06-12"), Value::Null, json!("1998-06-13")]);

    let refused = |outcome: Result<csv_import::TypeChange, CsvImportError>| match outcome {
        Err(CsvImportError::Rejected(message)) => message,
        other => panic!("expected a refusal, got {other:?}"),
    };
    project.import("names.csv", b"name\nAna\nBo\n");
    assert_eq!(
        refused(csv_import::change_column_type(&database, "names", "name", ColumnTypeFamily::Integer)),
        "None of the 2 values of \"name\" can be read as INTEGER; the column is unchanged."
    );
    assert_eq!(project.type_of("names", "name"), "VARCHAR");
    assert_eq!(refused(csv_import::change_column_type(&database, "names", "nope", ColumnTypeFamily::Text)), "The CSV table \"names\" has no column \"nope\".");
    assert!(refused(csv_import::change_column_type(&database, "names", "name", ColumnTypeFamily::Json)).starts_with("A column can be changed to"));
}
