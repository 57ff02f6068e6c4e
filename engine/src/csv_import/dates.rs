//! Dates and times as people write them ("Jun 12 1998", "12/06/1998", "1998-06-12 14:00").
//!
//! DuckDB reads ISO dates and timestamps itself while it loads a file; every other way of
//! writing them is left as text (see `super::load`) and typed here, after the load and in
//! the same transaction: a text column whose every value parses with one format becomes a
//! DATE (or a TIMESTAMP when the format has a time of day). DuckDB would pick one format
//! for the whole file from a sample, day first when it cannot tell; here the order of day
//! and month is decided per column from all its values: a value whose first part is above
//! 12 makes a column day-first, one whose second part is makes it month-first. A column
//! that cannot tell follows the other columns of the file that could, or is read month
//! first, and the import says so.

use std::sync::LazyLock;

use duckdb::Connection;

use super::{quote_identifier as ident, quote_literal as literal};

/// Values of a column every format is tried on first.
const FIRST: usize = 8;
/// Values of a column the formats that read the first ones are tried on, before the whole column.
const SAMPLE: usize = 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    MonthFirst,
    DayFirst,
}

/// One way of writing a date, as a `strptime` pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DateFormat {
    pub pattern: String,
    /// The pattern has a time of day: the column becomes a TIMESTAMP.
    pub time: bool,
    /// For numeric day and month: which comes first, and the pattern with them swapped.
    pub order: Option<(Order, String)>,
}

impl DateFormat {
    pub fn sql_type(&self) -> &'static str {
        if self.time { "TIMESTAMP" } else { "DATE" }
    }

    /// `column` read with this format, as an SQL expression of the column's new type.
    pub fn read(&self, column: &str) -> String {
        self.read_with(&self.pattern, column)
    }

    fn read_with(&self, pattern: &str, column: &str) -> String {
        let parsed = format!("try_strptime({column}, {})", literal(pattern));
        if self.time { parsed } else { format!("CAST({parsed} AS DATE)") }
    }
}

/// Every format tried, in order of preference: for the same values, a two-digit year before
/// four digits ("12/06/98" is 1998, not the year 98) and month first before day first.
pub static FORMATS: LazyLock<Vec<DateFormat>> = LazyLock::new(|| {
    let mut days: Vec<(String, Option<(Order, String)>)> = Vec::new();
    for pattern in ["%Y-%m-%d", "%Y/%m/%d", "%Y.%m.%d"] {
        days.push((pattern.to_owned(), None));
    }
    for separator in ['/', '.', '-'] {
        for year in ["%y", "%Y"] {
            let month_first = format!("%m{separator}%d{separator}{year}");
            let day_first = format!("%d{separator}%m{separator}{year}");
            days.push((month_first.clone(), Some((Order::MonthFirst, day_first.clone()))));
            days.push((day_first, Some((Order::DayFirst, month_first))));
        }
    }
    for pattern in ["%b %d %Y", "%b %d, %Y", "%B %d %Y", "%B %d, %Y", "%d %b %Y", "%d %B %Y", "%d-%b-%y", "%d-%b-%Y"] {
        days.push((pattern.to_owned(), None));
    }
    let mut formats = Vec::new();
    for time in ["", " %H:%M", " %H:%M:%S", " %I:%M %p", " %I:%M:%S %p"] {
        for (day, order) in &days {
            let order = order.as_ref().map(|(o, other)| (*o, format!("{other}{time}")));
            formats.push(DateFormat { pattern: format!("{day}{time}"), time: !time.is_empty(), order });
        }
    }
    for pattern in ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S"] {
        formats.push(DateFormat { pattern: pattern.to_owned(), time: true, order: None });
    }
    formats
});

/// How a text column's dates were read.
#[derive(Debug, Clone)]
struct Found {
    column: String,
    format: DateFormat,
    decided: Decided,
}

#[derive(Debug, Clone)]
enum Decided {
    /// The format has no day/month question (ISO, month names).
    NoQuestion { example: String },
    /// This value reads only in the chosen order.
    ByValue { order: Order, example: String },
    /// Every value reads both ways.
    Ambiguous { example: String },
}

/// Types the text columns of `table` that hold dates; returns what the import says.
pub(super) fn type_dates(conn: &Connection, table: &str) -> duckdb::Result<Vec<String>> {
    let mut found = Vec::new();
    for column in text_columns(conn, table)? {
        if let Some(f) = find(conn, table, &column)? {
            found.push(f);
        }
    }
    let decided: Vec<(Order, &str)> = found
        .iter()
        .filter_map(|f| match &f.decided {
            Decided::ByValue { order, .. } => Some((*order, f.column.as_str())),
            _ => None,
        })
        .collect();
    let file_order = match decided.as_slice() {
        [(order, column), rest @ ..] if rest.iter().all(|(o, _)| o == order) => Some((*order, column.to_string())),
        _ => None,
    };
    let mut notes = Vec::new();
    for f in &found {
        let mut format = f.format.clone();
        let note = match &f.decided {
            Decided::NoQuestion { example } => format!("\"{}\" read as dates written like \"{example}\".", f.column),
            Decided::ByValue { order: Order::DayFirst, example } => {
                format!("\"{}\" read as dates written day first (\"{example}\" can only be read day first).", f.column)
            }
            Decided::ByValue { order: Order::MonthFirst, example } => {
                format!("\"{}\" read as dates written month first (\"{example}\" can only be read month first).", f.column)
            }
            Decided::Ambiguous { example } => match &file_order {
                Some((Order::DayFirst, other)) => {
                    if let Some((_, day_first)) = &f.format.order {
                        format.order = Some((Order::DayFirst, format.pattern.clone()));
                        format.pattern = day_first.clone();
                    }
                    format!("\"{}\": dates like \"{example}\" could be day or month first; read day first, as \"{other}\" is written.", f.column)
                }
                Some((Order::MonthFirst, other)) => {
                    format!("\"{}\": dates like \"{example}\" could be day or month first; read month first, as \"{other}\" is written.", f.column)
                }
                None => format!(
                    "\"{}\": dates like \"{example}\" could be day or month first; read month first. Change the column's type to text if that is wrong.",
                    f.column
                ),
            },
        };
        let column = ident(&f.column);
        conn.execute_batch(&format!("ALTER TABLE {} ALTER COLUMN {column} SET DATA TYPE {} USING {}", ident(table), format.sql_type(), format.read(&column)))?;
        notes.push(note);
    }
    Ok(notes)
}

fn text_columns(conn: &Connection, table: &str) -> duckdb::Result<Vec<String>> {
    let mut statement = conn.prepare(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = 'main' AND table_name = ? AND data_type = 'VARCHAR' ORDER BY ordinal_position",
    )?;
    statement.query_map([table], |row| row.get(0))?.collect()
}

/// The format every value of the column is written in: the formats are tried on its first
/// few values, those that read them on its first [`SAMPLE`] values, and the first of those
/// that reads them all on the whole column. (Parsing is slow where it fails: trying every
/// format on a thousand values of every text column would cost more than the load.)
fn find(conn: &Connection, table: &str, column: &str) -> duckdb::Result<Option<Found>> {
    let mut candidates: Vec<&DateFormat> = FORMATS.iter().collect();
    for sample in [FIRST, SAMPLE] {
        candidates = reading_all(conn, table, column, &candidates, sample)?;
        if candidates.is_empty() {
            return Ok(None);
        }
    }
    for format in candidates {
        if unread(conn, table, column, &format.pattern, format)?.is_some() {
            continue;
        }
        let decided = match &format.order {
            None => Decided::NoQuestion { example: first_value(conn, table, column)? },
            Some((order, other)) => match unread(conn, table, column, other, format)? {
                // Read the other way round, this value fails.
                Some(example) => Decided::ByValue { order: *order, example },
                None => Decided::Ambiguous { example: first_value(conn, table, column)? },
            },
        };
        return Ok(Some(Found { column: column.to_owned(), format: format.clone(), decided }));
    }
    Ok(None)
}

/// The formats that read each of the column's first `sample` values (none for a column
/// without values).
fn reading_all<'f>(conn: &Connection, table: &str, column: &str, formats: &[&'f DateFormat], sample: usize) -> duckdb::Result<Vec<&'f DateFormat>> {
    let c = ident(column);
    let counts: Vec<String> = formats.iter().map(|f| format!("count({})", f.read_with(&f.pattern, "v"))).collect();
    let sql = format!("SELECT count(*), {} FROM (SELECT {c} AS v FROM {} WHERE {c} IS NOT NULL LIMIT {sample})", counts.join(", "), ident(table));
    let read = conn.query_row(&sql, [], |row| (0..=formats.len()).map(|i| row.get::<_, i64>(i)).collect::<duckdb::Result<Vec<i64>>>())?;
    let total = read[0];
    Ok(formats.iter().zip(&read[1..]).filter(|(_, n)| total > 0 && **n == total).map(|(f, _)| *f).collect())
}

/// A value of the column that `pattern` cannot read, if any.
fn unread(conn: &Connection, table: &str, column: &str, pattern: &str, format: &DateFormat) -> duckdb::Result<Option<String>> {
    let c = ident(column);
    let sql = format!("SELECT {c} FROM {} WHERE {c} IS NOT NULL AND {} IS NULL LIMIT 1", ident(table), format.read_with(pattern, &c));
    let mut statement = conn.prepare(&sql)?;
    let mut rows = statement.query([])?;
    rows.next()?.map(|row| row.get(0)).transpose()
}

fn first_value(conn: &Connection, table: &str, column: &str) -> duckdb::Result<String> {
    let c = ident(column);
    conn.query_row(&format!("SELECT {c} FROM {} WHERE {c} IS NOT NULL LIMIT 1", ident(table)), [], |row| row.get(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_numeric_order_has_its_counterpart() {
        let slash = FORMATS.iter().find(|f| f.pattern == "%m/%d/%Y %H:%M").unwrap();
        assert_eq!(slash.order, Some((Order::MonthFirst, "%d/%m/%Y %H:%M".to_owned())));
        assert!(slash.time);
        let position = |p: &str| FORMATS.iter().position(|f| f.pattern == p).unwrap();
        assert!(position("%m/%d/%y") < position("%m/%d/%Y"));
        assert!(position("%m.%d.%Y") < position("%d.%m.%Y"));
        assert_eq!(FORMATS.iter().filter(|f| !f.time).count(), 23);
    }
}
