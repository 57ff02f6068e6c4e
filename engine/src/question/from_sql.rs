//! The reading of SQL someone else wrote (the language model, a saved SQL pair, the user):
//! the same chips the engine gives its own answers, derived from the query's clauses —
//! aggregates of the outer SELECT (measure), GROUP BY (grouping), WHERE and HAVING
//! (filters, comparisons, time ranges), ORDER BY and LIMIT. None of them stands for words of
//! the question, so their spans are 0..0: they are shown, not edited.

use sqlparser::ast::{
    BinaryOperator, DateTimeField, Distinct, DuplicateTreatment, Expr, FunctionArg, FunctionArgExpr, FunctionArguments, GroupByExpr, LimitClause, ObjectName,
    OrderByKind, OrderBySort, Query, Select, SelectItem, SetExpr, TableFactor, UnaryOperator, Value,
};

use super::{Chip, ChipKind, query_parts::conjuncts, words::name_words};
use crate::compile::{Dialect, safety::parse_read_only};

/// The reading of `sql`, a read-only query in `dialect`; empty when it does not parse.
pub fn reading_of_sql(sql: &str, dialect: Dialect) -> Vec<Chip> {
    match parse_read_only(sql, dialect) {
        Ok(query) => Reading::default().of_query(&query),
        Err(_) => Vec::new(),
    }
}

fn chip(kind: ChipKind, label: String) -> Chip {
    Chip { kind, label, start: 0, end: 0 }
}

#[derive(Default)]
struct Reading {
    /// Output aliases and the label of what they compute ("total_sales" → "total sales").
    aliases: Vec<(String, String)>,
    /// The projection in order (for `GROUP BY 1`, `ORDER BY 2`).
    projection: Vec<String>,
}

impl Reading {
    fn of_query(mut self, query: &Query) -> Vec<Chip> {
        let SetExpr::Select(select) = query.body.as_ref() else { return Vec::new() };
        let mut chips = self.of_select(select);
        let mut descending = false;
        if let Some(OrderByKind::Expressions(order)) = query.order_by.as_ref().map(|o| &o.kind) {
            for (i, by) in order.iter().enumerate() {
                let desc = matches!(by.options.sort, Some(OrderBySort::Desc));
                descending |= i == 0 && desc;
                let label = format!("sorted by {}{}", self.label_of(&by.expr), if desc { ", highest first" } else { "" });
                chips.push(chip(ChipKind::Order, label));
            }
        }
        let limit = match &query.limit_clause {
            Some(LimitClause::LimitOffset { limit: Some(limit), .. }) | Some(LimitClause::OffsetCommaLimit { limit, .. }) => Some(limit),
            _ => None,
        };
        if let Some(n) = limit.and_then(number_of) {
            chips.push(chip(ChipKind::Limit, if descending { format!("top {n}") } else { format!("first {n}") }));
        }
        chips
    }

    fn of_select(&mut self, select: &Select) -> Vec<Chip> {
        let mut chips = Vec::new();
        // `SELECT … FROM (SELECT … GROUP BY …) t WHERE …`: the inner query says what is computed.
        if let [from] = select.from.as_slice()
            && from.joins.is_empty()
            && let TableFactor::Derived { subquery, .. } = &from.relation
            && !select.projection.iter().any(|item| item_expr(item).is_some_and(has_aggregate))
        {
            let inner = Reading::default();
            let inner_chips = inner.of_query(subquery);
            chips.extend(inner_chips.into_iter().filter(|c| c.kind != ChipKind::Order));
        }
        let mut measures = Vec::new();
        let mut shown = Vec::new();
        for item in &select.projection {
            let (expr, alias) = match item {
                SelectItem::UnnamedExpr(expr) => (expr, None),
                SelectItem::ExprWithAlias { expr, alias } => (expr, Some(alias.value.as_str())),
                _ => {
                    self.projection.push(String::new());
                    continue;
                }
            };
            let label = match (aggregate_label(expr), alias) {
                // An alias names what is computed the way the writer meant it.
                (Some(_), Some(alias)) if !name_words(alias).is_empty() => name_words(alias),
                (Some(label), _) => label,
                (None, _) if has_aggregate(expr) => alias.map(name_words).unwrap_or_else(|| expr.to_string()),
                (None, _) => {
                    let label = self.label_of(expr);
                    shown.push(label.clone());
                    self.projection.push(label.clone());
                    if let Some(alias) = alias {
                        self.aliases.push((alias.to_lowercase(), label));
                    }
                    continue;
                }
            };
            measures.push(label.clone());
            self.projection.push(label.clone());
            if let Some(alias) = alias {
                self.aliases.push((alias.to_lowercase(), label));
            }
        }
        let grouped: Vec<String> = match &select.group_by {
            GroupByExpr::Expressions(exprs, _) => exprs.iter().map(|e| self.grouping_of(e)).collect(),
            GroupByExpr::All(_) => Vec::new(),
        };
        if chips.iter().all(|c| c.kind != ChipKind::Measure) {
            let what = if measures.is_empty() {
                if matches!(select.distinct, Some(Distinct::Distinct)) { shown.iter().map(|s| format!("distinct {s}")).collect() } else { shown }
            } else {
                measures
            };
            if !what.is_empty() {
                chips.insert(0, chip(ChipKind::Measure, what.join(", ")));
            }
        }
        chips.extend(grouped.into_iter().filter(|g| !g.is_empty()).map(|g| chip(ChipKind::Grouping, g)));
        if let Some(selection) = &select.selection {
            chips.extend(self.conditions(selection));
        }
        if let Some(having) = &select.having {
            chips.extend(self.conditions(having));
        }
        chips
    }

    /// "by genre", "by month".
    fn grouping_of(&self, expr: &Expr) -> String {
        if let Some(grain) = grain_of(expr) {
            return format!("by {grain}");
        }
        format!("by {}", self.label_of(expr))
    }

    /// Words for an expression: an aggregate's reading, an output alias's label, a column's
    /// name in words, a position in the projection; else the SQL itself.
    fn label_of(&self, expr: &Expr) -> String {
        if let Some(label) = aggregate_label(expr) {
            return label;
        }
        if let Some(grain) = grain_of(expr) {
            return grain.to_owned();
        }
        if let Expr::Identifier(ident) = expr
            && let Some((_, label)) = self.aliases.iter().find(|(alias, _)| *alias == ident.value.to_lowercase())
        {
            return label.clone();
        }
        if let Some(position) = number_of(expr)
            && let Some(label) = position.checked_sub(1).and_then(|i| self.projection.get(i as usize))
            && !label.is_empty()
        {
            return label.clone();
        }
        match column_of(expr) {
            Some(column) => name_words(column),
            None => expr.to_string(),
        }
    }

    /// One chip per conjunct of a WHERE or HAVING; a lower and an upper date bound on one
    /// column make one time range ("in 2023" for a whole year).
    fn conditions(&self, expr: &Expr) -> Vec<Chip> {
        let mut parts = Vec::new();
        conjuncts(expr, &mut parts);
        let mut chips = Vec::new();
        let mut bounds: Vec<(String, Bound)> = Vec::new();
        for part in parts {
            if let Some((column, bound)) = date_bound(part) {
                bounds.push((self.label_of(column), bound));
            } else if let Some(chip) = self.condition(part) {
                chips.push(chip);
            }
        }
        let mut used = vec![false; bounds.len()];
        for i in 0..bounds.len() {
            if used[i] {
                continue;
            }
            used[i] = true;
            let (column, bound) = &bounds[i];
            let other = (i + 1..bounds.len()).find(|&j| !used[j] && bounds[j].0 == *column && bounds[j].1.lower != bound.lower);
            let label = match other {
                Some(j) => {
                    used[j] = true;
                    let (low, high) = if bound.lower { (bound, &bounds[j].1) } else { (&bounds[j].1, bound) };
                    range_label(column, low, high)
                }
                None => format!("{column} {} {}", bound.word(), bound.date),
            };
            chips.push(chip(ChipKind::TimeRange, label));
        }
        chips
    }

    fn condition(&self, expr: &Expr) -> Option<Chip> {
        let filter = |label: String| Some(chip(ChipKind::Filter, label));
        match expr {
            Expr::Nested(inner) => self.condition(inner),
            Expr::BinaryOp { left, op, right } => {
                // `2023 = EXTRACT(YEAR FROM d)` reads as the other way round.
                let (left, right, op) =
                    if literal(left).is_some() && literal(right).is_none() { (right, left, flipped(op)) } else { (left, right, op.clone()) };
                if is_year(left)
                    && let Some(n) = number_of(right)
                {
                    let label = match op {
                        BinaryOperator::Eq => format!("in {n}"),
                        BinaryOperator::GtEq => format!("from {n}"),
                        BinaryOperator::Gt => format!("after {n}"),
                        BinaryOperator::Lt => format!("before {n}"),
                        BinaryOperator::LtEq => format!("until {n}"),
                        _ => return filter(expr.to_string()),
                    };
                    return Some(chip(ChipKind::TimeRange, label));
                }
                let column = self.label_of(left);
                let value = literal(right).unwrap_or_else(|| self.label_of(right));
                let numeric = number_of(right).is_some() || aggregate_label(left).is_some();
                let (kind, said) = match op {
                    BinaryOperator::Eq => (ChipKind::Filter, format!("is {value}")),
                    BinaryOperator::NotEq => (ChipKind::Filter, format!("is not {value}")),
                    BinaryOperator::Gt if numeric => (ChipKind::Comparison, format!("over {value}")),
                    BinaryOperator::GtEq if numeric => (ChipKind::Comparison, format!("at least {value}")),
                    BinaryOperator::Lt if numeric => (ChipKind::Comparison, format!("under {value}")),
                    BinaryOperator::LtEq if numeric => (ChipKind::Comparison, format!("at most {value}")),
                    BinaryOperator::Gt => (ChipKind::Comparison, format!("after {value}")),
                    BinaryOperator::GtEq => (ChipKind::Comparison, format!("from {value}")),
                    BinaryOperator::Lt => (ChipKind::Comparison, format!("before {value}")),
                    BinaryOperator::LtEq => (ChipKind::Comparison, format!("until {value}")),
                    _ => return filter(expr.to_string()),
                };
                Some(chip(kind, format!("{column} {said}")))
            }
            Expr::InList { expr: column, list, negated } => {
                let values: Vec<String> = list.iter().map(|v| literal(v).unwrap_or_else(|| v.to_string())).collect();
                let said = if *negated { "is not" } else { "is" };
                filter(format!("{} {said} {}", self.label_of(column), values.join(if *negated { " nor " } else { " or " })))
            }
            Expr::Between { expr: column, negated, low, high } => {
                let (low, high) = (literal(low).unwrap_or_else(|| low.to_string()), literal(high).unwrap_or_else(|| high.to_string()));
                let kind = if is_date(&low) && is_date(&high) { ChipKind::TimeRange } else { ChipKind::Comparison };
                let not = if *negated { "not " } else { "" };
                Some(chip(kind, format!("{} {not}from {low} to {high}", self.label_of(column))))
            }
            Expr::IsNull(column) => filter(format!("no {}", self.label_of(column))),
            Expr::IsNotNull(column) => filter(format!("with {}", self.label_of(column))),
            Expr::Like { negated, expr: column, pattern, .. } | Expr::ILike { negated, expr: column, pattern, .. } => {
                let pattern = literal(pattern).unwrap_or_else(|| pattern.to_string());
                let (text, how) = match (pattern.strip_prefix('%'), pattern.strip_suffix('%')) {
                    (Some(rest), _) if rest.ends_with('%') => (rest.trim_end_matches('%').to_owned(), "contains"),
                    (Some(rest), _) => (rest.to_owned(), "ends with"),
                    (None, Some(rest)) => (rest.to_owned(), "starts with"),
                    (None, None) => (pattern.clone(), "is like"),
                };
                let how = if *negated { format!("not {how}") } else { how.to_owned() };
                filter(format!("{} {how} {text}", self.label_of(column)))
            }
            Expr::UnaryOp { op: UnaryOperator::Not, expr: inner } => filter(format!("not {}", inner)),
            other => filter(other.to_string()),
        }
    }
}

/// A date a column is compared with: `d >= DATE '2023-01-01'`, `d < '2024-01-01'`.
struct Bound {
    lower: bool,
    inclusive: bool,
    date: String,
}

impl Bound {
    fn word(&self) -> &'static str {
        match (self.lower, self.inclusive) {
            (true, true) => "from",
            (true, false) => "after",
            (false, true) => "until",
            (false, false) => "before",
        }
    }
}

/// The column `expr` bounds by a date, if it does.
pub(super) fn bounded_by_date(expr: &Expr) -> Option<&Expr> {
    date_bound(expr).map(|(column, _)| column)
}

fn date_bound(expr: &Expr) -> Option<(&Expr, Bound)> {
    let Expr::BinaryOp { left, op, right } = expr else { return None };
    let (column, op, value) = if literal(left).is_some() { (right.as_ref(), flipped(op), left.as_ref()) } else { (left.as_ref(), op.clone(), right.as_ref()) };
    let date = literal(value).filter(|v| is_date(v))?;
    let date = date.get(..10).unwrap_or(&date).to_owned();
    let (lower, inclusive) = match op {
        BinaryOperator::GtEq => (true, true),
        BinaryOperator::Gt => (true, false),
        BinaryOperator::LtEq => (false, true),
        BinaryOperator::Lt => (false, false),
        _ => return None,
    };
    Some((column, Bound { lower, inclusive, date }))
}

/// "in 2023" for [2023-01-01, 2024-01-01), "in 2023-03" for a whole month, else "from … to …".
fn range_label(column: &str, low: &Bound, high: &Bound) -> String {
    let parse = |d: &str| chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").ok();
    if let (Some(a), Some(b)) = (parse(&low.date), parse(&high.date))
        && low.inclusive
        && !high.inclusive
    {
        use chrono::Datelike;
        if a.month() == 1 && a.day() == 1 && b == a.with_year(a.year() + 1).unwrap_or(b) {
            return format!("in {}", a.year());
        }
        if a.day() == 1 && b.day() == 1 && b == a.checked_add_months(chrono::Months::new(1)).unwrap_or(b) {
            return format!("in {}", a.format("%B %Y"));
        }
    }
    format!("{column} {} {} {} {}", low.word(), low.date, if high.inclusive { "to" } else { "before" }, high.date)
}

fn flipped(op: &BinaryOperator) -> BinaryOperator {
    match op {
        BinaryOperator::Gt => BinaryOperator::Lt,
        BinaryOperator::GtEq => BinaryOperator::LtEq,
        BinaryOperator::Lt => BinaryOperator::Gt,
        BinaryOperator::LtEq => BinaryOperator::GtEq,
        other => other.clone(),
    }
}

fn is_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() >= 10 && b[4] == b'-' && b[7] == b'-' && chrono::NaiveDate::parse_from_str(&text[..10], "%Y-%m-%d").is_ok()
}

/// A literal's text: a string, a number, `DATE '…'`, a cast of one.
fn literal(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Value(v) => match &v.value {
            Value::Null => None,
            Value::Boolean(b) => Some(b.to_string()),
            Value::Number(..) => Some(v.value.to_string()),
            other => other.clone().into_string(),
        },
        Expr::TypedString(t) => t.value.clone().into_string(),
        Expr::Cast { expr, .. } | Expr::Nested(expr) => literal(expr),
        Expr::UnaryOp { op: UnaryOperator::Minus, expr } => literal(expr).map(|n| format!("-{n}")),
        _ => None,
    }
}

fn number_of(expr: &Expr) -> Option<u64> {
    match expr {
        Expr::Value(v) => match &v.value {
            Value::Number(..) => v.value.to_string().parse().ok(),
            _ => None,
        },
        _ => None,
    }
}

/// The column an expression reads, looking through casts and parentheses.
fn column_of(expr: &Expr) -> Option<&str> {
    match expr {
        Expr::Identifier(ident) => Some(&ident.value),
        Expr::CompoundIdentifier(parts) => parts.last().map(|p| p.value.as_str()),
        Expr::Cast { expr, .. } | Expr::Nested(expr) => column_of(expr),
        _ => None,
    }
}

fn function_name(name: &ObjectName) -> String {
    name.0.last().and_then(|p| p.as_ident()).map(|i| i.value.to_lowercase()).unwrap_or_default()
}

/// The arguments of a call and whether they are DISTINCT.
fn arguments(args: &FunctionArguments) -> (Vec<&FunctionArgExpr>, bool) {
    match args {
        FunctionArguments::List(list) => (
            list.args
                .iter()
                .map(|a| match a {
                    FunctionArg::Unnamed(e) => e,
                    FunctionArg::Named { arg, .. } | FunctionArg::ExprNamed { arg, .. } => arg,
                })
                .collect(),
            matches!(list.duplicate_treatment, Some(DuplicateTreatment::Distinct)),
        ),
        _ => (Vec::new(), false),
    }
}

const AGGREGATES: &[(&str, &str)] =
    &[("sum", "total"), ("avg", "average"), ("mean", "average"), ("min", "lowest"), ("max", "highest"), ("median", "median"), ("count", "number of")];

/// "total total", "number of rows", "number of distinct customer", "average unit price".
fn aggregate_label(expr: &Expr) -> Option<String> {
    let Expr::Function(f) = expr else {
        return match expr {
            Expr::Nested(inner) | Expr::Cast { expr: inner, .. } => aggregate_label(inner),
            _ => None,
        };
    };
    if f.over.is_some() {
        return None;
    }
    let name = function_name(&f.name);
    let (_, word) = AGGREGATES.iter().find(|(n, _)| *n == name)?;
    let (args, distinct) = arguments(&f.args);
    let what = match args.first() {
        Some(FunctionArgExpr::Expr(e)) => match (column_of(e), number_of(e)) {
            (_, Some(_)) => "rows".to_owned(),
            (Some(column), _) => name_words(column),
            (None, _) => e.to_string(),
        },
        _ => "rows".to_owned(),
    };
    let distinct = if distinct { "distinct " } else { "" };
    Some(format!("{word} {distinct}{what}"))
}

/// Whether an expression aggregates anywhere inside it (COUNT, SUM, AVG, MIN, MAX…).
pub(crate) fn has_aggregate(expr: &Expr) -> bool {
    use sqlparser::ast::Visit;
    struct Finder(bool);
    impl sqlparser::ast::Visitor for Finder {
        type Break = ();
        fn pre_visit_expr(&mut self, expr: &Expr) -> std::ops::ControlFlow<()> {
            if aggregate_label(expr).is_some() {
                self.0 = true;
                return std::ops::ControlFlow::Break(());
            }
            std::ops::ControlFlow::Continue(())
        }
    }
    let mut finder = Finder(false);
    let _ = expr.visit(&mut finder);
    finder.0
}

fn item_expr(item: &SelectItem) -> Option<&Expr> {
    match item {
        SelectItem::UnnamedExpr(expr) | SelectItem::ExprWithAlias { expr, .. } => Some(expr),
        _ => None,
    }
}

/// A time grain an expression truncates to: `DATE_TRUNC('month', d)`, `EXTRACT(YEAR FROM d)`,
/// `YEAR(d)`, `strftime(d, '%Y')`.
fn grain_of(expr: &Expr) -> Option<&'static str> {
    match expr {
        Expr::Extract { field, .. } => field_grain(field),
        Expr::Nested(inner) | Expr::Cast { expr: inner, .. } => grain_of(inner),
        Expr::Function(f) => {
            let name = function_name(&f.name);
            let (args, _) = arguments(&f.args);
            let text = |i: usize| match args.get(i) {
                Some(FunctionArgExpr::Expr(e)) => literal(e).map(|s| s.to_lowercase()),
                _ => None,
            };
            let named = |unit: &str| match unit.trim_end_matches('s') {
                "year" | "%y" => Some("year"),
                "quarter" => Some("quarter"),
                "month" | "%y-%m" => Some("month"),
                "week" => Some("week"),
                "day" | "%y-%m-%d" => Some("day"),
                _ => None,
            };
            match name.as_str() {
                "year" => Some("year"),
                "quarter" => Some("quarter"),
                "month" => Some("month"),
                "date_trunc" | "date_part" | "datepart" => text(0).as_deref().and_then(named),
                "strftime" => text(1).as_deref().and_then(named),
                "to_char" | "date_format" => text(1).as_deref().map(|f| f.replace("yyyy", "%y").replace("mm", "%m")).as_deref().and_then(named),
                _ => None,
            }
        }
        _ => None,
    }
}

fn field_grain(field: &DateTimeField) -> Option<&'static str> {
    match field {
        DateTimeField::Year | DateTimeField::Years => Some("year"),
        DateTimeField::Quarter => Some("quarter"),
        DateTimeField::Month | DateTimeField::Months => Some("month"),
        DateTimeField::Week(_) | DateTimeField::Weeks => Some("week"),
        DateTimeField::Day | DateTimeField::Days => Some("day"),
        _ => None,
    }
}

/// The year of a date column (`EXTRACT(YEAR FROM d)`, `YEAR(d)`, `date_part('year', d)`).
fn is_year(expr: &Expr) -> bool {
    grain_of(expr) == Some("year") && !matches!(expr, Expr::Function(f) if function_name(&f.name) == "date_trunc")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(sql: &str) -> Vec<(ChipKind, String)> {
        let chips = reading_of_sql(sql, Dialect::DuckDb);
        assert!(chips.iter().all(|c| c.start == 0 && c.end == 0), "{chips:?}");
        chips.into_iter().map(|c| (c.kind, c.label)).collect()
    }

    use ChipKind::*;

    #[test]
    fn names_are_read_as_words() {
        assert_eq!(name_words("BillingCountry"), "billing country");
        assert_eq!(name_words("unit_price"), "unit price");
        assert_eq!(name_words("CustomerId"), "customer");
        assert_eq!(name_words("HTTPStatus"), "http status");
        assert_eq!(name_words("Total"), "total");
    }

    #[test]
    fn a_sum_by_a_column_in_a_year_reads_as_the_engine_would() {
        let got = read(
            "SELECT \"BillingCountry\", SUM(\"Total\") FROM \"Invoice\" \
             WHERE \"InvoiceDate\" >= DATE '2023-01-01' AND \"InvoiceDate\" < DATE '2024-01-01' \
             GROUP BY \"BillingCountry\" ORDER BY SUM(\"Total\") DESC LIMIT 5",
        );
        assert_eq!(
            got,
            vec![
                (Measure, "total total".to_owned()),
                (Grouping, "by billing country".to_owned()),
                (TimeRange, "in 2023".to_owned()),
                (Order, "sorted by total total, highest first".to_owned()),
                (Limit, "top 5".to_owned()),
            ]
        );
    }

    #[test]
    fn aliases_name_the_measure_and_resolve_in_order_by() {
        let got = read("SELECT g.Name, COUNT(*) AS track_count FROM Track t JOIN Genre g ON t.GenreId = g.GenreId GROUP BY 1 ORDER BY track_count DESC");
        assert_eq!(got, vec![(Measure, "track count".into()), (Grouping, "by name".into()), (Order, "sorted by track count, highest first".into())]);
    }

    #[test]
    fn filters_comparisons_and_open_date_ranges() {
        let got = read(
            "SELECT COUNT(DISTINCT CustomerId) FROM Invoice \
             WHERE BillingCountry = 'Brazil' AND Total > 10 AND BillingCity IN ('Rio', 'São Paulo') \
             AND InvoiceDate >= '2023-01-01' AND BillingState IS NULL",
        );
        assert_eq!(
            got,
            vec![
                (Measure, "number of distinct customer".into()),
                (Filter, "billing country is Brazil".into()),
                (Comparison, "total over 10".into()),
                (Filter, "billing city is Rio or São Paulo".into()),
                (Filter, "no billing state".into()),
                (TimeRange, "invoice date from 2023-01-01".into()),
            ]
        );
    }

    #[test]
    fn years_months_and_between() {
        assert_eq!(
            read("SELECT SUM(Total) FROM Invoice WHERE EXTRACT(YEAR FROM InvoiceDate) = 2024"),
            vec![(Measure, "total total".into()), (TimeRange, "in 2024".into())]
        );
        assert_eq!(
            read("SELECT AVG(Total) FROM Invoice WHERE InvoiceDate >= '2023-03-01' AND InvoiceDate < '2023-04-01'"),
            vec![(Measure, "average total".into()), (TimeRange, "in March 2023".into())]
        );
        assert_eq!(
            read("SELECT MAX(Total) FROM Invoice WHERE InvoiceDate BETWEEN '2021-01-01' AND '2021-06-30'"),
            vec![(Measure, "highest total".into()), (TimeRange, "invoice date from 2021-01-01 to 2021-06-30".into())]
        );
    }

    #[test]
    fn time_grains_group_and_having_compares() {
        let got = read("SELECT DATE_TRUNC('month', InvoiceDate) AS m, SUM(Total) FROM Invoice GROUP BY 1 HAVING SUM(Total) >= 100 ORDER BY 1");
        assert_eq!(
            got,
            vec![
                (Measure, "total total".into()),
                (Grouping, "by month".into()),
                (Comparison, "total total at least 100".into()),
                (Order, "sorted by month".into())
            ]
        );
    }

    #[test]
    fn a_listing_reads_as_what_it_shows() {
        assert_eq!(
            read("SELECT Name, Composer FROM Track WHERE Name LIKE '%love%' LIMIT 10"),
            vec![(Measure, "name, composer".into()), (Filter, "name contains love".into()), (Limit, "first 10".into())]
        );
    }

    #[test]
    fn an_outer_query_over_a_derived_table_keeps_the_inner_reading() {
        let got = read("SELECT * FROM (SELECT Country, COUNT(*) AS n FROM Customer GROUP BY Country) t WHERE n > 3 ORDER BY n DESC LIMIT 3");
        assert_eq!(
            got,
            vec![
                (Measure, "n".into()),
                (Grouping, "by country".into()),
                (Comparison, "n over 3".into()),
                (Order, "sorted by n, highest first".into()),
                (Limit, "top 3".into()),
            ]
        );
    }

    #[test]
    fn sql_that_does_not_parse_has_no_reading() {
        assert!(reading_of_sql("DELETE FROM Invoice", Dialect::DuckDb).is_empty());
        assert!(reading_of_sql("SELEC 1", Dialect::Postgres).is_empty());
    }
}
