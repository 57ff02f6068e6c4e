//! What a source's data says of a relationship the names suggest: whether the target
//! column is unique and how many of the referencing column's values it holds. One
//! read-only query per candidate, each with its own time limit and all within a budget, so
//! a large source makes the recommendation slower, never stuck.

use std::time::{Duration, Instant};

use quarry_engine::{Connector, QueryOptions, compile::Dialect};
use serde_json::Value;

use crate::recommend::Evidence;

/// How long one check may take at the source.
const CHECK_TIMEOUT: Duration = Duration::from_secs(20);
/// How long all checks of one recommendation may take; later candidates go unchecked.
const BUDGET: Duration = Duration::from_secs(60);

/// Where a model's column lives at the source.
#[derive(Debug, Clone)]
pub struct Place {
    pub schema: Option<String>,
    pub table: String,
    pub column: String,
}

/// The statement that checks `from` against `to`: duplicates in the target, the referencing
/// values, those found, and duplicates among them. Standard SQL every connector runs.
pub fn statement(dialect: Dialect, from: &Place, to: &Place) -> String {
    let table = |p: &Place| match &p.schema {
        Some(schema) if !schema.is_empty() => format!("{}.{}", dialect.quote(schema), dialect.quote(&p.table)),
        _ => dialect.quote(&p.table),
    };
    let (s, sc) = (table(from), dialect.quote(&from.column));
    let (t, tc) = (table(to), dialect.quote(&to.column));
    format!(
        "SELECT \
         (SELECT count(*) FROM (SELECT {tc} FROM {t} WHERE {tc} IS NOT NULL GROUP BY {tc} HAVING count(*) > 1 LIMIT 1) AS target_duplicates), \
         (SELECT count({sc}) FROM {s}), \
         (SELECT count(*) FROM {s} WHERE {sc} IN (SELECT {tc} FROM {t})), \
         (SELECT count(*) FROM (SELECT {sc} FROM {s} WHERE {sc} IS NOT NULL GROUP BY {sc} HAVING count(*) > 1 LIMIT 1) AS source_duplicates)"
    )
}

/// How many short text columns are profiled for [`crate::recommend::by_values`]; a wide source is
/// compared on its first ones.
const MOST_PROFILED: usize = 200;

/// The profile of each place's column (`None` where it could not be read), within the budget.
pub async fn profile_all(connector: &dyn Connector, dialect: Dialect, places: &[Place]) -> Vec<Option<(u64, u64, u64)>> {
    let started = Instant::now();
    let mut out = Vec::with_capacity(places.len());
    for (i, place) in places.iter().enumerate() {
        if i >= MOST_PROFILED || started.elapsed() > BUDGET / 2 {
            out.push(None);
            continue;
        }
        let table = match &place.schema {
            Some(schema) if !schema.is_empty() => format!("{}.{}", dialect.quote(schema), dialect.quote(&place.table)),
            _ => dialect.quote(&place.table),
        };
        let c = dialect.quote(&place.column);
        let sql = format!("SELECT count({c}), count(DISTINCT {c}), max(length({c})) FROM {table}");
        let number = |v: &Value| v.as_u64().or_else(|| v.as_str().and_then(|s| s.parse().ok())).or_else(|| v.is_null().then_some(0));
        let profile = match connector.query(&sql, QueryOptions::new(1, CHECK_TIMEOUT)).await {
            Ok(result) => result.rows.first().and_then(|row| match row.as_slice() {
                [values, distinct, longest] => Some((number(values)?, number(distinct)?, number(longest)?)),
                _ => None,
            }),
            Err(error) => {
                tracing::info!(table = %place.table, column = %place.column, %error, "column profile could not run");
                None
            }
        };
        out.push(profile);
    }
    out
}

/// Checks candidates in order until the budget is spent; `None` where a check could not run.
pub async fn check_all(connector: &dyn Connector, dialect: Dialect, pairs: &[Option<(Place, Place)>]) -> Vec<Option<Evidence>> {
    let started = Instant::now();
    let mut out = Vec::with_capacity(pairs.len());
    for pair in pairs {
        let Some((from, to)) = pair else {
            out.push(None);
            continue;
        };
        if started.elapsed() > BUDGET {
            out.push(None);
            continue;
        }
        let sql = statement(dialect, from, to);
        let evidence = match connector.query(&sql, QueryOptions::new(1, CHECK_TIMEOUT)).await {
            Ok(result) => result.rows.first().and_then(|row| read(row)),
            Err(error) => {
                tracing::info!(table = %from.table, column = %from.column, %error, "relationship check could not run");
                None
            }
        };
        out.push(evidence);
    }
    out
}

fn read(row: &[Value]) -> Option<Evidence> {
    let number = |v: &Value| v.as_u64().or_else(|| v.as_str().and_then(|s| s.parse().ok()));
    let [target_duplicates, referencing, found, source_duplicates] = row else { return None };
    Some(Evidence {
        referencing: number(referencing)?,
        found: number(found)?,
        target_unique: number(target_duplicates)? == 0,
        source_unique: number(source_duplicates)? == 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_check_quotes_for_its_dialect() {
        let from = Place { schema: Some("main".into()), table: "flights".into(), column: "carrier".into() };
        let to = Place { schema: None, table: "air lines".into(), column: "carrier".into() };
        let sql = statement(Dialect::MySql, &from, &to);
        assert!(sql.contains("FROM `main`.`flights` WHERE `carrier` IN (SELECT `carrier` FROM `air lines`)"), "{sql}");
        assert_eq!(
            read(&[Value::from(0), Value::from(10), Value::from("9"), Value::from(1)]),
            Some(Evidence { referencing: 10, found: 9, target_unique: true, source_unique: false })
        );
    }
}
