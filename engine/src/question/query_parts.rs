//! What a query over the models reads, as other parts of Quarry need it: the models it
//! reads and the columns it groups by (for follow-ups), its conditions one by one, and the
//! columns it bounds by a date (to say which dates the data has when a period had none).

use sqlparser::ast::{BinaryOperator, Expr, GroupByExpr, Query, SetExpr, TableFactor};

use super::from_sql::bounded_by_date;
use crate::compile::{Dialect, safety::parse_read_only};

/// A column the query bounds by a date: the model (table) it is read from and its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatedColumn {
    pub model: String,
    pub column: String,
}

/// The columns the WHERE of `sql` (or of the one query it reads from) bounds by a date
/// (`d >= DATE '2023-01-01'`), each with the model it is read from: where to look for the
/// dates the data has when the period asked about had none. A column whose model the query
/// does not say (a bare name over a join) is left out.
pub fn dated_columns(sql: &str, dialect: Dialect) -> Vec<DatedColumn> {
    let Ok(query) = parse_read_only(sql, dialect) else { return Vec::new() };
    let mut found = Vec::new();
    dated_in(&query, &mut found);
    found
}

fn dated_in(query: &Query, found: &mut Vec<DatedColumn>) {
    let SetExpr::Select(select) = query.body.as_ref() else { return };
    let only_table = match select.from.as_slice() {
        [from] if from.joins.is_empty() => match &from.relation {
            TableFactor::Table { name, alias: None, .. } => name.0.last().and_then(|part| part.as_ident()).map(|i| i.value.clone()),
            TableFactor::Derived { subquery, .. } => {
                dated_in(subquery, found);
                None
            }
            _ => None,
        },
        _ => None,
    };
    let Some(condition) = &select.selection else { return };
    let mut parts = Vec::new();
    conjuncts(condition, &mut parts);
    for column in parts.into_iter().filter_map(bounded_by_date) {
        let dated = match column {
            Expr::CompoundIdentifier(names) if names.len() >= 2 => {
                Some(DatedColumn { model: names[names.len() - 2].value.clone(), column: names[names.len() - 1].value.clone() })
            }
            Expr::Identifier(name) => only_table.clone().map(|model| DatedColumn { model, column: name.value.clone() }),
            _ => None,
        };
        if let Some(dated) = dated.filter(|d| !found.contains(d)) {
            found.push(dated);
        }
    }
}

/// The models a query reads (its FROM and JOINs, in order) and the columns it groups by.
pub(super) fn read_and_grouped(sql: &str, dialect: Dialect) -> (Vec<String>, Vec<String>) {
    let Ok(query) = parse_read_only(sql, dialect) else { return (Vec::new(), Vec::new()) };
    let SetExpr::Select(select) = query.body.as_ref() else { return (Vec::new(), Vec::new()) };
    let table = |factor: &TableFactor| match factor {
        TableFactor::Table { name, .. } => name.0.last().and_then(|part| part.as_ident()).map(|i| i.value.clone()),
        _ => None,
    };
    let read = select.from.iter().flat_map(|from| std::iter::once(&from.relation).chain(from.joins.iter().map(|j| &j.relation))).filter_map(table).collect();
    let grouped = match &select.group_by {
        GroupByExpr::Expressions(exprs, _) => exprs
            .iter()
            .filter_map(|e| match e {
                Expr::Identifier(name) => Some(name.value.clone()),
                Expr::CompoundIdentifier(names) => names.last().map(|n| n.value.clone()),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    (read, grouped)
}

pub(super) fn conjuncts<'e>(expr: &'e Expr, out: &mut Vec<&'e Expr>) {
    match expr {
        Expr::BinaryOp { left, op: BinaryOperator::And, right } => {
            conjuncts(left, out);
            conjuncts(right, out);
        }
        Expr::Nested(inner) if matches!(inner.as_ref(), Expr::BinaryOp { op: BinaryOperator::And, .. }) => conjuncts(inner, out),
        other => out.push(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_columns_a_query_bounds_by_date_are_found_with_their_model() {
        let dated = |sql: &str| dated_columns(sql, Dialect::DuckDb).into_iter().map(|d| format!("{}.{}", d.model, d.column)).collect::<Vec<_>>();
        let joined = "SELECT SUM(\"Invoice\".\"Total\") FROM \"Invoice\" JOIN \"Customer\" ON \"Invoice\".\"CustomerId\" = \"Customer\".\"CustomerId\" \
                      WHERE \"Invoice\".\"InvoiceDate\" >= DATE '2026-01-01' AND \"Invoice\".\"InvoiceDate\" < DATE '2027-01-01'";
        assert_eq!(dated(joined), ["Invoice.InvoiceDate"]);
        assert_eq!(dated("SELECT COUNT(*) FROM orders WHERE ordered_at < '2020-01-01' AND status = 'open'"), ["orders.ordered_at"]);
        assert_eq!(dated("SELECT * FROM (SELECT a FROM t WHERE d > DATE '2024-01-01') s"), ["t.d"]);
        assert!(dated("SELECT COUNT(*) FROM a JOIN b ON a.id = b.id WHERE d >= DATE '2024-01-01'").is_empty(), "a bare name over a join names no model");
        assert!(dated("SELECT COUNT(*) FROM orders WHERE amount > 5").is_empty());
    }
}
