//! The two ways a thing can be referred to twice (an origin and a destination airport, a
//! sender and a recipient account), and the words that say which.

/// Which of two references a word or a column's name says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Way {
    From,
    To,
}

/// Words said before a value or a name that give its way: "from Newark", "out of JFK", "to
/// Atlanta", "arriving in Aberdeen".
pub fn said_way(words: &[&str]) -> Option<Way> {
    match words {
        [.., "out", "of"] | [.., "from"] | [.., "leaving"] | [.., "departing"] => Some(Way::From),
        [.., "to"] | [.., "into"] | [.., "toward"] | [.., "towards"] | [.., "arriving", "at" | "in"] | [.., "landing", "at" | "in"] => Some(Way::To),
        _ => None,
    }
}

/// Verbs and adjectives that give a way on their own: "departing flights", "flights landing at
/// APG", "shipments headed to Le Havre". (Not "left", which is also a side and what remains.)
pub fn way_word(word: &str) -> Option<Way> {
    const FROM: &[&str] = &["depart", "departs", "departed", "departing", "departure", "departures", "leave", "leaves", "leaving", "outbound"];
    const TO: &[&str] =
        &["arrive", "arrives", "arrived", "arriving", "arrival", "arrivals", "land", "lands", "landed", "landing", "headed", "bound", "inbound"];
    if FROM.contains(&word) {
        Some(Way::From)
    } else if TO.contains(&word) {
        Some(Way::To)
    } else {
        None
    }
}

/// The way a reference column's name says (`origin`, `dest`, `from_account`, `arrival_port`),
/// from the stems of its name.
pub fn column_way(stems: &[String]) -> Option<Way> {
    const FROM: &[&str] = &["origin", "source", "from", "departure", "sender", "pickup", "start"];
    const TO: &[&str] = &["destination", "dest", "to", "arrival", "target", "receiver", "recipient", "dropoff", "end"];
    let from = stems.iter().any(|w| FROM.contains(&w.as_str()));
    let to = stems.iter().any(|w| TO.contains(&w.as_str()));
    match (from, to) {
        (true, false) => Some(Way::From),
        (false, true) => Some(Way::To),
        _ => None,
    }
}

/// Small words between a way's preposition and what it applies to ("from each airport").
pub const BEFORE_WAY_TARGET: &[&str] = &["the", "each", "every", "a", "an", "all"];
