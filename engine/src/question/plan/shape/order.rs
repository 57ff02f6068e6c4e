//! "The most", "the lowest", "top 5": which way the question ranks, and how many it keeps.

use crate::question::{
    lexicon::{BEFORE_LIMIT, ENDS},
    read::{Question, ordering},
};

/// The first ordering superlative no other part claimed, descending when it is `true`, with
/// where it is said. After "top"/"bottom" a superlative says which way ("top 5 highest-paid").
pub(super) fn ordering_of(q: &Question) -> Option<(bool, usize)> {
    let words = q.words();
    let mut order: Option<(bool, usize)> = None;
    for (i, w) in words.iter().enumerate() {
        if q.claims[i].is_some() {
            continue;
        }
        if let Some(desc) = ordering(w) {
            if order.is_some_and(|(_, at)| ENDS.contains(&words[at])) {
                return Some((desc, i));
            }
            order = Some((desc, i));
            if !ENDS.contains(w) {
                break;
            }
        }
    }
    order
}

/// A whole number said where a limit is ("top 5", "the first 10 parcels"), with where it is
/// said.
pub(super) fn limit_of(q: &Question) -> Option<(u32, usize)> {
    let words = q.words();
    (0..words.len()).find_map(|i| {
        let n = q.tokens[i].number.filter(|n| n.fract() == 0.0 && *n >= 1.0 && *n <= 1000.0 && q.claims[i].is_none())?;
        let before = i.checked_sub(1).map(|b| words[b]);
        (before.is_some_and(|b| BEFORE_LIMIT.contains(&b)) && q.tokens.get(i + 1).is_some_and(|t| !t.money)).then_some((n as u32, i))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::question::plan::shape::fixture::question;

    #[test]
    fn the_first_superlative_says_the_order_and_top_takes_the_one_after_it() {
        // (question, the word read as the order, descending)
        let cases: &[(&str, Option<(&str, bool)>)] = &[
            ("Which depot has the most parcels", Some(("most", true))),
            ("The lightest parcel", Some(("lightest", false))),
            ("Top 5 couriers", Some(("top", true))),
            ("Top 3 lowest rated couriers", Some(("lowest", false))),
            ("Bottom 2 depots by weight", Some(("bottom", false))),
            ("Parcels by depot", None),
        ];
        for (said, expected) in cases {
            let q = question(said);
            let got = ordering_of(&q).map(|(desc, at)| (q.tokens[at].word.clone(), desc));
            assert_eq!(got.as_ref().map(|(w, d)| (w.as_str(), *d)), *expected, "{said}");
        }
    }

    #[test]
    fn a_limit_is_a_whole_number_after_top_which_or_the() {
        let cases: &[(&str, Option<u32>)] = &[
            ("Top 5 couriers", Some(5)),
            ("The first 10 parcels", Some(10)),
            ("Which 3 depots have the most parcels", Some(3)),
            ("Parcels heavier than 5 kg", None),
            ("Top 2.5 couriers", None),
            ("Parcels of depot 7 by weight", None),
        ];
        for (said, expected) in cases {
            assert_eq!(limit_of(&question(said)).map(|(n, _)| n), *expected, "{said}");
        }
    }
}
