//! Values of the value index a question says: whole, or as people say them.

use std::collections::HashSet;

use super::{Claim, Question, RESERVED, ValueMention, column_words, said_words};
use crate::{
    mdl::Manifest,
    question::{
        ValueMatch, lexicon,
        words::{synonyms, value_key},
    },
};

/// Every word the schema's models and columns are said by.
pub(in crate::question) fn schema_words(manifest: &Manifest) -> HashSet<String> {
    manifest
        .models
        .iter()
        .flat_map(|m| std::iter::once(said_words(&m.name, &m.properties)).chain(m.columns.iter().map(|c| said_words(&c.name, &c.properties))))
        .flatten()
        .collect()
}

/// Values of the index, longest first, each where the question says it.
pub(super) fn scan_values(q: &mut Question, manifest: &Manifest, values: &[ValueMatch]) {
    let keys: Vec<String> = q.tokens.iter().map(|t| value_key(&t.word)).collect();
    let mut found: Vec<ValueMention> = Vec::new();
    for v in values {
        let key = value_key(&v.value);
        // A value that is a word every question uses ("A", "Other"…) is not read as a value.
        if key.is_empty() || (!key.contains(' ') && RESERVED.iter().any(|r| r.contains(&key.as_str()))) || key.chars().count() < 2 {
            continue;
        }
        if let Some(existing) = found.iter_mut().find(|f| value_key(&f.value) == key) {
            if !existing.places.contains(&(v.model.clone(), v.column.clone())) {
                existing.places.push((v.model.clone(), v.column.clone()));
            }
            continue;
        }
        // "the Eastern Conference": a one-word value said as its adjective.
        if let Some(at) = keys.iter().position(|k| crate::question::words::plain_form(k) == Some(key.as_str())) {
            found.push(ValueMention { value: v.value.clone(), places: vec![(v.model.clone(), v.column.clone())], tokens: at..at + 1 });
        }
        for start in 0..keys.len() {
            let mut joined = String::new();
            for (end, word) in keys.iter().enumerate().skip(start) {
                if !joined.is_empty() {
                    joined.push(' ');
                }
                joined.push_str(word);
                // The last word in the plural, for a value of several words.
                let singular =
                    || end > start && joined.rsplit_once(' ').is_some_and(|(head, last)| format!("{head} {}", crate::question::words::stem(last)) == key);
                if joined == key || singular() {
                    found.push(ValueMention { value: v.value.clone(), places: vec![(v.model.clone(), v.column.clone())], tokens: start..end + 1 });
                }
                if joined.len() > key.len() + 3 {
                    break;
                }
            }
        }
    }
    let named = schema_words(manifest);
    partial_values(q, &named, values, &keys, &mut found);
    found.sort_by_key(|f| std::cmp::Reverse(f.tokens.len()));
    for f in found {
        if f.tokens.clone().any(|i| q.claims[i].is_some()) {
            continue;
        }
        // "greater than 150": a number compared, even where a text column holds "150".
        let compared = f.tokens.len() == 1
            && q.tokens[f.tokens.start].number.is_some()
            && f.tokens.start > 0
            && ["than", "over", "under", "above", "below", "least", "most", "between", "and", "exactly", "before", "after", "since"]
                .contains(&q.tokens[f.tokens.start - 1].word.as_str());
        if compared {
            continue;
        }
        // "per carrier", "by vendor": after a word that groups, a word the schema names is
        // the name, even where a stored value is spelt the same ("Carrier").
        let grouped = f.tokens.start > 0
            && ["per", "each", "every", "by"].contains(&q.tokens[f.tokens.start - 1].word.as_str())
            && f.tokens.clone().all(|i| named.contains(&q.tokens[i].stem));
        if grouped {
            continue;
        }
        if said_as_a_word_not_a_code(q, &f) || asked_for(q, &f) {
            continue;
        }
        let mut f = f;
        // "The most money": among thousands of names (track titles), a common word written in
        // lower case is the word, not the title "Money".
        if f.tokens.len() == 1 && common_word_in_lower_case(q, f.tokens.start) {
            f.places.retain(|(m, c)| !values.iter().any(|v| v.model == *m && v.column == *c && v.column_values > crate::question::CATEGORY_VALUES));
        }
        // "the package option": the column's own name said, not its value "Option".
        f.places.retain(|(m, c)| {
            let words = manifest.model(m).and_then(|m| m.columns.iter().find(|x| x.name == *c)).map(column_words).unwrap_or_default();
            let said = |i: usize| q.tokens.get(i).is_some_and(|t| words.contains(&t.stem));
            !(f.tokens.len() == 1 && said(f.tokens.start) && (f.tokens.start > 0 && said(f.tokens.start - 1) || said(f.tokens.end)))
        });
        if f.places.is_empty() {
            continue;
        }
        let index = q.values.len();
        for i in f.tokens.clone() {
            q.claims[i] = Some(Claim::Value(index));
        }
        q.values.push(f);
    }
}

/// "The busiest day", "Christmas Day": an English word not written in capitals is the word,
/// not a short code stored in capitals ("DAY", an airport's). "JFK", "jfk" and "ATL" are codes.
/// A word WordNet knows, written in lower case (or opening the question, where any word is
/// capitalised).
fn common_word_in_lower_case(q: &Question, at: usize) -> bool {
    let token = &q.tokens[at];
    let lower = at == 0 || q.text[token.start..token.end].chars().next().is_some_and(|c| !c.is_uppercase());
    lower && english_word(&token.word)
}

/// "The busiest day", "Christmas Day": an English word not written in capitals is the word,
/// not a short code stored in capitals ("DAY", an airport's). "JFK", "jfk" and "ATL" are codes.
fn said_as_a_word_not_a_code(q: &Question, f: &ValueMention) -> bool {
    let token = &q.tokens[f.tokens.start];
    let written = &q.text[token.start..token.end];
    let code = |v: &str| (2..=4).contains(&v.chars().count()) && v.chars().all(|c| c.is_ascii_uppercase());
    f.tokens.len() == 1 && code(&f.value) && !code(written) && english_word(&token.word)
}

/// "Which country has the highest…", "which country produced…": the word right after "which" or
/// "what", before a verb,
/// is the thing asked for, not a condition on a column whose value is spelt the same
/// ("Country" of a `type` column). A word in lower case that English knows.
fn asked_for(q: &Question, f: &ValueMention) -> bool {
    let at = f.tokens.start;
    let after_which = at > 0 && ["which", "what"].contains(&q.tokens[at - 1].word.as_str());
    let before_verb = q.tokens.get(f.tokens.end).is_some_and(|t| {
        ["has", "have", "had", "is", "are", "was", "were", "does", "did"].contains(&t.word.as_str())
            || t.word.len() > 4 && t.word.ends_with("ed") && !t.word.ends_with("eed")
    });
    f.tokens.len() == 1 && after_which && before_verb && common_word_in_lower_case(q, at)
}

fn english_word(word: &str) -> bool {
    crate::question::thesaurus::Thesaurus::shared().is_some_and(|t| t.is_word(word))
}

/// Values said as people say them: the first words of a longer value ("Acme" for
/// "Acme Haulage Ltd.") or its words run together or apart ("LeBourg" for "Le Bourg").
/// Only words that name nothing in the model and are no word of the reading; a phrase that
/// fits several values is not guessed: the reply offers them (`Question::hints`). Among the
/// thousands of names of a column more than a category ("Atlanta Regional Airport" among
/// airports) a word is no name: only the whole name, spaced or run together, is.
fn partial_values(q: &mut Question, named: &HashSet<String>, values: &[ValueMatch], keys: &[String], found: &mut Vec<ValueMention>) {
    let names_many = |v: &ValueMatch| v.column_values > crate::question::CATEGORY_VALUES;
    let reserved = |i: usize| {
        let t = &q.tokens[i];
        t.number.is_some()
            || named.contains(&t.stem)
            || RESERVED.iter().any(|r| r.contains(&t.word.as_str()) || r.contains(&t.stem.as_str()))
            || !synonyms(&t.stem).is_empty()
            || !lexicon::column_synonyms(&t.stem).is_empty()
            || t.word.len() < 3
    };
    for len in (1..=3).rev() {
        for start in 0..keys.len().saturating_sub(len - 1) {
            let range = start..start + len;
            if range.clone().any(|i| found.iter().any(|f| f.tokens.contains(&i))) || range.clone().all(reserved) || reserved(start) {
                continue;
            }
            let said = keys[range.clone()].join(" ");
            let squashed: String = said.replace(' ', "");
            let mut fits: Vec<&ValueMatch> = values
                .iter()
                .filter(|v| {
                    let key = value_key(&v.value);
                    key != said
                        && (key.replace(' ', "") == squashed && squashed.len() >= 4
                            || !names_many(v)
                                && (key.starts_with(&format!("{said} "))
                                    || said.len() >= 4 && key.ends_with(&format!(" {said}")) && key.split(' ').count() <= len + 2))
                })
                .collect();
            let mut distinct: Vec<String> = fits.iter().map(|v| v.value.clone()).collect();
            distinct.sort();
            distinct.dedup();
            match distinct.len() {
                0 => continue,
                1 => {
                    let places = fits.iter().map(|v| (v.model.clone(), v.column.clone())).collect::<Vec<_>>();
                    found.push(ValueMention { value: fits.remove(0).value.clone(), places, tokens: range });
                }
                _ => {
                    let text = &q.text[q.tokens[start].start..q.tokens[start + len - 1].end];
                    let shown: Vec<String> = distinct.iter().take(5).map(|v| format!("\"{v}\"")).collect();
                    let more = if distinct.len() > 5 { format!(" or {} more", distinct.len() - 5) } else { String::new() };
                    q.hints.push(format!("\"{text}\" could be {}{more}", shown.join(", ")));
                }
            }
        }
    }
}
