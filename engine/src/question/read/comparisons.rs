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
        let Some((len, operator)) = lexicon::comparator(&words) else {
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
            let Some(second) = q.tokens.get(first + 2).filter(|_| q.tokens[first + 1].word == "and" || q.tokens[first + 1].word == "to").and_then(|t| t.number)
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
