//! Values as an answer writes them: numbers with the language's separators and sensible
//! decimals, dates at the grain the result has (a year, a month, a day, a time), and column
//! names in words. The raw values stay in the result; this is only how they read.

use chrono::{Datelike, NaiveDate, NaiveDateTime, Timelike};
use serde_json::Value;

use super::chart::number;
use crate::mdl::{DisplayFormat, FormatStyle};

/// The separators of a language's numbers: (thousands, decimal).
fn separators(language: &str) -> (&'static str, char) {
    match language {
        "DE" | "ES" | "IT" | "NL" | "PT" => (".", ','),
        "FR" => ("\u{202f}", ','),
        _ => (",", '.'),
    }
}

/// A number as people read it: thousands grouped; whole numbers without decimals, others with
/// two (two significant digits below a tenth, so 0.0042 does not read as 0.00).
pub fn number_in(language: &str, n: f64) -> String {
    if !n.is_finite() {
        return n.to_string();
    }
    let decimals = if n.fract() == 0.0 && n.abs() < 1e15 {
        0
    } else if n.abs() >= 1.0 {
        2
    } else {
        (1 - n.abs().log10().floor() as i32).clamp(2, 10) as usize
    };
    let mut text = format!("{:.*}", decimals, n.abs());
    // Past two decimals, no trailing zeros (0.050 → 0.05).
    while decimals > 2 && text.ends_with('0') && text.split_once('.').is_some_and(|(_, f)| f.len() > 2) {
        text.pop();
    }
    grouped(language, n, &text)
}

/// `digits` (the absolute value of `n`, written with a '.') with the language's separators
/// and `n`'s sign.
fn grouped(language: &str, n: f64, digits: &str) -> String {
    let (thousands, decimal) = separators(language);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push_str(thousands);
        }
        grouped.push(digit);
    }
    let sign = if n < 0.0 && digits.chars().any(|c| c.is_ascii_digit() && c != '0') { "-" } else { "" };
    if fraction.is_empty() { format!("{sign}{grouped}") } else { format!("{sign}{grouped}{decimal}{fraction}") }
}

/// A number in the format the semantic layer gives its column: money with its currency
/// ("$1,234.50", "1.234,50 €", "1,234.50 CHF"), a ratio as a percentage (0.253 → "25.3%"),
/// or fixed decimals; the plain reading where the format says nothing.
pub fn formatted_in(language: &str, n: f64, format: &DisplayFormat) -> String {
    if !n.is_finite() {
        return n.to_string();
    }
    let fixed = |value: f64, decimals: usize| grouped(language, value, &format!("{:.*}", decimals, value.abs()));
    match format.style {
        Some(FormatStyle::Currency) => {
            let code = format.currency.as_deref().unwrap_or("USD");
            let decimals = format.decimals.map_or(if code == "JPY" || code == "KRW" { 0 } else { 2 }, usize::from);
            let amount = fixed(n, decimals);
            let symbol = match code {
                "USD" => Some("$"),
                "EUR" => Some("€"),
                "GBP" => Some("£"),
                "JPY" => Some("¥"),
                "INR" => Some("₹"),
                _ => None,
            };
            let english = separators(language).1 == '.';
            match (symbol, amount.strip_prefix('-')) {
                (Some(symbol), Some(positive)) if english => format!("-{symbol}{positive}"),
                (Some(symbol), None) if english => format!("{symbol}{amount}"),
                (Some(symbol), _) => format!("{amount}\u{a0}{symbol}"),
                (None, _) => format!("{amount}\u{a0}{code}"),
            }
        }
        Some(FormatStyle::Percent) => {
            let percent = n * 100.0;
            let decimals = format.decimals.map_or(if (percent * 10.0).round() % 10.0 == 0.0 { 0 } else { 1 }, usize::from);
            format!("{}%", fixed(percent, decimals))
        }
        _ => match format.decimals {
            Some(decimals) => fixed(n, usize::from(decimals)),
            None => number_in(language, n),
        },
    }
}

/// How finely a column of dates and times varies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Grain {
    Year,
    Quarter,
    Month,
    Week,
    Day,
    Minute,
}

/// A date or timestamp as sources send it ("2025-01-01", "2025-01-01T00:00:00",
/// "2025-01-01 14:30:00.123", with or without an offset).
pub fn moment(value: &Value) -> Option<NaiveDateTime> {
    let text = value.as_str()?.trim();
    if let Ok(day) = NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        return day.and_hms_opt(0, 0, 0);
    }
    let text = text.replace(' ', "T");
    if let Ok(at) = chrono::DateTime::parse_from_rfc3339(&text) {
        return Some(at.naive_local());
    }
    let plain = text.split(['+', 'Z']).next().unwrap_or(&text);
    NaiveDateTime::parse_from_str(plain, "%Y-%m-%dT%H:%M:%S%.f").ok()
}

/// The grain of a column's values: the coarsest that describes them all (every one the first
/// of January at midnight → years). `None` when a value is not a date.
pub fn grain_of<'a>(values: impl IntoIterator<Item = &'a Value>) -> Option<Grain> {
    let mut grain = Grain::Year;
    let mut any = false;
    for value in values {
        if value.is_null() {
            continue;
        }
        let at = moment(value)?;
        any = true;
        let this = if at.hour() != 0 || at.minute() != 0 || at.second() != 0 {
            Grain::Minute
        } else if at.day() != 1 {
            Grain::Day
        } else if at.month() != 1 {
            Grain::Month
        } else {
            Grain::Year
        };
        grain = grain.max(this);
    }
    any.then_some(grain)
}

fn months(language: &str) -> [&'static str; 12] {
    match language {
        "DE" => ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sep.", "Okt.", "Nov.", "Dez."],
        "ES" => ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"],
        "FR" => ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
        "IT" => ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"],
        "NL" => ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"],
        "PT" => ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"],
        _ => ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
    }
}

/// A moment at a grain: "2025", "Jan 2025", "3 Mar 2025", "3 Mar 2025 14:05".
pub fn moment_in(language: &str, at: NaiveDateTime, grain: Grain) -> String {
    let month = months(language)[at.month0() as usize];
    let day = if language == "DE" { format!("{}.", at.day()) } else { at.day().to_string() };
    match grain {
        Grain::Year => at.year().to_string(),
        Grain::Quarter => format!("Q{} {}", at.month0() / 3 + 1, at.year()),
        Grain::Month => format!("{month} {}", at.year()),
        Grain::Week => {
            let of = match language {
                "DE" => "Woche vom",
                "ES" => "semana del",
                "FR" => "semaine du",
                "IT" => "settimana del",
                "NL" => "week van",
                "PT" => "semana de",
                _ => "week of",
            };
            format!("{of} {day} {month} {}", at.year())
        }
        Grain::Day => format!("{day} {month} {}", at.year()),
        Grain::Minute => format!("{day} {month} {} {:02}:{:02}", at.year(), at.hour(), at.minute()),
    }
}

/// The grain of a column of dates, its name told too: quarter starts in a column named as a
/// quarter read as quarters ("Q3 2024"), days in one named as a week as weeks.
pub fn column_grain<'a>(name: &str, values: impl IntoIterator<Item = &'a Value> + Clone) -> Option<Grain> {
    let grain = grain_of(values.clone())?;
    let words = name_in_words(name);
    let said = |w: &str| words.split(' ').any(|x| x == w || x == format!("{w}s"));
    let quarter_starts = values.into_iter().filter_map(moment).all(|at| at.day() == 1 && at.month0() % 3 == 0);
    Some(match grain {
        Grain::Month | Grain::Year if said("quarter") && quarter_starts => Grain::Quarter,
        Grain::Day | Grain::Month | Grain::Year if said("week") => Grain::Week,
        other => other,
    })
}

/// A cell as an answer writes it: a number, a date at `grain` when the column has one, else
/// the text itself; no value reads as a dash.
pub fn cell_in(language: &str, value: &Value, grain: Option<Grain>) -> String {
    cell_as(language, value, grain, None)
}

/// A cell in its column's format (`formatted_in`) where the semantic layer gives one.
pub fn cell_as(language: &str, value: &Value, grain: Option<Grain>, format: Option<&DisplayFormat>) -> String {
    if value.is_null() {
        return "—".to_owned();
    }
    if let (Some(grain), Some(at)) = (grain, moment(value)) {
        return moment_in(language, at, grain);
    }
    match (value, number(value)) {
        (_, Some(n)) => format.map_or_else(|| number_in(language, n), |f| formatted_in(language, n, f)),
        (Value::String(s), None) => s.clone(),
        _ => value.to_string(),
    }
}

/// A column's name in words: "total_revenue" → "total revenue", "UnitPrice" → "unit price".
pub fn name_in_words(name: &str) -> String {
    crate::question::words::identifier_words(name)
}

/// Whether a numeric column names records rather than measuring them: an id, key, code or
/// number of something ("order_id", "CustomerId", "zip code").
pub fn is_identifier(name: &str) -> bool {
    let words = name_in_words(name);
    matches!(words.rsplit(' ').next(), Some("id" | "key" | "code" | "no" | "nr" | "number" | "pk" | "fk" | "uuid" | "zip")) && !words.starts_with("number of")
        || words == "id"
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_read_with_separators_and_sensible_decimals() {
        let cases = [
            ("EN", 65971.5415, "65,971.54"),
            ("EN", 283.1173934108527, "283.12"),
            ("EN", 1006.0, "1,006"),
            ("EN", -1234567.0, "-1,234,567"),
            ("EN", 0.004215, "0.0042"),
            ("EN", 0.05, "0.05"),
            ("EN", 0.99, "0.99"),
            ("EN", 0.5, "0.50"),
            ("DE", 65971.5415, "65.971,54"),
            ("FR", 1234.5, "1\u{202f}234,50"),
            ("EN", 12.0, "12"),
        ];
        for (language, n, expected) in cases {
            assert_eq!(number_in(language, n), expected, "{language} {n}");
        }
    }

    #[test]
    fn formats_of_the_semantic_layer_read_as_money_percentages_and_fixed_decimals() {
        let money = |code: &str| DisplayFormat { style: Some(FormatStyle::Currency), decimals: None, currency: Some(code.into()) };
        let percent = DisplayFormat { style: Some(FormatStyle::Percent), ..DisplayFormat::default() };
        let cases = [
            ("EN", 1234.5, money("USD"), "$1,234.50"),
            ("EN", -1234.5, money("GBP"), "-£1,234.50"),
            ("DE", 1234.5, money("EUR"), "1.234,50\u{a0}€"),
            ("EN", 1234.5, money("CHF"), "1,234.50\u{a0}CHF"),
            ("EN", 1234.4, money("JPY"), "¥1,234"),
            ("EN", 0.253, percent.clone(), "25.3%"),
            ("EN", 0.25, percent, "25%"),
            ("EN", 2.0 / 3.0, DisplayFormat { decimals: Some(3), ..DisplayFormat::default() }, "0.667"),
            ("EN", 65971.5415, DisplayFormat::default(), "65,971.54"),
        ];
        for (language, n, format, expected) in cases {
            assert_eq!(formatted_in(language, n, &format), expected, "{language} {n} {format:?}");
        }
        assert_eq!(cell_as("EN", &json!("523.061"), None, Some(&money("USD"))), "$523.06");
    }

    #[test]
    fn dates_read_at_the_grain_of_their_column() {
        let months = [json!("2025-01-01T00:00:00"), json!("2025-02-01T00:00:00"), json!(null)];
        assert_eq!(grain_of(&months), Some(Grain::Month));
        let at = moment(&months[1]).unwrap();
        assert_eq!(moment_in("EN", at, Grain::Month), "Feb 2025");
        assert_eq!(grain_of(&[json!("2024-01-01"), json!("2025-01-01")]), Some(Grain::Year));
        // Quarters and weeks: read as the question's grain when the column says it.
        let quarters = [json!("2024-01-01"), json!("2024-07-01T00:00:00")];
        assert_eq!(column_grain("quarter", &quarters), Some(Grain::Quarter));
        assert_eq!(column_grain("order_month", &quarters), Some(Grain::Month));
        let at = moment(&quarters[1]).unwrap();
        assert_eq!(moment_in("EN", at, Grain::Quarter), "Q3 2024");
        assert_eq!(column_grain("week", &[json!("2025-03-03"), json!("2025-03-10")]), Some(Grain::Week));
        assert_eq!(moment_in("EN", moment(&json!("2025-03-03")).unwrap(), Grain::Week), "week of 3 Mar 2025");
        assert_eq!(grain_of(&[json!("2024-03-03"), json!("2025-01-01")]), Some(Grain::Day));
        assert_eq!(grain_of(&[json!("2024-03-03 14:05:00.250")]), Some(Grain::Minute));
        assert_eq!(grain_of(&[json!("2024-03-03T14:05:00+02:00")]), Some(Grain::Minute));
        assert_eq!(grain_of(&[json!("Rock")]), None);
        assert_eq!(cell_in("EN", &json!("2024-03-03"), Some(Grain::Day)), "3 Mar 2024");
        assert_eq!(cell_in("DE", &json!("2024-03-03T14:05:00"), Some(Grain::Minute)), "3. März 2024 14:05");
        assert_eq!(cell_in("EN", &json!("Rock"), None), "Rock");
        assert_eq!(cell_in("EN", &json!("523.06"), None), "523.06");
        assert_eq!(cell_in("EN", &json!(null), None), "—");
    }

    #[test]
    fn names_read_as_words_and_keys_are_not_measures() {
        assert_eq!(name_in_words("total_revenue"), "total revenue");
        assert_eq!(name_in_words("UnitPrice"), "unit price");
        assert_eq!(name_in_words("HTTPStatus"), "http status");
        for key in ["order_id", "CustomerId", "id", "zip_code", "invoice_no"] {
            assert!(is_identifier(key), "{key}");
        }
        for measure in ["total", "unit_price", "number_of_orders", "order_count", "idle_time"] {
            assert!(!is_identifier(measure), "{measure}");
        }
    }
}
