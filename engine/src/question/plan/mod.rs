//! From what a question says (see `read`) to a reading — what is measured, grouped, filtered,
//! compared, ordered and limited — and its SQL over the models.
//!
//! `shape` reads what the question asks from its words alone; `read` below tries it over each
//! candidate base model, where `build` places every part (with `compare` and `group`) and
//! `value` or `list` writes the SQL, using the text helpers of `sql`.

mod build;
mod compare;
mod count;
mod dates;
mod direction;
mod group;
mod list;
mod named_twice;
mod ranked;
mod shape;
mod sql;
mod value;

use super::{
    Chip, Understanding, ValueMatch,
    entities::{key_column, person_like, readable_text, shown_columns, stems_of},
    lexicon::DISTINCT_WORDS,
    reach::Reach,
    read::{Claim, Question, ValueMention, finish, scan},
    suggest::suggestions,
    time::Grain,
};
use crate::{
    compile::Dialect,
    mdl::{Manifest, Model},
};
use build::build;
use chrono::NaiveDate;
use shape::{Sort, bases, shape_of};
pub(super) use sql::plural;
use sql::words_of;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Aggregate {
    Count,
    Sum,
    Avg,
    Max,
    Min,
}

impl Aggregate {
    fn function(self) -> &'static str {
        match self {
            Self::Count => "COUNT",
            Self::Sum => "SUM",
            Self::Avg => "AVG",
            Self::Max => "MAX",
            Self::Min => "MIN",
        }
    }
    fn label(self) -> &'static str {
        match self {
            Self::Count => "number of",
            Self::Sum => "total",
            Self::Avg => "average",
            Self::Max => "highest",
            Self::Min => "lowest",
        }
    }
}

/// What the question asks, read from its words before any base is tried (see `shape`): its
/// parts, by the tokens and name mentions that say them.
struct Shape<'m> {
    aggregate: Option<Aggregate>,
    average_of_counts: bool,
    distinct: bool,
    negated: Option<usize>,
    current: bool,
    order: Option<(bool, usize)>,
    limit_at: Option<(u32, usize)>,
    grains: Vec<(Grain, usize)>,
    grouped_names: Vec<usize>,
    which_name: Option<usize>,
    measure_mention: Option<usize>,
    subject_mention: Option<usize>,
    subject_models: Vec<&'m Model>,
    who: bool,
    per_event: Option<usize>,
    head_names: Vec<usize>,
    sort: Option<Sort>,
    /// The models whose column the measure names.
    measure_models: Vec<&'m Model>,
}

/// What the reading groups by.
#[derive(Debug, Clone)]
enum Group<'m> {
    Column(Reach<'m>),
    /// An entity: grouped by its key, shown by its name columns.
    Entity {
        key: Reach<'m>,
        shown: Vec<Reach<'m>>,
    },
    Grain(Grain, dates::Calendar<'m>),
}

/// The columns a base model reaches, each with its path of joins.
struct Plan<'m> {
    manifest: &'m Manifest,
    reach: Vec<Reach<'m>>,
}

impl<'m> Plan<'m> {
    fn find(&self, model: &str, column: &str) -> Option<&Reach<'m>> {
        self.reach.iter().filter(|r| r.model.name == model && r.column.name == column).min_by_key(|r| r.path.len())
    }
    fn key_of(&self, model: &'m Model) -> Option<Reach<'m>> {
        let key = key_column(self.manifest, model)?;
        self.find(&model.name, &key.name).cloned()
    }
    /// The text columns that show a model's rows to a person, as reached here.
    fn names_of(&self, model: &'m Model) -> Vec<Reach<'m>> {
        shown_columns(self.manifest, model).iter().filter(|c| readable_text(c)).filter_map(|c| self.find(&model.name, &c.name).cloned()).collect()
    }
    fn entity(&self, model: &'m Model) -> Option<Group<'m>> {
        let key = self.key_of(model)?;
        let shown: Vec<Reach<'m>> = shown_columns(self.manifest, model).iter().filter_map(|c| self.find(&model.name, &c.name).cloned()).collect();
        (!shown.is_empty()).then_some(Group::Entity { key, shown })
    }
    /// The name of what a code column refers to ("dest" → the airport's name), reached through
    /// that column's own relationship; none when the code is all the model has to show.
    fn label_of(&self, code: &Reach<'m>) -> Option<Reach<'m>> {
        let this = format!("{}.{}", code.model.name, code.column.name).to_lowercase();
        self.reach
            .iter()
            .find(|r| {
                let Some(((step, model), before)) = r.path.split_last() else { return false };
                before.len() == code.path.len()
                    && before.iter().zip(&code.path).all(|((a, _), (b, _))| a.name == b.name)
                    && step.condition.split('=').any(|side| side.trim().to_lowercase() == this)
                    && !super::reach::is_current_step(step, model)
                    && shown_columns(self.manifest, model).first().is_some_and(|c| c.name == r.column.name)
                    && key_column(self.manifest, model).is_none_or(|k| k.name != r.column.name)
            })
            .cloned()
    }
    fn reaches(&self, model: &str) -> bool {
        self.reach.iter().any(|r| r.model.name == model)
    }
}

/// One reading of the question over one base model, as `build` places its parts.
struct Reading<'q, 'm> {
    manifest: &'m Manifest,
    dialect: Dialect,
    q: &'q Question<'m>,
    base: &'m Model,
    s: &'q Shape<'m>,
    plan: Plan<'m>,
    /// The subject as an entity this base reaches.
    subject: Option<&'m Model>,
    measure: Option<Reach<'m>>,
    /// The words each part placed, by token.
    claims: Vec<(usize, Claim)>,
    chips: Vec<Chip>,
    /// The columns read: their paths are the joins.
    used: Vec<Reach<'m>>,
    conditions: Vec<String>,
    /// The name mentions the reading placed.
    used_names: Vec<usize>,
    /// Values this base does not reach: said of rows said to exist or not.
    deferred_values: Vec<(usize, &'q ValueMention)>,
    /// The values filtered on, by column, with where they were said.
    value_columns: Vec<(Reach<'m>, Vec<String>, (usize, usize))>,
    /// A yes/no column named as what is counted ("wins"), as said.
    counted_flag: Option<String>,
    /// The negation denies a value ("nationality is not Russia"), placed with it.
    denied: bool,
    /// The columns compared with a number ("cost more than $50"): a list shows them.
    compared: Vec<Reach<'m>>,
    /// A date column the question names.
    named_date: Option<(usize, Reach<'m>)>,
    groups: Vec<(Group<'m>, (usize, usize))>,
    select: Vec<String>,
    group_by: Vec<String>,
    /// The subject's key, when the base's rows are another model's: counted distinct.
    subject_key: Option<Reach<'m>>,
}

/// The SQL, the reading as chips, and the words it placed.
type Built = (String, Vec<Chip>, Vec<(usize, Claim)>);

/// A reading that could not place a part, saying which.
fn fail<T>(what: String) -> Result<T, Vec<String>> {
    Err(vec![what])
}

/// Reads the question; SQL only when every word is placed.
pub(super) fn understand(manifest: &Manifest, dialect: Dialect, question: &str, values: &[ValueMatch], today: NaiveDate) -> Understanding {
    let mut q = scan(manifest, question, values, today);
    match read(manifest, dialect, &mut q) {
        Ok(answer) => answer,
        Err(understood) => {
            let named: Vec<&Model> = q.names.iter().flat_map(|n| n.candidates.iter().filter(|(_, c)| c.is_none()).map(|(m, _)| *m)).collect();
            let teach = super::teach::offers(manifest, &q.unplaced_phrases(), &named);
            Understanding::NotUnderstood { understood, suggestions: suggestions(manifest), teach }
        }
    }
}

fn not_placed(q: &Question, mut understood: Vec<String>) -> Vec<String> {
    let unplaced = q.unplaced();
    if !unplaced.is_empty() {
        let mut said = format!("could not place {}", unplaced.iter().map(|u| format!("\"{u}\"")).collect::<Vec<_>>().join(", "));
        for hint in q.hints.iter().filter(|h| unplaced.iter().any(|u| h.to_lowercase().contains(&format!("\"{}\"", u.to_lowercase())))) {
            said.push_str(&format!(" ({hint})"));
        }
        understood.insert(0, said);
    }
    understood
}

fn read<'m>(manifest: &'m Manifest, dialect: Dialect, q: &mut Question<'m>) -> Result<Understanding, Vec<String>> {
    let shape = shape_of(manifest, q);
    if std::env::var_os("QUARRY_DEBUG_READING").is_some() {
        for (i, n) in q.names.iter().enumerate() {
            let said: Vec<&str> = n.tokens.clone().map(|t| q.tokens[t].word.as_str()).collect();
            let candidates: Vec<String> = n.candidates.iter().map(|(m, c)| format!("{}.{}", m.name, c.map_or("", |c| c.name.as_str()))).collect();
            eprintln!("name {i} {said:?}: {candidates:?}");
        }
        eprintln!(
            "shape: aggregate {:?}, order {:?}, grouped {:?}, which {:?}, measure {:?}, subject {:?}, who {}, head {:?}",
            shape.aggregate, shape.order, shape.grouped_names, shape.which_name, shape.measure_mention, shape.subject_mention, shape.who, shape.head_names
        );
    }
    // "How many people live in each region" of models none of which is people: the word is
    // not placed by counting another model's rows.
    let has_people = manifest.models.iter().any(|m| person_like(m) || stems_of(&m.name).iter().any(|w| PERSON_WORDS.contains(&w.as_str())));
    let keywords: Vec<&str> = KEYWORDS.iter().copied().filter(|w| has_people || !PERSON_WORDS.contains(w)).collect();
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
                finish(q, &keywords);
                if std::env::var_os("QUARRY_DEBUG_READING").is_some() {
                    eprintln!("base {}: {:?}", base.name, q.tokens.iter().zip(&q.claims).map(|(t, c)| format!("{}={c:?}", t.word)).collect::<Vec<_>>());
                    for n in &q.names {
                        eprintln!(
                            "   name {:?}: {:?}",
                            n.tokens,
                            n.candidates.iter().map(|(m, c)| format!("{}.{}", m.name, c.map_or("", |c| c.name.as_str()))).collect::<Vec<_>>()
                        );
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
                            let said = shape
                                .measure_mention
                                .map(|m| q.text[q.span(q.names[m].tokens.clone()).0..q.span(q.names[m].tokens.clone()).1].to_owned())
                                .unwrap_or_default();
                            tied = Some(format!(
                                "could not place \"{said}\": it could mean {said} of {} or of {}",
                                words_of(&first.name, None),
                                words_of(&base.name, None)
                            ));
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
    finish(q, &keywords);
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
            Some(Claim::Name(n)) if q.names[*n].tokens.start == i => {
                q.names[*n].candidates.iter().filter(|(m, c)| c.is_none() && m.name != base.name).map(|(m, _)| m.name.as_str()).collect()
            }
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
    "how",
    "many",
    "number",
    "count",
    "headcount",
    "total",
    "sum",
    "average",
    "avg",
    "mean",
    "averaged",
    "distinct",
    "different",
    "unique",
    "by",
    "per",
    "each",
    "every",
    "which",
    "what",
    "who",
    "people",
    "person",
    "persons",
    "everyone",
    "whom",
];
/// Keywords that ask for people: structure only where some model is people.
const PERSON_WORDS: &[&str] = &["people", "person", "persons", "everyone", "whom"];
