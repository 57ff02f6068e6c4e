//! "Flights from Newark", "departing flights", "top destinations": a model the base refers to
//! two ways (an origin and a destination airport) is read the way the question's words say.
//!
//! When every word that gives a way gives the same one, that reference is the only way to the
//! model for the whole question (`chosen_ways`, taken by `reach`), and the words are placed.
//! Otherwise the model stays ambiguous, and a value of it is placed only on the way its own
//! preposition says, as a condition on that reference (`place_by_way`).

use super::{Reading, sql::quote_text};
use crate::{
    mdl::{JoinType, Manifest, Model, Relationship},
    question::{
        Chip, ChipKind,
        entities::stems_of,
        lexicon::{BEFORE_WAY_TARGET, Way, column_way, said_way, way_word},
        read::{Claim, Question, ValueMention},
    },
};

/// A reference from the base to a model: the relationship, the base's column and the model's.
struct Reference<'m> {
    relationship: &'m Relationship,
    column: String,
    key: String,
}

/// The base's many-to-one references to `target`.
fn references<'m>(manifest: &'m Manifest, base: &Model, target: &Model) -> Vec<Reference<'m>> {
    manifest
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
            let side = |s: &str, m: &str| s.trim().split_once('.').filter(|(t, _)| t.eq_ignore_ascii_case(m)).map(|(_, c)| c.trim_matches('"').to_owned());
            let (column, key) = match (side(a, &base.name), side(b, &target.name)) {
                (Some(fk), Some(key)) => (fk, key),
                _ => (side(b, &base.name)?, side(a, &target.name)?),
            };
            Some(Reference { relationship: r, column, key })
        })
        .collect()
}

/// The way of each reference when each says a different one (an origin and a destination).
fn ways_apart<'m>(manifest: &'m Manifest, base: &Model, target: &Model) -> Option<Vec<(Way, Reference<'m>)>> {
    let refs = references(manifest, base, target);
    if refs.len() < 2 {
        return None;
    }
    let ways: Vec<(Way, Reference<'m>)> = refs.into_iter().map(|r| column_way(&stems_of(&r.column)).map(|w| (w, r))).collect::<Option<_>>()?;
    let distinct = ways.iter().all(|(w, _)| ways.iter().filter(|(o, _)| o == w).count() == 1);
    distinct.then_some(ways)
}

/// The words before token `at` that give a way, past the small words between ("from each").
fn way_before(q: &Question, at: usize) -> Option<Way> {
    let mut before: Vec<&str> = q.tokens[..at].iter().map(|t| t.word.as_str()).collect();
    while before.last().is_some_and(|w| BEFORE_WAY_TARGET.contains(w)) {
        before.pop();
    }
    said_way(&before)
}

/// The references the question's words choose, one per model the base refers to two ways,
/// with the words that said a way on their own ("departing") and the chips that show it.
pub(super) fn chosen_ways<'m>(manifest: &'m Manifest, q: &Question<'m>, base: &Model) -> (Vec<&'m Relationship>, Vec<usize>, Vec<Chip>) {
    let verbs: Vec<(usize, Way)> =
        q.tokens.iter().enumerate().filter(|(i, _)| q.claims[*i].is_none()).filter_map(|(i, t)| way_word(&t.word).map(|w| (i, w))).collect();
    let (mut chosen, mut words, mut chips) = (Vec::new(), Vec::new(), Vec::new());
    let two_way: Vec<&Model> = manifest.models.iter().filter(|t| ways_apart(manifest, base, t).is_some()).collect();
    for target in two_way.iter().copied() {
        let Some(ways) = ways_apart(manifest, base, target) else { continue };
        // A verb alone says whose way only where one model is referred to two ways.
        let mut said: Vec<Way> = if two_way.len() == 1 { verbs.iter().map(|(_, w)| *w).collect() } else { Vec::new() };
        for mention in &q.names {
            // "Destinations", "the source airport": the reference named itself.
            for (m, c) in &mention.candidates {
                if let Some(c) = c
                    && m.name == base.name
                    && let Some((w, _)) = ways.iter().find(|(_, r)| r.column == c.name)
                {
                    said.push(*w);
                }
            }
            // "To airports in the Pacific time zone", "from each airport".
            if mention.candidates.iter().any(|(m, _)| m.name == target.name)
                && let Some(w) = way_before(q, mention.tokens.start)
            {
                said.push(w);
            }
        }
        for v in &q.values {
            if v.places.iter().any(|(m, _)| *m == target.name)
                && let Some(w) = way_before(q, v.tokens.start)
            {
                said.push(w);
            }
        }
        let Some(&way) = said.first() else { continue };
        if said.iter().any(|w| *w != way) {
            continue;
        }
        let Some((_, reference)) = ways.into_iter().find(|(w, _)| *w == way) else { continue };
        chosen.push(reference.relationship);
        if two_way.len() == 1 {
            words.extend(verbs.iter().filter(|(_, w)| *w == way).map(|(i, _)| *i));
        }
        let label = super::sql::words_of(&reference.column, None);
        let target_words = super::sql::words_of(&target.name, None);
        let shown = if stems_of(&reference.column).iter().any(|w| stems_of(&target.name).contains(w)) { label } else { format!("{label} {target_words}") };
        chips.push(Chip { kind: ChipKind::Filter, label: format!("through {shown}"), start: 0, end: 0 });
    }
    (chosen, words, chips)
}

impl Reading<'_, '_> {
    /// Places a value no reach holds when its model is referred to by the base two or more ways
    /// and the words before it choose one; `false` when they do not.
    pub(super) fn place_by_way(&mut self, index: usize, v: &ValueMention) -> bool {
        let (manifest, dialect, q, base) = (self.manifest, self.dialect, self.q, self.base);
        let Some(way) = way_before(q, v.tokens.start) else { return false };
        // The places of the value in models the base refers to by more than one column.
        let mut found: Vec<(&Model, &str, String, String)> = Vec::new();
        for (model, column) in &v.places {
            let Some(target) = manifest.models.iter().find(|m| &m.name == model) else { continue };
            let references = references(manifest, base, target);
            if references.len() < 2 {
                continue;
            }
            let chosen: Vec<&Reference> = references.iter().filter(|r| column_way(&stems_of(&r.column)) == Some(way)).collect();
            if let [r] = chosen.as_slice() {
                found.push((target, column.as_str(), r.column.clone(), r.key.clone()));
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
            assert_eq!(column_way(&stems_of(name)), way, "{name}");
        }
    }
}
