//! CSV files into a project's CSV database (`csv.duckdb`, read by the CSV connector).
//!
//! A file becomes one table inside one transaction: `CREATE OR REPLACE TABLE … AS SELECT *
//! FROM read_csv(…)`, then the text columns that hold dates are typed ([`dates`]). A
//! failure (bad file, crash, kill) leaves the database as it was, and running the same
//! import again gives the same table. DuckDB infers the types; settled here are the
//! encoding ([`encoding`]: Windows-1252 and UTF-16 files are read through a UTF-8 copy),
//! the delimiter (`,` `;` tab `|`), the header and a decimal comma ([`dialect`]), and the
//! missing-value markers read as NULL before typing ([`missing`]). When DuckDB rejects a
//! file, [`dialect::find_problem`] names the line and column at fault. What the import
//! did that the user should know (markers read as missing, the encoding, how dates were
//! read) comes back as notes.
//!
//! DuckDB allows one writing process per file, and the same file must not be opened twice
//! for writing in one process: imports into one database take turns ([`writer_lock`]);
//! readers elsewhere wait while a write is under way (see `open_duckdb_read_only`).

pub mod dates;
pub mod dialect;
pub mod encoding;
pub mod missing;
pub mod retype;

pub use missing::{DEFAULT_MISSING_MARKERS, MissingValues, check_markers, default_markers};
pub use retype::{TypeChange, change_column_type};

use crate::connectors::{is_lock_conflict, open_duckdb_read_only};
use dialect::Dialect;
use duckdb::{Config, Connection};
use encoding::TextEncoding;
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
    /// How many values each marker replaced, column by column.
    pub missing: Vec<MissingValues>,
    /// What the user should know of how the file was read, one sentence each.
    pub notes: Vec<String>,
}

/// Choices made at upload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadOptions {
    /// Values read as missing (NULL) before the columns are typed; `""` is an empty field.
    pub missing_markers: Vec<String>,
}

impl Default for ReadOptions {
    fn default() -> Self {
        Self { missing_markers: default_markers() }
    }
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
/// that name, with the default [`ReadOptions`]. Blocking: run it on a blocking thread.
pub fn import(database: &Path, file: &Path, table: &str) -> Result<Imported, CsvImportError> {
    import_with(database, file, table, &ReadOptions::default())
}

/// [`import`] with the choices made at upload.
pub fn import_with(database: &Path, file: &Path, table: &str, options: &ReadOptions) -> Result<Imported, CsvImportError> {
    let failed = |e: std::io::Error| CsvImportError::Failed(format!("reading {}: {e}", file.display()));
    let size = std::fs::metadata(file).map_err(failed)?.len();
    if size == 0 {
        return Err(CsvImportError::Rejected("The file is empty.".into()));
    }
    let text = encoding::detect(file).map_err(failed)?;
    // The UTF-8 copy of a file in another encoding lives beside it while it is read.
    let copy = match text {
        TextEncoding::Utf8 | TextEncoding::Mixed => None,
        _ => {
            let dir = file.parent().unwrap_or(Path::new("."));
            let copy = tempfile::Builder::new().prefix(".utf8-").suffix(".csv").tempfile_in(dir).map_err(failed)?;
            encoding::transcode(file, copy.path(), text).map_err(failed)?;
            Some(copy)
        }
    };
    let file = copy.as_ref().map_or(file, |c| c.path());
    let dialect = dialect::sniff(file).map_err(|e| CsvImportError::Failed(e.to_string()))?;
    let lock = writer_lock(database);
    let _turn = lock.lock().unwrap_or_else(|e| e.into_inner());
    let mut conn = open_for_writing(database)?;
    let load = Load { file, table, dialect, markers: &options.missing_markers };
    // Types are first guessed from a sample; a value that does not fit them later in the
    // file gets a second attempt that reads every row before deciding.
    let outcome = match load.run(&mut conn, false) {
        Err(LoadError::Conversion(_)) => load.run(&mut conn, true),
        outcome => outcome,
    };
    match outcome {
        Ok(mut imported) => {
            let mut notes: Vec<String> = text.note().map(str::to_owned).into_iter().collect();
            if dialect.decimal_comma {
                notes.push("Numbers written with a decimal comma (3,50) were read as numbers.".to_owned());
            }
            notes.append(&mut imported.notes);
            imported.notes = notes;
            Ok(imported)
        }
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

/// One attempt at loading a file.
struct Load<'a> {
    file: &'a Path,
    table: &'a str,
    dialect: Dialect,
    markers: &'a [String],
}

impl Load<'_> {
    /// `read_csv` of the file with its layout settled, reading every row to decide types
    /// when `read_all`; `extra` adds options.
    fn source(&self, read_all: bool, extra: &str) -> String {
        format!(
            "read_csv({file}, delim = {delimiter}, quote = '\"', escape = '\"', header = {header}, skip = 0, comment = '', \
             encoding = 'utf-8', strict_mode = true{decimal}{sample}{extra})",
            file = quote_literal(&self.file.to_string_lossy()),
            delimiter = quote_literal(&char::from(self.dialect.delimiter).to_string()),
            header = self.dialect.header,
            decimal = if self.dialect.decimal_comma { ", decimal_separator = ','" } else { "" },
            sample = if read_all { ", sample_size = -1" } else { "" },
        )
    }

    fn run(&self, conn: &mut Connection, read_all: bool) -> Result<Imported, LoadError> {
        // DuckDB reads ISO dates itself; other dates stay text for `dates` to type, where
        // the order of day and month is decided per column rather than guessed per file.
        let typed = format!(", {}, dateformat = '%Y-%m-%d'", missing::nullstr(self.markers));
        let transaction = conn.transaction().map_err(|e| LoadError::Database(e.to_string()))?;
        let text_timestamps = non_iso_timestamps(&transaction, &self.source(read_all, &typed)).map_err(|e| classify(e.to_string()))?;
        let types = if text_timestamps.is_empty() {
            String::new()
        } else {
            let entries: Vec<String> = text_timestamps.iter().map(|c| format!("{}: 'VARCHAR'", quote_literal(c))).collect();
            format!(", types = {{{}}}", entries.join(", "))
        };
        let sql = format!("CREATE OR REPLACE TABLE {} AS SELECT * FROM {}", quote_identifier(self.table), self.source(read_all, &format!("{typed}{types}")));
        transaction.execute_batch(&sql).map_err(|e| classify(e.to_string()))?;
        let missing =
            missing::count(&transaction, self.table, &self.source(read_all, ", all_varchar = true"), self.markers).map_err(|e| classify(e.to_string()))?;
        let date_notes = dates::type_dates(&transaction, self.table).map_err(|e| LoadError::Database(e.to_string()))?;
        let (rows, columns) = transaction
            .query_row(
                &format!(
                    "SELECT (SELECT count(*) FROM {t}), (SELECT count(*) FROM information_schema.columns \
                     WHERE table_schema = 'main' AND table_name = ?)",
                    t = quote_identifier(self.table)
                ),
                [self.table],
                |row| Ok((row.get::<_, i64>(0)?, row.get::<_, i64>(1)?)),
            )
            .map_err(|e| LoadError::Database(e.to_string()))?;
        transaction.commit().map_err(|e| LoadError::Database(e.to_string()))?;
        let mut notes = missing::notes(&missing);
        notes.extend(date_notes);
        Ok(Imported { table: self.table.to_owned(), rows: rows as u64, columns: columns as usize, missing, notes })
    }
}

/// The columns DuckDB would read as timestamps written other than ISO 8601 (it would
/// guess one day/month order for the whole file): they are loaded as text instead.
fn non_iso_timestamps(conn: &Connection, source: &str) -> duckdb::Result<Vec<String>> {
    let sniffed = source.replacen("read_csv(", "sniff_csv(", 1);
    let (format, columns): (Option<String>, duckdb::types::Value) =
        conn.query_row(&format!("SELECT TimestampFormat, Columns FROM {sniffed}"), [], |row| Ok((row.get(0)?, row.get(1)?)))?;
    if format.is_none() {
        return Ok(Vec::new());
    }
    let duckdb::types::Value::List(columns) = columns else { return Ok(Vec::new()) };
    let mut names = Vec::new();
    for column in columns {
        let duckdb::types::Value::Struct(fields) = column else { continue };
        let field = |name: &str| fields.iter().find(|(k, _)| k.as_str() == name).map(|(_, v)| v.clone());
        if let (Some(duckdb::types::Value::Text(name)), Some(duckdb::types::Value::Text(kind))) = (field("name"), field("type"))
            && kind == "TIMESTAMP"
        {
            names.push(name);
        }
    }
    Ok(names)
}

fn classify(message: String) -> LoadError {
    if message.contains("Conversion Error") {
        LoadError::Conversion(message)
    } else if is_file_error(&message) {
        LoadError::File(message)
    } else {
        LoadError::Database(message)
    }
}

/// The table's columns, in order.
pub(crate) fn column_names(conn: &Connection, table: &str) -> duckdb::Result<Vec<String>> {
    let mut statement =
        conn.prepare("SELECT column_name FROM information_schema.columns WHERE table_schema = 'main' AND table_name = ? ORDER BY ordinal_position")?;
    statement.query_map([table], |row| row.get(0))?.collect()
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
