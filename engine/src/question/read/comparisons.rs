//! Numbers compared in a question, with their units ("more than $15", "between 4 and 5 minutes").

use super::{Claim, ComparisonMention, Question};
use crate::question::lexicon;

const UNITS: &[&str] = &[
    "minute",
    "min",
    "second",
    "sec",
    "hour",
    "foot",
    "feet",
    "ft",
    "inch",
    "pound",
    "lb",
    "kg",
    "kilogram",
    "cm",
    "centimeter",
    "dollar",
    "usd",
    "buck",
    "percent",
];

pub(super) fn scan_comparisons(q: &mut Question) {
    let n = q.tokens.len();
    let mut i = 0;
    while i < n {
        if q.claims[i].is_some() {
            i += 1;
            continue;
        }
        let words: Vec<&str> = q.tokens[i..].iter().take(3).map(|t| t.word.as_str()).collect();
        // "before 2000", "after 2010", "since 2015": a date or year.
        if ["before", "after", "since"].contains(&words[0])
            && let Some(number) = q.tokens.get(i + 1).and_then(|t| t.number).filter(|y| (1800.0..=2100.0).contains(y) && q.claims[i + 1].is_none())
        {
            let operator = if words[0] == "before" { "<" } else { ">=" };
            let number = if words[0] == "after" { number + 1.0 } else { number };
            let hints = nearby_stems(q, i, i + 2);
            push_comparison(
                q,
                ComparisonMention { operator, numbers: vec![number], unit: None, money: false, hints, tokens: vec![i, i + 1], year: true, percent: false },
            );
            i += 2;
            continue;
        }
        // "Above age 20", "a greater weight than 10": the compared column said between the
        // comparison and its number (found by the name there).
        if let Some((operator, number_at)) = column_between(q, i) {
            let number = q.tokens[number_at].number.unwrap_or_default();
            // The comparison's words and its number; the column's words are left to be a name.
            let mut used: Vec<usize> = vec![i, number_at];
            if q.tokens[number_at - 1].word == "than" {
                used.push(number_at - 1);
            }
            let (unit, money, percent) = unit_after(q, number_at, &mut used);
            let number = if percent || q.tokens[number_at].percent { number / 100.0 } else { number };
            let hints = vec![q.tokens[i].word.clone()];
            let (money, percent) = (money || q.tokens[number_at].money, percent || q.tokens[number_at].percent);
            push_comparison(q, ComparisonMention { operator, numbers: vec![number], unit, money, hints, tokens: used, year: false, percent });
            i = number_at + 1;
            continue;
        }
        let Some((len, operator)) = lexicon::comparator(&words) else {
            // "With 1 to 2 paragraphs": a range (years are a time, read elsewhere).
            let whole =
                |j: usize| q.tokens.get(j).and_then(|t| t.number).filter(|n| n.fract() == 0.0 && !(1800.0..=2100.0).contains(n) && q.claims[j].is_none());
            if let (Some(low), Some(high)) = (whole(i), whole(i + 2))
                && q.tokens[i + 1].word == "to"
                && low < high
                && q.tokens.get(i + 3).is_some_and(|t| t.number.is_none())
            {
                let mut used = vec![i, i + 1, i + 2];
                let (unit, money, percent) = unit_after(q, i + 2, &mut used);
                let hints = nearby_stems(q, i.saturating_sub(3), (i + 5).min(n));
                push_comparison(q, ComparisonMention { operator: "BETWEEN", numbers: vec![low, high], unit, money, hints, tokens: used, year: false, percent });
                i += 3;
                continue;
            }
            // "30 or more points", "20% or more".
            if let Some(number) = q.tokens[i].number
                && q.tokens.get(i + 1).is_some_and(|t| t.word == "or")
                && let Some(op) = q.tokens.get(i + 2).and_then(|t| match t.word.as_str() {
                    "more" | "higher" | "greater" | "above" | "over" => Some(">="),
                    "less" | "fewer" | "lower" | "below" | "under" => Some("<="),
                    _ => None,
                })
            {
                let mut used = vec![i, i + 1, i + 2];
                let (unit, money, unit_percent) = unit_after(q, i, &mut used);
                let percent = unit_percent || q.tokens[i].percent;
                let hints = nearby_stems(q, i.saturating_sub(3), (i + 5).min(n));
                let number = if percent { number / 100.0 } else { number };
                push_comparison(q, ComparisonMention { operator: op, numbers: vec![number], unit, money, hints, tokens: used, year: false, percent });
                i += 3;
                continue;
            }
            i += 1;
            continue;
        };
        let first = i + len;
        let Some(number) =
            q.tokens.get(first).and_then(|t| t.number.or_else(|| small_number(&t.word))).filter(|_| q.claims.get(first).is_some_and(Option::is_none))
        else {
            i += 1;
            continue;
        };
        let mut used: Vec<usize> = (i..=first).collect();
        let mut numbers = vec![number];
        let mut money = q.tokens[first].money;
        let mut percent = q.tokens[first].percent;
        let mut last = first;
        if operator == "BETWEEN" {
            let Some(second) = q
                .tokens
                .get(first + 2)
                .filter(|_| q.tokens[first + 1].word == "and" || q.tokens[first + 1].word == "to")
                .and_then(|t| t.number.or_else(|| small_number(&t.word)))
            else {
                i += 1;
                continue;
            };
            numbers.push(second);
            used.extend([first + 1, first + 2]);
            money |= q.tokens[first + 2].money;
            percent |= q.tokens[first + 2].percent;
            last = first + 2;
        }
        let (unit, unit_money, unit_percent) = unit_after(q, last, &mut used);
        let percent = percent || unit_percent;
        if percent {
            numbers.iter_mut().for_each(|n| *n /= 100.0);
        }
        // "shorter than": the adjective says what is compared (nouns near it are names,
        // found as such).
        let hints = vec![q.tokens[i].word.clone()];
        push_comparison(q, ComparisonMention { operator, numbers, unit, money: money || unit_money, hints, tokens: used, year: false, percent });
        i = last + 1;
    }
}

/// "Above age 20" (a comparison word, a column's words, a number) or "a higher peak temperature
/// than 10" (a comparative, a column's words, "than", a number): the operator and where the
/// number is. At most three words between.
fn column_between(q: &Question, i: usize) -> Option<(&'static str, usize)> {
    let word = |j: usize| q.tokens.get(j).map(|t| t.word.as_str());
    let free = |j: usize| q.claims.get(j).is_some_and(Option::is_none);
    let a_word =
        |j: usize| q.tokens.get(j).is_some_and(|t| t.number.is_none() && free(j) && !["than", "the", "a", "an", "or", "and"].contains(&t.word.as_str()));
    let number = |j: usize| q.tokens.get(j).is_some_and(|t| t.number.is_some()) && free(j);
    let words_to = |end: usize| end > i + 1 && (i + 1..end).all(a_word);
    let (operator, then) = match word(i)? {
        "over" | "above" => (">", None),
        "under" | "below" => ("<", None),
        w if lexicon::ABOVE.contains(&w) => (">", Some("than")),
        w if lexicon::BELOW.contains(&w) => ("<", Some("than")),
        _ => return None,
    };
    (i + 2..=i + 4).find_map(|end| match then {
        None => (words_to(end) && number(end)).then_some((operator, end)),
        Some(than) => (words_to(end) && word(end) == Some(than) && number(end + 1)).then_some((operator, end + 1)),
    })
}

/// "More than one pet", "at least two albums": small numbers said in words after a comparator.
fn small_number(word: &str) -> Option<f64> {
    ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"].iter().position(|w| *w == word).map(|n| n as f64)
}

/// The unit said after the number at `at` ("3 minutes", "7 feet", "20 percent").
fn unit_after(q: &Question, at: usize, used: &mut Vec<usize>) -> (Option<String>, bool, bool) {
    let mut at = at + 1;
    // "20% or more" said the number and its comparison already.
    while used.contains(&at) {
        at += 1;
    }
    match q.tokens.get(at) {
        Some(t) if UNITS.contains(&t.stem.as_str()) || UNITS.contains(&t.word.as_str()) => {
            used.push(at);
            let unit = if t.word == "feet" { "feet".to_owned() } else { t.stem.clone() };
            (Some(unit.clone()), ["dollar", "usd", "buck"].contains(&unit.as_str()), unit == "percent")
        }
        _ => (None, false, false),
    }
}

fn nearby_stems(q: &Question, from: usize, to: usize) -> Vec<String> {
    q.tokens[from..to].iter().map(|t| t.stem.clone()).collect()
}

fn push_comparison(q: &mut Question, c: ComparisonMention) {
    let index = q.comparisons.len();
    for &i in &c.tokens {
        q.claims[i] = Some(Claim::Comparison(index));
    }
    q.comparisons.push(c);
}
