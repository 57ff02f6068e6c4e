//! Files that are not UTF-8. Spreadsheets on Windows still save CSV as Windows-1252 (which
//! reads Latin-1 text the same in its printable range), and some tools write UTF-16 with a
//! byte order mark. DuckDB reads UTF-8 only, so such a file is transcoded to a UTF-8 copy
//! first. A file mixing valid UTF-8 letters with bytes that are not is left as it is: read
//! as Windows-1252, its UTF-8 letters would turn into pairs of wrong ones, so the import
//! refuses it and names the line at fault instead.

use std::{
    fs::File,
    io::{self, BufWriter, Read, Write},
    path::Path,
};

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, WINDOWS_1252};

const CHUNK: usize = 1 << 20;

/// How a file's bytes are text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextEncoding {
    /// UTF-8 (or plain ASCII): read as it is.
    Utf8,
    /// UTF-16 with a byte order mark.
    Utf16 { big_endian: bool },
    /// Bytes above 127 that are not UTF-8, and no UTF-8 letters beside them.
    Windows1252,
    /// UTF-8 letters and bytes that are not UTF-8 in one file: not transcoded.
    Mixed,
}

impl TextEncoding {
    fn encoding(self) -> Option<&'static Encoding> {
        match self {
            Self::Utf16 { big_endian: false } => Some(UTF_16LE),
            Self::Utf16 { big_endian: true } => Some(UTF_16BE),
            Self::Windows1252 => Some(WINDOWS_1252),
            Self::Utf8 | Self::Mixed => None,
        }
    }

    /// What the import says about a file it transcoded.
    pub fn note(self) -> Option<&'static str> {
        match self {
            Self::Windows1252 => Some("The file is not UTF-8: it was read as Windows-1252 (Latin-1) text."),
            Self::Utf16 { .. } => Some("The file was read as UTF-16 text."),
            Self::Utf8 | Self::Mixed => None,
        }
    }
}

/// Reads the whole file once to tell its encoding.
pub fn detect(path: &Path) -> io::Result<TextEncoding> {
    let mut file = File::open(path)?;
    let mut buffer = vec![0u8; CHUNK];
    let mut carried = 0;
    let mut first = true;
    let (mut multibyte, mut invalid) = (false, false);
    loop {
        let read = file.read(&mut buffer[carried..])?;
        let filled = carried + read;
        if first {
            first = false;
            match buffer[..filled.min(2)] {
                [0xFF, 0xFE] => return Ok(TextEncoding::Utf16 { big_endian: false }),
                [0xFE, 0xFF] => return Ok(TextEncoding::Utf16 { big_endian: true }),
                _ => {}
            }
        }
        let cut = if read == 0 { filled } else { whole_characters(&buffer[..filled]) };
        for chunk in buffer[..cut].utf8_chunks() {
            multibyte |= !chunk.valid().is_ascii();
            invalid |= !chunk.invalid().is_empty();
        }
        if multibyte && invalid {
            return Ok(TextEncoding::Mixed);
        }
        if read == 0 {
            break;
        }
        buffer.copy_within(cut..filled, 0);
        carried = filled - cut;
    }
    Ok(if invalid { TextEncoding::Windows1252 } else { TextEncoding::Utf8 })
}

/// How many of `bytes` end on a whole character: an unfinished UTF-8 sequence at the end
/// (at most 3 bytes) waits for the next chunk.
fn whole_characters(bytes: &[u8]) -> usize {
    let end = bytes.len();
    for start in (end.saturating_sub(3)..end).rev() {
        let needed = match bytes[start] {
            0x80..=0xBF => continue,
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => 1,
        };
        return if end - start < needed { start } else { end };
    }
    end
}

/// Writes `from` as UTF-8 (without a byte order mark) to `to`. `false` when the encoding
/// needs no copy.
pub fn transcode(from: &Path, to: &Path, encoding: TextEncoding) -> io::Result<bool> {
    let Some(encoding) = encoding.encoding() else { return Ok(false) };
    let mut decoder = encoding.new_decoder_with_bom_removal();
    let mut input = File::open(from)?;
    let mut output = BufWriter::new(File::create(to)?);
    let mut bytes = vec![0u8; CHUNK];
    let mut text = String::with_capacity(decoder.max_utf8_buffer_length(CHUNK).unwrap_or(CHUNK * 3));
    loop {
        let read = input.read(&mut bytes)?;
        let last = read == 0;
        let mut pending = &bytes[..read];
        loop {
            text.clear();
            let (result, consumed, _) = decoder.decode_to_string(pending, &mut text, last);
            output.write_all(text.as_bytes())?;
            pending = &pending[consumed..];
            if result == encoding_rs::CoderResult::InputEmpty {
                break;
            }
        }
        if last {
            break;
        }
    }
    output.flush()?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(content: &[u8]) -> tempfile::NamedTempFile {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(content).unwrap();
        file
    }

    #[test]
    fn encodings_are_told_apart() {
        assert_eq!(detect(file(b"a,b\n1,2\n").path()).unwrap(), TextEncoding::Utf8);
        assert_eq!(detect(file("name\nSão Paulo\n".as_bytes()).path()).unwrap(), TextEncoding::Utf8);
        assert_eq!(detect(file(b"name\nS\xe3o Paulo\nZ\xfcrich\n").path()).unwrap(), TextEncoding::Windows1252);
        assert_eq!(detect(file(b"\xff\xfea\x00\n\x00").path()).unwrap(), TextEncoding::Utf16 { big_endian: false });
        assert_eq!(detect(file(b"name\nS\xc3\xa3o Paulo\nZ\xfcrich\n").path()).unwrap(), TextEncoding::Mixed);
    }

    #[test]
    fn characters_split_across_chunks_are_still_utf8() {
        let mut content = "x".repeat(CHUNK - 1).into_bytes();
        content.extend_from_slice("é,ü\n".as_bytes());
        assert_eq!(detect(file(&content).path()).unwrap(), TextEncoding::Utf8);
    }

    #[test]
    fn windows_1252_becomes_utf8() {
        let source = file(b"name;price\nS\xe3o Paulo;3,50\n\x80 sign;1\n");
        let target = tempfile::NamedTempFile::new().unwrap();
        assert!(transcode(source.path(), target.path(), TextEncoding::Windows1252).unwrap());
        assert_eq!(std::fs::read_to_string(target.path()).unwrap(), "name;price\nSão Paulo;3,50\n€ sign;1\n");
        assert!(!transcode(source.path(), target.path(), TextEncoding::Utf8).unwrap());
    }
}
