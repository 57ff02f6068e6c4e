//! Deterministic data for the generated samples: a seeded ChaCha generator (the same stream
//! on every platform and version of this crate), name lists, and CSV text building.

use chrono::{Duration, NaiveDate};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt::{Display, Write};

pub struct Gen(ChaCha8Rng);

impl Gen {
    pub fn new(seed: u64) -> Self {
        Self(ChaCha8Rng::seed_from_u64(seed))
    }

    /// In `low..=high`.
    pub fn int(&mut self, low: i64, high: i64) -> i64 {
        self.0.gen_range(low..=high)
    }

    pub fn chance(&mut self, probability: f64) -> bool {
        self.0.gen_bool(probability.clamp(0.0, 1.0))
    }

    pub fn float(&mut self, low: f64, high: f64) -> f64 {
        self.0.gen_range(low..high)
    }

    /// Roughly normal (sum of uniforms), clamped.
    pub fn around(&mut self, mean: f64, spread: f64, low: f64, high: f64) -> f64 {
        let sum: f64 = (0..4).map(|_| self.0.gen_range(-1.0..1.0)).sum();
        (mean + sum / 2.0 * spread).clamp(low, high)
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.0.gen_range(0..items.len())]
    }

    /// Picks by weight.
    pub fn weighted<'a, T>(&mut self, items: &'a [(T, u32)]) -> &'a T {
        let total: u32 = items.iter().map(|(_, w)| w).sum();
        let mut at = self.0.gen_range(0..total);
        for (item, weight) in items {
            if at < *weight {
                return item;
            }
            at -= weight;
        }
        &items[items.len() - 1].0
    }

    pub fn date(&mut self, from: NaiveDate, to: NaiveDate) -> NaiveDate {
        from + Duration::days(self.int(0, (to - from).num_days()))
    }
}

pub fn ymd(year: i32, month: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(year, month, day).expect("a valid date")
}

/// Two decimals, as money is written.
pub fn money(value: f64) -> String {
    format!("{value:.2}")
}

/// CSV text of one table: a header, then rows of displayable values (quoted when needed;
/// `None` is NULL).
pub struct Csv(String);

impl Csv {
    pub fn new(header: &[&str]) -> Self {
        Self(format!("{}\n", header.join(",")))
    }

    pub fn row(&mut self, values: &[&dyn Display]) {
        for (i, value) in values.iter().enumerate() {
            if i > 0 {
                self.0.push(',');
            }
            let text = value.to_string();
            if text.contains([',', '"', '\n']) {
                let _ = write!(self.0, "\"{}\"", text.replace('"', "\"\""));
            } else {
                self.0.push_str(&text);
            }
        }
        self.0.push('\n');
    }

    pub fn finish(self) -> String {
        self.0
    }
}

/// A value that may be NULL in the CSV (written as an empty field).
pub struct Opt<T>(pub Option<T>);

impl<T: Display> Display for Opt<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Some(value) => value.fmt(f),
            None => Ok(()),
        }
    }
}

pub const FEMALE_FIRST_NAMES: &[&str] = &[
    "Mary",
    "Patricia",
    "Jennifer",
    "Linda",
    "Elizabeth",
    "Barbara",
    "Susan",
    "Jessica",
    "Sarah",
    "Maria",
    "Mei",
    "Priya",
    "Yuki",
    "Fatima",
    "Sofia",
    "Camila",
    "Olivia",
    "Emma",
    "Ava",
    "Isabella",
    "Mia",
    "Amara",
    "Ingrid",
    "Chloe",
    "Grace",
    "Zoe",
];

pub const MALE_FIRST_NAMES: &[&str] = &[
    "James", "Robert", "John", "Michael", "David", "William", "Richard", "Joseph", "Thomas", "Carlos", "Wei", "Arjun", "Hiroshi", "Ahmed", "Lukas", "Mateo",
    "Noah", "Liam", "Ethan", "Lucas", "Kwame", "Lars", "Daniel", "Samuel",
];

/// Names that go with any gender (used for customers, where none is recorded).
pub const FIRST_NAMES: &[&str] = &[
    "James",
    "Mary",
    "Robert",
    "Patricia",
    "John",
    "Jennifer",
    "Michael",
    "Linda",
    "David",
    "Elizabeth",
    "William",
    "Barbara",
    "Richard",
    "Susan",
    "Joseph",
    "Jessica",
    "Thomas",
    "Sarah",
    "Carlos",
    "Maria",
    "Wei",
    "Mei",
    "Arjun",
    "Priya",
    "Hiroshi",
    "Yuki",
    "Ahmed",
    "Fatima",
    "Lukas",
    "Sofia",
    "Mateo",
    "Camila",
    "Olivia",
    "Noah",
    "Emma",
    "Liam",
    "Ava",
    "Ethan",
    "Isabella",
    "Lucas",
    "Mia",
    "Amara",
    "Kwame",
    "Ingrid",
    "Lars",
    "Chloe",
    "Daniel",
    "Grace",
    "Samuel",
    "Zoe",
];

pub const LAST_NAMES: &[&str] = &[
    "Smith",
    "Johnson",
    "Williams",
    "Brown",
    "Jones",
    "Garcia",
    "Miller",
    "Davis",
    "Rodriguez",
    "Martinez",
    "Hernandez",
    "Lopez",
    "Gonzalez",
    "Wilson",
    "Anderson",
    "Thomas",
    "Taylor",
    "Moore",
    "Jackson",
    "Martin",
    "Lee",
    "Perez",
    "Thompson",
    "White",
    "Harris",
    "Sanchez",
    "Clark",
    "Ramirez",
    "Lewis",
    "Robinson",
    "Walker",
    "Young",
    "Allen",
    "King",
    "Wright",
    "Scott",
    "Nguyen",
    "Chen",
    "Patel",
    "Kim",
    "Tanaka",
    "Müller",
    "Schmidt",
    "Rossi",
    "Silva",
    "Okafor",
    "Larsen",
    "Novak",
    "Dubois",
    "Kowalski",
];
