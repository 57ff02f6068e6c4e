//! A question as words with their places in the text, and the numbers it says with their
//! units ("$15", "150k", "80,000", "20%", "3 minutes", "7 feet").

use super::words::stem;

/// One word of the question: lower-case, its stem, and where it stands in the text (byte
/// offsets), so a part of the reading can name the words it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    pub word: String,
    pub stem: String,
    pub start: usize,
    pub end: usize,
    /// A number the word says (with "k"/"m" multipliers and thousands separators folded in).
    pub number: Option<f64>,
    /// Said with a currency sign ("$15").
    pub money: bool,
    /// Said with a percent sign ("20%").
    pub percent: bool,
}

/// The question's words. "80,000" and "1.99" are one word each; "2023-24" stays two words
/// (the value index knows seasons as "2023 24"); an apostrophe joins ("chef's", "don't").
pub fn tokenize(question: &str) -> Vec<Token> {
    let chars: Vec<(usize, char)> = question.char_indices().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (start, c) = chars[i];
        if !c.is_alphanumeric() {
            i += 1;
            continue;
        }
        let mut j = i;
        let numeric = c.is_ascii_digit();
        while j < chars.len() {
            let ch = chars[j].1;
            let next_digit = chars.get(j + 1).is_some_and(|(_, n)| n.is_ascii_digit());
            let next_alpha = chars.get(j + 1).is_some_and(|(_, n)| n.is_alphabetic());
            if ch.is_alphanumeric() || (numeric && (ch == ',' || ch == '.') && next_digit) || (!numeric && (ch == '\'' || ch == '’') && next_alpha) {
                j += 1;
            } else {
                break;
            }
        }
        // "A+", "B-": a letter grade keeps its sign (without it, "rated A+" would read as the
        // article "a" and the grade would be lost without a word).
        let signed = j == i + 1
            && c.is_alphabetic()
            && chars.get(j).is_some_and(|(_, s)| *s == '+' || *s == '-')
            && chars.get(j + 1).is_none_or(|(_, n)| !n.is_alphanumeric());
        if signed {
            j += 1;
        }
        let end = chars.get(j).map_or(question.len(), |(at, _)| *at);
        let raw = &question[start..end];
        let word = raw.to_lowercase().replace('’', "'");
        let before = question[..start].trim_end();
        let money = before.ends_with('$') || before.ends_with('€') || before.ends_with('£');
        let percent = question[end..].starts_with('%');
        let number = if numeric { number_of(&word) } else { spelt_number(&word) };
        let plain: String = word.chars().filter(|c| c.is_alphanumeric()).collect();
        let stem = if signed { word.clone() } else { stem(&plain) };
        tokens.push(Token { stem, word, start, end, number, money, percent });
        i = j;
    }
    fold_scale_words(tokens)
}

/// "$20 million", "3 thousand": the scale word multiplies the number before it and becomes
/// part of its word, so "20 million" is one number of 20,000,000.
fn fold_scale_words(tokens: Vec<Token>) -> Vec<Token> {
    let mut folded: Vec<Token> = Vec::with_capacity(tokens.len());
    for token in tokens {
        let scale = match token.word.as_str() {
            "thousand" => Some(1e3),
            "million" | "millions" | "mn" => Some(1e6),
            "billion" | "billions" | "bn" => Some(1e9),
            _ => None,
        };
        if let (Some(scale), Some(last)) = (scale, folded.last_mut())
            && let Some(n) = last.number
            && !last.percent
        {
            last.number = Some(n * scale);
            last.end = token.end;
            continue;
        }
        folded.push(token);
    }
    folded
}

/// "Four engines", "the top three": a number spelt out, two to twenty ("one" is mostly a
/// pronoun: "which one", "the one with…").
fn spelt_number(word: &str) -> Option<f64> {
    const SPELT: [&str; 19] = [
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    SPELT.iter().position(|w| *w == word).map(|n| n as f64 + 2.0)
}

/// "80,000" → 80000, "150k" → 150000, "1.5m" → 1500000, "1.99" → 1.99; not "3rd" or "2b".
fn number_of(word: &str) -> Option<f64> {
    let (digits, times) = match word.strip_suffix('k') {
        Some(d) => (d, 1_000.0),
        None => match word.strip_suffix('m') {
            Some(d) => (d, 1_000_000.0),
            None => (word, 1.0),
        },
    };
    digits.replace(',', "").parse::<f64>().ok().map(|n| n * times)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_spelt_out_are_numbers_and_one_stays_a_word() {
        let t = tokenize("Which one of the top three has four or twenty engines");
        let numbers: Vec<(&str, Option<f64>)> = t.iter().map(|t| (t.word.as_str(), t.number)).filter(|(_, n)| n.is_some()).collect();
        assert_eq!(numbers, [("three", Some(3.0)), ("four", Some(4.0)), ("twenty", Some(20.0))]);
    }

    #[test]
    fn words_keep_their_place_and_numbers_their_units() {
        let t = tokenize("Orders over $1,500 and 150k, 20% off: Chef's Knife (2023-24)");
        let words: Vec<&str> = t.iter().map(|t| t.word.as_str()).collect();
        assert_eq!(words, ["orders", "over", "1,500", "and", "150k", "20", "off", "chef's", "knife", "2023", "24"]);
        assert_eq!(t[2].number, Some(1500.0));
        assert!(t[2].money && !t[4].money);
        assert_eq!(t[4].number, Some(150_000.0));
        assert!(t[5].percent);
        assert_eq!(&"Orders over $1,500"[t[2].start..t[2].end], "1,500");
        assert_eq!(t[0].stem, "order");
    }

    #[test]
    fn a_letter_grade_keeps_its_sign() {
        let words: Vec<String> = tokenize("Which pollsters are rated A+ or B-?").into_iter().map(|t| t.word).collect();
        assert_eq!(words, ["which", "pollsters", "are", "rated", "a+", "or", "b-"]);
        let words: Vec<String> = tokenize("a well-known x-ray").into_iter().map(|t| t.word).collect();
        assert_eq!(words, ["a", "well", "known", "x", "ray"]);
    }

    #[test]
    fn a_scale_word_multiplies_the_number_before_it() {
        let question = "players who earned more than $20 million, 1.5 billion or 3 thousand";
        let t = tokenize(question);
        let numbers: Vec<Option<f64>> = t.iter().filter(|t| t.number.is_some()).map(|t| t.number).collect();
        assert_eq!(numbers, [Some(20e6), Some(1.5e9), Some(3e3)]);
        let twenty = t.iter().find(|t| t.number == Some(20e6)).unwrap();
        assert_eq!(&question[twenty.start..twenty.end], "20 million");
        assert!(twenty.money);
        assert!(!t.iter().any(|t| t.word == "million" || t.word == "thousand"));
    }
}
