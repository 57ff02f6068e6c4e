//! "Ordered by age descending", "sorted by name from the oldest to the youngest": the rows
//! listed in an order, by the name after "by" (or "order of"), in the direction said anywhere.

use crate::question::{
    lexicon::{BY, DIRECTION_COMPANIONS, DIRECTIONS_BEFORE_BY, ORDER_OF, SORT_RANGE, SORT_VERBS, SORT_WORDS, THE, sort_direction},
    reach::is_key,
    read::{Question, ordering},
};

/// A sort the question asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::question::plan) struct Sort {
    /// The name mention sorted by.
    pub(in crate::question::plan) mention: usize,
    pub(in crate::question::plan) desc: bool,
    /// The words that say the sort.
    pub(in crate::question::plan) claimed: Vec<usize>,
    /// Said with no "by" ("the titles in alphabetical order"): the mention is the last column
    /// said before it, and a quantity asked for is what is sorted.
    pub(in crate::question::plan) implicit: bool,
    /// Alphabetically: by a name, never by a quantity.
    pub(in crate::question::plan) alphabetical: bool,
}

/// Words between a sort's "by" and what it sorts by ("by their age", "by ascending age").
const BEFORE_SORTED: &[&str] = &[THE, "their", "its", "his", "her"];

/// Where a sort's "by" is said, and the sort when a name follows it.
pub(super) fn sort_of(q: &Question) -> (Option<usize>, Option<Sort>) {
    let words = q.words();
    let sort_word = |i: usize| SORT_WORDS.contains(&words[i]);
    let by = words
        .iter()
        .enumerate()
        .position(|(i, w)| {
            (*w == BY && i > 0 && (sort_word(i - 1) || (i > 1 && DIRECTIONS_BEFORE_BY.contains(&words[i - 1]) && sort_word(i - 2))))
                || (*w == ORDER_OF[1] && i > 0 && words[i - 1] == ORDER_OF[0])
        })
        // "Sort employee names by their age": the verb first in the question, its "by" after
        // the names ("order" only as "order the…": "order value by channel" is no sort).
        .or_else(|| {
            let imperative = words.first() == Some(&"sort") || words.first() == Some(&"order") && words.get(1).is_some_and(|w| ["the", "all"].contains(w));
            imperative.then(|| (1..words.len()).find(|&i| words[i] == BY && q.claims[i].is_none())).flatten()
        });
    let directions = |claimed: &mut Vec<usize>| {
        let mut desc = false;
        for (i, w) in words.iter().enumerate() {
            if let Some(d) = sort_direction(w) {
                // "Reverse alphabetical": the other way.
                desc = if i > 0 && words[i - 1] == "reverse" && *w != "reverse" { !d } else { d };
                claimed.push(i);
                claimed.extend([i.wrapping_sub(1), i + 1].into_iter().filter(|&j| words.get(j).is_some_and(|x| DIRECTION_COMPANIONS.contains(x))));
            }
            if *w == SORT_RANGE[0]
                && let Some(first) = (i + 1..(i + 3).min(words.len())).find(|&j| ordering(words[j]).is_some())
                && let Some(to) = (first + 1..(first + 4).min(words.len())).find(|&j| words[j] == SORT_RANGE[1])
                && let Some(last) = (to + 1..(to + 3).min(words.len())).find(|&j| ordering(words[j]).is_some())
            {
                desc = ordering(words[first]) == Some(true);
                claimed.extend(i..=last);
            }
        }
        for (i, w) in words.iter().enumerate() {
            if SORT_VERBS.contains(w) && !claimed.contains(&i) {
                claimed.push(i);
            }
        }
        desc
    };
    let sort = by.and_then(|by| {
        let mut at = by + 1;
        let mut claimed = vec![by - 1, by];
        while at < words.len() && (BEFORE_SORTED.contains(&words[at]) || sort_direction(words[at]).is_some()) {
            claimed.push(at);
            at += 1;
        }
        // "By the number of years": the quantity said after "number of".
        if words.get(at..at + 2) == Some(&["number", "of"][..]) && !q.names.iter().any(|m| m.tokens.start == at) {
            claimed.extend([at, at + 1]);
            at += 2;
        }
        let mention = q.names.iter().position(|m| m.tokens.start == at)?;
        claimed.retain(|&i| i != by - 1 || SORT_WORDS.contains(&words[i]) || DIRECTIONS_BEFORE_BY.contains(&words[i]) || words[i] == ORDER_OF[0]);
        let desc = directions(&mut claimed);
        claimed.sort_unstable();
        claimed.dedup();
        let alphabetical = claimed.iter().any(|&i| words[i].starts_with("alphabetical"));
        Some(Sort { mention, desc, claimed, implicit: false, alphabetical })
    });
    // "The titles in alphabetical order", "earnings in descending order": no "by", the first
    // column said before it.
    let sort = sort.or_else(|| {
        if by.is_some() {
            return None;
        }
        // Only "in … order" or "alphabetically", said where nothing else is.
        let said = (0..words.len()).find(|&i| {
            let in_order = words.get(i + 1) == Some(&ORDER_OF[0])
                || words.get(i + 1).is_some_and(|w| sort_direction(w).is_some()) && words.get(i + 2) == Some(&ORDER_OF[0]);
            sort_direction(words[i]).is_some() && q.claims[i].is_none() && (in_order || words[i] == "alphabetically")
        })?;
        let mention = q.names.iter().rposition(|m| m.tokens.end <= said && m.candidates.iter().any(|(_, c)| c.is_some_and(|c| !is_key(c))))?;
        let mut claimed = Vec::new();
        let desc = directions(&mut claimed);
        claimed.sort_unstable();
        claimed.dedup();
        let alphabetical = claimed.iter().any(|&i| words[i].starts_with("alphabetical"));
        Some(Sort { mention, desc, claimed, implicit: true, alphabetical })
    });
    (by, sort)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::question::plan::shape::fixture::question;

    #[test]
    fn a_sort_is_read_from_its_verb_its_name_and_a_direction_said_anywhere() {
        // (question, word sorted by, descending)
        let cases: &[(&str, Option<(&str, bool)>)] = &[
            ("List the parcels ordered by weight", Some(("weight", false))),
            ("List the parcels sorted by weight descending", Some(("weight", true))),
            ("Parcels in descending order of weight", Some(("weight", true))),
            ("Couriers sorted by rating from the highest to the lowest", Some(("rating", true))),
            ("Couriers sorted descending by rating", Some(("rating", true))),
            ("Couriers sorted by name alphabetically", Some(("name", false))),
            ("Sort the couriers by their rating in ascending order", Some(("rating", false))),
            ("Couriers ordered by ascending rating", Some(("rating", false))),
            ("The weights of parcels in descending order", Some(("weights", true))),
            ("The names of couriers in reverse alphabetical order", Some(("names", true))),
            ("Couriers sorted descending by the number of parcels", Some(("parcels", true))),
            ("Weight by depot", None),
            ("Parcels ordered by", None),
        ];
        for (said, expected) in cases {
            let q = question(said);
            let (_, sort) = sort_of(&q);
            let got = sort.map(|s| (q.tokens[q.names[s.mention].tokens.start].word.clone(), s.desc));
            assert_eq!(got.as_ref().map(|(w, d)| (w.as_str(), *d)), *expected, "{said}");
        }
    }

    #[test]
    fn a_sort_claims_its_verb_by_and_direction_words() {
        let q = question("Parcels sorted by weight in descending order");
        let (by, sort) = sort_of(&q);
        let words = q.words();
        let mut claimed: Vec<&str> = sort.unwrap().claimed.iter().map(|&i| words[i]).collect();
        claimed.sort();
        assert_eq!(by.map(|b| words[b]), Some("by"));
        assert_eq!(claimed, ["by", "descending", "in", "order", "sorted"]);
    }
}
