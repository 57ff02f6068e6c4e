//! "Ordered by age descending", "sorted by name from the oldest to the youngest": the rows
//! listed in an order, by the name after "by" (or "order of"), in the direction said anywhere.

use crate::question::{
    lexicon::{BY, DIRECTION_COMPANIONS, DIRECTIONS_BEFORE_BY, ORDER_OF, SORT_RANGE, SORT_VERBS, SORT_WORDS, THE, sort_direction},
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
}

/// Where a sort's "by" is said, and the sort when a name follows it.
pub(super) fn sort_of(q: &Question) -> (Option<usize>, Option<Sort>) {
    let words = q.words();
    let sort_word = |i: usize| SORT_WORDS.contains(&words[i]);
    let by = words.iter().enumerate().position(|(i, w)| {
        (*w == BY && i > 0 && (sort_word(i - 1) || (i > 1 && DIRECTIONS_BEFORE_BY.contains(&words[i - 1]) && sort_word(i - 2))))
            || (*w == ORDER_OF[1] && i > 0 && words[i - 1] == ORDER_OF[0])
    });
    let sort = by.and_then(|by| {
        let mention = q.names.iter().position(|m| m.tokens.start == by + 1 || (m.tokens.start == by + 2 && words[by + 1] == THE))?;
        let mut claimed = vec![by - 1, by];
        let mut desc = false;
        for (i, w) in words.iter().enumerate() {
            if let Some(d) = sort_direction(w) {
                desc = d;
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
        Some(Sort { mention, desc, claimed })
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
