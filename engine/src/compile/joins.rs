//! Implicit joins: a relationship column names the model at its other end, so a query may
//! read through it without writing the join: `SELECT id, customer.country FROM orders`.
//! Where a to-one relationship column of a model in a SELECT's FROM is used as a qualifier
//! that names nothing in that FROM, that SELECT gets a `LEFT JOIN` of the related model's
//! columns it reads, on the relationship's keys. The joined columns are renamed
//! (`customer.name` reads `"customer"."customer.name"`) so the query's unqualified names stay
//! unambiguous. A LEFT JOIN to at most one row keeps every row and adds none. To-many
//! relationship columns are left alone (reading through them would multiply rows; calculated
//! fields aggregate them instead).

use super::{
    CompileError, Dialect,
    model::{key_pairs, related, to_many},
};
use crate::mdl::{ColumnKind, Manifest};
use sqlparser::{
    ast::{Expr, Ident, Join, Query, SetExpr, Statement, TableFactor, Visit, VisitMut, Visitor, VisitorMut},
    parser::Parser,
};
use std::ops::ControlFlow;

/// Adds the joins the query's SELECTs read through (nested queries included).
pub fn add_implicit_joins(manifest: &Manifest, dialect: Dialect, query: &mut Query) -> Result<(), CompileError> {
    let joined = set_expr(manifest, dialect, &mut query.body)?;
    if !joined.is_empty() {
        let _ = VisitMut::visit(&mut query.order_by, &mut Renamer { joined, dialect, depth: 0 });
    }
    Ok(())
}

/// The qualifiers it joined through, for the ORDER BY around a lone SELECT.
fn set_expr(manifest: &Manifest, dialect: Dialect, body: &mut SetExpr) -> Result<Vec<String>, CompileError> {
    match body {
        SetExpr::Select(select) => {
            for table in &mut select.from {
                for factor in std::iter::once(&mut table.relation).chain(table.joins.iter_mut().map(|j| &mut j.relation)) {
                    if let TableFactor::Derived { subquery, .. } = factor {
                        add_implicit_joins(manifest, dialect, subquery)?;
                    }
                }
            }
            // Relations in scope: (name used in the query, model).
            let scope: Vec<(String, String, usize)> = select
                .from
                .iter()
                .enumerate()
                .flat_map(|(i, t)| std::iter::once(&t.relation).chain(t.joins.iter().map(|j| &j.relation)).map(move |f| (i, f)))
                .filter_map(|(i, factor)| match factor {
                    TableFactor::Table { name, alias, .. } if name.0.len() == 1 => {
                        let model = name.0[0].as_ident()?.value.clone();
                        let used = alias.as_ref().map(|a| a.name.value.clone()).unwrap_or_else(|| model.clone());
                        Some((used, model, i))
                    }
                    _ => None,
                })
                .collect();
            let mut qualifiers = Qualifiers::default();
            let _ = select.projection.visit(&mut qualifiers);
            let _ = select.selection.visit(&mut qualifiers);
            let _ = select.group_by.visit(&mut qualifiers);
            let _ = select.having.visit(&mut qualifiers);
            let mut joined = Vec::new();
            for qualifier in qualifiers.names() {
                if scope.iter().any(|(used, _, _)| used.eq_ignore_ascii_case(&qualifier)) {
                    continue;
                }
                let through: Vec<&(String, String, usize)> = scope
                    .iter()
                    .filter(|(_, model, _)| {
                        manifest.model(model).and_then(|m| m.column(&qualifier)).is_some_and(|c| matches!(c.kind, ColumnKind::Relationship { .. }))
                    })
                    .collect();
                let [(used, model_name, table)] = through.as_slice() else { continue };
                let model = manifest.model(model_name).expect("filtered above");
                let column = model.column(&qualifier).expect("filtered above");
                let (relationship, other) = related(manifest, model, &column.name)?;
                if to_many(relationship, model) {
                    continue;
                }
                let q = |name: &str| dialect.quote(name);
                let pairs = key_pairs(dialect, relationship, model, other)?;
                let keys = pairs.iter().enumerate().map(|(i, (_, theirs))| format!("{} AS {}", q(theirs), q(&format!("{qualifier}.__key{i}"))));
                let read = qualifiers.columns_of(&qualifier).into_iter().map(|c| format!("{} AS {}", q(&c), q(&format!("{qualifier}.{c}"))));
                let on: Vec<String> =
                    (0..pairs.len()).map(|i| format!("{}.{} = {}.{}", q(&qualifier), q(&format!("{qualifier}.__key{i}")), q(used), q(&pairs[i].0))).collect();
                let join = parse_join(
                    dialect,
                    &format!(
                        "LEFT JOIN (SELECT {} FROM {}) AS {} ON {}",
                        keys.chain(read).collect::<Vec<_>>().join(", "),
                        q(&other.name),
                        q(&qualifier),
                        on.join(" AND ")
                    ),
                )?;
                select.from[*table].joins.push(join);
                joined.push(qualifier);
            }
            if !joined.is_empty() {
                let mut renamer = Renamer { joined: joined.clone(), dialect, depth: 0 };
                let _ = VisitMut::visit(&mut select.projection, &mut renamer);
                let _ = VisitMut::visit(&mut select.selection, &mut renamer);
                let _ = VisitMut::visit(&mut select.group_by, &mut renamer);
                let _ = VisitMut::visit(&mut select.having, &mut renamer);
            }
            Ok(joined)
        }
        SetExpr::SetOperation { left, right, .. } => {
            set_expr(manifest, dialect, left)?;
            set_expr(manifest, dialect, right)?;
            Ok(Vec::new())
        }
        SetExpr::Query(query) => add_implicit_joins(manifest, dialect, query).map(|_| Vec::new()),
        _ => Ok(Vec::new()),
    }
}

/// Points `customer.name` at the joined, renamed column `"customer"."customer.name"`.
struct Renamer {
    joined: Vec<String>,
    dialect: Dialect,
    depth: usize,
}

impl VisitorMut for Renamer {
    type Break = ();
    fn pre_visit_query(&mut self, _: &mut Query) -> ControlFlow<()> {
        self.depth += 1;
        ControlFlow::Continue(())
    }
    fn post_visit_query(&mut self, _: &mut Query) -> ControlFlow<()> {
        self.depth -= 1;
        ControlFlow::Continue(())
    }
    fn pre_visit_expr(&mut self, expr: &mut Expr) -> ControlFlow<()> {
        if self.depth == 0
            && let Expr::CompoundIdentifier(parts) = expr
            && parts.len() == 2
            && let Some(qualifier) = self.joined.iter().find(|j| j.eq_ignore_ascii_case(&parts[0].value))
        {
            let quote = if self.dialect == Dialect::MySql { '`' } else { '"' };
            let renamed = format!("{qualifier}.{}", parts[1].value);
            parts[0] = Ident::with_quote(quote, qualifier.clone());
            parts[1] = Ident::with_quote(quote, renamed);
        }
        ControlFlow::Continue(())
    }
}

/// The `a.b` names in a SELECT's own clauses (not in its subqueries, which get their own
/// joins).
#[derive(Default)]
struct Qualifiers {
    pairs: Vec<(String, String)>,
    depth: usize,
}

impl Qualifiers {
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for (qualifier, _) in &self.pairs {
            if !names.iter().any(|n| n.eq_ignore_ascii_case(qualifier)) {
                names.push(qualifier.clone());
            }
        }
        names
    }

    fn columns_of(&self, qualifier: &str) -> Vec<String> {
        let mut columns: Vec<String> = Vec::new();
        for (q, column) in &self.pairs {
            if q.eq_ignore_ascii_case(qualifier) && !columns.contains(column) {
                columns.push(column.clone());
            }
        }
        columns
    }
}

impl Visitor for Qualifiers {
    type Break = ();
    fn pre_visit_query(&mut self, _: &Query) -> ControlFlow<()> {
        self.depth += 1;
        ControlFlow::Continue(())
    }
    fn post_visit_query(&mut self, _: &Query) -> ControlFlow<()> {
        self.depth -= 1;
        ControlFlow::Continue(())
    }
    fn pre_visit_expr(&mut self, expr: &Expr) -> ControlFlow<()> {
        if self.depth == 0
            && let Expr::CompoundIdentifier(parts) = expr
            && parts.len() == 2
        {
            self.pairs.push((parts[0].value.clone(), parts[1].value.clone()));
        }
        ControlFlow::Continue(())
    }
}

fn parse_join(dialect: Dialect, text: &str) -> Result<Join, CompileError> {
    let sql = format!("SELECT 1 FROM x {text}");
    let parsed = Parser::parse_sql(dialect.parser().as_ref(), &sql).map_err(|e| CompileError::Syntax(e.to_string()))?;
    match parsed.into_iter().next() {
        Some(Statement::Query(query)) => match *query.body {
            SetExpr::Select(mut select) => Ok(select.from.remove(0).joins.remove(0)),
            _ => Err(CompileError::Syntax("the implicit join did not parse".into())),
        },
        _ => Err(CompileError::Syntax("the implicit join did not parse".into())),
    }
}
