//! Reading a question: every word is claimed by a part of the reading (a value, a date range,
//! a comparison, an aggregate, a grouping, an order, a model or column it names) or is known
//! filler. What no part claims is *unplaced*, and a question with unplaced words is not
//! answered: the engine never writes SQL that ignores part of what was asked.

mod comparisons;
mod names;
mod values;

use super::{
    ValueMatch,
    lexicon::{self, CURRENT, FILLER, LEAST, MOST, NEGATION, SALE_VERBS},
    reach::{is_key, is_numeric, is_temporal, readable},
    time::{TimeRange, range_at},
    tokens::{Token, tokenize},
};
use crate::mdl::{Column, Manifest, Model};
use chrono::NaiveDate;
use comparisons::scan_comparisons;
use names::scan_names;
pub(super) use names::{column_words, model_words, names, said_words};
use values::scan_values;

/// What claimed a word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Claim {
    Filler,
    Keyword,
    Value(usize),
    Time,
    Comparison(usize),
    Name(usize),
}

/// A value of the value index the question says, with every column that holds it.
#[derive(Debug, Clone)]
pub(super) struct ValueMention {
    pub(super) value: String,
    pub(super) places: Vec<(String, String)>,
    pub(super) tokens: std::ops::Range<usize>,
}

/// A comparison of a number ("more than $15", "between 4 and 5 minutes", "30 or more points").
#[derive(Debug, Clone)]
pub(super) struct ComparisonMention {
    pub(super) operator: &'static str,
    pub(super) numbers: Vec<f64>,
    pub(super) unit: Option<String>,
    pub(super) money: bool,
    /// Stems near the comparison that say what is compared ("shorter", "earn", "points").
    pub(super) hints: Vec<String>,
    pub(super) tokens: Vec<usize>,
    /// "before 2000": a date or year.
    pub(super) year: bool,
    /// "more than 60%": the numbers are fractions (0.6) of a whole; a column may hold them as
    /// fractions or as percentages, which its name has to say.
    pub(super) percent: bool,
}

/// A model or column the question names.
#[derive(Debug, Clone)]
pub(super) struct NameMention<'m> {
    pub(super) candidates: Vec<(&'m Model, Option<&'m Column>)>,
    pub(super) tokens: std::ops::Range<usize>,
}

pub(super) struct Question<'m> {
    pub(super) text: String,
    pub(super) tokens: Vec<Token>,
    pub(super) claims: Vec<Option<Claim>>,
    pub(super) values: Vec<ValueMention>,
    pub(super) time: Option<(TimeRange, std::ops::Range<usize>)>,
    /// A month of any year ("in July"), by number, where it is said.
    pub(super) month_of_year: Option<(u32, usize)>,
    /// Parts of the day or week ("in the morning", "on Mondays"), where they are said.
    pub(super) day_parts: Vec<(super::time::DayPart, usize)>,
    pub(super) comparisons: Vec<ComparisonMention>,
    pub(super) names: Vec<NameMention<'m>>,
    /// Where a thing is said whose name was said with it ("X names"): the first token of
    /// its mention. A list of it shows its name.
    pub(super) labelled: Vec<usize>,
    /// What the reply should offer for words it could not place ("\"united\" could be …").
    pub(super) hints: Vec<String>,
}

impl<'m> Question<'m> {
    /// Forgets a name mention another part reads its words as ("day" in "by day of the week"):
    /// its words are unclaimed and later mentions keep their own indices.
    pub(super) fn forget_name(&mut self, n: usize) {
        let mention = self.names.remove(n);
        for claim in &mut self.claims {
            match claim {
                Some(Claim::Name(k)) if *k == n => *claim = None,
                Some(Claim::Name(k)) if *k > n => *k -= 1,
                _ => {}
            }
        }
        debug_assert!(mention.tokens.clone().all(|i| self.claims[i].is_none()));
    }

    /// The question's words, lower case, in order.
    pub(super) fn words(&self) -> Vec<&str> {
        self.tokens.iter().map(|t| t.word.as_str()).collect()
    }

    pub(super) fn claim(&mut self, at: usize, claim: Claim) {
        if self.claims[at].is_none() || self.claims[at] == Some(Claim::Filler) {
            self.claims[at] = Some(claim);
        }
    }

    /// The words no part of the reading claimed, as the question says them, runs joined.
    pub(super) fn unplaced(&self) -> Vec<String> {
        let mut runs: Vec<String> = Vec::new();
        let mut last: Option<usize> = None;
        for (i, t) in self.tokens.iter().enumerate() {
            if self.claims[i].is_some() {
                continue;
            }
            let text = &self.text[t.start..t.end];
            match (last, runs.last_mut()) {
                (Some(l), Some(run)) if l + 1 == i => {
                    run.push(' ');
                    run.push_str(text);
                }
                _ => runs.push(text.to_owned()),
            }
            last = Some(i);
        }
        runs
    }

    /// Each unplaced run with the ways it may be meant with a filler word beside it ("home"
    /// and "home runs": "runs" is a verb elsewhere): what a teach offer may be for.
    pub(super) fn unplaced_phrases(&self) -> Vec<Vec<String>> {
        const GLUE: &[&str] =
            &["the", "a", "an", "of", "in", "on", "at", "for", "to", "by", "and", "or", "with", "is", "are", "was", "were", "do", "does", "did"];
        let filler = |i: usize| self.claims[i] == Some(Claim::Filler) && !GLUE.contains(&self.tokens[i].word.as_str());
        let text = |from: usize, to: usize| self.text[self.tokens[from].start..self.tokens[to].end].to_owned();
        let mut out = Vec::new();
        let mut i = 0;
        while i < self.tokens.len() {
            if self.claims[i].is_some() {
                i += 1;
                continue;
            }
            let start = i;
            while i + 1 < self.tokens.len() && self.claims[i + 1].is_none() {
                i += 1;
            }
            let mut variants = vec![text(start, i)];
            if i + 1 < self.tokens.len() && filler(i + 1) {
                variants.push(text(start, i + 1));
            }
            if start > 0 && filler(start - 1) {
                variants.push(text(start - 1, i));
            }
            out.push(variants);
            i += 1;
        }
        out
    }

    /// The question's text of tokens `range`.
    pub(super) fn span(&self, range: std::ops::Range<usize>) -> (usize, usize) {
        let start = self.tokens.get(range.start).map_or(0, |t| t.start);
        let end = self.tokens.get(range.end.saturating_sub(1)).map_or(0, |t| t.end);
        (start, end)
    }
}

/// Finds the values, dates, comparisons and names a question says; claims nothing else yet.
pub(super) fn scan<'m>(manifest: &'m Manifest, question: &str, values: &[ValueMatch], today: NaiveDate) -> Question<'m> {
    let tokens = tokenize(question);
    let mut q = Question {
        text: question.to_owned(),
        claims: vec![None; tokens.len()],
        tokens,
        values: Vec::new(),
        time: None,
        month_of_year: None,
        day_parts: Vec::new(),
        comparisons: Vec::new(),
        names: Vec::new(),
        labelled: Vec::new(),
        hints: Vec::new(),
    };
    scan_values(&mut q, manifest, values);
    scan_time(&mut q, today);
    scan_comparisons(&mut q);
    scan_names(&mut q, manifest);
    // A year that could be a date of some model stays a date.
    if !manifest.models.iter().any(|m| m.columns.iter().any(is_date)) {
        year_in_column_names(&mut q);
    }
    q
}

/// "Median income in 2015" of `median_income_10` and `median_income_15`: where the columns a
/// name says differ only by the year their names end with (a column per year), the year said
/// chooses the column and is no date condition. Only a whole year, and only when exactly one
/// column ends with it (`_2015`, or `_15` after a separator for a year of 1950–2049); the year
/// said in four digits ("last year" is no such column's).
fn year_in_column_names(q: &mut Question) {
    use chrono::Datelike;
    let Some((range, at)) = &q.time else { return };
    let year = range.start.year();
    if NaiveDate::from_ymd_opt(year, 1, 1) != Some(range.start) || NaiveDate::from_ymd_opt(year + 1, 1, 1) != Some(range.end) {
        return;
    }
    if !at.clone().any(|i| q.tokens[i].word == year.to_string()) {
        return;
    }
    let at = at.clone();
    let mut chosen = false;
    for mention in &mut q.names {
        let Some(years): Option<Vec<(String, i32, usize)>> =
            mention.candidates.iter().map(|(m, c)| c.and_then(|c| year_ending(&c.name)).map(|(base, y, n)| (format!("{}.{base}", m.name), y, n))).collect()
        else {
            continue;
        };
        if years.len() < 2 || years.iter().any(|(base, ..)| *base != years[0].0) {
            continue;
        }
        let said = |(_, y, digits): &(String, i32, usize)| if *digits == 4 { *y == year } else { (1950..2050).contains(&year) && *y == year.rem_euclid(100) };
        if years.iter().filter(|y| said(y)).count() == 1 {
            let keep = years.iter().position(said).unwrap_or_default();
            mention.candidates = vec![mention.candidates[keep]];
            chosen = true;
        }
    }
    if chosen {
        q.time = None;
        for i in at {
            q.claims[i] = Some(Claim::Filler);
        }
    }
}

/// A name that ends with a year (`median_income_15`, `pop2010`): the rest, the year and how many
/// digits it was written with (4, or 2 after a separator: `income_p25` is a percentile).
fn year_ending(name: &str) -> Option<(String, i32, usize)> {
    let digits = name.chars().rev().take_while(char::is_ascii_digit).count();
    let (base, year) = name.split_at(name.len() - digits);
    let separated = base.ends_with(['_', '-', ' ']);
    let base = base.trim_end_matches(['_', '-', ' ']).to_lowercase();
    (digits == 4 || digits == 2 && separated).then_some(()).filter(|_| !base.is_empty())?;
    Some((base, year.parse().ok()?, digits))
}

fn scan_time(q: &mut Question, today: NaiveDate) {
    let words: Vec<String> = q.tokens.iter().map(|t| t.word.clone()).collect();
    if let Some((month, at)) = super::time::month_of_year(&words)
        && q.claims[at].is_none()
    {
        q.claims[at] = Some(Claim::Time);
        q.month_of_year = Some((month, at));
    }
    for (part, at) in super::time::day_parts(&words) {
        if q.claims[at].is_none() {
            q.claims[at] = Some(Claim::Time);
            q.day_parts.push((part, at));
        }
    }
    if let Some((range, at)) = range_at(&words, today)
        && at.clone().all(|i| q.claims[i].is_none())
    {
        // "before 2000" is a comparison, not the year 2000.
        if at.start > 0 && ["before", "after", "since", "until"].contains(&words[at.start - 1].as_str()) && at.len() == 1 {
            return;
        }
        for i in at.clone() {
            q.claims[i] = Some(Claim::Time);
        }
        q.time = Some((range, at));
    }
}

/// Words the reading itself uses: never values ("Average" is a review title, not an average).
const RESERVED: [&[&str]; 10] = [
    FILLER,
    lexicon::ABOVE,
    lexicon::BELOW,
    lexicon::COMPARING,
    FILLER_NOT_NAMES,
    MOST,
    LEAST,
    NEGATION,
    CURRENT,
    &["average", "mean", "sum", "total", "count", "number", "top", "bottom", "per", "each", "distinct", "different", "unique", "headcount"],
];

/// Words never read as names (they are structure): "by", "per", "top", "number"…
const FILLER_NOT_NAMES: &[&str] = &[
    "how", "many", "number", "of", "by", "per", "each", "top", "the", "a", "an", "in", "for", "and", "to", "from", "with", "which", "what", "who", "is", "are",
    "was", "were", "have", "has", "had", "do", "does", "did", "most", "least", "fewest", "average", "total", "sum", "count", "on", "at", "or", "than",
    "highest", "lowest", "me", "show", "list",
];

/// Claims what is left that is filler or a known keyword of the reading (`keywords`), and
/// returns whether anything is still unplaced.
pub(super) fn finish(q: &mut Question, keywords: &[&str]) {
    for i in 0..q.tokens.len() {
        if q.claims[i].is_some() {
            continue;
        }
        let w = q.tokens[i].word.as_str();
        if keywords.contains(&w) {
            q.claims[i] = Some(Claim::Keyword);
        } else if FILLER.contains(&w)
            || FILLER.contains(&q.tokens[i].stem.as_str())
            || names_a_quantity_said_before(q, i)
            || both_of_a_list(q, i)
            || listed_at_the_end(q, i)
        {
            q.claims[i] = Some(Claim::Filler);
        }
    }
}

/// "How many courses are listed?": "listed" said last, of the rows themselves, says nothing
/// more than that they are in the data.
fn listed_at_the_end(q: &Question, i: usize) -> bool {
    q.tokens[i].word == "listed"
        && i + 1 == q.tokens.len()
        && i.checked_sub(1).is_some_and(|b| ["are", "is", "were", "was", "total"].contains(&q.tokens[b].word.as_str()))
}

/// "Show both the name and the id": "both" before the columns a list asks for.
fn both_of_a_list(q: &Question, i: usize) -> bool {
    let word = |j: usize| q.tokens.get(j).map_or("", |t| t.word.as_str());
    let mut next = i + 1;
    if word(next) == "the" {
        next += 1;
    }
    word(i) == "both"
        && i.checked_sub(1).is_some_and(|b| ["show", "list", "give", "return", "display", "me"].contains(&word(b)))
        && matches!(q.claims.get(next), Some(Some(Claim::Name(_))))
        && q.tokens[next..].iter().any(|t| t.word == "and")
}

/// "Freight charges", "discount amount": a word for an amount right after a quantity the
/// reading already placed says that quantity again.
fn names_a_quantity_said_before(q: &Question, i: usize) -> bool {
    let quantity = match i.checked_sub(1).and_then(|b| q.claims[b].as_ref()) {
        Some(Claim::Name(n)) => q.names[*n].candidates.iter().any(|(_, c)| c.is_some_and(is_measure)),
        Some(Claim::Comparison(_)) => true,
        _ => false,
    };
    quantity && lexicon::AMOUNT_NOUNS.contains(&q.tokens[i].word.as_str())
}

pub(super) fn is_sale_verb(word: &str) -> bool {
    SALE_VERBS.contains(&word)
}

pub(super) fn is_negation(word: &str) -> bool {
    NEGATION.contains(&word)
}

pub(super) fn is_current(word: &str) -> bool {
    CURRENT.contains(&word)
}

pub(super) fn ordering(word: &str) -> Option<bool> {
    if MOST.contains(&word) {
        Some(true)
    } else if LEAST.contains(&word) {
        Some(false)
    } else {
        None
    }
}

/// A numeric, non-key column.
pub(super) fn is_measure(column: &Column) -> bool {
    readable(column) && is_numeric(column) && !is_key(column) && !super::entities::is_flag(column)
}

pub(super) fn is_date(column: &Column) -> bool {
    readable(column) && is_temporal(column)
}
