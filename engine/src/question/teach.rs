//! What an unplaced phrase may mean: the models and columns whose names are closest to it —
//! by initials ("home runs" and `HR`), by the start of a word ("charges" and `charge_amt`), by
//! shared letter runs — offered so that one click teaches the phrase (`vocabulary::apply`).
//! Offers are the user's to choose: a weak one costs a glance, never a wrong answer.

use super::{
    TeachOffer, TeachTarget,
    lexicon::{CURRENT, FILLER, LEAST, MOST, NEGATION, TIME_UNITS},
    reach::{is_key, is_numeric, readable},
    vocabulary::{said_by, split},
    words::{label_words, stem},
};
use crate::mdl::{Manifest, Model, Properties};

/// How many candidates a phrase is offered.
const OFFERED: usize = 3;
/// Below this a name is not offered at all.
const LEAST_SCORE: f64 = 0.25;

/// Offers for each phrase the reading could not place (phrases of structure words only — "most",
/// "not" — are not offered: they are no name). Each phrase comes with the ways it may be meant
/// (with a filler word beside it: "home runs"); the one whose best candidate is closest wins.
pub fn offers(manifest: &Manifest, unplaced: &[Vec<String>], named: &[&Model]) -> Vec<TeachOffer> {
    unplaced
        .iter()
        .filter_map(|variants| {
            variants
                .iter()
                .filter_map(|phrase| offer(manifest, phrase))
                .max_by(|a, b| a.0.total_cmp(&b.0).then_with(|| b.1.phrase.len().cmp(&a.1.phrase.len())))
                .map(|(_, offer)| offer)
                .or_else(|| columns_of_named(manifest, variants.first()?, named))
        })
        .collect()
}

/// A word like no name ("grooves", "lateness"): the columns of the models the question names
/// and of the models related to them ("the average lateness per carrier" is of the shipments a
/// carrier carries), numbers first — what a word beside them most often means.
fn columns_of_named(manifest: &Manifest, phrase: &str, named: &[&Model]) -> Option<TeachOffer> {
    let words: Vec<String> = phrase.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
    if words.is_empty() || words.iter().all(|w| structure(w) || w.parse::<f64>().is_ok()) {
        return None;
    }
    let related = manifest.models.iter().filter(|m| {
        !named.iter().any(|n| n.name == m.name)
            && manifest.relationships.iter().any(|r| r.models.contains(&m.name) && named.iter().any(|n| r.models.contains(&n.name)))
    });
    let mut columns: Vec<(&Model, &crate::mdl::Column)> =
        named.iter().copied().chain(related).flat_map(|m| m.columns.iter().filter(|c| readable(c) && !is_key(c)).map(move |c| (m, c))).collect();
    // Numbers first; a stable sort keeps the named models' before their relations'.
    columns.sort_by_key(|(_, c)| !is_numeric(c));
    let candidates: Vec<TeachTarget> = columns
        .into_iter()
        .take(OFFERED)
        .map(|(m, c)| TeachTarget {
            model: m.name.clone(),
            column: Some(c.name.clone()),
            label: format!("{} ({})", label_words(&c.name, &c.properties), label_words(&m.name, &m.properties)),
        })
        .collect();
    (!candidates.is_empty()).then(|| TeachOffer { phrase: words.join(" "), candidates })
}

/// The offer for one phrase, with the closeness of its best candidate.
fn offer(manifest: &Manifest, phrase: &str) -> Option<(f64, TeachOffer)> {
    std::iter::once(phrase)
        .filter_map(|phrase| {
            let words: Vec<String> =
                phrase.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty() && w.parse::<f64>().is_err()).map(str::to_lowercase).collect();
            // A phrase of structure words only ("most", "not") is no name.
            if words.iter().all(|w| structure(w)) {
                return None;
            }
            let candidates = candidates(manifest, &words);
            let best = candidates.first().map(|(score, _)| *score)?;
            Some((best, TeachOffer { phrase: words.join(" "), candidates: candidates.into_iter().map(|(_, t)| t).collect() }))
        })
        .next()
}

fn structure(word: &str) -> bool {
    [FILLER, MOST, LEAST, NEGATION, CURRENT, TIME_UNITS].iter().any(|list| list.contains(&word))
}

fn candidates(manifest: &Manifest, words: &[String]) -> Vec<(f64, TeachTarget)> {
    let mut scored: Vec<(f64, TeachTarget)> = Vec::new();
    for model in &manifest.models {
        let model_label = label_words(&model.name, &model.properties);
        let score = closeness(words, &model.name, &model.properties);
        if score >= LEAST_SCORE {
            scored.push((score, TeachTarget { model: model.name.clone(), column: None, label: model_label.clone() }));
        }
        for column in model.columns.iter().filter(|c| readable(c)) {
            let score = closeness(words, &column.name, &column.properties);
            if score >= LEAST_SCORE {
                let label = format!("{} ({model_label})", label_words(&column.name, &column.properties));
                scored.push((score, TeachTarget { model: model.name.clone(), column: Some(column.name.clone()), label }));
            }
        }
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.label.cmp(&b.1.label)));
    scored.into_iter().take(OFFERED).collect()
}

/// How close a phrase is to a name, 0 to 1.
pub fn closeness(words: &[String], name: &str, properties: &Properties) -> f64 {
    let compact: String = name.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect();
    let initials: String = words.iter().filter_map(|w| w.chars().next()).collect();
    // "home runs" → HR, "runs batted in" → RBI: a name that is the phrase's initials.
    if words.len() >= 2 && compact == initials {
        return 1.0;
    }
    // "games" → G: one letter, the word's first.
    if words.len() == 1 && compact.len() == 1 && initials == compact {
        return 0.5;
    }
    let said = said_by(name, properties);
    let stems: Vec<String> = words.iter().map(|w| stem(w)).collect();
    // A word of the phrase that starts a word of the name, or the other way round.
    let starts = stems.iter().filter(|w| said.iter().any(|s| s.len() >= 3 && w.len() >= 3 && (s.starts_with(w.as_str()) || w.starts_with(s.as_str())))).count();
    let by_start = 0.8 * starts as f64 / stems.len() as f64;
    let by_letters = trigram_similarity(&words.join(" "), &split(name).join(" "));
    by_start.max(by_letters)
}

/// Shared runs of three letters (Jaccard), so "recieved" is near "received".
fn trigram_similarity(a: &str, b: &str) -> f64 {
    let grams = |s: &str| -> std::collections::HashSet<String> {
        let padded: Vec<char> = format!("  {s} ").chars().collect();
        padded.windows(3).map(|w| w.iter().collect()).collect()
    };
    let (a, b) = (grams(a), grams(b));
    let shared = a.intersection(&b).count() as f64;
    let all = a.union(&b).count() as f64;
    if all == 0.0 { 0.0 } else { shared / all }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mdl::{Column, Model, ModelSource};

    fn manifest() -> Manifest {
        let model = |name: &str, columns: &[(&str, &str)]| Model {
            name: name.into(),
            source: ModelSource::Table { catalog: None, schema: None, table: name.into() },
            columns: columns.iter().map(|(n, t)| Column::source(n, t)).collect(),
            primary_key: None,
            properties: Properties::default(),
        };
        Manifest {
            models: vec![
                model("batting", &[("playerID", "VARCHAR"), ("HR", "BIGINT"), ("RBI", "BIGINT"), ("G", "BIGINT")]),
                model("orders", &[("freight_chg", "DOUBLE"), ("dlv_dt", "TIMESTAMP"), ("weight_kg", "DOUBLE")]),
            ],
            ..Manifest::default()
        }
    }

    #[test]
    fn initials_start_of_words_and_letters_find_what_a_phrase_may_mean() {
        let m = manifest();
        let cases: &[(&str, &str)] = &[("home runs", "HR"), ("runs batted in", "RBI"), ("games", "G"), ("delivered", "dlv_dt"), ("charges", "freight_chg")];
        for (phrase, column) in cases {
            let offers = offers(&m, &[vec![(*phrase).to_owned()]], &[]);
            let first = offers.first().and_then(|o| o.candidates.first()).and_then(|c| c.column.clone());
            assert_eq!(first.as_deref(), Some(*column), "{phrase}: {offers:?}");
        }
    }

    #[test]
    fn structure_words_and_numbers_are_not_offered() {
        let m = manifest();
        assert!(offers(&m, &[vec!["most".into()], vec!["40".into()], vec!["not".into()]], &m.models.iter().collect::<Vec<_>>()).is_empty());
        // Units of time count or split time; taught as a column they would take "day of the
        // week" away from the time reading.
        assert!(offers(&m, &[vec!["days".into()], vec!["week".into()]], &m.models.iter().collect::<Vec<_>>()).is_empty());
    }

    #[test]
    fn the_way_a_phrase_is_meant_that_is_closest_to_a_name_is_offered() {
        let offers = offers(&manifest(), &[vec!["home".into(), "home runs".into()]], &[]);
        assert_eq!(offers[0].phrase, "home runs");
        assert_eq!(offers[0].candidates[0].column.as_deref(), Some("HR"));
    }

    #[test]
    fn a_word_like_no_name_is_offered_the_columns_of_the_models_said() {
        let m = manifest();
        let batting = m.model("batting").unwrap();
        let offers = offers(&m, &[vec!["grooves".into()]], &[batting]);
        assert_eq!(offers[0].phrase, "grooves");
        assert!(offers[0].candidates.iter().all(|c| c.model == "batting" && c.column.as_deref() != Some("playerID")), "{offers:?}");
    }
}
