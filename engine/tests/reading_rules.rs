//! Reading rules on small invented schemas: a code shown with the name of what it stands for,
//! a value denied by "not", rows of each value joined by "and", names spelt by their first
//! letters, a column per year, and what "which" asks for.

use quarry_engine::{
    compile::Dialect,
    mdl::{Column, Manifest},
    question::{Understanding, ValueMatch, understand},
};

fn refused(u: &Understanding) -> bool {
    matches!(u, Understanding::NotUnderstood { .. })
}

/// The day the questions are asked on.
fn today() -> chrono::NaiveDate {
    chrono::NaiveDate::from_ymd_opt(2025, 6, 15).unwrap()
}

/// A schema of one model, keyed by `key`, of source columns (name, type).
fn one_table(name: &str, key: &str, columns: &[(&str, &str)]) -> Manifest {
    let columns = columns.iter().map(|(column, data_type)| Column::source(column, data_type)).collect();
    Manifest { models: vec![table(name, key, columns)], ..Manifest::default() }
}

fn ask(manifest: &Manifest, question: &str, values: &[ValueMatch]) -> Understanding {
    understand(manifest, Dialect::DuckDb, question, values, today())
}

/// The SQL a question is answered with; the test fails with the reading when it is refused.
fn sql_of(manifest: &Manifest, question: &str, values: &[ValueMatch]) -> String {
    match ask(manifest, question, values) {
        Understanding::Sql { sql, .. } => sql,
        other => panic!("{question}: {other:?}"),
    }
}

/// A relationship from the many rows of `models[0]` to the one of `models[1]`.
fn many_to_one(name: &str, models: [&str; 2], condition: &str) -> quarry_engine::mdl::Relationship {
    quarry_engine::mdl::Relationship {
        name: name.into(),
        models: models.map(Into::into),
        join_type: quarry_engine::mdl::JoinType::ManyToOne,
        condition: condition.into(),
        properties: Default::default(),
    }
}

/// A model of an invented schema, keyed by `key`.
fn table(name: &str, key: &str, columns: Vec<quarry_engine::mdl::Column>) -> quarry_engine::mdl::Model {
    quarry_engine::mdl::Model {
        name: name.into(),
        source: quarry_engine::mdl::ModelSource::Table { catalog: None, schema: None, table: name.into() },
        columns,
        primary_key: Some(key.into()),
        properties: Default::default(),
    }
}

#[test]
fn a_code_grouped_by_is_shown_with_the_name_of_what_it_stands_for() {
    use quarry_engine::{
        compile::Dialect,
        mdl::{Column, Manifest},
        question::understand,
    };
    let manifest = Manifest {
        models: vec![
            table("ports", "port_code", vec![Column::source("port_code", "VARCHAR"), Column::source("name", "VARCHAR")]),
            table(
                "voyages",
                "voyage_id",
                vec![
                    Column::source("voyage_id", "BIGINT"),
                    Column::source("harbour", "VARCHAR"),
                    Column::source("cargo_tons", "DOUBLE"),
                    Column::relationship("calls_at", "ports", "voyages_ports"),
                ],
            ),
        ],
        relationships: vec![many_to_one("voyages_ports", ["voyages", "ports"], "voyages.harbour = ports.port_code")],
        ..Manifest::default()
    };
    let today = chrono::NaiveDate::from_ymd_opt(2025, 6, 15).unwrap();
    let Understanding::Sql { sql, .. } = understand(&manifest, Dialect::DuckDb, "total cargo tons by harbour", &[], today) else { panic!("refused") };
    // The port's name beside its code, joined so that a code naming no port is still a group.
    assert!(sql.contains("\"ports\".\"name\" AS \"harbour_name\"") && sql.contains("\"voyages\".\"harbour\" AS \"harbour\""), "{sql}");
    assert!(sql.contains("LEFT JOIN \"ports\""), "{sql}");
    // The ports themselves, grouped: each shown by its name and by the code people read.
    let Understanding::Sql { sql, .. } = understand(&manifest, Dialect::DuckDb, "number of voyages for each port", &[], today) else { panic!("refused") };
    assert!(sql.contains("\"ports\".\"name\"") && sql.contains("\"ports\".\"port_code\" AS \"port_code\""), "{sql}");
}

#[test]
fn a_value_said_right_after_not_is_denied() {
    use quarry_engine::{
        compile::Dialect,
        mdl::{Column, Manifest},
        question::{ValueMatch, understand},
    };
    let manifest = Manifest {
        models: vec![table(
            "growers",
            "grower_id",
            vec![Column::source("grower_id", "BIGINT"), Column::source("name", "VARCHAR"), Column::source("region", "VARCHAR")],
        )],
        ..Manifest::default()
    };
    let values = [ValueMatch { model: "growers".into(), column: "region".into(), value: "Valais".into(), column_values: 0 }];
    let today = chrono::NaiveDate::from_ymd_opt(2025, 6, 15).unwrap();
    let ask = |question: &str| understand(&manifest, Dialect::DuckDb, question, &values, today);
    for question in ["names of growers whose region is not Valais", "Which growers are not from Valais?"] {
        let Understanding::Sql { sql, .. } = ask(question) else { panic!("{question}: refused") };
        assert!(sql.contains("\"growers\".\"region\" <> 'Valais'"), "{question}: {sql}");
    }
    let Understanding::Sql { sql, .. } = ask("names of growers in Valais") else { panic!("refused") };
    assert!(sql.contains("\"growers\".\"region\" = 'Valais'"), "{sql}");
    // "Not" that denies something other than the value is not read as denying it.
    assert!(refused(&ask("growers in Valais that are not organic")));
}

#[test]
fn rows_of_each_value_joined_by_and_must_exist() {
    use quarry_engine::{
        compile::Dialect,
        mdl::{Column, Manifest},
        question::{ValueMatch, understand},
    };
    let manifest = Manifest {
        models: vec![
            table(
                "keepers",
                "keeper_id",
                vec![Column::source("keeper_id", "BIGINT"), Column::source("name", "VARCHAR"), Column::relationship("hives", "hives", "hives_keepers")],
            ),
            table(
                "hives",
                "hive_id",
                vec![
                    Column::source("hive_id", "BIGINT"),
                    Column::source("keeper_id", "BIGINT"),
                    Column::source("breed", "VARCHAR"),
                    Column::relationship("keeper", "keepers", "hives_keepers"),
                ],
            ),
        ],
        relationships: vec![many_to_one("hives_keepers", ["hives", "keepers"], "hives.keeper_id = keepers.keeper_id")],
        ..Manifest::default()
    };
    let value = |v: &str| ValueMatch { model: "hives".into(), column: "breed".into(), value: v.into(), column_values: 0 };
    let values = [value("Carniolan"), value("Buckfast")];
    let today = chrono::NaiveDate::from_ymd_opt(2025, 6, 15).unwrap();
    let ask = |question: &str| understand(&manifest, Dialect::DuckDb, question, &values, today);
    let exists = |sql: &str, condition: &str| sql.matches("EXISTS (SELECT 1 FROM \"hives\"").count() >= 1 && sql.contains(condition);
    // Both: a hive of each.
    let Understanding::Sql { sql, .. } = ask("names of keepers who have both Carniolan and Buckfast hives") else { panic!("both refused") };
    assert_eq!(sql.matches("EXISTS").count(), 2, "{sql}");
    assert!(exists(&sql, "\"hives\".\"breed\" = 'Carniolan'") && exists(&sql, "\"hives\".\"breed\" = 'Buckfast'"), "{sql}");
    // Either: one hive of either.
    let Understanding::Sql { sql, .. } = ask("names of keepers who have Carniolan or Buckfast hives") else { panic!("either refused") };
    assert_eq!(sql.matches("EXISTS").count(), 1, "{sql}");
    assert!(sql.contains("\"hives\".\"breed\" IN ('Carniolan', 'Buckfast')"), "{sql}");
}

#[test]
fn words_whose_first_letters_spell_a_column_name_it() {
    let manifest = one_table(
        "regions",
        "region_code",
        &[("region_code", "VARCHAR"), ("lifeExp", "DOUBLE"), ("gdpPercap", "DOUBLE"), ("cum_rain", "DOUBLE"), ("expense", "DOUBLE")],
    );
    for (question, column) in
        [("average life expectancy", "lifeExp"), ("average GDP per capita", "gdpPercap"), ("average cumulative rainfall by region code", "cum_rain")]
    {
        let sql = sql_of(&manifest, question, &[]);
        assert!(sql.contains(&format!("\"{column}\"")), "{question}: {sql}");
    }
    // One word alone is not spelled out: "expectancy" could be any "exp…".
    let u = ask(&manifest, "average expectancy", &[]);
    assert!(refused(&u), "{u:?}");
    // Letters that run past the name are no spelling of it.
    let u = ask(&manifest, "average life expectation index", &[]);
    assert!(refused(&u), "{u:?}");
    // A name of one word is that word: "expense" is no "expected sense".
    let u = ask(&manifest, "average expected sense", &[]);
    assert!(refused(&u), "{u:?}");
}

#[test]
fn a_year_said_chooses_the_column_of_that_year() {
    let manifest = one_table(
        "districts",
        "district",
        &[
            ("district", "VARCHAR"),
            ("median_rent_12", "DOUBLE"),
            ("median_rent_18", "DOUBLE"),
            ("harvest_2019", "DOUBLE"),
            ("harvest_2020", "DOUBLE"),
            ("harvest_2024", "DOUBLE"),
        ],
    );
    for (question, column) in [("average median rent in 2018", "median_rent_18"), ("total harvest in 2019", "harvest_2019")] {
        let sql = sql_of(&manifest, question, &[]);
        assert!(sql.contains(&format!("\"{column}\"")) && !sql.contains("WHERE"), "{question}: {sql}");
    }
    // A year no column ends with is still a date the model does not have.
    let u = ask(&manifest, "total harvest in 2021", &[]);
    assert!(refused(&u), "{u:?}");
    // "Last year" (2024 here) is said in no column's words; "p25" is a percentile, not 2025.
    let u = ask(&manifest, "total harvest last year", &[]);
    assert!(refused(&u), "{u:?}");
    let percentiles = one_table("towns", "town", &[("town", "VARCHAR"), ("rent_p25", "DOUBLE"), ("rent_p75", "DOUBLE")]);
    let u = ask(&percentiles, "average rent in 2025", &[]);
    assert!(refused(&u), "{u:?}");
}

#[test]
fn which_then_a_word_then_a_verb_asks_for_that_thing() {
    let manifest = one_table("places", "place_code", &[("place_code", "VARCHAR"), ("kind", "VARCHAR"), ("rainfall", "DOUBLE")]);
    let value = |v: &str| ValueMatch { model: "places".into(), column: "kind".into(), value: v.into(), column_values: 4 };
    let values = [value("Island"), value("Country")];
    // "Which country" asks for a country; no `kind = 'Country'` stands in for it.
    for question in ["Which country has the highest rainfall?", "Which country recorded the highest rainfall?"] {
        let u = ask(&manifest, question, &values);
        assert!(refused(&u), "{question}: {u:?}");
    }
    // A value said as a condition is still one.
    let sql = sql_of(&manifest, "average rainfall of the Island places", &values);
    assert!(sql.contains("'Island'"), "{sql}");
}

#[test]
fn a_name_of_one_kind_shows_the_rows() {
    let manifest = one_table("lakes", "lake_code", &[("lake_code", "VARCHAR"), ("name_long", "VARCHAR"), ("depth_m", "DOUBLE")]);
    let sql = sql_of(&manifest, "Which lake has the highest depth?", &[]);
    assert!(sql.contains("\"name_long\""), "{sql}");
}

#[test]
fn rows_ranked_by_a_quantity_are_shown_by_their_names_even_without_a_key() {
    let mut manifest = one_table("lakes", "name", &[("name", "VARCHAR"), ("depth_m", "DOUBLE")]);
    manifest.models[0].primary_key = None;
    let sql = sql_of(&manifest, "top 3 lakes by depth", &[]);
    assert!(sql.contains("\"lakes\".\"name\"") && sql.contains("LIMIT 3"), "{sql}");
}

/// Weavers and the rugs they wove: two models, each rug of one weaver.
fn weavers_and_rugs() -> Manifest {
    one_and_many(("weavers", "weaver_id", &[("name", "VARCHAR"), ("studio", "VARCHAR")]), ("rugs", "rug_id", &[("colour", "VARCHAR")]))
}

/// Two invented models, each row of the second (`many`) referring to one of the first by the
/// first's key: (name, key, other columns) of each.
fn one_and_many(one: (&str, &str, &[(&str, &str)]), many: (&str, &str, &[(&str, &str)])) -> Manifest {
    let ((one, one_key, one_columns), (many, many_key, many_columns)) = (one, many);
    let relationship = format!("{many}_{one}");
    let columns = |key: &str, refers: Option<&str>, others: &[(&str, &str)]| {
        std::iter::once(Column::source(key, "BIGINT"))
            .chain(refers.map(|r| Column::source(r, "BIGINT")))
            .chain(others.iter().map(|(name, data_type)| Column::source(name, data_type)))
            .collect::<Vec<_>>()
    };
    let mut ones = columns(one_key, None, one_columns);
    ones.push(Column::relationship(many, many, &relationship));
    let mut manies = columns(many_key, Some(one_key), many_columns);
    manies.push(Column::relationship(one_key.trim_end_matches("_id"), one, &relationship));
    Manifest {
        models: vec![table(one, one_key, ones), table(many, many_key, manies)],
        relationships: vec![many_to_one(&relationship, [many, one], &format!("{many}.{one_key} = {one}.{one_key}"))],
        ..Manifest::default()
    }
}

#[test]
fn the_thing_after_number_of_is_counted_for_each_thing_said_before_it() {
    let manifest = weavers_and_rugs();
    // Counted: the rugs, for each weaver said first; the weaver's studio shown beside.
    let sql = sql_of(&manifest, "Show the names and studios of the weavers and the number of rugs", &[]);
    assert!(sql.contains("COUNT(") && sql.contains("GROUP BY \"weavers\".\"weaver_id\""), "{sql}");
    assert!(sql.contains("\"weavers\".\"studio\" AS \"studio\""), "{sql}");
    // Without a count, a weaver and a rug's column are no grouping.
    let listed = ask(&manifest, "Show the weaver names and the colour of their rugs", &[]);
    assert!(!matches!(&listed, Understanding::Sql { sql, .. } if sql.contains("COUNT(")), "{listed:?}");
}

#[test]
fn a_sort_said_of_a_grouping_orders_it_and_is_never_dropped() {
    let manifest = weavers_and_rugs();
    let sql = sql_of(&manifest, "Show the weaver ids and the number of rugs for each weaver, ordered by weaver id", &[]);
    assert!(sql.ends_with("ORDER BY \"weavers\".\"weaver_id\""), "{sql}");
    // A sort the reading cannot place refuses rather than falls back to its own order.
    assert!(refused(&ask(&manifest, "Show the number of rugs for each weaver, ordered by colour", &[])));
}

#[test]
fn the_most_number_of_ranks_by_how_many() {
    let manifest = weavers_and_rugs();
    for question in ["Which weaver has the most number of rugs?", "What is the name of the weaver who made the largest number of rugs?"] {
        let sql = sql_of(&manifest, question, &[]);
        assert!(sql.contains("RANK() OVER (ORDER BY COUNT(") && sql.contains("\"rank\" = 1"), "{question}: {sql}");
    }
    // "Maximum number of" a column names is that column's maximum.
    let counts = one_table("kilns", "kiln_id", &[("kiln_id", "BIGINT"), ("number_of_shelves", "BIGINT")]);
    assert!(sql_of(&counts, "What is the maximum number of shelves?", &[]).contains("MAX(\"kilns\".\"number_of_shelves\")"));
}

#[test]
fn a_verb_made_of_the_ranked_things_own_name_says_how_it_relates() {
    let manifest = one_and_many(("inspectors", "inspector_id", &[("name", "VARCHAR")]), ("boilers", "boiler_id", &[("pressure", "DOUBLE")]));
    for question in
        ["What is the name of the inspector who inspected the most boilers?", "Show the name of the inspector that has inspected the most number of boilers."]
    {
        let sql = sql_of(&manifest, question, &[]);
        assert!(sql.contains("RANK() OVER (ORDER BY COUNT(") && sql.contains("GROUP BY \"inspectors\".\"inspector_id\""), "{question}: {sql}");
    }
    // A verb of another thing's name is no verb of the inspector's.
    assert!(refused(&ask(&manifest, "What is the name of the inspector who boiled the most boilers?", &[])));
}

#[test]
fn a_value_of_related_rows_after_not_and_a_verb_is_one_none_of_them_has() {
    let manifest = weavers_and_rugs();
    let values = [ValueMatch { model: "rugs".into(), column: "colour".into(), value: "Indigo".into(), column_values: 0 }];
    let sql = sql_of(&manifest, "names of the weavers that do not use Indigo", &values);
    // Weavers with rugs, none of them indigo: a weaver with no rugs is not known not to.
    assert!(sql.contains("WHERE EXISTS (SELECT 1 FROM \"rugs\""), "{sql}");
    assert!(sql.contains("AND NOT EXISTS (SELECT 1 FROM \"rugs\"") && sql.contains("\"rugs\".\"colour\" = 'Indigo'"), "{sql}");
    // More than a verb between: not read.
    assert!(refused(&ask(&manifest, "names of the weavers that do not often or ever use Indigo", &values)));
}

#[test]
fn columns_of_each_row_and_of_the_model_they_are_said_of_are_listed() {
    let manifest = weavers_and_rugs();
    // "Each weaver" with nothing counted: the weavers' own rows, their names as said.
    let sql = sql_of(&manifest, "List the name and studio of each weaver", &[]);
    assert!(!sql.contains("GROUP BY") && sql.contains("\"weavers\".\"name\"") && sql.contains("\"weavers\".\"studio\""), "{sql}");
    // A column said "of" another model, one of it for each row listed.
    let sql = sql_of(&manifest, "Show colours of rugs and names of weavers", &[]);
    assert!(sql.contains("\"rugs\".\"colour\"") && sql.contains("\"weavers\".\"name\"") && sql.contains("FROM \"rugs\" LEFT JOIN \"weavers\""), "{sql}");
}

#[test]
fn two_extremes_said_together_are_two_aggregates() {
    let kilns = one_table("kilns", "kiln_id", &[("kiln_id", "BIGINT"), ("peak_temperature", "DOUBLE")]);
    for question in ["What is the minimum and maximum peak temperature of the kilns?", "Maximum and minimum peak temperature"] {
        let sql = sql_of(&kilns, question, &[]);
        assert!(sql.contains("MIN(\"kilns\".\"peak_temperature\")") && sql.contains("MAX(\"kilns\".\"peak_temperature\")") && !sql.contains("RANK"), "{sql}");
    }
}

#[test]
fn the_column_compared_may_be_said_between_the_comparison_and_its_number() {
    let kilns = one_table("kilns", "kiln_id", &[("kiln_id", "BIGINT"), ("site", "VARCHAR"), ("peak_temperature", "DOUBLE"), ("age", "BIGINT")]);
    let sql = sql_of(&kilns, "How many kilns above age 20?", &[]);
    assert!(sql.contains("WHERE \"kilns\".\"age\" > 20"), "{sql}");
    let sql = sql_of(&kilns, "Which sites have kilns with a higher peak temperature than 1200?", &[]);
    assert!(sql.contains("\"kilns\".\"peak_temperature\" > 1200") && !sql.contains("\"peak_temperature\" AS"), "{sql}");
}

#[test]
fn a_direction_said_without_by_sorts_what_is_listed_or_the_quantity_asked() {
    let manifest = weavers_and_rugs();
    let sql = sql_of(&manifest, "List the studios of weavers in reverse alphabetical order", &[]);
    assert!(sql.ends_with("ORDER BY \"weavers\".\"studio\" DESC"), "{sql}");
    // A quantity asked for each group: the quantity is what is sorted.
    let sql = sql_of(&manifest, "Show the number of rugs for each colour in ascending order", &[]);
    assert!(sql.ends_with("ORDER BY \"number_of_rugs\""), "{sql}");
}

#[test]
fn the_corresponding_number_is_counted_for_each_value_said_before_it() {
    let manifest = weavers_and_rugs();
    let sql = sql_of(&manifest, "Show the different colours and the corresponding number of rugs", &[]);
    assert!(sql.contains("GROUP BY \"rugs\".\"colour\"") && sql.contains("COUNT(*)") && !sql.contains("DISTINCT"), "{sql}");
}

#[test]
fn a_sort_beside_a_ranking_or_on_something_not_shown_is_refused() {
    let manifest = weavers_and_rugs();
    // The ranking's own way said again is kept; another sort beside it is not read.
    let sql = sql_of(&manifest, "Top 2 colours by number of rugs in descending order", &[]);
    assert!(sql.contains("LIMIT 2") || sql.contains("\"rank\" <= 2"), "{sql}");
    assert!(refused(&ask(&manifest, "Top 2 colours by number of rugs, sorted by colour", &[])));
    // Alphabetically is by the name grouped, never by the count.
    let sql = sql_of(&manifest, "Number of rugs per colour in alphabetical order", &[]);
    assert!(sql.ends_with("ORDER BY \"rugs\".\"colour\""), "{sql}");
    // A count sorted by a quantity it does not aggregate.
    let studios = one_table("looms", "loom_id", &[("loom_id", "BIGINT"), ("hall", "VARCHAR"), ("width", "DOUBLE")]);
    assert!(refused(&ask(&studios, "Number of looms per hall, sorted by width", &[])));
}

#[test]
fn values_of_related_rows_after_a_verb_are_rows_that_exist() {
    let manifest = weavers_and_rugs();
    let colour = |v: &str| ValueMatch { model: "rugs".into(), column: "colour".into(), value: v.into(), column_values: 0 };
    let values = [colour("Indigo"), colour("Madder")];
    let sql = sql_of(&manifest, "names of the weavers that use both Indigo and Madder", &values);
    assert_eq!(sql.matches("EXISTS (SELECT 1 FROM \"rugs\"").count(), 2, "{sql}");
    // A value said before a negation is not denied with the one after it.
    assert!(refused(&ask(&manifest, "names of the weavers that use Madder but do not use Indigo", &values)));
    // A thing said before a count is grouped only when a list is between them.
    let studio = [ValueMatch { model: "weavers".into(), column: "studio".into(), value: "Leeds".into(), column_values: 0 }];
    let u = ask(&manifest, "For the weavers in Leeds, how many rugs are there?", &studio);
    assert!(!matches!(&u, Understanding::Sql { sql, .. } if sql.contains("GROUP BY")), "{u:?}");
}

#[test]
fn a_verb_over_related_values_never_reads_through_a_third_model() {
    // Shoppers review items directly, and buy them through baskets: "bought" is not "reviewed".
    let id = |n: &str| Column::source(n, "BIGINT");
    let manifest = Manifest {
        models: vec![
            table("shoppers", "shopper_id", vec![id("shopper_id"), Column::source("name", "VARCHAR")]),
            table("items", "item_id", vec![id("item_id"), Column::source("category", "VARCHAR")]),
            table("baskets", "basket_id", vec![id("basket_id"), id("shopper_id")]),
            table("basket_lines", "line_id", vec![id("line_id"), id("basket_id"), id("item_id"), Column::source("unit_price", "DOUBLE")]),
            table("reviews", "review_id", vec![id("review_id"), id("shopper_id"), id("item_id"), Column::source("stars", "BIGINT")]),
        ],
        relationships: vec![
            many_to_one("baskets_shoppers", ["baskets", "shoppers"], "baskets.shopper_id = shoppers.shopper_id"),
            many_to_one("lines_baskets", ["basket_lines", "baskets"], "basket_lines.basket_id = baskets.basket_id"),
            many_to_one("lines_items", ["basket_lines", "items"], "basket_lines.item_id = items.item_id"),
            many_to_one("reviews_shoppers", ["reviews", "shoppers"], "reviews.shopper_id = shoppers.shopper_id"),
            many_to_one("reviews_items", ["reviews", "items"], "reviews.item_id = items.item_id"),
        ],
        ..Manifest::default()
    };
    let values = [ValueMatch { model: "items".into(), column: "category".into(), value: "Gadgets".into(), column_values: 0 }];
    let u = ask(&manifest, "How many shoppers got Gadgets?", &values);
    assert!(!matches!(&u, Understanding::Sql { sql, .. } if sql.contains("\"reviews\"")), "{u:?}");
}

#[test]
fn a_range_of_counts_is_read_with_words_or_digits() {
    let manifest = weavers_and_rugs();
    for question in ["Give the names of weavers that have between one and two rugs.", "Which weavers have 1 to 2 rugs?"] {
        let sql = sql_of(&manifest, question, &[]);
        assert!(sql.contains("(SELECT COUNT(*) FROM \"rugs\" WHERE \"rugs\".\"weaver_id\" = \"weavers\".\"weaver_id\") BETWEEN 1 AND 2"), "{question}: {sql}");
    }
    // What "which" names is listed; the things counted after the number are not.
    let sql = sql_of(&manifest, "Which weavers have more than 2 rugs?", &[]);
    assert!(sql.starts_with("SELECT \"weavers\".\"name\"") && sql.ends_with(") > 2"), "{sql}");
}

#[test]
fn a_value_denied_with_its_column_named_between() {
    let manifest = weavers_and_rugs();
    let north = ValueMatch { model: "weavers".into(), column: "studio".into(), value: "North".into(), column_values: 3 };
    let sql = sql_of(&manifest, "Return the names of weavers that do not have the studio 'North'.", &[north]);
    assert!(sql.contains("\"weavers\".\"studio\" <> 'North'"), "{sql}");
}

#[test]
fn a_column_grouped_by_and_compared_is_still_grouped_by() {
    let kilns = one_table("kilns", "kiln_id", &[("kiln_id", "BIGINT"), ("shelf", "BIGINT"), ("temperature", "DOUBLE")]);
    let sql = sql_of(&kilns, "Average temperature by shelf for kilns with shelf between 2 and 4", &[]);
    assert!(sql.contains("BETWEEN 2 AND 4") && sql.contains("GROUP BY \"kilns\".\"shelf\""), "{sql}");
}

#[test]
fn the_things_said_after_the_most_are_what_is_counted() {
    let mut manifest = weavers_and_rugs();
    manifest.models.push(table(
        "looms",
        "loom_id",
        vec![Column::source("loom_id", "BIGINT"), Column::source("maker_id", "BIGINT"), Column::relationship("maker", "makers", "looms_makers")],
    ));
    manifest.models.push(table("makers", "maker_id", vec![Column::source("maker_id", "BIGINT"), Column::source("name", "VARCHAR")]));
    manifest.models[0].columns.push(Column::source("loom_id", "BIGINT"));
    manifest.models[0].columns.push(Column::relationship("loom", "looms", "weavers_looms"));
    manifest.relationships.push(many_to_one("weavers_looms", ["weavers", "looms"], "weavers.loom_id = looms.loom_id"));
    manifest.relationships.push(many_to_one("looms_makers", ["looms", "makers"], "looms.maker_id = makers.maker_id"));
    // A model said first ("maker") is not what "the most weavers" counts: what is understood
    // of the question counts the weavers of each loom.
    let understood = match ask(&manifest, "What is the maker and id of the loom used by the most weavers?", &[]) {
        Understanding::Sql { understood, .. } | Understanding::NotUnderstood { understood, .. } => understood,
    };
    assert!(understood.iter().any(|u| u == "number of weavers") && understood.iter().any(|u| u == "by looms"), "{understood:?}");
}

#[test]
fn both_before_the_columns_a_list_asks_for_is_no_condition() {
    let sql = sql_of(&weavers_and_rugs(), "List both the name and the studio of all weavers.", &[]);
    assert!(sql.contains("\"weavers\".\"name\"") && sql.contains("\"weavers\".\"studio\""), "{sql}");
    // "Both" of two values is still two conditions, not a list.
    assert!(refused(&ask(&weavers_and_rugs(), "List weavers in both studios.", &[])));
}

#[test]
fn a_related_models_column_is_shown_for_the_row_ranked() {
    let mut manifest = weavers_and_rugs();
    manifest.models[1].columns.push(Column::source("width", "DOUBLE"));
    let sql = sql_of(&manifest, "What is the studio of the rug with the largest width?", &[]);
    assert!(sql.contains("\"weavers\".\"studio\" AS \"studio\"") && sql.contains("RANK() OVER (ORDER BY \"rugs\".\"width\" DESC)"), "{sql}");
}

#[test]
fn values_sorted_by_another_column_of_their_rows_are_each_rows() {
    let kilns = one_table("kilns", "kiln_id", &[("kiln_id", "BIGINT"), ("name", "VARCHAR"), ("temperature", "DOUBLE")]);
    let sql = sql_of(&kilns, "Sort kiln names by their temperature in ascending order.", &[]);
    assert_eq!(sql, "SELECT \"kilns\".\"name\" AS \"name\" FROM \"kilns\" ORDER BY \"kilns\".\"temperature\"");
    // Asked for once each, a sort by another column cannot be kept: refused.
    assert!(refused(&ask(&kilns, "Sort the distinct kiln names by temperature.", &[])));
}

#[test]
fn a_model_said_with_its_columns_name_before_a_value_is_placed_by_it() {
    let manifest = weavers_and_rugs();
    let north = ValueMatch { model: "weavers".into(), column: "studio".into(), value: "North".into(), column_values: 3 };
    let sql = sql_of(&manifest, "Show the colour of all rugs for the weaver with studio 'North'.", std::slice::from_ref(&north));
    assert!(sql.contains("FROM \"rugs\"") && sql.contains("\"weavers\".\"studio\" = 'North'"), "{sql}");
    // What is asked for is not a name of the value: the weavers are listed.
    let sql = sql_of(&manifest, "Give the weaver with studio 'North'.", &[north]);
    assert!(sql.starts_with("SELECT \"weavers\".\"name\""), "{sql}");
}

#[test]
fn the_most_common_value_of_a_column_is_the_one_with_the_most_rows() {
    let manifest = weavers_and_rugs();
    for question in ["What is the most common studio of weavers?", "Give the studio that is most common across all weavers."] {
        let sql = sql_of(&manifest, question, &[]);
        assert!(sql.contains("RANK() OVER (ORDER BY COUNT(*) DESC)") && sql.contains("GROUP BY \"weavers\".\"studio\""), "{question}: {sql}");
    }
    // "Listed" said last adds nothing to a count.
    assert_eq!(sql_of(&manifest, "How many weavers are listed?", &[]), "SELECT COUNT(*) AS \"number_of_weavers\" FROM \"weavers\"");
    // Said of a quantity, "most common" is no frequency this reading knows.
    let kilns = one_table("kilns", "kiln_id", &[("kiln_id", "BIGINT"), ("temperature", "DOUBLE")]);
    assert!(refused(&ask(&kilns, "What is the most common temperature of kilns?", &[])));
}

#[test]
fn lines_that_carry_a_quantity_are_counted_by_it() {
    let baskets = one_and_many(("baskets", "basket_id", &[("shopper", "VARCHAR")]), ("basket_lines", "line_id", &[("qty", "BIGINT")]));
    let sql = sql_of(&baskets, "How many baskets had between 2 and 5 basket lines?", &[]);
    assert!(sql.contains("(SELECT COALESCE(SUM(\"basket_lines\".\"qty\"), 0) FROM \"basket_lines\""), "{sql}");
    // Rows with no quantity of their own are counted.
    let sql = sql_of(&weavers_and_rugs(), "Which weavers have more than 2 rugs?", &[]);
    assert!(sql.contains("(SELECT COUNT(*) FROM \"rugs\""), "{sql}");
}
