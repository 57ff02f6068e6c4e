//! SQL text a reading writes beside the models' own (related rows, values inside them, time
//! grains, literals), and the words its labels are said in.

use super::Grain;
use crate::{
    compile::Dialect,
    mdl::{Column, JoinType, Manifest, Model},
    question::{
        TimeRange,
        entities::stems_of,
        reach::{Reach, join_condition},
        read::{Question, ValueMention},
        words::name_words,
    },
};
use chrono::Datelike;

pub(super) fn number_text(n: f64) -> String {
    let rounded = (n * 1_000_000.0).round() / 1_000_000.0;
    if rounded.fract() == 0.0 { format!("{}", rounded as i64) } else { format!("{rounded}") }
}

/// ` AND other.column IN (…)`: the deferred values that are values of `other`'s rows, taken
/// out of `deferred`, with the names said beside them placed; `Err` names a value of another
/// model. One condition per row that must exist: "a cat and a dog" are two rows, one of each
/// (values of one column joined by "and"), "a cat or a dog" one row of either.
pub(super) fn values_inside<'q>(
    q: &'q Question,
    other: &Model,
    deferred: &mut Vec<(usize, &'q ValueMention)>,
    used_names: &mut Vec<usize>,
    dialect: Dialect,
) -> Result<Vec<String>, String> {
    // Each column's values, and whether they were joined by "and".
    let mut by_column: Vec<(String, Vec<String>, bool)> = Vec::new();
    let mut first_value = None;
    let mut said: Vec<(usize, &'q ValueMention)> = std::mem::take(deferred);
    said.sort_by_key(|(_, v)| v.tokens.start);
    let mut last_end: Vec<(String, usize)> = Vec::new();
    for (_, v) in said {
        let Some((_, column)) = v.places.iter().find(|(m, _)| *m == other.name) else { return Err(v.value.clone()) };
        first_value.get_or_insert_with(|| v.value.clone());
        // "a cat and a dog", not "a cat or a dog": the words since this column's last value.
        let since = last_end.iter().find(|(c, _)| c == column).map(|(_, end)| *end);
        let between = since.map(|from| &q.tokens[from..v.tokens.start]);
        let joined_by_and = between.is_some_and(|b| b.iter().any(|t| t.word == "and") && !b.iter().any(|t| t.word == "or"));
        // "A cat or a dog and a bird": which of them must exist together is not read.
        if between.is_some_and(|b| b.iter().any(|t| t.word == "or")) && by_column.iter().any(|(c, _, each)| c == column && *each)
            || joined_by_and && by_column.iter().any(|(c, list, _)| c == column && list.len() > 1)
        {
            return Err(v.value.clone());
        }
        match last_end.iter_mut().find(|(c, _)| c == column) {
            Some((_, end)) => *end = v.tokens.end,
            None => last_end.push((column.clone(), v.tokens.end)),
        }
        match by_column.iter_mut().find(|(c, _, _)| c == column) {
            Some((_, list, each)) => {
                *each |= joined_by_and;
                list.push(quote_text(&v.value));
            }
            None => by_column.push((column.clone(), vec![quote_text(&v.value)], false)),
        }
        // "directed by Ben Jones": the column's name said beside its value.
        for (n, m) in q.names.iter().enumerate() {
            let beside = m.tokens.end == v.tokens.start || m.tokens.end + 1 == v.tokens.start || v.tokens.end == m.tokens.start;
            if beside && m.candidates.iter().any(|(mm, c)| mm.name == other.name && c.is_some_and(|c| c.name == *column)) {
                used_names.push(n);
            }
        }
    }
    let condition = |column: &str, list: &[String]| match list {
        [one] => format!(" AND {}.{} = {one}", dialect.quote(&other.name), dialect.quote(column)),
        many => format!(" AND {}.{} IN ({})", dialect.quote(&other.name), dialect.quote(column), many.join(", ")),
    };
    let common: String = by_column.iter().filter(|(_, _, each)| !each).map(|(c, list, _)| condition(c, list)).collect();
    match by_column.iter().filter(|(_, _, each)| *each).collect::<Vec<_>>().as_slice() {
        [] => Ok(vec![common]),
        // "A black cat and a dog": which row the other values are said of is not read.
        [(column, list, _)] if common.is_empty() => Ok(list.iter().map(|v| condition(column, std::slice::from_ref(v))).collect()),
        // Two columns each said of several rows: which row has which is not said.
        _ => Err(first_value.unwrap_or_default()),
    }
}

/// `NOT EXISTS` rows of `other` that refer to `anchor` (through a relationship between them).
pub(super) fn not_exists(manifest: &Manifest, anchor: &Model, other: &Model, dialect: Dialect) -> Option<String> {
    related_rows(manifest, anchor, other, dialect).map(|rows| format!("NOT EXISTS (SELECT 1 {rows})"))
}

/// `FROM other WHERE …`: the rows of `other` that refer to a row of `anchor`, when one
/// relationship joins them and `other` is its many side.
pub(super) fn related_rows(manifest: &Manifest, anchor: &Model, other: &Model, dialect: Dialect) -> Option<String> {
    match direct_rows(manifest, anchor, other, dialect) {
        Direct::None => linked_rows(manifest, anchor, other, dialect),
        Direct::Rows(rows) => Some(rows),
        Direct::Ambiguous => None,
    }
}

/// How `other`'s rows refer to `anchor` directly.
pub(super) enum Direct {
    /// No relationship joins them.
    None,
    Rows(String),
    /// Two ways, or `other` is not the many side.
    Ambiguous,
}

/// The rows of `other` that refer to a row of `anchor` through one relationship of the two,
/// never through a third model (which a verb may not mean: customers who "bought" a product
/// are not those who reviewed it).
pub(super) fn direct_rows(manifest: &Manifest, anchor: &Model, other: &Model, dialect: Dialect) -> Direct {
    let between: Vec<_> = manifest
        .relationships
        .iter()
        .filter(|r| {
            let has = |n: &str| r.models.iter().any(|m| m.eq_ignore_ascii_case(n));
            has(&anchor.name) && has(&other.name)
        })
        .collect();
    if between.is_empty() {
        return Direct::None;
    }
    // Two ways to be related (a student's friends, and the friends who have them) is ambiguous.
    let [r] = between.as_slice() else { return Direct::Ambiguous };
    let many_is_other = match r.join_type {
        JoinType::ManyToOne => r.models[0].eq_ignore_ascii_case(&other.name),
        JoinType::OneToMany => r.models[1].eq_ignore_ascii_case(&other.name),
        JoinType::OneToOne => true,
    };
    match many_is_other {
        true => Direct::Rows(format!("FROM {} WHERE {}", dialect.quote(&other.name), join_condition(&r.condition, dialect))),
        false => Direct::Ambiguous,
    }
}

/// `FROM link JOIN other ON … WHERE …`: the rows of `other` a row of `anchor` has through a
/// model that links the two (a student's pets through `has_pet`), when exactly one does.
fn linked_rows(manifest: &Manifest, anchor: &Model, other: &Model, dialect: Dialect) -> Option<String> {
    let to = |link: &Model, target: &Model| -> Vec<&crate::mdl::Relationship> {
        manifest
            .relationships
            .iter()
            .filter(|r| match r.join_type {
                JoinType::ManyToOne => r.models[0].eq_ignore_ascii_case(&link.name) && r.models[1].eq_ignore_ascii_case(&target.name),
                JoinType::OneToMany => r.models[1].eq_ignore_ascii_case(&link.name) && r.models[0].eq_ignore_ascii_case(&target.name),
                JoinType::OneToOne => false,
            })
            .collect()
    };
    let links: Vec<(&Model, &crate::mdl::Relationship, &crate::mdl::Relationship)> = manifest
        .models
        .iter()
        .filter(|l| l.name != anchor.name && l.name != other.name)
        .filter_map(|l| match (to(l, anchor).as_slice(), to(l, other).as_slice()) {
            ([a], [o]) => Some((l, *a, *o)),
            _ => None,
        })
        .collect();
    let [(link, to_anchor, to_other)] = links.as_slice() else { return None };
    let join = join_condition;
    Some(format!(
        "FROM {} JOIN {} ON {} WHERE {}",
        dialect.quote(&link.name),
        dialect.quote(&other.name),
        join(&to_other.condition, dialect),
        join(&to_anchor.condition, dialect)
    ))
}

pub(super) fn grain_sql(grain: Grain, column: &str, dialect: Dialect, range: Option<&TimeRange>) -> String {
    let one_year = range.is_some_and(|r| r.end.year() - r.start.year() <= 1 && r.start.month() == 1 && r.start.day() == 1);
    match (grain, dialect) {
        (Grain::Year, _) => format!("EXTRACT(YEAR FROM {column})"),
        (Grain::Weekday, Dialect::Postgres) => format!("TRIM(TO_CHAR({column}, 'Day'))"),
        (Grain::Weekday, Dialect::Trino) => format!("DATE_FORMAT({column}, '%W')"),
        (Grain::Weekday, Dialect::ClickHouse) => format!("dateName('weekday', {column})"),
        (Grain::Weekday, _) => format!("DAYNAME({column})"),
        (Grain::Quarter, _) if one_year => format!("EXTRACT(QUARTER FROM {column})"),
        (Grain::Quarter, Dialect::MySql) => format!("CONCAT(YEAR({column}), '-Q', QUARTER({column}))"),
        (Grain::Month, Dialect::MySql) => format!("DATE_FORMAT({column}, '%Y-%m-01')"),
        (Grain::Week, Dialect::MySql) => format!("YEARWEEK({column}, 3)"),
        (Grain::Day, Dialect::MySql) => format!("DATE({column})"),
        (Grain::Quarter, _) => format!("DATE_TRUNC('quarter', {column})"),
        (Grain::Month, _) => format!("DATE_TRUNC('month', {column})"),
        (Grain::Week, _) => format!("DATE_TRUNC('week', {column})"),
        (Grain::Day, _) => format!("CAST({column} AS DATE)"),
    }
}

/// The conditions AND-ed, each once (two parts may need the same one).
pub(super) fn where_clause(conditions: &[String]) -> String {
    let mut seen = std::collections::HashSet::new();
    conditions.iter().filter(|c| seen.insert(c.as_str())).cloned().collect::<Vec<_>>().join(" AND ")
}

/// A text value as a literal that survives the compiler's round trip (see
/// [`Dialect::text_literal`]); the question engine's SQL is model-level, read as DuckDB's.
pub(super) fn quote_text(value: &str) -> String {
    crate::compile::Dialect::DuckDb.text_literal(value)
}

/// The plural of a phrase's last word: "tracks", "countries", "boxes".
pub(in crate::question) fn plural(phrase: &str) -> String {
    let (head, last) = phrase.rsplit_once(' ').map_or(("", phrase), |(h, l)| (h, l));
    let vowel_y = last.len() > 1 && last.ends_with('y') && !last[..last.len() - 1].ends_with(['a', 'e', 'i', 'o', 'u']);
    let word = if last.ends_with('s') && !last.ends_with("ss") || last.is_empty() {
        last.to_owned()
    } else if vowel_y {
        format!("{}ies", &last[..last.len() - 1])
    } else if last.ends_with("ss") || last.ends_with('x') || last.ends_with("ch") || last.ends_with("sh") {
        format!("{last}es")
    } else {
        format!("{last}s")
    };
    if head.is_empty() { word } else { format!("{head} {word}") }
}

/// A model or column name in a business user's words: "billing country", "invoice total".
pub(super) fn words_of(name: &str, model: Option<&Model>) -> String {
    let words = name_words(name);
    match model {
        Some(m) if matches!(words.as_str(), "total" | "name" | "title" | "amount") => format!("{} {words}", name_words(&m.name)),
        _ => words,
    }
}

/// "current " for a grouping read through someone's current row (their current department).
pub(super) fn current_of(r: &Reach<'_>) -> &'static str {
    if r.through_current() { "current " } else { "" }
}

pub(super) fn description_words(column: &Column) -> Vec<String> {
    column.properties.description.as_deref().map(stems_of).unwrap_or_default()
}
