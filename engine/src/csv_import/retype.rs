//! Changing the type of an imported column, when the import read it otherwise than the user
//! means it (codes read as numbers, numbers kept as text). The column is converted in place,
//! in one transaction; a value that does not convert becomes NULL and is counted, and a
//! column none of whose values convert is left as it was.

use std::path::Path;

use duckdb::Connection;

use super::{CsvImportError, dates::FORMATS, missing::thousands, open_for_writing, quote_identifier as ident, quote_literal as literal, writer_lock};
use crate::connectors::{ColumnTypeFamily, families};

/// What a change did.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TypeChange {
    pub table: String,
    pub column: String,
    /// The column's type now, as DuckDB names it (`BIGINT`, `DATE`…).
    pub type_name: String,
    pub family: ColumnTypeFamily,
    /// Values that converted.
    pub converted: u64,
    /// Values that did not convert and are now missing.
    pub failed: u64,
}

/// The families a column can be changed to, and the type each becomes.
pub const TARGETS: [(ColumnTypeFamily, &str); 7] = [
    (ColumnTypeFamily::Text, "VARCHAR"),
    (ColumnTypeFamily::Integer, "BIGINT"),
    (ColumnTypeFamily::Float, "DOUBLE"),
    (ColumnTypeFamily::Decimal, "DECIMAL(18,3)"),
    (ColumnTypeFamily::Boolean, "BOOLEAN"),
    (ColumnTypeFamily::Date, "DATE"),
    (ColumnTypeFamily::Timestamp, "TIMESTAMP"),
];

/// Changes `column` of `table` to the type of `family`. Blocking.
pub fn change_column_type(database: &Path, table: &str, column: &str, family: ColumnTypeFamily) -> Result<TypeChange, CsvImportError> {
    let Some((_, target)) = TARGETS.iter().find(|(f, _)| *f == family) else {
        let names: Vec<&str> = TARGETS.iter().map(|(f, _)| f.as_str()).collect();
        return Err(CsvImportError::Rejected(format!("A column can be changed to {} only.", names.join(", "))));
    };
    if !database.exists() {
        return Err(CsvImportError::Rejected("No CSV file has been imported in this project.".into()));
    }
    let lock = writer_lock(database);
    let _turn = lock.lock().unwrap_or_else(|e| e.into_inner());
    let mut conn = open_for_writing(database)?;
    let failed = |e: duckdb::Error| CsvImportError::Failed(e.to_string());
    let transaction = conn.transaction().map_err(failed)?;
    let Some(current) = column_type(&transaction, table, column).map_err(failed)? else {
        return Err(CsvImportError::Rejected(format!("The CSV table \"{table}\" has no column \"{column}\".")));
    };
    let (t, c) = (ident(table), ident(column));
    let expression = conversion(&transaction, &t, &c, &current, family, target).map_err(failed)?;
    let (values, converted): (i64, i64) =
        transaction.query_row(&format!("SELECT count({c}), count({expression}) FROM {t}"), [], |row| Ok((row.get(0)?, row.get(1)?))).map_err(failed)?;
    if converted == 0 && values > 0 {
        return Err(CsvImportError::Rejected(format!(
            "None of the {} values of \"{column}\" can be read as {}; the column is unchanged.",
            thousands(values as u64),
            family.as_str()
        )));
    }
    transaction.execute_batch(&format!("ALTER TABLE {t} ALTER COLUMN {c} SET DATA TYPE {target} USING {expression}")).map_err(failed)?;
    let type_name = column_type(&transaction, table, column).map_err(failed)?.unwrap_or_else(|| target.to_string());
    transaction.commit().map_err(failed)?;
    Ok(TypeChange {
        table: table.to_owned(),
        column: column.to_owned(),
        family: families::duckdb(&type_name),
        type_name,
        converted: converted as u64,
        failed: (values - converted) as u64,
    })
}

fn column_type(conn: &Connection, table: &str, column: &str) -> duckdb::Result<Option<String>> {
    let mut statement = conn.prepare("SELECT data_type FROM information_schema.columns WHERE table_schema = 'main' AND table_name = ? AND column_name = ?")?;
    let mut rows = statement.query([table, column])?;
    rows.next()?.map(|row| row.get(0)).transpose()
}

/// The column converted, as an expression that is NULL where a value does not convert.
/// Text becomes a date with the format most of its values are written in, and a number
/// with a decimal point or comma.
fn conversion(conn: &Connection, t: &str, c: &str, current: &str, family: ColumnTypeFamily, target: &str) -> duckdb::Result<String> {
    let cast = format!("TRY_CAST({c} AS {target})");
    if current != "VARCHAR" {
        return Ok(cast);
    }
    Ok(match family {
        ColumnTypeFamily::Float | ColumnTypeFamily::Decimal => format!("coalesce({cast}, TRY_CAST(replace({c}, ',', '.') AS {target}))"),
        ColumnTypeFamily::Date | ColumnTypeFamily::Timestamp => {
            let time = family == ColumnTypeFamily::Timestamp;
            let mut readings = vec![cast];
            for format in FORMATS.iter().filter(|f| time || !f.time) {
                readings.push(format!("TRY_CAST(try_strptime({c}, {}) AS {target})", literal(&format.pattern)));
            }
            let counts: Vec<String> = readings.iter().map(|r| format!("count({r})")).collect();
            let sql = format!("SELECT {} FROM {t}", counts.join(", "));
            let counts = conn.query_row(&sql, [], |row| (0..readings.len()).map(|i| row.get::<_, i64>(i)).collect::<duckdb::Result<Vec<i64>>>())?;
            // The first of the readings that convert the most values.
            let best = counts.iter().enumerate().fold(0, |best, (i, n)| if *n > counts[best] { i } else { best });
            readings.swap_remove(best)
        }
        _ => cast,
    })
}
