//! The vocabulary as properties over the MUSIC sample: a taught term places a word that was
//! not placed before, and removing it restores the refusal; a term taught for a model the
//! question's other parts do not reach never puts a column of that model in the SQL.

mod sample_project;

use proptest::{prelude::*, test_runner::Config};
use quarry_engine::{
    question::{
        Understanding,
        vocabulary::{TaughtTerm, apply},
    },
    sample_datasets::SampleDataset,
};
use sample_project::{ask, manifest, value_index};

/// Made-up words no dictionary or model knows.
fn made_up() -> impl Strategy<Value = String> {
    "[bcdfgk][aeiou][bcdfgk][aeiou][bcdfgklmnprstvz]{2}".prop_filter("not a word the engine knows", |w| !["bodega", "fakir"].contains(&w.as_str()))
}

/// `(question with {} for the taught word, model, column)`: the word is taught as the column.
const TAUGHT: &[(&str, &str, &str)] =
    &[("How many tracks per {}?", "Genre", "Name"), ("Total {} by billing country", "Invoice", "Total"), ("Average {} of tracks", "Track", "Milliseconds")];

fn refused(u: &Understanding) -> bool {
    matches!(u, Understanding::NotUnderstood { .. })
}

proptest! {
    #![proptest_config(Config { cases: 24, ..Config::default() })]

    #[test]
    fn a_taught_term_places_its_word_and_removing_it_restores_the_refusal(word in made_up(), at in 0..TAUGHT.len()) {
        let (template, model, column) = TAUGHT[at];
        let question = template.replace("{}", &word);
        let base = manifest(SampleDataset::Music);
        let index = value_index(SampleDataset::Music, &base);
        prop_assert!(refused(&ask(&base, &index, &question)), "{question} answered before teaching");
        let mut taught = base.clone();
        apply(&mut taught, &[TaughtTerm { phrase: word.clone(), model: model.into(), column: Some(column.into()), removed: false }]);
        let Understanding::Sql { sql, .. } = ask(&taught, &index, &question) else {
            return Err(TestCaseError::fail(format!("{question} still refused after teaching {word} as {model}.{column}")));
        };
        prop_assert!(sql.contains(&format!("\"{column}\"")), "{question}: {sql}");
        // Taking the term away (the manifest as it was) refuses again.
        prop_assert!(refused(&ask(&base, &index, &question)));
    }

    #[test]
    fn a_term_taught_for_an_unreached_model_never_reaches_the_sql(word in made_up()) {
        // MUSIC's playlists relate to tracks only through a many-to-many link: a question about
        // employees does not reach them.
        let base = manifest(SampleDataset::Music);
        let index = value_index(SampleDataset::Music, &base);
        let mut taught = base.clone();
        apply(&mut taught, &[TaughtTerm { phrase: word.clone(), model: "Playlist".into(), column: Some("Name".into()), removed: false }]);
        let question = format!("How many employees by {word}?");
        if let Understanding::Sql { sql, .. } = ask(&taught, &index, &question) {
            prop_assert!(!sql.contains("Playlist"), "{question}: {sql}");
        }
    }
}

#[test]
fn a_removed_derived_term_no_longer_places_its_word() {
    use quarry_engine::{
        compile::Dialect,
        mdl::{Column, Manifest, Model, ModelSource, Properties},
        question::understand,
    };
    let trips = Model {
        name: "trips".into(),
        source: ModelSource::Table { catalog: None, schema: None, table: "trips".into() },
        columns: vec![Column::source("trip_id", "BIGINT"), Column::source("dest", "VARCHAR"), Column::source("dist", "DOUBLE")],
        primary_key: Some("trip_id".into()),
        properties: Properties::default(),
    };
    let base = Manifest { models: vec![trips], ..Manifest::default() };
    let today = chrono::NaiveDate::from_ymd_opt(2025, 6, 15).unwrap();
    let question = "Average distance per destination";
    let Understanding::Sql { sql, .. } = understand(&base, Dialect::DuckDb, question, &[], today) else { panic!("{question} refused") };
    assert!(sql.contains("\"dest\"") && sql.contains("AVG(\"trips\".\"dist\")"), "{sql}");
    let mut removed = base.clone();
    apply(&mut removed, &[TaughtTerm { phrase: "destination".into(), model: "trips".into(), column: Some("dest".into()), removed: true }]);
    let after = understand(&removed, Dialect::DuckDb, question, &[], today);
    assert!(refused(&after), "{after:?}");
}
