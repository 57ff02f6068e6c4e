//! Time ranges named in questions ("today", "last month", "this quarter", "in March 2023",
//! "in 2024", "all time"), as half-open date ranges counted from the project's today.

use chrono::{Datelike, Duration, NaiveDate};

/// `[start, end)` in dates, with how the question said it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeRange {
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub label: String,
}

/// A unit of time a question groups by ("by month", "per quarter").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Grain {
    Day,
    Week,
    Month,
    Quarter,
    Year,
    /// Monday to Sunday, whatever the week: "per weekday", "by day of the week".
    Weekday,
}

/// PRODUCT.md §9: all time is 1900-01-01 to 2100-12-31.
pub fn all_time() -> TimeRange {
    TimeRange { start: date(1900, 1, 1), end: date(2101, 1, 1), label: "all time".into() }
}

const MONTHS: [&str; 12] = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap_or(NaiveDate::MIN)
}

fn month_start(y: i32, m: u32) -> NaiveDate {
    date(y, m, 1)
}

fn next_month(y: i32, m: u32) -> NaiveDate {
    if m == 12 { date(y + 1, 1, 1) } else { date(y, m + 1, 1) }
}

fn quarter_start(day: NaiveDate) -> NaiveDate {
    date(day.year(), (day.month0() / 3) * 3 + 1, 1)
}

fn add_months(day: NaiveDate, months: i32) -> NaiveDate {
    let total = day.year() * 12 + day.month0() as i32 + months;
    date(total.div_euclid(12), total.rem_euclid(12) as u32 + 1, 1)
}

fn month_of(word: &str) -> Option<u32> {
    MONTHS.iter().position(|m| *m == word || (word.len() >= 3 && m.starts_with(word))).map(|i| i as u32 + 1)
}

/// A month said by its full name ("July"), whatever the year: "in July", "born in March".
/// "May" only after "in" or "during" (else it is the verb).
pub(super) fn month_of_year(words: &[String]) -> Option<(u32, usize)> {
    words.iter().enumerate().find_map(|(i, w)| {
        let m = MONTHS.iter().position(|m| m == w)? as u32 + 1;
        let said_as_month = m != 5 || i > 0 && ["in", "during", "of"].contains(&words[i - 1].as_str());
        let with_year = words.get(i + 1).and_then(|n| year_of(n)).is_some();
        (said_as_month && !with_year).then_some((m, i))
    })
}

/// A part of the day or of the week, whatever the date: "in the morning", "at night", "on
/// Mondays", "at weekends".
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum DayPart {
    /// Hours from the first (included) to the second (excluded); wraps past midnight.
    Hours(u32, u32),
    /// Days of the week, 0 for Sunday.
    Weekdays(Vec<u32>),
}

const WEEKDAYS: [&str; 7] = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/// The parts of the day or week a question says, each with the word that says it.
pub(super) fn day_parts(words: &[String]) -> Vec<(DayPart, usize)> {
    words
        .iter()
        .enumerate()
        .filter_map(|(i, w)| {
            let singular = w.strip_suffix('s').unwrap_or(w);
            let part = match singular {
                "morning" => DayPart::Hours(5, 12),
                "afternoon" => DayPart::Hours(12, 17),
                "evening" => DayPart::Hours(17, 21),
                "night" | "overnight" => DayPart::Hours(21, 5),
                "weekend" => DayPart::Weekdays(vec![0, 6]),
                _ => DayPart::Weekdays(vec![WEEKDAYS.iter().position(|d| *d == singular)? as u32]),
            };
            Some((part, i))
        })
        .collect()
}

fn year_of(word: &str) -> Option<i32> {
    word.parse::<i32>().ok().filter(|y| (1900..=2100).contains(y))
}

/// Lower-case words of the question, unstemmed (so "this" stays "this").
pub fn words(question: &str) -> Vec<String> {
    question.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

/// The range the question names, if any; `today` is the project's date now.
pub fn range_in(words: &[String], today: NaiveDate) -> Option<TimeRange> {
    range_at(words, today).map(|(range, _)| range)
}

/// The range the question names and the words that name it (`start..end` of `words`):
/// "between 2023 and 2025" and "from 2023 to 2025" too.
pub fn range_at(words: &[String], today: NaiveDate) -> Option<(TimeRange, std::ops::Range<usize>)> {
    let at = |i: usize| words.get(i).map(String::as_str);
    for (i, w) in words.iter().enumerate() {
        if let (Some(first), Some(joiner), Some(last)) = (year_of(w), at(i + 1), at(i + 2).and_then(year_of))
            && matches!(joiner, "and" | "to" | "through" | "until")
            && last >= first
        {
            let from = if i > 0 && matches!(words[i - 1].as_str(), "between" | "from") { i - 1 } else { i };
            return Some((TimeRange { start: date(first, 1, 1), end: date(last + 1, 1, 1), label: format!("{first} to {last}") }, from..i + 3));
        }
    }
    for (i, w) in words.iter().enumerate() {
        let mut used = 1;
        let range = match (w.as_str(), at(i + 1)) {
            ("today", _) => Some((today, today + Duration::days(1), "today".to_owned())),
            ("yesterday", _) => Some((today - Duration::days(1), today, "yesterday".to_owned())),
            ("all", Some("time")) => return Some((all_time(), i..i + 2)),
            (which @ ("this" | "current" | "last" | "previous" | "past"), Some(unit)) => {
                let back = which != "this" && which != "current";
                let (start, end) = match unit {
                    "week" => {
                        let monday = today - Duration::days(today.weekday().num_days_from_monday() as i64);
                        let start = if back { monday - Duration::days(7) } else { monday };
                        (start, start + Duration::days(7))
                    }
                    "month" => {
                        let start = add_months(month_start(today.year(), today.month()), if back { -1 } else { 0 });
                        (start, add_months(start, 1))
                    }
                    "quarter" => {
                        let start = add_months(quarter_start(today), if back { -3 } else { 0 });
                        (start, add_months(start, 3))
                    }
                    "year" => {
                        let year = today.year() - i32::from(back);
                        (date(year, 1, 1), date(year + 1, 1, 1))
                    }
                    _ => continue,
                };
                used = 2;
                Some((start, end, format!("{which} {unit}")))
            }
            (word, next) => match (month_of(word), next.and_then(year_of), year_of(word)) {
                (Some(m), Some(y), _) => {
                    used = 2;
                    Some((month_start(y, m), next_month(y, m), format!("{} {y}", capitalised(MONTHS[m as usize - 1]))))
                }
                (_, _, Some(y)) if !words[..i].iter().any(|p| month_of(p).is_some()) => Some((date(y, 1, 1), date(y + 1, 1, 1), y.to_string())),
                _ => None,
            },
        };
        if let Some((start, end, label)) = range {
            return Some((TimeRange { start, end, label }, i..i + used));
        }
    }
    None
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(q: &str) -> Option<(String, String, String)> {
        range_in(&words(q), date(2024, 5, 15)).map(|r| (r.start.to_string(), r.end.to_string(), r.label))
    }

    #[test]
    fn named_ranges_count_from_today() {
        let r = |s: &str, e: &str, l: &str| Some((s.to_owned(), e.to_owned(), l.to_owned()));
        assert_eq!(range("sales today"), r("2024-05-15", "2024-05-16", "today"));
        assert_eq!(range("sales yesterday"), r("2024-05-14", "2024-05-15", "yesterday"));
        assert_eq!(range("sales this week"), r("2024-05-13", "2024-05-20", "this week"));
        assert_eq!(range("sales last week"), r("2024-05-06", "2024-05-13", "last week"));
        assert_eq!(range("revenue this month"), r("2024-05-01", "2024-06-01", "this month"));
        assert_eq!(range("revenue last month"), r("2024-04-01", "2024-05-01", "last month"));
        assert_eq!(range("revenue this quarter"), r("2024-04-01", "2024-07-01", "this quarter"));
        assert_eq!(range("revenue last quarter"), r("2024-01-01", "2024-04-01", "last quarter"));
        assert_eq!(range("revenue last year"), r("2023-01-01", "2024-01-01", "last year"));
        assert_eq!(range("revenue in March 2023"), r("2023-03-01", "2023-04-01", "March 2023"));
        assert_eq!(range("revenue in dec 2023"), r("2023-12-01", "2024-01-01", "December 2023"));
        assert_eq!(range("only for 2023"), r("2023-01-01", "2024-01-01", "2023"));
        assert_eq!(range("revenue of all time"), r("1900-01-01", "2101-01-01", "all time"));
        assert_eq!(range("revenue by country"), None);
        assert_eq!(range("top 5 artists"), None, "small numbers are not years");
    }

    #[test]
    fn january_last_quarter_wraps_to_the_previous_year() {
        let r = range_in(&words("last quarter"), date(2024, 2, 1)).unwrap();
        assert_eq!((r.start, r.end), (date(2023, 10, 1), date(2024, 1, 1)));
        let r = range_in(&words("last month"), date(2024, 1, 20)).unwrap();
        assert_eq!((r.start, r.end), (date(2023, 12, 1), date(2024, 1, 1)));
    }
}
