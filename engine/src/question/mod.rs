//! The embedded question engine: business questions answered from the semantic model alone,
//! with no language model.
//!
//! A question is read into parts (`read`): values of the deploy's value index ("AC/DC",
//! "Rock"), date ranges ("in 2023", "last quarter", "from 2023 to 2025"), comparisons with
//! their units ("shorter than 3 minutes", "over $150k"), and the names of models and columns
//! it says (with synonyms). `plan` then builds a reading — measure and aggregate, groupings
//! (columns, entities by their key and name columns, time grains), filters, comparisons,
//! missing values and anti-joins, "currently", superlatives (ties kept), top N, averages of
//! per-group counts — over the model that reaches every part along to-one relationships, and
//! writes SQL over the models for the semantic layer to compile.
//!
//! The first rule: every word of the question is placed by a part of the reading or is known
//! filler (`lexicon`). When a word is left, or two complete readings disagree, there is no
//! SQL: the reply names the words it could not place and what it did understand. The reading
//! comes back as [`Chip`]s with the part of the question each came from, so a person can
//! remove one or change it and ask again.

mod entities;
pub(crate) mod from_sql;
mod left_out;
mod lexicon;
mod plan;
mod query_parts;
mod reach;
mod read;
mod suggest;
mod teach;
pub mod thesaurus;
mod time;
mod tokens;
pub mod vocabulary;
pub(crate) mod words;

pub use from_sql::reading_of_sql;
pub use left_out::{LeftOut, left_out_of};
pub use query_parts::{DatedColumn, dated_columns};
pub use suggest::{follow_up, follow_ups, suggestions};
pub use time::{TimeRange, all_time, range_in, words};
pub use words::{ValueSearch, value_key, value_phrases};

/// Whether a phrase is only units of time ("days", "day of week" is not): such a phrase counts
/// or splits time in a question and cannot be taught as the name of a model or column.
pub fn is_time_unit_phrase(phrase: &str) -> bool {
    let words: Vec<String> = phrase.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
    !words.is_empty() && words.iter().all(|w| lexicon::TIME_UNITS.contains(&w.as_str()))
}

use crate::{
    compile::Dialect,
    mdl::{Column, Manifest, Model},
};
use chrono::NaiveDate;

/// How many distinct values of a text column the value index keeps; a column with more is not
/// indexed. A category has at most [`CATEGORY_VALUES`]. The name of a thing other rows refer to
/// (an airport's, a supplier's, a product's) is said in questions ("flights to Atlanta") and is
/// kept up to [`REFERRED_NAMES`].
pub fn values_indexed(manifest: &Manifest, model: &Model, column: &Column) -> usize {
    let referred = entities::referenced_column(manifest, model).is_some();
    if referred && entities::shown_columns(manifest, model).iter().any(|c| c.name == column.name) { REFERRED_NAMES } else { CATEGORY_VALUES }
}

/// The most distinct values a category column has.
pub const CATEGORY_VALUES: usize = 1000;
/// The most distinct names of a thing other rows refer to that the value index keeps.
pub const REFERRED_NAMES: usize = 5000;

/// A value of the deploy's value index that a question names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueMatch {
    pub model: String,
    pub column: String,
    pub value: String,
    /// How many values its column has in the index (0: not known, taken as a category).
    pub column_values: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Understanding {
    /// SQL over the models and, in words, what it answers: `understood` as sentences, and
    /// `reading` as chips a person can remove or change.
    Sql { sql: String, understood: Vec<String>, reading: Vec<Chip> },
    NotUnderstood {
        understood: Vec<String>,
        suggestions: Vec<String>,
        /// For each phrase it could not place, the likeliest models and columns it may mean:
        /// one click teaches the phrase as a term of the chosen one (`vocabulary::apply`).
        teach: Vec<TeachOffer>,
    },
}

/// A phrase of a question the engine could not place, and what it may mean.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TeachOffer {
    pub phrase: String,
    pub candidates: Vec<TeachTarget>,
}

/// A model, or a column of one, a phrase may be taught as.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TeachTarget {
    pub model: String,
    pub column: Option<String>,
    /// In a business user's words: "departure delay (flights)".
    pub label: String,
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
        || [
            "count", "average", "avg", "mean", "highest", "maximum", "max", "largest", "biggest", "lowest", "minimum", "min", "smallest", "total", "sum",
            "revenue", "sale",
        ]
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
