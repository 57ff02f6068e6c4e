//! What a grouping left out. "No value" is never a member of a grouping (tracks with no
//! composer are not one more composer), so a grouped query keeps only rows that have a value
//! for each group (`g IS NOT NULL`). The answer then says how many rows that left out
//! ("977 tracks have no composer and are left out"), so nothing is dropped silently: this
//! module finds such a query's groups and writes the count of the rows it left out.

use sqlparser::ast::{
    BinaryOperator, Distinct, Expr, FunctionArguments, GroupByExpr, Query, Select, SelectItem, SetExpr, TableFactor, helpers::attached_token::AttachedToken,
};

use sqlparser::{dialect::GenericDialect, parser::Parser};

use super::{from_sql::conjuncts, plan::plural, words::name_words};
use crate::{
    compile::{Dialect, safety::parse_read_only},
    mdl::Manifest,
};

/// The rows a grouped query left out for having no value in a group, and how to count them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftOut {
    /// `SELECT COUNT(*) …`: the same rows and conditions, with no value in one of the groups.
    pub sql: String,
    /// What a row is, in the plural ("tracks").
    pub rows: String,
    /// What the rows have no value for ("composer", "genre or album").
    pub missing: String,
}

/// What `sql` (a read-only query over the models) leaves out of its groups, if it groups by
/// columns it requires a value of; `None` for any other query.
pub fn left_out_of(manifest: &Manifest, sql: &str, dialect: Dialect) -> Option<LeftOut> {
    let query = parse_read_only(sql, dialect).ok()?;
    grouped_select(&query).and_then(|select| count_left_out(manifest, select))
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
    let mut kept = Vec::new();
    let mut required = Vec::new();
    let mut parts = Vec::new();
    conjuncts(select.selection.as_ref()?, &mut parts);
    for part in parts {
        match part {
            // Grouped by it, or by its time grain (`date_trunc('month', d)`).
            Expr::IsNotNull(inner) if grouped.iter().any(|g| g == inner.as_ref() || g.to_string().contains(&inner.to_string())) => {
                required.push(inner.as_ref().clone())
            }
            other => kept.push(other.clone()),
        }
    }
    if required.is_empty() {
        return None;
    }
    let base = match &select.from.first()?.relation {
        TableFactor::Table { name, .. } => name.0.last()?.as_ident()?.value.clone(),
        _ => return None,
    };
    let missing: Vec<String> = required.iter().filter_map(|e| missing_words(manifest, e)).collect();
    if missing.len() != required.len() {
        return None;
    }
    let none = required.into_iter().map(|e| Expr::IsNull(Box::new(e))).reduce(|a, b| Expr::BinaryOp {
        left: Box::new(a),
        op: BinaryOperator::Or,
        right: Box::new(b),
    })?;
    let none = if kept.is_empty() { none } else { Expr::Nested(Box::new(none)) };
    let selection =
        kept.into_iter().chain(std::iter::once(none)).reduce(|a, b| Expr::BinaryOp { left: Box::new(a), op: BinaryOperator::And, right: Box::new(b) });
    let count = Select {
        select_token: AttachedToken::empty(),
        distinct: None::<Distinct>,
        projection: vec![SelectItem::UnnamedExpr(Parser::new(&GenericDialect {}).try_with_sql("COUNT(*)").ok()?.parse_expr().ok()?)],
        selection,
        group_by: GroupByExpr::Expressions(Vec::new(), Vec::new()),
        having: None,
        named_window: Vec::new(),
        qualify: None,
        ..select.clone()
    };
    let mut words: Vec<String> = Vec::new();
    for m in missing {
        if !words.contains(&m) {
            words.push(m);
        }
    }
    Some(LeftOut { sql: count.to_string(), rows: plural(&model_words(manifest, &base)), missing: words.join(" or ") })
}

/// A grouped column in a business user's words: the model it stands for when it is that
/// model's key (`"albums"."AlbumId"` → "album"), else the column ("composer").
fn missing_words(manifest: &Manifest, expr: &Expr) -> Option<String> {
    let (model, column) = match expr {
        Expr::CompoundIdentifier(names) if names.len() >= 2 => (names[names.len() - 2].value.as_str(), names[names.len() - 1].value.as_str()),
        // A time grain of a date column: the date.
        Expr::Function(f) => {
            let FunctionArguments::List(list) = &f.args else { return None };
            return list.args.iter().find_map(|a| match a {
                sqlparser::ast::FunctionArg::Unnamed(sqlparser::ast::FunctionArgExpr::Expr(e)) => missing_words(manifest, e),
                _ => None,
            });
        }
        Expr::Nested(inner) | Expr::Cast { expr: inner, .. } => return missing_words(manifest, inner),
        _ => return None,
    };
    let m = manifest.models.iter().find(|m| m.name.eq_ignore_ascii_case(model))?;
    let c = m.columns.iter().find(|c| c.name.eq_ignore_ascii_case(column))?;
    if m.primary_key.as_deref().is_some_and(|k| k.eq_ignore_ascii_case(&c.name)) {
        return Some(super::words::stem(&model_words(manifest, &m.name)));
    }
    Some(c.properties.display_name.clone().unwrap_or_else(|| name_words(&c.name)).to_lowercase())
}

fn model_words(manifest: &Manifest, name: &str) -> String {
    let display = manifest.models.iter().find(|m| m.name.eq_ignore_ascii_case(name)).and_then(|m| m.properties.display_name.clone());
    display.unwrap_or_else(|| name_words(name)).to_lowercase()
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
                model("tracks", "TrackId", &["TrackId", "Composer", "AlbumId", "GenreId", "Milliseconds", "InvoiceDate"]),
                model("albums", "AlbumId", &["AlbumId", "Title"]),
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
            r#"SELECT "tracks"."Composer" AS "Composer", COUNT(*) AS n FROM "tracks" WHERE "tracks"."Milliseconds" > 1000 AND "tracks"."Composer" IS NOT NULL GROUP BY "tracks"."Composer" ORDER BY n DESC LIMIT 5"#,
        )
        .unwrap();
        assert_eq!(l.sql, r#"SELECT COUNT(*) FROM "tracks" WHERE "tracks"."Milliseconds" > 1000 AND ("tracks"."Composer" IS NULL)"#);
        assert_eq!((l.rows.as_str(), l.missing.as_str()), ("tracks", "composer"));
    }

    #[test]
    fn a_related_model_grouped_by_its_key_is_said_by_its_name() {
        let l = left_out(
            r#"SELECT "albums"."Title" AS "Title", SUM("tracks"."Milliseconds") AS total FROM "tracks" LEFT JOIN "albums" ON "tracks"."AlbumId" = "albums"."AlbumId" WHERE "albums"."AlbumId" IS NOT NULL GROUP BY "albums"."AlbumId", "albums"."Title""#,
        )
        .unwrap();
        assert_eq!(l.sql, r#"SELECT COUNT(*) FROM "tracks" LEFT JOIN "albums" ON "tracks"."AlbumId" = "albums"."AlbumId" WHERE "albums"."AlbumId" IS NULL"#);
        assert_eq!(l.missing, "album");
    }

    #[test]
    fn a_ranking_is_read_through_to_the_grouping_it_ranks() {
        let l = left_out(
            r#"SELECT "Composer", n FROM (SELECT RANK() OVER (ORDER BY COUNT(*) DESC) AS "rank", "tracks"."Composer" AS "Composer", COUNT(*) AS n FROM "tracks" WHERE "tracks"."Composer" IS NOT NULL AND "tracks"."GenreId" IS NOT NULL GROUP BY "tracks"."Composer", "tracks"."GenreId") AS "ranked" WHERE "rank" = 1"#,
        )
        .unwrap();
        assert_eq!(l.sql, r#"SELECT COUNT(*) FROM "tracks" WHERE "tracks"."Composer" IS NULL OR "tracks"."GenreId" IS NULL"#);
        assert_eq!(l.missing, "composer or genre");
    }

    #[test]
    fn a_time_grain_leaves_out_rows_with_no_date() {
        let l = left_out(
            r#"SELECT date_trunc('month', "tracks"."InvoiceDate") AS "month", COUNT(*) AS n FROM "tracks" WHERE "tracks"."InvoiceDate" IS NOT NULL GROUP BY date_trunc('month', "tracks"."InvoiceDate")"#,
        );
        assert_eq!(l.map(|l| l.missing), Some("invoice date".to_owned()));
    }

    #[test]
    fn queries_that_leave_nothing_out_by_grouping_have_nothing_to_say() {
        for sql in [
            r#"SELECT COUNT(*) FROM "tracks" WHERE "tracks"."Composer" IS NOT NULL"#,
            r#"SELECT "tracks"."Composer", COUNT(*) FROM "tracks" GROUP BY "tracks"."Composer""#,
            r#"SELECT "tracks"."Composer", COUNT(*) FROM "tracks" WHERE "tracks"."AlbumId" IS NOT NULL GROUP BY "tracks"."Composer""#,
            "not sql at all",
        ] {
            assert_eq!(left_out(sql), None, "{sql}");
        }
    }
}
