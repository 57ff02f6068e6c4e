//! What a question groups by: the names after "by", "per", "each", "every" (and the time grains
//! said there), and the one thing "which", "top 5" or "the … with the most" ranks or lists.

use super::super::named_twice::one_grouping_each;
use crate::question::{
    lexicon::{self, AND, BE, BETWEEN_GROUPINGS, GROUP_MARKERS, HAVE, RELATIVES, THE, WEEKDAY_PHRASES, WHICH, WITH, grain_of},
    reach::is_key,
    read::{Claim, NameMention, Question, is_measure, ordering},
    time::Grain,
};

/// The name mentions of a question, each grouped by or in its head, and what "which" names.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Groupings {
    pub(super) grouped: Vec<usize>,
    pub(super) head: Vec<usize>,
    /// The mention "which", "top N" or "the X with the most" names: ranked or listed.
    pub(super) which: Option<usize>,
}

/// Where grouping markers are said; a sort's "by" is none.
pub(super) fn markers_of(q: &Question, sort_by: Option<usize>) -> Vec<usize> {
    q.words().iter().enumerate().filter(|(i, w)| GROUP_MARKERS.contains(w) && Some(*i) != sort_by).map(|(i, _)| i).collect()
}

/// Splits the name mentions into groupings and the head; `sorted` is the mention a sort is by.
pub(super) fn groupings_of(q: &mut Question, markers: &[usize], sorted: Option<usize>, order: Option<(bool, usize)>, limit: Option<(u32, usize)>) -> Groupings {
    let words: Vec<String> = q.words().iter().map(|w| (*w).to_owned()).collect();
    // After a marker with nothing but names, "and", "the", another marker or a grain between.
    let grouped_at = |start: usize, q: &Question| -> bool {
        markers.iter().any(|&m| {
            m < start
                && (m + 1..start)
                    .all(|i| matches!(q.claims[i], Some(Claim::Name(_))) || BETWEEN_GROUPINGS.contains(&words[i].as_str()) || grain_of(&words[i]).is_some())
        })
    };
    let mut g = Groupings::default();
    for (index, mention) in q.names.iter().enumerate() {
        if sorted == Some(index) {
            continue;
        }
        if grouped_at(mention.tokens.start, q) { g.grouped.push(index) } else { g.head.push(index) }
    }
    one_grouping_each(q, &mut g.grouped, &g.head);
    // "The best-selling product in Germany by units": after a superlative, "by" a quantity says
    // what ranks the thing named, not a grouping.
    if words.iter().any(|w| ordering(w).is_some()) && !g.head.is_empty() {
        let last = g.grouped.last().copied();
        let ranking: Vec<usize> =
            g.grouped.iter().copied().filter(|&n| q.names[n].candidates.iter().all(|(_, c)| c.is_some_and(is_measure)) && Some(n) == last).collect();
        g.grouped.retain(|n| !ranking.contains(n));
        g.head.extend(ranking);
    }
    g.which = which_of(q, &words, &g.head, order, limit);
    g
}

/// The head mention ranked or listed: the first after "which"/"top N", the one a limit counts
/// ("the 2 media types with the fewest tracks"), or the one just before "with the most".
fn which_of(q: &Question, words: &[String], head: &[usize], order: Option<(bool, usize)>, limit: Option<(u32, usize)>) -> Option<usize> {
    let said = |i: usize, list: &[&str]| words.get(i).is_some_and(|w| list.contains(&w.as_str()));
    let after_which = words.iter().position(|w| WHICH.contains(&w.as_str())).and_then(|at| {
        head.iter().copied().find(|&n| {
            let s = q.names[n].tokens.start;
            let end = q.names[n].tokens.end;
            let relative = said(end, RELATIVES) || said(end, WITH) || said(end, HAVE);
            s > at
                && (at + 1..s).all(|i| {
                    q.claims[i].is_none()
                        && (words[i] == THE
                            || order.is_some() && relative && said(i, BE)
                            || q.tokens[i].number.is_some()
                            || ordering(&words[i]).is_some()
                            || lexicon::superlative_quantity(&words[i]).is_some())
                })
        })
    });
    let counted_by_limit = || limit.and_then(|(_, at)| head.iter().copied().find(|&n| q.names[n].tokens.start == at + 1));
    // "The customer with the most orders", "the product that has the highest price".
    let before_superlative = || {
        let (_, at) = order?;
        head.iter().copied().find(|&n| {
            let mention = &q.names[n];
            let mut j = mention.tokens.end;
            let joined = if said(j, WITH) {
                1
            } else if said(j, RELATIVES) && said(j + 1, HAVE) {
                2
            } else {
                0
            };
            j += joined;
            // "The record company used by the most orchestras", "the conductor who has led the
            // most…": a relative clause of a verb and its small words, nothing else named.
            if joined == 0 && said(j, RELATIVES) || words.get(j).is_some_and(|w| w.ends_with("ed")) {
                let verbs = (j..at.min(j + 5)).take_while(|&i| q.claims[i].is_none() && q.tokens[i].number.is_none()).count();
                if j + verbs >= at.saturating_sub(1) && verbs > 0 {
                    j += verbs;
                    if said(j, &[THE]) || j + 1 == at && said(j, &["by", "in", "to", "for"]) {
                        j += 1;
                    }
                    // Of one model only: a verb read past must not hide which ("the company that
                    // carried the most orders" may be a shipper's or a customer's).
                    // (A key that refers to it, a weaver's id on the rugs, is the same thing.)
                    let mut models = mention.candidates.iter().filter(|(_, c)| c.is_none_or(|c| !is_key(c))).map(|(m, _)| m.name.as_str());
                    let first = models.next();
                    let one_model = first.is_some() && models.all(|m| Some(m) == first);
                    return j == at && one_model && mention.candidates.iter().any(|(_, c)| c.is_none_or(|c| !is_measure(c)));
                }
            }
            if said(j, &[THE]) {
                j += 1;
            }
            joined > 0 && j == at && mention.candidates.iter().any(|(_, c)| c.is_none_or(|c| !is_measure(c)))
        })
    };
    after_which.or_else(counted_by_limit).or_else(before_superlative)
}

/// Mentions of a column named "day" that are the first word of "day of the week": the weekday,
/// not a day-of-month column.
pub(super) fn weekday_not_a_column(q: &Question) -> Vec<usize> {
    let words = q.words();
    (0..words.len())
        .filter(|&i| WEEKDAY_PHRASES.iter().any(|p| words[i..].starts_with(p) && (i + 1..i + p.len()).all(|j| q.claims[j].is_none())))
        .filter_map(|i| q.names.iter().position(|m| m.tokens == (i..i + 1) && m.candidates.iter().all(|(_, c)| c.is_some())))
        .collect()
}

/// Verbs that say what the thing right before "who"/"that" does, formed from its own name
/// ("the inspector who inspected the most boilers", "the conductor who has conducted…",
/// "the builder that built…"): the verb tells how it relates to what follows and names
/// nothing more. Each as (the verb's token, where the thing's mention ends).
pub(super) fn acts_of_its_antecedent(q: &Question) -> Vec<(usize, usize)> {
    let words = q.words();
    (1..words.len())
        .filter_map(|i| {
            // "who inspected", "that has inspected".
            let relative = if HAVE.contains(&words[i - 1]) { i.checked_sub(2)? } else { i - 1 };
            if !RELATIVES.contains(&words[relative]) {
                return None;
            }
            let antecedent = q.names.iter().find(|m| m.tokens.end == relative)?;
            let agent = &q.tokens[antecedent.tokens.end - 1].stem;
            let mention = q.names.iter().find(|m| m.tokens.contains(&i));
            // A verb WordNet gives the thing's name for ("conducted": a conductor), or one the
            // name is made of ("inspector": inspect + or).
            let same_thing = mention.is_some_and(|m| m.tokens.len() == 1 && !models_named(m).is_empty() && models_named(m) == models_named(antecedent));
            let named_by_it = mention.is_none() && verb_of_agent(words[i], agent);
            (words[i] != agent && (same_thing && words[i].ends_with("ed") || named_by_it)).then_some((i, relative))
        })
        .collect()
}

/// The models a mention names as wholes, by name.
fn models_named(mention: &NameMention) -> Vec<String> {
    let mut names: Vec<String> = mention.candidates.iter().filter(|(_, c)| c.is_none()).map(|(model, _)| model.name.clone()).collect();
    names.sort_unstable();
    names
}

/// Whether `agent` (a noun: "inspector", "builder", "manager", "shipper") is one who does
/// what the verb form `word` says ("inspected", "built", "managed", "shipped").
fn verb_of_agent(word: &str, agent: &str) -> bool {
    let mut bases: Vec<String> = crate::question::thesaurus::Thesaurus::shared().map(|t| t.verb_bases(word)).unwrap_or_default();
    if let Some(base) = word.strip_suffix("ed") {
        bases.push(base.to_owned());
        bases.push(format!("{base}e"));
    }
    bases.iter().filter(|b| b.len() >= 3 && *b != word).any(|b| {
        let plain = b.strip_suffix('e').unwrap_or(b);
        let doubled = b.chars().last().map(|c| format!("{b}{c}er")).unwrap_or_default();
        [format!("{b}er"), format!("{b}r"), format!("{plain}or"), format!("{b}or"), doubled].iter().any(|a| a == agent)
    })
}

/// "The most common nationality of people", "the nationality that is most common": the column
/// whose most frequent value is asked for, with where "common" is said. Only a column of
/// categories (not a quantity, not a key).
pub(super) fn most_common(q: &Question, order: Option<(bool, usize)>) -> Option<(usize, usize)> {
    let (_, at) = order?;
    let words = q.words();
    let common = at + 1;
    if !["common", "frequent"].contains(words.get(common)?) || q.claims[common].is_some() {
        return None;
    }
    let category = |m: &NameMention| m.candidates.iter().all(|(_, c)| c.is_some_and(|c| !is_key(c) && !is_measure(c)));
    let after = q.names.iter().position(|m| m.tokens.start == common + 1 && category(m));
    // "…that is most common": the column said right before "that is".
    let before = || {
        let relative = at.checked_sub(2).filter(|&r| RELATIVES.contains(&words[r]) && BE.contains(&words[r + 1]))?;
        q.names.iter().position(|m| m.tokens.end == relative && category(m))
    };
    after.or_else(before).map(|n| (n, common))
}

/// Time grains said as groupings ("by month", "per quarter", "by day of the week"), with the
/// words of "day of the week" the grain claims.
pub(super) fn grains_of(q: &Question, markers: &[usize]) -> (Vec<(Grain, usize)>, Vec<usize>) {
    let words = q.words();
    let mut grains: Vec<(Grain, usize)> = Vec::new();
    let mut claimed: Vec<usize> = Vec::new();
    let free = |j: usize, claimed: &[usize]| q.claims[j].is_none() && !claimed.contains(&j);
    for i in 0..words.len() {
        let Some(phrase) = WEEKDAY_PHRASES.iter().find(|p| words[i..].starts_with(p)) else { continue };
        if (i..i + phrase.len()).all(|j| free(j, &claimed)) {
            grains.push((Grain::Weekday, i));
            claimed.extend(i + 1..i + phrase.len());
        }
    }
    for (i, w) in words.iter().enumerate() {
        if free(i, &claimed)
            && !grains.iter().any(|(g, at)| *g == Grain::Weekday && *at == i)
            && let Some(g) = grain_of(w)
            && i > 0
            && (GROUP_MARKERS.contains(&words[i - 1])
                || words[i - 1] == AND && i > 1 && grain_of(words[i - 2]).is_none() && markers.iter().any(|&m| m < i)
                // "Which quarter had the most orders": the grain ranked.
                || WHICH.contains(&words[i - 1]))
        {
            grains.push((g, i));
        }
    }
    (grains, claimed)
}

#[cfg(test)]
mod tests {
    use crate::question::plan::shape::{fixture::question, frame_of};
    use crate::question::time::Grain;

    #[test]
    fn names_after_a_marker_are_grouped_and_which_names_what_is_ranked() {
        // (question, first words of the grouped mentions, first word of what "which" names)
        let cases: &[(&str, &[&str], Option<&str>)] = &[
            ("Fee by depot", &["depot"], None),
            ("Average fee per depot and courier", &["depot", "courier"], None),
            ("Which courier has the most parcels", &[], Some("courier")),
            ("The courier with the highest rating", &[], Some("courier")),
            ("Top 3 depots by fee", &[], Some("depots")),
            ("Parcels sorted by weight", &[], None),
        ];
        for (said, grouped, which) in cases {
            let mut q = question(said);
            let (frame, _, _) = frame_of(&mut q);
            let first = |n: usize| q.tokens[q.names[n].tokens.start].word.clone();
            assert_eq!(frame.grouped_names.iter().map(|&n| first(n)).collect::<Vec<_>>(), *grouped, "{said}");
            assert_eq!(frame.which_name.map(first).as_deref(), *which, "{said}");
        }
    }

    #[test]
    fn time_grains_are_read_after_a_marker_and_day_of_the_week_is_one() {
        let cases: &[(&str, &[Grain])] = &[
            ("Parcels by week", &[Grain::Week]),
            // A column named "day" is the day of the month, not the weekday.
            ("Hours by day of the week", &[Grain::Weekday]),
            ("Fee per quarter", &[Grain::Quarter]),
            ("Parcels by day of the week", &[Grain::Weekday]),
            ("Average fee by day of week", &[Grain::Weekday]),
            ("Fee by depot and quarter", &[Grain::Quarter]),
            ("Parcels posted this month", &[]),
            ("Which quarter had the most parcels", &[Grain::Quarter]),
        ];
        for (said, grains) in cases {
            let mut q = question(said);
            let (frame, _, _) = frame_of(&mut q);
            assert_eq!(frame.grains.iter().map(|(g, _)| *g).collect::<Vec<_>>(), *grains, "{said}");
        }
    }
}
