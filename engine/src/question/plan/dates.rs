//! Time in a reading: a date range, a month of any year, parts of the day and week, on the
//! date column the question names or the base's own, or on whole-number year, month and hour
//! columns (a `month` column holding 1–12 is a month).

use super::{Reading, fail};
use crate::{
    compile::Dialect,
    mdl::Column,
    question::{
        Chip, ChipKind,
        entities::{ends_validity, stems_of},
        lexicon,
        reach::{Reach, is_numeric, readable},
        read::{is_date, names},
        time::DayPart,
    },
};
use chrono::Datelike;

impl<'m> Reading<'_, 'm> {
    /// Dates: the column a range or grain is about — one the question names, else the base's.
    pub(super) fn dates(&mut self) -> Result<(), Vec<String>> {
        let (dialect, q, base, s) = (self.dialect, self.q, self.base, self.s);
        self.named_date = q.names.iter().enumerate().filter(|(i, _)| !s.grouped_names.contains(i)).find_map(|(i, m)| {
            m.candidates.iter().filter(|(_, c)| c.is_some_and(is_date)).find_map(|(m, c)| self.plan.find(&m.name, &(*c)?.name).cloned()).map(|r| (i, r))
        });
        if self.needs_date()
            && let Some((i, _)) = &self.named_date
        {
            self.used_names.push(*i);
        }
        if let Some((range, at)) = &q.time {
            // Without a date, a whole-number year column of the base's own ("Year") for whole years.
            let whole_years = range.start.month() == 1 && range.start.day() == 1 && range.end.month() == 1 && range.end.day() == 1;
            let year_column = || self.time_part_column("year");
            // A year column the question names ("born in 1980": `birthYear`) or the base's own
            // before a date reached through a relationship.
            let own_date = self.date_column().filter(|d| !d.joined() || self.named_date.is_some());
            let said_year = self.said_time_part("year").filter(|_| whole_years && self.named_date.is_none());
            let (d, by_year) = match (said_year, own_date, year_column().filter(|_| whole_years), self.date_column()) {
                (Some(y), _, _, _) => (y, true),
                (None, Some(d), _, _) => (d, false),
                (None, None, Some(y), _) => (y, true),
                (None, None, None, Some(d)) => (d, false),
                (None, None, None, None) => return fail(format!("no date in {} for {}", base.name, range.label)),
            };
            let column = d.sql(dialect);
            if by_year {
                self.conditions.push(format!("{column} >= {} AND {column} < {}", range.start.year(), range.end.year()));
            } else {
                self.conditions.push(format!("{column} >= DATE '{}' AND {column} < DATE '{}'", range.start, range.end));
            }
            let (start, end) = q.span(at.clone());
            self.chips.push(Chip { kind: ChipKind::TimeRange, label: format!("in {}", range.label), start, end });
            self.used.push(d);
        }
        // "In July", whatever the year: the month of a date, or a whole-number month column.
        if let Some((month, at)) = q.month_of_year {
            let said_month = self.said_time_part("month").filter(|_| self.named_date.is_none());
            let (date, month_column) = match said_month {
                Some(m) => (None, Some(m)),
                None => (self.date_column(), self.time_part_column("month")),
            };
            // A month column of the rows' own is their calendar as written (a timestamp beside
            // it may be in UTC), as an hour column is preferred for the time of day.
            let (date, month_column) = match month_column {
                Some(m) if !m.joined() && self.named_date.is_none() => (None, Some(m)),
                m => (date, m),
            };
            let condition = match (date, month_column) {
                (Some(d), _) => {
                    let condition = format!("EXTRACT(MONTH FROM {}) = {month}", d.sql(dialect));
                    self.used.push(d);
                    condition
                }
                (None, Some(m)) => {
                    let condition = format!("{} = {month}", m.sql(dialect));
                    self.used.push(m);
                    condition
                }
                (None, None) => return fail(format!("no date in {} for a month", base.name)),
            };
            self.conditions.push(condition);
            let (start, end) = q.span(at..at + 1);
            self.chips.push(Chip { kind: ChipKind::TimeRange, label: format!("in {}", &q.text[start..end]), start, end });
        }
        // "In the morning", "on Mondays": the hour or the weekday of a date, or an hour column.
        for (part, at) in &q.day_parts {
            let (start, end) = q.span(*at..at + 1);
            let condition = match part {
                DayPart::Hours(from, to) => {
                    let hour = match (self.date_column().filter(|d| d.column.type_name.to_uppercase().contains("TIME")), self.time_part_column("hour")) {
                        (_, Some(h)) => {
                            let sql = h.sql(dialect);
                            self.used.push(h);
                            sql
                        }
                        (Some(d), None) => {
                            let sql = format!("EXTRACT(HOUR FROM {})", d.sql(dialect));
                            self.used.push(d);
                            sql
                        }
                        (None, None) => return fail(format!("no time of day in {} for \"{}\"", base.name, &q.text[start..end])),
                    };
                    if from < to { format!("{hour} >= {from} AND {hour} < {to}") } else { format!("({hour} >= {from} OR {hour} < {to})") }
                }
                DayPart::Weekdays(days) => {
                    let Some(d) = self.calendar() else { return fail(format!("no date in {} for \"{}\"", base.name, &q.text[start..end])) };
                    let weekday = match dialect {
                        Dialect::MySql => format!("(DAYOFWEEK({}) - 1)", d.sql(dialect)),
                        // Trino counts Monday 1 to Sunday 7; Sunday is 0 here.
                        Dialect::Trino => format!("(DAY_OF_WEEK({}) % 7)", d.sql(dialect)),
                        _ => format!("EXTRACT(DOW FROM {})", d.sql(dialect)),
                    };
                    self.used.extend(d.columns());
                    format!("{weekday} IN ({})", days.iter().map(u32::to_string).collect::<Vec<_>>().join(", "))
                }
            };
            self.conditions.push(condition);
            self.chips.push(Chip { kind: ChipKind::TimeRange, label: q.text[start..end].to_lowercase(), start, end });
        }
        Ok(())
    }

    /// A whole-number column of the base's own that holds a part of a date ("year", "yearID",
    /// "month"): the words of its name are the part, or the part and words the question says
    /// ("birthMonth" when it says "born").
    pub(super) fn time_part_column(&self, part: &str) -> Option<Reach<'m>> {
        self.plan
            .reach
            .iter()
            .filter(|r| !r.joined() && readable(r.column) && is_numeric(r.column))
            .find(|r| part_words(r.column) == [part])
            .cloned()
            .or_else(|| self.said_time_part(part))
    }

    /// A whole-number column for a part of a date whose other words the question says
    /// (`birthMonth` when it says "born").
    fn said_time_part(&self, part: &str) -> Option<Reach<'m>> {
        let said = |w: &str| self.q.tokens.iter().any(|t| names(&t.stem, w) || lexicon::column_synonyms(&t.stem).contains(&w));
        self.plan
            .reach
            .iter()
            .filter(|r| !r.joined() && readable(r.column) && is_numeric(r.column))
            .find(|r| {
                let w = part_words(r.column);
                w.len() > 1 && w.last().is_some_and(|l| l == part) && w[..w.len() - 1].iter().all(|x| said(x))
            })
            .cloned()
    }

    /// The dates a grain or a weekday is read from: a date column the question names, else the
    /// base's own whole-number year, month and day columns — the rows' calendar as written,
    /// where a timestamp beside them may be in UTC — else the base's date column.
    pub(super) fn calendar(&self) -> Option<Calendar<'m>> {
        let parts = || Some([self.time_part_column("year")?, self.time_part_column("month")?, self.time_part_column("day")?]);
        match parts().filter(|p| self.named_date.is_none() && p.iter().all(|r| !r.joined())) {
            Some(parts) => Some(Calendar::Parts(Box::new(parts))),
            None => self.date_column().map(Calendar::Column),
        }
    }

    /// The date column a range or grain is about: the one the question names, else the base's.
    pub(super) fn date_column(&self) -> Option<Reach<'m>> {
        if let Some((_, r)) = &self.named_date {
            return Some(r.clone());
        }
        let own = self.plan.reach.iter().filter(|r| !r.joined() && is_date(r.column) && !ends_validity(r.column)).min_by_key(|r| date_rank(r.column));
        own.or_else(|| self.plan.reach.iter().filter(|r| is_date(r.column) && !ends_validity(r.column)).min_by_key(|r| (r.path.len(), date_rank(r.column))))
            .cloned()
    }

    /// A date range or a time grain is said.
    pub(super) fn needs_date(&self) -> bool {
        self.q.time.is_some() || self.q.month_of_year.is_some() || !self.q.day_parts.is_empty() || !self.s.grains.is_empty()
    }
}

/// A whole-number column that holds a part of a date: `year`, `month`, `yearID`, `hour`.
pub(super) fn is_time_part(column: &Column) -> bool {
    is_numeric(column) && matches!(part_words(column).as_slice(), [w] if ["year", "quarter", "month", "week", "day", "hour"].contains(&w.as_str()))
}

/// The stems of a column's name but "id": a part of a date named as an id (`yearID`) is the part.
fn part_words(column: &Column) -> Vec<String> {
    stems_of(&column.name).into_iter().filter(|w| w != "id").collect()
}

/// Where a reading's dates come from.
#[derive(Debug, Clone)]
pub(super) enum Calendar<'m> {
    Column(Reach<'m>),
    /// Whole-number year, month and day columns.
    Parts(Box<[Reach<'m>; 3]>),
}

impl<'m> Calendar<'m> {
    /// The date, as an SQL expression.
    pub(super) fn sql(&self, dialect: Dialect) -> String {
        let parts = match self {
            Calendar::Column(d) => return d.sql(dialect),
            Calendar::Parts(parts) => parts,
        };
        let [y, m, d] = parts.as_ref().clone().map(|r| r.sql(dialect));
        match dialect {
            Dialect::MySql => format!("STR_TO_DATE(CONCAT_WS('-', {y}, {m}, {d}), '%Y-%c-%e')"),
            Dialect::Postgres => format!("MAKE_DATE(CAST({y} AS INTEGER), CAST({m} AS INTEGER), CAST({d} AS INTEGER))"),
            Dialect::Snowflake => format!("DATE_FROM_PARTS({y}, {m}, {d})"),
            Dialect::ClickHouse => format!("makeDate({y}, {m}, {d})"),
            Dialect::Trino => format!("CAST(format('%04d-%02d-%02d', {y}, {m}, {d}) AS DATE)"),
            Dialect::DuckDb => format!("MAKE_DATE({y}, {m}, {d})"),
        }
    }

    /// The columns it reads.
    pub(super) fn columns(&self) -> Vec<Reach<'m>> {
        match self {
            Calendar::Column(d) => vec![d.clone()],
            Calendar::Parts(parts) => parts.to_vec(),
        }
    }
}

/// The date a question most likely means: a creation or event date before a birth date.
pub(super) fn date_rank(column: &Column) -> usize {
    let words = stems_of(&column.name);
    if words.iter().any(|w| ["birth", "born"].contains(&w.as_str())) {
        2
    } else if words.iter().any(|w| ["hire", "signed", "launched", "draft"].contains(&w.as_str())) {
        1
    } else {
        0
    }
}
