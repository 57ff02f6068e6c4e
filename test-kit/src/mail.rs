//! Mail as the SMTP sink (or a test's own SMTP server) receives it: quoted-printable.

/// Undoes quoted-printable soft line breaks and `=XX` escapes so links can be found.
pub fn decode_quoted_printable(text: &str) -> String {
    let joined = text.replace("=\r\n", "").replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'='
            && i + 2 < bytes.len()
            && let Ok(v) = u8::from_str_radix(std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("zz"), 16)
        {
            out.push(v);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The value of `name=` in the first link of `body` that contains `path`.
pub fn link_param(body: &str, path: &str, name: &str) -> String {
    let start = body.find(path).unwrap_or_else(|| panic!("no {path} link in mail:\n{body}"));
    let rest = &body[start..];
    let key = format!("{name}=");
    let at = rest.find(&key).unwrap() + key.len();
    rest[at..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect()
}
