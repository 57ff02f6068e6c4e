//! The embedded question engine: business questions answered from the semantic model alone,
//! with no language model. It recognises an aggregate ("how many", "total", "average",
//! "highest", "lowest", "distinct"), the measure it applies to, a grouping ("by", "per",
//! "for each"), filters on values the deploy indexed ("in Brazil", "for Jazz") or on a year,
//! and a top-N, matching words to model and column names, display names and a few synonyms.
//! It writes SQL over the models (reading along to-one relationships through their
//! relationship columns), which the semantic layer compiles. What it cannot place it says it
//! did not understand, with suggestions — it never invents SQL.

mod from_sql;
mod lexicon;
mod plan;
mod reach;
mod read;
mod suggest;
mod time;
mod tokens;
mod words;

pub use from_sql::reading_of_sql;
pub use suggest::{follow_up, suggestions};
pub use time::{TimeRange, all_time, range_in, words};
pub use words::{value_key, value_phrases};

use crate::{
    compile::Dialect,
    mdl::Manifest,
};
use chrono::NaiveDate;

/// A value of the deploy's value index that a question names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueMatch {
    pub model: String,
    pub column: String,
    pub value: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Understanding {
    /// SQL over the models and, in words, what it answers: `understood` as sentences, and
    /// `reading` as chips a person can remove or change.
    Sql { sql: String, understood: Vec<String>, reading: Vec<Chip> },
    NotUnderstood { understood: Vec<String>, suggestions: Vec<String> },
}

/// What a part of a question's reading is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum), graphql(name = "ReadingChipKind"))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ChipKind {
    Measure,
    Grouping,
    Filter,
    Comparison,
    TimeRange,
    Order,
    Limit,
}

/// One part of how a question was read, in a business user's words ("total revenue", "by
/// genre", "in 2023", "top 5"), with the bytes of the question it came from (`start..end`;
/// both 0 when it stands for the question as a whole), so it can be removed or changed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Chip {
    pub kind: ChipKind,
    pub label: String,
    pub start: usize,
    pub end: usize,
}

/// Whether a question names an aggregate ("how many", "total", "average", "highest"…).
fn aggregate_of(tokens: &[String]) -> bool {
    let has = |w: &str| tokens.iter().any(|t| t == w);
    let pair = |a: &str, b: &str| tokens.windows(2).any(|p| p[0] == a && p[1] == b);
    pair("how", "many")
        || pair("number", "of")
        || ["count", "average", "avg", "mean", "highest", "maximum", "max", "largest", "biggest", "lowest", "minimum", "min", "smallest", "total", "sum", "revenue", "sale"]
            .iter()
            .any(|w| has(w))
}

/// Words that end the grouping phrase.
const GROUP_END: &[&str] = &["in", "for", "with", "where", "during", "from", "top", "only", "and", "of"];
const GROUP_START: &[&str] = &["by", "per", "each"];

/// Answers `question` from the manifest; `values` are the indexed values it names, `today`
/// the project's date (for "last month" and the like). Every word of the question is placed
/// or known filler, or there is no SQL: the reply says which words it could not place.
pub fn understand(manifest: &Manifest, dialect: Dialect, question: &str, values: &[ValueMatch], today: NaiveDate) -> Understanding {
    plan::understand(manifest, dialect, question, values, today)
}

