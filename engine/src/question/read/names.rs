//! The models and columns a question names: each run of words that says a model's or a
//! column's name, a derived term, a taught synonym or a WordNet synonym of one, with every
//! candidate it may mean.

use super::{Claim, FILLER_NOT_NAMES, NameMention, Question, RESERVED, is_measure};
use crate::{
    mdl::{Column, Manifest, Model},
    question::{
        entities, lexicon,
        reach::{is_key, readable},
        thesaurus, vocabulary,
        words::{self, synonyms},
    },
};

/// Whether a word of the question names `name` (a stem of a model or column name): the same
/// stem, a synonym, or the same word with another ending ("delivery" and "delivered").
pub(in crate::question) fn names(token_stem: &str, name: &str) -> bool {
    if token_stem == name || synonyms(token_stem).contains(&name) || lexicon::column_synonyms(token_stem).contains(&name) {
        return true;
    }
    let shared = token_stem.chars().zip(name.chars()).take_while(|(a, b)| a == b).count();
    shared >= 5 && (token_stem.len() - shared) <= 3 && (name.len() - shared) <= 3
}

/// A model's name stems (its name and display name) and a column's.
pub(in crate::question) fn model_words(model: &Model) -> Vec<String> {
    let mut all = vocabulary::kept_name_stems(&model.name, &model.properties);
    all.extend(model.properties.display_name.as_deref().map(|d| vocabulary::kept_name_stems(d, &model.properties)).unwrap_or_default());
    all.extend(vocabulary::taught_phrases(&model.properties).into_iter().flatten());
    let mut seen = std::collections::HashSet::new();
    all.retain(|w| seen.insert(w.clone()));
    all
}

/// Every stem a question may say a model or column by: its own words, the expansions of its
/// short forms, other forms of its words, taught terms (see `vocabulary`).
pub(in crate::question) fn said_words(name: &str, properties: &crate::mdl::Properties) -> Vec<String> {
    vocabulary::said_by(name, properties)
}

/// Each way to say a model or column in full, as stems (its terms, see `vocabulary`).
fn readings(name: &str, properties: &crate::mdl::Properties) -> Vec<Vec<String>> {
    vocabulary::terms(name, properties).iter().map(|t| t.text.split(' ').filter(|w| !w.is_empty() && *w != "id").map(words::stem).collect()).collect()
}

pub(in crate::question) fn column_words(column: &Column) -> Vec<String> {
    let mut all = vocabulary::kept_name_stems(&column.name, &column.properties);
    all.extend(column.properties.display_name.as_deref().map(|d| vocabulary::kept_name_stems(d, &column.properties)).unwrap_or_default());
    all.extend(vocabulary::taught_phrases(&column.properties).into_iter().flatten());
    // "height_cm", "weight_kg": the unit is not a word the question says.
    all.retain(|w| !["id", "cm", "kg", "is", "on", "at"].contains(&w.as_str()));
    let mut seen = std::collections::HashSet::new();
    all.retain(|w| seen.insert(w.clone()));
    all
}

/// Runs of words naming a model or a column, longest first. A run names a column when every
/// word is a word of the column's name (or its model's) and one at least is the column's.
pub(super) fn scan_names<'m>(q: &mut Question<'m>, manifest: &'m Manifest) {
    let n = q.tokens.len();
    let free = |q: &Question, i: usize| q.claims[i].is_none() && !FILLER_NOT_NAMES.contains(&q.tokens[i].word.as_str());
    // "Total" names a column only after another word of its name ("invoice total").
    let free_in =
        |q: &Question, i: usize, range: &std::ops::Range<usize>| free(q, i) || (q.tokens[i].word == "total" && i > range.start && q.claims[i].is_none());
    // A short form in a column's name stands for a word the schema itself says elsewhere
    // (`cust_id` beside a `customers` model): derived from the names, not from a word list.
    let schema: std::collections::HashSet<String> = manifest.models.iter().flat_map(|m| said_words(&m.name, &m.properties)).collect();
    let names = |w: &str, m: &str| names(w, m) || m.len() >= 3 && w.len() > m.len() && w.starts_with(m) && schema.contains(w);
    let mut found: Vec<NameMention<'m>> = Vec::new();
    for len in (1..=3).rev() {
        for start in 0..n.saturating_sub(len - 1) {
            let range = start..start + len;
            if found.iter().any(|f| f.tokens.clone().any(|i| range.contains(&i))) {
                continue;
            }
            if !range.clone().all(|i| free_in(q, i, &range)) {
                // "GDP per capita" spells `gdpPercap` with a word that is otherwise structure.
                let inside = len > 2
                    && free(q, start)
                    && free(q, start + len - 1)
                    && range.clone().all(|i| q.claims[i].is_none() && (free(q, i) || ["per", "of", "and"].contains(&q.tokens[i].word.as_str())));
                let said: Vec<&str> = range.clone().map(|i| q.tokens[i].word.as_str()).collect();
                let candidates: Vec<(&'m Model, Option<&'m Column>)> = manifest
                    .models
                    .iter()
                    .flat_map(|m| m.columns.iter().filter(|c| readable(c) && spelled(&said, &c.name)).map(move |c| (m, Some(c))))
                    .collect();
                if inside && !candidates.is_empty() {
                    found.push(NameMention { candidates, tokens: range });
                }
                continue;
            }
            let words: Vec<&str> = range.clone().map(|i| q.tokens[i].stem.as_str()).collect();
            let mut candidates: Vec<(&'m Model, Option<&'m Column>)> = Vec::new();
            for model in &manifest.models {
                let mw = said_words(&model.name, &model.properties);
                if words.iter().all(|w| mw.iter().any(|m| names(w, m))) {
                    candidates.push((model, None));
                }
                for column in model.columns.iter().filter(|c| readable(c) || is_key(c)) {
                    let cw = said_words(&column.name, &column.properties);
                    let all_named = words.iter().all(|w| cw.iter().chain(mw.iter()).any(|m| names(w, m)));
                    let one_column = words.iter().any(|w| cw.iter().any(|c| names(w, c)));
                    // A key is named only by words beyond its model's ("support rep", not "customer").
                    let key_ok = !is_key(column) || words.iter().any(|w| cw.iter().any(|c| names(w, c)) && !mw.iter().any(|m| names(w, m)));
                    if all_named && one_column && key_ok {
                        candidates.push((model, Some(column)));
                    }
                }
            }
            // "first name" says `Fname`, "student id" `StuID`: an abbreviated first word run
            // into the second.
            if len == 2 {
                for model in &manifest.models {
                    for column in model.columns.iter().filter(|c| readable(c) || is_key(c)) {
                        let abbreviates =
                            column_words(column).iter().any(|cw| cw.strip_suffix(words[1]).is_some_and(|lead| !lead.is_empty() && words[0].starts_with(lead)));
                        if abbreviates && !candidates.iter().any(|(m, c)| m.name == model.name && c.is_some_and(|c| c.name == column.name)) {
                            candidates.push((model, Some(column)));
                        }
                    }
                }
            }
            // "life expectancy" says `lifeExp`, "GDP per capita" `gdpPercap`: the first letters
            // of each word, in order, spell the whole name.
            let said: Vec<&str> = range.clone().map(|i| q.tokens[i].word.as_str()).collect();
            if len > 1 {
                for model in &manifest.models {
                    for column in model.columns.iter().filter(|c| readable(c) || is_key(c)) {
                        if spelled(&said, &column.name) && !candidates.iter().any(|(m, c)| m.name == model.name && c.is_some_and(|c| c.name == column.name)) {
                            candidates.push((model, Some(column)));
                        }
                    }
                }
            }
            if len > 1 {
                // "high schoolers" says `Highschooler`: the words run together.
                let joined: String = words.concat();
                for model in &manifest.models {
                    if model_words(model).contains(&joined) && !candidates.iter().any(|(m, c)| m.name == model.name && c.is_none()) {
                        candidates.push((model, None));
                    }
                }
                // A run of several words names what all its words name together; the columns
                // whose words it says most.
                candidates.retain(|(m, c)| {
                    let cw = c.map(column_words).unwrap_or_default();
                    let mw = model_words(m);
                    words.iter().filter(|w| cw.iter().any(|x| names(w, x))).count() >= 1
                        || abbreviated(&words, &cw)
                        || c.is_some_and(|c| spelled(&said, &c.name))
                        || c.is_none() && (words.iter().all(|w| mw.iter().any(|x| names(w, x))) || mw.contains(&joined))
                });
            }
            // A name with the very words said wins over names that only look alike ("shipped"
            // is `shipped_date`, not `shipper_id`).
            let strictly = |w: &str, o: &str| {
                w == o
                    || synonyms(w).contains(&o)
                    || lexicon::column_synonyms(w).contains(&o)
                    || vocabulary::other_forms(o).iter().any(|f| f == w)
                    || vocabulary::other_forms(w).iter().any(|f| f == o)
            };
            let exact = |(m, c): &(&Model, Option<&Column>)| {
                let own = c.map_or_else(|| said_words(&m.name, &m.properties), |c| said_words(&c.name, &c.properties));
                let model_own = said_words(&m.name, &m.properties);
                words.iter().all(|w| own.iter().chain(model_own.iter()).any(|o| strictly(w, o))) && words.iter().any(|w| own.iter().any(|o| strictly(w, o)))
            };
            if candidates.iter().any(exact) {
                candidates.retain(exact);
            }
            // "Discontinued products": a yes/no column said of its model is a condition on
            // the model's rows, two names, not one column.
            if len > 1 {
                candidates.retain(|(m, c)| {
                    !c.is_some_and(|c| {
                        let own = said_words(&c.name, &c.properties);
                        entities::is_flag(c) && words.iter().any(|w| !own.iter().any(|o| names(w, o)) && model_words(m).iter().any(|x| names(w, x)))
                    })
                });
                if candidates.is_empty() {
                    continue;
                }
            }
            // Names the run says in full win over names it says only in part ("orders" is
            // `orders`, not `order_items`; "points" is `points`, not `home_points`).
            let full = |(m, c): &(&Model, Option<&Column>)| {
                let own = c.map(column_words).unwrap_or_else(|| model_words(m));
                let said_in_full = |own: &[String]| own.iter().all(|o| words.iter().any(|w| names(w, o)) || *o == words.concat());
                said_in_full(&own)
                    || abbreviated(&words, &own) && own.len() == 1
                    || c.is_some_and(|c| spelled(&said, &c.name))
                    || c.map_or_else(|| readings(&m.name, &m.properties), |c| readings(&c.name, &c.properties)).iter().any(|r| !r.is_empty() && said_in_full(r))
            };
            if candidates.iter().any(full) {
                candidates.retain(full);
                // A name said as such ("revenue" for a `Revenue` field) before one reached by
                // a synonym ("revenue" for `Total`).
                let closeness = |(m, c): &(&Model, Option<&Column>)| -> usize {
                    let own = c.map(column_words).unwrap_or_else(|| model_words(m));
                    own.iter()
                        .map(|o| {
                            if words.iter().any(|w| w == o) || *o == words.concat() {
                                3
                            } else if words.iter().any(|w| synonyms(w).first() == Some(&o.as_str()) || lexicon::column_synonyms(w).first() == Some(&o.as_str()))
                            {
                                2
                            } else {
                                1
                            }
                        })
                        .max()
                        .unwrap_or(1)
                };
                // "order value": of the model the run names in full (orders, not order_items).
                let model_said =
                    |(m, c): &(&Model, Option<&Column>)| c.is_some() && len > 1 && model_words(m).iter().all(|o| words.iter().any(|w| names(w, o)));
                // A run that says a model's whole name (two words for a `two_words` model), nothing
                // more, so it is the model (its rows counted), not a column of it.
                let model_exact = |(m, c): &(&Model, Option<&Column>)| {
                    let own = model_words(m);
                    c.is_none() && len > 1 && words.len() == own.len() && own.iter().all(|o| words.iter().any(|w| names(w, o)))
                };
                let rank = |c: &(&Model, Option<&Column>)| (model_exact(c), model_said(c), closeness(c));
                let best = candidates.iter().map(rank).max().unwrap_or((false, false, 1));
                candidates.retain(|c| rank(c) == best);
            } else if len > 1 {
                // "home games" is two names ("home", "games"), not half of `home_team_id`.
                continue;
            } else if candidates.iter().any(|(m, c)| c.is_none() && generic_rest(m, &words)) {
                // "cars" of `cars_data`, `car_makers`, `car_names`: the model whose other words
                // say nothing (data, info, list) is the thing itself.
                candidates.retain(|(m, c)| c.is_some() || generic_rest(m, &words));
            } else if len == 1 && candidates.iter().any(|(m, c)| c.is_none() && candidates.iter().all(|(mm, cc)| cc.is_none() || mm.name == m.name)) {
                // "scored": the scores, not each column of theirs with "score" among other
                // words (`rawscore_home`) — a word says its model before part of a column.
                candidates.retain(|(_, c)| c.is_none());
            }
            if !candidates.is_empty() {
                found.push(NameMention { candidates, tokens: range });
            }
        }
    }
    synonym_names(q, manifest, &mut found);
    found.sort_by_key(|f| f.tokens.start);
    drop_labels_of_named_things(q, &mut found);
    for f in found {
        let index = q.names.len();
        for i in f.tokens.clone() {
            q.claims[i] = Some(Claim::Name(index));
        }
        q.names.push(f);
    }
}

/// Words the reading understands by itself (structure, order, time, selling, sex): never
/// placed through a synonym.
fn understood_alone(word: &str) -> bool {
    RESERVED.iter().any(|list| list.contains(&word))
        || KEYWORD_LISTS.iter().any(|list| list.contains(&word))
        || lexicon::superlative_quantity(word).is_some()
        || lexicon::sex(word).is_some()
        || !lexicon::column_synonyms(word).is_empty()
        || !synonyms(word).is_empty()
}

const KEYWORD_LISTS: [&[&str]; 5] = [
    lexicon::QUALITY,
    lexicon::SALE_VERBS,
    lexicon::TIME_UNITS,
    lexicon::AMOUNT_NOUNS,
    &["who", "whom", "which", "what", "when", "where", "whose", "people", "person", "everyone"],
];

/// A word no name took, placed on the models and columns a synonym of it names (WordNet,
/// see `thesaurus`): "consignments" on `shipments`, "earnings" on `wage`. Only words of a
/// synonym said whole count, and only when they name few things: a word whose synonyms name
/// everything says nothing. The reading's chips say what the word was placed on.
fn synonym_names<'m>(q: &Question<'m>, manifest: &'m Manifest, found: &mut Vec<NameMention<'m>>) {
    let Some(thesaurus) = thesaurus::Thesaurus::shared() else { return };
    for i in 0..q.tokens.len() {
        let word = q.tokens[i].word.as_str();
        if q.claims[i].is_some()
            || found.iter().any(|f| f.tokens.contains(&i))
            || word.len() < 3
            || word.chars().any(|c| !c.is_alphabetic())
            || understood_alone(word)
            || understood_alone(&q.tokens[i].stem)
        {
            continue;
        }
        // After "how many", "the", "each", a number: a noun.
        let noun = i > 0 && (NOUN_BEFORE.contains(&q.tokens[i - 1].word.as_str()) || q.tokens[i - 1].number.is_some());
        let meanings: Vec<Vec<String>> = if noun { thesaurus.noun_meanings(word) } else { thesaurus.meanings(word) }
            .iter()
            .map(|m| m.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(words::stem).collect::<Vec<_>>())
            .filter(|m| !m.is_empty() && m.iter().all(|w| !understood_alone(w) && w.len() >= 3))
            .collect();
        let says = |own: &[String]| meanings.iter().any(|m| m.iter().all(|w| own.contains(w)) && (m.len() > 1 || own.len() <= 2));
        let mut candidates: Vec<(&'m Model, Option<&'m Column>)> = Vec::new();
        for model in &manifest.models {
            if says(&model_words(model)) {
                candidates.push((model, None));
            }
            for column in model.columns.iter().filter(|c| readable(c) && !is_key(c)) {
                if says(&column_words(column)) {
                    candidates.push((model, Some(column)));
                }
            }
        }
        if !candidates.is_empty() && candidates.len() <= SYNONYM_PLACES {
            found.push(NameMention { candidates, tokens: i..i + 1 });
        }
    }
}

/// Words after which the next word is a noun (or an adjective), never a verb.
const NOUN_BEFORE: &[&str] = &[
    "many", "much", "of", "the", "a", "an", "each", "every", "per", "all", "any", "no", "which", "whose", "their", "its", "his", "her", "our", "my", "your",
    "these", "those",
];

/// The most places a word reached by a synonym may name before it says nothing.
const SYNONYM_PLACES: usize = 3;

/// "X names", "the names of the Xs": a name or title said of a model or a text
/// column the question names is that thing's label (the answer shows it with it), not one
/// more thing to place; unless that thing's own model has a column the word names, which is
/// then read as usual.
fn drop_labels_of_named_things(q: &mut Question, found: &mut Vec<NameMention>) {
    let is_label = |f: &NameMention| f.tokens.len() == 1 && matches!(q.tokens[f.tokens.start].stem.as_str(), "name" | "title");
    let mut dropped = Vec::new();
    for (index, label) in found.iter().enumerate().filter(|(_, f)| is_label(f)) {
        let at = label.tokens.start;
        let next = (at + 1..q.tokens.len()).find(|&i| !matches!(q.tokens[i].word.as_str(), "of" | "the" | "all" | "their" | "its" | "each" | "every"));
        let Some(thing) = found.iter().find(|f| !is_label(f) && (f.tokens.end == at || Some(f.tokens.start) == next)) else { continue };
        let named = |(_, c): &(&Model, Option<&Column>)| c.is_none_or(|c| !is_measure(c));
        let own_column = label.candidates.iter().any(|(lm, _)| thing.candidates.iter().any(|(tm, _)| tm.name == lm.name));
        if thing.candidates.iter().any(named) && !own_column {
            dropped.push(index);
            q.labelled.push(thing.tokens.start);
        }
    }
    for index in dropped.into_iter().rev() {
        let label = found.remove(index);
        q.claims[label.tokens.start] = Some(Claim::Filler);
    }
}

/// Whether two words said are a column word abbreviated: "first name" of `fname`.
fn abbreviated(words: &[&str], column_words: &[String]) -> bool {
    words.len() == 2 && column_words.iter().any(|cw| cw.strip_suffix(words[1]).is_some_and(|lead| !lead.is_empty() && words[0].starts_with(lead)))
}

/// Whether a model's name is the words said plus words that name nothing ("cars_data").
fn generic_rest(model: &Model, said: &[&str]) -> bool {
    let rest: Vec<String> = model_words(model).into_iter().filter(|w| !said.iter().any(|s| names(s, w))).collect();
    !rest.is_empty() && rest.iter().all(|w| ["data", "info", "information", "detail", "list", "record", "table", "entry"].contains(&w.as_str()))
}

/// Whether the words said spell a name by their first letters: each word, whole or its first
/// three letters or more, in order, makes up the whole of the name's letters ("life
/// expectancy" of `lifeExp`, "GDP per capita" of `gdpPercap`, "total population" of
/// `tot_pop`). At least two words, each of letters only, one of them cut short.
pub(in crate::question) fn spelled(said: &[&str], name: &str) -> bool {
    // `cut`: whether a word so far was cut short (words said whole are the other rules' to read).
    fn spells(said: &[&str], rest: &str, cut: bool) -> bool {
        match said.split_first() {
            None => rest.is_empty() && cut,
            Some((word, others)) => {
                (3.min(word.len())..=word.len()).rev().any(|n| rest.starts_with(&word[..n]) && spells(others, &rest[n..], cut || n < word.len()))
            }
        }
    }
    let words = vocabulary::split(name);
    let letters: String = words.concat();
    // A name of one word is that word ("discount" is no "district count").
    words.len() > 1 && said.len() > 1 && said.iter().all(|w| w.chars().all(|c| c.is_ascii_lowercase())) && spells(said, &letters, false)
}
