//! Source values → JSON (the rules are in the docs of `connectors`). Postgres and MySQL
//! results arrive in their text forms; these functions turn such text into JSON by family.

use super::ColumnTypeFamily;
use base64::{Engine, engine::general_purpose::STANDARD};
use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, Utc};
use serde_json::{Number, Value};

/// A value in the source's text form.
pub(crate) fn from_text(family: ColumnTypeFamily, text: &str) -> Value {
    use ColumnTypeFamily::*;
    match family {
        Boolean => match text {
            "t" | "true" | "TRUE" | "1" | "y" | "yes" | "on" => Value::Bool(true),
            "f" | "false" | "FALSE" | "0" | "n" | "no" | "off" => Value::Bool(false),
            other => Value::String(other.to_string()),
        },
        Integer | Oid => integer(text),
        Float => float(text),
        Timestamp => timestamp(text),
        Timestamptz => timestamptz(text),
        Json => serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string())),
        // DECIMAL stays text: exact. The rest are strings by nature.
        _ => Value::String(text.to_string()),
    }
}

pub(crate) fn integer(text: &str) -> Value {
    if let Ok(i) = text.parse::<i64>() {
        return Value::Number(i.into());
    }
    if let Ok(u) = text.parse::<u64>() {
        return Value::Number(u.into());
    }
    Value::String(text.to_string())
}

pub(crate) fn float(text: &str) -> Value {
    text.parse::<f64>().ok().and_then(Number::from_f64).map(Value::Number).unwrap_or_else(|| Value::String(text.to_string()))
}

pub(crate) fn f64_value(f: f64) -> Value {
    Number::from_f64(f).map(Value::Number).unwrap_or_else(|| Value::String(f.to_string()))
}

pub(crate) fn i128_value(i: i128) -> Value {
    match i64::try_from(i) {
        Ok(i) => Value::Number(i.into()),
        Err(_) => match u64::try_from(i) {
            Ok(u) => Value::Number(u.into()),
            Err(_) => Value::String(i.to_string()),
        },
    }
}

pub(crate) fn base64(bytes: &[u8]) -> Value {
    Value::String(STANDARD.encode(bytes))
}

/// Postgres `bytea` text (hex, `\x0102`) → base64.
pub(crate) fn pg_bytea(text: &str) -> Value {
    match text.strip_prefix("\\x").and_then(decode_hex) {
        Some(bytes) => base64(&bytes),
        None => Value::String(text.to_string()),
    }
}

fn decode_hex(hex: &str) -> Option<Vec<u8>> {
    if !hex.len().is_multiple_of(2) {
        return None;
    }
    (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok()).collect()
}

pub(crate) fn iso_datetime(dt: NaiveDateTime) -> String {
    dt.format("%Y-%m-%dT%H:%M:%S%.f").to_string()
}

pub(crate) fn iso_utc(dt: DateTime<Utc>) -> String {
    format!("{}Z", iso_datetime(dt.naive_utc()))
}

pub(crate) fn iso_date(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

pub(crate) fn iso_time(t: NaiveTime) -> String {
    t.format("%H:%M:%S%.f").to_string()
}

/// `2024-01-31 13:45:00.5` → `2024-01-31T13:45:00.5`; other text (infinity, BC dates,
/// MySQL zero dates) is kept.
fn timestamp(text: &str) -> Value {
    match NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S%.f") {
        Ok(dt) => Value::String(iso_datetime(dt)),
        Err(_) => Value::String(text.to_string()),
    }
}

/// `2024-01-31 13:45:00+00` (or `+05:30`, or none when the source's session is in UTC,
/// as for MySQL `TIMESTAMP`) → `2024-01-31T13:45:00Z`.
fn timestamptz(text: &str) -> Value {
    if let Ok(dt) = DateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S%.f%#z") {
        return Value::String(iso_utc(dt.with_timezone(&Utc)));
    }
    if let Ok(dt) = NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S%.f") {
        return Value::String(iso_utc(dt.and_utc()));
    }
    Value::String(text.to_string())
}

/// ISO-8601 duration of a months/days/microseconds interval (DuckDB, Postgres' parts).
pub(crate) fn iso_interval(months: i64, days: i64, micros: i64) -> String {
    if months == 0 && days == 0 && micros == 0 {
        return "PT0S".into();
    }
    let mut out = String::from("P");
    let (years, months) = (months / 12, months % 12);
    for (n, unit) in [(years, 'Y'), (months, 'M'), (days, 'D')] {
        if n != 0 {
            out.push_str(&format!("{n}{unit}"));
        }
    }
    if micros != 0 {
        out.push('T');
        let hours = micros / 3_600_000_000;
        let minutes = (micros % 3_600_000_000) / 60_000_000;
        let rest = micros % 60_000_000;
        if hours != 0 {
            out.push_str(&format!("{hours}H"));
        }
        if minutes != 0 {
            out.push_str(&format!("{minutes}M"));
        }
        if rest != 0 {
            let (secs, frac) = (rest / 1_000_000, (rest % 1_000_000).abs());
            if frac == 0 {
                out.push_str(&format!("{secs}S"));
            } else {
                let sign = if rest < 0 && secs == 0 { "-" } else { "" };
                let frac = format!("{frac:06}");
                out.push_str(&format!("{sign}{secs}.{}S", frac.trim_end_matches('0')));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::ColumnTypeFamily::*;
    use super::*;
    use serde_json::json;

    #[test]
    fn text_by_family() {
        assert_eq!(from_text(Boolean, "t"), json!(true));
        assert_eq!(from_text(Boolean, "0"), json!(false));
        assert_eq!(from_text(Integer, "-42"), json!(-42));
        assert_eq!(from_text(Integer, "18446744073709551615"), json!(18446744073709551615u64));
        assert_eq!(from_text(Integer, "170141183460469231731687303715884105727"), json!("170141183460469231731687303715884105727"));
        assert_eq!(from_text(Decimal, "12345678901234567890.123456789"), json!("12345678901234567890.123456789"));
        assert_eq!(from_text(Float, "1.5"), json!(1.5));
        assert_eq!(from_text(Float, "NaN"), json!("NaN"));
        assert_eq!(from_text(Timestamp, "2024-01-31 13:45:00.5"), json!("2024-01-31T13:45:00.500"));
        assert_eq!(from_text(Timestamp, "2024-01-31 13:45:00"), json!("2024-01-31T13:45:00"));
        assert_eq!(from_text(Timestamp, "infinity"), json!("infinity"));
        assert_eq!(from_text(Timestamptz, "2024-01-31 13:45:00+00"), json!("2024-01-31T13:45:00Z"));
        assert_eq!(from_text(Timestamptz, "2024-01-31 15:45:00+02"), json!("2024-01-31T13:45:00Z"));
        assert_eq!(from_text(Timestamptz, "2024-01-31 13:45:00"), json!("2024-01-31T13:45:00Z"));
        assert_eq!(from_text(Json, r#"{"a": [1, 2]}"#), json!({"a": [1, 2]}));
        assert_eq!(from_text(Uuid, "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"), json!("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"));
        assert_eq!(pg_bytea("\\x48656c6c6f"), json!("SGVsbG8="));
    }

    #[test]
    fn intervals_are_iso_durations() {
        assert_eq!(iso_interval(0, 0, 0), "PT0S");
        assert_eq!(iso_interval(14, 3, 4 * 3_600_000_000 + 5 * 60_000_000 + 6_500_000), "P1Y2M3DT4H5M6.5S");
        assert_eq!(iso_interval(0, 1, 0), "P1D");
        assert_eq!(iso_interval(0, 0, -1_500_000), "PT-1.5S");
    }
}
