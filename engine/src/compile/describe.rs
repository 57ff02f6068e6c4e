//! What the semantic layer says about a query's result columns: a column read as it is
//! keeps its model column's display name and format; an aggregate of one column (`SUM`,
//! `AVG`, `MIN`, `MAX`, …) keeps its format (a sum of money is money); a count or any other
//! expression says nothing, and the surfaces fall back to the column's name in words.
//!
//! The query is the one written over models (before compiling), so its names are the
//! semantic layer's. Whatever cannot be traced — a view, an expression, a set operation —
//! is left undescribed rather than guessed.

use std::collections::HashMap;

use sqlparser::ast::{Expr, FunctionArg, FunctionArgExpr, FunctionArguments, Query, Select, SelectItem, SetExpr, TableFactor};

use super::{Dialect, safety::parse_read_only};
use crate::{
    ResultColumn,
    mdl::{DisplayFormat, FormatStyle, Manifest},
};

/// Functions whose result is in the unit of their one argument.
const KEEPS_UNIT: &[&str] =
    &["sum", "avg", "average", "mean", "min", "max", "median", "any_value", "first", "last", "round", "abs", "coalesce", "ifnull", "floor", "ceil", "ceiling"];

/// How deep derived tables and CTEs are followed.
const MAX_DEPTH: usize = 8;

#[derive(Debug, Clone, Default, PartialEq)]
struct Described {
    display_name: Option<String>,
    format: Option<DisplayFormat>,
}

/// Fills `columns`' display names and formats from the manifest, for a result of `sql`
/// (written over models). Columns already described and those that cannot be traced keep
/// what they have.
pub fn describe(manifest: &Manifest, sql: &str, dialect: Dialect, columns: &mut [ResultColumn]) {
    let Ok(query) = parse_read_only(sql.trim().trim_end_matches(';'), dialect) else { return };
    let scope = Scope { manifest, ctes: ctes_of(&query, &HashMap::new()) };
    let Some(select) = select_of(&query) else { return };
    let wildcard = select.projection.iter().any(|item| matches!(item, SelectItem::Wildcard(_) | SelectItem::QualifiedWildcard(..)));
    for (i, column) in columns.iter_mut().enumerate() {
        let described =
            if wildcard { scope.column(select, None, &column.name, 0) } else { select.projection.get(i).and_then(|item| scope.item(select, item, 0)) };
        if let Some(d) = described {
            if column.display_name.is_none() {
                column.display_name = d.display_name.filter(|name| !name.eq_ignore_ascii_case(&column.name));
            }
            if column.format.is_none() {
                column.format = d.format;
            }
        }
    }
}

struct Scope<'a> {
    manifest: &'a Manifest,
    ctes: HashMap<String, &'a Query>,
}

fn select_of(query: &Query) -> Option<&Select> {
    match query.body.as_ref() {
        SetExpr::Select(select) => Some(select),
        SetExpr::Query(inner) => select_of(inner),
        _ => None,
    }
}

fn ctes_of<'a>(query: &'a Query, outer: &HashMap<String, &'a Query>) -> HashMap<String, &'a Query> {
    let mut ctes = outer.clone();
    if let Some(with) = &query.with {
        for cte in &with.cte_tables {
            ctes.insert(cte.alias.name.value.to_lowercase(), &cte.query);
        }
    }
    ctes
}

fn last_name(name: &sqlparser::ast::ObjectName) -> Option<String> {
    name.0.last().and_then(|part| part.as_ident()).map(|i| i.value.clone())
}

impl<'a> Scope<'a> {
    /// A projection item: what its expression reads, its display name kept only when the
    /// item is the column itself (not renamed).
    fn item(&self, select: &Select, item: &SelectItem, depth: usize) -> Option<Described> {
        let (expr, alias) = match item {
            SelectItem::UnnamedExpr(expr) => (expr, None),
            SelectItem::ExprWithAlias { expr, alias } => (expr, Some(alias.value.as_str())),
            _ => return None,
        };
        let mut described = self.expr(select, expr, depth)?;
        let bare = matches!(expr, Expr::Identifier(_) | Expr::CompoundIdentifier(_));
        let renamed = match (expr, alias) {
            (_, None) => false,
            (Expr::Identifier(id), Some(alias)) => !id.value.eq_ignore_ascii_case(alias),
            (Expr::CompoundIdentifier(parts), Some(alias)) => !parts.last().is_some_and(|p| p.value.eq_ignore_ascii_case(alias)),
            _ => true,
        };
        if !bare || renamed {
            described.display_name = None;
        }
        Some(described)
    }

    fn expr(&self, select: &Select, expr: &Expr, depth: usize) -> Option<Described> {
        match expr {
            Expr::Identifier(id) => self.column(select, None, &id.value, depth),
            Expr::CompoundIdentifier(parts) if parts.len() >= 2 => {
                self.column(select, Some(&parts[parts.len() - 2].value), &parts[parts.len() - 1].value, depth)
            }
            Expr::Nested(inner) | Expr::Cast { expr: inner, .. } => self.expr(select, inner, depth),
            Expr::Function(f) => {
                let name = last_name(&f.name)?.to_lowercase();
                if !KEEPS_UNIT.contains(&name.as_str()) {
                    return None;
                }
                let FunctionArguments::List(list) = &f.args else { return None };
                let first = list.args.first().and_then(|arg| match arg {
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => Some(e),
                    _ => None,
                })?;
                let inner = self.expr(select, first, depth)?;
                Some(Described { display_name: None, format: inner.format })
            }
            _ => None,
        }
    }

    /// The column `name` of the SELECT's sources (the one named `qualifier` when given).
    fn column(&self, select: &Select, qualifier: Option<&str>, name: &str, depth: usize) -> Option<Described> {
        if depth > MAX_DEPTH {
            return None;
        }
        let factors = select.from.iter().flat_map(|from| std::iter::once(&from.relation).chain(from.joins.iter().map(|j| &j.relation)));
        for factor in factors {
            match factor {
                TableFactor::Table { name: table, alias, .. } => {
                    let Some(table) = last_name(table) else { continue };
                    let called = alias.as_ref().map_or(table.as_str(), |a| a.name.value.as_str());
                    if qualifier.is_some_and(|q| !q.eq_ignore_ascii_case(called)) {
                        continue;
                    }
                    if let Some(query) = self.ctes.get(&table.to_lowercase()) {
                        if let Some(found) = self.output(query, name, depth + 1) {
                            return Some(found);
                        }
                    } else if let Some(found) = self.model_column(&table, name) {
                        return Some(found);
                    }
                }
                TableFactor::Derived { subquery, alias, .. } => {
                    if qualifier.is_some_and(|q| !alias.as_ref().is_some_and(|a| a.name.value.eq_ignore_ascii_case(q))) {
                        continue;
                    }
                    if let Some(found) = self.output(subquery, name, depth + 1) {
                        return Some(found);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// The output column `name` of a subquery or CTE.
    fn output(&self, query: &'a Query, name: &str, depth: usize) -> Option<Described> {
        let inner = Scope { manifest: self.manifest, ctes: ctes_of(query, &self.ctes) };
        let select = select_of(query)?;
        for item in &select.projection {
            let named = match item {
                SelectItem::ExprWithAlias { alias, .. } => alias.value.eq_ignore_ascii_case(name),
                SelectItem::UnnamedExpr(Expr::Identifier(id)) => id.value.eq_ignore_ascii_case(name),
                SelectItem::UnnamedExpr(Expr::CompoundIdentifier(parts)) => parts.last().is_some_and(|p| p.value.eq_ignore_ascii_case(name)),
                SelectItem::Wildcard(_) | SelectItem::QualifiedWildcard(..) => return inner.column(select, None, name, depth),
                _ => false,
            };
            if named {
                return inner.item(select, item, depth);
            }
        }
        None
    }

    fn model_column(&self, model: &str, name: &str) -> Option<Described> {
        let model = self.manifest.model(model)?;
        let column = model.column(name)?;
        let mut format = column.properties.format.clone().filter(|f| !f.is_empty());
        if let Some(f) = &mut format
            && f.style == Some(FormatStyle::Currency)
            && f.currency.is_none()
        {
            f.currency = model.properties.format.as_ref().and_then(|m| m.currency.clone());
        }
        Some(Described { display_name: column.properties.display_name.clone().filter(|d| !d.trim().is_empty()), format })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        ColumnTypeFamily,
        mdl::{Column, Model, ModelSource, Properties},
    };

    fn manifest() -> Manifest {
        let money = |name: &str, currency: Option<&str>| Column {
            properties: Properties {
                display_name: Some(format!("{name} paid")),
                format: Some(DisplayFormat { style: Some(FormatStyle::Currency), decimals: None, currency: currency.map(str::to_owned) }),
                ..Properties::default()
            },
            ..Column::source(name, "DECIMAL")
        };
        let named = |name: &str, display: &str| Column {
            properties: Properties { display_name: Some(display.to_owned()), ..Properties::default() },
            ..Column::source(name, "VARCHAR")
        };
        Manifest {
            models: vec![Model {
                name: "orders".into(),
                source: ModelSource::Table { catalog: None, schema: None, table: "orders".into() },
                columns: vec![money("amount", None), money("fee", Some("EUR")), named("cust_nm", "Customer name"), Column::source("qty", "INTEGER")],
                primary_key: None,
                properties: Properties { format: Some(DisplayFormat { currency: Some("GBP".into()), ..DisplayFormat::default() }), ..Properties::default() },
            }],
            ..Manifest::default()
        }
    }

    fn described(sql: &str, names: &[&str]) -> Vec<(Option<String>, Option<String>)> {
        let mut columns: Vec<ResultColumn> = names.iter().map(|n| ResultColumn::new(*n, "", ColumnTypeFamily::Decimal)).collect();
        describe(&manifest(), sql, Dialect::DuckDb, &mut columns);
        columns.into_iter().map(|c| (c.display_name, c.format.and_then(|f| f.currency))).collect()
    }

    #[test]
    fn a_column_keeps_its_name_and_format_and_an_aggregate_its_format() {
        let got =
            described("SELECT cust_nm, SUM(amount) AS total, AVG(o.fee) AS fee, COUNT(*) AS n FROM orders o GROUP BY 1", &["cust_nm", "total", "fee", "n"]);
        assert_eq!(
            got,
            vec![(Some("Customer name".into()), None), (None, Some("GBP".into())), (None, Some("EUR".into())), (None, None)],
            "the model's currency where the column has none; a count is no money"
        );
    }

    #[test]
    fn renamed_columns_keep_the_format_but_not_the_name() {
        let got = described("SELECT cust_nm AS who, amount FROM orders", &["who", "amount"]);
        assert_eq!(got, vec![(None, None), (Some("amount paid".into()), Some("GBP".into()))]);
    }

    #[test]
    fn subqueries_ctes_and_stars_are_followed() {
        let got = described("WITH t AS (SELECT cust_nm, SUM(amount) AS total FROM orders GROUP BY 1) SELECT * FROM t", &["cust_nm", "total"]);
        assert_eq!(got, vec![(Some("Customer name".into()), None), (None, Some("GBP".into()))]);
        let got = described("SELECT x.total FROM (SELECT MAX(fee) AS total FROM orders) x", &["total"]);
        assert_eq!(got, vec![(None, Some("EUR".into()))]);
        let got = described("SELECT * FROM orders", &["qty", "amount"]);
        assert_eq!(got, vec![(None, None), (Some("amount paid".into()), Some("GBP".into()))]);
    }

    #[test]
    fn what_cannot_be_traced_says_nothing() {
        assert_eq!(described("SELECT amount * qty AS value FROM orders", &["value"]), vec![(None, None)]);
        assert_eq!(described("SELECT amount FROM orders UNION SELECT fee FROM orders", &["amount"]), vec![(None, None)]);
        assert_eq!(described("not sql", &["amount"]), vec![(None, None)]);
    }
}
