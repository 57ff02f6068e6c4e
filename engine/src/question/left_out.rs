//! What a grouping left out. "No value" is never a member of a grouping (parcels with no
//! courier are not one more courier), so a grouped query keeps only rows that have a value
//! for each group (`g IS NOT NULL`). The answer then says how many rows that left out
//! ("312 parcels have no courier and are left out"), so nothing is dropped silently: this
//! module finds such a query's groups and writes the count of the rows it left out.

use sqlparser::{
    ast::{
        BinaryOperator, Expr, FunctionArg, FunctionArgExpr, FunctionArguments, GroupByExpr, Query, Select, SelectItem, SetExpr, TableFactor,
        helpers::attached_token::AttachedToken,
    },
    dialect::GenericDialect,
    parser::Parser,
};

use super::{
    plan::plural,
    query_parts::conjuncts,
    words::{label_words, stem},
};
use crate::{
    compile::{Dialect, safety::parse_read_only},
    mdl::Manifest,
};

/// The rows a grouped query left out for having no value in a group, and how to count them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftOut {
    /// `SELECT COUNT(*) …`: the same rows and conditions, with no value in one of the groups.
    pub sql: String,
    /// What a row is, in the plural ("parcels").
    pub rows: String,
    /// What the rows have no value for ("courier", "courier or depot").
    pub missing: String,
}

/// What `sql` (a read-only query over the models) leaves out of its groups, if it groups by
/// columns it requires a value of; `None` for any other query.
pub fn left_out_of(manifest: &Manifest, sql: &str, dialect: Dialect) -> Option<LeftOut> {
    let query = parse_read_only(sql, dialect).ok()?;
    count_left_out(manifest, grouped_select(&query)?)
}

/// The SELECT that groups: the query's own, or the one it reads from (a ranking wraps it).
fn grouped_select(query: &Query) -> Option<&Select> {
    let SetExpr::Select(select) = query.body.as_ref() else { return None };
    if matches!(&select.group_by, GroupByExpr::Expressions(exprs, _) if !exprs.is_empty()) {
        return Some(select);
    }
    match select.from.as_slice() {
        [from] if from.joins.is_empty() => match &from.relation {
            TableFactor::Derived { subquery, .. } => grouped_select(subquery),
            _ => None,
        },
        _ => None,
    }
}

fn count_left_out(manifest: &Manifest, select: &Select) -> Option<LeftOut> {
    let GroupByExpr::Expressions(grouped, _) = &select.group_by else { return None };
    let mut parts = Vec::new();
    conjuncts(select.selection.as_ref()?, &mut parts);
    let (required, kept): (Vec<&Expr>, Vec<&Expr>) = parts.into_iter().partition(|part| match part {
        Expr::IsNotNull(inner) => grouped.iter().any(|g| column_of(g) == Some(inner.as_ref())),
        _ => false,
    });
    let required: Vec<&Expr> = required.into_iter().filter_map(|part| if let Expr::IsNotNull(inner) = part { Some(inner.as_ref()) } else { None }).collect();
    let TableFactor::Table { name: base, .. } = &select.from.first()?.relation else { return None };
    let base = base.0.last()?.as_ident()?.value.clone();
    let mut missing: Vec<String> = Vec::new();
    for column in &required {
        let said = missing_words(manifest, column)?;
        if !missing.contains(&said) {
            missing.push(said);
        }
    }
    let either = |op: BinaryOperator| move |a: Expr, b: Expr| Expr::BinaryOp { left: Box::new(a), op: op.clone(), right: Box::new(b) };
    let none = required.into_iter().map(|c| Expr::IsNull(Box::new(c.clone()))).reduce(either(BinaryOperator::Or))?;
    let none = if kept.is_empty() { none } else { Expr::Nested(Box::new(none)) };
    let selection = kept.into_iter().cloned().chain(std::iter::once(none)).reduce(either(BinaryOperator::And));
    let count = Select {
        select_token: AttachedToken::empty(),
        distinct: None,
        projection: vec![SelectItem::UnnamedExpr(Parser::new(&GenericDialect {}).try_with_sql("COUNT(*)").ok()?.parse_expr().ok()?)],
        selection,
        group_by: GroupByExpr::Expressions(Vec::new(), Vec::new()),
        having: None,
        named_window: Vec::new(),
        qualify: None,
        ..select.clone()
    };
    let model = manifest.models.iter().find(|m| m.name.eq_ignore_ascii_case(&base))?;
    Some(LeftOut { sql: count.to_string(), rows: plural(&label_words(&model.name, &model.properties)), missing: missing.join(" or ") })
}

/// The column a grouped expression is of: the column itself, or the one a time grain reads
/// (`date_trunc('month', d)` is of `d`).
fn column_of(expr: &Expr) -> Option<&Expr> {
    match expr {
        Expr::CompoundIdentifier(_) | Expr::Identifier(_) => Some(expr),
        Expr::Nested(inner) | Expr::Cast { expr: inner, .. } => column_of(inner),
        Expr::Function(f) => {
            let FunctionArguments::List(list) = &f.args else { return None };
            list.args.iter().find_map(|a| match a {
                FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => column_of(e),
                _ => None,
            })
        }
        _ => None,
    }
}

/// A grouped column in a business user's words: the model it stands for when it is that
/// model's key (`"couriers"."CourierId"` → "courier"), else the column ("depot").
fn missing_words(manifest: &Manifest, column: &Expr) -> Option<String> {
    let Expr::CompoundIdentifier(names) = column else { return None };
    let [.., model, column] = names.as_slice() else { return None };
    let m = manifest.models.iter().find(|m| m.name.eq_ignore_ascii_case(&model.value))?;
    let c = m.columns.iter().find(|c| c.name.eq_ignore_ascii_case(&column.value))?;
    if m.primary_key.as_deref().is_some_and(|k| k.eq_ignore_ascii_case(&c.name)) {
        return Some(stem(&label_words(&m.name, &m.properties)));
    }
    Some(label_words(&c.name, &c.properties))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mdl::{Column, Model, ModelSource, Properties};

    fn manifest() -> Manifest {
        let model = |name: &str, key: &str, columns: &[&str]| Model {
            name: name.into(),
            source: ModelSource::Table { catalog: None, schema: None, table: name.into() },
            columns: columns.iter().map(|n| Column::source(n, "VARCHAR")).collect(),
            primary_key: Some(key.into()),
            properties: Properties::default(),
        };
        Manifest {
            models: vec![
                model("parcels", "ParcelId", &["ParcelId", "Depot", "CourierId", "Zone", "Grams", "PostedOn"]),
                model("couriers", "CourierId", &["CourierId", "Title"]),
            ],
            ..Manifest::default()
        }
    }

    fn left_out(sql: &str) -> Option<LeftOut> {
        left_out_of(&manifest(), sql, Dialect::DuckDb)
    }

    #[test]
    fn a_grouping_counts_the_rows_it_left_out_under_the_same_conditions() {
        let l = left_out(
            r#"SELECT "parcels"."Depot" AS "Depot", COUNT(*) AS n FROM "parcels" WHERE "parcels"."Grams" > 1000 AND "parcels"."Depot" IS NOT NULL GROUP BY "parcels"."Depot" ORDER BY n DESC LIMIT 5"#,
        )
        .unwrap();
        assert_eq!(l.sql, r#"SELECT COUNT(*) FROM "parcels" WHERE "parcels"."Grams" > 1000 AND ("parcels"."Depot" IS NULL)"#);
        assert_eq!((l.rows.as_str(), l.missing.as_str()), ("parcels", "depot"));
    }

    #[test]
    fn a_related_model_grouped_by_its_key_is_said_by_its_name() {
        let l = left_out(
            r#"SELECT "couriers"."Title" AS "Title", SUM("parcels"."Grams") AS total FROM "parcels" LEFT JOIN "couriers" ON "parcels"."CourierId" = "couriers"."CourierId" WHERE "couriers"."CourierId" IS NOT NULL GROUP BY "couriers"."CourierId", "couriers"."Title""#,
        )
        .unwrap();
        assert_eq!(
            l.sql,
            r#"SELECT COUNT(*) FROM "parcels" LEFT JOIN "couriers" ON "parcels"."CourierId" = "couriers"."CourierId" WHERE "couriers"."CourierId" IS NULL"#
        );
        assert_eq!(l.missing, "courier");
    }

    #[test]
    fn a_ranking_is_read_through_to_the_grouping_it_ranks() {
        let l = left_out(
            r#"SELECT "Depot", n FROM (SELECT RANK() OVER (ORDER BY COUNT(*) DESC) AS "rank", "parcels"."Depot" AS "Depot", COUNT(*) AS n FROM "parcels" WHERE "parcels"."Depot" IS NOT NULL AND "parcels"."Zone" IS NOT NULL GROUP BY "parcels"."Depot", "parcels"."Zone") AS "ranked" WHERE "rank" = 1"#,
        )
        .unwrap();
        assert_eq!(l.sql, r#"SELECT COUNT(*) FROM "parcels" WHERE "parcels"."Depot" IS NULL OR "parcels"."Zone" IS NULL"#);
        assert_eq!(l.missing, "depot or zone");
    }

    #[test]
    fn a_time_grain_leaves_out_rows_with_no_date() {
        let l = left_out(
            r#"SELECT date_trunc('month', "parcels"."PostedOn") AS "month", COUNT(*) AS n FROM "parcels" WHERE "parcels"."PostedOn" IS NOT NULL GROUP BY date_trunc('month', "parcels"."PostedOn")"#,
        );
        assert_eq!(l.map(|l| l.missing), Some("posted on".to_owned()));
    }

    #[test]
    fn queries_that_leave_nothing_out_by_grouping_have_nothing_to_say() {
        for sql in [
            // No grouping.
            r#"SELECT COUNT(*) FROM "parcels" WHERE "parcels"."Depot" IS NOT NULL"#,
            // Grouped, but every row kept.
            r#"SELECT "parcels"."Depot", COUNT(*) FROM "parcels" GROUP BY "parcels"."Depot""#,
            // A value required of a column that is not a group.
            r#"SELECT "parcels"."Depot", COUNT(*) FROM "parcels" WHERE "parcels"."Zone" IS NOT NULL GROUP BY "parcels"."Depot""#,
            // A column whose name only starts like a group's.
            r#"SELECT "parcels"."Depot", COUNT(*) FROM "parcels" WHERE "parcels"."Dep" IS NOT NULL GROUP BY "parcels"."Depot""#,
            "not sql at all",
        ] {
            assert_eq!(left_out(sql), None, "{sql}");
        }
    }
}
