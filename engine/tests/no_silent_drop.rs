//! The first rule of the question engine, as properties over the MUSIC sample: a condition it
//! cannot place, said anywhere in a question it answers, means no SQL; and every condition it
//! does place changes the SQL when it is taken out of the question.

use duckdb::Connection;
use proptest::{prelude::*, test_runner::Config};
use quarry_engine::{
    compile::Dialect,
    mdl::{Column, JoinType, Manifest, Model, ModelSource, Properties, Relationship},
    question::{ChipKind, Understanding, ValueMatch, understand, value_key, value_phrases},
    sample_datasets::{SampleDataset, SampleRelationKind},
};

/// The sample's models as a project starting from it has them: a model per table, a
/// relationship per foreign key, a relationship column on both ends.
fn manifest(dataset: SampleDataset) -> Manifest {
    let mut models: Vec<Model> = dataset
        .tables()
        .iter()
        .map(|t| Model {
            name: t.name.into(),
            source: ModelSource::Table { catalog: None, schema: None, table: t.name.into() },
            columns: t
                .columns
                .iter()
                .map(|c| Column {
                    not_null: c.sql_type.contains("NOT NULL"),
                    properties: Properties { display_name: None, description: Some(c.description.into()) },
                    ..Column::source(c.name, c.sql_type.trim_end_matches(" NOT NULL"))
                })
                .collect(),
            primary_key: (t.primary_key.len() == 1).then(|| t.primary_key[0].to_owned()),
            properties: Properties { display_name: None, description: Some(t.description.into()) },
        })
        .collect();
    let mut relationships = Vec::new();
    for r in dataset.relationships() {
        let name = format!("{}_{}_{}_{}", r.from_table, r.from_column, r.to_table, r.to_column);
        relationships.push(Relationship {
            name: name.clone(),
            models: [r.from_table.into(), r.to_table.into()],
            join_type: match r.kind {
                SampleRelationKind::ManyToOne => JoinType::ManyToOne,
                SampleRelationKind::OneToOne => JoinType::OneToOne,
            },
            condition: format!("{}.{} = {}.{}", r.from_table, r.from_column, r.to_table, r.to_column),
            properties: Properties::default(),
        });
        for (this, other) in [(r.from_table, r.to_table), (r.to_table, r.from_table)] {
            let model = models.iter_mut().find(|m| m.name == this).unwrap();
            let column = if model.columns.iter().any(|c| c.name == other) { format!("{other}_{}", r.from_column) } else { other.to_owned() };
            if !model.columns.iter().any(|c| c.name == column) {
                model.columns.push(Column::relationship(&column, other, &name));
            }
        }
    }
    Manifest { models, relationships, ..Manifest::default() }
}

/// The text values a deploy indexes (columns of at most 1000 distinct values).
fn value_index(dataset: SampleDataset, manifest: &Manifest) -> Vec<ValueMatch> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sample.duckdb");
    dataset.build(&path).unwrap();
    let conn = Connection::open(&path).unwrap();
    let mut index = Vec::new();
    for model in &manifest.models {
        for column in model.columns.iter().filter(|c| c.type_name == "VARCHAR") {
            let sql = format!("SELECT DISTINCT CAST(\"{}\" AS VARCHAR) FROM \"{}\" WHERE \"{}\" IS NOT NULL LIMIT 1001", column.name, model.name, column.name);
            let values: Vec<String> = conn.prepare(&sql).unwrap().query_map([], |r| r.get(0)).unwrap().filter_map(Result::ok).collect();
            if values.len() <= 1000 {
                index.extend(values.into_iter().map(|value| ValueMatch { model: model.name.clone(), column: column.name.clone(), value }));
            }
        }
    }
    index
}

fn ask(manifest: &Manifest, index: &[ValueMatch], question: &str) -> Understanding {
    let phrases = value_phrases(question);
    let values: Vec<ValueMatch> = index.iter().filter(|v| phrases.contains(&value_key(&v.value))).cloned().collect();
    understand(manifest, Dialect::DuckDb, question, &values, chrono::NaiveDate::from_ymd_opt(2025, 6, 15).unwrap())
}

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
    "by customers under 30",
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
        for chip in reading.iter().filter(|c| matches!(c.kind, ChipKind::Filter | ChipKind::Comparison | ChipKind::TimeRange | ChipKind::Limit) && c.end > c.start) {
            let without = format!("{}{}", &question[..chip.start], &question[chip.end..]);
            if let Understanding::Sql { sql: other, .. } = ask(&manifest, &index, &without) {
                assert_ne!(sql, other, "{question:?} without {:?} ({without:?}) gives the same SQL", chip.label);
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} conditions checked");
}
