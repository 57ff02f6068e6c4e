//! What a question counts, lists or measures the rows of: a model it names, the people when it
//! asks "who", or the thing "which" names.

use super::Frame;
use crate::{
    mdl::{Manifest, Model},
    question::{
        entities::{entity_of, person_like},
        lexicon::{self, HEADCOUNT, MOST_MANY, PEOPLE},
        plan::Aggregate,
        read::{Claim, Question, is_measure, model_words, names},
    },
};

/// Whether the question asks about people: "who", "how many people", "headcount".
pub(super) fn asks_people(q: &Question, frame: &Frame) -> bool {
    frame.who || q.words().iter().any(|w| PEOPLE.contains(w) || *w == HEADCOUNT)
}

/// The first head mention of a thing (a model, or a column that stands for one) that is not the
/// measure (unless rows are counted) nor what "which" names; after a negation ("customers who
/// never placed an order") only what comes before it.
pub(super) fn subject_of(
    manifest: &Manifest,
    q: &Question,
    frame: &Frame,
    negated: Option<usize>,
    measure: Option<usize>,
    aggregate: Option<Aggregate>,
) -> Option<usize> {
    let head = &frame.head_names;
    let candidates = || {
        head.iter()
            .copied()
            .filter(|&n| (Some(n) != measure || aggregate == Some(Aggregate::Count)) && Some(n) != frame.which_name)
            .filter(|&n| {
                negated.is_none_or(|at| q.names[n].tokens.start < at || frame.which_name.is_none() && head.iter().all(|&h| q.names[h].tokens.start > at))
            })
            .filter(|&n| q.names[n].candidates.iter().any(|(m, c)| entity_of(manifest, m, *c).is_some()))
            .filter(|&n| !counted_of_which(manifest, q, frame, n))
    };
    // Counted, the thing said right after "number of" or "how many" is what is counted, though
    // another thing is said first ("the document ids and the number of paragraphs in each").
    let counted = aggregate == Some(Aggregate::Count) && candidates().count() > 1;
    // "The template used by the most documents": counted, the documents.
    let ranked = matches!(aggregate, None | Some(Aggregate::Count)) && measure.is_none();
    counted
        .then(|| candidates().find(|&n| after_count(q, n)))
        .flatten()
        .or_else(|| ranked.then(|| candidates().find(|&n| ranked_count(q, n))).flatten())
        .or_else(|| candidates().next())
}

/// "Which weavers have more than 2 rugs": the things said right after a comparison's number are
/// counted for each of what "which" names (a model), not what the question is about.
fn counted_of_which(manifest: &Manifest, q: &Question, frame: &Frame, n: usize) -> bool {
    let Some(which) = frame.which_name else { return false };
    let models = |n: usize| {
        q.names[n].candidates.iter().filter(|(_, c)| c.is_none()).filter_map(|(m, c)| entity_of(manifest, m, *c)).map(|m| m.name.as_str()).collect::<Vec<_>>()
    };
    let (own, listed) = (models(n), models(which));
    let after_number =
        q.comparisons.iter().any(|c| !c.year && !c.money && c.unit.is_none() && c.tokens.iter().max().is_some_and(|&last| last + 1 == q.names[n].tokens.start));
    after_number && !listed.is_empty() && !own.is_empty() && own.iter().all(|m| !listed.contains(m))
}

/// Whether a name is said right after "number of" or "how many".
fn after_count(q: &Question, n: usize) -> bool {
    let words = q.words();
    let at = q.names[n].tokens.start;
    at >= 2 && matches!((words[at - 2], words[at - 1]), ("number", "of") | ("how", "many"))
}

/// Whether a name is what a count ranks by: said right after "the most" or "the fewest"
/// ("the template used by the most documents").
fn ranked_count(q: &Question, n: usize) -> bool {
    let at = q.names[n].tokens.start;
    at >= 1 && MOST_MANY.contains(&q.words()[at - 1])
}

/// "The names of the teachers and the number of courses they teach": a thing said before the
/// count of another is what the count is taken for, a grouping though no "each" says so. None
/// when something is grouped by already, or the thing is what is counted.
pub(super) fn grouped_before_count(manifest: &Manifest, q: &Question, frame: &Frame, subject: Option<usize>, aggregate: Option<Aggregate>) -> Option<usize> {
    let subject = subject.filter(|&n| aggregate == Some(Aggregate::Count) && after_count(q, n) && !frame.groups() && frame.which_name.is_none())?;
    let counted: Vec<&str> = q.names[subject].candidates.iter().filter_map(|(m, c)| entity_of(manifest, m, *c)).map(|m| m.name.as_str()).collect();
    // "The record companies and the corresponding number of orchestras": a column said before
    // is grouped by too.
    let at = q.names[subject].tokens.start;
    let corresponding = at >= 3 && CORRESPONDING.contains(&q.words()[at - 3]);
    frame.head_names.iter().copied().find(|&n| {
        let models: Vec<&str> = q.names[n].candidates.iter().filter_map(|(m, c)| entity_of(manifest, m, *c)).map(|m| m.name.as_str()).collect();
        let a_category = corresponding && q.names[n].candidates.iter().any(|(_, c)| c.is_some_and(|c| !is_measure(c)));
        // Only a list between it and the count ("For customers in Germany, how many orders"
        // is one count).
        let listed = (q.names[n].tokens.end..at.saturating_sub(2)).all(|i| {
            LIST_WORDS.contains(&q.tokens[i].word.as_str()) || CORRESPONDING.contains(&q.tokens[i].word.as_str()) || matches!(q.claims[i], Some(Claim::Name(_)))
        });
        q.names[n].tokens.end <= at && listed && (!models.is_empty() && models.iter().all(|m| !counted.contains(m)) || a_category)
    })
}

/// Words between the things a question lists ("the names and ids of the teachers, and the…").
const LIST_WORDS: &[&str] = &["and", "with", "the", "their", "its", "along", "as", "well", "all", "of", "id", "ids", "name", "names", "also"];

/// Words that say a count is taken for each thing said before it.
pub(super) const CORRESPONDING: &[&str] = &["corresponding", "respective"];

/// Asked about people, a subject that is none of them is no subject ("who sold the most
/// albums" lists people, not albums).
pub(super) fn of_people(q: &Question, frame: &Frame, subject: Option<usize>) -> Option<usize> {
    subject.filter(|&n| !asks_people(q, frame) || q.names[n].candidates.iter().any(|(m, _)| person_like(m)))
}

/// "Which album has the most tracks", "which quarter had the most orders": a superlative
/// with nothing measured ranks by how many — unless the superlative implies its own quantity
/// ("the longest") or rates quality.
pub(super) fn counts_by_superlative(q: &Question, frame: &Frame, order: Option<(bool, usize)>, subject: Option<usize>, unmeasured_quality: bool) -> bool {
    let Some((_, at)) = order else { return false };
    lexicon::superlative_quantity(q.words()[at]).is_none()
        && !unmeasured_quality
        && (subject.is_some() || asks_people(q, frame) && !frame.who)
        && (frame.which_name.is_some() || frame.groups())
}

/// The models a subject may be: the subject's, the people's, or what "which" lists.
pub(super) fn subject_models<'m>(manifest: &'m Manifest, q: &Question<'m>, frame: &Frame, subject: Option<usize>, listed: bool) -> Vec<&'m Model> {
    let entities = |n: usize| -> Vec<&'m Model> { q.names[n].candidates.iter().filter_map(|(m, c)| entity_of(manifest, m, *c)).collect() };
    match subject {
        Some(n) => entities(n),
        None if asks_people(q, frame) => manifest.models.iter().filter(|m| person_like(m)).collect(),
        None if !listed => Vec::new(),
        // "Which teams are in the Pacific division?": a list of what "which" names.
        None => match frame.which_name {
            Some(n) => entities(n),
            // "the Eastern Conference teams": a column's name said with its model's, the model is
            // what is listed.
            None => frame
                .head_names
                .iter()
                .filter_map(|&n| {
                    let mention = &q.names[n];
                    let last = mention.tokens.end.checked_sub(1)?;
                    mention
                        .candidates
                        .iter()
                        .map(|(m, _)| *m)
                        .find(|m| mention.tokens.len() > 1 && model_words(m).iter().any(|w| names(&q.tokens[last].stem, w)))
                })
                .take(1)
                .collect(),
        },
    }
}

#[cfg(test)]
mod tests {
    use crate::question::plan::shape::{
        fixture::{manifest, question},
        shape_of,
    };

    #[test]
    fn the_subject_is_the_thing_counted_or_listed() {
        // (question, the models it may be)
        let cases: &[(&str, &[&str])] = &[
            ("How many parcels by depot", &["parcels"]),
            ("Which courier has the most parcels", &["parcels"]),
            ("Which couriers are rated above 4", &["couriers"]),
            ("Average fee by depot", &[]),
            // What "number of" counts, though another thing is said first.
            ("Show the courier names and the number of parcels of each courier", &["parcels"]),
        ];
        for (said, models) in cases {
            let mut q = question(said);
            let shape = shape_of(manifest(), &mut q);
            assert_eq!(shape.subject_models.iter().map(|m| m.name.as_str()).collect::<Vec<_>>(), *models, "{said}");
        }
    }
}
