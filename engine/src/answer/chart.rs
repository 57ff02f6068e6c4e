//! The chart a result calls for, read from its shape: how many rows, which columns are
//! numbers, which are dates or years, and how many distinct values the categories have.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{ColumnTypeFamily, ResultColumn};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ChartType {
    Area,
    Bar,
    GroupedBar,
    Line,
    MultiLine,
    Number,
    Pie,
    StackedBar,
}

/// What to draw: the type and which result columns go on the axes. `color` splits the
/// series (GROUPED_BAR, STACKED_BAR, MULTI_LINE); `x` is the category or time axis.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChartSpec {
    pub chart_type: ChartType,
    pub title: String,
    pub x: Option<String>,
    pub y: String,
    pub color: Option<String>,
}

/// Pie charts read well up to this many slices.
const PIE_SLICES: usize = 5;
/// Series a grouped bar chart can show side by side before stacking reads better.
const GROUPED_SERIES: usize = 3;
/// More series than this and no chart reads well.
const MOST_SERIES: usize = 12;
/// A time series this long is drawn as an area.
const AREA_POINTS: usize = 24;

pub fn is_number(column: &ResultColumn) -> bool {
    matches!(column.family, ColumnTypeFamily::Integer | ColumnTypeFamily::Decimal | ColumnTypeFamily::Float)
}

/// Dates, timestamps, and the years and months that date arithmetic returns as numbers.
pub fn is_time(column: &ResultColumn) -> bool {
    matches!(column.family, ColumnTypeFamily::Date | ColumnTypeFamily::Timestamp | ColumnTypeFamily::Timestamptz)
        || ["year", "month", "quarter", "week", "day", "date"].iter().any(|w| column.name.to_lowercase().ends_with(w))
}

fn distinct(rows: &[Vec<Value>], index: usize) -> usize {
    let mut seen: Vec<&Value> = rows.iter().filter_map(|r| r.get(index)).collect();
    seen.sort_by_key(|v| v.to_string());
    seen.dedup();
    seen.len()
}

/// The chart for a result, or `None` when no chart fits (NO_CHART).
pub fn choose(title: &str, columns: &[ResultColumn], rows: &[Vec<Value>]) -> Option<ChartSpec> {
    if rows.is_empty() {
        return None;
    }
    let spec = |chart_type, x: Option<&ResultColumn>, y: &ResultColumn, color: Option<&ResultColumn>| ChartSpec {
        chart_type,
        title: title.to_owned(),
        x: x.map(|c| c.name.clone()),
        y: y.name.clone(),
        color: color.map(|c| c.name.clone()),
    };
    let measures: Vec<&ResultColumn> = columns.iter().filter(|c| is_number(c) && !is_time(c)).collect();
    let dimensions: Vec<(usize, &ResultColumn)> = columns.iter().enumerate().filter(|(_, c)| !is_number(c) || is_time(c)).collect();
    let [y] = measures.as_slice() else { return None };
    match dimensions.as_slice() {
        [] if rows.len() == 1 => Some(spec(ChartType::Number, None, y, None)),
        [(_, x)] if is_time(x) => {
            let kind = if rows.len() > AREA_POINTS { ChartType::Area } else { ChartType::Line };
            Some(spec(kind, Some(x), y, None))
        }
        [(_, x)] if rows.len() == 1 => Some(spec(ChartType::Number, Some(x), y, None)),
        [(_, x)] if rows.len() <= PIE_SLICES && adds_up(y) && rows.iter().all(|r| positive(r, columns, y)) => Some(spec(ChartType::Pie, Some(x), y, None)),
        [(_, x)] => Some(spec(ChartType::Bar, Some(x), y, None)),
        [(_, first), (second_index, second)] => {
            // Time goes on the x axis; the other dimension splits the series.
            let (x, (color_index, color)) =
                if is_time(second) && !is_time(first) { (*second, (dimensions[0].0, *first)) } else { (*first, (*second_index, *second)) };
            let series = distinct(rows, color_index);
            if series > MOST_SERIES {
                return None;
            }
            let kind = if is_time(x) {
                ChartType::MultiLine
            } else if series <= GROUPED_SERIES {
                ChartType::GroupedBar
            } else {
                ChartType::StackedBar
            };
            Some(spec(kind, Some(x), y, Some(color)))
        }
        _ => None,
    }
}

/// Whether a measure's parts make a whole (sums and counts do; averages, rates and shares do
/// not, so they are never drawn as a pie).
fn adds_up(y: &ResultColumn) -> bool {
    const NOT_PARTS: [&str; 12] = ["avg", "average", "mean", "median", "rate", "ratio", "percent", "percentage", "pct", "share", "per", "min"];
    let words = super::format::name_in_words(&y.name);
    !words.split(' ').any(|w| NOT_PARTS.contains(&w) || w == "max")
}

fn positive(row: &[Value], columns: &[ResultColumn], y: &ResultColumn) -> bool {
    columns.iter().position(|c| c.name == y.name).and_then(|i| row.get(i)).and_then(number).is_some_and(|n| n > 0.0)
}

/// A cell as a number, when it is one (sources send decimals as text).
pub fn number(value: &Value) -> Option<f64> {
    match value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// Why [`choose`] found no chart for the result, in words a user acts on (the reply to NO_CHART,
/// before "No charges applied.").
pub fn why_none(columns: &[ResultColumn], rows: &[Vec<Value>]) -> String {
    let words = |cs: &[&ResultColumn]| cs.iter().map(|c| super::format::name_in_words(&c.name)).collect::<Vec<_>>().join(", ");
    let measures: Vec<&ResultColumn> = columns.iter().filter(|c| is_number(c) && !is_time(c)).collect();
    let dimensions: Vec<&ResultColumn> = columns.iter().filter(|c| !is_number(c) || is_time(c)).collect();
    if rows.is_empty() {
        return "There are no rows to draw.".to_owned();
    }
    match (measures.len(), dimensions.len()) {
        (0, _) => "The result has no number to draw: a chart needs a column of numbers.".to_owned(),
        (1, 0) => format!("The result is a list of {} with nothing to draw it against: choose a column for the x axis.", words(&measures)),
        (n, _) if n > 1 => format!("The result has {n} number columns ({}); a chart draws one: choose it as the y axis.", words(&measures)),
        (_, 2) => {
            // The series are split by the second label, or by the first when the second is time.
            let series = if is_time(dimensions[1]) && !is_time(dimensions[0]) { dimensions[0] } else { dimensions[1] };
            let name = words(&[series]);
            let mut chars = name.chars();
            let name: String = chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default();
            format!("{name} has more than {MOST_SERIES} values: too many series to tell apart.")
        }
        (_, n) => format!("The result has {n} label columns ({}); a chart shows two at most: choose the x axis and the series.", words(&dimensions)),
    }
}

/// Checks a chart a user asked for against the result: every named column must exist and
/// the y axis must be a number. The reason is shown to the user.
pub fn check(spec: &ChartSpec, columns: &[ResultColumn]) -> Result<(), String> {
    let find = |name: &str| columns.iter().find(|c| c.name == name);
    let y = find(&spec.y).ok_or_else(|| format!("The result has no column \"{}\".", spec.y))?;
    if !is_number(y) {
        return Err(format!("\"{}\" is not a number, so it cannot be the chart's value.", spec.y));
    }
    for name in spec.x.iter().chain(spec.color.iter()) {
        find(name).ok_or_else(|| format!("The result has no column \"{name}\"."))?;
    }
    let needs_x = !matches!(spec.chart_type, ChartType::Number);
    if needs_x && spec.x.is_none() {
        return Err("This chart type needs an x axis.".to_owned());
    }
    let needs_color = matches!(spec.chart_type, ChartType::GroupedBar | ChartType::StackedBar | ChartType::MultiLine);
    if needs_color && spec.color.is_none() {
        return Err("This chart type needs a column to split the series by.".to_owned());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn col(name: &str, family: ColumnTypeFamily) -> ResultColumn {
        ResultColumn::new(name, "", family)
    }

    fn kind(columns: &[ResultColumn], rows: Vec<Vec<Value>>) -> Option<ChartType> {
        choose("t", columns, &rows).map(|s| s.chart_type)
    }

    use ColumnTypeFamily::{Date, Decimal, Integer, Text};

    #[test]
    fn the_shape_of_the_result_picks_the_chart() {
        let total = col("total", Decimal);
        let country = col("country", Text);
        assert_eq!(kind(std::slice::from_ref(&total), vec![vec![json!("12.5")]]), Some(ChartType::Number));
        let countries: Vec<Vec<Value>> = (0..8).map(|i| vec![json!(format!("c{i}")), json!(i + 1)]).collect();
        assert_eq!(kind(&[country.clone(), total.clone()], countries), Some(ChartType::Bar));
        let three = vec![vec![json!("a"), json!(3)], vec![json!("b"), json!(2)], vec![json!("c"), json!(1)]];
        assert_eq!(kind(&[country.clone(), total.clone()], three.clone()), Some(ChartType::Pie));
        // Averages, rates and shares are no parts of a whole: never a pie.
        for not_parts in ["avg_order_value", "AverageScore", "conversion_rate", "share_of_sales", "revenue_per_customer"] {
            assert_eq!(kind(&[country.clone(), col(not_parts, Decimal)], three.clone()), Some(ChartType::Bar), "{not_parts}");
        }
        let years: Vec<Vec<Value>> = (2020..2025).map(|y| vec![json!(y), json!(10)]).collect();
        assert_eq!(kind(&[col("year", Integer), total.clone()], years), Some(ChartType::Line));
        let days: Vec<Vec<Value>> = (1..=30).map(|d| vec![json!(format!("2024-01-{d:02}")), json!(d)]).collect();
        assert_eq!(kind(&[col("day", Date), total.clone()], days), Some(ChartType::Area));
        let split = |n: usize| (0..n).flat_map(|g| (0..3).map(move |x| vec![json!(format!("x{x}")), json!(format!("g{g}")), json!(1)])).collect::<Vec<_>>();
        let genre = col("genre", Text);
        assert_eq!(kind(&[country.clone(), genre.clone(), total.clone()], split(2)), Some(ChartType::GroupedBar));
        assert_eq!(kind(&[country.clone(), genre.clone(), total.clone()], split(6)), Some(ChartType::StackedBar));
        assert_eq!(kind(&[country.clone(), genre.clone(), total.clone()], split(20)), None, "too many series");
        let by_year = vec![vec![json!("Rock"), json!(2023), json!(1)], vec![json!("Jazz"), json!(2024), json!(2)]];
        let spec = choose("t", &[genre.clone(), col("year", Integer), total.clone()], &by_year).unwrap();
        assert_eq!((spec.chart_type, spec.x.as_deref(), spec.color.as_deref()), (ChartType::MultiLine, Some("year"), Some("genre")));
        assert_eq!(kind(&[country.clone(), total.clone()], vec![]), None, "nothing to draw");
        assert_eq!(kind(&[country.clone(), genre.clone()], vec![vec![json!("a"), json!("b")]]), None, "no measure");
    }

    #[test]
    fn no_chart_says_why() {
        let (total, country, genre) = (col("total_amount", Decimal), col("country", Text), col("genre", Text));
        let one = vec![vec![json!(1), json!(2)]];
        let orders = [col("order_id", Integer), total.clone()];
        assert_eq!(why_none(&orders, &one), "The result has 2 number columns (order id, total amount); a chart draws one: choose it as the y axis.");
        assert_eq!(why_none(&[country.clone(), genre.clone()], &one), "The result has no number to draw: a chart needs a column of numbers.");
        assert_eq!(why_none(std::slice::from_ref(&country), &[]), "There are no rows to draw.");
        let split: Vec<Vec<Value>> = (0..20).map(|g| vec![json!("x"), json!(format!("g{g}")), json!(1)]).collect();
        let columns = [country.clone(), genre.clone(), total.clone()];
        assert_eq!(choose("t", &columns, &split), None);
        assert_eq!(why_none(&columns, &split), "Genre has more than 12 values: too many series to tell apart.");
    }

    #[test]
    fn a_chosen_chart_is_checked_against_the_result() {
        let columns = [col("country", Text), col("total", Decimal)];
        let mut spec = ChartSpec { chart_type: ChartType::Bar, title: "t".into(), x: Some("country".into()), y: "total".into(), color: None };
        assert_eq!(check(&spec, &columns), Ok(()));
        spec.y = "country".into();
        assert!(check(&spec, &columns).unwrap_err().contains("not a number"));
        spec.y = "total".into();
        spec.x = Some("planet".into());
        assert!(check(&spec, &columns).unwrap_err().contains("planet"));
        spec.x = Some("country".into());
        spec.chart_type = ChartType::StackedBar;
        assert!(check(&spec, &columns).is_err(), "a stacked bar needs a series column");
    }
}
