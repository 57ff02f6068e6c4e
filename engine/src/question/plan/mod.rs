//! From what a question says (see `read`) to a reading — what is measured, grouped, filtered,
//! compared, ordered and limited — and its SQL over the models.

use super::{
    Chip, ChipKind, Understanding, ValueMatch,
    entities::{ends_validity, entity_of, fk_target, is_boolean, key_column, refers, shown_columns, stems_of},
    read::{Claim, ComparisonMention, Question, column_words, finish, is_current, is_date, is_measure, is_sale_verb, model_words, names, scan},
    reach::{Reach, is_key, joins_for, reachable},
    suggest::suggestions,
    lexicon,
};
use crate::{
    compile::Dialect,
    mdl::{Column, Manifest, Model},
};
use chrono::{Datelike, NaiveDate};
use shape::{Aggregate, DISTINCT_WORDS, Grain, Shape, bases, shape_of};
use sql::{current_of, description_words, grain_sql, not_exists, number_text, plural, quote_text, related_rows, values_inside, words_of};

mod shape;
mod sql;

/// Words a comparison's subject does not reach back past.
const FILLER_WORDS: &[&str] = &["how", "many", "the", "a", "an", "are", "is", "were", "was", "of", "with", "which", "what", "for", "in"];

/// What the reading groups by.
#[derive(Debug, Clone)]
enum Group<'m> {
    Column(Reach<'m>),
    /// An entity: grouped by its key, shown by its name columns.
    Entity { key: Reach<'m>, shown: Vec<Reach<'m>> },
    Grain(Grain, Reach<'m>),
}

struct Plan<'m> {
    reach: Vec<Reach<'m>>,
}

impl<'m> Plan<'m> {
    fn find(&self, model: &str, column: &str) -> Option<&Reach<'m>> {
        self.reach.iter().filter(|r| r.model.name == model && r.column.name == column).min_by_key(|r| r.path.len())
    }
    fn key_of(&self, model: &'m Model) -> Option<Reach<'m>> {
        let key = key_column(model)?;
        self.find(&model.name, &key.name).cloned()
    }
    fn entity(&self, model: &'m Model) -> Option<Group<'m>> {
        let key = self.key_of(model)?;
        let shown: Vec<Reach<'m>> = shown_columns(model).iter().filter_map(|c| self.find(&model.name, &c.name).cloned()).collect();
        (!shown.is_empty()).then_some(Group::Entity { key, shown })
    }
    fn reaches(&self, model: &str) -> bool {
        self.reach.iter().any(|r| r.model.name == model)
    }
}

/// Reads the question; SQL only when every word is placed.
pub(super) fn understand(manifest: &Manifest, dialect: Dialect, question: &str, values: &[ValueMatch], today: NaiveDate) -> Understanding {
    let mut q = scan(manifest, question, values, today);
    match read(manifest, dialect, &mut q) {
        Ok(answer) => answer,
        Err(understood) => Understanding::NotUnderstood { understood, suggestions: suggestions(manifest) },
    }
}

fn not_placed(q: &Question, mut understood: Vec<String>) -> Vec<String> {
    let unplaced = q.unplaced();
    if !unplaced.is_empty() {
        understood.insert(0, format!("could not place {}", unplaced.iter().map(|u| format!("\"{u}\"")).collect::<Vec<_>>().join(", ")));
    }
    understood
}

fn read<'m>(manifest: &'m Manifest, dialect: Dialect, q: &mut Question<'m>) -> Result<Understanding, Vec<String>> {
    let shape = shape_of(manifest, q);
    let mut chips: Vec<Chip> = Vec::new();
    let mut last_error = Vec::new();
    let measured = matches!(shape.aggregate, Some(Aggregate::Sum | Aggregate::Avg | Aggregate::Max | Aggregate::Min));
    let mut answered: Option<(&Model, String, Vec<Chip>, usize)> = None;
    let mut tied: Option<String> = None;
    let mut understood_parts: Vec<String> = Vec::new();
    for base in bases(manifest, q, &shape) {
        // Once answered, only another model with the same measure is tried: two complete
        // readings over different models ("points" of players or of teams) are ambiguous.
        if let Some((first, _, _, _)) = &answered
            && !(measured
                && shape.measure_models.iter().any(|m| m.name == base.name)
                && shape.measure_models.iter().any(|m| m.name == first.name)
                && !shape.subject_models.iter().any(|m| m.name == first.name))
        {
            continue;
        }
        match build(manifest, dialect, q, base, &shape) {
            Ok((sql, built_chips, claims)) => {
                let saved = q.claims.clone();
                // A name counts as placed only where the reading used it.
                for c in q.claims.iter_mut() {
                    if matches!(c, Some(Claim::Name(_))) {
                        *c = None;
                    }
                }
                for (i, c) in claims {
                    q.claim(i, c);
                }
                finish(q, &KEYWORDS);
                if std::env::var_os("QUARRY_DEBUG_READING").is_some() {
                    eprintln!("base {}: {:?}", base.name, q.tokens.iter().zip(&q.claims).map(|(t, c)| format!("{}={c:?}", t.word)).collect::<Vec<_>>());
                    for n in &q.names {
                        eprintln!("   name {:?}: {:?}", n.tokens, n.candidates.iter().map(|(m, c)| format!("{}.{}", m.name, c.map_or("", |c| c.name.as_str()))).collect::<Vec<_>>());
                    }
                }
                // Names no part of the reading used are unplaced.
                let unplaced = q.unplaced();
                if unplaced.is_empty() {
                    let about = about_score(q, base);
                    if let Some((first, _, _, first_about)) = &answered {
                        // Two complete readings: the one over the rows of what the question is
                        // about ("points by team": the team box scores), else neither.
                        if about > *first_about {
                            answered = Some((base, sql, built_chips, about));
                        } else if about == *first_about {
                            let said = shape.measure_mention.map(|m| q.text[q.span(q.names[m].tokens.clone()).0..q.span(q.names[m].tokens.clone()).1].to_owned()).unwrap_or_default();
                            tied = Some(format!("could not place \"{said}\": it could mean {said} of {} or of {}", words_of(&first.name, None), words_of(&base.name, None)));
                        }
                        q.claims = saved;
                        continue;
                    }
                    answered = Some((base, sql, built_chips, about));
                    q.claims = saved;
                    continue;
                }
                for e in not_placed(q, Vec::new()) {
                    if !last_error.contains(&e) {
                        last_error.insert(0, e);
                    }
                }
                // What was understood, from the first reading that placed nearly everything.
                if understood_parts.is_empty() {
                    understood_parts = built_chips.iter().map(|c| c.label.clone()).collect();
                }
                q.claims = saved;
            }
            Err(error) => {
                if std::env::var_os("QUARRY_DEBUG_READING").is_some() {
                    eprintln!("base {}: {error:?}", base.name);
                }
                // What kept each reading from placing every part; the first reading's first.
                for e in error {
                    if !last_error.contains(&e) {
                        last_error.push(e);
                    }
                }
            }
        }
    }
    if let Some(tied) = tied {
        return Err(vec![tied]);
    }
    if let Some((_, sql, built_chips, _)) = answered {
        chips.extend(built_chips);
        let understood = chips.iter().map(|c| c.label.clone()).collect();
        return Ok(Understanding::Sql { sql, understood, reading: chips });
    }
    // Words nothing knows are named first, then what kept the known parts apart.
    finish(q, &KEYWORDS);
    let mut reply = not_placed(q, Vec::new());
    for error in last_error.iter().filter(|e| e.starts_with("could not place")).take(3) {
        if !reply.contains(error) {
            reply.push(error.clone());
        }
    }
    // What kept the parts apart, when it is said in a user's words; else in general.
    if reply.is_empty()
        && let Some(first) = last_error.first()
    {
        if first.starts_with("could not") || first.starts_with("no date") {
            reply.push(first.clone());
        } else {
            if std::env::var_os("QUARRY_DEBUG_READING").is_some() {
                eprintln!("not understood: {first}");
            }
            reply.push("could not put the parts of the question together into one answer".into());
        }
    }
    if reply.is_empty() {
        reply.push("could not relate the question to the models".into());
    }
    reply.extend(understood_parts);
    Err(reply)
}

/// How much a reading's base is about what the question names: the words of the models its
/// placed names and values mean that the base's name says too (a team's points are the team
/// box scores', a player's the player box scores').
fn about_score(q: &Question, base: &Model) -> usize {
    let base_words = stems_of(&base.name);
    let mut named: Vec<String> = Vec::new();
    for (i, claim) in q.claims.iter().enumerate() {
        let models: Vec<&str> = match claim {
            Some(Claim::Name(n)) if q.names[*n].tokens.start == i => q.names[*n].candidates.iter().filter(|(m, c)| c.is_none() && m.name != base.name).map(|(m, _)| m.name.as_str()).collect(),
            Some(Claim::Value(v)) if q.values[*v].tokens.start == i => q.values[*v].places.iter().map(|(m, _)| m.as_str()).collect(),
            _ => continue,
        };
        named.extend(models.iter().flat_map(|m| stems_of(m)));
    }
    base_words.iter().filter(|w| named.contains(w)).count()
}

/// Structure words the reading uses when it places them.
/// Order words ("most", "top", "first"…) are not among them: a reading that does not rank
/// leaves them unplaced.
const KEYWORDS: [&str; 26] = [
    "how", "many", "number", "count", "headcount", "total", "sum", "average", "avg", "mean", "averaged", "distinct", "different", "unique", "by", "per", "each", "every",
    "which", "what", "who", "people", "person", "persons", "everyone", "whom",
];

type Built = (String, Vec<Chip>, Vec<(usize, Claim)>);

#[allow(clippy::too_many_lines)]
fn build<'m>(manifest: &'m Manifest, dialect: Dialect, q: &Question<'m>, base: &'m Model, s: &Shape<'m>) -> Result<Built, Vec<String>> {
    let quote = |n: &str| dialect.quote(n);
    let plan = Plan { reach: reachable(manifest, base) };
    let mut claims: Vec<(usize, Claim)> = Vec::new();
    let mut chips: Vec<Chip> = Vec::new();
    let mut used: Vec<Reach<'m>> = Vec::new();
    let mut conditions: Vec<String> = Vec::new();
    let fail = |what: String| Err(vec![what]);
    let span_of = |range: std::ops::Range<usize>| q.span(range);
    let mut used_names: Vec<usize> = Vec::new();

    // The subject as an entity this base reaches.
    let subject: Option<&'m Model> = s.subject_models.iter().copied().find(|m| plan.reaches(&m.name));
    if !s.subject_models.is_empty() && subject.is_none() {
        return fail(format!("{} does not reach what the question counts", base.name));
    }
    if let Some(n) = s.subject_mention
        && subject.is_some()
    {
        used_names.push(n);
    }
    if let Some(n) = s.per_event {
        // The event must be what the base's rows are recorded per.
        if !q.names[n].candidates.iter().any(|(m, _)| plan.reaches(&m.name)) {
            return fail("per what I could not place".into());
        }
        used_names.push(n);
    }

    // The measure.
    let measure: Option<Reach<'m>> = match s.measure_mention {
        Some(n) => {
            // A sum or average of a joined model's column would count it once per base row.
            let own = matches!(s.aggregate, Some(Aggregate::Sum | Aggregate::Avg)) || s.per_event.is_some();
            let found = q.names[n]
                .candidates
                .iter()
                .filter(|(model, c)| c.is_some_and(|c| is_measure(c) && fk_target(manifest, model, c).is_none()))
                .filter_map(|(m, c)| plan.find(&m.name, &(*c)?.name).cloned())
                .find(|r| !own || !r.joined())
                // "the average age" of pets: `pet_age`, the base's own column in the words
                // said and the base's name.
                .or_else(|| {
                    let said: Vec<&str> = q.names[n].tokens.clone().map(|i| q.tokens[i].stem.as_str()).collect();
                    let own_words = model_words(base);
                    plan.reach.iter().filter(|r| !r.joined() && is_measure(r.column)).find(|r| {
                        let cw = column_words(r.column);
                        let rest: Vec<&String> = cw.iter().filter(|w| !said.contains(&w.as_str())).collect();
                        said.iter().all(|w| cw.iter().any(|c| c == w)) && !rest.is_empty() && rest.iter().all(|w| own_words.contains(w))
                    }).cloned()
                });
            if let Some(m) = &found {
                // "spent the most money": every word naming the measure is placed by it.
                for (i, other) in q.names.iter().enumerate() {
                    if !s.grouped_names.contains(&i) && other.candidates.iter().any(|(om, oc)| om.name == m.model.name && oc.is_some_and(|c| c.name == m.column.name)) {
                        used_names.push(i);
                    }
                }
                used_names.push(n);
            }
            found
        }
        None => None,
    };

    // Value filters: each value where this base reaches it (nearest).
    let mut deferred_values: Vec<(usize, &super::read::ValueMention)> = Vec::new();
    let mut value_columns: Vec<(Reach<'m>, Vec<String>, (usize, usize))> = Vec::new();
    for (index, v) in q.values.iter().enumerate() {
        // The name of another thing ("Iron Maiden" the artist) before a column of what is
        // counted ("Iron Maiden" the album title); then the nearest.
        let place = v
            .places
            .iter()
            .filter_map(|(m, c)| plan.find(m, c))
            .min_by_key(|r| {
                let names_other = subject.is_none_or(|m| m.name != r.model.name) && shown_columns(r.model).iter().any(|c| c.name == r.column.name);
                (!names_other, r.path.len())
            })
            .cloned();
        let Some(place) = place else {
            // "channels that do not have any cartoons directed by Ben Jones", "students who
            // have a cat or dog pet": a value of rows said to exist or not is a condition on
            // those rows (placed with them below, or not at all).
            deferred_values.push((index, v));
            for i in v.tokens.clone() {
                claims.push((i, Claim::Value(index)));
            }
            continue;
        };
        for i in v.tokens.clone() {
            claims.push((i, Claim::Value(index)));
        }
        match value_columns.iter_mut().find(|(r, _, _)| r.model.name == place.model.name && r.column.name == place.column.name) {
            Some((_, list, _)) => {
                // "English and Dutch" of one column: both at once (never one row), or each of
                // them when grouped; without a grouping it is not read as "either".
                let between = q.values.iter().filter(|o| o.tokens.end <= v.tokens.start).map(|o| o.tokens.end).max().unwrap_or(0);
                let joined_by_and = (between..v.tokens.start).any(|i| q.tokens[i].word == "and");
                if joined_by_and && s.grouped_names.is_empty() && s.grains.is_empty() {
                    return fail(format!("\"{}\" and another value of the same column", v.value));
                }
                list.push(v.value.clone())
            }
            None => value_columns.push((place, vec![v.value.clone()], span_of(v.tokens.clone()))),
        }
    }
    // A name said beside a value names the value's column or model ("the Rock genre").
    for (index, mention) in q.names.iter().enumerate() {
        if used_names.contains(&index) || s.grouped_names.contains(&index) || Some(index) == s.which_name {
            continue;
        }
        let beside_value = q.values.iter().any(|v| v.tokens.end == mention.tokens.start || mention.tokens.end == v.tokens.start || mention.tokens.end + 1 == v.tokens.start);
        let names_value = mention.candidates.iter().any(|(m, c)| {
            value_columns.iter().any(|(r, _, _)| {
                r.model.name == m.name && c.is_none_or(|c| c.name == r.column.name || is_key(c))
                    || c.is_some_and(|c| is_key(c) && fk_target(manifest, m, c).is_some_and(|t| t.name == r.model.name))
            })
        });
        if beside_value && names_value {
            used_names.push(index);
        }
    }
    for (reach, list, span) in &value_columns {
        used.push(reach.clone());
        let sql = reach.sql(dialect);
        conditions.push(match list.as_slice() {
            [one] => format!("{sql} = {}", quote_text(one)),
            many => format!("{sql} IN ({})", many.iter().map(|v| quote_text(v)).collect::<Vec<_>>().join(", ")),
        });
        chips.push(Chip { kind: ChipKind::Filter, label: format!("{} is {}", words_of(&reach.column.name, Some(reach.model)), list.join(" or ")), start: span.0, end: span.1 });
    }

    // Boolean columns named ("home games", "won"): true. Named as what is asked for ("wins
    // for each team"), the rows where it is true are what is counted.
    let mut counted_flag: Option<String> = None;
    for (index, mention) in q.names.iter().enumerate() {
        if used_names.contains(&index) && Some(index) != s.subject_mention {
            continue;
        }
        if let Some(r) = mention.candidates.iter().filter(|(_, c)| c.is_some_and(is_boolean)).find_map(|(m, c)| plan.find(&m.name, &(*c)?.name).cloned()) {
            used_names.push(index);
            let (start, end) = span_of(mention.tokens.clone());
            if s.head_names.first() == Some(&index) && r.model.name == base.name {
                counted_flag = Some(q.text[start..end].to_lowercase());
            }
            conditions.push(format!("{} = TRUE", r.sql(dialect)));
            chips.push(Chip { kind: ChipKind::Filter, label: words_of(&r.column.name, None), start, end });
            used.push(r);
        }
    }

    // "Women", "male employees": a gender column of what is counted, by its first letter.
    for (i, t) in q.tokens.iter().enumerate() {
        let Some(letter) = lexicon::sex(&t.word) else { continue };
        if q.claims[i].is_some() {
            continue;
        }
        let anchor = subject.unwrap_or(base);
        let Some(r) = plan.reach.iter().filter(|r| r.model.name == anchor.name && stems_of(&r.column.name).iter().any(|w| w == "gender" || w == "sex")).min_by_key(|r| r.path.len()).cloned() else {
            return fail(format!("could not place \"{}\"", t.word));
        };
        conditions.push(format!("UPPER(SUBSTRING({}, 1, 1)) = '{letter}'", r.sql(dialect)));
        chips.push(Chip { kind: ChipKind::Filter, label: format!("{} is {}", words_of(&r.column.name, None), if letter == 'F' { "female" } else { "male" }), start: t.start, end: t.end });
        claims.push((i, Claim::Keyword));
        used.push(r);
    }

    // Negation: a column that is empty, or related rows that do not exist.
    if let Some(at) = s.negated {
        let after = q.names.iter().enumerate().find(|(i, m)| m.tokens.start > at && !used_names.contains(i) && !s.grouped_names.contains(i));
        let anchor = subject.unwrap_or(base);
        let mut placed = false;
        if let Some((index, mention)) = after {
            // Related rows that do not exist ("customers with no invoices"), else an empty
            // column of what is counted ("tracks missing a composer").
            let other = mention.candidates.iter().filter(|(_, c)| c.is_none()).map(|(m, _)| *m).find(|m| m.name != anchor.name && not_exists(manifest, anchor, m, dialect).is_some());
            let empty = mention
                .candidates
                .iter()
                .filter_map(|(m, c)| c.and_then(|c| plan.find(&m.name, &c.name)))
                // A quantity is never "missing" where it is zero; a reference or a year can be.
                .find(|r| {
                    let year_or_reference = stems_of(&r.column.name).iter().any(|w| w == "year") || refers(manifest, r.model, r.column);
                    (!r.joined() || r.model.name == anchor.name) && !r.column.not_null && (!is_measure(r.column) || year_or_reference)
                });
            if let Some(other) = other
                && let Some(rows) = related_rows(manifest, anchor, other, dialect)
            {
                // The values said of the rows that do not exist, inside.
                let inside = match values_inside(q, other, &mut deferred_values, &mut used_names, dialect) {
                    Ok(inside) => inside,
                    Err(value) => return fail(format!("could not relate \"{value}\" to the rest of the question")),
                };
                // A value said of the rows that do not exist cannot hold outside them.
                if value_columns.iter().any(|(r, _, span)| r.model.name == other.name && q.span(at..at + 1).0 < span.0) {
                    return fail(format!("the rows of {} said not to exist", other.name));
                }
                conditions.push(format!("NOT EXISTS (SELECT 1 {rows}{inside})"));
                let (start, end) = q.span(at..mention.tokens.end);
                chips.push(Chip { kind: ChipKind::Filter, label: format!("without {}", words_of(&other.name, None)), start, end });
                used_names.push(index);
                placed = true;
            } else if let Some(r) = empty {
                conditions.push(format!("{} IS NULL", r.sql(dialect)));
                let (start, end) = q.span(at..mention.tokens.end);
                chips.push(Chip { kind: ChipKind::Filter, label: format!("no {}", words_of(&r.column.name, None)), start, end });
                used_names.push(index);
                used.push(r.clone());
                placed = true;
            }
        }
        if !placed && let Some(verb) = q.tokens.iter().enumerate().find(|(i, t)| *i > at && is_sale_verb(&t.word)) {
            // "never sold": no line of a sale refers to it.
            let lines = manifest.models.iter().find(|m| m.name != anchor.name && m.columns.iter().any(|c| stems_of(&c.name).iter().any(|w| w == "quantity")) && not_exists(manifest, anchor, m, dialect).is_some());
            if let Some(lines) = lines
                && let Some(sql) = not_exists(manifest, anchor, lines, dialect)
            {
                conditions.push(sql);
                let (start, end) = q.span(at..verb.0 + 1);
                chips.push(Chip { kind: ChipKind::Filter, label: "never sold".into(), start, end });
                claims.push((verb.0, Claim::Keyword));
                placed = true;
            }
        }
        if !placed {
            let end = q.tokens.len().min(at + 4);
            let (start, end) = q.span(at..end);
            return fail(format!("could not place \"{}\"", &q.text[start..end]));
        }
        claims.push((at, Claim::Keyword));
        // "don't have any", "never been": the rest of the negation.
        for (i, t) in q.tokens.iter().enumerate().skip(at + 1).take(3) {
            if ["any", "been", "ever", "anyone", "anything", "a", "an"].contains(&t.word.as_str()) {
                claims.push((i, Claim::Filler));
            }
        }
    }

    // Comparisons: the column they compare, from the words near them, their unit or adjective.
    for (index, c) in q.comparisons.iter().enumerate() {
        let last = c.tokens.iter().max().copied().unwrap_or(0);
        // "makers with more than 3 models": how many related rows each has.
        let anchor = subject.unwrap_or(base);
        let counted = q.names.iter().enumerate().find(|(i, m)| m.tokens.start == last + 1 && !used_names.contains(i)).and_then(|(i, m)| {
            let other = m.candidates.iter().filter(|(om, oc)| oc.is_none() && om.name != anchor.name).map(|(om, _)| *om).next()?;
            let rows = related_rows(manifest, anchor, other, dialect)?;
            Some((i, other, rows))
        });
        // "Which grades have 4 or more high schoolers": a count of what is grouped, not a
        // comparison of the grade.
        let counts_own = q.names.iter().find(|m| m.tokens.start == last + 1).is_some_and(|m| m.candidates.iter().any(|(om, oc)| oc.is_none() && om.name == anchor.name) && m.candidates.iter().all(|(_, oc)| oc.is_none()));
        if counted.is_none() && counts_own && !c.year && !c.money && c.unit.is_none() {
            let end_of_name = q.names.iter().find(|m| m.tokens.start == last + 1).map_or(last + 1, |m| m.tokens.end);
            let (start, end) = q.span(c.tokens.iter().min().copied().unwrap_or(0)..end_of_name);
            return fail(format!("could not place \"{}\"", &q.text[start..end]));
        }
        if let (Some((n, other, rows)), [number], false) = (&counted, c.numbers.as_slice(), c.year || c.money || c.unit.is_some()) {
            conditions.push(format!("(SELECT COUNT(*) {rows}) {} {}", c.operator, number_text(*number)));
            let first = c.tokens.iter().min().copied().unwrap_or(0);
            let (start, end) = q.span(first..q.names[*n].tokens.end);
            chips.push(Chip { kind: ChipKind::Comparison, label: format!("{} {}", plural(&words_of(&other.name, None)), &q.text[q.span(first..last + 1).0..q.span(first..last + 1).1]), start, end });
            for &i in &c.tokens {
                claims.push((i, Claim::Comparison(index)));
            }
            used_names.push(*n);
            if !used.iter().any(|u| u.model.name == anchor.name)
                && let Some(k) = plan.key_of(anchor)
            {
                used.push(k);
            }
            continue;
        }
        let Some((column, factor, named)) = compared_column(q, &plan, c, subject.unwrap_or(base), &used_names) else {
            let first = c.tokens.iter().min().copied().unwrap_or(0);
            let last = c.tokens.iter().max().copied().unwrap_or(0);
            // The words before it say what is compared ("customers under 30").
            let from = first.saturating_sub(2).max(q.tokens[..first].iter().rposition(|t| FILLER_WORDS.contains(&t.word.as_str())).map_or(0, |p| p + 1));
            let (start, end) = q.span(from..last + 1);
            return fail(format!("could not place \"{}\"", &q.text[start..end]));
        };
        // "Between 4 and 5 minutes … under 30": a second number for a column already compared
        // in a unit, said without one, is not that column's.
        let unitless_again = c.unit.is_none() && q.comparisons[..index].iter().any(|o| o.unit.is_some()) && used.iter().any(|u| u.model.name == column.model.name && u.column.name == column.column.name);
        if unitless_again {
            let (start, end) = q.span(c.tokens.iter().min().copied().unwrap_or(0)..last + 1);
            return fail(format!("could not place \"{}\"", &q.text[start..end]));
        }
        if let Some(n) = named {
            used_names.push(n);
        }
        let sql = column.sql(dialect);
        let numbers: Vec<String> = c.numbers.iter().map(|n| number_text(n * factor)).collect();
        conditions.push(match (c.operator, numbers.as_slice()) {
            ("BETWEEN", [a, b]) => format!("{sql} BETWEEN {a} AND {b}"),
            (op, [a, ..]) if c.year && is_date(column.column) => {
                let year = a.parse::<f64>().unwrap_or(0.0) as i32;
                format!("{sql} {op} DATE '{year}-01-01'")
            }
            (op, [a, ..]) => format!("{sql} {op} {a}"),
            _ => return fail("a comparison without its number".into()),
        });
        let (start, end) = {
            let first = *c.tokens.iter().min().unwrap_or(&0);
            let last = *c.tokens.iter().max().unwrap_or(&0);
            q.span(first..last + 1)
        };
        let said = q.text[start..end].to_owned();
        chips.push(Chip { kind: ChipKind::Comparison, label: format!("{} {said}", words_of(&column.column.name, None)), start, end });
        for &i in &c.tokens {
            claims.push((i, Claim::Comparison(index)));
        }
        used.push(column);
    }

    // "12 installments", "1-star reviews": a number said before a quantity's name is its value.
    for (i, t) in q.tokens.iter().enumerate() {
        let Some(n) = t.number else { continue };
        if q.claims[i].is_some() || s.limit_at.is_some_and(|(_, at)| at == i) {
            continue;
        }
        let Some((index, mention)) = q.names.iter().enumerate().find(|(_, m)| m.tokens.start == i + 1) else { continue };
        let Some(r) = mention.candidates.iter().filter_map(|(m, c)| c.and_then(|c| plan.find(&m.name, &c.name))).find(|r| is_measure(r.column) && fk_target(manifest, r.model, r.column).is_none()).cloned() else {
            continue;
        };
        conditions.push(format!("{} = {}", r.sql(dialect), number_text(n)));
        let (start, end) = q.span(i..mention.tokens.end);
        chips.push(Chip { kind: ChipKind::Comparison, label: format!("{} is {}", words_of(&r.column.name, None), number_text(n)), start, end });
        claims.push((i, Claim::Keyword));
        used_names.push(index);
        used.push(r);
    }
    // "In grade 9 or 10", "jersey number 23": numbers said after a number column's name.
    for (index, mention) in q.names.iter().enumerate() {
        let counted_measure = Some(index) == s.measure_mention && s.aggregate == Some(Aggregate::Count);
        if used_names.contains(&index) && !counted_measure || s.grouped_names.contains(&index) {
            continue;
        }
        let at = mention.tokens.end;
        let Some(first) = q.tokens.get(at).and_then(|t| t.number).filter(|_| q.claims[at].is_none() && s.limit_at.is_none_or(|(_, l)| l != at)) else { continue };
        let Some(r) = mention.candidates.iter().filter_map(|(m, c)| c.and_then(|c| plan.find(&m.name, &c.name))).find(|r| is_measure(r.column) && !is_key(r.column)).cloned() else {
            continue;
        };
        let mut numbers = vec![first];
        let mut end = at;
        while q.tokens.get(end + 1).is_some_and(|t| t.word == "or" || t.word == "and") && let Some(next) = q.tokens.get(end + 2).and_then(|t| t.number).filter(|_| q.claims[end + 2].is_none()) {
            numbers.push(next);
            end += 2;
        }
        let list: Vec<String> = numbers.iter().map(|n| number_text(*n)).collect();
        conditions.push(match list.as_slice() {
            [one] => format!("{} = {one}", r.sql(dialect)),
            many => format!("{} IN ({})", r.sql(dialect), many.join(", ")),
        });
        let (start, stop) = q.span(mention.tokens.start..end + 1);
        chips.push(Chip { kind: ChipKind::Comparison, label: format!("{} is {}", words_of(&r.column.name, None), list.join(" or ")), start, end: stop });
        for i in at..=end {
            claims.push((i, Claim::Keyword));
        }
        used_names.push(index);
        used.push(r);
    }

    // Dates: the column a range or grain is about — one the question names, else the base's.
    let named_date: Option<(usize, Reach<'m>)> = q.names.iter().enumerate().filter(|(i, _)| !s.grouped_names.contains(i)).find_map(|(i, m)| {
        m.candidates.iter().filter(|(_, c)| c.is_some_and(is_date)).find_map(|(m, c)| plan.find(&m.name, &(*c)?.name).cloned()).map(|r| (i, r))
    });
    let date_column = || -> Option<Reach<'m>> {
        if let Some((_, r)) = &named_date {
            return Some(r.clone());
        }
        let own = plan.reach.iter().filter(|r| !r.joined() && is_date(r.column) && !ends_validity(r.column)).min_by_key(|r| date_rank(r.column));
        own.or_else(|| plan.reach.iter().filter(|r| is_date(r.column) && !ends_validity(r.column)).min_by_key(|r| (r.path.len(), date_rank(r.column)))).cloned()
    };
    let needs_date = q.time.is_some() || !s.grains.is_empty();
    if needs_date && let Some((i, _)) = &named_date {
        used_names.push(*i);
    }
    if let Some((range, at)) = &q.time {
        // Without a date, a whole-number year column of the base's own ("Year") for whole years.
        let whole_years = range.start.month() == 1 && range.start.day() == 1 && range.end.month() == 1 && range.end.day() == 1;
        let year_column = || plan.reach.iter().find(|r| !r.joined() && is_measure(r.column) && stems_of(&r.column.name) == ["year"]).cloned();
        let (d, by_year) = match date_column() {
            Some(d) => (d, false),
            None => match year_column().filter(|_| whole_years) {
                Some(y) => (y, true),
                None => return fail(format!("no date in {} for {}", base.name, range.label)),
            },
        };
        let column = d.sql(dialect);
        if by_year {
            conditions.push(format!("{column} >= {} AND {column} < {}", range.start.year(), range.end.year()));
        } else {
            conditions.push(format!("{column} >= DATE '{}' AND {column} < DATE '{}'", range.start, range.end));
        }
        let (start, end) = q.span(at.clone());
        chips.push(Chip { kind: ChipKind::TimeRange, label: format!("in {}", range.label), start, end });
        used.push(d);
    }
    // "Currently": rows whose validity has not ended, in every model the reading reads.
    if s.current {
        let mut any = false;
        for r in plan.reach.iter().filter(|r| ends_validity(r.column) && (!r.joined() || used.iter().any(|u| u.model.name == r.model.name))) {
            conditions.push(format!("{} IS NULL", r.sql(dialect)));
            any = true;
        }
        if !any {
            return fail(format!("\"currently\" means nothing in {}", base.name));
        }
        for (i, t) in q.tokens.iter().enumerate() {
            if is_current(&t.word) {
                claims.push((i, Claim::Keyword));
                let (start, end) = q.span(i..i + 1);
                chips.push(Chip { kind: ChipKind::Filter, label: "current".into(), start, end });
            }
        }
    }

    // "Students who have pets", "artists with albums": related rows that exist.
    let anchor = subject.unwrap_or(base);
    for (index, mention) in q.names.iter().enumerate() {
        if used_names.contains(&index) || s.grouped_names.contains(&index) || Some(index) == s.which_name || Some(index) == s.subject_mention || Some(index) == s.measure_mention {
            continue;
        }
        // "who have a cat or dog pet": the values of those rows may come between.
        let mut before = mention.tokens.start;
        while before > 0 && (["a", "an", "any", "some", "or", "and"].contains(&q.tokens[before - 1].word.as_str()) || matches!(q.claims[before - 1], Some(Claim::Value(_)))) {
            before -= 1;
        }
        let Some(verb) = before.checked_sub(1).filter(|&b| ["have", "has", "having", "with", "own", "owns", "owning"].contains(&q.tokens[b].word.as_str())) else { continue };
        if s.negated.is_some_and(|at| at < mention.tokens.start) {
            continue;
        }
        let Some((other, rows)) = mention.candidates.iter().filter(|(m, c)| c.is_none() && m.name != anchor.name).find_map(|(m, _)| related_rows(manifest, anchor, m, dialect).map(|r| (*m, r))) else { continue };
        let inside = match values_inside(q, other, &mut deferred_values, &mut used_names, dialect) {
            Ok(inside) => inside,
            Err(value) => return fail(format!("could not relate \"{value}\" to the rest of the question")),
        };
        conditions.push(format!("EXISTS (SELECT 1 {rows}{inside})"));
        let (start, end) = q.span(verb..mention.tokens.end);
        chips.push(Chip { kind: ChipKind::Filter, label: format!("with {}", plural(&words_of(&other.name, None))), start, end });
        claims.push((verb, Claim::Keyword));
        for i in verb + 1..mention.tokens.start {
            claims.push((i, Claim::Filler));
        }
        used_names.push(index);
        if let Some(k) = plan.key_of(anchor) {
            used.push(k);
        }
    }

    if let Some((_, v)) = deferred_values.first() {
        return fail(format!("could not relate \"{}\" to the rest of the question", v.value));
    }

    // Groupings.
    let mut groups: Vec<(Group<'m>, (usize, usize))> = Vec::new();
    let mut group_name_list: Vec<usize> = s.grouped_names.to_vec();
    if let Some(w) = s.which_name
        && !group_name_list.contains(&w)
    {
        group_name_list.insert(0, w);
    }
    // "Which team has the biggest arena": the rows of what "which" names, ranked by a quantity
    // of their own.
    let ranks_own = s.aggregate.is_none()
        && s.order.is_some()
        && measure.as_ref().is_some_and(|m| !m.joined())
        && s.which_name.is_some_and(|n| q.names[n].candidates.iter().any(|(m, c)| c.is_none() && m.name == base.name));
    let listing_which = s.aggregate.is_none() && s.measure_mention.is_none() || ranks_own;
    for &n in &group_name_list {
        if used_names.contains(&n) {
            continue;
        }
        if Some(n) == s.which_name && listing_which {
            continue;
        }
        let mention = &q.names[n];
        let span = span_of(mention.tokens.clone());
        // "Each type of pet": the model after "of" says whose column the grouping is.
        let qualifies = mention.tokens.start >= 2 && q.tokens[mention.tokens.start - 1].word == "of" && groups.iter().any(|(g, _)| match g {
            Group::Column(r) => mention.candidates.iter().any(|(m, c)| c.is_none() && m.name == r.model.name),
            _ => false,
        });
        if qualifies {
            used_names.push(n);
            continue;
        }
        // A column of categories, else an entity (a model, or a key that refers to one).
        let column = mention.candidates.iter().filter(|(_, c)| c.is_some_and(|c| !is_key(c) && !is_measure(c) && !is_date(c))).find_map(|(m, c)| plan.find(&m.name, &(*c)?.name).cloned());
        let group = match column {
            Some(c) => Some(Group::Column(c)),
            None => mention.candidates.iter().filter_map(|(m, c)| entity_of(manifest, m, *c)).find_map(|m| plan.entity(m)),
        };
        // "Which grade", "by year": a whole-number column said as the grouping.
        let group = group.or_else(|| {
            mention
                .candidates
                .iter()
                .filter(|(m, c)| c.is_some_and(|c| is_measure(c) && c.type_name.to_uppercase().contains("INT") && fk_target(manifest, m, c).is_none()))
                .find_map(|(m, c)| plan.find(&m.name, &(*c)?.name).cloned())
                .map(Group::Column)
        });
        match group {
            Some(g) => {
                used_names.push(n);
                groups.push((g, span));
            }
            None => return fail(format!("could not place \"{}\"", &q.text[span.0..span.1])),
        }
    }
    // "For each sales support agent": a value said after "each" groups by what it names.
    for v in &q.values {
        let each = v.tokens.start > 0 && ["each", "every", "per"].contains(&q.tokens[v.tokens.start - 1].word.as_str());
        if !each {
            continue;
        }
        let Some((place, _, span)) = value_columns.iter().find(|(_, list, _)| list.contains(&v.value)) else { continue };
        match plan.entity(place.model) {
            Some(g) => {
                claims.push((v.tokens.start - 1, Claim::Keyword));
                groups.push((g, *span));
            }
            None => return fail(format!("could not place \"each {}\"", v.value)),
        }
    }
    for (grain, at) in &s.grains {
        let Some(d) = date_column() else { return fail(format!("no date in {} to group by", base.name)) };
        let span = q.span(*at..at + 1);
        claims.push((*at, Claim::Keyword));
        groups.push((Group::Grain(*grain, d), span));
    }

    // The value: an aggregate of the measure, a count, or rows listed.
    let mut select: Vec<String> = Vec::new();
    let mut group_by: Vec<String> = Vec::new();
    for (g, span) in &groups {
        match g {
            Group::Column(r) => {
                select.push(format!("{} AS {}", r.sql(dialect), quote(&r.column.name)));
                group_by.push(r.sql(dialect));
                used.push(r.clone());
                chips.push(Chip { kind: ChipKind::Grouping, label: format!("by {}{}", current_of(r), words_of(&r.column.name, Some(r.model))), start: span.0, end: span.1 });
            }
            Group::Entity { key, shown } => {
                group_by.push(key.sql(dialect));
                used.push(key.clone());
                for c in shown {
                    select.push(format!("{} AS {}", c.sql(dialect), quote(&c.column.name)));
                    group_by.push(c.sql(dialect));
                    used.push(c.clone());
                }
                chips.push(Chip { kind: ChipKind::Grouping, label: format!("by {}{}", current_of(key), words_of(&key.model.name, None)), start: span.0, end: span.1 });
            }
            Group::Grain(grain, d) => {
                let expr = grain_sql(*grain, &d.sql(dialect), dialect, q.time.as_ref().map(|t| &t.0));
                let name = format!("{grain:?}").to_lowercase();
                select.push(format!("{expr} AS {}", quote(&name)));
                group_by.push(expr);
                used.push(d.clone());
                chips.push(Chip { kind: ChipKind::Grouping, label: format!("by {name}"), start: span.0, end: span.1 });
            }
        }
    }
    let grouped = !group_by.is_empty();
    // Read through someone's current department, the rows measured are current too: this
    // year's salaries per current department, not every salary ever paid.
    if !s.current
        && q.time.is_none()
        && used.iter().any(Reach::through_current)
        && let Some(end) = super::reach::validity_end(base)
    {
        conditions.push(format!("{}.{} IS NULL", quote(&base.name), quote(&end.name)));
        chips.push(Chip { kind: ChipKind::Filter, label: "current".into(), start: 0, end: 0 });
    }
    let subject_key = subject.filter(|m| m.name != base.name).and_then(|m| plan.key_of(m));
    if let Some(k) = &subject_key {
        used.push(k.clone());
    }

    // Ordering and limit.
    let limit = s.limit_at.map(|(n, _)| n).or(s.order.filter(|(_, at)| !["top", "bottom"].contains(&q.tokens[*at].word.as_str())).map(|_| 1));
    let mut sql_order: Option<String> = None;
    let value_alias;
    let mut value_label;
    let value_sql: Option<String>;
    let single_measure_rows = s.aggregate.is_none() && s.order.is_some() && !grouped;
    let mut extra_select: Vec<String> = Vec::new();
    match (s.aggregate, &measure) {
        _ if single_measure_rows => {
            // "The longest track", "top 5 highest-paid employees": rows ranked by a quantity.
            let (desc, at) = s.order.unwrap_or((true, 0));
            // "Youngest" ranks by age, whatever else the question names; "most" by what it names.
            // "Longest-serving": the word after the superlative says the quantity first.
            let after = q.tokens.get(at + 1).filter(|_| q.claims.get(at + 1).is_some_and(|c| matches!(c, None | Some(Claim::Name(_))))).and_then(|t| lexicon::superlative_quantity(&t.word).map(|w| (w, at + 1)));
            let wanted = after.map(|(w, _)| w).or_else(|| lexicon::superlative_quantity(&q.tokens[at].word));
            if let Some((_, i)) = after {
                claims.push((i, Claim::Keyword));
            }
            let implied = wanted.map(|wanted| {
                plan.reach
                    .iter()
                    .filter(|r| (is_measure(r.column) || is_date(r.column)) && (r.model.name == subject.unwrap_or(base).name || !r.joined() || r.path.len() == 1 && r.through_current()))
                    .find(|r| column_words(r.column).iter().chain(description_words(r.column).iter()).any(|w| wanted.iter().any(|x| w.starts_with(x))))
                    .cloned()
            });
            let quantity = match (implied, &measure) {
                (Some(Some(q)), Some(m)) if q.column.name != m.column.name => return fail("a superlative of one quantity and another named".into()),
                (Some(found), _) => found,
                (None, m) => m.clone(),
            };
            let Some(quantity) = quantity else { return fail("an order I could not place".into()) };
            // "The age of the oldest dog": what is named is what is shown.
            let named_only = measure.is_some() && !s.who && s.which_name.is_none() && s.limit_at.is_none();
            // Dates rank the other way: the oldest was born first.
            let desc = if is_date(quantity.column) { !desc } else { desc };
            let shown = subject.and_then(|m| plan.entity(m)).or_else(|| plan.entity(base)).filter(|_| !named_only);
            // Rows of another model ranked (salaries of employees) would show an entity once
            // per row: ranked only over the entity's own rows.
            // "The most assists in a single game": each row is one game's, ranked as rows.
            let single_event = q.tokens.iter().enumerate().find_map(|(i, t)| {
                if !["single", "one"].contains(&t.word.as_str()) {
                    return None;
                }
                let (n, mention) = q.names.iter().enumerate().find(|(_, m)| m.tokens.start == i + 1)?;
                let event = mention.candidates.iter().any(|(m, c)| c.is_none() && m.name != base.name && key_column(m).and_then(|k| plan.find(&m.name, &k.name)).is_some_and(|r| r.path.len() == 1));
                event.then_some((i, n))
            });
            if let Some((i, n)) = single_event {
                claims.push((i, Claim::Keyword));
                used_names.push(n);
            }
            let one_row_each = s.current && plan.reach.iter().any(|r| !r.joined() && ends_validity(r.column)) || single_event.is_some();
            if let Some(Group::Entity { key, .. }) = &shown
                && key.joined()
                && !one_row_each
            {
                return fail(format!("{} ranked by rows of {}", key.model.name, base.name));
            }
            // "What is the hometown of the youngest teacher": a column "what" names is shown
            // instead of the names; a model it names is what is ranked.
            let column_of = |n: usize| q.names[n].candidates.iter().filter(|(_, c)| c.is_some_and(|c| !is_key(c) && !is_measure(c))).find_map(|(m, c)| plan.find(&m.name, &(*c)?.name)).filter(|r| !r.joined()).cloned().map(|r| (n, r));
            // Or a text column named before the superlative ("the hometown of the youngest").
            let which_column = s.which_name.and_then(column_of).or_else(|| {
                s.head_names.iter().copied().filter(|n| !used_names.contains(n) && Some(*n) != s.subject_mention && q.names[*n].tokens.end <= at).find_map(column_of)
            });
            if let Some((n, _)) = &which_column {
                used_names.push(*n);
            }
            if let Some(n) = s.which_name
                && (which_column.is_some() || q.names[n].candidates.iter().any(|(m, c)| entity_of(manifest, m, *c).is_some_and(|e| shown.as_ref().is_some_and(|g| matches!(g, Group::Entity { key, .. } if key.model.name == e.name)) || e.name == subject.unwrap_or(base).name)))
            {
                used_names.push(n);
            }
            match (&which_column, shown) {
                (Some((_, r)), _) if r.column.name != quantity.column.name => {
                    select.push(format!("{} AS {}", r.sql(dialect), quote(&r.column.name)));
                    used.push(r.clone());
                }
                (Some(_), _) => {}
                (None, Some(Group::Entity { shown, .. })) => {
                    for c in shown {
                        select.push(format!("{} AS {}", c.sql(dialect), quote(&c.column.name)));
                        used.push(c);
                    }
                }
                (None, _) => {}
            }
            select.push(format!("{} AS {}", quantity.sql(dialect), quote(&quantity.column.name)));
            sql_order = Some(format!("{}{}", quantity.sql(dialect), if desc { " DESC" } else { "" }));
            claims.push((at, Claim::Keyword));
            if let Some(next) = q.tokens.get(at + 1).filter(|t| t.word == "expensive" || t.word == "paid") {
                let _ = next;
                claims.push((at + 1, Claim::Keyword));
            }
            let (start, end) = q.span(at..at + 1);
            chips.push(Chip { kind: ChipKind::Order, label: format!("{} {}", if desc { "highest" } else { "lowest" }, words_of(&quantity.column.name, None)), start, end });
            used.push(quantity);
            value_sql = None;
            value_label = String::new();
            value_alias = String::new();
        }
        (Some(Aggregate::Count), _) if s.average_of_counts => {
            // "Average number of invoices per customer": the average of per-group counts.
            let Some((Group::Entity { key, .. } | Group::Column(key), _)) = groups.first() else { return fail("an average of counts without a per".into()) };
            let inner_value = match (&subject_key, s.distinct) {
                (Some(k), _) => format!("COUNT(DISTINCT {})", k.sql(dialect)),
                (None, true) => match q.names.iter().enumerate().find(|(i, m)| !used_names.contains(i) && m.candidates.iter().any(|(mm, c)| c.is_some() && plan.find(&mm.name, &c.unwrap().name).is_some())) {
                    Some((i, m)) => {
                        let r = m.candidates.iter().find_map(|(mm, c)| plan.find(&mm.name, &(*c)?.name)).cloned().unwrap_or_else(|| key.clone());
                        used_names.push(i);
                        format!("COUNT(DISTINCT {})", r.sql(dialect))
                    }
                    None => "COUNT(*)".into(),
                },
                (None, false) => "COUNT(*)".into(),
            };
            let label = format!("average number of {} per {}", plural(&words_of(&subject.unwrap_or(base).name, None)), words_of(&key.model.name, None));
            let alias = quote(&label.replace(' ', "_"));
            let mut sql = format!("SELECT {} AS {} FROM {}{}", key.sql(dialect), quote("per"), quote(&base.name), joins_for(&used.iter().collect::<Vec<_>>(), dialect));
            if !conditions.is_empty() {
                sql.push_str(&format!(" WHERE {}", conditions.join(" AND ")));
            }
            sql = sql.replacen(&format!("{} AS {}", key.sql(dialect), quote("per")), &format!("{} AS {}, {inner_value} AS {}", key.sql(dialect), quote("per"), quote("n")), 1);
            sql.push_str(&format!(" GROUP BY {}", key.sql(dialect)));
            chips.retain(|c| c.kind != ChipKind::Grouping);
            chips.insert(0, Chip { kind: ChipKind::Measure, label: label.clone(), start: 0, end: 0 });
            claim_keywords(q, &mut claims, &["average", "avg", "mean", "averaged", "number", "how", "many", "count", "per", "each", "every", "different", "distinct", "unique"]);
            if !used_names.iter().any(|&n| Some(n) == s.subject_mention) && s.subject_mention.is_some() {
                return fail("the subject is not counted".into());
            }
            claim_sale_verbs(manifest, q, base, &used, &mut claims);
            claim_names(q, &used_names, &mut claims);
            if asks_place(q) && !used.iter().any(|r| place_column(r.column)) {
                return fail("\"where\" asks for a place the reading does not show".into());
            }
            return Ok((format!("SELECT AVG({}) AS {alias} FROM ({sql}) {}", quote("n"), quote("per_group")), chips, claims));
        }
        (Some(Aggregate::Count), _) => {
            // "How many distinct countries do customers come from": the column said after
            // "distinct", of what is counted.
            let distinct_column = q.tokens.iter().position(|t| DISTINCT_WORDS.contains(&t.word.as_str())).and_then(|at| {
                let (n, m) = q.names.iter().enumerate().find(|(i, m)| m.tokens.start == at + 1 && !used_names.contains(i))?;
                let r = m.candidates.iter().filter(|(_, c)| c.is_some_and(|c| !is_key(c))).find_map(|(mm, c)| plan.find(&mm.name, &(*c)?.name)).filter(|r| subject.is_none_or(|sm| sm.name == r.model.name)).cloned()?;
                Some((n, r))
            });
            if let Some((n, _)) = &distinct_column {
                used_names.push(*n);
            }
            let (expr, what) = match (&subject_key, subject) {
                _ if let Some((_, r)) = &distinct_column => {
                    used.push(r.clone());
                    (format!("COUNT(DISTINCT {})", r.sql(dialect)), format!("different {}", words_of(&r.column.name, None)))
                }
                (Some(k), Some(m)) => (format!("COUNT(DISTINCT {})", k.sql(dialect)), words_of(&m.name, None)),
                _ if s.distinct => match s.subject_mention.and_then(|n| q.names[n].candidates.iter().find_map(|(m, c)| plan.find(&m.name, &(*c)?.name)).cloned()) {
                    Some(r) => (format!("COUNT(DISTINCT {})", r.sql(dialect)), format!("different {}", words_of(&r.column.name, None))),
                    None => ("COUNT(*)".into(), words_of(&base.name, None)),
                },
                (_, Some(m)) => ("COUNT(*)".into(), words_of(&m.name, None)),
                _ => ("COUNT(*)".into(), words_of(&base.name, None)),
            };
            if s.distinct {
                claim_keywords(q, &mut claims, DISTINCT_WORDS);
            }
            value_label = format!("number of {}", plural(&what));
            value_sql = Some(expr);
            value_alias = quote(&value_label.replace(' ', "_"));
            claim_keywords(q, &mut claims, &["how", "many", "number", "count", "headcount"]);
        }
        (Some(agg), Some(m)) => {
            value_label = match agg {
                // "The invoice total", summed: not "total invoice total".
                Aggregate::Sum if stems_of(&m.column.name).iter().any(|w| w == "total") => words_of(&m.column.name, Some(m.model)),
                _ => format!("{} {}", agg.label(), words_of(&m.column.name, Some(m.model))),
            };
            // "Length in minutes" of milliseconds: converted.
            let said_unit = q.tokens.iter().enumerate().find(|(i, t)| ["minute", "second", "hour"].contains(&t.stem.as_str()) && q.claims[*i].is_none_or(|c| matches!(c, Claim::Name(_))));
            let words: Vec<String> = column_words(m.column).into_iter().chain(description_words(m.column)).collect();
            let factor = said_unit.and_then(|(_, t)| lexicon::convert(&t.stem, &words)).filter(|f| *f != 1.0);
            value_sql = Some(match factor {
                Some(f) => format!("{}({}) / {}", agg.function(), m.sql(dialect), number_text(f)),
                None => format!("{}({})", agg.function(), m.sql(dialect)),
            });
            if let (Some((i, t)), Some(_)) = (said_unit, factor) {
                claims.push((i, Claim::Keyword));
                // Said in the unit it was converted to: "average minutes".
                value_label = format!("{} {}s", agg.label(), t.stem);
            }
            // "The average, minimum and maximum age": the other aggregates of the measure.
            let mut extra_seen = vec![agg];
            for (i, t) in q.tokens.iter().enumerate() {
                let extra = match t.word.as_str() {
                    "minimum" | "min" | "lowest" | "smallest" => Aggregate::Min,
                    "maximum" | "max" | "highest" | "largest" | "biggest" => Aggregate::Max,
                    "average" | "avg" | "mean" => Aggregate::Avg,
                    "total" | "sum" => Aggregate::Sum,
                    _ => continue,
                };
                if q.claims[i].is_some() && !matches!(q.claims[i], Some(Claim::Keyword)) || extra_seen.contains(&extra) || s.order.is_some_and(|(_, at)| at == i) {
                    continue;
                }
                extra_seen.push(extra);
                let label = format!("{} {}", extra.label(), words_of(&m.column.name, Some(m.model)));
                extra_select.push(format!("{}({}) AS {}", extra.function(), m.sql(dialect), quote(&label.replace(' ', "_"))));
                chips.push(Chip { kind: ChipKind::Measure, label, start: t.start, end: t.end });
                claims.push((i, Claim::Keyword));
            }
            value_alias = quote(&value_label.replace(' ', "_"));
            used.push(m.clone());
            claim_keywords(q, &mut claims, &["total", "sum", "average", "avg", "mean", "averaged"]);
        }
        (Some(agg @ (Aggregate::Sum | Aggregate::Avg)), None) if s.subject_mention.is_some() && subject.is_some_and(|m| m.name == base.name) && amount_of(base).is_some() => {
            // "Total gift card payments": the amount of the rows totalled.
            let m = plan.find(&base.name, &amount_of(base).map(|c| c.name.clone()).unwrap_or_default()).cloned().ok_or_else(|| vec!["no amount".to_owned()])?;
            value_label = format!("{} {}", agg.label(), words_of(&m.column.name, Some(m.model)));
            value_sql = Some(format!("{}({})", agg.function(), m.sql(dialect)));
            value_alias = quote(&value_label.replace(' ', "_"));
            used.push(m);
            claim_keywords(q, &mut claims, &["total", "sum", "average", "avg", "mean", "averaged"]);
        }
        (Some(agg), None) => return fail(format!("a {} of something I could not place", agg.label())),
        (None, Some(_)) if !single_measure_rows && grouped => return fail("a quantity with nothing to do with it".into()),
        (None, _) => {
            // A list: what "which X" or the subject names, by its name columns.
            let listed: Option<&'m Model> = s.which_name.and_then(|n| q.names[n].candidates.iter().filter_map(|(m, c)| entity_of(manifest, m, *c)).find(|m| plan.reaches(&m.name))).or(subject);
            // A column named as the subject ("job titles", "product categories"): its values.
            let column_mention = s.head_names.iter().copied().find(|n| !used_names.contains(n) && q.names[*n].candidates.iter().any(|(_, c)| c.is_some_and(|c| !is_key(c))));
            // A column of the base's own rows (a list of a joined model's column would repeat).
            let subject_column = if listed.is_some() && s.subject_mention.is_some() || s.who {
                None
            } else {
                column_mention.and_then(|n| q.names[n].candidates.iter().filter(|(_, c)| c.is_some_and(|c| !is_key(c))).find_map(|(m, c)| plan.find(&m.name, &(*c)?.name)).filter(|r| !r.joined()).cloned())
            };
            // "The name and country of all customers": the columns named, of what is listed.
            let of_listed = |r: &Reach<'m>| listed.is_none_or(|m| m.name == r.model.name) && (!r.joined() || listed.is_some());
            let named: Vec<(usize, Reach<'m>)> = s
                .head_names
                .iter()
                .copied()
                // The quantity named without an aggregate is listed too ("the id and weight").
                .filter(|n| (!used_names.contains(n) || Some(*n) == s.measure_mention && measure.is_some()) && Some(*n) != s.subject_mention)
                .filter_map(|n| q.names[n].candidates.iter().filter_map(|(m, c)| plan.find(&m.name, &(*c)?.name)).find(|r| of_listed(r)).cloned().map(|r| (n, r)))
                // A reference is a relationship, not a value to list ("who reports to…").
                .filter(|(_, r)| !refers(manifest, r.model, r.column) && !s.who)
                .collect();
            let asked_distinct = s.distinct;
            let subject_column = if named.len() > 1 || (named.len() == 1 && listed.is_some() && s.subject_mention.is_some()) { None } else { subject_column };
            let mut distinct = if asked_distinct { "DISTINCT " } else { "" };
            let mut list_by: Vec<String> = Vec::new();
            let lists_in_groups = grouped && (s.who || s.which_name.is_some()) && listed.is_some() && s.sort.is_none();
            // "The ids and names of…": the listed thing's key, said as "id".
            let id_words: Vec<usize> = q.tokens.iter().enumerate().filter(|(i, t)| (t.word == "id" || t.word == "ids") && q.claims[*i].is_none()).map(|(i, _)| i).collect();
            let listed_key = listed.or(Some(base)).and_then(|m| plan.key_of(m)).filter(|_| !id_words.is_empty());
            let key_named = listed_key.as_ref().is_some_and(|k| named.iter().any(|(_, r)| r.column.name == k.column.name && r.model.name == k.model.name));
            if let Some(key) = &listed_key
                && subject_column.is_none()
                && !grouped
                && !key_named
            {
                select.push(format!("{} AS {}", key.sql(dialect), quote(&key.column.name)));
                used.push(key.clone());
                for &i in &id_words {
                    claims.push((i, Claim::Keyword));
                }
            }
            if subject_column.is_none() && !named.is_empty() && !grouped {
                if let Some(m) = listed
                    && m.name != base.name
                {
                    return fail(format!("{} listed from {}", m.name, base.name));
                }
                for (n, r) in &named {
                    let item = format!("{} AS {}", r.sql(dialect), quote(&r.column.name));
                    // A column named twice is listed once; the second mention means something
                    // else ("the first name of the first student to register").
                    if select.contains(&item) {
                        continue;
                    }
                    used_names.push(*n);
                    select.push(item);
                    used.push(r.clone());
                    used_names.push(*n);
                    chips.push(Chip { kind: ChipKind::Measure, label: words_of(&r.column.name, Some(r.model)), start: 0, end: 0 });
                }
                if asked_distinct {
                    claim_keywords(q, &mut claims, DISTINCT_WORDS);
                }
            } else {
            match (subject_column, listed) {
                (Some(c), _) if !grouped => {
                    select.push(format!("{} AS {}", c.sql(dialect), quote(&c.column.name)));
                    used.push(c.clone());
                    distinct = "DISTINCT ";
                    used_names.extend(column_mention);
                }
                (_, Some(m)) if !grouped || lists_in_groups => {
                    let Some(Group::Entity { key, shown }) = plan.entity(m) else { return fail(format!("no name to show {} by", m.name)) };
                    // Listed from another model's rows ("who manages Sales": the managers of the
                    // department's rows), each once: by its key, shown by its names. So in each
                    // group ("the current manager of each department").
                    if m.name != base.name || lists_in_groups {
                        list_by = std::iter::once(&key).chain(&shown).map(|c| c.sql(dialect)).chain(group_by.iter().cloned()).collect();
                        used.push(key.clone());
                        // The rows read are the base's: its name says how they relate ("manages").
                        for &n in &s.head_names {
                            if !used_names.contains(&n) && q.names[n].candidates.iter().any(|(bm, c)| c.is_none() && bm.name == base.name) {
                                used_names.push(n);
                            }
                        }
                    }
                    for c in shown {
                        select.push(format!("{} AS {}", c.sql(dialect), quote(&c.column.name)));
                        used.push(c);
                    }
                    if let Some(n) = s.which_name {
                        used_names.push(n);
                    }
                }
                _ if grouped => {}
                _ => return fail("nothing to list".into()),
            }
            }
            let mut sql = format!("SELECT {distinct}{} FROM {}{}", select.join(", "), quote(&base.name), joins_for(&used.iter().collect::<Vec<_>>(), dialect));
            if !conditions.is_empty() {
                sql.push_str(&format!(" WHERE {}", conditions.join(" AND ")));
            }
            if !list_by.is_empty() {
                sql.push_str(&format!(" GROUP BY {}", list_by.join(", ")));
            }
            if grouped && (s.who || s.which_name.is_some()) && !lists_in_groups {
                return fail("which in each group".into());
            }
            // "Hires by year" counts the events a date names; otherwise what is counted is named.
            let events_named = needs_date && named_date.as_ref().is_some_and(|(i, r)| used_names.contains(i) && r.model.name == base.name);
            if grouped && subject.is_none() && !events_named && counted_flag.is_none() && !lists_in_groups {
                return fail("a grouping of nothing named".into());
            }
            if grouped && !lists_in_groups {
                // "Customers by country and segment": how many in each.
                let label = match &counted_flag {
                    Some(said) if subject.is_none() => format!("number of {said}"),
                    _ => format!("number of {}", plural(&words_of(&subject.unwrap_or(base).name, None))),
                };
                sql = sql.replacen("SELECT ", &format!("SELECT COUNT(*) AS {}, ", quote(&label.replace(' ', "_"))), 1);
                sql.push_str(&format!(" GROUP BY {}", group_by.join(", ")));
                if let Some(keys) = grain_order(&groups, dialect, q) {
                    sql.push_str(&format!(" ORDER BY {keys}"));
                }
                chips.insert(0, Chip { kind: ChipKind::Measure, label, start: 0, end: 0 });
            }
            if let Some((n, desc, said)) = &s.sort {
                let Some(r) = q.names[*n].candidates.iter().filter_map(|(m, c)| plan.find(&m.name, &(*c)?.name)).find(|r| !r.joined() || listed.is_some_and(|m| m.name == r.model.name)).cloned() else {
                    return fail("a sort I could not place".into());
                };
                if distinct.is_empty() || select.iter().any(|item| item.starts_with(&r.sql(dialect))) {
                    sql.push_str(&format!(" ORDER BY {}{}", r.sql(dialect), if *desc { " DESC" } else { "" }));
                } else {
                    return fail("a sort on a column not listed".into());
                }
                used_names.push(*n);
                for &i in said {
                    claims.push((i, Claim::Keyword));
                }
                let (start, end) = q.span(said[0]..said[said.len() - 1] + 1);
                chips.push(Chip { kind: ChipKind::Order, label: format!("sorted by {}{}", words_of(&r.column.name, None), if *desc { ", highest first" } else { "" }), start, end });
                if !used.iter().any(|u| u.model.name == r.model.name) {
                    return fail("a sort on a model not read".into());
                }
            }
            claim_sale_verbs(manifest, q, base, &used, &mut claims);
            claim_names(q, &used_names, &mut claims);
            claim_keywords(q, &mut claims, &["by", "per", "each", "every"]);
            if let Some(n) = limit.filter(|_| s.limit_at.is_some()) {
                sql.push_str(&format!(" LIMIT {n}"));
                if let Some((_, at)) = s.limit_at {
                    claim_limit_word(q, at, &mut claims);
                }
            }
            if asks_place(q) && !used.iter().any(|r| place_column(r.column)) {
                return fail("\"where\" asks for a place the reading does not show".into());
            }
            return Ok((sql, chips, claims));
        }
    }
    if let Some(value) = &value_sql {
        select.push(format!("{value} AS {value_alias}"));
        select.append(&mut extra_select);
        chips.insert(0, Chip { kind: ChipKind::Measure, label: value_label.clone(), start: 0, end: 0 });
    }
    if s.aggregate.is_some() || value_sql.is_some() {
        claim_keywords(q, &mut claims, &["by", "per", "each", "every"]);
    }

    // A superlative without a number ("the longest track", "which album has the most
    // tracks") is the top row, ties kept: ranked, and every row of the first rank.
    let ties = s.limit_at.is_none() && limit.is_some();
    let rank_by = match (&sql_order, &value_sql, s.order) {
        (Some(order), _, _) => Some(order.clone()),
        (None, Some(value), Some((desc, _))) if grouped => Some(format!("{value}{}", if desc { " DESC" } else { "" })),
        _ => None,
    };
    let mut sql = format!("SELECT {} FROM {}{}", select.join(", "), quote(&base.name), joins_for(&used.iter().collect::<Vec<_>>(), dialect));
    if ties && let Some(rank_by) = &rank_by {
        sql = sql.replacen("SELECT ", &format!("SELECT RANK() OVER (ORDER BY {rank_by}) AS {}, ", quote("rank")), 1);
    }
    if !conditions.is_empty() {
        sql.push_str(&format!(" WHERE {}", conditions.join(" AND ")));
    }
    if grouped {
        sql.push_str(&format!(" GROUP BY {}", group_by.join(", ")));
    }
    if ties && let Some(rank_by) = rank_by {
        let aliases: Vec<&str> = select.iter().filter_map(|item| item.rsplit_once(" AS ").map(|(_, alias)| alias)).collect();
        let (start, end) = s.order.map(|(_, at)| q.span(at..at + 1)).unwrap_or_default();
        if let Some((_, at)) = s.order {
            claims.push((at, Claim::Keyword));
        }
        chips.push(Chip { kind: ChipKind::Order, label: if rank_by.ends_with("DESC") { "the highest".into() } else { "the lowest".into() }, start, end });
        if s.order.is_some() && !grouped && value_sql.is_some() && sql_order.is_none() {
            return fail("an order with nothing to rank".into());
        }
        claim_sale_verbs(manifest, q, base, &used, &mut claims);
        claim_names(q, &used_names, &mut claims);
        // "The age of the oldest dog": the one value, however many share it.
        let distinct = if single_measure_rows && aliases.len() == 1 { "DISTINCT " } else { "" };
        if asks_place(q) && !used.iter().any(|r| place_column(r.column)) {
            return fail("\"where\" asks for a place the reading does not show".into());
        }
        return Ok((format!("SELECT {distinct}{} FROM ({sql}) AS {} WHERE {} = 1", aliases.join(", "), quote("ranked"), quote("rank")), chips, claims));
    }
    if let Some(order) = sql_order {
        sql.push_str(&format!(" ORDER BY {order}"));
    } else if let (Some((desc, at)), true) = (s.order, grouped && value_sql.is_some()) {
        // Equal values in the order of their names, so the same question gives the same rows.
        let then: Vec<String> = groups.iter().filter_map(|(g, _)| match g {
            Group::Entity { shown, .. } => shown.first().map(|c| c.sql(dialect)),
            Group::Column(r) => Some(r.sql(dialect)),
            Group::Grain(..) => None,
        }).collect();
        sql.push_str(&format!(" ORDER BY {value_alias}{}", if desc { " DESC" } else { " ASC" }));
        for t in then {
            sql.push_str(&format!(", {t}"));
        }
        claims.push((at, Claim::Keyword));
        let (start, end) = q.span(at..at + 1);
        chips.push(Chip { kind: ChipKind::Order, label: if desc { "highest first".into() } else { "lowest first".into() }, start, end });
    } else if let Some(keys) = grain_order(&groups, dialect, q) {
        sql.push_str(&format!(" ORDER BY {keys}"));
    } else if grouped && value_sql.is_some() {
        sql.push_str(&format!(" ORDER BY {value_alias} DESC"));
    }
    if let Some(n) = limit {
        if s.order.is_none() && s.limit_at.is_none() {
            return fail("a limit without an order".into());
        }
        sql.push_str(&format!(" LIMIT {n}"));
        if let Some((_, at)) = s.limit_at {
            claims.push((at, Claim::Keyword));
            claim_limit_word(q, at, &mut claims);
            let (start, end) = q.span(at..at + 1);
            chips.push(Chip { kind: ChipKind::Limit, label: format!("top {n}"), start, end });
        }
    }
    if s.order.is_some() && !grouped && value_sql.is_some() && !single_measure_rows {
        // "Which X has the most" with nothing grouped would rank one row.
        return fail("an order with nothing to rank".into());
    }
    claim_sale_verbs(manifest, q, base, &used, &mut claims);
    claim_names(q, &used_names, &mut claims);
    if asks_place(q) && !used.iter().any(|r| place_column(r.column)) {
        return fail("\"where\" asks for a place the reading does not show".into());
    }
    Ok((sql, chips, claims))
}

/// The one money column of a model's rows (a payment's amount), if it has exactly one.
fn amount_of(model: &Model) -> Option<&Column> {
    let money: Vec<&Column> = model.columns.iter().filter(|c| is_measure(c) && stems_of(&c.name).iter().any(|w| ["amount", "total", "price", "value"].contains(&w.as_str()))).collect();
    match money.as_slice() {
        [one] => Some(one),
        _ => None,
    }
}

/// "Where is the youngest teacher from?": a question that asks for a place.
fn asks_place(q: &Question) -> bool {
    q.tokens.first().is_some_and(|t| t.word == "where")
}

/// A column that says where something is: a city, country, location, address, hometown.
fn place_column(column: &Column) -> bool {
    stems_of(&column.name).iter().any(|w| ["city", "country", "location", "hometown", "address", "place", "state", "region", "town", "venue", "home", "nationality", "continent"].contains(&w.as_str()))
}

/// Time first, then the other groupings: the order a series over time is read in.
fn grain_order(groups: &[(Group<'_>, (usize, usize))], dialect: Dialect, q: &Question) -> Option<String> {
    if !groups.iter().any(|(g, _)| matches!(g, Group::Grain(..))) {
        return None;
    }
    let mut keys: Vec<String> = groups
        .iter()
        .filter_map(|(g, _)| match g {
            Group::Grain(grain, d) => Some(grain_sql(*grain, &d.sql(dialect), dialect, q.time.as_ref().map(|t| &t.0))),
            _ => None,
        })
        .collect();
    keys.extend(groups.iter().filter_map(|(g, _)| match g {
        Group::Column(r) => Some(r.sql(dialect)),
        Group::Entity { shown, .. } => shown.first().map(|c| c.sql(dialect)),
        Group::Grain(..) => None,
    }));
    Some(keys.join(", "))
}

/// "Bought", "sold": said of a reading over sales (a model with a quantity or an amount).
fn claim_sale_verbs(manifest: &Manifest, q: &Question, base: &Model, used: &[Reach<'_>], claims: &mut Vec<(usize, Claim)>) {
    let sale = |m: &Model| m.columns.iter().any(|c| stems_of(&c.name).iter().any(|w| ["quantity", "total", "amount"].contains(&w.as_str())));
    // "What media types do we sell": what the lines of a sale refer to is what is sold.
    let sold = || manifest.models.iter().any(|m| m.columns.iter().any(|c| stems_of(&c.name).iter().any(|w| w == "quantity")) && reachable(manifest, m).iter().any(|r| r.model.name == base.name && !r.through_current()));
    if sale(base) || used.iter().any(|r| sale(r.model)) || q.tokens.iter().any(|t| is_sale_verb(&t.word)) && sold() {
        for (i, t) in q.tokens.iter().enumerate() {
            if is_sale_verb(&t.word) {
                claims.push((i, Claim::Keyword));
            }
        }
    }
    // "a delivery date": the word "date" of a date the reading reads.
    if used.iter().any(|r| is_date(r.column)) {
        for (i, t) in q.tokens.iter().enumerate() {
            if t.word == "date" && q.claims[i].is_none() {
                claims.push((i, Claim::Keyword));
            }
        }
    }
}

/// "Top 5", "the first 10": the word before a limit's number says it.
fn claim_limit_word(q: &Question, at: usize, claims: &mut Vec<(usize, Claim)>) {
    if at > 0 && ["top", "bottom", "first", "last"].contains(&q.tokens[at - 1].word.as_str()) {
        claims.push((at - 1, Claim::Keyword));
    }
}

fn claim_names(q: &Question, used: &[usize], claims: &mut Vec<(usize, Claim)>) {
    for &n in used {
        for i in q.names[n].tokens.clone() {
            claims.push((i, Claim::Name(n)));
        }
    }
}

fn claim_keywords(q: &Question, claims: &mut Vec<(usize, Claim)>, words: &[&str]) {
    for (i, t) in q.tokens.iter().enumerate() {
        if words.contains(&t.word.as_str()) {
            claims.push((i, Claim::Keyword));
        }
    }
}

/// The date a question most likely means: a creation or event date before a birth date.
fn date_rank(column: &Column) -> usize {
    let words = stems_of(&column.name);
    if words.iter().any(|w| ["birth", "born"].contains(&w.as_str())) { 2 } else if words.iter().any(|w| ["hire", "signed", "launched", "draft"].contains(&w.as_str())) { 1 } else { 0 }
}

/// The column a comparison compares, the factor its number is multiplied by for the column's
/// unit, and the name mention that said the column.
fn compared_column<'m>(q: &Question<'m>, plan: &Plan<'m>, c: &ComparisonMention, anchor: &'m Model, used_names: &[usize]) -> Option<(Reach<'m>, f64, Option<usize>)> {
    let numeric = |r: &Reach| (is_measure(r.column) || (c.year && (is_date(r.column) || stems_of(&r.column.name).iter().any(|w| w == "year")))) && readable_num(r.column);
    // A column named in the words around the comparison.
    let first = *c.tokens.iter().min()?;
    let last = *c.tokens.iter().max()?;
    let mut named: Option<(Reach<'m>, usize)> = None;
    let mut best_distance = usize::MAX;
    for (i, m) in q.names.iter().enumerate() {
        if used_names.contains(&i) {
            continue;
        }
        let distance = if m.tokens.start > last { m.tokens.start - last } else if m.tokens.end <= first { first - m.tokens.end + 1 } else { continue };
        if distance > 4 {
            continue;
        }
        if let Some(r) = m.candidates.iter().filter_map(|(mm, col)| col.and_then(|col| plan.find(&mm.name, &col.name))).find(|r| numeric(r))
            && distance < best_distance
        {
            best_distance = distance;
            named = Some((r.clone(), i));
        }
    }
    // Else the unit's or the adjective's quantity, or money.
    let wanted: Vec<&str> = match (&named, &c.unit) {
        (Some(_), _) => Vec::new(),
        (None, Some(unit)) => lexicon::unit_quantity(unit).map(<[&str]>::to_vec).unwrap_or_default(),
        (None, None) => c.hints.iter().filter_map(|h| lexicon::superlative_quantity(h).or_else(|| lexicon::column_synonyms(h).first().map(|_| lexicon::column_synonyms(h)))).flatten().copied().collect(),
    };
    let money_words: &[&str] = &["total", "amount", "price", "salary", "cost", "fee", "value"];
    let (column, index) = match named {
        Some((r, i)) => (r, Some(i)),
        None => {
            // The column whose name says the first wanted word, else whose description does.
            let pick = |words: &[&str]| {
                let candidates: Vec<&Reach<'m>> = plan.reach.iter().filter(|r| numeric(r) && (r.model.name == anchor.name || !r.joined())).collect();
                let by = |text: &dyn Fn(&Column) -> Vec<String>| {
                    words.iter().find_map(|x| candidates.iter().find(|r| text(r.column).iter().any(|w| w.starts_with(x))).map(|r| (*r).clone()))
                };
                by(&|c| column_words(c)).or_else(|| by(&|c| description_words(c)))
            };
            let found = if !wanted.is_empty() { pick(&wanted) } else { None };
            let found = found.or_else(|| if c.money { pick(money_words) } else { None });
            let found = found.or_else(|| {
                // "born before 1960", "drafted before 2010": the date or year column the hints name.
                if !c.year {
                    return None;
                }
                plan.reach.iter().filter(|r| numeric(r) && !r.joined()).find(|r| column_words(r.column).iter().any(|w| c.hints.iter().any(|h| names(h, w) && !["before", "after", "since"].contains(&h.as_str())))).cloned()
            });
            let found = found?;
            // "whose age is older than 1" of `pet_age`: a name said near it, in its words.
            let said = q.names.iter().enumerate().find(|(i, m)| {
                let near = m.tokens.end <= first && first - m.tokens.end < 4 || m.tokens.start > last && m.tokens.start - last <= 2;
                near && !used_names.contains(i) && m.tokens.clone().all(|t| column_words(found.column).contains(&q.tokens[t].stem))
            });
            (found, said.map(|(i, _)| i))
        }
    };
    let words: Vec<String> = column_words(column.column).into_iter().chain(description_words(column.column)).collect();
    let factor = match &c.unit {
        Some(unit) => lexicon::convert(unit, &words)?,
        None => 1.0,
    };
    Some((column, factor, index))
}

fn readable_num(column: &Column) -> bool {
    super::reach::readable(column)
}
