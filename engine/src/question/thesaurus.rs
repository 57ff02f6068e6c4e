//! Synonyms from WordNet, the lexical database of English (Debian's `wordnet-base`), read
//! where it is installed: `QUARRY_WORDNET_DIR`, else `/usr/share/wordnet`.
//!
//! The index files are kept in memory (about 6 MB) and searched by halves; a synset is read
//! from its data file at the offset the index gives, so the 21 MB of data stay on disk.
//! Without the files there are no synonyms: the reading refuses what it cannot place, as
//! before, and the server says so once at start (see [`Thesaurus::shared`]).

use std::{
    collections::HashMap,
    fs::File,
    os::unix::fs::FileExt,
    path::{Path, PathBuf},
    sync::OnceLock,
};

/// The parts of speech a question's word is looked up as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pos {
    Noun,
    Verb,
    Adjective,
}

impl Pos {
    const ALL: [Pos; 3] = [Pos::Noun, Pos::Verb, Pos::Adjective];

    fn file(self) -> &'static str {
        match self {
            Pos::Noun => "noun",
            Pos::Verb => "verb",
            Pos::Adjective => "adj",
        }
    }

    /// WordNet's own rules for the base form of an inflected word ("morphy").
    fn endings(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Pos::Noun => &[("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"), ("ies", "y")],
            Pos::Verb => &[("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")],
            Pos::Adjective => &[("er", ""), ("est", ""), ("er", "e"), ("est", "e")],
        }
    }
}

/// How many of a word's senses, most frequent first, its synonyms are taken from: the rare
/// senses of common words ("pay" as to pay out a rope) are where wrong placements come from.
const SENSES: usize = 3;

/// One part of speech: its index lines, sorted by word, and its data file.
struct Part {
    pos: Pos,
    index: String,
    /// Byte offsets of the index's lines of words (the licence lines at the top left out).
    lines: Vec<u32>,
    data: File,
    exceptions: HashMap<String, Vec<String>>,
}

impl Part {
    fn open(dir: &Path, pos: Pos) -> std::io::Result<Self> {
        let index = std::fs::read_to_string(dir.join(format!("index.{}", pos.file())))?;
        let mut lines = Vec::new();
        let mut at = 0usize;
        for line in index.split_inclusive('\n') {
            if !line.starts_with(' ') {
                lines.push(u32::try_from(at).map_err(std::io::Error::other)?);
            }
            at += line.len();
        }
        let data = File::open(dir.join(format!("data.{}", pos.file())))?;
        let exceptions = std::fs::read_to_string(dir.join(format!("{}.exc", pos.file())))?
            .lines()
            .filter_map(|l| {
                let mut words = l.split(' ');
                let inflected = words.next()?.to_owned();
                Some((inflected, words.filter(|w| !w.is_empty()).map(str::to_owned).collect()))
            })
            .collect();
        Ok(Self { pos, index, lines, data, exceptions })
    }

    fn line(&self, i: usize) -> &str {
        let start = self.lines[i] as usize;
        let rest = &self.index[start..];
        &rest[..rest.find('\n').unwrap_or(rest.len())]
    }

    /// The synset offsets of `lemma`, most frequent sense first.
    fn senses(&self, lemma: &str) -> Vec<u64> {
        let found = self.lines.binary_search_by(|&start| {
            let line = &self.index[start as usize..];
            line[..line.find(' ').unwrap_or(line.len())].cmp(lemma)
        });
        let Ok(i) = found else { return Vec::new() };
        // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…
        let fields: Vec<&str> = self.line(i).split_whitespace().collect();
        let Some(pointers) = fields.get(3).and_then(|p| p.parse::<usize>().ok()) else { return Vec::new() };
        fields.iter().skip(4 + pointers + 2).filter_map(|f| f.parse().ok()).collect()
    }

    /// The words of the synset at `offset`, and the synsets its derivation pointers ("+")
    /// lead to, with their part of speech. (Following hypernyms too, "singer" → "musician",
    /// placed nothing more on Spider's or the held-out sets' questions: left out.)
    fn synset(&self, offset: u64) -> (Vec<String>, Vec<(Pos, u64)>) {
        let mut buffer = vec![0u8; 4096];
        let mut text = Vec::new();
        // A synset is one line; its words and pointers come before the gloss, well within
        // the first 64 KB.
        while text.len() < 1 << 16 {
            let Ok(n) = self.data.read_at(&mut buffer, offset + text.len() as u64) else { break };
            if n == 0 {
                break;
            }
            let chunk = &buffer[..n];
            match chunk.iter().position(|&b| b == b'\n' || b == b'|') {
                Some(end) => {
                    text.extend_from_slice(&chunk[..end]);
                    break;
                }
                None => text.extend_from_slice(chunk),
            }
        }
        let text = String::from_utf8_lossy(&text);
        // synset_offset lex_filenum ss_type w_cnt word lex_id [word lex_id…] p_cnt [ptr…]
        let fields: Vec<&str> = text.split_whitespace().collect();
        let Some(count) = fields.get(3).and_then(|c| usize::from_str_radix(c, 16).ok()) else { return (Vec::new(), Vec::new()) };
        let words = (0..count).filter_map(|i| fields.get(4 + 2 * i)).map(|w| lemma_words(w)).collect();
        let at = 4 + 2 * count;
        let pointers = fields.get(at).and_then(|p| p.parse::<usize>().ok()).unwrap_or(0);
        let derived = (0..pointers)
            .filter_map(|i| {
                let p = fields.get(at + 1 + 4 * i..at + 5 + 4 * i)?;
                let pos = match p[2] {
                    "n" => Pos::Noun,
                    "v" => Pos::Verb,
                    "a" | "s" => Pos::Adjective,
                    _ => return None,
                };
                (p[0] == "+").then_some(())?;
                Some((pos, p[1].parse().ok()?))
            })
            .collect();
        (words, derived)
    }

    /// The base forms of `word` this part of speech knows: the word itself, its listed
    /// irregular forms ("paid" → "pay"), and what WordNet's ending rules make of it.
    fn bases(&self, word: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut push = |w: String| {
            if !out.contains(&w) && !self.senses(&w).is_empty() {
                out.push(w);
            }
        };
        push(word.to_owned());
        for base in self.exceptions.get(word).into_iter().flatten() {
            push(base.clone());
        }
        for (end, with) in self.pos.endings() {
            if let Some(stem) = word.strip_suffix(end)
                && !stem.is_empty()
            {
                push(format!("{stem}{with}"));
            }
        }
        out
    }
}

/// WordNet's words in a lemma, as a question says them: "time_of_year" → "time of year".
fn lemma_words(lemma: &str) -> String {
    // Adjectives may carry a marker of where they stand: "big(a)".
    let lemma = lemma.split('(').next().unwrap_or(lemma);
    lemma.replace('_', " ").to_lowercase()
}

/// The three parts of speech of WordNet, opened.
pub struct Thesaurus {
    parts: Vec<Part>,
}

static SHARED: OnceLock<Option<Thesaurus>> = OnceLock::new();

impl Thesaurus {
    /// Opens WordNet in `dir`.
    pub fn open(dir: &Path) -> std::io::Result<Self> {
        let parts = Pos::ALL.iter().map(|&pos| Part::open(dir, pos)).collect::<std::io::Result<Vec<_>>>()?;
        Ok(Self { parts })
    }

    /// Where WordNet is looked for.
    pub fn default_dir() -> PathBuf {
        std::env::var_os("QUARRY_WORDNET_DIR").map_or_else(|| PathBuf::from("/usr/share/wordnet"), PathBuf::from)
    }

    /// The process's thesaurus, opened at first use; `None` when WordNet is not installed.
    pub fn shared() -> Option<&'static Thesaurus> {
        SHARED
            .get_or_init(|| {
                let dir = Self::default_dir();
                match Self::open(&dir) {
                    Ok(t) => Some(t),
                    Err(e) => {
                        tracing::warn!(dir = %dir.display(), error = %e, "WordNet not found: questions are read without synonyms");
                        None
                    }
                }
            })
            .as_ref()
    }

    fn part(&self, pos: Pos) -> &Part {
        self.parts.iter().find(|p| p.pos == pos).expect("every part of speech is opened")
    }

    /// Whether `word` (lower case) is an English word WordNet knows, in any of its forms.
    pub fn is_word(&self, word: &str) -> bool {
        self.parts.iter().any(|part| !part.bases(word).is_empty())
    }

    /// The verbs `word` (lower case) is a form of: "built" → "build", "inspected" → "inspect".
    pub fn verb_bases(&self, word: &str) -> Vec<String> {
        self.part(Pos::Verb).bases(word)
    }

    /// Whether `word` (lower case) is, as written, a word WordNet lists (not only one of its
    /// forms: "raw" is, "raws" is not).
    pub fn is_lemma(&self, word: &str) -> bool {
        self.parts.iter().any(|part| !part.senses(word).is_empty())
    }

    /// What `word` (lower case) may mean: the words sharing a synset with it in its most
    /// frequent senses as a noun, verb or adjective, and the nouns of those senses'
    /// derivations ("paid" → "pay" → "wage", "earnings"; "delivered" → "delivery"). The word's
    /// own base forms are included; multi-word lemmas are kept whole ("time of year").
    pub fn meanings(&self, word: &str) -> Vec<String> {
        self.meanings_in(word, &Pos::ALL)
    }

    /// What `word` may mean as a noun only: where the question's grammar says it is one ("how
    /// many pilots" is no verb "pilot", whose derivation is a flight).
    pub fn noun_meanings(&self, word: &str) -> Vec<String> {
        self.meanings_in(word, &[Pos::Noun])
    }

    fn meanings_in(&self, word: &str, parts: &[Pos]) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut add = |w: String| {
            if !out.contains(&w) {
                out.push(w);
            }
        };
        for part in self.parts.iter().filter(|p| parts.contains(&p.pos)) {
            for base in part.bases(word) {
                add(base.clone());
                for offset in part.senses(&base).into_iter().take(SENSES) {
                    let (words, derived) = part.synset(offset);
                    words.into_iter().for_each(&mut add);
                    // A verb's or adjective's noun ("pay" → "payment"), never a noun's verb:
                    // columns are named by nouns.
                    if part.pos != Pos::Noun {
                        for (to, at) in derived.into_iter().filter(|(to, _)| *to == Pos::Noun) {
                            self.part(to).synset(at).0.into_iter().for_each(&mut add);
                        }
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wordnet() -> Thesaurus {
        let dir = Thesaurus::default_dir();
        Thesaurus::open(&dir).unwrap_or_else(|e| panic!("WordNet in {} (Debian's wordnet-base; scripts/deps.sh installs it): {e}", dir.display()))
    }

    #[test]
    fn synonyms_come_from_the_most_frequent_senses() {
        let t = wordnet();
        let consignments = t.meanings("consignments");
        assert!(consignments.contains(&"shipment".to_owned()), "{consignments:?}");
        let nations = t.meanings("nations");
        assert!(nations.contains(&"country".to_owned()), "{nations:?}");
        // A word WordNet does not know means nothing more than itself.
        assert!(t.meanings("zzqx").is_empty());
    }

    #[test]
    fn irregular_forms_and_derivations_reach_the_nouns_columns_are_named_by() {
        let t = wordnet();
        let paid = t.meanings("paid");
        assert!(paid.contains(&"pay".to_owned()) && paid.contains(&"wage".to_owned()), "{paid:?}");
        let delivered = t.meanings("delivered");
        assert!(delivered.contains(&"delivery".to_owned()), "{delivered:?}");
    }

    #[test]
    fn a_word_read_as_a_noun_has_no_verb_derivations() {
        let t = wordnet();
        // "pilots" as a verb is to fly, whose noun is a flight; the pilots asked about are people.
        assert!(t.meanings("pilots").contains(&"flight".to_owned()));
        let pilots = t.noun_meanings("pilots");
        assert!(pilots.contains(&"pilot".to_owned()) && !pilots.contains(&"flight".to_owned()), "{pilots:?}");
    }
}
