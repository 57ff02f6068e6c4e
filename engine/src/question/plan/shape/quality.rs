//! "The best reviews", "the worst-rated products": quality is the average of a score, never a
//! count. The thing named after the superlative is read as its one score column.

use crate::{
    mdl::{Column, Model},
    question::{
        lexicon::{self, QUALITY, RATED, sells},
        read::{Question, is_measure},
    },
};

/// What a superlative of quality rates.
#[derive(Debug, PartialEq)]
pub(super) enum Quality<'m> {
    /// No superlative of quality is said (or it is about selling: "best-selling").
    Unsaid,
    /// The mention after it names a model with one score column: its average ranks.
    Score { mention: usize, model: &'m Model, column: &'m Column },
    /// Nothing it could rate: the superlative stays unplaced, since a count would answer
    /// another question.
    Unmeasured,
}

pub(super) fn quality_of<'m>(q: &Question<'m>, order: Option<(bool, usize)>) -> Quality<'m> {
    let words = q.words();
    let Some((_, at)) = order.filter(|(_, at)| QUALITY.contains(&words[*at]) && !words.get(at + 1).is_some_and(|w| sells(w))) else {
        return Quality::Unsaid;
    };
    let named = q.names.iter().position(|m| m.tokens.start == at + 1 || m.tokens.start == at + 2 && words[at + 1] == RATED);
    let score = named.and_then(|n| {
        let scores: Vec<(&Model, &Column)> = q.names[n]
            .candidates
            .iter()
            .filter(|(_, c)| c.is_none())
            .flat_map(|(m, _)| m.columns.iter().filter(|c| is_measure(c) && lexicon::is_score(c)).map(move |c| (*m, c)))
            .collect();
        match scores.as_slice() {
            [(model, column)] => Some(Quality::Score { mention: n, model, column }),
            _ => None,
        }
    });
    score.unwrap_or(Quality::Unmeasured)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::question::plan::shape::{fixture::question, order::ordering_of};

    #[test]
    fn a_quality_superlative_rates_by_the_one_score_of_what_it_names() {
        let cases: &[(&str, Option<&str>)] =
            &[("The best couriers", Some("rating")), ("The worst rated couriers", Some("rating")), ("The best depots", None), ("The best parcels", None)];
        for (said, score) in cases {
            let q = question(said);
            match quality_of(&q, ordering_of(&q)) {
                Quality::Score { column, .. } => assert_eq!(Some(column.name.as_str()), *score, "{said}"),
                Quality::Unmeasured => assert_eq!(*score, None, "{said}"),
                Quality::Unsaid => panic!("{said}: no quality read"),
            }
        }
    }

    #[test]
    fn selling_and_plain_superlatives_are_no_quality() {
        for said in ["The best-selling depot", "The heaviest parcel", "Parcels by depot"] {
            let q = question(said);
            assert_eq!(quality_of(&q, ordering_of(&q)), Quality::Unsaid, "{said}");
        }
    }
}
