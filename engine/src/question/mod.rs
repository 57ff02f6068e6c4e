//! The embedded question engine: business questions answered from the semantic model alone,
//! with no language model. It recognises an aggregate ("how many", "total", "average",
//! "highest", "lowest", "distinct"), the measure it applies to, a grouping ("by", "per",
//! "for each"), filters on values the deploy indexed ("in Brazil", "for Jazz") or on a year,
//! and a top-N, matching words to model and column names, display names and a few synonyms.
//! It writes SQL over the models (reading along to-one relationships through their
//! relationship columns), which the semantic layer compiles. What it cannot place it says it
//! did not understand, with suggestions — it never invents SQL.

mod reach;
mod suggest;
mod time;
mod words;

use reach::{Reach, is_key, is_temporal, joins_for, measures_in, name_stems, reachable, score};
pub use suggest::{follow_up, suggestions};
pub use time::{TimeRange, all_time, range_in, words};

use crate::{
    compile::Dialect,
    mdl::{Manifest, Model},
};
use chrono::NaiveDate;
use words::stems;

/// A value of the deploy's value index that a question names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueMatch {
    pub model: String,
    pub column: String,
    pub value: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Understanding {
    /// SQL over the models and, in words, what it answers.
    Sql { sql: String, understood: Vec<String> },
    NotUnderstood { understood: Vec<String>, suggestions: Vec<String> },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Aggregate {
    Count,
    CountDistinct,
    Sum,
    Avg,
    Max,
    Min,
}

impl Aggregate {
    fn function(self) -> &'static str {
        match self {
            Self::Count | Self::CountDistinct => "COUNT",
            Self::Sum => "SUM",
            Self::Avg => "AVG",
            Self::Max => "MAX",
            Self::Min => "MIN",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Self::Count => "number",
            Self::CountDistinct => "number of distinct",
            Self::Sum => "total",
            Self::Avg => "average",
            Self::Max => "highest",
            Self::Min => "lowest",
        }
    }
}

/// Words that ask for an aggregate (and may also be a column's name, like `Total`).
const AGGREGATE_WORDS: &[&str] = &["total", "sum", "average", "avg", "mean", "highest", "maximum", "max", "lowest", "minimum", "min", "count"];

/// Every aggregate over a value the question names, in the order it names them.
fn value_aggregates(tokens: &[String]) -> Vec<Aggregate> {
    let mut found = Vec::new();
    for token in tokens {
        let aggregate = match token.as_str() {
            "average" | "avg" | "mean" => Aggregate::Avg,
            "highest" | "maximum" | "max" | "largest" | "biggest" => Aggregate::Max,
            "lowest" | "minimum" | "min" | "smallest" => Aggregate::Min,
            "sum" => Aggregate::Sum,
            _ => continue,
        };
        if !found.contains(&aggregate) {
            found.push(aggregate);
        }
    }
    found
}

/// The aggregate a question asks for, if it names one.
fn aggregate_of(tokens: &[String]) -> Option<Aggregate> {
    let has = |w: &str| tokens.iter().any(|t| t == w);
    let pair = |a: &str, b: &str| tokens.windows(2).any(|p| p[0] == a && p[1] == b);
    if (pair("how", "many") || pair("number", "of") || has("count")) && (has("distinct") || has("different") || has("unique")) {
        Some(Aggregate::CountDistinct)
    } else if pair("how", "many") || pair("number", "of") || has("count") {
        Some(Aggregate::Count)
    } else if has("average") || has("avg") || has("mean") {
        Some(Aggregate::Avg)
    } else if has("highest") || has("maximum") || has("max") || has("largest") || has("biggest") {
        Some(Aggregate::Max)
    } else if has("lowest") || has("minimum") || has("min") || has("smallest") {
        Some(Aggregate::Min)
    } else if has("total") || has("sum") || has("revenue") || has("sale") {
        Some(Aggregate::Sum)
    } else {
        None
    }
}

/// "total unit price", "number of customer", "total" (not "total total").
fn measure_label(aggregate: Aggregate, name: &str) -> String {
    let words = stems(name).join(" ");
    match aggregate {
        Aggregate::Count => format!("number of {words}"),
        _ if words == aggregate.label() => words,
        _ => format!("{} {words}", aggregate.label()),
    }
}

/// Verbs that end the phrase after "which" ("which countries *have* …").
const WHICH_END: &[&str] = &["have", "has", "had", "is", "are", "was", "were", "with", "sold", "bought", "spent", "made", "generated", "got", "bring"];

/// "Which X <verb> …": the grouping X and the rest, when the question asks that way.
fn which_phrase(tokens: &[String]) -> Option<(Vec<String>, Vec<String>)> {
    let start = tokens.iter().position(|t| t == "which")?;
    let end = start + 1 + tokens[start + 1..].iter().position(|t| WHICH_END.contains(&t.as_str()))?;
    let group = tokens[start + 1..end].to_vec();
    (!group.is_empty()).then(|| (group, tokens[end + 1..].to_vec()))
}

/// Words before "by" that order rather than group ("ordered by age").
const ORDER_WORDS: &[&str] = &["order", "ordered", "sort", "sorted", "rank", "ranked"];

/// "By year" asked without a grouping phrase of its own.
fn by_year_asked(group: &[String], tokens: &[String]) -> bool {
    group.iter().any(|w| w == "year") || tokens.windows(2).any(|p| GROUP_START.contains(&p[0].as_str()) && p[1] == "year")
}

/// The base model's own columns the question names, in the order it names them (keys only
/// when named outright).
fn listed_columns<'r, 'm>(reach: &'r [Reach<'m>], tokens: &[String]) -> Vec<&'r Reach<'m>> {
    let mut found: Vec<(usize, &Reach)> = reach
        .iter()
        .filter(|r| !r.joined())
        .filter_map(|r| {
            // Every word of the column's name (or display name) said; a key's "id" too.
            let said = |name: &str| {
                let words = stems(name);
                let words: Vec<&String> = words.iter().filter(|w| is_key(r.column) || *w != "id").collect();
                !words.is_empty() && words.iter().all(|w| tokens.contains(w))
            };
            if !said(&r.column.name) && !r.column.properties.display_name.as_deref().is_some_and(said) {
                return None;
            }
            let names = name_stems(&r.column.name, r.column.properties.display_name.as_deref());
            tokens.iter().position(|t| names.contains(t)).map(|at| (at, r))
        })
        .collect();
    found.sort_by_key(|(at, _)| *at);
    found.dedup_by_key(|(at, _)| *at);
    found.into_iter().map(|(_, r)| r).collect()
}

/// "Ordered by age", "in descending order of age": the column and whether highest first.
fn ordering<'r, 'm>(reach: &'r [Reach<'m>], tokens: &[String]) -> Option<(&'r Reach<'m>, bool)> {
    let at = tokens.iter().position(|t| ORDER_WORDS.contains(&t.as_str()))?;
    let descending = tokens.iter().any(|t| ["descending", "desc", "decreasing"].contains(&t.as_str()));
    let after = &tokens[at + 1..];
    let column = reach
        .iter()
        .filter(|r| !r.joined())
        .filter_map(|r| {
            let names = name_stems(&r.column.name, r.column.properties.display_name.as_deref());
            after.iter().position(|t| names.contains(t)).map(|i| (i, r))
        })
        .min_by_key(|(i, _)| *i)?
        .1;
    Some((column, descending))
}

/// Words that end the grouping phrase.
const GROUP_END: &[&str] = &["in", "for", "with", "where", "during", "from", "top", "only", "and", "of"];
const GROUP_START: &[&str] = &["by", "per", "each"];

fn quote_text(value: &str) -> String {
    format!("'{}'", value.replace('\'', "''"))
}

/// Answers `question` from the manifest; `values` are the indexed values it names, `today`
/// the project's date (for "last month" and the like).
pub fn understand(manifest: &Manifest, dialect: Dialect, question: &str, values: &[ValueMatch], today: NaiveDate) -> Understanding {
    let q = |name: &str| dialect.quote(name);
    let tokens = stems(question);
    let split = tokens
        .iter()
        .enumerate()
        .position(|(i, t)| GROUP_START.contains(&t.as_str()) && !(i > 0 && ORDER_WORDS.contains(&tokens[i - 1].as_str())));
    let (mut head, mut group): (Vec<String>, Vec<String>) = match (split, which_phrase(&tokens)) {
        (Some(i), _) => (
            tokens[..i].to_vec(),
            tokens[i + 1..].iter().take_while(|t| !GROUP_END.contains(&t.as_str())).cloned().collect(),
        ),
        // "Which countries have the most customers?": grouped by what "which" names.
        (None, Some((group, head))) => (head, group),
        (None, None) => (tokens.clone(), Vec::new()),
    };
    // "Top 5 countries by revenue": after "by" comes what to rank by, before it what is ranked.
    if !group.is_empty() && !measures_in(manifest, &group).is_empty() && measures_in(manifest, &head).is_empty() {
        std::mem::swap(&mut head, &mut group);
    }
    let head = head.as_slice();
    let aggregate = aggregate_of(&tokens);
    let mut understood = Vec::new();

    // The measure: the numeric column the head of the question names best; of equals, the
    // one whose model reaches what the question groups by.
    let measure = {
        // "Total quantity": the aggregate's own word names the measure only when nothing
        // else in the question does.
        let plain: Vec<String> = head.iter().filter(|t| !AGGREGATE_WORDS.contains(&t.as_str())).cloned().collect();
        let candidates = match measures_in(manifest, &plain) {
            found if !found.is_empty() => found,
            _ => measures_in(manifest, head),
        };
        let fit = |model: &Model| {
            reachable(manifest, model)
                .iter()
                .map(|r| score(&[name_stems(&r.column.name, None), name_stems(&r.model.name, None)].concat(), &group))
                .max()
                .unwrap_or(0)
        };
        // A measure whose model cannot reach the grouping would fail; a weaker one that can
        // is the better reading. Among equals, the first named wins.
        candidates
            .into_iter()
            .enumerate()
            .max_by_key(|(i, (s, m, _))| {
                let fit = fit(m);
                // "unit price of tracks": the model the question names wins among equals.
                let model_named = score(&name_stems(&m.name, m.properties.display_name.as_deref()), head);
                (group.is_empty() || fit > 0, *s, model_named, fit, std::cmp::Reverse(*i))
            })
            .map(|(_, c)| c)
    };
    let measured = matches!(aggregate, Some(Aggregate::Sum | Aggregate::Avg | Aggregate::Max | Aggregate::Min));
    // The base model: the measure's, else the model the question counts or names.
    let named_model = manifest
        .models
        .iter()
        .map(|m| {
            let names = name_stems(&m.name, m.properties.display_name.as_deref());
            (score(&names, head), m, names.len())
        })
        .filter(|(s, _, _)| *s > 0)
        // "invoices" names Invoice more than InvoiceLine: fewer words left unsaid.
        .max_by_key(|(s, _, words)| (*s, std::cmp::Reverse(*words)))
        .map(|(_, m, _)| m);
    let base = match (measured, measure) {
        (true, Some((_, m, _))) => Some(m),
        _ => named_model,
    };
    let Some(base) = base else {
        return not_understood(manifest, understood);
    };
    let reach = reachable(manifest, base);
    // No aggregate and no grouping: the question lists columns ("names and ages of singers").
    let listing = aggregate.is_none() && group.is_empty() && !by_year_asked(&group, &tokens);
    let listed: Vec<&Reach> = if listing { listed_columns(&reach, &tokens) } else { Vec::new() };
    if listing && listed.is_empty() {
        understood.push(format!("something about {} I could not place", base.name));
        return not_understood(manifest, understood);
    }

    // The grouping: a column named after "by", or a year of a date column.
    let by_year = group.iter().any(|w| w == "year");
    let date = reach.iter().find(|r| !r.joined() && is_temporal(r.column)).cloned();
    let dimension = if group.is_empty() || by_year {
        None
    } else {
        let best = reach
            .iter()
            .map(|r| {
                let mut names = name_stems(&r.column.name, r.column.properties.display_name.as_deref());
                if r.joined() {
                    names.extend(name_stems(&r.model.name, None));
                }
                // A model named alone ("by genre") means its name column.
                let named = score(&name_stems(&r.model.name, None), &group) > 0 && stems(&r.column.name).last().is_some_and(|w| w == "name" || w == "title");
                let raw = score(&names, &group) as i64;
                let weight = raw * 2 + i64::from(named) - (if named { 0 } else { r.path.len() as i64 });
                (if raw > 0 || named { weight } else { 0 }, r)
            })
            .filter(|(s, r)| *s > 0 && !is_key(r.column))
            .max_by_key(|(s, _)| *s);
        match best {
            Some((_, r)) => Some(r.clone()),
            None => {
                understood.push(format!("a grouping I could not place: \"{}\"", group.join(" ")));
                return not_understood(manifest, understood);
            }
        }
    };

    let (value_sql, value_label) = match (aggregate, measure) {
        (Some(agg @ (Aggregate::Sum | Aggregate::Avg | Aggregate::Max | Aggregate::Min)), Some((_, _, c))) => {
            (format!("{}({}.{})", agg.function(), q(&base.name), q(&c.name)), measure_label(agg, &c.name))
        }
        (Some(agg @ (Aggregate::Sum | Aggregate::Avg | Aggregate::Max | Aggregate::Min)), None) => {
            understood.push(format!("a {} of something in {} I could not place", agg.label(), base.name));
            return not_understood(manifest, understood);
        }
        (Some(Aggregate::CountDistinct), _) => match reach.iter().filter(|r| !r.joined() && !is_key(r.column)).find(|r| score(&name_stems(&r.column.name, None), head) > 0) {
            Some(r) => (format!("COUNT(DISTINCT {})", r.sql(dialect)), measure_label(Aggregate::CountDistinct, &r.column.name)),
            None => ("COUNT(*)".to_owned(), measure_label(Aggregate::Count, &base.name)),
        },
        _ => ("COUNT(*)".to_owned(), measure_label(Aggregate::Count, &base.name)),
    };
    understood.push(value_label.clone());
    let alias = q(&value_label.replace(' ', "_"));

    let mut select = Vec::new();
    let mut group_by = Vec::new();
    if listing {
        understood.retain(|u| u != &value_label);
        for column in &listed {
            select.push(format!("{} AS {}", column.sql(dialect), q(&column.column.name)));
            understood.push(column.label());
        }
    } else if let Some(d) = &dimension {
        select.push(format!("{} AS {}", d.sql(dialect), q(&d.column.name)));
        group_by.push(d.sql(dialect));
        understood.push(format!("by {}", d.label()));
    } else if by_year && let Some(d) = &date {
        let year = format!("EXTRACT(YEAR FROM {})", d.sql(dialect));
        select.push(format!("{year} AS {}", q("year")));
        group_by.push(year);
        understood.push(format!("by year of {}", d.label()));
    }
    if !listing {
        select.push(format!("{value_sql} AS {alias}"));
    }
    // "The average, minimum and maximum age": the other aggregates of the same measure.
    if let (Some(primary), Some((_, _, c))) = (aggregate, measure) {
        for extra in value_aggregates(&tokens).into_iter().filter(|a| *a != primary) {
            let label = measure_label(extra, &c.name);
            select.push(format!("{}({}.{}) AS {}", extra.function(), q(&base.name), q(&c.name), q(&label.replace(' ', "_"))));
            understood.push(label);
        }
    }

    // Filters: indexed values of reachable columns, and a year.
    let mut filters: Vec<(String, Vec<String>, String)> = Vec::new();
    let mut used: Vec<&Reach> = dimension.iter().chain(listed.iter().copied()).collect();
    // A value found in several columns filters the nearest one only.
    let mut placed: Vec<(&ValueMatch, &Reach)> = values
        .iter()
        .filter_map(|v| reach.iter().find(|r| r.model.name.eq_ignore_ascii_case(&v.model) && r.column.name.eq_ignore_ascii_case(&v.column)).map(|r| (v, r)))
        .collect();
    placed.sort_by_key(|(_, r)| r.path.len());
    let mut seen_values: Vec<String> = Vec::new();
    for (v, r) in placed {
        if seen_values.contains(&v.value.to_lowercase()) {
            continue;
        }
        seen_values.push(v.value.to_lowercase());
        match filters.iter_mut().find(|(sql, _, _)| *sql == r.sql(dialect)) {
            Some((_, list, _)) => list.push(v.value.clone()),
            None => {
                filters.push((r.sql(dialect), vec![v.value.clone()], r.label()));
                used.push(r);
            }
        }
    }
    let mut conditions: Vec<String> = filters
        .iter()
        .map(|(sql, list, label)| {
            understood.push(format!("where {label} is {}", list.join(" or ")));
            match list.as_slice() {
                [one] => format!("{sql} = {}", quote_text(one)),
                many => format!("{sql} IN ({})", many.iter().map(|v| quote_text(v)).collect::<Vec<_>>().join(", ")),
            }
        })
        .collect();
    if let (Some(range), Some(d)) = (range_in(&words(question), today), &date) {
        let column = d.sql(dialect);
        conditions.push(format!("{column} >= DATE '{}' AND {column} < DATE '{}'", range.start, range.end));
        understood.push(format!("{} by {}", range.label, d.label()));
    }

    let top = tokens.windows(2).find(|p| p[0] == "top").and_then(|p| p[1].parse::<u32>().ok());
    let distinct = if listing && tokens.iter().any(|t| ["distinct", "different", "unique"].contains(&t.as_str())) { "DISTINCT " } else { "" };
    let mut sql = format!("SELECT {distinct}{} FROM {}{}", select.join(", "), q(&base.name), joins_for(&used, dialect));
    if !conditions.is_empty() {
        sql.push_str(&format!(" WHERE {}", conditions.join(" AND ")));
    }
    if !group_by.is_empty() {
        sql.push_str(&format!(" GROUP BY {}", group_by.join(", ")));
        if by_year && dimension.is_none() {
            sql.push_str(" ORDER BY 1");
        } else {
            sql.push_str(&format!(" ORDER BY {alias} DESC"));
        }
    }
    if listing && let Some((column, descending)) = ordering(&reach, &tokens) {
        sql.push_str(&format!(" ORDER BY {}{}", column.sql(dialect), if descending { " DESC" } else { "" }));
        understood.push(format!("ordered by {}{}", column.label(), if descending { ", highest first" } else { "" }));
    }
    if let Some(n) = top {
        sql.push_str(&format!(" LIMIT {n}"));
        understood.push(format!("top {n}"));
    }
    Understanding::Sql { sql, understood }
}

fn not_understood(manifest: &Manifest, understood: Vec<String>) -> Understanding {
    Understanding::NotUnderstood { understood, suggestions: suggestions(manifest) }
}
