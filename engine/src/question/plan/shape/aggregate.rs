//! The aggregate a question's words ask for, and when a superlative is one more aggregate
//! rather than an order ("the maximum weight for each type").

use super::{Frame, has};
use crate::question::{
    lexicon::{AVERAGE_WORDS, COUNT_PAIRS, COUNT_WORDS, DISTINCT_WORDS, EXTREMES, MAX_MIN, SUM_WORDS},
    plan::Aggregate,
    read::{Claim, Question, is_measure},
};

/// What the question's words say of counting and averaging.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Said {
    /// "How many", "number of", "count".
    pub(super) count: bool,
    /// "Distinct", "different".
    pub(super) distinct: bool,
    /// "Average", "mean".
    pub(super) averaged: bool,
}

pub(super) fn said_of(q: &Question) -> Said {
    let words = q.words();
    let pair = |[a, b]: &[&str; 2]| words.windows(2).any(|p| p[0] == *a && p[1] == *b);
    Said {
        count: COUNT_PAIRS.iter().any(pair) || words.iter().any(|w| COUNT_WORDS.contains(w)),
        distinct: words.iter().any(|w| DISTINCT_WORDS.contains(w)),
        averaged: AVERAGE_WORDS.iter().any(|w| has(q, w)),
    }
}

/// The aggregate said in words: an average before a count, a count before a sum.
pub(super) fn said_aggregate(q: &Question, averaged: bool, count: bool) -> Option<Aggregate> {
    if averaged {
        Some(Aggregate::Avg)
    } else if count {
        Some(Aggregate::Count)
    } else if SUM_WORDS.iter().any(|w| has(q, w)) {
        Some(Aggregate::Sum)
    } else {
        None
    }
}

/// "The maximum weight for each type": with nothing aggregated or ranked, a superlative
/// right before a measure of each group asks for that aggregate; returned with where it is said.
pub(super) fn extreme_per_group(q: &Question, frame: &Frame, aggregate: Option<Aggregate>, order: Option<(bool, usize)>) -> Option<(Aggregate, usize)> {
    let (desc, at) = order?;
    let words = q.words();
    (aggregate.is_none()
        && !frame.ranks()
        && frame.groups()
        && EXTREMES.contains(&words[at])
        && q.names.iter().any(|m| m.tokens.start == at + 1 && m.candidates.iter().any(|(_, c)| c.is_some_and(is_measure))))
    .then_some((if desc { Aggregate::Max } else { Aggregate::Min }, at))
}

/// "The minimum and maximum share": two extremes said together, with nothing ranked, are two
/// aggregates of what follows — the first is the reading's, the others join it. Returned with
/// where the first is said.
pub(super) fn extremes_together(q: &Question, frame: &Frame, aggregate: Option<Aggregate>, order: Option<(bool, usize)>) -> Option<(Aggregate, usize)> {
    let (desc, at) = order?;
    let words = q.words();
    let joined = |i: usize| words.get(i).is_some_and(|w| *w == "and");
    let other = |i: usize| words.get(i).is_some_and(|w| MAX_MIN.contains(w) && *w != words[at]);
    // (A comma between them is not kept: "the minimum, maximum and average".)
    (aggregate.is_none() && !frame.ranks() && MAX_MIN.contains(&words[at]) && (other(at + 1) || joined(at + 1) && other(at + 2)))
        .then_some((if desc { Aggregate::Max } else { Aggregate::Min }, at))
}

/// Whether a superlative beside an aggregate is one more aggregate, not an order: "the average
/// and maximum age for each type", or anything with nothing grouped or ranked.
pub(super) fn order_is_an_aggregate(q: &Question, frame: &Frame, aggregate: Option<Aggregate>, order: Option<(bool, usize)>) -> bool {
    let Some((_, at)) = order else { return false };
    let words = q.words();
    // "The most number of orchestras": the count ranks, it is no other aggregate.
    // Unless "number of" is a column's name ("the maximum number of tickets").
    let ranks_a_count =
        words.get(at + 1..at + 3) == Some(&["number", "of"][..]) && !MAX_MIN.contains(&words[at]) && !matches!(q.claims[at + 1], Some(Claim::Name(_)));
    aggregate.is_some() && !frame.ranks() && !ranks_a_count && (MAX_MIN.contains(&words[at]) || !frame.groups() && !frame.who)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::question::plan::shape::{fixture::question, frame_of};

    #[test]
    fn counting_distinct_and_averaging_words_are_read_unless_a_name_took_them() {
        // (question, count, distinct, averaged)
        let cases: &[(&str, bool, bool, bool)] = &[
            ("How many parcels", true, false, false),
            ("The number of different depots", true, true, false),
            ("Parcel count by depot", true, false, false),
            ("Average weight of parcels", false, false, true),
            ("Mean fee per depot", false, false, true),
            ("Average number of parcels per courier", true, false, true),
            ("Heaviest parcel", false, false, false),
        ];
        for &(said, count, distinct, averaged) in cases {
            assert_eq!(said_of(&question(said)), Said { count, distinct, averaged }, "{said}");
        }
    }

    #[test]
    fn a_superlative_before_a_grouped_measure_is_its_aggregate() {
        let cases: &[(&str, Option<Aggregate>, bool)] = &[
            // (question, the superlative as an aggregate, the order kept as an aggregate beside another)
            ("The maximum weight for each depot", Some(Aggregate::Max), false),
            ("The lowest fee by depot", Some(Aggregate::Min), false),
            ("The depot with the highest fee", None, false),
            ("The highest total fee", None, true),
            ("Average and maximum fee by depot", None, true),
            ("Total fee by depot, highest first", None, false),
        ];
        for (said, extreme, more) in cases {
            let mut q = question(said);
            let (frame, _, order) = frame_of(&mut q);
            let s = said_of(&q);
            let aggregate = said_aggregate(&q, s.averaged, s.count);
            assert_eq!(extreme_per_group(&q, &frame, aggregate, order).map(|(a, _)| a), *extreme, "{said}");
            assert_eq!(order_is_an_aggregate(&q, &frame, aggregate, order), *more, "{said}");
        }
    }

    #[test]
    fn an_average_comes_before_a_count_and_a_count_before_a_sum() {
        let cases: &[(&str, Option<Aggregate>)] = &[
            ("Average weight of parcels", Some(Aggregate::Avg)),
            ("How many parcels", Some(Aggregate::Count)),
            ("Total fee by depot", Some(Aggregate::Sum)),
            ("The sum of fees", Some(Aggregate::Sum)),
            ("Parcels by depot", None),
        ];
        for (said, expected) in cases {
            let q = question(said);
            let s = said_of(&q);
            assert_eq!(said_aggregate(&q, s.averaged, s.count), *expected, "{said}");
        }
    }
}
