//! A spreadsheet's grid: a page of its SQL's rows, sorted and filtered, computed at the source.
//! The source SQL (over the models) is wrapped, never edited: the sort, the filters, the page
//! and the count become SQL around it, which the semantic layer compiles and the source runs,
//! so no more than one page of rows ever leaves the source for a view.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::{Error, Result};
use quarry_engine::compile::Dialect;

/// Rows a page may hold.
pub const MAX_PAGE_SIZE: i64 = 500;

/// A column as the grid shows it: the source column's `name`, shown as `label`, maybe hidden.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GridColumn {
    pub name: String,
    pub label: Option<String>,
    pub hidden: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum), graphql(name = "SortDirection"))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Direction {
    Ascending,
    Descending,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SortBy {
    pub column: String,
    pub direction: Direction,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum), graphql(name = "FilterOperator"))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Operator {
    Equals,
    NotEquals,
    GreaterThan,
    GreaterThanOrEquals,
    LessThan,
    LessThanOrEquals,
}

impl Operator {
    fn sql(self) -> &'static str {
        match self {
            Self::Equals => "=",
            Self::NotEquals => "<>",
            Self::GreaterThan => ">",
            Self::GreaterThanOrEquals => ">=",
            Self::LessThan => "<",
            Self::LessThanOrEquals => "<=",
        }
    }
}

/// `column operator value`. The value is JSON: a string, a number, true/false, or null (only
/// with EQUALS and NOT_EQUALS, meaning IS NULL and IS NOT NULL).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Filter {
    pub column: String,
    pub operator: Operator,
    pub value: Value,
}

/// Which rows a view asks for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageRequest {
    /// From 1.
    pub page: i64,
    pub page_size: i64,
    pub sort: Vec<SortBy>,
    pub filters: Vec<Filter>,
}

impl PageRequest {
    pub fn checked(self) -> Result<Self> {
        if self.page < 1 {
            return Err(Error::invalid("Pages are numbered from 1."));
        }
        if !(1..=MAX_PAGE_SIZE).contains(&self.page_size) {
            return Err(Error::invalid(format!("A page holds 1 to {MAX_PAGE_SIZE} rows.")));
        }
        Ok(self)
    }
}

fn literal(value: &Value, dialect: Dialect) -> Result<String> {
    Ok(match value {
        // The engine's one rule for text that must stay a value through the parser's round trip.
        Value::String(s) => dialect.text_literal(s),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => if *b { "TRUE" } else { "FALSE" }.to_owned(),
        _ => return Err(Error::invalid("A filter's value must be text, a number, true or false.")),
    })
}

/// A grid's filters, at most (each one more condition of every page's query).
pub const MAX_FILTERS: usize = 50;

/// Checks that every column the sort and filters name is one of the source's columns, that
/// the sort names each column once and that there are at most [`MAX_FILTERS`] filters.
fn check_columns(known: &[String], sort: &[SortBy], filters: &[Filter]) -> Result<()> {
    if filters.len() > MAX_FILTERS {
        return Err(Error::invalid(format!("A spreadsheet takes at most {MAX_FILTERS} filters.")));
    }
    let mut sorted = std::collections::HashSet::new();
    if let Some(twice) = sort.iter().find(|s| !sorted.insert(&s.column)) {
        return Err(Error::invalid(format!("The sort names the column \"{}\" twice.", twice.column)));
    }
    for name in sort.iter().map(|s| &s.column).chain(filters.iter().map(|f| &f.column)) {
        if !known.iter().any(|k| k == name) {
            return Err(Error::invalid(format!("The spreadsheet has no column \"{name}\".")));
        }
    }
    Ok(())
}

fn where_clause(filters: &[Filter], dialect: Dialect) -> Result<String> {
    let mut conditions = Vec::with_capacity(filters.len());
    for f in filters {
        let column = dialect.quote(&f.column);
        conditions.push(match (&f.value, f.operator) {
            (Value::Null, Operator::Equals) => format!("{column} IS NULL"),
            (Value::Null, Operator::NotEquals) => format!("{column} IS NOT NULL"),
            (Value::Null, _) => return Err(Error::invalid("Only EQUALS and NOT_EQUALS compare with an empty value.")),
            (value, operator) => format!("{column} {} {}", operator.sql(), literal(value, dialect)?),
        });
    }
    Ok(if conditions.is_empty() { String::new() } else { format!(" WHERE {}", conditions.join(" AND ")) })
}

/// A spreadsheet's source query (over the models, in the source's dialect) and the columns it
/// has: what its pages and counts are read from.
#[derive(Debug, Clone, Copy)]
pub struct Sheet<'a> {
    pub sql: &'a str,
    /// The source's own query ends with an ORDER BY.
    pub ordered: bool,
    pub known: &'a [String],
    pub dialect: Dialect,
}

impl Sheet<'_> {
    /// The source's rows, filtered and sorted, from `offset`, at most `limit`. Without a sort
    /// the rows keep the source's own ORDER BY, or else are ordered by every column, so that
    /// pages (and an export read in pages) neither skip nor repeat a row.
    pub fn rows_sql(&self, sort: &[SortBy], filters: &[Filter], limit: i64, offset: i64) -> Result<String> {
        check_columns(self.known, sort, filters)?;
        let order: Vec<String> = if sort.is_empty() && self.ordered {
            Vec::new()
        } else if sort.is_empty() {
            (1..=self.known.len()).map(|i| i.to_string()).collect()
        } else {
            sort.iter().map(|s| format!("{} {}", self.dialect.quote(&s.column), if s.direction == Direction::Ascending { "ASC" } else { "DESC" })).collect()
        };
        let order = if order.is_empty() { String::new() } else { format!(" ORDER BY {}", order.join(", ")) };
        Ok(format!("SELECT * FROM ({}) AS sheet{}{order} LIMIT {limit} OFFSET {offset}", strip(self.sql), where_clause(filters, self.dialect)?))
    }

    /// How many rows the filters leave.
    pub fn count_sql(&self, filters: &[Filter]) -> Result<String> {
        check_columns(self.known, &[], filters)?;
        Ok(format!("SELECT COUNT(*) AS row_count FROM ({}) AS sheet{}", strip(self.sql), where_clause(filters, self.dialect)?))
    }
}

/// The source's columns, without reading its rows.
pub fn columns_sql(source: &str) -> String {
    format!("SELECT * FROM ({}) AS sheet LIMIT 0", strip(source))
}

fn strip(source: &str) -> &str {
    source.trim().trim_end_matches(';').trim()
}

/// One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break.
pub fn csv_field(value: &Value) -> String {
    let text = match value {
        Value::Null => return String::new(),
        Value::String(s) => s.clone(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        other => other.to_string(),
    };
    if text.contains([',', '"', '\n', '\r']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn known() -> Vec<String> {
        vec!["Name".into(), "tracks".into()]
    }

    fn rows_sql(source: &str, ordered: bool, known: &[String], sort: &[SortBy], filters: &[Filter], limit: i64, offset: i64) -> Result<String> {
        Sheet { sql: source, ordered, known, dialect: Dialect::DuckDb }.rows_sql(sort, filters, limit, offset)
    }

    fn count_sql(source: &str, known: &[String], filters: &[Filter]) -> Result<String> {
        Sheet { sql: source, ordered: false, known, dialect: Dialect::DuckDb }.count_sql(filters)
    }

    #[test]
    fn a_filter_value_stays_one_value_through_the_parsers_round_trip() {
        use quarry_engine::compile::safety::parse_read_only;
        for value in ["\\' OR 1=1 --", "'''", "O''Brien", "it's"] {
            let filters = [Filter { column: "Name".into(), operator: Operator::Equals, value: json!(value) }];
            for dialect in [Dialect::DuckDb, Dialect::Postgres, Dialect::MySql] {
                let sql = Sheet { sql: "SELECT 1", ordered: false, known: &known(), dialect }.count_sql(&filters).unwrap();
                let once = parse_read_only(&sql, dialect).unwrap_or_else(|e| panic!("{value:?} {dialect:?}: {e}: {sql}"));
                let twice = parse_read_only(&once.to_string(), dialect).unwrap_or_else(|e| panic!("{value:?} {dialect:?}: {e}: {sql} → {once}"));
                assert_eq!(once, twice, "{value:?} {dialect:?}: {sql}");
            }
        }
    }

    #[test]
    fn sort_filters_and_page_wrap_the_source() {
        let sort = [SortBy { column: "tracks".into(), direction: Direction::Descending }];
        let filters = [
            Filter { column: "Name".into(), operator: Operator::NotEquals, value: json!("O'Brien") },
            Filter { column: "tracks".into(), operator: Operator::GreaterThanOrEquals, value: json!(10) },
        ];
        let sql = rows_sql("SELECT Name, COUNT(*) AS tracks FROM Track GROUP BY 1;", false, &known(), &sort, &filters, 100, 200).unwrap();
        assert_eq!(
            sql,
            "SELECT * FROM (SELECT Name, COUNT(*) AS tracks FROM Track GROUP BY 1) AS sheet WHERE \"Name\" <> 'O''Brien' AND \"tracks\" >= 10 ORDER BY \"tracks\" DESC LIMIT 100 OFFSET 200"
        );
        assert_eq!(count_sql("SELECT 1", &known(), &filters[1..]).unwrap(), "SELECT COUNT(*) AS row_count FROM (SELECT 1) AS sheet WHERE \"tracks\" >= 10");
    }

    #[test]
    fn without_a_sort_the_sources_order_or_every_column_orders_the_rows() {
        assert!(rows_sql("SELECT 1", false, &known(), &[], &[], 10, 0).unwrap().ends_with("AS sheet ORDER BY 1, 2 LIMIT 10 OFFSET 0"));
        assert!(rows_sql("SELECT 1 ORDER BY 1", true, &known(), &[], &[], 10, 0).unwrap().ends_with("AS sheet LIMIT 10 OFFSET 0"));
    }

    #[test]
    fn unknown_columns_and_odd_values_are_refused() {
        let bad = [Filter { column: "Name\" OR 1=1 --".into(), operator: Operator::Equals, value: json!("x") }];
        assert!(rows_sql("SELECT 1", false, &known(), &[], &bad, 10, 0).unwrap_err().public_message().contains("no column"));
        let object = [Filter { column: "Name".into(), operator: Operator::Equals, value: json!({"a": 1}) }];
        assert!(count_sql("SELECT 1", &known(), &object).is_err());
        let null_gt = [Filter { column: "Name".into(), operator: Operator::GreaterThan, value: Value::Null }];
        assert!(count_sql("SELECT 1", &known(), &null_gt).is_err());
        let is_null = [Filter { column: "Name".into(), operator: Operator::Equals, value: Value::Null }];
        assert!(count_sql("SELECT 1", &known(), &is_null).unwrap().ends_with("WHERE \"Name\" IS NULL"));
    }

    #[test]
    fn csv_fields_are_quoted_when_they_must_be() {
        assert_eq!(csv_field(&json!("plain")), "plain");
        assert_eq!(csv_field(&json!("a, \"b\"")), "\"a, \"\"b\"\"\"");
        assert_eq!(csv_field(&json!(1.5)), "1.5");
        assert_eq!(csv_field(&Value::Null), "");
    }

    #[test]
    fn pages_are_bounded() {
        let page = |page, page_size| PageRequest { page, page_size, sort: vec![], filters: vec![] }.checked();
        assert!(page(0, 10).is_err());
        assert!(page(1, 0).is_err());
        assert!(page(1, MAX_PAGE_SIZE + 1).is_err());
        assert!(page(3, MAX_PAGE_SIZE).is_ok());
    }
}
