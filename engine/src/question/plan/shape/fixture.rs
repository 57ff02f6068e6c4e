//! A small invented schema the detectors' tests read questions against.

use crate::{
    mdl::{Column, Manifest, Model, ModelSource, Properties},
    question::read::{Question, scan},
};
use chrono::NaiveDate;
use std::sync::LazyLock;

static MANIFEST: LazyLock<Manifest> = LazyLock::new(|| {
    let model = |name: &str, key: &str, columns: &[(&str, &str)]| Model {
        name: name.into(),
        source: ModelSource::Table { catalog: None, schema: None, table: name.into() },
        columns: columns.iter().map(|(n, t)| Column::source(n, t)).collect(),
        primary_key: Some(key.into()),
        properties: Properties::default(),
    };
    Manifest {
        models: vec![
            model(
                "parcels",
                "parcel_id",
                &[("parcel_id", "BIGINT"), ("depot", "VARCHAR"), ("weight_kg", "DOUBLE"), ("fee", "DOUBLE"), ("posted_on", "DATE"), ("courier_id", "BIGINT")],
            ),
            model("shifts", "shift_id", &[("shift_id", "BIGINT"), ("year", "BIGINT"), ("month", "BIGINT"), ("day", "BIGINT"), ("hours", "DOUBLE")]),
            model("couriers", "courier_id", &[("courier_id", "BIGINT"), ("name", "VARCHAR"), ("rating", "DOUBLE")]),
        ],
        ..Manifest::default()
    }
});

/// The question as read against the schema, before its shape.
pub(in crate::question::plan) fn question(text: &str) -> Question<'static> {
    scan(&MANIFEST, text, &[], NaiveDate::from_ymd_opt(2026, 6, 15).unwrap_or_default())
}

pub(in crate::question::plan) fn manifest() -> &'static Manifest {
    &MANIFEST
}
