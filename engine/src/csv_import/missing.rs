//! Missing-value markers: what exports write where there is no value (`NA` from R, `NULL`
//! from databases, `-` from spreadsheets, an empty field). DuckDB reads them as NULL
//! before it types a column (`nullstr`), so a numeric column with `NA` cells is still a
//! number; the import then counts, column by column, how many values each marker replaced.

use duckdb::Connection;

/// The markers read as missing unless the upload chooses others. The empty string stands
/// for an empty field.
pub const DEFAULT_MISSING_MARKERS: [&str; 8] = ["", "NA", "N/A", "NULL", "null", "None", "NaN", "-"];
/// The most markers an upload may choose, and the longest one.
pub const MAX_MARKERS: usize = 20;
pub const MAX_MARKER_CHARS: usize = 40;

/// How many values of a column one marker replaced.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MissingValues {
    pub column: String,
    pub marker: String,
    pub count: u64,
}

/// The defaults, as owned strings.
pub fn default_markers() -> Vec<String> {
    DEFAULT_MISSING_MARKERS.iter().map(|m| (*m).to_owned()).collect()
}

/// Checks markers chosen at upload: at most [`MAX_MARKERS`], each at most
/// [`MAX_MARKER_CHARS`] long, on one line; repeats are dropped. Surrounding spaces are kept
/// only for a marker made of spaces alone (a field of spaces is a marker some exports use).
pub fn check_markers(markers: &[String]) -> Result<Vec<String>, String> {
    if markers.len() > MAX_MARKERS {
        return Err(format!("Choose at most {MAX_MARKERS} missing-value markers."));
    }
    let mut checked: Vec<String> = Vec::new();
    for marker in markers {
        let marker = if marker.trim().is_empty() { marker.as_str() } else { marker.trim() };
        if marker.chars().count() > MAX_MARKER_CHARS {
            return Err(format!("A missing-value marker is at most {MAX_MARKER_CHARS} characters long."));
        }
        if marker.contains(['\n', '\r', '"']) {
            return Err("A missing-value marker cannot hold a line break or a double quote.".into());
        }
        if !checked.iter().any(|m| m == marker) {
            checked.push(marker.to_owned());
        }
    }
    Ok(checked)
}

/// `nullstr` for `read_csv`: DuckDB needs a non-empty list, so no marker at all becomes a
/// string no field can hold (a line break).
pub(super) fn nullstr(markers: &[String]) -> String {
    if markers.is_empty() {
        return "nullstr = ['\n']".to_owned();
    }
    let list: Vec<String> = markers.iter().map(|m| super::quote_literal(m)).collect();
    format!("nullstr = [{}]", list.join(", "))
}

/// Counts, in the file read again as text, the markers of the columns of `table` that
/// hold NULLs (a table without any is not read again). `source` is the file's `read_csv`
/// with the loading options and `all_varchar`, without markers.
pub(super) fn count(conn: &Connection, table: &str, source: &str, markers: &[String]) -> duckdb::Result<Vec<MissingValues>> {
    if markers.is_empty() {
        return Ok(Vec::new());
    }
    let columns = super::column_names(conn, table)?;
    if columns.is_empty() {
        return Ok(Vec::new());
    }
    let nulls: Vec<String> = columns.iter().map(|c| format!("count(*) - count({})", super::quote_identifier(c))).collect();
    let sql = format!("SELECT {} FROM {}", nulls.join(", "), super::quote_identifier(table));
    let with_nulls: Vec<&String> = conn
        .query_row(&sql, [], |row| (0..columns.len()).map(|i| row.get::<_, i64>(i)).collect::<duckdb::Result<Vec<i64>>>())?
        .into_iter()
        .zip(&columns)
        .filter(|(n, _)| *n > 0)
        .map(|(_, c)| c)
        .collect();
    if with_nulls.is_empty() {
        return Ok(Vec::new());
    }
    // Read as text, only an empty field is NULL (DuckDB's default), so each marker can be
    // told from the others.
    let mut counts = Vec::new();
    for column in &with_nulls {
        let c = super::quote_identifier(column);
        for marker in markers {
            counts.push(if marker.is_empty() {
                format!("count(*) FILTER (WHERE {c} IS NULL)")
            } else {
                format!("count(*) FILTER (WHERE {c} = {})", super::quote_literal(marker))
            });
        }
    }
    let sql = format!("SELECT {} FROM {source}", counts.join(", "));
    let values = conn.query_row(&sql, [], |row| (0..counts.len()).map(|i| row.get::<_, i64>(i)).collect::<duckdb::Result<Vec<i64>>>())?;
    let mut missing = Vec::new();
    for (i, column) in with_nulls.iter().enumerate() {
        for (j, marker) in markers.iter().enumerate() {
            let count = values[i * markers.len() + j];
            if count > 0 {
                missing.push(MissingValues { column: (*column).clone(), marker: marker.clone(), count: count as u64 });
            }
        }
    }
    Ok(missing)
}

/// One note per marker: "1,204 values 'NA' read as missing (weight 1,000; price 204)",
/// the columns with the most first.
pub fn notes(missing: &[MissingValues]) -> Vec<String> {
    const LISTED: usize = 4;
    let mut markers: Vec<&str> = Vec::new();
    for m in missing {
        if !markers.contains(&m.marker.as_str()) {
            markers.push(&m.marker);
        }
    }
    markers
        .into_iter()
        .map(|marker| {
            let mut columns: Vec<&MissingValues> = missing.iter().filter(|m| m.marker == marker).collect();
            columns.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.column.cmp(&b.column)));
            let total: u64 = columns.iter().map(|m| m.count).sum();
            let what = match (marker, total) {
                ("", 1) => "1 empty value".to_owned(),
                ("", n) => format!("{} empty values", thousands(n)),
                (m, 1) => format!("1 value '{m}'"),
                (m, n) => format!("{} values '{m}'", thousands(n)),
            };
            let mut parts: Vec<String> = columns.iter().take(LISTED).map(|m| format!("{} {}", m.column, thousands(m.count))).collect();
            if columns.len() > LISTED {
                parts.push(format!("{} more columns", columns.len() - LISTED));
            }
            format!("{what} read as missing ({})", parts.join("; "))
        })
        .collect()
}

/// `1204` → `1,204`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(column: &str, marker: &str, count: u64) -> MissingValues {
        MissingValues { column: column.into(), marker: marker.into(), count }
    }

    #[test]
    fn notes_sum_each_marker_over_its_columns() {
        let notes = notes(&[values("b", "NA", 204), values("a", "NA", 1000), values("a", "", 1), values("c", "NA", 1)]);
        assert_eq!(notes, ["1,205 values 'NA' read as missing (a 1,000; b 204; c 1)", "1 empty value read as missing (a 1)"]);
        let many: Vec<MissingValues> = (0..6).map(|i| values(&format!("c{i}"), "-", 2)).collect();
        assert_eq!(super::notes(&many), ["12 values '-' read as missing (c0 2; c1 2; c2 2; c3 2; 2 more columns)"]);
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(999), "999");
    }

    #[test]
    fn chosen_markers_are_checked() {
        let chosen = check_markers(&[" NA ".into(), "NA".into(), "".into(), "  ".into()]).unwrap();
        assert_eq!(chosen, ["NA", "", "  "]);
        assert!(check_markers(&["a\nb".into()]).is_err());
        assert!(check_markers(&vec!["x".to_owned(); MAX_MARKERS + 1]).is_err());
        assert!(check_markers(&["y".repeat(MAX_MARKER_CHARS + 1)]).is_err());
        assert_eq!(nullstr(&[]), "nullstr = ['\n']");
        assert_eq!(nullstr(&["".into(), "it's".into()]), "nullstr = ['', 'it''s']");
    }
}
