//! The shape of a question, read from its words before any model is tried as the base: what
//! it counts, measures, groups, orders and limits, what it is about, and the models a reading
//! may start from.
//!
//! Each part has its detector, which reads the question and returns the part and the words it
//! claimed: `sort` ("ordered by age"), `order` (superlatives and limits), `grouping` ("by",
//! "which", time grains), `quality` ("the best rated"), `aggregate` (counts, averages, sums),
//! `measure` (the quantity and how it is aggregated) and `subject` (what is counted or listed).
//! `shape_of` runs them in turn; a later one reads what the earlier found.

mod aggregate;
#[cfg(test)]
pub(super) mod fixture;
mod grouping;
mod measure;
mod order;
mod quality;
mod sort;
mod subject;

use super::{Aggregate, Shape};
use crate::{
    mdl::{Manifest, Model},
    question::{
        entities::ends_validity,
        lexicon::{DISTINCT_WORDS, HEADCOUNT, WHO},
        read::{Claim, Question, is_current, is_measure, is_negation},
        time::Grain,
    },
};
use measure::Unsaid;
use quality::Quality;
pub(super) use sort::Sort;

/// What the grouping and ranking detectors found, which the later ones read.
#[derive(Debug, Default)]
struct Frame {
    grouped_names: Vec<usize>,
    head_names: Vec<usize>,
    which_name: Option<usize>,
    grains: Vec<(Grain, usize)>,
    limit: Option<(u32, usize)>,
    /// The question starts with "who".
    who: bool,
}

impl Frame {
    /// Whether anything is grouped by: a name or a time grain.
    fn groups(&self) -> bool {
        !self.grouped_names.is_empty() || !self.grains.is_empty()
    }

    /// Whether one thing is ranked or listed: "which", "top N".
    fn ranks(&self) -> bool {
        self.which_name.is_some() || self.limit.is_some()
    }
}

/// A word the reading uses as structure, unless a name or value took it ("invoice total").
fn has(q: &Question, w: &str) -> bool {
    q.tokens.iter().zip(&q.claims).any(|(t, c)| t.word == w && !matches!(c, Some(Claim::Name(_) | Claim::Value(_))))
}

/// The sort, groupings, time grains, order and limit; their words claimed.
fn frame_of(q: &mut Question) -> (Frame, Option<Sort>, Option<(bool, usize)>) {
    let acts = grouping::acts_of_its_antecedent(q);
    let mut forgotten = grouping::weekday_not_a_column(q);
    forgotten.extend(acts.iter().filter_map(|(i, _)| q.names.iter().position(|m| m.tokens.contains(i))));
    forgotten.sort_unstable();
    forgotten.dedup();
    for n in forgotten.into_iter().rev() {
        q.forget_name(n);
    }
    let (sort_by, sort) = sort::sort_of(q);
    for &i in sort.iter().flat_map(|s| &s.claimed) {
        q.claims[i] = Some(Claim::Keyword);
    }
    let markers = grouping::markers_of(q, sort_by);
    let order = order::ordering_of(q);
    let limit = order::limit_of(q);
    // A column sorted with no "by" is one of those listed ("the earnings in descending order").
    let groupings = grouping::groupings_of(q, &markers, sort.as_ref().filter(|s| !s.implicit).map(|s| s.mention), order, limit);
    let (grains, claimed) = grouping::grains_of(q, &markers);
    for i in claimed {
        q.claims[i] = Some(Claim::Keyword);
    }
    // The verb of what "which" names is placed by the ranking of it.
    for (i, ends) in acts {
        if groupings.which.is_some_and(|n| q.names[n].tokens.end == ends) {
            q.claims[i] = Some(Claim::Keyword);
        }
    }
    let frame = Frame {
        grouped_names: groupings.grouped,
        head_names: groupings.head,
        which_name: groupings.which,
        grains,
        limit,
        who: q.words().first().is_some_and(|w| WHO.contains(w)),
    };
    (frame, sort, order)
}

/// The shape of the question; the words it reads as structure (a sort, an order) are claimed.
pub(super) fn shape_of<'m>(manifest: &'m Manifest, q: &mut Question<'m>) -> Shape<'m> {
    let said = aggregate::said_of(q);
    let negated = q.words().iter().position(|w| is_negation(w));
    // "Headcount" is people employed now.
    let current =
        q.words().iter().any(|w| is_current(w)) || (q.words().contains(&HEADCOUNT) && manifest.models.iter().any(|m| m.columns.iter().any(ends_validity)));

    let (mut frame, sort, mut order) = frame_of(q);
    if let Some((n, common)) = grouping::most_common(q, order) {
        frame.which_name = Some(n);
        q.claims[common] = Some(Claim::Keyword);
    }

    let quality = quality::quality_of(q, order);
    if let Quality::Score { mention, model, column } = quality {
        q.names[mention].candidates = vec![(model, Some(column))];
    }
    let averaged = said.averaged || matches!(quality, Quality::Score { .. });
    let mut aggregate = aggregate::said_aggregate(q, averaged, said.count);
    if let Some((extreme, at)) = aggregate::extreme_per_group(q, &frame, aggregate, order).or_else(|| aggregate::extremes_together(q, &frame, aggregate, order))
    {
        aggregate = Some(extreme);
        q.claims[at] = Some(Claim::Keyword);
        order = None;
    }
    if aggregate::order_is_an_aggregate(q, &frame, aggregate, order) {
        order = None;
    }
    // "average number of X per Y": an average of counts.
    let mut average_of_counts = averaged && said.count;
    if average_of_counts {
        aggregate = Some(Aggregate::Count);
    }

    let measure_mention = measure::measure_of(manifest, q, &frame, negated, order, aggregate);
    if let Some(m) = measure_mention {
        order = measure::worst_is_highest(q, order, m);
        if aggregate == Some(Aggregate::Count) && !averaged && measure::counts_a_quantity(q, m) {
            q.names[m].candidates.retain(|(_, c)| c.is_some_and(is_measure));
            aggregate = Some(Aggregate::Sum);
        }
        if average_of_counts && measure::averages_a_quantity(q, m) {
            aggregate = Some(Aggregate::Avg);
            average_of_counts = false;
        }
        if aggregate.is_none() {
            match measure::unsaid_aggregate(q, &frame, order, m) {
                Some(Unsaid::Sum) => aggregate = Some(Aggregate::Sum),
                Some(Unsaid::Extreme(extreme, at)) => {
                    aggregate = Some(extreme);
                    order = None;
                    q.claims[at] = Some(Claim::Keyword);
                }
                None => {}
            }
        }
    }
    // "Sorted by the number of years they have worked": what is sorted by is no aggregate.
    if let (Some(sort), Some(m)) = (&sort, measure_mention)
        && sort.mention == m
        && !sort.implicit
        && matches!(aggregate, Some(Aggregate::Sum | Aggregate::Count))
        && q.names[m].tokens.start >= 2
        && q.words()[q.names[m].tokens.start - 2..q.names[m].tokens.start] == ["number", "of"]
    {
        aggregate = None;
    }
    let per_event = measure_mention.and_then(|m| measure::per_event(q, &frame, aggregate, m));
    if per_event.is_some() {
        aggregate = Some(Aggregate::Avg);
        frame.grouped_names.retain(|n| Some(*n) != per_event);
    }

    let subject = subject::subject_of(manifest, q, &frame, negated, measure_mention, aggregate);
    let mut distinct = said.distinct;
    if let Some(n) = subject::grouped_before_count(manifest, q, &frame, subject, aggregate) {
        frame.head_names.retain(|&h| h != n);
        frame.grouped_names.push(n);
        if let Some(i) = q.words().iter().position(|w| subject::CORRESPONDING.contains(w)) {
            q.claims[i] = Some(Claim::Keyword);
        }
        // "The different record companies and the number of…": "different" is said of what is
        // grouped, not of what is counted.
        if let Some(before) = q.names[n].tokens.start.checked_sub(1)
            && DISTINCT_WORDS.contains(&q.words()[before])
        {
            q.claims[before] = Some(Claim::Keyword);
            distinct = false;
        }
    }
    if aggregate.is_none() && measure_mention.is_none() && subject::counts_by_superlative(q, &frame, order, subject, quality == Quality::Unmeasured) {
        aggregate = Some(Aggregate::Count);
    }
    let measure_models = measure::measure_models(manifest, q, measure_mention);
    let subject_mention = subject::of_people(q, &frame, subject);
    let subject_models = subject::subject_models(manifest, q, &frame, subject_mention, aggregate.is_none() && measure_mention.is_none());
    Shape {
        aggregate,
        average_of_counts,
        distinct,
        negated,
        current,
        order,
        limit_at: frame.limit,
        grains: frame.grains,
        grouped_names: frame.grouped_names,
        which_name: frame.which_name,
        measure_mention,
        subject_mention,
        subject_models,
        who: frame.who,
        per_event,
        head_names: frame.head_names,
        sort,
        measure_models,
    }
}

/// Candidate bases: the measure's model, the subject's, then any model.
pub(super) fn bases<'m>(manifest: &'m Manifest, q: &Question<'m>, shape: &Shape<'m>) -> Vec<&'m Model> {
    let mut bases: Vec<&Model> = Vec::new();
    if matches!(shape.aggregate, Some(Aggregate::Sum | Aggregate::Avg | Aggregate::Max | Aggregate::Min))
        || (shape.order.is_some() && shape.aggregate.is_none())
    {
        // "unit price of tracks": the measure of the model the question names first.
        bases.extend(shape.measure_models.iter().copied().filter(|m| shape.subject_models.iter().any(|s| s.name == m.name)));
        bases.extend(shape.measure_models.iter().copied());
    }
    bases.extend(shape.subject_models.iter().copied());
    bases.extend(shape.measure_models.iter().copied());
    // With nothing counted by name, the model of a column the question names ("hires").
    if shape.subject_models.is_empty() {
        bases.extend(shape.head_names.iter().flat_map(|&n| q.names[n].candidates.iter().map(|(m, _)| *m)));
    }
    bases.extend(manifest.models.iter());
    let mut seen = Vec::new();
    bases.retain(|m| {
        let fresh = !seen.contains(&m.name);
        seen.push(m.name.clone());
        fresh
    });
    bases
}
