//! Questions to offer (built from the models) and follow-ups read with the previous question.

use super::{
    GROUP_END, GROUP_START, aggregate_of,
    reach::{is_key, is_numeric, is_temporal, readable},
    words,
    words::stems,
};
use crate::{
    compile::Dialect,
    mdl::{Column, Manifest, Model},
};

/// What a project's users can ask, built from its models: a count, then totals of money-like
/// columns by category-like ones. Every suggestion is one the engine answers.
pub fn suggestions(manifest: &Manifest) -> Vec<String> {
    let in_a_join = |model: &Model, column: &Column| {
        manifest.relationships.iter().any(|r| {
            r.models.iter().any(|m| m.eq_ignore_ascii_case(&model.name))
                && stems(&r.condition).windows(stems(&column.name).len().max(1)).any(|w| w == stems(&column.name).as_slice())
        })
    };
    let words = |name: &str| stems(name).join(" ");
    let plural = |name: &str| {
        let w = words(name);
        if w.ends_with('s') {
            w
        } else if let Some(stem) = w.strip_suffix('y') {
            format!("{stem}ies")
        } else {
            format!("{w}s")
        }
    };
    let mut out = Vec::new();
    if let Some(model) = manifest.models.first() {
        out.push(format!("How many {} are there?", plural(model.properties.display_name.as_deref().unwrap_or(&model.name))));
    }
    for model in &manifest.models {
        let usable = |c: &&Column| readable(c) && !is_key(c) && !in_a_join(model, c);
        let measure = model.columns.iter().filter(usable).filter(|c| is_numeric(c)).max_by_key(|c| {
            let t = c.type_name.to_uppercase();
            ["DEC", "NUM", "FLOAT", "DOUBLE", "REAL", "MONEY"].iter().any(|k| t.contains(k))
        });
        let dimension = model
            .columns
            .iter()
            .filter(usable)
            .filter(|c| !is_numeric(c) && !is_temporal(c))
            .find(|c| !stems(&c.name).iter().any(|w| NOT_CATEGORY_WORDS.contains(&w.as_str())));
        if let (Some(m), Some(d)) = (measure, dimension) {
            // Naming the model keeps the suggestion to the model it was built from.
            let measure =
                if words(&m.name) == "total" { format!("{} total", words(&model.name)) } else { format!("{} of {}", words(&m.name), plural(&model.name)) };
            // "by name" alone would not say whose.
            let dimension =
                if matches!(words(&d.name).as_str(), "name" | "title") { format!("{} {}", words(&model.name), words(&d.name)) } else { words(&d.name) };
            out.push(format!("What is the total {measure} by {dimension}?"));
        }
        if out.len() >= 3 {
            break;
        }
    }
    out
}

/// Column names that hold no category to break a figure down by.
const NOT_CATEGORY_WORDS: &[&str] = &["address", "phone", "fax", "email", "postal", "code", "comment", "description", "note", "url"];

/// Follow-up questions to an answered one, as its reader would go on: the same figure by
/// another dimension of the models its SQL read, or of a model related to them ("and by
/// genre?"), and over time when they have dates and the answer was not already over time
/// ("and by month?"). Each is the whole question [`follow_up`] makes of it; the caller keeps
/// those the engine can answer. At most `limit`.
pub fn follow_ups(manifest: &Manifest, previous: &str, sql: &str, dialect: Dialect, limit: usize) -> Vec<String> {
    let (read, grouped) = super::query_parts::read_and_grouped(sql, dialect);
    let find = |name: &str| manifest.models.iter().find(|m| m.name.eq_ignore_ascii_case(name));
    let mut models: Vec<&Model> = read.iter().filter_map(|name| find(name)).collect();
    if let Some(first) = models.first().map(|m| m.name.clone()) {
        for relationship in manifest.relationships.iter().filter(|r| r.models.iter().any(|m| m.eq_ignore_ascii_case(&first))) {
            for other in relationship.models.iter().filter_map(|name| find(name)) {
                if !models.iter().any(|m| m.name == other.name) {
                    models.push(other);
                }
            }
        }
    }
    let is_grouped = |column: &Column| grouped.iter().any(|g| g.eq_ignore_ascii_case(&column.name));
    let words_of = |name: &str| stems(name).join(" ");
    let mut said: Vec<String> = Vec::new();
    for model in &models {
        let dimensions = model.columns.iter().filter(|c| readable(c) && !is_key(c) && !is_numeric(c) && !is_temporal(c) && !is_grouped(c));
        for column in dimensions.filter(|c| !stems(&c.name).iter().any(|w| NOT_CATEGORY_WORDS.contains(&w.as_str()))) {
            // "by name" alone would not say whose.
            let name = words_of(&column.name);
            let phrase = if matches!(name.as_str(), "name" | "title") { format!("{} {name}", words_of(&model.name)) } else { name };
            said.push(format!("and by {phrase}?"));
        }
    }
    let over_time = models.iter().any(|m| m.columns.iter().any(|c| is_temporal(c) && is_grouped(c)));
    if !over_time && models.iter().take(1).any(|m| m.columns.iter().any(|c| readable(c) && is_temporal(c))) {
        said.insert(said.len().min(1), "and by month?".to_owned());
    }
    let mut out: Vec<String> = Vec::new();
    for question in said.iter().filter_map(|s| follow_up(previous, s)) {
        if !question.eq_ignore_ascii_case(previous) && !out.contains(&question) {
            out.push(question);
        }
    }
    out.truncate(limit);
    out
}

/// Words that open a follow-up question and add nothing themselves.
const FOLLOW_UP_OPENERS: &[&str] = &["and", "only", "just", "but", "now", "also", "then", "what", "how", "about", "same"];

/// The whole question a follow-up in a thread means, read with the thread's previous
/// question: "and by year?" regroups it ("total revenue by year"), "only for 2023" narrows it
/// ("total revenue by country for 2023"). `None` when `question` stands on its own (it names
/// an aggregate or is more than a short phrase without an opener).
pub fn follow_up(previous: &str, question: &str) -> Option<String> {
    let asked = words(question);
    let opens = asked.first().is_some_and(|w| FOLLOW_UP_OPENERS.contains(&w.as_str())) && !(asked.len() > 1 && asked[0] == "how" && asked[1] == "many");
    let short = asked.len() <= 4 && !aggregate_of(&stems(question));
    if asked.is_empty() || !(opens || short) {
        return None;
    }
    let addition: Vec<String> = asked.iter().skip_while(|w| FOLLOW_UP_OPENERS.contains(&w.as_str())).cloned().collect();
    if aggregate_of(&stems(&addition.join(" "))) {
        // "What about the average price by genre?" asks anew.
        return Some(addition.join(" "));
    }
    let before = words(previous);
    let regroups = addition.first().is_some_and(|w| GROUP_START.contains(&w.as_str()));
    let mut combined: Vec<String> = Vec::new();
    if regroups {
        // The previous question with its grouping ("by …" up to the first word that ends a
        // grouping) swapped for the new one.
        let start = before.iter().position(|w| GROUP_START.contains(&w.as_str())).unwrap_or(before.len());
        let end = before[start..].iter().skip(1).position(|w| GROUP_END.contains(&w.as_str())).map_or(before.len(), |i| start + 1 + i);
        let grouping_end = addition.iter().skip(1).position(|w| GROUP_END.contains(&w.as_str())).map_or(addition.len(), |i| i + 1);
        combined.extend(before[..start].iter().cloned());
        combined.extend(addition[..grouping_end].iter().cloned());
        combined.extend(before[end..].iter().cloned());
        combined.extend(addition[grouping_end..].iter().cloned());
    } else {
        combined.extend(before.iter().cloned());
        // "What about Jazz?" filters: it reads as "… for Jazz".
        if addition.first().is_some_and(|w| !GROUP_END.contains(&w.as_str()) && w.parse::<i32>().is_err()) {
            combined.push("for".to_owned());
        }
        combined.extend(addition);
    }
    Some(combined.join(" "))
}
