//! Words of questions and of model names, reduced to comparable stems.

/// Lower-case word stems of `text`: letters and digits, split at anything else and at
/// camelCase humps (`BillingCountry` → `billing`, `country`), plurals folded (`tracks` →
/// `track`, `countries` → `country`).
pub fn stems(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut previous_lower = false;
    for c in text.chars() {
        if !c.is_alphanumeric() {
            flush(&mut current, &mut words);
            previous_lower = false;
            continue;
        }
        if c.is_uppercase() && previous_lower {
            flush(&mut current, &mut words);
        }
        previous_lower = c.is_lowercase() || c.is_ascii_digit();
        current.extend(c.to_lowercase());
    }
    flush(&mut current, &mut words);
    words
}

fn flush(current: &mut String, words: &mut Vec<String>) {
    if !current.is_empty() {
        words.push(stem(current));
        current.clear();
    }
}

/// English plural folding, enough to match "invoices" with `Invoice`.
pub fn stem(word: &str) -> String {
    let n = word.chars().count();
    if n > 4 && word.ends_with("ies") {
        return format!("{}y", &word[..word.len() - 3]);
    }
    if n > 4 && (word.ends_with("ses") || word.ends_with("xes") || word.ends_with("ches") || word.ends_with("shes")) {
        return word[..word.len() - 2].to_owned();
    }
    if n > 3 && word.ends_with('s') && !word.ends_with("ss") && !word.ends_with("us") {
        return word[..word.len() - 1].to_owned();
    }
    word.to_owned()
}

/// How a value of the value index and a phrase of a question are compared: lower-case words
/// of letters and digits joined by one space, so "AC/DC" meets "ac dc" and "R&B/Soul" meets
/// "r b soul".
pub fn value_key(text: &str) -> String {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect::<Vec<_>>().join(" ")
}

/// Which indexed values a question may mean, from its phrases (`value_phrases`): a value
/// said whole, its words run together ("lehavre"), or a value that starts or ends with a
/// phrase ("acme" of "Acme Haulage Ltd."). The deploy's value search runs the same
/// test in SQL with [`ValueSearch::keys`], [`ValueSearch::squashed`] and
/// [`ValueSearch::patterns`] (LIKE patterns); [`ValueSearch::matches`] runs it here.
#[derive(Debug, Clone, Default)]
pub struct ValueSearch {
    pub keys: Vec<String>,
    pub squashed: Vec<String>,
    pub patterns: Vec<String>,
}

impl ValueSearch {
    pub fn new(phrases: &[String]) -> Self {
        let mut keys: Vec<String> = phrases.iter().map(|p| value_key(p)).filter(|k| !k.is_empty()).collect();
        keys.sort();
        keys.dedup();
        let squashed = keys.iter().map(|k| k.replace(' ', "")).filter(|k| k.len() >= 4).collect();
        // Keys hold letters, digits and single spaces only: nothing in them is a LIKE wildcard.
        let patterns = keys.iter().filter(|k| k.len() >= 3 && k.split(' ').count() <= 3).flat_map(|k| [format!("{k} %"), format!("% {k}")]).collect();
        Self { keys, squashed, patterns }
    }

    /// Whether the value whose key is `key` is one the search finds.
    pub fn matches(&self, key: &str) -> bool {
        let squashed = key.replace(' ', "");
        self.keys.iter().any(|k| k == key)
            || self.squashed.contains(&squashed)
            || self.patterns.iter().any(|p| match (p.strip_suffix(" %"), p.strip_prefix("% ")) {
                (Some(start), _) => key.strip_prefix(start).is_some_and(|rest| rest.starts_with(' ')),
                (None, Some(end)) => key.strip_suffix(end).is_some_and(|rest| rest.ends_with(' ')),
                _ => false,
            })
    }
}

/// The runs of one to [`LONGEST_VALUE_WORDS`] words of a question, as value keys: the
/// candidates for indexed values ("brazil", "rock and roll", "são paulo", "ac dc").
pub fn value_phrases(question: &str) -> Vec<String> {
    let words: Vec<String> = value_key(question).split(' ').filter(|w| !w.is_empty()).map(str::to_owned).collect();
    let mut out = Vec::new();
    for n in 1..=LONGEST_VALUE_WORDS {
        for window in words.windows(n) {
            out.push(window.join(" "));
        }
    }
    out.extend(words.iter().filter_map(|w| plain_form(w)).map(str::to_owned));
    // "Support Agents": a value of several words said in the plural.
    for n in 2..=LONGEST_VALUE_WORDS {
        for window in words.windows(n) {
            let last = stem(&window[n - 1]);
            if last != window[n - 1] {
                out.push(format!("{} {last}", window[..n - 1].join(" ")));
            }
        }
    }
    out
}

/// The plain word a value is stored as, for an adjective a question says ("Eastern" → "east").
pub fn plain_form(word: &str) -> Option<&'static str> {
    Some(match word {
        "eastern" => "east",
        "western" => "west",
        "northern" => "north",
        "southern" => "south",
        _ => return None,
    })
}

/// The longest value (in words) a question is searched for.
pub const LONGEST_VALUE_WORDS: usize = 5;

/// A name in words: "BillingCountry" → "billing country", "unit_price" → "unit price".
pub fn name_words(name: &str) -> String {
    let out = identifier_words(name);
    // "CustomerId" reads as the customer.
    match out.strip_suffix(" id") {
        Some(rest) if !rest.is_empty() => rest.to_owned(),
        _ => out,
    }
}

/// A model or column as a business user says it: its display name, else its name, in words
/// ("ShipCountry" → "ship country").
pub fn label_words(name: &str, properties: &crate::mdl::Properties) -> String {
    name_words(properties.display_name.as_deref().unwrap_or(name))
}

/// An identifier's words, lower case, split at `_`, `-`, spaces and camelCase humps.
pub fn identifier_words(name: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = name.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c == '_' || c == '-' || c.is_whitespace() {
            if !out.ends_with(' ') && !out.is_empty() {
                out.push(' ');
            }
            continue;
        }
        let boundary = i > 0
            && c.is_uppercase()
            && (chars[i - 1].is_lowercase()
                || chars[i - 1].is_ascii_digit()
                || chars.get(i + 1).is_some_and(|n| n.is_lowercase()) && chars[i - 1].is_uppercase());
        if boundary && !out.ends_with(' ') {
            out.push(' ');
        }
        out.extend(c.to_lowercase());
    }
    out.trim().to_owned()
}

/// Words that mean the same thing in business questions, by stem.
pub fn synonyms(stem: &str) -> &'static [&'static str] {
    match stem {
        "revenue" | "sale" | "income" | "turnover" => &["revenue", "sale", "total", "amount"],
        "customer" | "client" | "buyer" => &["customer", "client"],
        "song" | "tune" => &["track"],
        "singer" | "band" | "musician" => &["artist"],
        "employee" | "staff" | "worker" => &["employee"],
        "country" | "nation" => &["country"],
        "city" | "town" => &["city"],
        "genre" | "style" => &["genre"],
        "order" | "purchase" => &["order", "invoice"],
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_value_search_finds_values_said_whole_run_together_or_in_part() {
        let search = ValueSearch::new(&value_phrases("parcels sent by acme to lebourg"));
        for (value, found) in [("Acme Haulage Ltd.", true), ("Le Bourg", true), ("Swift Carriers", false), ("Parcels", true)] {
            assert_eq!(search.matches(&value_key(value)), found, "{value}");
        }
    }

    #[test]
    fn names_and_questions_meet_in_stems() {
        assert_eq!(stems("BillingCountry"), ["billing", "country"]);
        assert_eq!(stems("invoice_lines"), ["invoice", "line"]);
        assert_eq!(stems("How many tracks by countries?"), ["how", "many", "track", "by", "country"]);
        assert_eq!(stems("MediaTypeId"), ["media", "type", "id"]);
        assert_eq!(stems("boxes, classes and status"), ["box", "class", "and", "status"]);
    }

    #[test]
    fn values_with_punctuation_meet_their_phrases() {
        assert_eq!(value_key("AC/DC"), "ac dc");
        assert_eq!(value_key(" R&B/Soul "), "r b soul");
        assert_eq!(value_key("Guns N' Roses"), "guns n roses");
        let phrases = value_phrases("Total sales of R&B/Soul tracks");
        assert!(phrases.contains(&"r b soul".to_owned()) && phrases.contains(&"sales".to_owned()));
    }
}
