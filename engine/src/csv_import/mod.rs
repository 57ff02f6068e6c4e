//! CSV files into a project's CSV database (`csv.duckdb`, read by the CSV connector).
//!
//! A file becomes one table in one statement, `CREATE OR REPLACE TABLE … AS SELECT * FROM
//! read_csv(…)`, inside a transaction: a failure (bad file, crash, kill) leaves the
//! database as it was, and running the same import again gives the same table. DuckDB
//! infers the types; the delimiter (`,` `;` tab `|`) and the header are settled here, and when
//! DuckDB rejects a file, [`dialect::find_problem`] names the line and column at fault.
//!
//! DuckDB allows one writing process per file, and the same file must not be opened twice
//! for writing in one process: imports into one database take turns ([`writer_lock`]);
//! readers elsewhere wait while a write is under way (see `open_duckdb_read_only`).

pub mod dialect;

use crate::connectors::{is_lock_conflict, open_duckdb_read_only};
use dialect::Dialect;
use duckdb::{Config, Connection};
use std::{
    collections::HashMap,
    path::{Path, PathBuf},
    sync::{Arc, LazyLock, Mutex},
};

/// Longest table name kept from a file name (Postgres' identifier limit, for later exports).
const MAX_TABLE_NAME: usize = 63;

#[derive(Debug, thiserror::Error)]
pub enum CsvImportError {
    /// The file cannot be imported as it is; the message says why, for the user.
    #[error("{0}")]
    Rejected(String),
    /// Another process is writing the database; try again shortly.
    #[error("the CSV database is being written by another process")]
    Busy,
    #[error("CSV import failed: {0}")]
    Failed(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    pub table: String,
    pub rows: u64,
    pub columns: usize,
}

/// The table a file becomes: its name without `.csv`, lower-case, letters, digits and `_`
/// (`Sales Data 2024.csv` → `sales_data_2024`, `2024.csv` → `t_2024`).
pub fn table_name_for(file_name: &str) -> String {
    let base = Path::new(file_name).file_name().and_then(|n| n.to_str()).unwrap_or(file_name);
    let stem = match base.len().checked_sub(4) {
        Some(cut) if base.is_char_boundary(cut) && base[cut..].eq_ignore_ascii_case(".csv") => &base[..cut],
        _ => base,
    };
    let mut name = String::with_capacity(stem.len());
    for c in stem.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            name.push(c);
        } else if !name.ends_with('_') {
            name.push('_');
        }
    }
    let name = name.trim_matches('_');
    let mut name = match name.chars().next() {
        None => "table".to_owned(),
        Some(first) if first.is_ascii_digit() => format!("t_{name}"),
        Some(_) => name.to_owned(),
    };
    name.truncate(MAX_TABLE_NAME);
    name
}

/// Whether `table` exists in the database (false when the database does not exist yet).
pub fn table_exists(database: &Path, table: &str) -> Result<bool, CsvImportError> {
    if !database.exists() {
        return Ok(false);
    }
    // Not while this process writes it: DuckDB's file lock does not keep a process from itself.
    let lock = writer_lock(database);
    let _turn = lock.lock().unwrap_or_else(|e| e.into_inner());
    let conn = open_duckdb_read_only(database).map_err(|e| CsvImportError::Failed(e.to_string()))?;
    let count: i64 = conn
        .query_row("SELECT count(*) FROM information_schema.tables WHERE table_schema = 'main' AND table_name = ?", [table], |row| row.get(0))
        .map_err(|e| CsvImportError::Failed(e.to_string()))?;
    Ok(count > 0)
}

/// Imports `file` as `table` of `database` (created when missing), replacing a table of
/// that name. Blocking: run it on a blocking thread.
pub fn import(database: &Path, file: &Path, table: &str) -> Result<Imported, CsvImportError> {
    let size = std::fs::metadata(file).map_err(|e| CsvImportError::Failed(format!("reading {}: {e}", file.display())))?.len();
    if size == 0 {
        return Err(CsvImportError::Rejected("The file is empty.".into()));
    }
    let dialect = dialect::sniff(file).map_err(|e| CsvImportError::Failed(e.to_string()))?;
    let lock = writer_lock(database);
    let _turn = lock.lock().unwrap_or_else(|e| e.into_inner());
    let mut conn = open_for_writing(database)?;
    // Types are first guessed from a sample; a value that does not fit them later in the
    // file gets a second attempt that reads every row before deciding.
    let outcome = match load(&mut conn, file, table, dialect, false) {
        Err(LoadError::Conversion(_)) => load(&mut conn, file, table, dialect, true),
        outcome => outcome,
    };
    match outcome {
        Ok(imported) => Ok(imported),
        Err(LoadError::Database(message)) => Err(CsvImportError::Failed(message)),
        Err(LoadError::Conversion(message) | LoadError::File(message)) => {
            let problem = dialect::find_problem(file, dialect.delimiter).map_err(|e| CsvImportError::Failed(e.to_string()))?;
            Err(CsvImportError::Rejected(problem.unwrap_or_else(|| duckdb_reason(&message))))
        }
    }
}

enum LoadError {
    /// A value does not fit the type inferred from the sample.
    Conversion(String),
    /// The file's content is at fault.
    File(String),
    /// The database is at fault (disk full, lock…), not the file.
    Database(String),
}

fn load(conn: &mut Connection, file: &Path, table: &str, dialect: Dialect, read_all: bool) -> Result<Imported, LoadError> {
    let sample = if read_all { ", sample_size = -1" } else { "" };
    let sql = format!(
        "CREATE OR REPLACE TABLE {table} AS SELECT * FROM read_csv({file}, delim = {delimiter}, quote = '\"', \
         escape = '\"', header = {header}, skip = 0, comment = '', encoding = 'utf-8', strict_mode = true{sample})",
        table = quote_identifier(table),
        file = quote_literal(&file.to_string_lossy()),
        delimiter = quote_literal(&char::from(dialect.delimiter).to_string()),
        header = dialect.header,
    );
    let transaction = conn.transaction().map_err(|e| LoadError::Database(e.to_string()))?;
    if let Err(error) = transaction.execute_batch(&sql) {
        let message = error.to_string();
        return Err(if message.contains("Conversion Error") {
            LoadError::Conversion(message)
        } else if is_file_error(&message) {
            LoadError::File(message)
        } else {
            LoadError::Database(message)
        });
    }
    let (rows, columns) = transaction
        .query_row(
            &format!(
                "SELECT (SELECT count(*) FROM {t}), (SELECT count(*) FROM information_schema.columns \
                 WHERE table_schema = 'main' AND table_name = ?)",
                t = quote_identifier(table)
            ),
            [table],
            |row| Ok((row.get::<_, i64>(0)?, row.get::<_, i64>(1)?)),
        )
        .map_err(|e| LoadError::Database(e.to_string()))?;
    transaction.commit().map_err(|e| LoadError::Database(e.to_string()))?;
    Ok(Imported { table: table.to_owned(), rows: rows as u64, columns: columns as usize })
}

/// DuckDB reports problems with a file's content as invalid input or conversion errors,
/// and an unreadable layout as a sniffing error.
fn is_file_error(message: &str) -> bool {
    ["Invalid Input Error", "CSV Error", "sniffing", "Conversion Error"].iter().any(|m| message.contains(m))
}

/// The user-facing part of a DuckDB CSV error: the line it names and its first reason,
/// without the list of reader options it appends.
fn duckdb_reason(message: &str) -> String {
    let line = message.split("Line: ").nth(1).and_then(|rest| {
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        (!digits.is_empty()).then_some(digits)
    });
    let reason = message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .find(|l| !l.contains("Error:") && !l.starts_with("Original Line") && !l.starts_with("CSV Error"))
        .unwrap_or("The file could not be read as CSV.");
    match line {
        Some(line) => format!("Line {line}: {reason}"),
        None => reason.to_owned(),
    }
}

fn open_for_writing(database: &Path) -> Result<Connection, CsvImportError> {
    if let Some(dir) = database.parent() {
        std::fs::create_dir_all(dir).map_err(|e| CsvImportError::Failed(format!("creating {}: {e}", dir.display())))?;
    }
    // read_csv needs access to the upload; autoloading stays off (no network).
    let config = Config::default().enable_autoload_extension(false).map_err(|e| CsvImportError::Failed(e.to_string()))?;
    Connection::open_with_flags(database, config).map_err(|e| {
        let message = e.to_string();
        if is_lock_conflict(&message) { CsvImportError::Busy } else { CsvImportError::Failed(message) }
    })
}

/// One writer per database file in this process.
fn writer_lock(database: &Path) -> Arc<Mutex<()>> {
    static LOCKS: LazyLock<Mutex<HashMap<PathBuf, Arc<Mutex<()>>>>> = LazyLock::new(Default::default);
    let key = database.canonicalize().unwrap_or_else(|_| database.to_path_buf());
    LOCKS.lock().unwrap_or_else(|e| e.into_inner()).entry(key).or_default().clone()
}

fn quote_identifier(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

fn quote_literal(value: &str) -> String {
    format!("'{}'", value.replace('\'', "''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_names_come_from_file_names() {
        assert_eq!(table_name_for("Orders.csv"), "orders");
        assert_eq!(table_name_for("Sales Data 2024.CSV"), "sales_data_2024");
        assert_eq!(table_name_for("2024.csv"), "t_2024");
        assert_eq!(table_name_for("../../etc/passwd.csv"), "passwd");
        assert_eq!(table_name_for("Café—Menu (v2).csv"), "caf_menu_v2");
        assert_eq!(table_name_for(".csv"), "table");
        assert_eq!(table_name_for(&format!("{}.csv", "x".repeat(100))).len(), MAX_TABLE_NAME);
    }

    #[test]
    fn duckdb_messages_are_cut_to_their_reason() {
        let message = "Conversion Error: CSV Error on Line: 50002\nOriginal Line: 50000,abc\n\
                       Error when converting column \"v\". Could not convert string \"abc\" to 'BIGINT'\n\n  file = x";
        assert_eq!(duckdb_reason(message), "Line 50002: Error when converting column \"v\". Could not convert string \"abc\" to 'BIGINT'");
    }
}
