//! What a question can reach from its base model: the model's own columns and those of the
//! models along to-one relationships, and the JOINs that bring them in.

use super::words::{stems, synonyms};
use crate::{
    compile::Dialect,
    mdl::{Column, ColumnKind, JoinType, Manifest, Model, Relationship},
};

pub(super) fn is_numeric(column: &Column) -> bool {
    let t = column.type_name.to_uppercase();
    ["INT", "DEC", "NUM", "FLOAT", "DOUBLE", "REAL", "MONEY"].iter().any(|k| t.contains(k))
}

pub(super) fn is_temporal(column: &Column) -> bool {
    let t = column.type_name.to_uppercase();
    t.contains("DATE") || t.contains("TIME")
}

pub(super) fn is_key(column: &Column) -> bool {
    stems(&column.name).last().is_some_and(|w| w == "id" || w == "key")
}

pub(super) fn readable(column: &Column) -> bool {
    !column.hidden && !matches!(column.kind, ColumnKind::Relationship { .. })
}

/// The stems of a name, its display name and their synonyms.
pub(super) fn name_stems(name: &str, display: Option<&str>) -> Vec<String> {
    let mut all = stems(name);
    all.extend(display.map(stems).unwrap_or_default());
    all.retain(|w| w != "id");
    let mut seen = std::collections::HashSet::new();
    all.retain(|w| seen.insert(w.clone()));
    all
}

/// How well the tokens mention `names`: two points per name said as such, one per name
/// reached through a synonym.
pub(super) fn score(names: &[String], tokens: &[String]) -> usize {
    names
        .iter()
        .map(|n| {
            if tokens.iter().any(|t| t == n) {
                2
            } else if tokens.iter().any(|t| synonyms(t).contains(&n.as_str())) {
                1
            } else {
                0
            }
        })
        .sum()
}

/// The numeric columns `tokens` name, best first, with their models.
pub(super) fn measures_in<'m>(manifest: &'m Manifest, tokens: &[String]) -> Vec<(usize, &'m Model, &'m Column)> {
    let mut found: Vec<(usize, &Model, &Column)> = manifest
        .models
        .iter()
        .flat_map(|m| m.columns.iter().filter(|c| readable(c) && is_numeric(c) && !is_key(c)).map(move |c| (m, c)))
        .map(|(m, c)| (score(&name_stems(&c.name, c.properties.display_name.as_deref()), tokens), m, c))
        .filter(|(s, _, _)| *s > 0)
        .collect();
    found.sort_by_key(|(s, _, _)| std::cmp::Reverse(*s));
    found
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
pub(super) const MAX_HOPS: usize = 2;

impl Reach<'_> {
    pub(super) fn sql(&self, dialect: Dialect) -> String {
        format!("{}.{}", dialect.quote(&self.model.name), dialect.quote(&self.column.name))
    }

    pub(super) fn label(&self) -> String {
        format!("{}.{}", self.model.name, self.column.name)
    }

    pub(super) fn joined(&self) -> bool {
        !self.path.is_empty()
    }
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
        if to_one {
            steps.push((relationship, other));
        }
    }
    steps
}

/// The base model's columns and those of the models it reaches along to-one relationships,
/// nearest first; no model is visited twice.
pub(super) fn reachable<'m>(manifest: &'m Manifest, base: &'m Model) -> Vec<Reach<'m>> {
    let mut all: Vec<Reach<'m>> = base.columns.iter().filter(|c| readable(c)).map(|column| Reach { path: Vec::new(), model: base, column }).collect();
    let mut visited = vec![base.name.as_str()];
    let mut frontier: Vec<(Vec<(&Relationship, &Model)>, &Model)> = vec![(Vec::new(), base)];
    for _ in 0..MAX_HOPS {
        let mut next = Vec::new();
        for (path, model) in &frontier {
            for (relationship, other) in to_one_steps(manifest, model) {
                if visited.iter().any(|v| v.eq_ignore_ascii_case(&other.name)) {
                    continue;
                }
                visited.push(other.name.as_str());
                let mut walked = path.clone();
                walked.push((relationship, other));
                all.extend(other.columns.iter().filter(|c| readable(c)).map(|column| Reach { path: walked.clone(), model: other, column }));
                next.push((walked, other));
            }
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
        }
    }
    sql
}
