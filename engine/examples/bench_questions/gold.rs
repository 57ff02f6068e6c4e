//! Spider's gold queries, written for SQLite, run in DuckDB as SQLite runs them.

use quarry_engine::{
    Connector, QueryOptions,
    compile::{Dialect, compile},
    connectors::DuckDbConnector,
    mdl::Manifest,
};
use serde_json::Value;

/// Spider's gold SQL is SQLite's, which reads double-quoted strings as text.
pub fn from_sqlite(sql: &str) -> String {
    // SQLite's LIKE ignores the case of ASCII letters; DuckDB's ILIKE does.
    let sql = &like_as_ilike(sql);
    let mut out = String::new();
    let mut in_double = false;
    for c in sql.chars() {
        match c {
            '"' => {
                out.push('\'');
                in_double = !in_double;
            }
            '\'' if in_double => out.push_str("''"),
            c => out.push(c),
        }
    }
    out
}

/// Runs a Spider gold query. SQLite (Spider's engine) lets a query show a column it neither
/// groups by nor aggregates, of a column the grouping decides ("SELECT T1.name … GROUP BY
/// T2.id"); DuckDB refuses it by name. Such a column is shown as SQLite shows it: the value
/// of the row that holds the one MIN or MAX beside it, else any value of the group.
pub async fn run_gold(manifest: &Manifest, connector: &DuckDbConnector, gold: &str, options: &QueryOptions) -> Result<Vec<Vec<Value>>, String> {
    let mut gold = gold.to_owned();
    for _ in 0..4 {
        let result = match compile(manifest, &gold, Dialect::DuckDb) {
            Ok(c) => connector.query(&c, options.clone()).await.map(|r| r.rows).map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        };
        let Err(error) = &result else { return result };
        let Some(column) = error.split("column \"").nth(1).and_then(|rest| rest.split('"').next()).filter(|_| error.contains("must appear in the GROUP BY"))
        else {
            return result;
        };
        match any_value(&gold, column) {
            Some(rewritten) => gold = rewritten,
            None => return result,
        }
    }
    Err("gold query not runnable".into())
}

/// `sql` with the bare `column` of its select list shown as `ANY_VALUE(column)`.
fn any_value(sql: &str, column: &str) -> Option<String> {
    let lower = sql.to_lowercase();
    let start = lower.find("select ")? + "select ".len();
    let end = start + lower[start..].find(" from ")?;
    let items: Vec<&str> = sql[start..end].split(',').collect();
    fn bare<'a>(item: &'a str, column: &str) -> Option<&'a str> {
        let expression = item.split_whitespace().next().unwrap_or_default();
        let name = expression.rsplit('.').next().unwrap_or_default();
        (name.eq_ignore_ascii_case(column) && expression.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '.')).then_some(expression)
    }
    let at = items.iter().position(|item| bare(item, column).is_some())?;
    let expression = bare(items[at], column)?;
    // Beside one MIN or MAX, SQLite shows the bare column of the row that holds it.
    let extremes: Vec<(&str, &str)> = items
        .iter()
        .filter_map(|item| {
            let item = item.trim();
            let lower = item.to_lowercase();
            let function = ["max(", "min("].into_iter().find(|f| lower.starts_with(f))?;
            let inner = &item[4..item.find(')')?];
            Some((if function == "max(" { "ARG_MAX" } else { "ARG_MIN" }, inner))
        })
        .collect();
    let shown = match extremes.as_slice() {
        [(function, of)] => format!("{function}({expression}, {of})"),
        _ => format!("ANY_VALUE({expression})"),
    };
    let mut rewritten: Vec<String> = items.iter().map(|s| (*s).to_owned()).collect();
    rewritten[at] = items[at].replacen(expression, &shown, 1);
    Some(format!("{}{}{}", &sql[..start], rewritten.join(","), &sql[end..]))
}

/// `sql` with each LIKE keyword (outside quotes) written ILIKE.
fn like_as_ilike(sql: &str) -> String {
    let mut out = String::new();
    let mut quote: Option<char> = None;
    let chars: Vec<char> = sql.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\'' || c == '"' => quote = Some(c),
            None => {
                let word: String = chars[i..chars.len().min(i + 4)].iter().collect();
                let before = i == 0 || !chars[i - 1].is_alphanumeric();
                let after = chars.get(i + 4).is_none_or(|n| !n.is_alphanumeric() && *n != '_');
                if before && after && word.eq_ignore_ascii_case("like") {
                    out.push_str("ILIKE");
                    i += 4;
                    continue;
                }
            }
        }
        out.push(c);
        i += 1;
    }
    out
}
