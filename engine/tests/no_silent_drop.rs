//! The first rule of the question engine, as properties over the MUSIC sample: a condition it
//! cannot place, said anywhere in a question it answers, means no SQL; and every condition it
//! does place changes the SQL when it is taken out of the question.

mod sample_project;

use proptest::{prelude::*, test_runner::Config};
use quarry_engine::{
    question::{ChipKind, Understanding},
    sample_datasets::SampleDataset,
};
use sample_project::{ask, manifest, value_index};

/// Questions the engine answers on MUSIC, of every shape it knows.
const ANSWERED: &[&str] = &[
    "How many albums does Iron Maiden have?",
    "How many tracks are shorter than 3 minutes?",
    "How many tracks are between 4 and 5 minutes long?",
    "How many different customers have bought Jazz?",
    "Top 5 artists by number of tracks",
    "Which 3 billing countries bring in the most revenue?",
    "What's the longest track?",
    "Which customer has spent the most money with us?",
    "What's the average number of invoices per customer?",
    "How many artists don't have any albums?",
    "How many artists have more than 10 albums?",
    "List the artists with albums",
    "How many tracks does AC/DC have?",
    "Show me the customers from Brazil",
    "How many invoices came to more than $15?",
    "Number of customers in each country",
    "Show me revenue by month in 2024",
    "How many invoices were issued in March 2024?",
    "Average invoice total by billing country",
    "How many tracks are missing a composer?",
];

/// Conditions nothing in MUSIC can answer.
const UNPLACEABLE: &[&str] = &[
    "for left-handed customers",
    "shipped by drone",
    "streamed on Spotify",
    "with a premium subscription",
    "that went platinum",
    "bought on a rainy day",
    "by customers aged under 30",
    "in the loyalty programme",
];

#[test]
fn every_question_of_the_set_is_answered() {
    let manifest = manifest(SampleDataset::Music);
    let index = value_index(SampleDataset::Music, &manifest);
    for question in ANSWERED {
        assert!(matches!(ask(&manifest, &index, question), Understanding::Sql { .. }), "{question} is no longer answered");
    }
}

#[test]
fn a_condition_it_cannot_place_anywhere_in_the_question_means_no_sql() {
    let manifest = manifest(SampleDataset::Music);
    let index = value_index(SampleDataset::Music, &manifest);
    let mut runner = proptest::test_runner::TestRunner::new(Config { cases: 400, failure_persistence: None, ..Config::default() });
    let case = (0..ANSWERED.len(), 0..UNPLACEABLE.len(), 0usize..20);
    runner
        .run(&case, |(q, u, at)| {
            let words: Vec<&str> = ANSWERED[q].split(' ').collect();
            let at = at % (words.len() + 1);
            let question = [&words[..at], &[UNPLACEABLE[u]], &words[at..]].concat().join(" ");
            match ask(&manifest, &index, &question) {
                Understanding::Sql { sql, .. } => Err(TestCaseError::fail(format!("answered {question:?} with {sql}"))),
                // And, said apart from the question's own phrases, it names them.
                Understanding::NotUnderstood { .. } if at != 0 && at != words.len() => Ok(()),
                Understanding::NotUnderstood { understood, .. } => {
                    let said = understood.join(" ").to_lowercase();
                    let named = UNPLACEABLE[u].split(|c: char| !c.is_alphanumeric()).filter(|w| w.len() >= 5).any(|w| said.contains(&w.to_lowercase()));
                    prop_assert!(named, "{question:?}: {understood:?} does not name the unplaced words");
                    Ok(())
                }
            }
        })
        .unwrap();
}

#[test]
fn taking_out_a_placed_condition_changes_the_sql() {
    let manifest = manifest(SampleDataset::Music);
    let index = value_index(SampleDataset::Music, &manifest);
    let mut checked = 0;
    for question in ANSWERED {
        let Understanding::Sql { sql, reading, .. } = ask(&manifest, &index, question) else { panic!("{question} is answered") };
        for chip in
            reading.iter().filter(|c| matches!(c.kind, ChipKind::Filter | ChipKind::Comparison | ChipKind::TimeRange | ChipKind::Limit) && c.end > c.start)
        {
            let without = format!("{}{}", &question[..chip.start], &question[chip.end..]);
            if let Understanding::Sql { sql: other, .. } = ask(&manifest, &index, &without) {
                assert_ne!(sql, other, "{question:?} without {:?} ({without:?}) gives the same SQL", chip.label);
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} conditions checked");
}

#[test]
fn order_words_the_reading_does_not_rank_by_are_not_placed() {
    let manifest = manifest(SampleDataset::Music);
    let index = value_index(SampleDataset::Music, &manifest);
    // A count has nothing to rank: "first", "top", "most" would be dropped.
    for question in ["How many tracks are there first?", "How many genres top?", "Number of albums most"] {
        match ask(&manifest, &index, question) {
            Understanding::Sql { sql, .. } => panic!("answered {question:?} with {sql}"),
            Understanding::NotUnderstood { understood, .. } => {
                let said = understood.join(" ").to_lowercase();
                assert!(said.contains("could not"), "{question}: {said}");
            }
        }
    }
}
