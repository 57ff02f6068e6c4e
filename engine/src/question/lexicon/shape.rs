//! The words that say a question's shape: what it counts, averages or sums, how it groups,
//! sorts, ranks and limits. The detectors of `plan::shape` read these and nothing else.

use crate::question::time::Grain;

/// The marker of a grouping, and of what a sort or a ranking is by.
pub const BY: &str = "by";
/// Words after which names are groupings: "by region", "per month", "for each store".
pub const GROUP_MARKERS: &[&str] = &["by", "per", "each", "every"];
/// Words that may stand between a grouping marker and the names it groups by ("by the year and
/// the region", "for each and every …", "by type of …").
pub const BETWEEN_GROUPINGS: &[&str] = &["and", "the", "each", "every", "per", "by", "of"];

/// Words that ask for a count without "how many" or "number of".
pub const COUNT_WORDS: &[&str] = &["count", "headcount"];
/// "Headcount": people employed now, counted.
pub const HEADCOUNT: &str = "headcount";
/// Words that ask for distinct values ("how many different genres").
pub const DISTINCT_WORDS: &[&str] = &["distinct", "different", "unique"];
/// Words that ask for an average.
pub const AVERAGE_WORDS: &[&str] = &["average", "avg", "mean", "averaged"];
/// Words that ask for a sum.
pub const SUM_WORDS: &[&str] = &["total", "sum"];
/// Words of a quantity's name that make it one summed per group ("the invoice total for each
/// quarter"), where one row's value is meant when nothing is grouped ("the highest total").
pub const TOTAL_NOUNS: &[&str] = &["total", "amount"];
/// Stems of quantities that are summed when said without an aggregate word ("revenue by
/// region", "the most points").
pub const SUMMED_STEMS: &[&str] =
    &["revenue", "sale", "income", "turnover", "spent", "spend", "money", "payroll", "point", "unit", "win", "attendance", "value"];
/// A word said right before a quantity that makes it one row's value, not a sum ("the most
/// points in a single game").
pub const ONE_EVENT: &str = "single";

/// Words that ask about people, whatever model holds them.
pub const PEOPLE: &[&str] = &["people", "person", "persons", "someone", "everyone", "whom", "somebody", "anybody"];
/// Words that open a question about a person.
pub const WHO: &[&str] = &["who", "who's"];

/// Verbs and participles of a sort: "ordered by age", "rank them by", "list … by name".
pub const SORT_WORDS: &[&str] = &["order", "ordered", "sort", "sorted", "rank", "ranked", "arranged", "list", "listed"];
/// Sort verbs claimed wherever they are said once a sort is read.
pub const SORT_VERBS: &[&str] = &["order", "sort", "sorted", "ordered"];
/// Directions said between a sort's verb and "by" ("sorted descending by age").
pub const DIRECTIONS_BEFORE_BY: &[&str] = &["descending", "ascending", "desc", "asc", "decreasing", "increasing", "alphabetically"];
/// Words beside a direction that belong to it ("in descending order").
pub const DIRECTION_COMPANIONS: &[&str] = &["in", "order", "the"];

/// The direction of a sort a word says: descending is `true`.
pub fn sort_direction(word: &str) -> Option<bool> {
    match word {
        "descending" | "desc" | "decreasing" | "reverse" => Some(true),
        "ascending" | "asc" | "increasing" | "alphabetical" | "alphabetically" => Some(false),
        _ => None,
    }
}

/// Superlatives that rank whole groups from one end ("top 5 artists", "the bottom 3").
pub const ENDS: &[&str] = &["top", "bottom"];
/// Words that ask which thing: the name after them is what is ranked or listed.
pub const WHICH: &[&str] = &["which", "what", "top", "bottom"];
/// Words after which a whole number is a limit ("top 5", "the first 10", "which 3").
pub const BEFORE_LIMIT: &[&str] = &["top", "bottom", "which", "the", "what", "first", "last"];
/// Words that join a ranked thing to the superlative that ranks it ("the customer with the most
/// orders", "the album having the fewest tracks").
pub const WITH: &[&str] = &["with", "having"];
/// Relative words after a ranked thing ("the team that has the most wins").
pub const RELATIVES: &[&str] = &["that", "which", "who"];
/// Forms of "have".
pub const HAVE: &[&str] = &["has", "have", "had"];
/// Forms of "be", said between "which" and what it ranks ("which is the team with …").
pub const BE: &[&str] = &["is", "are", "was", "were"];

/// Superlatives that, said before a measure of each group, ask for that aggregate per group
/// ("the maximum weight for each type"), not for an order.
pub const EXTREMES: &[&str] = &["maximum", "max", "minimum", "min", "highest", "lowest", "largest", "smallest", "greatest", "biggest"];
/// Superlatives that are aggregates beside another aggregate ("the average and maximum age").
pub const MAX_MIN: &[&str] = &["maximum", "max", "minimum", "min"];
/// Superlatives of how many: "the most flights", "the fewest tracks".
pub const MOST_MANY: &[&str] = &["most", "fewest", "least"];
/// A participle said between a quality superlative and what it rates ("the best rated film").
pub const RATED: &str = "rated";

/// The time grain a word names ("by month", "per quarter", "daily").
pub fn grain_of(word: &str) -> Option<Grain> {
    Some(match word {
        "day" | "days" | "daily" | "date" => Grain::Day,
        "week" | "weeks" | "weekly" => Grain::Week,
        "month" | "months" | "monthly" => Grain::Month,
        "quarter" | "quarters" | "quarterly" => Grain::Quarter,
        "year" | "years" | "yearly" | "annually" | "annual" => Grain::Year,
        "weekday" | "weekdays" => Grain::Weekday,
        _ => return None,
    })
}

/// Phrases that say the day of the week ("by day of the week").
pub const WEEKDAY_PHRASES: &[&[&str]] = &[&["day", "of", "the", "week"], &["day", "of", "week"]];

/// Pairs of words that ask how many: "how many", "the number of".
pub const COUNT_PAIRS: &[[&str; 2]] = &[["how", "many"], ["number", "of"]];
/// Words said right before a quantity that is counted as a sum ("how many units", "the number
/// of points").
pub const BEFORE_COUNTED: &[&str] = &["many", "of"];
/// "And", joining groupings ("by year and month").
pub const AND: &str = "and";
/// The article, allowed between most structure words and what they govern.
pub const THE: &str = "the";
/// "What is the highest …": a question for one value.
pub const WHAT: &str = "what";
/// The preposition of a quantity's event ("points per game").
pub const PER: &str = "per";
/// "From the oldest to the youngest": the two ends of a sort.
pub const SORT_RANGE: [&str; 2] = ["from", "to"];
/// "In descending order of age": "of" after "order" says by what.
pub const ORDER_OF: [&str; 2] = ["order", "of"];

/// A word of selling, or its form in a compound ("best-selling", "sellers").
pub fn sells(word: &str) -> bool {
    super::SALE_VERBS.contains(&word) || word.starts_with("sell")
}
