//! What a dataset's own names stand for, derived from the names alone: identifiers split
//! (`dep_delay`, `ArrTime`, `tailnum`), abbreviations expanded from a table of the ones data
//! people use (`qty`, `amt`, `dest`, `dlv`…), and the other forms of a word (delivery,
//! deliver, delivered). Taught terms (a user's one-click choice, an owner's addition) and
//! terms an owner removed come with the model's properties.
//!
//! Nothing here names a dataset: the table is language — the short forms of English words
//! that column names use everywhere.

use super::words::{identifier_words, name_words, stem};
use crate::mdl::{Manifest, Properties, Term, TermSource};

/// How many names a [`Memo`] keeps before it starts over.
const MEMO_NAMES: usize = 50_000;

/// What a function of a name alone gave, kept: every question reads the project's names again,
/// and splitting one asks WordNet many times. Bounded: when full it is emptied.
struct Memo(std::sync::Mutex<Option<std::collections::HashMap<String, Vec<String>>>>);

impl Memo {
    const fn new() -> Self {
        Self(std::sync::Mutex::new(None))
    }

    fn get(&self, name: &str, f: fn(&str) -> Vec<String>) -> Vec<String> {
        if let Some(known) = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).as_ref().and_then(|m| m.get(name)) {
            return known.clone();
        }
        let words = f(name);
        let mut guard = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let map = guard.get_or_insert_with(std::collections::HashMap::new);
        if map.len() >= MEMO_NAMES {
            map.clear();
        }
        map.insert(name.to_owned(), words.clone());
        words
    }
}

/// A term the project taught (a phrase for a model or a column), or a derived term an owner
/// removed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaughtTerm {
    pub phrase: String,
    pub model: String,
    pub column: Option<String>,
    /// A derived term removed, not a term added.
    #[serde(default)]
    pub removed: bool,
}

/// Puts the project's taught and removed terms on the models and columns they are about
/// (terms about models or columns that are gone are left out).
pub fn apply(manifest: &mut Manifest, taught: &[TaughtTerm]) {
    for t in taught {
        let Some(model) = manifest.models.iter_mut().find(|m| m.name.eq_ignore_ascii_case(&t.model)) else { continue };
        let properties = match &t.column {
            None => &mut model.properties,
            Some(c) => match model.columns.iter_mut().find(|x| x.name.eq_ignore_ascii_case(c)) {
                Some(column) => &mut column.properties,
                None => continue,
            },
        };
        let phrase = t.phrase.trim().to_lowercase();
        if t.removed {
            properties.removed_terms.push(phrase);
        } else if !properties.terms.iter().any(|x| x.text == phrase) {
            properties.terms.push(Term { text: phrase, source: TermSource::Taught });
        }
    }
}

/// Short forms of words that column and table names use, and what each stands for. Several
/// expansions: the name is understood as each of them (`dep` is a departure or a department).
const ABBREVIATIONS: &[(&str, &[&str])] = &[
    ("acct", &["account"]),
    ("addr", &["address"]),
    ("adj", &["adjusted"]),
    ("alt", &["altitude"]),
    ("amt", &["amount"]),
    ("approx", &["approximate"]),
    ("appt", &["appointment"]),
    ("arr", &["arrival"]),
    ("attr", &["attribute"]),
    ("avg", &["average"]),
    ("bal", &["balance"]),
    ("bldg", &["building"]),
    ("cat", &["category"]),
    ("cd", &["code"]),
    ("chg", &["charge"]),
    ("cnt", &["count"]),
    ("cntry", &["country"]),
    ("cnty", &["county"]),
    ("co", &["company"]),
    ("comm", &["commission"]),
    ("ctry", &["country"]),
    ("del", &["delivery"]),
    ("dep", &["departure"]),
    ("desc", &["description"]),
    ("dest", &["destination"]),
    ("dist", &["distance"]),
    ("div", &["division"]),
    ("dlv", &["delivery"]),
    ("dob", &["birth"]),
    ("doc", &["document"]),
    ("dst", &["destination"]),
    ("dt", &["date"]),
    ("dur", &["duration"]),
    ("elev", &["elevation"]),
    ("eng", &["engine"]),
    ("est", &["estimated"]),
    ("exp", &["expense"]),
    ("fname", &["first name"]),
    ("freq", &["frequency"]),
    ("fy", &["fiscal year"]),
    ("grp", &["group"]),
    ("hr", &["hour"]),
    ("hrs", &["hour"]),
    ("ht", &["height"]),
    ("lat", &["latitude"]),
    ("lname", &["last name"]),
    ("lng", &["longitude"]),
    ("loc", &["location"]),
    ("lon", &["longitude"]),
    ("manuf", &["manufacturer"]),
    ("max", &["maximum"]),
    ("mfr", &["manufacturer"]),
    ("mgr", &["manager"]),
    ("min", &["minimum", "minute"]),
    ("mins", &["minute"]),
    ("mo", &["month"]),
    ("mth", &["month"]),
    ("nbr", &["number"]),
    ("nm", &["name"]),
    ("no", &["number"]),
    ("num", &["number"]),
    ("ord", &["order"]),
    ("org", &["organization"]),
    ("orig", &["origin"]),
    ("pct", &["percent"]),
    ("perc", &["percent"]),
    ("pmt", &["payment"]),
    ("pop", &["population"]),
    ("pos", &["position"]),
    ("prc", &["price"]),
    ("precip", &["precipitation"]),
    ("qty", &["quantity"]),
    ("rcv", &["received"]),
    ("rcvd", &["received"]),
    ("recv", &["received"]),
    ("ref", &["reference"]),
    ("reg", &["region"]),
    ("rev", &["revenue"]),
    ("sched", &["scheduled"]),
    ("sec", &["second"]),
    ("shp", &["shipment"]),
    ("shpd", &["shipped"]),
    ("spd", &["speed"]),
    ("src", &["source"]),
    ("std", &["standard"]),
    ("sup", &["supplier"]),
    ("supp", &["supplier"]),
    ("tel", &["telephone"]),
    ("temp", &["temperature"]),
    ("terr", &["territory"]),
    ("tot", &["total"]),
    ("trx", &["transaction"]),
    ("txn", &["transaction"]),
    ("tz", &["time", "zone"]),
    ("uom", &["unit"]),
    ("vend", &["vendor"]),
    ("vis", &["visibility"]),
    ("whse", &["warehouse"]),
    ("wk", &["week"]),
    ("wt", &["weight"]),
    ("yr", &["year"]),
    ("yrs", &["year"]),
];

/// Short forms that end a word run together with another (`tailnum`, `flightno`, `custid`).
const GLUED_ENDINGS: &[&str] = &["num", "nbr", "id", "cd", "qty", "amt", "cnt", "pct", "dt", "nm"];

/// English words that end as a glued short form does but are one word ("valid", "fluid").
const NOT_GLUED: &[&str] = &[
    "acid", "android", "arid", "avoid", "braid", "candid", "druid", "fluid", "humid", "hybrid", "invalid", "liquid", "lucid", "orchid", "paid", "pyramid",
    "rapid", "said", "solid", "splendid", "squid", "stupid", "timid", "unpaid", "valid", "vivid", "void", "prepaid", "cuspid", "grid", "rigid", "tepid",
    "torpid",
];

/// What a short form stands for; empty when it is not one.
pub fn expansions(word: &str) -> &'static [&'static str] {
    ABBREVIATIONS.binary_search_by(|(short, _)| short.cmp(&word)).map(|at| ABBREVIATIONS[at].1).unwrap_or(&[])
}

/// The single expansion of a short form that stands for one thing only.
fn only_expansion(word: &str) -> Option<&'static str> {
    match expansions(word) {
        [one] => Some(one),
        _ => None,
    }
}

/// The words of an identifier: split at `_`, `-`, spaces, camelCase humps and digits, and a
/// short form run into a word split off (`tailnum` → tail, num).
pub fn split(name: &str) -> Vec<String> {
    static SPLITS: Memo = Memo::new();
    SPLITS.get(name, split_afresh)
}

fn split_afresh(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let spoken = identifier_words(name);
    let mut words: Vec<String> = Vec::new();
    for word in spoken.split(' ').filter(|w| !w.is_empty()) {
        // A letter split off by the case of the next word is one short form with it: `LName`
        // is lname (last name), not "l" and "name".
        match words.last_mut() {
            Some(last) if last.len() == 1 && !expansions(&format!("{last}{word}")).is_empty() => last.push_str(word),
            _ => words.push(word.to_owned()),
        }
    }
    for word in words.iter().map(String::as_str) {
        let glued =
            GLUED_ENDINGS.iter().find(|end| word.len() >= end.len() + 3 && word.ends_with(*end) && expansions(word).is_empty() && !NOT_GLUED.contains(&word));
        match glued {
            Some(end) => {
                out.push(word[..word.len() - end.len()].to_owned());
                out.push((*end).to_owned());
            }
            None => match compound(word) {
                Some((first, second)) => {
                    out.push(first.to_owned());
                    out.push(second.to_owned());
                }
                None => out.push(word.to_owned()),
            },
        }
    }
    out
}

/// Two words run together with no mark between them (`duedate`, `unitcost`, `rawscore`): a
/// name that is no English word but two of them, or a short form and a word (`adjscore`),
/// each of three letters at least, the first as written (`raws|core` is no cut: "raws" is
/// only a form of "raw") — the most even cut when several fit. Needs WordNet.
fn compound(word: &str) -> Option<(&str, &str)> {
    if word.len() < 6 || !word.chars().all(|c| c.is_ascii_lowercase()) || !expansions(word).is_empty() {
        return None;
    }
    let wordnet = super::thesaurus::Thesaurus::shared()?;
    if wordnet.is_word(word) {
        return None;
    }
    (3..=word.len() - 3)
        .map(|at| word.split_at(at))
        .filter(|(first, second)| (wordnet.is_lemma(first) || !expansions(first).is_empty()) && wordnet.is_word(second))
        .max_by_key(|(first, second)| first.len().min(second.len()))
}

/// The stems a name says, with the short forms that stand for one thing expanded: `dest` →
/// destination, `qty_ordered` → quantity, ordered. What `stems_of` gives every name.
pub fn name_stems(name: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in split(name) {
        match only_expansion(&word) {
            Some(full) => out.extend(full.split(' ').map(stem)),
            None if word.chars().all(|c| c.is_ascii_digit()) => out.push(word),
            None => out.push(stem(&word)),
        }
    }
    out
}

/// Every stem a name may be said by: its own words, each expansion of a short form, and the
/// other forms of its words (arrival, arrive; delivery, deliver, delivered).
pub fn name_alternatives(name: &str) -> Vec<String> {
    static ALTERNATIVES: Memo = Memo::new();
    ALTERNATIVES.get(name, alternatives_afresh)
}

fn alternatives_afresh(name: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in split(name) {
        out.push(stem(&word));
        for full in expansions(&word) {
            out.extend(full.split(' ').map(stem));
        }
    }
    let forms: Vec<String> = out.iter().flat_map(|w| other_forms(w)).collect();
    out.extend(forms);
    let mut seen = std::collections::HashSet::new();
    out.retain(|w| seen.insert(w.clone()));
    out
}

/// Other forms of an English word, by its ending: the verb of a noun ("delivery" →
/// "deliver", "arrival" → "arrive", "departure" → "depart", "payment" → "pay", "selection"
/// → "select") and the past of a verb ("deliver" → "delivered").
pub fn other_forms(word: &str) -> Vec<String> {
    let mut out = Vec::new();
    let n = word.len();
    let mut push = |w: String| {
        if w.len() >= 3 && w != word {
            out.push(w);
        }
    };
    if n > 5 {
        if let Some(base) = word.strip_suffix("ery") {
            push(format!("{base}er"));
        }
        if let Some(base) = word.strip_suffix("ment") {
            push(base.to_owned());
        }
        if let Some(base) = word.strip_suffix("ure") {
            push(base.to_owned());
        }
        if let Some(base) = word.strip_suffix("al") {
            push(format!("{base}e"));
        }
        if let Some(base) = word.strip_suffix("ion") {
            push(base.to_owned());
            push(format!("{base}e"));
        }
        if let Some(base) = word.strip_suffix("ed") {
            push(base.to_owned());
            push(format!("{base}e"));
        }
        if let Some(base) = word.strip_suffix("ing") {
            push(base.to_owned());
            push(format!("{base}e"));
        }
    }
    let noun = ["ure", "ment", "ion", "al", "ery", "ity", "ness"].iter().any(|end| word.ends_with(end));
    let consonant_y = word.ends_with('y') && !word[..n - 1].ends_with(['a', 'e', 'o', 'u']);
    if n >= 4 && !noun && !consonant_y && !word.ends_with("ed") && !word.ends_with("ing") {
        let past = if word.ends_with('e') { format!("{word}d") } else { format!("{word}ed") };
        push(past);
    }
    out
}

/// The terms a model or column is understood as, each with where it came from: its name's
/// words, the expansions of its short forms, the display name, the description's first words
/// — and what the project taught; less what an owner removed.
pub fn terms(name: &str, properties: &Properties) -> Vec<Term> {
    let mut out: Vec<Term> = Vec::new();
    let mut add = |text: String, source: TermSource| {
        let text = text.trim().to_lowercase();
        if !text.is_empty() && !out.iter().any(|t: &Term| t.text == text) && !properties.removed_terms.iter().any(|r| r.eq_ignore_ascii_case(&text)) {
            out.push(Term { text, source });
        }
    };
    let words = split(name);
    add(words.join(" "), TermSource::Name);
    // Each short form expanded, one reading per expansion ("departure delay", "department delay").
    let mut readings: Vec<Vec<String>> = vec![Vec::new()];
    for word in &words {
        let options: Vec<String> = match expansions(word) {
            [] => vec![word.clone()],
            many => many.iter().map(|s| (*s).to_owned()).collect(),
        };
        readings = readings.iter().flat_map(|r| options.iter().map(move |o| [r.clone(), vec![o.clone()]].concat())).take(4).collect();
    }
    for reading in readings {
        let reading: Vec<String> = reading.into_iter().filter(|w| w != "id" || words.len() == 1).collect();
        add(reading.join(" "), TermSource::Abbreviation);
    }
    if let Some(display) = &properties.display_name {
        add(name_words(display), TermSource::Name);
    }
    for taught in &properties.terms {
        add(taught.text.clone(), taught.source);
    }
    out
}

/// The stems of every term a model or column is said by (see [`terms`]), with the other
/// forms of their words: the words a question may use for it.
pub fn said_by(name: &str, properties: &Properties) -> Vec<String> {
    let mut out = name_alternatives(name);
    if let Some(display) = &properties.display_name {
        out.extend(name_alternatives(display));
    }
    for taught in &properties.terms {
        out.extend(taught.text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(|w| stem(&w.to_lowercase())));
    }
    out.retain(|w| !removed(properties, name, w));
    // "height_cm", "PetID": the unit and the key marker are not words a question names it by.
    out.retain(|w| !["id", "cm", "kg", "is", "on", "at"].contains(&w.as_str()));
    let mut seen = std::collections::HashSet::new();
    out.retain(|w| seen.insert(w.clone()));
    out
}

/// Whether an owner removed the term a derived stem came from: a word of a removed term that
/// is not one of the name's own letters (`dest` stays `dest`; "destination" can go).
fn removed(properties: &Properties, name: &str, word: &str) -> bool {
    let own: Vec<String> = split(name).iter().map(|w| stem(w)).collect();
    !own.iter().any(|o| o == word)
        && properties.removed_terms.iter().any(|r| {
            r.split(|c: char| !c.is_alphanumeric()).any(|x| {
                let x = stem(&x.to_lowercase());
                x == word || other_forms(&x).iter().any(|f| f == word)
            })
        })
}

/// [`name_stems`] less what an owner removed.
pub fn kept_name_stems(name: &str, properties: &Properties) -> Vec<String> {
    name_stems(name).into_iter().filter(|w| !removed(properties, name, w)).collect()
}

/// The terms taught for a model or column, as stems, each term's words together: a term said
/// in full places the name on its own.
pub fn taught_phrases(properties: &Properties) -> Vec<Vec<String>> {
    properties.terms.iter().map(|t| t.text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(|w| stem(&w.to_lowercase())).collect()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_for_lookup() {
        assert!(ABBREVIATIONS.windows(2).all(|w| w[0].0 < w[1].0), "ABBREVIATIONS must stay sorted");
    }

    #[test]
    fn identifiers_split_and_short_forms_expand() {
        let cases: &[(&str, &[&str])] = &[
            ("dest", &["destination"]),
            ("dep_delay", &["departure", "delay"]),
            ("min_temp", &["min", "temperature"]),
            ("qty_ordered", &["quantity", "ordered"]),
            ("tailnum", &["tail", "number"]),
            ("ArrTime", &["arrival", "time"]),
            ("yearID", &["year", "id"]),
            ("unit_price", &["unit", "price"]),
            ("year", &["year"]),
            ("month", &["month"]),
            ("air_time", &["air", "time"]),
            // A letter split off by case is one short form with the next word.
            ("LName", &["last", "name"]),
            ("FName", &["first", "name"]),
            ("PType", &["p", "type"]),
        ];
        for (name, want) in cases {
            assert_eq!(name_stems(name), *want, "{name}");
        }
    }

    #[test]
    fn words_run_together_are_split_where_each_part_is_a_word() {
        // WordNet decides what a word is (Debian's wordnet-base; scripts/deps.sh installs it).
        assert!(super::super::thesaurus::Thesaurus::shared().is_some(), "WordNet is installed");
        let cases: &[(&str, &[&str])] = &[
            ("duedate", &["due", "date"]),
            ("unitcost", &["unit", "cost"]),
            ("rawscore_home", &["raw", "score", "home"]),
            ("adjscore_away", &["adjusted", "score", "away"]),
            ("lastupdate", &["last", "update"]),
            // Words of their own stay whole.
            ("password", &["password"]),
            ("birthday", &["birthday"]),
            ("population", &["population"]),
            ("weeks_reporting", &["week", "reporting"]),
        ];
        for (name, want) in cases {
            assert_eq!(name_stems(name), *want, "{name}");
        }
    }

    #[test]
    fn every_expansion_of_an_ambiguous_short_form_is_a_way_to_say_it() {
        let said = name_alternatives("min_temp");
        for w in ["min", "minimum", "minute", "temperature"] {
            assert!(said.contains(&w.to_owned()), "{w} in {said:?}");
        }
        let said = name_alternatives("dep_delay");
        for w in ["dep", "departure", "delay", "delayed"] {
            assert!(said.contains(&w.to_owned()), "{w} in {said:?}");
        }
        let said = name_alternatives("dlv_date");
        assert!(said.contains(&"delivery".to_owned()) && said.contains(&"deliver".to_owned()), "{said:?}");
    }

    #[test]
    fn other_forms_of_a_word() {
        let cases: &[(&str, &str)] =
            &[("delivery", "deliver"), ("arrival", "arrive"), ("departure", "depart"), ("payment", "pay"), ("selection", "select"), ("deliver", "delivered")];
        for (word, form) in cases {
            assert!(other_forms(word).contains(&(*form).to_owned()), "{word} → {form}: {:?}", other_forms(word));
        }
    }

    #[test]
    fn terms_say_where_they_came_from_and_removed_ones_are_gone() {
        let mut props = Properties::default();
        let t = terms("dest_cd", &props);
        assert_eq!(t[0], Term { text: "dest cd".into(), source: TermSource::Name });
        assert!(t.iter().any(|t| t.text == "destination code" && t.source == TermSource::Abbreviation), "{t:?}");
        props.removed_terms.push("destination code".into());
        props.terms.push(Term { text: "arrival airport".into(), source: TermSource::Taught });
        let t = terms("dest_cd", &props);
        assert!(!t.iter().any(|t| t.text == "destination code"));
        assert!(t.iter().any(|t| t.text == "arrival airport" && t.source == TermSource::Taught));
        assert!(said_by("dest_cd", &props).contains(&"airport".to_owned()));
    }
}
#[cfg(test)]
mod removal {
    use super::*;
    #[test]
    fn removed_expansions_are_not_said() {
        let props = Properties { removed_terms: vec!["destination".into()], ..Properties::default() };
        assert!(!said_by("dest", &props).contains(&"destination".to_owned()), "{:?}", said_by("dest", &props));
        assert!(!kept_name_stems("dest", &props).contains(&"destination".to_owned()), "{:?}", kept_name_stems("dest", &props));
    }
}
