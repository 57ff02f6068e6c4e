//! "Flights from Newark", "shipments to Le Havre": a value of a model the base refers to two
//! ways (an origin and a destination airport) is placed on the way its preposition says, as a
//! condition on that reference. Neither way is joined for anything else: the model stays
//! ambiguous for the rest of the question (see `reach`).

use super::{Reading, sql::quote_text};
use crate::{
    mdl::{JoinType, Model},
    question::{
        Chip, ChipKind,
        entities::stems_of,
        read::{Claim, ValueMention},
    },
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Way {
    From,
    To,
}

/// Words said before a value that give its way: "from Newark", "out of JFK", "to Atlanta".
fn said_way(words: &[&str]) -> Option<Way> {
    match words {
        [.., "out", "of"] | [.., "from"] | [.., "leaving"] | [.., "departing"] => Some(Way::From),
        [.., "to"] | [.., "into"] | [.., "toward"] | [.., "towards"] | [.., "arriving", "at"] | [.., "arriving", "in"] => Some(Way::To),
        _ => None,
    }
}

/// The way a reference column's name says (`origin`, `dest`, `from_account`, `arrival_port`).
fn column_way(name: &str) -> Option<Way> {
    const FROM: &[&str] = &["origin", "source", "from", "departure", "sender", "pickup", "start"];
    const TO: &[&str] = &["destination", "dest", "to", "arrival", "target", "receiver", "recipient", "dropoff", "end"];
    let words = stems_of(name);
    let from = words.iter().any(|w| FROM.contains(&w.as_str()));
    let to = words.iter().any(|w| TO.contains(&w.as_str()));
    match (from, to) {
        (true, false) => Some(Way::From),
        (false, true) => Some(Way::To),
        _ => None,
    }
}

impl Reading<'_, '_> {
    /// Places a value no reach holds when its model is referred to by the base two or more ways
    /// and the words before it choose one; `false` when they do not.
    pub(super) fn place_by_way(&mut self, index: usize, v: &ValueMention) -> bool {
        let (manifest, dialect, q, base) = (self.manifest, self.dialect, self.q, self.base);
        let before: Vec<&str> = q.tokens[..v.tokens.start].iter().map(|t| t.word.as_str()).filter(|w| *w != "the").collect();
        let Some(way) = said_way(&before) else { return false };
        // The places of the value in models the base refers to by more than one column.
        let mut found: Vec<(&Model, &str, String, String)> = Vec::new();
        for (model, column) in &v.places {
            let Some(target) = manifest.models.iter().find(|m| &m.name == model) else { continue };
            let references: Vec<(String, String)> = manifest
                .relationships
                .iter()
                .filter_map(|r| {
                    let (many, one) = match r.join_type {
                        JoinType::ManyToOne => (&r.models[0], &r.models[1]),
                        JoinType::OneToMany => (&r.models[1], &r.models[0]),
                        JoinType::OneToOne => return None,
                    };
                    if !many.eq_ignore_ascii_case(&base.name) || !one.eq_ignore_ascii_case(&target.name) {
                        return None;
                    }
                    let (a, b) = r.condition.split_once('=')?;
                    let side =
                        |s: &str, m: &str| s.trim().split_once('.').filter(|(t, _)| t.eq_ignore_ascii_case(m)).map(|(_, c)| c.trim_matches('"').to_owned());
                    let (a, b) = (a.trim(), b.trim());
                    Some(match (side(a, &base.name), side(b, &target.name)) {
                        (Some(fk), Some(key)) => (fk, key),
                        _ => (side(b, &base.name)?, side(a, &target.name)?),
                    })
                })
                .collect();
            if references.len() < 2 {
                continue;
            }
            let chosen: Vec<&(String, String)> = references.iter().filter(|(fk, _)| column_way(fk) == Some(way)).collect();
            if let [(fk, key)] = chosen.as_slice() {
                found.push((target, column.as_str(), fk.clone(), key.clone()));
            }
        }
        let [(target, column, fk, key)] = found.as_slice() else { return false };
        let Some(reference) = self.plan.find(&base.name, fk).cloned() else { return false };
        let quote = |n: &str| dialect.quote(n);
        self.conditions.push(format!(
            "{} IN (SELECT {t}.{k} FROM {t} WHERE {t}.{c} = {})",
            reference.sql(dialect),
            quote_text(&v.value),
            t = quote(&target.name),
            k = quote(key),
            c = quote(column),
        ));
        let (start, end) = q.span(v.tokens.clone());
        self.chips.push(Chip { kind: ChipKind::Filter, label: format!("{} is {}", super::sql::words_of(fk, None), v.value), start, end });
        self.used.push(reference);
        for i in v.tokens.clone() {
            self.claims.push((i, Claim::Value(index)));
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_way_is_read_from_the_words_before_a_value_and_from_a_reference_name() {
        for (said, way) in [(&["flights", "from"][..], Some(Way::From)), (&["out", "of"], Some(Way::From)), (&["went", "to"], Some(Way::To)), (&["at"], None)] {
            assert_eq!(said_way(said), way, "{said:?}");
        }
        for (name, way) in
            [("origin", Some(Way::From)), ("dest", Some(Way::To)), ("arrival_port", Some(Way::To)), ("from_account", Some(Way::From)), ("carrier", None)]
        {
            assert_eq!(column_way(name), way, "{name}");
        }
    }
}
