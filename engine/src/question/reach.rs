//! What a question can reach from its base model: the model's own columns and those of the
//! models along to-one relationships, and the JOINs that bring them in.
//!
//! A model that records over time what a row has (an employee's department, salary or
//! title, each row valid until its end date) is reached through its current row only: one
//! per row, so it is a to-one step too.

use super::{entities::ends_validity, words::stems};
use crate::{
    compile::Dialect,
    mdl::{Column, ColumnKind, JoinType, Manifest, Model, Relationship},
};

pub(super) fn is_numeric(column: &Column) -> bool {
    let t = column.type_name.to_uppercase();
    ["INT", "DEC", "NUM", "FLOAT", "DOUBLE", "REAL", "MONEY"].iter().any(|k| t.contains(k))
}

/// A whole-number column.
pub(super) fn is_whole_number(column: &Column) -> bool {
    column.type_name.to_uppercase().contains("INT")
}

pub(super) fn is_temporal(column: &Column) -> bool {
    let t = column.type_name.to_uppercase();
    t.contains("DATE") || t.contains("TIME")
}

pub(super) fn is_key(column: &Column) -> bool {
    let words = stems(&column.name);
    // `yearID`, `month_id`: a part of a date named as an id is still the year.
    let time_part = words.len() == 2 && ["year", "month", "day", "season", "week", "quarter"].contains(&words[0].as_str());
    words.last().is_some_and(|w| w == "id" || w == "key") && !time_part
}

pub(super) fn readable(column: &Column) -> bool {
    !column.hidden && !matches!(column.kind, ColumnKind::Relationship { .. })
}

/// A column reachable from the base model: its own, or a related model's along at most
/// [`MAX_HOPS`] to-one relationships (each joined once, so nothing fans out).
#[derive(Debug, Clone)]
pub(super) struct Reach<'m> {
    /// The relationships walked from the base model, each with the model it leads to.
    pub(super) path: Vec<(&'m Relationship, &'m Model)>,
    pub(super) model: &'m Model,
    pub(super) column: &'m Column,
}

/// How far questions reach along relationships (InvoiceLine → Track → Genre).
pub(super) const MAX_HOPS: usize = 3;

impl Reach<'_> {
    pub(super) fn sql(&self, dialect: Dialect) -> String {
        format!("{}.{}", dialect.quote(&self.model.name), dialect.quote(&self.column.name))
    }

    pub(super) fn joined(&self) -> bool {
        !self.path.is_empty()
    }

    /// Whether it is reached through the current row of a model kept over time.
    pub(super) fn through_current(&self) -> bool {
        self.path.iter().any(|(r, m)| is_current_step(r, m))
    }
}

/// A step to the many side of a relationship: taken only to a model kept over time, whose
/// current row (validity not ended) is the one read.
pub(super) fn is_current_step(relationship: &Relationship, to: &Model) -> bool {
    match relationship.join_type {
        JoinType::ManyToOne => relationship.models[0].eq_ignore_ascii_case(&to.name),
        JoinType::OneToMany => relationship.models[1].eq_ignore_ascii_case(&to.name),
        JoinType::OneToOne => false,
    }
}

/// The column whose empty value marks a model's current rows.
pub(super) fn validity_end(model: &Model) -> Option<&Column> {
    model.columns.iter().find(|c| ends_validity(c))
}

/// A model that links two others and is named for them ("dept_emp": department and employee),
/// as against one named for a role ("dept_manager"): each word of its name abbreviates a word
/// of a model it refers to.
fn plain_link(manifest: &Manifest, model: &Model) -> bool {
    let ends: Vec<String> = to_one_steps(manifest, model).iter().filter(|(r, m)| !is_current_step(r, m)).flat_map(|(_, m)| stems(&m.name)).collect();
    let abbreviates = |short: &str, long: &str| {
        let mut rest = long.chars();
        short.chars().next() == long.chars().next() && short.chars().all(|c| rest.any(|l| l == c))
    };
    ends.len() >= 2 && stems(&model.name).iter().all(|w| ends.iter().any(|e| abbreviates(w, e)))
}

/// The models one to-one step from `model`, with the relationship that leads there.
pub(super) fn to_one_steps<'m>(manifest: &'m Manifest, model: &'m Model) -> Vec<(&'m Relationship, &'m Model)> {
    let mut steps = Vec::new();
    for via in &model.columns {
        let ColumnKind::Relationship { relationship } = &via.kind else { continue };
        let Some(relationship) = manifest.relationship(relationship) else { continue };
        let Some(other) = manifest.model(&via.type_name) else { continue };
        let is_first = relationship.models[0].eq_ignore_ascii_case(&model.name);
        let to_one = match relationship.join_type {
            JoinType::OneToOne => true,
            JoinType::ManyToOne => is_first,
            JoinType::OneToMany => !is_first,
        };
        if to_one || validity_end(other).is_some() && other.name != model.name {
            steps.push((relationship, other));
        }
    }
    steps
}

/// One to-one step from a model reached by `path`.
type Step<'p, 'm> = (&'p Vec<(&'m Relationship, &'m Model)>, &'m Relationship, &'m Model);

/// The base model's columns and those of the models it reaches along to-one relationships,
/// nearest first; no model is visited twice.
pub(super) fn reachable<'m>(manifest: &'m Manifest, base: &'m Model) -> Vec<Reach<'m>> {
    reachable_by(manifest, base, &[])
}

/// [`reachable`], a model reached two ways at once taken the way of a `chosen` relationship.
pub(super) fn reachable_by<'m>(manifest: &'m Manifest, base: &'m Model, chosen: &[&Relationship]) -> Vec<Reach<'m>> {
    let is_chosen = |r: &Relationship| chosen.iter().any(|c| c.name == r.name);
    let mut all: Vec<Reach<'m>> = base.columns.iter().filter(|c| readable(c)).map(|column| Reach { path: Vec::new(), model: base, column }).collect();
    let mut visited = vec![base.name.as_str()];
    let mut frontier: Vec<(Vec<(&Relationship, &Model)>, &Model)> = vec![(Vec::new(), base)];
    for _ in 0..MAX_HOPS {
        let mut next = Vec::new();
        let steps: Vec<Step<'_, 'm>> =
            frontier.iter().flat_map(|(path, model)| to_one_steps(manifest, model).into_iter().map(move |(r, o)| (path, r, o))).collect();
        for (path, relationship, other) in &steps {
            if visited.iter().any(|v| v.eq_ignore_ascii_case(&other.name)) {
                continue;
            }
            let others: Vec<&Step<'_, 'm>> = steps.iter().filter(|(_, r, o)| o.name == other.name && r.name != relationship.name).collect();
            // The question said the other way ("departing" of an origin and a destination).
            if !is_chosen(relationship) && others.iter().any(|(_, r, _)| is_chosen(r)) {
                continue;
            }
            visited.push(other.name.as_str());
            // A model reached two ways at once (a game's home team and away team) is
            // ambiguous: neither way is taken for it — unless the question chose one, or one
            // way is a plain link (an employee's department through dept_emp, not dept_manager).
            let from = |p: &Vec<(&'m Relationship, &'m Model)>| p.last().map_or(base, |(_, m)| *m);
            let plain_way = plain_link(manifest, from(path)) && !others.iter().any(|(p, _, _)| plain_link(manifest, from(p)));
            if !others.is_empty() && !plain_way && !is_chosen(relationship) {
                continue;
            }
            let mut walked = (*path).clone();
            walked.push((relationship, other));
            all.extend(other.columns.iter().filter(|c| readable(c)).map(|column| Reach { path: walked.clone(), model: other, column }));
            next.push((walked, *other));
        }
        frontier = next;
    }
    all
}

/// `A.x = B.y` of an MDL relationship, with every name quoted for `dialect`.
pub(super) fn join_condition(condition: &str, dialect: Dialect) -> String {
    condition
        .replace('=', " = ")
        .split_whitespace()
        .map(|token| {
            let parts: Vec<&str> = token.split('.').collect();
            let is_name = |p: &str| p.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_') && p.chars().all(|c| c.is_alphanumeric() || c == '_');
            if parts.len() == 2 && parts.iter().all(|p| is_name(p)) {
                format!("{}.{}", dialect.quote(parts[0]), dialect.quote(parts[1]))
            } else {
                token.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The LEFT JOINs the chosen columns need, each relationship once, in walking order.
pub(super) fn joins_for(used: &[&Reach<'_>], dialect: Dialect) -> String {
    let mut joined: Vec<&str> = Vec::new();
    let mut sql = String::new();
    for reach in used {
        for (relationship, model) in &reach.path {
            if joined.contains(&relationship.name.as_str()) {
                continue;
            }
            joined.push(relationship.name.as_str());
            sql.push_str(&format!(" LEFT JOIN {} ON {}", dialect.quote(&model.name), join_condition(&relationship.condition, dialect)));
            if is_current_step(relationship, model)
                && let Some(end) = validity_end(model)
            {
                sql.push_str(&format!(" AND {}.{} IS NULL", dialect.quote(&model.name), dialect.quote(&end.name)));
            }
        }
    }
    sql
}
