//! A metric as SQL: its measures aggregated over its base model, grouped by the dimensions
//! and time grains the query reads (and only those, so `SELECT month, revenue` groups by
//! month alone). Each time grain gives one column per date part, `<grain>_<part>`, holding the
//! reference column truncated to that part.

use super::{
    CompileError, Dialect,
    model::{model_sql, portable},
    security::Access,
    usage::Needed,
};
use crate::mdl::{ColumnKind, DatePart, Manifest, Metric};

fn grain_column(grain: &str, part: DatePart) -> String {
    format!("{grain}_{}", part_name(part))
}

fn part_name(part: DatePart) -> &'static str {
    match part {
        DatePart::Year => "year",
        DatePart::Quarter => "quarter",
        DatePart::Month => "month",
        DatePart::Week => "week",
        DatePart::Day => "day",
        DatePart::Hour => "hour",
        DatePart::Minute => "minute",
    }
}

/// `column` truncated to the start of its `part` in the dialect.
fn truncate(dialect: Dialect, column: &str, part: DatePart) -> String {
    match dialect {
        Dialect::Postgres | Dialect::DuckDb | Dialect::Trino | Dialect::Snowflake | Dialect::ClickHouse => {
            format!("DATE_TRUNC('{}', {column})", part_name(part))
        }
        Dialect::MySql => match part {
            DatePart::Year => format!("MAKEDATE(YEAR({column}), 1)"),
            DatePart::Quarter => format!("MAKEDATE(YEAR({column}), 1) + INTERVAL (QUARTER({column}) - 1) QUARTER"),
            DatePart::Month => format!("MAKEDATE(YEAR({column}), 1) + INTERVAL (MONTH({column}) - 1) MONTH"),
            DatePart::Week => format!("DATE_SUB(DATE({column}), INTERVAL WEEKDAY({column}) DAY)"),
            DatePart::Day => format!("DATE({column})"),
            DatePart::Hour => format!("DATE_FORMAT({column}, '%Y-%m-%d %H:00:00')"),
            DatePart::Minute => format!("DATE_FORMAT({column}, '%Y-%m-%d %H:%i:00')"),
        },
    }
}

pub(super) fn metric_sql(manifest: &Manifest, dialect: Dialect, metric: &Metric, needed: &Needed, access: &Access) -> Result<String, CompileError> {
    let q = |name: &str| dialect.quote(name);
    let base = manifest.model(&metric.base_object).ok_or_else(|| CompileError::UnknownModel(metric.base_object.clone()))?;
    let expression = |column: &crate::mdl::Column| -> Result<String, CompileError> {
        Ok(match &column.kind {
            ColumnKind::Calculated { expression } => portable(dialect, expression)?,
            ColumnKind::Source { source_column } => q(source_column.as_deref().unwrap_or(&column.name)),
            ColumnKind::Relationship { .. } => q(&column.name),
        })
    };
    let mut groups = Vec::new();
    let mut selected = Vec::new();
    for dimension in metric.dimensions.iter().filter(|d| needed.has(&d.name)) {
        let value = expression(dimension)?;
        selected.push(format!("{value} AS {}", q(&dimension.name)));
        groups.push(value);
    }
    for grain in &metric.time_grains {
        for part in &grain.date_parts {
            let name = grain_column(&grain.name, *part);
            if needed.has(&name) {
                let truncated = truncate(dialect, &q(&grain.ref_column), *part);
                groups.push(truncated.clone());
                selected.push(format!("{truncated} AS {}", q(&name)));
            }
        }
    }
    for measure in metric.measures.iter().filter(|m| needed.has(&m.name)) {
        selected.push(format!("{} AS {}", expression(measure)?, q(&measure.name)));
    }
    if selected.is_empty() {
        selected.push(format!("COUNT(*) AS {}", q("row_count")));
    }
    let from = model_sql(manifest, dialect, base, &Needed::All, access)?;
    let group_by = if groups.is_empty() { String::new() } else { format!(" GROUP BY {}", groups.join(", ")) };
    Ok(format!("SELECT {} FROM ({from}) AS {}{group_by}", selected.join(", "), q(&base.name)))
}
