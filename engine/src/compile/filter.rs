//! Narrowing a query someone saved (a dashboard tile's model-level SQL) by filters chosen
//! later: a date range and values of any column; and the rows behind one of its groups
//! ([`rows_behind`], a drill-down). Each filter is added to every SELECT that
//! reads the filter's model — in its FROM or JOINs, in a derived table, a CTE or either side
//! of a set operation — under the name the SELECT gives the model. Values are written as
//! quoted literals of the dialect, never spliced as SQL. A filter on a model the query does
//! not read is not applied, and the caller says so.

use chrono::NaiveDate;
use serde_json::Value;
use sqlparser::{
    ast::{BinaryOperator, Distinct, Expr, GroupByExpr, Query, Select, SelectItem, SetExpr, TableFactor, TableWithJoins},
    parser::Parser,
};

use super::{CompileError, Dialect, safety::parse_read_only};
use crate::mdl::Manifest;

/// What a filter keeps of its column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Condition {
    /// One of these values (as text; the source compares them with the column's type).
    OneOf(Vec<String>),
    /// Dates from `from` up to and including `to`; either end may be open.
    Between { from: Option<NaiveDate>, to: Option<NaiveDate> },
}

/// A filter on a model's column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filter {
    pub model: String,
    pub column: String,
    pub condition: Condition,
}

/// `sql` narrowed by `filters`, and for each filter whether the query reads its model (and so
/// took it).
pub fn narrowed(sql: &str, dialect: Dialect, filters: &[Filter]) -> Result<(String, Vec<bool>), CompileError> {
    let mut query = parse_read_only(sql, dialect)?;
    let mut applied = vec![false; filters.len()];
    for (i, filter) in filters.iter().enumerate() {
        let Some(text) = condition_sql(filter, dialect, "\u{0}") else { continue };
        applied[i] = narrow_query(&mut query, dialect, filter, &text)?;
    }
    Ok((query.to_string(), applied))
}

/// The condition as SQL over `qualifier` (replaced by each SELECT's name for the model).
fn condition_sql(filter: &Filter, dialect: Dialect, qualifier: &str) -> Option<String> {
    let column = format!("{qualifier}.{}", dialect.quote(&filter.column));
    let literal = |text: &str| dialect.text_literal(text);
    match &filter.condition {
        Condition::OneOf(values) if values.is_empty() => None,
        Condition::OneOf(values) => Some(format!("{column} IN ({})", values.iter().map(|v| literal(v)).collect::<Vec<_>>().join(", "))),
        Condition::Between { from: None, to: None } => None,
        Condition::Between { from, to } => {
            let mut parts = Vec::new();
            if let Some(from) = from {
                parts.push(format!("{column} >= DATE '{from}'"));
            }
            // Up to and including the last day, whatever the time of day.
            if let Some(next) = to.and_then(|to| to.succ_opt()) {
                parts.push(format!("{column} < DATE '{next}'"));
            }
            Some(parts.join(" AND "))
        }
    }
}

fn narrow_query(query: &mut Query, dialect: Dialect, filter: &Filter, text: &str) -> Result<bool, CompileError> {
    let mut applied = false;
    if let Some(with) = &mut query.with {
        for cte in &mut with.cte_tables {
            applied |= narrow_query(&mut cte.query, dialect, filter, text)?;
        }
    }
    applied |= narrow_set(&mut query.body, dialect, filter, text)?;
    Ok(applied)
}

fn narrow_set(body: &mut SetExpr, dialect: Dialect, filter: &Filter, text: &str) -> Result<bool, CompileError> {
    match body {
        SetExpr::Select(select) => narrow_select(select, dialect, filter, text),
        SetExpr::Query(query) => narrow_query(query, dialect, filter, text),
        SetExpr::SetOperation { left, right, .. } => Ok(narrow_set(left, dialect, filter, text)? | narrow_set(right, dialect, filter, text)?),
        _ => Ok(false),
    }
}

fn narrow_select(select: &mut Select, dialect: Dialect, filter: &Filter, text: &str) -> Result<bool, CompileError> {
    let mut applied = false;
    let mut names: Vec<String> = Vec::new();
    for from in &mut select.from {
        for factor in std::iter::once(&mut from.relation).chain(from.joins.iter_mut().map(|j| &mut j.relation)) {
            match factor {
                TableFactor::Table { name, alias, .. } => {
                    let table = name.0.last().and_then(|part| part.as_ident()).map(|i| i.value.clone()).unwrap_or_default();
                    if table == filter.model {
                        names.push(alias.as_ref().map_or(table, |a| a.name.value.clone()));
                    }
                }
                TableFactor::Derived { subquery, .. } => applied |= narrow_query(subquery, dialect, filter, text)?,
                _ => {}
            }
        }
    }
    for name in names {
        and_where(select, &text.replace('\u{0}', &dialect.quote(&name)), dialect)?;
        applied = true;
    }
    Ok(applied)
}

/// Adds `condition` (SQL text of the dialect) to the SELECT's WHERE, AND-ed after what is there.
fn and_where(select: &mut Select, condition: &str, dialect: Dialect) -> Result<(), CompileError> {
    let expr = Parser::new(dialect.parser().as_ref())
        .try_with_sql(condition)
        .and_then(|mut parser| parser.parse_expr())
        .map_err(|e| CompileError::Syntax(e.to_string()))?;
    select.selection = Some(match select.selection.take() {
        Some(existing) => Expr::BinaryOp { left: Box::new(Expr::Nested(Box::new(existing))), op: BinaryOperator::And, right: Box::new(expr) },
        None => expr,
    });
    Ok(())
}

/// Rows behind one group of a grouped query (a bar, a slice or a point of a tile): the
/// records of the model the query reads first, with the query's own conditions and each
/// picked group column equal to the picked value (`picks`: a result column's name and the
/// value its row had). What the query's innermost SELECT does not group by is refused.
pub fn rows_behind(sql: &str, dialect: Dialect, picks: &[(String, Value)]) -> Result<String, CompileError> {
    let query = parse_read_only(sql, dialect)?;
    let refuse = |why: String| CompileError::Unsafe(why);
    let select = innermost(&query).ok_or_else(|| refuse("the tile's query reads no model".into()))?;
    let base = match &select.from.first().map(|f| &f.relation) {
        Some(TableFactor::Table { name, alias, .. }) => alias
            .as_ref()
            .map(|a| a.name.value.clone())
            .or_else(|| name.0.last().and_then(|part| part.as_ident()).map(|i| i.value.clone()))
            .ok_or_else(|| refuse("the tile's query reads no model".into()))?,
        _ => return Err(refuse("the tile's query reads no model".into())),
    };
    let mut conditions = Vec::new();
    for (column, value) in picks {
        let expr = select
            .projection
            .iter()
            .find_map(|item| match item {
                SelectItem::ExprWithAlias { expr, alias } if alias.value == *column => Some(expr),
                SelectItem::UnnamedExpr(expr @ Expr::Identifier(id)) if id.value == *column => Some(expr),
                SelectItem::UnnamedExpr(expr @ Expr::CompoundIdentifier(parts)) if parts.last().is_some_and(|p| p.value == *column) => Some(expr),
                _ => None,
            })
            .filter(|expr| !crate::question::from_sql::has_aggregate(expr))
            .ok_or_else(|| refuse(format!("\"{column}\" is not a group of the tile")))?;
        conditions.push(equals(&expr.to_string(), value, dialect));
    }
    let mut behind: Select = select.clone();
    behind.projection = vec![SelectItem::QualifiedWildcard(
        sqlparser::ast::SelectItemQualifiedWildcardKind::ObjectName(sqlparser::ast::ObjectName::from(vec![sqlparser::ast::Ident::with_quote(
            dialect.quote("x").chars().next().unwrap_or('"'),
            base,
        )])),
        Default::default(),
    )];
    behind.group_by = GroupByExpr::Expressions(Vec::new(), Vec::new());
    behind.having = None;
    behind.distinct = None::<Distinct>;
    behind.named_window = Vec::new();
    behind.qualify = None;
    if !conditions.is_empty() {
        and_where(&mut behind, &conditions.join(" AND "), dialect)?;
    }
    let with = query.with.as_ref().map(|w| format!("{w} ")).unwrap_or_default();
    let behind = format!("{with}{behind}");
    // What came out is checked like anything else that runs.
    parse_read_only(&behind, dialect)?;
    Ok(behind)
}

/// `expr` equal to a result's value: text quoted, numbers as they are, a date or a midnight
/// timestamp as its day, no value as NULL.
fn equals(expr: &str, value: &Value, dialect: Dialect) -> String {
    match value {
        Value::Null => format!("{expr} IS NULL"),
        Value::Bool(b) => format!("{expr} = {}", if *b { "TRUE" } else { "FALSE" }),
        Value::Number(n) => format!("{expr} = {n}"),
        Value::String(text) => {
            let day = text.get(..10).and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok());
            // What follows the day says midnight: nothing, "T00:00:00", " 00:00:00.000+00:00".
            let rest = text.get(10..).unwrap_or("x");
            let midnight =
                rest.trim_start_matches(['T', ' ']).trim_start_matches("00:00:00").trim_start_matches(".000").trim_matches(['Z', '+', '0', ':']).is_empty();
            match day {
                Some(day) if midnight => format!("CAST({expr} AS DATE) = DATE '{day}'"),
                _ => format!("{expr} = {}", dialect.text_literal(text)),
            }
        }
        other => format!("{expr} = {}", dialect.text_literal(&other.to_string())),
    }
}

/// The date a tile is about, to narrow by a dashboard's date range: the column its query
/// groups by a time grain, else the one it bounds by a date, else the first date column of
/// the first model it reads.
pub fn date_of(sql: &str, dialect: Dialect, manifest: &Manifest) -> Option<(String, String)> {
    let query = parse_read_only(sql, dialect).ok()?;
    if let Some(found) = grouped_date(&query) {
        return Some(found);
    }
    if let Some(dated) = crate::question::dated_columns(sql, dialect).into_iter().next() {
        return Some((dated.model, dated.column));
    }
    // The first model read that has a date of its own (invoice lines are dated by their invoice).
    read_models(&query).into_iter().find_map(|name| {
        let model = manifest.models.iter().find(|m| m.name == name)?;
        let column = model.columns.iter().find(|c| {
            let t = c.type_name.to_uppercase();
            matches!(c.kind, crate::mdl::ColumnKind::Source { .. }) && (t.contains("DATE") || t.contains("TIME"))
        })?;
        Some((model.name.clone(), column.name.clone()))
    })
}

/// The models the innermost SELECT reads, FROM first, then its JOINs in order.
fn read_models(query: &Query) -> Vec<String> {
    let Some(select) = innermost(query) else { return Vec::new() };
    select
        .from
        .iter()
        .flat_map(|f| std::iter::once(&f.relation).chain(f.joins.iter().map(|j| &j.relation)))
        .filter_map(|factor| match factor {
            TableFactor::Table { name, .. } => name.0.last().and_then(|part| part.as_ident()).map(|i| i.value.clone()),
            _ => None,
        })
        .collect()
}

fn innermost(query: &Query) -> Option<&Select> {
    let SetExpr::Select(select) = query.body.as_ref() else { return None };
    match select.from.first().map(|f| &f.relation) {
        Some(TableFactor::Derived { subquery, .. }) => innermost(subquery),
        _ => Some(select),
    }
}

/// The model and column under a time grain in the GROUP BY (`DATE_TRUNC('month', "orders"."ordered_at")`).
fn grouped_date(query: &Query) -> Option<(String, String)> {
    let select = innermost(query)?;
    let GroupByExpr::Expressions(exprs, _) = &select.group_by else { return None };
    let tables = |from: &[TableWithJoins]| -> Vec<(String, String)> {
        from.iter()
            .flat_map(|f| std::iter::once(&f.relation).chain(f.joins.iter().map(|j| &j.relation)))
            .filter_map(|factor| match factor {
                TableFactor::Table { name, alias, .. } => {
                    let table = name.0.last().and_then(|part| part.as_ident()).map(|i| i.value.clone())?;
                    Some((alias.as_ref().map_or(table.clone(), |a| a.name.value.clone()), table))
                }
                _ => None,
            })
            .collect()
    };
    let named = tables(&select.from);
    exprs.iter().find_map(|expr| {
        let inner = match expr {
            Expr::Function(_) | Expr::Extract { .. } => column_in(expr)?,
            _ => return None,
        };
        match inner {
            Expr::CompoundIdentifier(parts) if parts.len() >= 2 => {
                let qualifier = &parts[parts.len() - 2].value;
                let table = named.iter().find(|(name, _)| name == qualifier).map_or(qualifier.clone(), |(_, table)| table.clone());
                Some((table, parts[parts.len() - 1].value.clone()))
            }
            Expr::Identifier(id) if named.len() == 1 => Some((named[0].1.clone(), id.value.clone())),
            _ => None,
        }
    })
}

/// The first column an expression reads.
fn column_in(expr: &Expr) -> Option<&Expr> {
    use sqlparser::ast::{FunctionArg, FunctionArgExpr, FunctionArguments};
    match expr {
        Expr::Identifier(_) | Expr::CompoundIdentifier(_) => Some(expr),
        Expr::Nested(inner) | Expr::Cast { expr: inner, .. } | Expr::Extract { expr: inner, .. } => column_in(inner),
        Expr::Function(f) => match &f.args {
            FunctionArguments::List(list) => list.args.iter().find_map(|arg| match arg {
                FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) | FunctionArg::Named { arg: FunctionArgExpr::Expr(e), .. } => column_in(e),
                _ => None,
            }),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_of(model: &str, column: &str, values: &[&str]) -> Filter {
        Filter { model: model.into(), column: column.into(), condition: Condition::OneOf(values.iter().map(|v| (*v).to_owned()).collect()) }
    }

    #[test]
    fn a_filter_reaches_every_select_that_reads_its_model_under_its_name() {
        let sql = r#"SELECT "c"."country", COUNT(*) AS n FROM "orders" JOIN "customers" AS "c" ON "orders"."customer_id" = "c"."customer_id" WHERE "orders"."status" = 'shipped' GROUP BY "c"."country""#;
        let (narrow, applied) = narrowed(sql, Dialect::DuckDb, &[one_of("customers", "country", &["Brazil", "O'Higgins"])]).unwrap();
        assert_eq!(applied, [true]);
        assert!(narrow.contains(r#"WHERE ("orders"."status" = 'shipped') AND "c"."country" IN ('Brazil', 'O''Higgins')"#), "{narrow}");

        // A ranking reads the model in a derived table: the filter goes there, not outside.
        let ranked = r#"SELECT "name", "n" FROM (SELECT RANK() OVER (ORDER BY COUNT(*) DESC) AS "rank", "products"."name" AS "name", COUNT(*) AS "n" FROM "reviews" LEFT JOIN "products" ON "reviews"."product_id" = "products"."product_id" GROUP BY "products"."name") AS "ranked" WHERE "rank" = 1"#;
        let (narrow, applied) = narrowed(ranked, Dialect::DuckDb, &[one_of("products", "category", &["Books"])]).unwrap();
        assert_eq!(applied, [true]);
        assert!(narrow.contains(r#""reviews"."product_id" = "products"."product_id" WHERE "products"."category" IN ('Books') GROUP BY"#), "{narrow}");
        assert!(narrow.ends_with(r#"WHERE "rank" = 1"#), "{narrow}");
    }

    #[test]
    fn a_filter_on_a_model_not_read_is_not_applied_and_values_are_never_sql() {
        let sql = r#"SELECT COUNT(*) FROM "orders""#;
        let (narrow, applied) = narrowed(sql, Dialect::DuckDb, &[one_of("customers", "country", &["x"])]).unwrap();
        assert_eq!((narrow.as_str(), applied.as_slice()), (sql, &[false][..]));
        let (narrow, _) = narrowed(sql, Dialect::DuckDb, &[one_of("orders", "status", &["') OR 1=1 --"])]).unwrap();
        assert_eq!(narrow, r#"SELECT COUNT(*) FROM "orders" WHERE "orders"."status" IN (''') OR 1=1 --')"#);
        assert!(parse_read_only(&narrow, Dialect::DuckDb).is_ok());
        let (mysql, _) = narrowed("SELECT COUNT(*) FROM `orders`", Dialect::MySql, &[one_of("orders", "status", &["a"])]).unwrap();
        assert_eq!(mysql, "SELECT COUNT(*) FROM `orders` WHERE `orders`.`status` IN ('a')");
    }

    #[test]
    fn the_rows_behind_a_group_are_the_first_model_s_records_with_the_query_s_conditions() {
        let by_country = r#"SELECT "c"."country", COUNT(*) AS "n" FROM "orders" JOIN "customers" AS "c" ON "orders"."customer_id" = "c"."customer_id" WHERE "orders"."status" = 'shipped' GROUP BY "c"."country" ORDER BY "n" DESC LIMIT 5"#;
        let behind = rows_behind(by_country, Dialect::DuckDb, &[("country".into(), serde_json::json!("O'Brien Land"))]).unwrap();
        assert_eq!(
            behind,
            r#"SELECT "orders".* FROM "orders" JOIN "customers" AS "c" ON "orders"."customer_id" = "c"."customer_id" WHERE ("orders"."status" = 'shipped') AND "c"."country" = 'O''Brien Land'"#
        );
        // A month of a time series: the month's rows, whatever their time of day.
        let by_month = r#"SELECT DATE_TRUNC('month', "ordered_at") AS "month", SUM("total_amount") AS "revenue" FROM "orders" GROUP BY 1"#;
        let behind = rows_behind(by_month, Dialect::DuckDb, &[("month".into(), serde_json::json!("2025-03-01T00:00:00"))]).unwrap();
        assert_eq!(behind, r#"SELECT "orders".* FROM "orders" WHERE CAST(DATE_TRUNC('month', "ordered_at") AS DATE) = DATE '2025-03-01'"#);
        // A ranking's inner query; the measure is no group.
        let ranked = r#"SELECT "name", "n" FROM (SELECT RANK() OVER (ORDER BY COUNT(*) DESC) AS "rank", "products"."name" AS "name", COUNT(*) AS "n" FROM "reviews" LEFT JOIN "products" ON "reviews"."product_id" = "products"."product_id" GROUP BY "products"."name") AS "ranked" WHERE "rank" = 1"#;
        let behind = rows_behind(ranked, Dialect::DuckDb, &[("name".into(), serde_json::json!("Lamp"))]).unwrap();
        assert!(behind.starts_with(r#"SELECT "reviews".* FROM "reviews" LEFT JOIN"#) && behind.ends_with(r#"WHERE "products"."name" = 'Lamp'"#), "{behind}");
        assert!(rows_behind(ranked, Dialect::DuckDb, &[("n".into(), serde_json::json!(3))]).is_err());
        assert!(rows_behind(ranked, Dialect::DuckDb, &[("nope".into(), serde_json::json!(3))]).is_err());
    }

    #[test]
    fn a_date_range_includes_its_last_day_and_finds_the_tile_date() {
        let by_month = r#"SELECT DATE_TRUNC('month', "o"."ordered_at") AS "month", SUM("o"."total_amount") AS "revenue" FROM "orders" AS "o" GROUP BY DATE_TRUNC('month', "o"."ordered_at")"#;
        let manifest = Manifest::default();
        let (model, column) = date_of(by_month, Dialect::DuckDb, &manifest).unwrap();
        assert_eq!((model.as_str(), column.as_str()), ("orders", "ordered_at"));
        let range =
            Filter { model, column, condition: Condition::Between { from: NaiveDate::from_ymd_opt(2025, 1, 1), to: NaiveDate::from_ymd_opt(2025, 3, 31) } };
        // A count bounded by a date is about that date.
        let bounded = r#"SELECT COUNT(*) FROM "orders" WHERE "orders"."shipped_at" >= DATE '2024-01-01'"#;
        assert_eq!(date_of(bounded, Dialect::DuckDb, &manifest), Some(("orders".into(), "shipped_at".into())));
        assert_eq!(date_of(r#"SELECT COUNT(*) FROM "orders""#, Dialect::DuckDb, &manifest), None, "no date known");
        let (narrow, applied) = narrowed(by_month, Dialect::DuckDb, &[range]).unwrap();
        assert_eq!(applied, [true]);
        assert!(narrow.contains(r#"WHERE "o"."ordered_at" >= DATE '2025-01-01' AND "o"."ordered_at" < DATE '2025-04-01' GROUP BY"#), "{narrow}");
    }

    /// The query parsed, written and parsed again reads the same: no literal ends early.
    fn stable(sql: &str, dialect: Dialect) -> bool {
        let Ok(once) = parse_read_only(sql, dialect) else { return false };
        parse_read_only(&once.to_string(), dialect).is_ok_and(|twice| twice == once)
    }

    proptest::proptest! {
        /// Whatever a viewer clicks or types, the drill-down and the filters are SQL that
        /// parses as one read-only query and survives being written again, the value inside
        /// one literal ("\\' OR 1=1 --" stays a value).
        #[test]
        fn any_value_stays_a_value(value in ".{0,40}", tail in proptest::sample::select(vec!["", "' OR 1=1 --", "\\' OR 1=1 --", "\\"])) {
            let value = format!("{value}{tail}");
            let sql = r#"SELECT "orders"."status", COUNT(*) AS "n" FROM "orders" GROUP BY "orders"."status""#;
            for dialect in [Dialect::DuckDb, Dialect::Postgres] {
                let behind = rows_behind(sql, dialect, &[("status".into(), serde_json::json!(value))]).unwrap();
                proptest::prop_assert!(stable(&behind, dialect), "{}", behind);
                let (narrow, applied) = narrowed(sql, dialect, &[one_of("orders", "status", &[value.as_str()])]).unwrap();
                proptest::prop_assert_eq!(applied, vec![true]);
                proptest::prop_assert!(stable(&narrow, dialect), "{}", narrow);
            }
        }
    }
}
