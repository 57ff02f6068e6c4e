//! Which columns a query may read, so each model's CTE pulls only those from the source.
//!
//! Deliberately generous: every identifier the query names anywhere counts for every
//! relation it reads (a name used for one model keeps a same-named column of another), and
//! `*`, `t.*`, `USING` and `NATURAL` joins keep every column. Keeping a column too many costs
//! a little; dropping one a query reads would break it.

use sqlparser::ast::{Expr, JoinConstraint, JoinOperator, Query, SelectItem, SetExpr, TableFactor, Visit, Visitor};
use std::{collections::BTreeSet, ops::ControlFlow};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Needed {
    All,
    /// Lower-case names.
    Named(BTreeSet<String>),
}

impl Needed {
    pub fn has(&self, name: &str) -> bool {
        match self {
            Self::All => true,
            Self::Named(names) => names.contains(&name.to_lowercase()),
        }
    }

    pub fn named<'a>(names: impl IntoIterator<Item = &'a str>) -> Self {
        Self::Named(names.into_iter().map(str::to_lowercase).collect())
    }

    /// The columns either reads.
    pub fn union(&self, other: &Needed) -> Needed {
        match other {
            Self::All => Self::All,
            Self::Named(names) => self.with(names.iter().map(String::as_str)),
        }
    }

    pub fn with<'a>(&self, more: impl IntoIterator<Item = &'a str>) -> Self {
        match self {
            Self::All => Self::All,
            Self::Named(names) => Self::Named(names.iter().cloned().chain(more.into_iter().map(str::to_lowercase)).collect()),
        }
    }
}

/// The columns `query` may read of the relations it names.
pub fn of_query(query: &Query) -> Needed {
    #[derive(Default)]
    struct Names {
        all: bool,
        names: BTreeSet<String>,
    }
    impl Visitor for Names {
        type Break = ();
        fn pre_visit_expr(&mut self, expr: &Expr) -> ControlFlow<()> {
            match expr {
                Expr::Identifier(ident) => {
                    self.names.insert(ident.value.to_lowercase());
                }
                Expr::CompoundIdentifier(parts) => self.names.extend(parts.iter().map(|p| p.value.to_lowercase())),
                _ => {}
            }
            ControlFlow::Continue(())
        }
        fn pre_visit_query(&mut self, query: &Query) -> ControlFlow<()> {
            self.all |= keeps_everything(&query.body);
            ControlFlow::Continue(())
        }
    }
    let mut names = Names::default();
    let _ = query.visit(&mut names);
    if names.all { Needed::All } else { Needed::Named(names.names) }
}

/// A wildcard, a USING list or a NATURAL join anywhere in this query's own body.
fn keeps_everything(body: &SetExpr) -> bool {
    match body {
        SetExpr::Select(select) => {
            let wildcard = select.projection.iter().any(|item| matches!(item, SelectItem::Wildcard(_) | SelectItem::QualifiedWildcard(..)));
            let joins = select.from.iter().flat_map(|t| &t.joins).any(|join| match &join.join_operator {
                JoinOperator::Join(c)
                | JoinOperator::Inner(c)
                | JoinOperator::Left(c)
                | JoinOperator::LeftOuter(c)
                | JoinOperator::Right(c)
                | JoinOperator::RightOuter(c)
                | JoinOperator::FullOuter(c) => matches!(c, JoinConstraint::Using(_) | JoinConstraint::Natural),
                _ => false,
            });
            let nested = select.from.iter().any(|t| matches!(t.relation, TableFactor::NestedJoin { .. }));
            wildcard || joins || nested
        }
        SetExpr::SetOperation { left, right, .. } => keeps_everything(left) || keeps_everything(right),
        SetExpr::Query(query) => keeps_everything(&query.body),
        _ => false,
    }
}
