//! What DuckDB's own sniffer cannot tell us well: which delimiter a file uses when its rows
//! are ragged, and where exactly a file goes wrong (line, column) when the import fails.

use std::{
    fs::File,
    io::{self, BufRead, BufReader, Read},
    path::Path,
};

/// Delimiters tried, in order of preference when several fit equally well.
pub const DELIMITERS: [u8; 4] = [b',', b';', b'\t', b'|'];
const QUOTE: u8 = b'"';
/// How much of the file the delimiter guess reads.
const SNIFF_BYTES: u64 = 64 * 1024;
const SNIFF_RECORDS: usize = 50;

/// How a file is laid out, passed to DuckDB explicitly: its sniffer, left to guess, may
/// skip leading rows of a ragged file and silently import only the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dialect {
    pub delimiter: u8,
    /// Whether the first record names the columns.
    pub header: bool,
    /// Numbers are written with a decimal comma (`3,50`), as where `;` separates values.
    pub decimal_comma: bool,
}

pub fn sniff(path: &Path) -> io::Result<Dialect> {
    let head = read_head(path)?;
    let delimiter = guess_delimiter(&head);
    let header = first_record_is_header(&head, delimiter);
    Ok(Dialect { delimiter, header, decimal_comma: uses_decimal_comma(&head, delimiter, header) })
}

/// Values like `3,50` and none like `3.50` in a file not separated by commas.
fn uses_decimal_comma(head: &[u8], delimiter: u8, header: bool) -> bool {
    if delimiter == b',' {
        return false;
    }
    let text = String::from_utf8_lossy(head);
    let (mut commas, mut points) = (0usize, 0usize);
    for line in text.lines().skip(usize::from(header)) {
        for field in line.split(char::from(delimiter)) {
            let field = field.trim().trim_matches('"');
            let digits = field.strip_prefix(['-', '+']).unwrap_or(field);
            match digits.split_once([',', '.']) {
                Some((whole, fraction))
                    if !whole.is_empty()
                        && !fraction.is_empty()
                        && whole.bytes().all(|b| b.is_ascii_digit())
                        && fraction.bytes().all(|b| b.is_ascii_digit()) =>
                {
                    if digits.as_bytes()[whole.len()] == b',' {
                        commas += 1
                    } else {
                        points += 1
                    }
                }
                _ => {}
            }
        }
    }
    commas > 0 && points == 0
}

/// The first bytes of the file, ending at a line break when the file goes on.
fn read_head(path: &Path) -> io::Result<Vec<u8>> {
    let mut head = Vec::new();
    File::open(path)?.take(SNIFF_BYTES).read_to_end(&mut head)?;
    if head.len() as u64 == SNIFF_BYTES
        && let Some(end) = head.iter().rposition(|&b| b == b'\n')
    {
        head.truncate(end + 1);
    }
    Ok(head)
}

/// A first record made only of numbers is data; anything else names the columns.
fn first_record_is_header(head: &[u8], delimiter: u8) -> bool {
    let first = head.split(|&b| b == b'\n').next().unwrap_or_default();
    let text = String::from_utf8_lossy(trim_line_end(first));
    let fields: Vec<&str> = text.split(char::from(delimiter)).map(|f| f.trim().trim_matches('"')).collect();
    !fields.iter().all(|f| !f.is_empty() && f.parse::<f64>().is_ok())
}

/// The delimiter that splits the first records into the same number (more than one) of
/// fields most often; `,` when nothing fits (a one-column file).
fn guess_delimiter(head: &[u8]) -> u8 {
    let mut best = (b',', 0usize, 0usize); // delimiter, records agreeing, fields
    for delimiter in DELIMITERS {
        let counts: Vec<usize> = Records::new(head, delimiter).take(SNIFF_RECORDS).filter_map(Result::ok).map(|record| record.fields).collect();
        let Some(&first) = counts.first() else { continue };
        if first < 2 {
            continue;
        }
        let agreeing = counts.iter().filter(|&&n| n == first).count();
        if (agreeing, first) > (best.1, best.2) {
            best = (delimiter, agreeing, first);
        }
    }
    best.0
}

/// The first thing wrong with the file's structure, for a user to fix: a byte sequence
/// that is not UTF-8, a record with more or fewer fields than the header, or a quote
/// left open. `None` when the structure is sound (the problem is elsewhere, e.g. a value).
pub fn find_problem(path: &Path, delimiter: u8) -> io::Result<Option<String>> {
    let reader = BufReader::with_capacity(1 << 20, File::open(path)?);
    let mut header: Option<usize> = None;
    for record in Records::new(reader, delimiter) {
        let record = match record {
            Ok(record) => record,
            Err(RecordError::Io(e)) => return Err(e),
            Err(RecordError::OpenQuote { line }) => {
                return Ok(Some(format!("Line {line}: a quoted value is never closed.")));
            }
        };
        if let Some(column) = record.bad_utf8_field {
            return Ok(Some(format!("Line {}, column {}: the text is not valid UTF-8. Save the file as UTF-8 and upload it again.", record.line, column + 1)));
        }
        if record.blank {
            continue;
        }
        match header {
            None => header = Some(record.fields),
            Some(expected) if record.fields != expected => {
                let column = expected.min(record.fields) + 1;
                return Ok(Some(format!("Line {}, column {column}: expected {expected} columns like the header, found {}.", record.line, record.fields)));
            }
            Some(_) => {}
        }
    }
    Ok(None)
}

/// One CSV record: where it starts and what it holds.
#[derive(Debug)]
struct Record {
    /// 1-based line of the file where the record starts.
    line: u64,
    fields: usize,
    /// Index of the first field holding bytes that are not UTF-8.
    bad_utf8_field: Option<usize>,
    blank: bool,
}

#[derive(Debug)]
enum RecordError {
    Io(io::Error),
    OpenQuote { line: u64 },
}

/// RFC 4180 records (double quotes, `""` inside quotes, line breaks inside quotes) over
/// any byte reader, counting fields without keeping them.
struct Records<R> {
    reader: R,
    delimiter: u8,
    line: u64,
    buffer: Vec<u8>,
    done: bool,
}

impl<R: BufRead> Records<R> {
    fn new(reader: R, delimiter: u8) -> Self {
        Self { reader, delimiter, line: 1, buffer: Vec::new(), done: false }
    }

    /// The next record's bytes, joined across line breaks that sit inside quotes.
    fn next_record(&mut self) -> Result<Option<(u64, Vec<u8>)>, RecordError> {
        let start = self.line;
        let mut record = Vec::new();
        let mut in_quotes = false;
        loop {
            self.buffer.clear();
            let read = self.reader.read_until(b'\n', &mut self.buffer).map_err(RecordError::Io)?;
            if read == 0 {
                if in_quotes {
                    return Err(RecordError::OpenQuote { line: start });
                }
                return Ok((!record.is_empty()).then_some((start, record)));
            }
            self.line += 1;
            in_quotes ^= self.buffer.iter().filter(|&&b| b == QUOTE).count() % 2 == 1;
            record.extend_from_slice(&self.buffer);
            if !in_quotes {
                return Ok(Some((start, record)));
            }
        }
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Result<Record, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.next_record() {
            Ok(Some((line, bytes))) => Some(Ok(describe(line, &bytes, self.delimiter))),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(error) => {
                self.done = true;
                Some(Err(error))
            }
        }
    }
}

fn describe(line: u64, bytes: &[u8], delimiter: u8) -> Record {
    let content = trim_line_end(bytes);
    let mut fields = 1;
    let mut field_start = 0;
    let mut in_quotes = false;
    let mut bad_utf8_field = None;
    for (i, &byte) in content.iter().enumerate() {
        if byte == QUOTE {
            in_quotes = !in_quotes;
        } else if byte == delimiter && !in_quotes {
            if bad_utf8_field.is_none() && std::str::from_utf8(&content[field_start..i]).is_err() {
                bad_utf8_field = Some(fields - 1);
            }
            fields += 1;
            field_start = i + 1;
        }
    }
    if bad_utf8_field.is_none() && std::str::from_utf8(&content[field_start..]).is_err() {
        bad_utf8_field = Some(fields - 1);
    }
    Record { line, fields, bad_utf8_field, blank: content.iter().all(|b| b.is_ascii_whitespace()) }
}

fn trim_line_end(bytes: &[u8]) -> &[u8] {
    let mut end = bytes.len();
    while end > 0 && matches!(bytes[end - 1], b'\n' | b'\r') {
        end -= 1;
    }
    &bytes[..end]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn file(content: &[u8]) -> tempfile::NamedTempFile {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(content).unwrap();
        file
    }

    fn dialect(content: &[u8]) -> (char, bool) {
        let found = sniff(file(content).path()).unwrap();
        (char::from(found.delimiter), found.header)
    }

    fn decimal_comma(content: &[u8]) -> bool {
        sniff(file(content).path()).unwrap().decimal_comma
    }

    #[test]
    fn decimal_commas_are_seen_where_commas_do_not_separate() {
        assert!(decimal_comma(b"item;price\nTea;3,50\nCake;-12,0\n"));
        assert!(decimal_comma(b"item\tprice\nTea\t\"3,50\"\n"));
        assert!(!decimal_comma(b"item;price\nTea;3.50\nCake;3,50\n"), "mixed: left to DuckDB");
        assert!(!decimal_comma(b"item,price\nTea,\"3,50\"\n"));
        assert!(!decimal_comma(b"item;code\nTea;A,B\n"));
    }

    #[test]
    fn delimiters_and_headers_are_guessed() {
        assert_eq!(dialect(b"a,b,c\n1,2,3\n"), (',', true));
        assert_eq!(dialect(b"a;b;c\n1;2,5;3\n4;5;6\n"), (';', true));
        assert_eq!(dialect(b"a\tb\n\"x, y\"\t2\n"), ('\t', true));
        assert_eq!(dialect(b"a|b\n1|2\n"), ('|', true));
        assert_eq!(dialect(b"just one column\nvalue\n"), (',', true));
        assert_eq!(dialect(b"1,2.5,-3\n4,5,6\n"), (',', false));
        // Ragged rows still reveal the delimiter the header uses.
        assert_eq!(dialect(b"id,name,amount\n1,a,2.5\n3,c,4,5\n"), (',', true));
    }

    #[test]
    fn ragged_rows_are_reported_with_line_and_column() {
        let csv = file(b"id,name,amount\n1,a,2.5\n2,b,3\n3,c,4,5\n");
        let problem = find_problem(csv.path(), b',').unwrap().unwrap();
        assert_eq!(problem, "Line 4, column 4: expected 3 columns like the header, found 4.");
        let short = file(b"id,name,amount\n1,a\n");
        assert_eq!(find_problem(short.path(), b',').unwrap().unwrap(), "Line 2, column 3: expected 3 columns like the header, found 2.");
    }

    #[test]
    fn bad_utf8_names_its_field_and_quoted_line_breaks_count_as_lines() {
        let csv = file(b"id,note,city\n1,\"two\nlines\",Oslo\n2,ok,S\xe3o Paulo\n");
        let problem = find_problem(csv.path(), b',').unwrap().unwrap();
        assert!(problem.starts_with("Line 4, column 3: the text is not valid UTF-8"), "{problem}");
    }

    #[test]
    fn sound_files_and_open_quotes() {
        let sound = file(b"a,b\r\n\"x, \"\"y\"\"\",2\r\n\r\n3,4\r\n");
        assert_eq!(find_problem(sound.path(), b',').unwrap(), None);
        let open = file(b"a,b\n1,\"never closed\n2,3\n");
        assert_eq!(find_problem(open.path(), b',').unwrap().unwrap(), "Line 2: a quoted value is never closed.");
    }
}
