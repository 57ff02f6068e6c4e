//! The words the engine knows without the model: filler, question words, aggregates, ordering,
//! negation, comparisons, units and the verbs that relate things. A word of a question is
//! either one of these, a name of the model, a value of the value index, a number or a date —
//! or it is unplaced, and the engine says so.

mod shape;
mod ways;

pub use shape::*;
pub use ways::*;

/// Words that carry no meaning of their own in a business question.
pub const FILLER: &[&str] = &[
    "a",
    "an",
    "the",
    "of",
    "in",
    "on",
    "at",
    "for",
    "to",
    "from",
    "with",
    "and",
    "or",
    "by",
    "per",
    "as",
    "into",
    "than",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "being",
    "am",
    "do",
    "does",
    "did",
    "done",
    "have",
    "has",
    "had",
    "having",
    "what",
    "what's",
    "whats",
    "which",
    "who",
    "who's",
    "whose",
    "whom",
    "how",
    "where",
    "when",
    "there",
    "here",
    "that",
    "this",
    "these",
    "those",
    "it",
    "its",
    "it's",
    "they",
    "them",
    "their",
    "his",
    "her",
    // Connectors of a list: "X, along with Y", "either A or B".
    "along",
    "either",
    "we",
    "we've",
    "our",
    "ours",
    "us",
    "i",
    "me",
    "my",
    "you",
    "your",
    "show",
    "shows",
    "showing",
    "list",
    "give",
    "tell",
    "find",
    "get",
    "got",
    "see",
    "display",
    "return",
    "please",
    "can",
    "could",
    "would",
    "will",
    "let",
    "let's",
    "know",
    "want",
    "need",
    "all",
    "overall",
    "any",
    "anyone",
    "anything",
    "some",
    "every",
    "each",
    "one",
    "ones",
    "exist",
    "exists",
    "existing",
    "yet",
    "so",
    "far",
    "altogether",
    "about",
    "overview",
    "breakdown",
    "broken",
    "down",
    "split",
    "up",
    "out",
    "recorded",
    "record",
    "records",
    "made",
    "make",
    "placed",
    "place",
    "written",
    "write",
    "wrote",
    "issued",
    "came",
    "come",
    "bring",
    "brings",
    "brought",
    "catalog",
    "catalogue",
    "store",
    "shop",
    "database",
    "data",
    "system",
    "company",
    "business",
    "team's",
    "s",
    "there's",
    "single",
    "look",
    "looks",
    "after",
    "handle",
    "handles",
    "handled",
    "carry",
    "carries",
    "carried",
    "carrying",
    "belong",
    "belongs",
    "work",
    "works",
    "worked",
    "working",
    "hold",
    "holds",
    "held",
    "play",
    "played",
    "plays",
    "appear",
    "appears",
    "appeared",
    "located",
    "based",
    "live",
    "lives",
    "come",
    "comes",
    "run",
    "runs",
    "go",
    "went",
    "whole",
    "entire",
    "total's",
    "through",
    "via",
    "during",
    "across",
    "serve",
    "serves",
    "served",
    "use",
    "uses",
    "used",
    "using",
    "speak",
    "speaks",
    "spoken",
    "receive",
    "received",
    "receives",
    "respectively",
    "also",
    "just",
    "only",
    "right",
    "long",
    "big",
    "same",
    "like",
    "year's",
    "drew",
    "draw",
    "draws",
    "attracted",
    "produced",
    "produce",
    // Verbs that only say a row happened or was kept: "polls conducted", "the year that saw".
    "ran",
    "conducted",
    "taken",
    "took",
    "performed",
    "logged",
    "reported",
    "tracked",
    "happened",
    "occurred",
    "saw",
    "seen",
    "produces",
    "manufactured",
];

/// Nouns for an amount, said after the quantity they are an amount of ("freight charges").
pub const AMOUNT_NOUNS: &[&str] = &["charge", "charges", "amount", "amounts", "figure", "figures", "value", "values", "level", "levels", "count", "counts"];

/// Verbs of selling: they name the lines of a sale (a related model with a quantity).
pub const SALE_VERBS: &[&str] = &["sold", "sell", "sells", "selling", "bought", "buy", "buys", "purchased", "purchase", "ordered"];

/// Units of time: how a question counts or splits time ("how many days", "day of the week"),
/// never a name of a model or column, so never taught as one.
pub const TIME_UNITS: &[&str] = &[
    "second", "seconds", "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "weekday", "weekdays", "month", "months", "quarter", "quarters",
    "year", "years",
];

/// "Currently", "right now": rows whose validity has not ended.
pub const CURRENT: &[&str] = &["current", "currently", "now", "present", "presently", "still", "active"];

/// Negation: "no", "never", "without", "missing", "don't".
pub const NEGATION: &[&str] = &[
    "no", "not", "never", "without", "missing", "lack", "lacks", "lacking", "don't", "doesn't", "didn't", "haven't", "hasn't", "none", "nobody", "isn't",
    "aren't", "weren't", "wasn't",
];

/// Words between a negation and the value it denies ("is not from Russia", "not equal to 4").
pub const BEFORE_DENIED_VALUE: &[&str] = &["from", "in", "at", "the", "a", "an", "equal", "to", "called", "named"];

/// Negations that deny a value said right after them ("not", "isn't"), as against "no" and
/// "without", which say rows are missing.
pub const DENYING: &[&str] = &["not", "isn't", "aren't", "weren't", "wasn't"];

/// Ordering superlatives, highest first.
pub const MOST: &[&str] =
    &["most", "busiest", "highest", "largest", "biggest", "greatest", "best", "top", "maximum", "max", "longest", "tallest", "heaviest", "oldest"];
/// Ordering superlatives, lowest first.
pub const LEAST: &[&str] =
    &["fewest", "quietest", "least", "lowest", "smallest", "worst", "bottom", "minimum", "min", "shortest", "lightest", "youngest", "cheapest"];

/// Superlatives of quality: ranked by an average score, never by how many.
pub const QUALITY: &[&str] = &["best", "worst", "better", "worse", "favourite", "favorite"];

/// A column that scores quality: a rating, a score, stars, a grade.
pub fn is_score(column: &crate::mdl::Column) -> bool {
    const SCORES: [&str; 7] = ["rating", "ratings", "score", "scores", "stars", "star", "grade"];
    super::entities::stems_of(&column.name).iter().any(|w| SCORES.contains(&w.as_str()))
}

/// A quantity that is worse the higher it is (a delay, a loss, deaths): "the worst" of it is
/// its highest, "the best" its lowest.
pub fn worse_when_higher(column: &crate::mdl::Column) -> bool {
    const BAD: &[&str] = &[
        "delay",
        "late",
        "lateness",
        "tardiness",
        "loss",
        "error",
        "defect",
        "complaint",
        "cancellation",
        "death",
        "fatality",
        "injury",
        "crime",
        "murder",
        "debt",
        "unemployment",
        "poverty",
        "churn",
        "refund",
        "damage",
        "failure",
        "accident",
        "incident",
        "downtime",
        "latency",
        "wait",
        "violation",
        "penalty",
        "absence",
        "turnover",
        "mortality",
    ];
    super::entities::stems_of(&column.name).iter().any(|w| BAD.contains(&w.as_str()) || BAD.iter().any(|b| w.strip_suffix('s') == Some(b)))
}

/// Superlative adjectives and the quantity they rank by: a column whose name or description
/// says one of these words.
pub fn superlative_quantity(word: &str) -> Option<&'static [&'static str]> {
    Some(match word {
        "longest" | "shortest" => &["millisecond", "second", "minute", "duration", "length"],
        "tallest" => &["height"],
        "heaviest" | "lightest" => &["weight"],
        "oldest" | "youngest" | "older" | "younger" => &["age", "birth"],
        "cheapest" | "expensive" | "priciest" => &["price", "cost"],
        "biggest" | "largest" | "smallest" => &["capacity", "size", "amount", "total", "byte"],
        "paid" | "highest-paid" | "earn" | "earns" | "earned" | "earner" | "earners" => &["salary", "pay", "wage"],
        // "Longest-serving": the earliest start.
        "serving" | "tenured" => &["hire", "start", "join"],
        _ => return None,
    })
}

/// Words that name a column by what it measures (a stem of the question → stems of column
/// names or descriptions it means).
pub fn column_synonyms(stem: &str) -> &'static [&'static str] {
    match stem {
        "revenue" | "sale" | "income" | "turnover" => &["revenue", "total", "amount"],
        "amount" => &["amount", "total"],
        "cost" | "costs" | "priced" => &["price", "cost"],
        "job" | "position" | "role" => &["title"],
        "spent" | "spend" | "spending" | "money" | "value" => &["total", "amount", "revenue"],
        "earn" | "earned" | "earning" | "pay" | "paid" | "wage" | "payroll" | "salary" => &["salary"],
        "fan" | "crowd" | "spectator" => &["attendance"],
        // "States with more than 10 million people".
        "people" | "resident" | "inhabitant" => &["population"],
        "length" | "duration" | "long" | "minute" | "second" => &["millisecond", "duration", "length", "minute"],
        // "The most miles", "total kilometres": a distance.
        "mile" | "kilometre" | "kilometer" | "km" => &["distance"],
        "height" | "tall" => &["height"],
        "weight" | "weigh" | "weighing" | "heavy" => &["weight"],
        "unit" => &["quantity"],
        "rating" | "star" => &["score", "rating"],
        "win" | "won" | "victory" => &["won"],
        "scored" | "scoring" => &["point", "score"],
        "manager" | "boss" => &["report", "manager"],
        "hire" | "hired" | "joined" => &["hire"],
        "born" | "birthday" => &["birth"],
        "left" | "terminated" | "quit" | "termination" | "leaving" => &["termination"],
        "drafted" => &["draft"],
        "delivered" | "delivery" => &["delivered", "delivery"],
        "reviewed" => &["reviewed", "review"],
        "paying" | "method" => &["method"],
        "dept" | "department" => &["department", "dept"],
        "office" | "site" | "branch" => &["location"],
        "gender" => &["gender", "sex"],
        "sex" => &["sex", "gender"],
        "staff" | "worker" | "employee" => &["employee"],
        "rep" | "representative" | "agent" => &["rep"],
        _ => &[],
    }
}

/// Words that say a person's sex, as the first letter a gender column's values start with
/// ("F", "Female"; "M", "Male").
pub fn sex(word: &str) -> Option<char> {
    match word {
        "woman" | "women" | "female" | "females" | "lady" | "ladies" | "girl" | "girls" => Some('F'),
        "man" | "men" | "male" | "males" | "gentleman" | "gentlemen" | "boy" | "boys" => Some('M'),
        _ => None,
    }
}

/// Units a comparison may be said in, and how many of the column's unit each is when the
/// column's name or description says which unit it holds. A column that does not say its unit
/// is not compared in one: "a delay of more than 2 hours" on a `delay` column of unknown unit
/// is not "delay > 2".
pub fn convert(unit: &str, column_words: &[String]) -> Option<f64> {
    let says = |w: &str| column_words.iter().any(|c| c == w || c.starts_with(w));
    // (words a column says its unit with, how many of that unit one said unit is)
    let in_column: &[(&[&str], f64)] = match unit {
        "minute" | "min" => &[(&["millisecond", "msec"], 60_000.0), (&["second", "sec"], 60.0), (&["minute", "min"], 1.0), (&["hour"], 1.0 / 60.0)],
        "second" | "sec" => &[(&["millisecond", "msec"], 1_000.0), (&["second", "sec"], 1.0), (&["minute", "min"], 1.0 / 60.0), (&["hour"], 1.0 / 3_600.0)],
        "hour" => &[(&["millisecond", "msec"], 3_600_000.0), (&["second", "sec"], 3_600.0), (&["minute", "min"], 60.0), (&["hour"], 1.0)],
        "foot" | "feet" | "ft" => &[(&["cm", "centimet"], 30.48), (&["inch"], 12.0), (&["meter", "metre"], 0.3048), (&["foot", "feet", "ft"], 1.0)],
        "inch" => &[(&["cm", "centimet"], 2.54), (&["inch"], 1.0), (&["foot", "feet", "ft"], 1.0 / 12.0)],
        "cm" | "centimeter" | "centimetre" => &[(&["cm", "centimet"], 1.0), (&["inch"], 1.0 / 2.54), (&["meter", "metre"], 0.01)],
        "pound" | "lb" => &[(&["kg", "kilogram"], 0.453_592), (&["pound", "lb"], 1.0)],
        "kg" | "kilogram" => &[(&["pound", "lb"], 2.204_62), (&["kg", "kilogram"], 1.0)],
        "dollar" | "usd" | "buck" | "percent" | "point" | "fan" | "item" | "unit" | "game" => return Some(1.0),
        _ => return None,
    };
    in_column.iter().find(|(words, _)| words.iter().any(|w| says(w))).map(|(_, factor)| *factor)
}

/// Units whose column is implied by the unit itself.
pub fn unit_quantity(unit: &str) -> Option<&'static [&'static str]> {
    Some(match unit {
        "minute" | "min" | "second" | "sec" | "hour" => &["millisecond", "second", "minute", "duration", "length"],
        "foot" | "feet" | "ft" | "inch" | "cm" => &["height"],
        "pound" | "lb" | "kg" => &["weight"],
        "dollar" | "usd" | "buck" => &["total", "amount", "price", "salary"],
        _ => return None,
    })
}

/// Comparatives that say "more than" a number.
pub const ABOVE: &[&str] = &["more", "greater", "higher", "longer", "taller", "heavier", "larger", "bigger", "older"];
/// Comparatives that say "less than" a number.
pub const BELOW: &[&str] = &["less", "fewer", "lower", "shorter", "smaller", "lighter", "cheaper", "younger"];

/// The other words of comparisons ("more than $15", "over 40"). With [`ABOVE`] and [`BELOW`],
/// never part of a value said in part ("more" is not the last word of a stored "… No More").
pub const COMPARING: &[&str] = &["than", "over", "above", "under", "below", "exceeding", "exceeds", "exceed", "beyond", "exactly", "between"];

/// Comparators said before a number, with the operator they mean.
pub fn comparator(words: &[&str]) -> Option<(usize, &'static str)> {
    let two = |a: &str, b: &str| words.len() >= 2 && words[0] == a && words[1] == b;
    if ABOVE.iter().any(|w| two(w, "than")) {
        return Some((2, ">"));
    }
    if BELOW.iter().any(|w| two(w, "than")) {
        return Some((2, "<"));
    }
    if two("at", "least") || two("no", "less") {
        return Some((2, ">="));
    }
    if two("at", "most") || two("up", "to") {
        return Some((2, "<="));
    }
    if two("priced", "at") || two("equal", "to") || two("costing", "exactly") {
        return Some((2, "="));
    }
    match words.first().copied() {
        Some("over" | "above" | "exceeding" | "exceeds" | "exceed" | "beyond") => Some((1, ">")),
        Some("under" | "below") => Some((1, "<")),
        Some("exactly") => Some((1, "=")),
        Some("between") => Some((1, "BETWEEN")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::convert;

    #[test]
    fn a_unit_converts_only_to_the_unit_a_column_says_it_holds() {
        let words = |s: &str| s.split(' ').map(str::to_owned).collect::<Vec<_>>();
        let cases: &[(&str, &str, Option<f64>)] = &[
            ("minute", "milliseconds", Some(60_000.0)),
            ("hour", "delay minutes", Some(60.0)),
            ("hour", "flight hours", Some(1.0)),
            ("foot", "height cm", Some(30.48)),
            ("pound", "weight kg", Some(0.453_592)),
            // A column that does not say its unit is not compared in one.
            ("hour", "arr delay", None),
            ("foot", "height", None),
            ("kg", "weight", None),
            ("dollar", "total", Some(1.0)),
        ];
        for (unit, column, factor) in cases {
            assert_eq!(convert(unit, &words(column)), *factor, "{unit} of {column}");
        }
    }
}
