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

/// The SQL of a question answered on `manifest` (on a fixed day), or a failure saying the reply.
fn answered(manifest: &quarry_engine::mdl::Manifest, values: &[quarry_engine::question::ValueMatch], question: &str) -> String {
    let today = chrono::NaiveDate::from_ymd_opt(2025, 6, 15).unwrap();
    match quarry_engine::question::understand(manifest, quarry_engine::compile::Dialect::DuckDb, question, values, today) {
        Understanding::Sql { sql, .. } => sql,
        other => panic!("{question}: {other:?}"),
    }
}

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

/// A small shipping model nobody tuned for: codes, short forms, a yes/no kept as 0 and 1.
fn shipping() -> quarry_engine::mdl::Manifest {
    use quarry_engine::mdl::{Column, JoinType, Manifest, Model, ModelSource, Properties, Relationship};
    let model = |name: &str, key: &str, columns: Vec<Column>| Model {
        name: name.into(),
        source: ModelSource::Table { catalog: None, schema: None, table: name.into() },
        columns,
        primary_key: Some(key.into()),
        properties: Properties::default(),
    };
    let shipments = model(
        "shipments",
        "shp_id",
        vec![
            Column::source("shp_id", "BIGINT"),
            Column::source("carrier_cd", "VARCHAR"),
            Column::source("dest_city", "VARCHAR"),
            Column::source("dlv_delay", "DOUBLE"),
            Column::source("wt", "DOUBLE"),
            Column::source("month", "BIGINT"),
            Column::source("cancelled", "BIGINT"),
            Column::source("shipped_at", "TIMESTAMP"),
            Column::source("fill_rate", "DOUBLE"),
            Column::relationship("carriers", "carriers", "shipments_carriers"),
        ],
    );
    let carriers = model(
        "carriers",
        "carrier_cd",
        vec![Column::source("carrier_cd", "VARCHAR"), Column::source("name", "VARCHAR"), Column::source("damage_pct", "DOUBLE")],
    );
    Manifest {
        models: vec![shipments, carriers],
        relationships: vec![Relationship {
            name: "shipments_carriers".into(),
            models: ["shipments".into(), "carriers".into()],
            join_type: JoinType::ManyToOne,
            condition: "shipments.carrier_cd = carriers.carrier_cd".into(),
            properties: Properties::default(),
        }],
        ..Manifest::default()
    }
}

#[test]
fn a_new_users_words_values_and_months_are_placed() {
    use quarry_engine::{
        compile::Dialect,
        question::{ValueMatch, understand},
    };
    let manifest = shipping();
    let today = chrono::NaiveDate::from_ymd_opt(2025, 6, 15).unwrap();
    let values = [
        ValueMatch { model: "carriers".into(), column: "name".into(), value: "Northwind Freight Co.".into(), column_values: 0 },
        ValueMatch { model: "carriers".into(), column: "name".into(), value: "Blue Ocean Lines".into(), column_values: 0 },
        ValueMatch { model: "shipments".into(), column: "dest_city".into(), value: "Le Havre".into(), column_values: 0 },
    ];
    let sql = |question: &str| answered(&manifest, &values, question);
    // Short forms expanded, a whole-number month column, a value run together, July of any year.
    let s = sql("average delivery delay by month");
    // (Months in their order, as a series over time is read.)
    assert!(s.contains("AVG(\"shipments\".\"dlv_delay\")") && s.ends_with("ORDER BY \"shipments\".\"month\""), "{s}");
    let s = sql("total weight of shipments to LeHavre in July");
    // (The rows' own month column, not the month of a timestamp that may be in UTC.)
    assert!(s.contains("SUM(\"shipments\".\"wt\")") && s.contains("'Le Havre'") && s.contains("\"shipments\".\"month\" = 7"), "{s}");
    let s = sql("How many shipments for Northwind?");
    assert!(s.contains("'Northwind Freight Co.'"), "{s}");
    // A verb that only relates what is said ("carry") reads as that relation…
    let s = sql("How many shipments did Northwind carry");
    assert!(s.contains("\"carriers\".\"name\" = 'Northwind Freight Co.'"), "{s}");
    // …a verb it does not know is not skipped: refused, with what it may mean offered.
    let Understanding::NotUnderstood { teach, .. } = understand(&manifest, Dialect::DuckDb, "How many shipments did Northwind misroute", &values, today) else {
        panic!("answered, skipping \"misroute\"")
    };
    assert_eq!(teach[0].phrase, "misroute");
    let Understanding::NotUnderstood { teach, .. } = understand(&manifest, Dialect::DuckDb, "How many shipments per carrer", &values, today) else {
        panic!("answered, guessing \"carrer\"")
    };
    assert_eq!(teach[0].candidates[0].model, "carriers", "a misspelt model is offered: {teach:?}");
    // Parts of the day and of the week, whatever the date.
    let s = sql("How many shipments in the morning on Mondays?");
    assert!(s.contains("EXTRACT(HOUR FROM \"shipments\".\"shipped_at\") >= 5") && s.contains("EXTRACT(DOW FROM \"shipments\".\"shipped_at\") IN (1)"), "{s}");
    let s = sql("shipments per weekday");
    assert!(s.contains("DAYNAME(\"shipments\".\"shipped_at\")"), "{s}");
    // A yes/no kept as 0 and 1 is a condition; "no value" is not a group.
    let s = sql("How many cancelled shipments per carrier?");
    assert!(s.contains("\"cancelled\" <> 0") && s.contains("IS NOT NULL"), "{s}");
}

/// Deliveries dated by whole-number year, month and day columns, with a timestamp beside them
/// (as exports keep it, possibly in UTC) and a stop code that is also an English word.
fn deliveries() -> quarry_engine::mdl::Manifest {
    use quarry_engine::mdl::{Column, Manifest, Model, ModelSource, Properties};
    let columns = [("delivery_no", "BIGINT"), ("year", "BIGINT"), ("month", "BIGINT"), ("day", "BIGINT"), ("stop_code", "VARCHAR"), ("loaded_at", "TIMESTAMP")];
    Manifest {
        models: vec![Model {
            name: "deliveries".into(),
            source: ModelSource::Table { catalog: None, schema: None, table: "deliveries".into() },
            columns: columns.iter().map(|(n, t)| Column::source(n, t)).collect(),
            primary_key: Some("delivery_no".into()),
            properties: Properties::default(),
        }],
        ..Manifest::default()
    }
}

#[test]
fn a_calendar_kept_in_year_month_and_day_columns_gives_the_weekday() {
    use quarry_engine::question::ValueMatch;
    let manifest = deliveries();
    let values = [ValueMatch { model: "deliveries".into(), column: "stop_code".into(), value: "DAY".into(), column_values: 0 }];
    let sql = |question: &str| answered(&manifest, &values, question);
    let date = r#"MAKE_DATE("deliveries"."year", "deliveries"."month", "deliveries"."day")"#;
    // "Day of the week" is the weekday, not the day-of-month column nor the stop "DAY".
    let s = sql("number of deliveries on each day of the week");
    assert!(s.contains(&format!("DAYNAME({date})")) && !s.contains("'DAY'") && !s.contains("loaded_at"), "{s}");
    let s = sql("Which day of the week had the most deliveries?");
    assert!(s.contains(&format!("DAYNAME({date})")) && s.contains("ORDER BY COUNT(*) DESC"), "{s}");
    let s = sql("How many deliveries were there on weekends?");
    assert!(s.contains(&format!("EXTRACT(DOW FROM {date}) IN")), "{s}");
    // Said in capitals, the code is the stop.
    let s = sql("How many deliveries to DAY?");
    assert!(s.contains(r#""deliveries"."stop_code" = 'DAY'"#), "{s}");
}

#[test]
fn a_word_of_one_name_among_thousands_is_not_taken_for_it() {
    use quarry_engine::question::ValueMatch;
    let manifest = shipping();
    let name = |value: &str, column_values: usize| ValueMatch { model: "carriers".into(), column: "name".into(), value: value.into(), column_values };
    // Among a few carriers, "Northwind" is Northwind Freight Co.…
    let s = answered(&manifest, &[name("Northwind Freight Co.", 40)], "How many shipments for Northwind?");
    assert!(s.contains("'Northwind Freight Co.'"), "{s}");
    // …among thousands of names, a word of one is not that name; the whole name still is.
    let many = [name("Northwind Freight Co.", 4000), name("Le Bourg Haulage", 4000)];
    let today = chrono::NaiveDate::from_ymd_opt(2025, 6, 15).unwrap();
    let u = quarry_engine::question::understand(&manifest, quarry_engine::compile::Dialect::DuckDb, "How many shipments for Northwind?", &many, today);
    assert!(refused(&u), "{u:?}");
    let s = answered(&manifest, &many, "How many shipments for Northwind Freight Co.?");
    assert!(s.contains("'Northwind Freight Co.'"), "{s}");
    let s = answered(&manifest, &many, "How many shipments for LeBourg Haulage?");
    assert!(s.contains("'Le Bourg Haulage'"), "{s}");
}

#[test]
fn a_phrase_that_fits_several_values_is_offered_not_guessed() {
    use quarry_engine::{
        compile::Dialect,
        question::{ValueMatch, understand},
    };
    let manifest = shipping();
    let today = chrono::NaiveDate::from_ymd_opt(2025, 6, 15).unwrap();
    let values = [
        ValueMatch { model: "carriers".into(), column: "name".into(), value: "Blue Ocean Lines".into(), column_values: 0 },
        ValueMatch { model: "carriers".into(), column: "name".into(), value: "Blue Sky Air".into(), column_values: 0 },
    ];
    let Understanding::NotUnderstood { understood, .. } = understand(&manifest, Dialect::DuckDb, "How many shipments by Blue?", &values, today) else {
        panic!("guessed one of two carriers")
    };
    let said = understood.join("; ");
    assert!(said.contains("Blue Ocean Lines") && said.contains("Blue Sky Air"), "{said}");
}

#[test]
fn a_synonym_from_the_dictionary_places_a_word_the_schema_does_not_say() {
    use quarry_engine::{
        compile::Dialect,
        question::{ChipKind, understand},
    };
    let manifest = shipping();
    let today = chrono::NaiveDate::from_ymd_opt(2025, 6, 15).unwrap();
    // "Consignments" is nowhere in the schema; WordNet says a consignment is a shipment.
    let Understanding::Sql { sql, reading: chips, .. } = understand(&manifest, Dialect::DuckDb, "How many consignments per carrier?", &[], today) else {
        panic!("refused a synonym of a model's name")
    };
    assert!(sql.contains("COUNT(*)") && sql.contains("FROM \"shipments\""), "{sql}");
    // The chip says what the word was placed on, in the schema's words.
    assert!(chips.iter().any(|c| c.kind == ChipKind::Measure && c.label.contains("shipments")), "{chips:?}");
    // A word the dictionary does not relate to anything here is still refused.
    assert!(refused(&understand(&manifest, Dialect::DuckDb, "How many consignments per warehouse?", &[], today)));
}

#[test]
fn after_a_grouping_word_a_name_spelt_like_a_stored_value_is_the_name() {
    use quarry_engine::{
        compile::Dialect,
        question::{ValueMatch, understand},
    };
    let manifest = shipping();
    let today = chrono::NaiveDate::from_ymd_opt(2025, 6, 15).unwrap();
    // A carrier's name that is also the word for carriers.
    let values = [ValueMatch { model: "carriers".into(), column: "name".into(), value: "Carrier".into(), column_values: 0 }];
    let answer = understand(&manifest, Dialect::DuckDb, "average weight of shipments per carrier", &values, today);
    let Understanding::Sql { sql, .. } = answer else { panic!("refused: {answer:?}") };
    assert!(sql.contains("GROUP BY") && !sql.contains("'Carrier'"), "{sql}");
}

#[test]
fn a_column_counted_is_counted_by_its_different_values() {
    let manifest = shipping();
    let sql = |question: &str| answered(&manifest, &[], question);
    // A column, not a model: its different values.
    let s = sql("How many destination cities are there?");
    assert!(s.contains("COUNT(DISTINCT \"shipments\".\"dest_city\")"), "{s}");
    let s = sql("number of destination cities per carrier");
    assert!(s.contains("COUNT(DISTINCT \"shipments\".\"dest_city\")") && s.contains("GROUP BY"), "{s}");
    // A model's rows are counted as rows, with a column's name said before it or not.
    let s = sql("How many shipments are there?");
    assert!(s.contains("COUNT(*)") && !s.contains("DISTINCT"), "{s}");
}

#[test]
fn a_percentage_is_compared_on_the_scale_the_column_name_says_or_refused() {
    use quarry_engine::{compile::Dialect, question::understand};
    let manifest = shipping();
    let today = chrono::NaiveDate::from_ymd_opt(2025, 6, 15).unwrap();
    let ask = |question: &str| understand(&manifest, Dialect::DuckDb, question, &[], today);
    // `_pct` holds percentages, a rate holds fractions.
    let answer = ask("How many carriers have a damage pct above 5%?");
    let Understanding::Sql { sql, .. } = answer else { panic!("refused a pct column: {answer:?}") };
    assert!(sql.contains("\"damage_pct\" > 5"), "{sql}");
    let Understanding::Sql { sql, .. } = ask("How many shipments have a fill rate above 80%?") else { panic!("refused a rate column") };
    assert!(sql.contains("\"fill_rate\" > 0.8"), "{sql}");
    // A column whose name says neither may hold 0.6 or 60: not guessed.
    assert!(refused(&ask("How many shipments have a delivery delay above 80%?")));
}

#[test]
fn people_are_a_population_where_no_model_is_people_and_refused_where_nothing_is() {
    use quarry_engine::{
        compile::Dialect,
        mdl::{Column, Manifest, Model, ModelSource, Properties},
        question::understand,
    };
    let towns = Model {
        name: "towns".into(),
        source: ModelSource::Table { catalog: None, schema: None, table: "towns".into() },
        columns: vec![Column::source("town", "VARCHAR"), Column::source("region", "VARCHAR"), Column::source("population", "BIGINT")],
        primary_key: Some("town".into()),
        properties: Properties::default(),
    };
    let manifest = Manifest { models: vec![towns], ..Manifest::default() };
    let today = chrono::NaiveDate::from_ymd_opt(2025, 6, 15).unwrap();
    let sql = |question: &str| answered(&manifest, &[], question);
    // Counted, compared and ranked people are the population, summed where grouped.
    let s = sql("How many people live in each region?");
    assert!(s.contains("SUM(\"towns\".\"population\")") && s.contains("GROUP BY \"towns\".\"region\""), "{s}");
    let s = sql("Which towns have more than 10000 people?");
    assert!(s.contains("\"towns\".\"population\" > 10000"), "{s}");
    let s = sql("Which region has the fewest people?");
    assert!(s.contains("SUM(\"towns\".\"population\")") && !s.contains("COUNT(*)"), "{s}");
    // Where nothing holds people, they are not the rows of another model.
    let shipping = shipping();
    assert!(refused(&understand(&shipping, Dialect::DuckDb, "How many people are in each destination city?", &[], today)));
}

/// Dogs, their breeds and their walks, with no primary keys (a CSV upload has none): keys are
/// what the relationships say; a walk has a `walk` number; a breed is known by a code.
fn kennel() -> quarry_engine::mdl::Manifest {
    use quarry_engine::mdl::{Column, JoinType, Manifest, Model, ModelSource, Properties, Relationship};
    let model = |name: &str, columns: Vec<Column>| Model {
        name: name.into(),
        source: ModelSource::Table { catalog: None, schema: None, table: name.into() },
        columns,
        primary_key: None,
        properties: Properties::default(),
    };
    let relationship = |name: &str, from: &str, to: &str, condition: &str| Relationship {
        name: name.into(),
        models: [from.into(), to.into()],
        join_type: JoinType::ManyToOne,
        condition: condition.into(),
        properties: Properties::default(),
    };
    Manifest {
        models: vec![
            model(
                "breeds",
                vec![Column::source("breed_code", "VARCHAR"), Column::source("breed_name", "VARCHAR"), Column::relationship("dogs", "dogs", "dogs_breeds")],
            ),
            model(
                "dogs",
                vec![
                    Column::source("dog_code", "VARCHAR"),
                    Column::source("breed_code", "VARCHAR"),
                    Column::source("name", "VARCHAR"),
                    Column::source("teeth", "BIGINT"),
                    Column::source("trainer", "VARCHAR"),
                    Column::source("grade", "VARCHAR"),
                    Column::relationship("breeds", "breeds", "dogs_breeds"),
                    Column::relationship("walks", "walks", "walks_dogs"),
                ],
            ),
            model(
                "walks",
                vec![
                    Column::source("walk", "BIGINT"),
                    Column::source("dog_code", "VARCHAR"),
                    Column::source("distance_km", "DOUBLE"),
                    Column::source("delay_minutes", "DOUBLE"),
                    Column::source("month", "BIGINT"),
                    Column::source("started_at", "TIMESTAMP"),
                    Column::relationship("dogs", "dogs", "walks_dogs"),
                ],
            ),
        ],
        relationships: vec![
            relationship("dogs_breeds", "dogs", "breeds", "dogs.breed_code = breeds.breed_code"),
            relationship("walks_dogs", "walks", "dogs", "walks.dog_code = dogs.dog_code"),
        ],
        ..Manifest::default()
    }
}

#[test]
fn a_model_keyed_only_by_a_relationship_is_grouped_and_ranked_by_that_key() {
    let manifest = kennel();
    let sql = |question: &str| answered(&manifest, &[], question);
    // The code dogs refer to tells one breed from another; it is shown by its name.
    let s = sql("Which breed has the most dogs?");
    assert!(s.contains("GROUP BY \"breeds\".\"breed_code\"") && s.contains("\"breeds\".\"breed_name\"") && s.contains("COUNT(*)"), "{s}");
    // "The most walks" counts walks; their `walk` number is no quantity to rank.
    let s = sql("Which dog has the most walks?");
    assert!(s.contains("COUNT(*)") && !s.contains("\"walks\".\"walk\""), "{s}");
    // "Walk" restating what is counted is no second grouping.
    let s = sql("How many walks did each dog walk?");
    assert!(s.contains("GROUP BY \"dogs\".\"dog_code\"") && !s.contains("\"walks\".\"walk\""), "{s}");
    // The worst of a delay is the longest.
    let s = sql("Which dog had the worst average delay?");
    assert!(s.contains("ORDER BY AVG(\"walks\".\"delay_minutes\") DESC"), "{s}");
    // "In December": the rows' own month column.
    let s = sql("How many walks in December?");
    assert!(s.contains("\"walks\".\"month\" = 12") && !s.contains("started_at"), "{s}");
    // "The average number of teeth" averages the column; it does not count dogs per breed.
    let s = sql("average number of teeth by breed");
    assert!(s.contains("AVG(\"dogs\".\"teeth\")") && s.contains("GROUP BY"), "{s}");
    // "By trainer grade": the trainer's grade, one grouping, not each trainer and grade.
    let s = sql("average teeth by trainer grade");
    assert!(s.contains("GROUP BY \"dogs\".\"grade\"") && !s.contains("\"trainer\""), "{s}");
}

#[test]
fn what_which_names_is_never_dropped_for_the_model_a_list_shows() {
    use quarry_engine::{
        compile::Dialect,
        mdl::{Column, JoinType, Manifest, Model, ModelSource, Properties, Relationship},
        question::{ValueMatch, understand},
    };
    let model = |name: &str, columns: Vec<Column>| Model {
        name: name.into(),
        source: ModelSource::Table { catalog: None, schema: None, table: name.into() },
        columns,
        primary_key: None,
        properties: Properties::default(),
    };
    let manifest = Manifest {
        models: vec![
            model(
                "nations",
                vec![
                    Column::source("code", "VARCHAR"),
                    Column::source("name", "VARCHAR"),
                    Column::source("government", "VARCHAR"),
                    Column::relationship("spoken", "spoken", "spoken_nations"),
                ],
            ),
            model(
                "spoken",
                vec![
                    Column::source("nation_code", "VARCHAR"),
                    Column::source("language", "VARCHAR"),
                    Column::relationship("nations", "nations", "spoken_nations"),
                ],
            ),
        ],
        relationships: vec![Relationship {
            name: "spoken_nations".into(),
            models: ["spoken".into(), "nations".into()],
            join_type: JoinType::ManyToOne,
            condition: "spoken.nation_code = nations.code".into(),
            properties: Properties::default(),
        }],
        ..Manifest::default()
    };
    let values = [ValueMatch { model: "nations".into(), column: "government".into(), value: "Republic".into(), column_values: 0 }];
    let today = chrono::NaiveDate::from_ymd_opt(2025, 6, 15).unwrap();
    let answer = understand(&manifest, Dialect::DuckDb, "Which languages are spoken by only one nation in republic governments?", &values, today);
    // Languages are asked for: a list of nations alone answers another question.
    if let Understanding::Sql { sql, .. } = &answer {
        assert!(sql.contains("\"language\""), "{sql}");
    }
}

#[test]
fn a_value_of_a_model_referred_to_two_ways_is_placed_on_the_way_said() {
    use quarry_engine::{
        compile::Dialect,
        mdl::{Column, JoinType, Manifest, Model, ModelSource, Properties, Relationship},
        question::{ValueMatch, understand},
    };
    let model = |name: &str, key: &str, columns: Vec<Column>| Model {
        name: name.into(),
        source: ModelSource::Table { catalog: None, schema: None, table: name.into() },
        columns,
        primary_key: Some(key.into()),
        properties: Properties::default(),
    };
    let way = |name: &str, column: &str| Relationship {
        name: name.into(),
        models: ["transfers".into(), "depots".into()],
        join_type: JoinType::ManyToOne,
        condition: format!("transfers.{column} = depots.depot_id"),
        properties: Properties::default(),
    };
    let manifest = Manifest {
        models: vec![
            model("depots", "depot_id", vec![Column::source("depot_id", "BIGINT"), Column::source("name", "VARCHAR")]),
            model(
                "transfers",
                "transfer_id",
                vec![
                    Column::source("transfer_id", "BIGINT"),
                    Column::source("from_depot_id", "BIGINT"),
                    Column::source("to_depot_id", "BIGINT"),
                    Column::source("units", "BIGINT"),
                    Column::relationship("source_depot", "depots", "transfers_from"),
                    Column::relationship("target_depot", "depots", "transfers_to"),
                ],
            ),
        ],
        relationships: vec![way("transfers_from", "from_depot_id"), way("transfers_to", "to_depot_id")],
        ..Manifest::default()
    };
    let values = [ValueMatch { model: "depots".into(), column: "name".into(), value: "North Depot".into(), column_values: 0 }];
    let today = chrono::NaiveDate::from_ymd_opt(2025, 6, 15).unwrap();
    let ask = |question: &str| understand(&manifest, Dialect::DuckDb, question, &values, today);
    let through = |column: &str| format!("LEFT JOIN \"depots\" ON \"transfers\".\"{column}\" = \"depots\".\"depot_id\"");
    let Understanding::Sql { sql, .. } = ask("How many transfers from North Depot?") else { panic!("\"from\" a depot refused") };
    assert!(sql.contains(&through("from_depot_id")) && sql.contains("\"depots\".\"name\" = 'North Depot'"), "{sql}");
    let Understanding::Sql { sql, .. } = ask("total units to North Depot") else { panic!("\"to\" a depot refused") };
    assert!(sql.contains(&through("to_depot_id")) && sql.contains("SUM(\"transfers\".\"units\")"), "{sql}");
    // A verb says the way on its own, for a grouping as for a value.
    let Understanding::Sql { sql, .. } = ask("total units arriving by depot") else { panic!("\"arriving\" refused") };
    assert!(sql.contains(&through("to_depot_id")) && sql.contains("GROUP BY"), "{sql}");
    let Understanding::Sql { sql, .. } = ask("How many departing transfers at North Depot?") else { panic!("\"departing\" refused") };
    assert!(sql.contains(&through("from_depot_id")), "{sql}");
    // Neither way said, or both: not guessed.
    assert!(refused(&ask("How many transfers at North Depot?")));
    assert!(refused(&ask("total units by depot")));
    assert!(refused(&ask("total units arriving from North Depot")));
}
