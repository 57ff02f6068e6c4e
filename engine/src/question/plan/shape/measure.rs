//! The quantity a question measures, and what its words say of how: "revenue" and "points" are
//! summed, "the highest invoice total" is one row's, "points per game" an average per game.

use super::{Frame, has};
use crate::{
    mdl::{Column, Manifest, Model},
    question::{
        entities::{fk_target, person_like, refers},
        lexicon::{self, BEFORE_COUNTED, ENDS, EXTREMES, MOST_MANY, ONE_EVENT, PER, QUALITY, SUM_WORDS, SUMMED_STEMS, TOTAL_NOUNS, WHAT},
        plan::Aggregate,
        reach::is_whole_number,
        read::{NameMention, Question, is_date, is_measure, model_words, names},
        vocabulary::name_stems,
    },
};

/// The first name of a numeric column that is neither a grouping (unless something is ranked),
/// what "which" names, a condition after a negation, nor what a comparison compares. "The most
/// flights" and "flights per month" count the flights, though they have a flight number.
pub(super) fn measure_of(
    manifest: &Manifest,
    q: &Question,
    frame: &Frame,
    negated: Option<usize>,
    order: Option<(bool, usize)>,
    aggregate: Option<Aggregate>,
) -> Option<usize> {
    let words = q.words();
    let counted_at = order.filter(|(_, at)| aggregate.is_none() && MOST_MANY.contains(&words[*at])).map(|(_, at)| at + 1);
    // "Flights per month", "how many flights": the rows, said in the plural with nothing that
    // ranks or sums them.
    let rows_said = |m: &NameMention, c: &Column| {
        (aggregate == Some(Aggregate::Count) || aggregate.is_none() && order.is_none())
            && is_whole_number(c)
            && m.tokens.clone().last().is_some_and(|i| q.tokens[i].word != q.tokens[i].stem && !SUMMED_STEMS.contains(&q.tokens[i].stem.as_str()))
    };
    // "The money rank of the player with the highest earnings": the quantity said right after
    // an extreme is what ranks; the one before it is shown.
    let after_extreme = order.filter(|(_, at)| aggregate.is_none() && EXTREMES.contains(&words[*at])).and_then(|(_, at)| {
        q.names
            .iter()
            .position(|m| m.tokens.start == at + 1 && m.candidates.iter().any(|(model, c)| c.is_some_and(|c| is_measure(c) && !refers(manifest, model, c))))
    });
    if after_extreme.is_some() {
        return after_extreme;
    }
    q.names
        .iter()
        .enumerate()
        .filter(|(i, _)| !frame.grouped_names.contains(i) || frame.ranks())
        .filter(|(_, m)| negated.is_none_or(|at| m.tokens.start < at))
        .filter(|(_, m)| {
            !q.comparisons.iter().any(|c| {
                let (first, last) = (c.tokens.iter().min().copied().unwrap_or(0), c.tokens.iter().max().copied().unwrap_or(0));
                // Beside it, or inside it ("above age 20").
                first == m.tokens.end || first == m.tokens.end + 1 || last + 1 == m.tokens.start || (first < m.tokens.start && m.tokens.end <= last)
            })
        })
        .find(|(i, m)| {
            Some(*i) != frame.which_name
                && m.candidates.iter().any(|(model, c)| {
                    c.is_some_and(|c| {
                        is_measure(c) && !refers(manifest, model, c) && !((counted_at == Some(m.tokens.start) || rows_said(m, c)) && designates(m, model, c))
                    })
                })
        })
        .map(|(i, _)| i)
}

/// Whether a mention's column is its model's own designation, not a quantity: the mention names
/// the model too and the column is named as the model is (a `flight` number of the flights).
fn designates(mention: &NameMention, model: &Model, column: &Column) -> bool {
    mention.candidates.iter().any(|(m, c)| c.is_none() && m.name == model.name) && name_stems(&column.name) == name_stems(&model.name)
}

/// "The worst average delay": of a quantity worse the higher it is, the worst is the highest.
pub(super) fn worst_is_highest(q: &Question, order: Option<(bool, usize)>, measure: usize) -> Option<(bool, usize)> {
    let (desc, at) = order?;
    let flipped = QUALITY.contains(&q.words()[at]) && q.names[measure].candidates.iter().all(|(_, c)| c.is_some_and(lexicon::worse_when_higher));
    Some((desc != flipped, at))
}

/// "How many units…", "the number of points": a quantity counted is a quantity summed — when
/// the run names only quantities, and not its model ("players weighing…" counts players).
pub(super) fn counts_a_quantity(q: &Question, measure: usize) -> bool {
    let mention = &q.names[measure];
    mention.tokens.start > 0
        && BEFORE_COUNTED.contains(&q.words()[mention.tokens.start - 1])
        && mention.candidates.iter().all(|(_, c)| c.is_some())
        && !names_its_model(q, mention)
}

/// "The average number of seats": a quantity said after "average number of" is averaged, not
/// the rows of each group counted.
pub(super) fn averages_a_quantity(q: &Question, measure: usize) -> bool {
    let mention = &q.names[measure];
    mention.tokens.start > 0
        && q.words()[mention.tokens.start - 1] == BEFORE_COUNTED[1]
        && mention.candidates.iter().all(|(_, c)| c.is_some_and(is_measure))
        && !names_its_model(q, mention)
}

fn names_its_model(q: &Question, mention: &NameMention) -> bool {
    mention.candidates.iter().any(|(model, _)| mention.tokens.clone().any(|i| model_words(model).iter().any(|w| names(&q.tokens[i].stem, w))))
}

/// The aggregate a measure said without an aggregate word asks for.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Unsaid {
    /// "Revenue by region", "which team has the most points": a sum.
    Sum,
    /// "What is the highest invoice total": one row's value, the superlative said at `at` no
    /// order but the aggregate.
    Extreme(Aggregate, usize),
}

pub(super) fn unsaid_aggregate(q: &Question, frame: &Frame, order: Option<(bool, usize)>, measure: usize) -> Option<Unsaid> {
    let words = q.words();
    let mention = &q.names[measure];
    let said: Vec<&str> = mention.tokens.clone().map(|i| q.tokens[i].stem.as_str()).collect();
    // "The invoice total for each quarter" is summed; "the highest invoice total" is one.
    let a_total = said.iter().any(|w| TOTAL_NOUNS.contains(w)) && frame.groups();
    // "Which state has the fewest people": a quantity said right after a counting superlative
    // is summed per the column ranked ("the conductor with the most years" ranks the
    // conductors' own rows).
    let counted_most = order.is_some_and(|(_, at)| MOST_MANY.contains(&words[at]) && at + 1 == mention.tokens.start)
        && frame.which_name.is_some_and(|n| q.names[n].candidates.iter().all(|(_, c)| c.is_some()));
    let sum_like = a_total || counted_most || said.iter().any(|w| SUMMED_STEMS.contains(w));
    // "The most points in a single game": one row's points, not a sum.
    let in_one_event = words.windows(2).enumerate().any(|(i, w)| w[0] == ONE_EVENT && q.names.iter().any(|m| m.tokens.start == i + 1));
    if sum_like && !in_one_event && (order.is_some() || frame.groups() || frame.which_name.is_some() || q.values.len() + usize::from(q.time.is_some()) > 0) {
        return Some(Unsaid::Sum);
    }
    let (desc, at) = order?;
    (frame.which_name.is_none()
        && frame.grouped_names.is_empty()
        && !ENDS.contains(&words[at])
        && frame.limit.is_none()
        && !frame.who
        && has(q, WHAT)
        && (at + 1 == mention.tokens.start || (at + 2 == mention.tokens.start && q.claims[at + 1].is_none())))
    .then_some(Unsaid::Extreme(if desc { Aggregate::Max } else { Aggregate::Min }, at))
}

/// "Points per game": the average over the event the measure is recorded per — a grouped model
/// with dates, not people, said right after "per". Returns that grouped mention.
pub(super) fn per_event(q: &Question, frame: &Frame, aggregate: Option<Aggregate>, measure: usize) -> Option<usize> {
    let end = q.names[measure].tokens.end;
    let n = *frame.grouped_names.iter().find(|&&n| q.names[n].tokens.start == end + 1)?;
    let summed_in_words = SUM_WORDS.iter().any(|w| has(q, w));
    (q.words().get(end) == Some(&PER)
        && q.names[n].candidates.iter().any(|(model, c)| c.is_none() && !person_like(model) && model.columns.iter().any(is_date))
        && (matches!(aggregate, None | Some(Aggregate::Avg)) || aggregate == Some(Aggregate::Sum) && !summed_in_words))
        .then_some(n)
}

/// The models whose column the measure names (not a key pointing elsewhere).
pub(super) fn measure_models<'m>(manifest: &Manifest, q: &Question<'m>, measure: Option<usize>) -> Vec<&'m Model> {
    let Some(m) = measure else { return Vec::new() };
    q.names[m].candidates.iter().filter(|(model, c)| c.is_some_and(|c| is_measure(c) && fk_target(manifest, model, c).is_none())).map(|(m, _)| *m).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::question::plan::shape::{
        fixture::{manifest, question},
        frame_of, shape_of,
    };

    #[test]
    fn the_measure_is_the_first_quantity_not_grouped_by_negated_or_compared() {
        // (question, first word of the measure)
        let cases: &[(&str, Option<&str>)] = &[
            ("Total fee by depot", Some("fee")),
            ("Average weight of parcels per courier", Some("weight")),
            ("Which courier has the most parcels", None),
            ("How many parcels weigh more than 5 kg", None),
            ("Parcels by depot", None),
            // A quantity said right after an extreme is the one ranked; the one before is shown.
            ("The fee of the parcel with the highest weight", Some("weight")),
            ("What is the fee of the heaviest parcel", Some("fee")),
        ];
        for (said, measure) in cases {
            let mut q = question(said);
            let shape = shape_of(manifest(), &mut q);
            assert_eq!(shape.measure_mention.map(|m| q.tokens[q.names[m].tokens.start].word.clone()).as_deref(), *measure, "{said}");
        }
    }

    #[test]
    fn a_measure_said_without_an_aggregate_word_is_summed_or_one_rows() {
        let cases: &[(&str, Option<Unsaid>)] = &[
            ("What is the highest fee", Some(Unsaid::Extreme(Aggregate::Max, 3))),
            ("What was the lowest weight", Some(Unsaid::Extreme(Aggregate::Min, 3))),
            ("Which courier has the highest fee", None),
            ("Fee by depot", None),
        ];
        for (said, expected) in cases {
            let mut q = question(said);
            let (frame, _, order) = frame_of(&mut q);
            let measure = measure_of(manifest(), &q, &frame, None, order, None).expect(said);
            assert_eq!(unsaid_aggregate(&q, &frame, order, measure), *expected, "{said}");
        }
    }

    #[test]
    fn a_quantity_per_a_dated_event_is_averaged_over_the_events() {
        for (said, per) in [("Weight per parcel", true), ("Fee per courier", false), ("Total fee per parcel", false)] {
            let mut q = question(said);
            let shape = shape_of(manifest(), &mut q);
            assert_eq!(shape.per_event.is_some(), per, "{said}");
        }
    }
}
