//! The written answer: a few sentences read off the result, in the project's language.
//! Templates exist for EN, DE, ES, FR, IT, NL and PT; the other project languages get the
//! English text (a language model writes them in any language, see the LLM pipeline).

use serde_json::Value;

use super::chart::{is_number, is_time, number};
use super::format::{self, Grain};
use crate::ResultColumn;

/// The sentences of one language.
struct Phrases {
    no_rows: &'static str,
    /// `{measure}`, `{value}`.
    single: &'static str,
    /// `{measure}`, `{top}`, `{value}`.
    highest: &'static str,
    /// `{bottom}`, `{value}`.
    lowest: &'static str,
    /// `{label}` (what a row is, in words), `{measure}`, `{value}`: every row has the same value.
    same: &'static str,
    /// `{measure}`, `{from}`, `{first}`, `{to}`, `{last}`.
    trend: &'static str,
    /// `{rows}`.
    rows: &'static str,
    /// `{rows}`, `{shown}`.
    truncated: &'static str,
    /// `{measure}`, `{min}`, `{max}`: one value per row, no label.
    range: &'static str,
    /// `{question}`: a saved question's SQL answered it as it is.
    saved: &'static str,
    /// `{first}`, `{last}`: the dates the data has, when the period asked about had none.
    span: &'static str,
    /// `{count}`, `{rows}` (what a row is, plural), `{missing}`: rows a grouping left out.
    left_out: &'static str,
    /// `{rows}` (what a row is, singular), `{missing}`: the one row a grouping left out.
    left_out_one: &'static str,
}

fn phrases(language: &str) -> &'static Phrases {
    match language {
        "DE" => &Phrases {
            no_rows: "Keine Daten entsprechen dieser Frage.",
            single: "{measure}: {value}.",
            highest: "Den höchsten Wert für {measure} hat {top} mit {value}.",
            lowest: "Den niedrigsten hat {bottom} mit {value}.",
            same: "Alle Zeilen haben denselben Wert für {measure}: {value}.",
            trend: "{measure} lag bei {first} in {from} und bei {last} in {to}.",
            rows: "Das Ergebnis hat {rows} Zeilen.",
            truncated: "Das Ergebnis hat mehr als {shown} Zeilen; die ersten {shown} werden gezeigt.",
            range: "{measure} reicht von {min} bis {max}.",
            saved: "Beantwortet mit der gespeicherten Frage „{question}“.",
            span: "Die Daten reichen von {first} bis {last}.",
            left_out: "{count} {rows} ohne {missing} sind nicht enthalten.",
            left_out_one: "1 {rows} ohne {missing} ist nicht enthalten.",
        },
        "ES" => &Phrases {
            no_rows: "Ningún dato coincide con la pregunta.",
            single: "{measure}: {value}.",
            highest: "El valor más alto de {measure} es de {top}, con {value}.",
            lowest: "El más bajo es de {bottom}, con {value}.",
            same: "Todas las filas tienen el mismo valor de {measure}: {value}.",
            trend: "{measure} fue {first} en {from} y {last} en {to}.",
            rows: "El resultado tiene {rows} filas.",
            truncated: "El resultado tiene más de {shown} filas; se muestran las primeras {shown}.",
            range: "{measure} va de {min} a {max}.",
            saved: "Respondida con la pregunta guardada «{question}».",
            span: "Los datos van de {first} a {last}.",
            left_out: "{count} {rows} sin {missing} no se incluyen.",
            left_out_one: "1 {rows} sin {missing} no se incluye.",
        },
        "FR" => &Phrases {
            no_rows: "Aucune donnée ne correspond à la question.",
            single: "{measure} : {value}.",
            highest: "La valeur la plus élevée de {measure} est celle de {top}, avec {value}.",
            lowest: "La plus basse est celle de {bottom}, avec {value}.",
            same: "Toutes les lignes ont la même valeur de {measure} : {value}.",
            trend: "{measure} était de {first} en {from} et de {last} en {to}.",
            rows: "Le résultat compte {rows} lignes.",
            truncated: "Le résultat compte plus de {shown} lignes ; les {shown} premières sont affichées.",
            range: "{measure} va de {min} à {max}.",
            saved: "Réponse tirée de la question enregistrée « {question} ».",
            span: "Les données vont de {first} à {last}.",
            left_out: "{count} {rows} sans {missing} ne sont pas inclus.",
            left_out_one: "1 {rows} sans {missing} n'est pas inclus.",
        },
        "IT" => &Phrases {
            no_rows: "Nessun dato corrisponde alla domanda.",
            single: "{measure}: {value}.",
            highest: "Il valore più alto di {measure} è di {top}, con {value}.",
            lowest: "Il più basso è di {bottom}, con {value}.",
            same: "Tutte le righe hanno lo stesso valore di {measure}: {value}.",
            trend: "{measure} era {first} nel {from} e {last} nel {to}.",
            rows: "Il risultato ha {rows} righe.",
            truncated: "Il risultato ha più di {shown} righe; sono mostrate le prime {shown}.",
            range: "{measure} va da {min} a {max}.",
            saved: "Risposta dalla domanda salvata «{question}».",
            span: "I dati vanno da {first} a {last}.",
            left_out: "{count} {rows} senza {missing} non sono inclusi.",
            left_out_one: "1 {rows} senza {missing} non è incluso.",
        },
        "NL" => &Phrases {
            no_rows: "Er zijn geen gegevens die bij de vraag passen.",
            single: "{measure}: {value}.",
            highest: "De hoogste waarde van {measure} heeft {top}, met {value}.",
            lowest: "De laagste heeft {bottom}, met {value}.",
            same: "Alle rijen hebben dezelfde waarde van {measure}: {value}.",
            trend: "{measure} was {first} in {from} en {last} in {to}.",
            rows: "Het resultaat heeft {rows} rijen.",
            truncated: "Het resultaat heeft meer dan {shown} rijen; de eerste {shown} worden getoond.",
            range: "{measure} loopt van {min} tot {max}.",
            saved: "Beantwoord met de opgeslagen vraag ‘{question}’.",
            span: "De gegevens lopen van {first} tot {last}.",
            left_out: "{count} {rows} zonder {missing} zijn niet meegeteld.",
            left_out_one: "1 {rows} zonder {missing} is niet meegeteld.",
        },
        "PT" => &Phrases {
            no_rows: "Nenhum dado corresponde à pergunta.",
            single: "{measure}: {value}.",
            highest: "O valor mais alto de {measure} é de {top}, com {value}.",
            lowest: "O mais baixo é de {bottom}, com {value}.",
            same: "Todas as linhas têm o mesmo valor de {measure}: {value}.",
            trend: "{measure} foi {first} em {from} e {last} em {to}.",
            rows: "O resultado tem {rows} linhas.",
            truncated: "O resultado tem mais de {shown} linhas; são mostradas as primeiras {shown}.",
            range: "{measure} vai de {min} a {max}.",
            saved: "Respondida com a pergunta guardada «{question}».",
            span: "Os dados vão de {first} a {last}.",
            left_out: "{count} {rows} sem {missing} não foram incluídos.",
            left_out_one: "1 {rows} sem {missing} não foi incluído.",
        },
        _ => &Phrases {
            no_rows: "No data matched the question.",
            single: "The {measure} is {value}.",
            highest: "{top} has the highest {measure}: {value}.",
            lowest: "The lowest is {bottom} with {value}.",
            same: "Each {label} has the same {measure}: {value}.",
            trend: "The {measure} was {first} in {from} and {last} in {to}.",
            rows: "The result has {rows} rows.",
            truncated: "The result has more than {shown} rows; the first {shown} are shown.",
            range: "The {measure} ranges from {min} to {max}.",
            saved: "Answered with the saved question “{question}”.",
            span: "The data runs from {first} to {last}.",
            left_out: "{count} {rows} have no {missing} and are left out.",
            left_out_one: "1 {rows} has no {missing} and is left out.",
        },
    }
}

/// The languages with their own templates.
pub const TEMPLATE_LANGUAGES: [&str; 7] = ["EN", "DE", "ES", "FR", "IT", "NL", "PT"];

fn fill(template: &str, values: &[(&str, String)]) -> String {
    values.iter().fold(template.to_owned(), |text, (key, value)| text.replace(&format!("{{{key}}}"), value))
}

/// The sentence that says a saved question's SQL answered this one as it is.
pub fn from_saved_question(language: &str, question: &str) -> String {
    fill(phrases(language).saved, &[("question", question.to_owned())])
}

/// Whether a result says nothing: no rows, or one row whose every value is empty or zero (a
/// sum or count over no rows).
pub fn is_empty_result(rows: &[Vec<Value>]) -> bool {
    match rows {
        [] => true,
        [only] => only.iter().all(|v| v.is_null() || v.as_f64() == Some(0.0)),
        _ => false,
    }
}

/// The sentence that says which dates the data has ("The data runs from Jan 2021 to Dec
/// 2025."), said when the period a question asked about had none; `None` when the two values
/// are not dates.
pub fn data_span(language: &str, first: &Value, last: &Value) -> Option<String> {
    let (first, last) = (format::moment(first)?, format::moment(last)?);
    let at = |moment| format::moment_in(language, moment, Grain::Month);
    Some(fill(phrases(language).span, &[("first", at(first)), ("last", at(last))]))
}

/// The sentence that says how many rows a grouping left out for having no value in it ("312
/// parcels have no courier and are left out."); `None` when it left none out.
pub fn left_out(language: &str, count: i64, rows: &str, missing: &str) -> Option<String> {
    let p = phrases(language);
    match count {
        ..=0 => None,
        1 => Some(fill(p.left_out_one, &[("rows", crate::question::words::stem(rows)), ("missing", missing.to_owned())])),
        n => Some(fill(p.left_out, &[("count", format::number_in(language, n as f64)), ("rows", rows.to_owned()), ("missing", missing.to_owned())])),
    }
}

/// `measure` names the value ("total revenue"); the column's name in words when `None`.
pub fn describe(language: &str, measure: Option<&str>, columns: &[ResultColumn], rows: &[Vec<Value>], truncated: bool) -> String {
    let p = phrases(language);
    if rows.is_empty() {
        return p.no_rows.to_owned();
    }
    let count = |n: usize| format::number_in(language, n as f64);
    // Dates read at the grain their column has.
    let grains: Vec<Option<Grain>> = columns
        .iter()
        .enumerate()
        .map(|(i, c)| if is_number(c) { None } else { format::column_grain(&c.name, rows.iter().filter_map(|r| r.get(i))) })
        .collect();
    let cell = |row: &Vec<Value>, i: usize| match row.get(i) {
        // A year, a month number or an id reads as it is written ("2021", "order 3099"; not
        // "2,021", "order 3,099").
        Some(v) if is_number(&columns[i]) && (is_time(&columns[i]) || format::is_identifier(&columns[i].name)) => {
            number(v).filter(|n| n.fract() == 0.0).map_or_else(|| format::cell_in(language, v, None), |n| (n as i64).to_string())
        }
        Some(v) => format::cell_as(language, v, grains[i], columns[i].format.as_ref()),
        None => String::new(),
    };
    let is_label = |i: usize, c: &ResultColumn| !is_number(c) || is_time(c) || grains[i].is_some();
    // A measure is a number that is not a date part and does not name records (an id).
    let Some(value_index) = columns.iter().enumerate().rposition(|(i, c)| !is_label(i, c) && !format::is_identifier(&c.name)) else {
        return fill(p.rows, &[("rows", count(rows.len()))]);
    };
    let measure = measure.map(str::to_owned).unwrap_or_else(|| spoken_name(&columns[value_index]));
    let label_index = columns.iter().enumerate().position(|(i, c)| is_label(i, c));
    let value_of = |row: &Vec<Value>| row.get(value_index).and_then(number);
    let mut sentences = Vec::new();
    // A list of records (orders by their id, with a date and a customer): each is read as
    // the record it is, "order 10 (Jane Doe, 3 Mar 2024)", not as a group named by its date.
    if rows.len() > 1 && columns.first().is_some_and(|c| format::is_identifier(&c.name)) {
        let record = |row: &Vec<Value>, at: usize| {
            if at != 0 {
                return cell(row, at);
            }
            let noun = noun_of(&columns[0]);
            let mut about = String::new();
            for (i, c) in columns.iter().enumerate().skip(1) {
                if i == value_index || !is_label(i, c) || format::is_identifier(&c.name) {
                    continue;
                }
                if row.get(i).is_none_or(Value::is_null) {
                    continue;
                }
                let text = cell(row, i);
                // Words of one name run together ("Jane Doe"); a date stands apart.
                let apart = grains[i].is_some() || i > 1 && grains[i - 1].is_some();
                if !about.is_empty() {
                    about.push_str(if apart { ", " } else { " " });
                }
                about.push_str(&text);
            }
            let named = if noun.is_empty() { cell(row, 0) } else { format!("{noun} {}", cell(row, 0)) };
            if about.is_empty() { named } else { format!("{named} ({about})") }
        };
        let (highest, lowest) = extremes(p, &measure, rows, &record, (0, &noun_of(&columns[0])), value_index, value_of);
        sentences.extend([highest, lowest]);
        sentences.push(if truncated { fill(p.truncated, &[("shown", count(rows.len()))]) } else { fill(p.rows, &[("rows", count(rows.len()))]) });
        return sentences_text(sentences);
    }
    match label_index {
        None if rows.len() == 1 => sentences.push(fill(p.single, &[("measure", measure.clone()), ("value", cell(&rows[0], value_index))])),
        None => {
            let values: Vec<f64> = rows.iter().filter_map(value_of).collect();
            let (min, max) = values.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| (lo.min(*v), hi.max(*v)));
            if min.is_finite() {
                sentences
                    .push(fill(p.range, &[("measure", measure.clone()), ("min", format::number_in(language, min)), ("max", format::number_in(language, max))]));
            }
        }
        Some(label) if rows.len() == 1 => {
            sentences.push(fill(p.single, &[("measure", format!("{measure} ({})", cell(&rows[0], label))), ("value", cell(&rows[0], value_index))]))
        }
        // A trend only over time alone: with a second label (a genre per year) the rows are
        // several series, not one line from first to last.
        Some(label) if (is_time(&columns[label]) || grains[label].is_some()) && columns.iter().enumerate().filter(|(i, c)| is_label(*i, c)).count() == 1 => {
            let (first, last) = (&rows[0], &rows[rows.len() - 1]);
            sentences.push(fill(
                p.trend,
                &[
                    ("measure", measure.clone()),
                    ("from", cell(first, label)),
                    ("first", cell(first, value_index)),
                    ("to", cell(last, label)),
                    ("last", cell(last, value_index)),
                ],
            ));
            sentences.push(extremes(p, &measure, rows, &cell, (label, &spoken_name(&columns[label])), value_index, value_of).0);
        }
        Some(label) => {
            let (highest, lowest) = extremes(p, &measure, rows, &cell, (label, &spoken_name(&columns[label])), value_index, value_of);
            sentences.push(highest);
            sentences.push(lowest);
        }
    }
    if truncated {
        sentences.push(fill(p.truncated, &[("shown", count(rows.len()))]));
    } else if rows.len() > 1 {
        sentences.push(fill(p.rows, &[("rows", count(rows.len()))]));
    }
    sentences_text(sentences)
}

/// What the records of an id column are: "order" for `order_id`; empty for a bare `id`.
fn noun_of(key: &ResultColumn) -> String {
    let words = format::name_in_words(&key.name);
    words.rsplit_once(' ').map_or(String::new(), |(noun, _)| noun.to_owned())
}

/// A column's name inside a sentence: the semantic layer's display name ("Net revenue" →
/// "net revenue", an acronym kept: "GMV"), else its name in words.
fn spoken_name(column: &ResultColumn) -> String {
    let Some(display) = column.display_name.as_deref().map(str::trim).filter(|d| !d.is_empty()) else {
        return format::name_in_words(&column.name);
    };
    let first = display.split_whitespace().next().unwrap_or_default();
    let acronym = first.chars().filter(char::is_ascii_alphabetic).count() > 1 && first == first.to_uppercase();
    if acronym {
        return display.to_owned();
    }
    let mut chars = display.chars();
    chars.next().map_or_else(String::new, |c| c.to_lowercase().chain(chars).collect())
}

/// What the answer's value is, in words: the engine's measure with the values and the time
/// range the question was narrowed to ("number of tracks for AC/DC in 2023"), so the written
/// answer reads as a sentence ("The number of tracks for AC/DC in 2023 is 18.").
pub fn measure_of(understood: &[String]) -> Option<String> {
    let measure = understood.first().filter(|u| !u.starts_with("the SQL") && saved_question_of(understood).is_none())?;
    let mut said = measure.clone();
    for part in &understood[1..] {
        if let Some((_, value)) = part.split_once(" is ") {
            said.push_str(&format!(" for {value}"));
        } else if part.starts_with("in ") {
            said.push_str(&format!(" {part}"));
        }
    }
    Some(said)
}

/// The saved question whose SQL answered the task as it is, when one did (the reading the
/// workflow gives such a plan: the saved question “…”).
pub fn saved_question_of(understood: &[String]) -> Option<&str> {
    let rest = understood.first()?.strip_prefix("the saved question ")?;
    Some(rest.trim_start_matches('\u{201c}').trim_end_matches('\u{201d}'))
}

/// The sentences said, as one text starting with a capital.
fn sentences_text(mut sentences: Vec<String>) -> String {
    sentences.retain(|s| !s.is_empty());
    let text = sentences.join(" ");
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

fn extremes(
    p: &Phrases,
    measure: &str,
    rows: &[Vec<Value>],
    cell: &dyn Fn(&Vec<Value>, usize) -> String,
    (label, label_name): (usize, &str),
    value: usize,
    value_of: impl Fn(&Vec<Value>) -> Option<f64>,
) -> (String, String) {
    let numbered: Vec<(&Vec<Value>, f64)> = rows.iter().filter_map(|r| value_of(r).map(|v| (r, v))).collect();
    let top = numbered.iter().max_by(|a, b| a.1.total_cmp(&b.1));
    let bottom = numbered.iter().min_by(|a, b| a.1.total_cmp(&b.1));
    // Every row the same: no row is the highest or the lowest.
    if let (Some(t), Some(b)) = (top, bottom)
        && numbered.len() > 1
        && t.1 == b.1
    {
        return (fill(p.same, &[("label", label_name.to_owned()), ("measure", measure.to_owned()), ("value", cell(t.0, value))]), String::new());
    }
    let highest = top.map_or(String::new(), |(r, _)| fill(p.highest, &[("measure", measure.to_owned()), ("top", cell(r, label)), ("value", cell(r, value))]));
    let lowest = match (top, bottom) {
        (Some(t), Some(b)) if t.0 != b.0 => fill(p.lowest, &[("bottom", cell(b.0, label)), ("value", cell(b.0, value))]),
        _ => String::new(),
    };
    (highest, lowest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_a_grouping_left_out_are_counted_in_words() {
        assert_eq!(left_out("EN", 1312, "parcels", "courier").as_deref(), Some("1,312 parcels have no courier and are left out."));
        assert_eq!(left_out("EN", 1, "parcels", "courier").as_deref(), Some("1 parcel has no courier and is left out."));
        assert_eq!(left_out("DE", 3410, "parcels", "courier").as_deref(), Some("3.410 parcels ohne courier sind nicht enthalten."));
        assert_eq!(left_out("EN", 0, "parcels", "courier"), None);
    }
    use crate::ColumnTypeFamily::{Decimal, Integer, Text};
    use serde_json::json;

    fn col(name: &str, family: crate::ColumnTypeFamily) -> ResultColumn {
        ResultColumn::new(name, "", family)
    }

    #[test]
    fn answers_read_the_result() {
        let by_country = [col("country", Text), col("total", Decimal)];
        let rows = vec![vec![json!("USA"), json!("523.06")], vec![json!("Canada"), json!("303.96")], vec![json!("Chile"), json!(46.62)]];
        assert_eq!(
            describe("EN", Some("total revenue"), &by_country, &rows, false),
            "USA has the highest total revenue: 523.06. The lowest is Chile with 46.62. The result has 3 rows."
        );
        let text = describe("DE", Some("Umsatz"), &by_country, &rows, false);
        assert!(text.contains("USA mit 523,06") && text.contains("3 Zeilen"), "{text}");
        assert_eq!(describe("EN", None, &[col("total_revenue", Decimal)], &[vec![json!(2328.6)]], false), "The total revenue is 2,328.60.");
        let years = [col("year", Integer), col("total", Decimal)];
        let rows = vec![vec![json!(2021), json!(10)], vec![json!(2022), json!(30)], vec![json!(2023), json!(20)]];
        let text = describe("EN", None, &years, &rows, false);
        assert!(text.starts_with("The total was 10 in 2021 and 20 in 2023. 2022 has the highest total: 30."), "{text}");
        assert_eq!(describe("FR", None, &years, &[], false), "Aucune donnée ne correspond à la question.");
        assert!(describe("EN", None, &years, &rows, true).ends_with("the first 3 are shown."));
        assert_eq!(describe("JA", None, &years, &[], false), "No data matched the question.", "English where no template exists");
    }

    #[test]
    fn dates_read_at_their_grain_and_numbers_with_separators() {
        let by_month = [col("month", crate::ColumnTypeFamily::Timestamp), col("total_revenue", Decimal)];
        let rows = vec![
            vec![json!("2025-01-01T00:00:00"), json!("65971.5415")],
            vec![json!("2025-02-01T00:00:00"), json!("283.1173934108527")],
            vec![json!("2025-03-01T00:00:00"), json!("120000")],
        ];
        let text = describe("EN", None, &by_month, &rows, false);
        assert_eq!(
            text,
            "The total revenue was 65,971.54 in Jan 2025 and 120,000 in Mar 2025. Mar 2025 has the highest total revenue: 120,000. The result has 3 rows."
        );
        assert!(!text.contains('T') || !text.contains("00:00"), "{text}");
    }

    #[test]
    fn an_empty_period_says_which_dates_the_data_has() {
        assert!(is_empty_result(&[]));
        assert!(is_empty_result(&[vec![json!(null)]]));
        assert!(is_empty_result(&[vec![json!(0)]]));
        assert!(!is_empty_result(&[vec![json!(3)]]));
        assert!(!is_empty_result(&[vec![json!(null)], vec![json!(null)]]));
        let span = data_span("EN", &json!("2021-01-01T00:00:00"), &json!("2025-12-22 14:00:00"));
        assert_eq!(span.as_deref(), Some("The data runs from Jan 2021 to Dec 2025."));
        assert_eq!(data_span("EN", &json!(2021), &json!(2025)), None, "years as numbers are no dates to read");
    }

    #[test]
    fn time_with_a_second_label_is_no_single_trend() {
        let by_year_and_genre = [col("year", Integer), col("genre", Text), col("total", Decimal)];
        let rows = vec![vec![json!(2021), json!("Rock"), json!(10)], vec![json!(2021), json!("Jazz"), json!(30)], vec![json!(2022), json!("Rock"), json!(20)]];
        let text = describe("EN", None, &by_year_and_genre, &rows, false);
        assert!(!text.contains(" was "), "no first-to-last line across series: {text}");
        assert!(text.starts_with("2021 has the highest total: 30."), "{text}");
    }

    #[test]
    fn the_answer_says_what_the_question_was_narrowed_to() {
        let understood: Vec<String> = ["number of tracks", "artist name is AC/DC", "in 2023", "current"].map(str::to_owned).to_vec();
        let measure = measure_of(&understood).unwrap();
        assert_eq!(measure, "number of tracks for AC/DC in 2023");
        let columns = [crate::ResultColumn::new("n", "BIGINT", crate::ColumnTypeFamily::Integer)];
        let text = describe("EN", Some(&measure), &columns, &[vec![json!(18)]], false);
        assert_eq!(text, "The number of tracks for AC/DC in 2023 is 18.");
        assert_eq!(measure_of(&["the SQL you wrote".to_owned()]), None);
        let saved = ["the saved question \u{201c}Net revenue per month\u{201d}".to_owned()];
        assert_eq!(measure_of(&saved), None, "no \"The the saved question\"");
        assert_eq!(saved_question_of(&saved), Some("Net revenue per month"));
    }

    #[test]
    fn the_semantic_layer_names_and_formats_the_measure() {
        use crate::mdl::{DisplayFormat, FormatStyle};
        let mut revenue = col("rev_amt", Decimal);
        revenue.display_name = Some("Net revenue".into());
        revenue.format = Some(DisplayFormat { style: Some(FormatStyle::Currency), decimals: None, currency: Some("EUR".into()) });
        let columns = [col("channel", Text), revenue];
        let rows = vec![vec![json!("Web"), json!(1234.5)], vec![json!("Store"), json!(99.0)]];
        let text = describe("EN", None, &columns, &rows, false);
        assert!(text.contains("net revenue"), "{text}");
        assert!(text.contains("€1,234.50") && text.contains("€99.00"), "{text}");
        assert!(!text.contains("rev_amt") && !text.contains("rev amt"), "no raw column name: {text}");
    }

    #[test]
    fn a_list_of_records_is_not_read_as_one_value() {
        // Orders listed by their id: the id is no measure, so no "total is 10".
        let ids = [col("order_id", Integer)];
        let rows: Vec<Vec<Value>> = (10..1016).map(|i| vec![json!(i)]).collect();
        assert_eq!(describe("EN", Some("total amount over 500 dollars"), &ids, &rows, false), "The result has 1,006 rows.");
        // Orders with their date, customer and amount: read as orders, the largest and smallest.
        let orders = [
            col("order_id", Integer),
            col("ordered_at", crate::ColumnTypeFamily::Timestamp),
            col("first_name", Text),
            col("last_name", Text),
            col("total_amount", Decimal),
        ];
        let rows = vec![
            vec![json!(10), json!("2024-03-02T10:15:00"), json!("Jane"), json!("Doe"), json!("742.5")],
            vec![json!(11), json!("2024-05-19T08:00:00"), json!("Ali"), json!("Khan"), json!("1250")],
            vec![json!(12), json!("2024-07-01T17:40:00"), json!(null), json!(null), json!("501")],
        ];
        let text = describe("EN", None, &orders, &rows, false);
        assert!(text.starts_with("Order 11 (19 May 2024 08:00, Ali Khan) has the highest total amount: 1,250."), "{text}");
        assert!(text.contains("The lowest is order 12 (1 Jul 2024 17:40) with 501."), "{text}");
        assert!(text.ends_with("The result has 3 rows."), "{text}");
        // One value per row and no label: the range, not the first row's value.
        let prices = [col("unit_price", Decimal)];
        let rows = vec![vec![json!(9.99)], vec![json!(0.99)], vec![json!(1.99)]];
        assert_eq!(describe("EN", None, &prices, &rows, false), "The unit price ranges from 0.99 to 9.99. The result has 3 rows.");
        assert_eq!(from_saved_question("EN", "Net revenue per month"), "Answered with the saved question \u{201c}Net revenue per month\u{201d}.");
    }
}
