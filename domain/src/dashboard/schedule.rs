//! A dashboard's refresh schedule (SetDashboardSchedule): checked here, kept as a Temporal
//! Schedule in the schedule's own IANA timezone. Temporal reads the wall-clock time in that
//! zone, so a daily 08:00 in Europe/Berlin stays 08:00 across daylight-saving changes instead
//! of drifting by an hour as a fixed UTC offset would.

use std::str::FromStr;

use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;
use croner::Cron;
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum), graphql(name = "ScheduleFrequency"))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Frequency {
    Never,
    Daily,
    Weekly,
    Custom,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum), graphql(name = "Weekday"))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Weekday {
    Mon,
    Tue,
    Wed,
    Thu,
    Fri,
    Sat,
    Sun,
}

impl Weekday {
    /// Cron's day-of-week number (Sunday is 0).
    fn cron_number(self) -> u8 {
        match self {
            Self::Sun => 0,
            Self::Mon => 1,
            Self::Tue => 2,
            Self::Wed => 3,
            Self::Thu => 4,
            Self::Fri => 5,
            Self::Sat => 6,
        }
    }
}

/// Custom schedules may not run more often than this.
pub const MIN_CUSTOM_GAP: Duration = Duration::minutes(10);
/// How many upcoming runs of a custom schedule are checked against [`MIN_CUSTOM_GAP`]: enough
/// to cover every minute and hour pattern of a day a few times over.
const GAP_CHECK_RUNS: usize = 500;

/// A schedule as the user set it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schedule {
    pub frequency: Frequency,
    pub day: Option<Weekday>,
    pub hour: Option<i16>,
    pub minute: Option<i16>,
    pub cron: Option<String>,
    pub timezone: Option<String>,
}

impl Schedule {
    pub fn never() -> Self {
        Self { frequency: Frequency::Never, day: None, hour: None, minute: None, cron: None, timezone: None }
    }

    /// The schedule with only the fields its frequency uses, or INVALID_INPUT saying what is
    /// wrong. The timezone defaults to UTC.
    pub fn checked(self) -> Result<Self> {
        if self.frequency == Frequency::Never {
            return Ok(Self::never());
        }
        let timezone = self.timezone.as_deref().map(str::trim).filter(|t| !t.is_empty()).unwrap_or("UTC");
        let zone = Tz::from_str(timezone).map_err(|_| Error::invalid(format!("\"{timezone}\" is not a known timezone.")))?;
        let timezone = Some(zone.name().to_owned());
        match self.frequency {
            Frequency::Never => unreachable!("handled above"),
            Frequency::Daily | Frequency::Weekly => {
                let hour = self.hour.ok_or_else(|| Error::invalid("Please enter the hour."))?;
                let minute = self.minute.ok_or_else(|| Error::invalid("Please enter the minute."))?;
                if !(0..=23).contains(&hour) {
                    return Err(Error::invalid("The hour must be between 0 and 23."));
                }
                if !(0..=59).contains(&minute) {
                    return Err(Error::invalid("The minute must be between 0 and 59."));
                }
                let day = match self.frequency {
                    Frequency::Weekly => Some(self.day.ok_or_else(|| Error::invalid("Please choose the day of the week."))?),
                    _ => None,
                };
                Ok(Self { frequency: self.frequency, day, hour: Some(hour), minute: Some(minute), cron: None, timezone })
            }
            Frequency::Custom => {
                let cron = self.cron.as_deref().map(str::trim).filter(|c| !c.is_empty()).ok_or_else(|| Error::invalid("Please enter the cron expression."))?;
                let cron = cron.split_whitespace().collect::<Vec<_>>().join(" ");
                if cron.split(' ').count() != 5 {
                    return Err(Error::invalid("The cron expression needs five fields: minute, hour, day of month, month and day of week."));
                }
                let parsed = parse(&cron)?;
                check_gap(&parsed, zone, Utc::now())?;
                Ok(Self { frequency: Frequency::Custom, day: None, hour: None, minute: None, cron: Some(cron), timezone })
            }
        }
    }

    /// The five-field cron expression, read in [`Self::timezone`], or None for NEVER.
    pub fn cron_expression(&self) -> Option<String> {
        match self.frequency {
            Frequency::Never => None,
            Frequency::Daily => Some(format!("{} {} * * *", self.minute?, self.hour?)),
            Frequency::Weekly => Some(format!("{} {} * * {}", self.minute?, self.hour?, self.day?.cron_number())),
            Frequency::Custom => self.cron.clone(),
        }
    }

    /// The timezone the schedule is read in (UTC when none was given).
    pub fn zone(&self) -> Tz {
        self.timezone.as_deref().and_then(|t| Tz::from_str(t).ok()).unwrap_or(Tz::UTC)
    }

    /// The next `count` runs after `after`, computed here (Temporal computes its own; the two
    /// read the same expression in the same zone).
    pub fn next_runs(&self, after: DateTime<Utc>, count: usize) -> Vec<DateTime<Utc>> {
        let Some(expression) = self.cron_expression() else { return Vec::new() };
        let Ok(cron) = parse(&expression) else { return Vec::new() };
        let zone = self.zone();
        cron.iter_after(after.with_timezone(&zone)).take(count).map(|t| t.with_timezone(&Utc)).collect()
    }
}

fn parse(expression: &str) -> Result<Cron> {
    Cron::new(expression).parse().map_err(|e| Error::invalid(format!("\"{expression}\" is not a valid cron expression: {e}.")))
}

fn check_gap(cron: &Cron, zone: Tz, from: DateTime<Utc>) -> Result<()> {
    let runs: Vec<DateTime<Utc>> = cron.iter_after(from.with_timezone(&zone)).take(GAP_CHECK_RUNS).map(|t| t.with_timezone(&Utc)).collect();
    if runs.is_empty() {
        return Err(Error::invalid("The cron expression never runs."));
    }
    if runs.windows(2).any(|pair| pair[1] - pair[0] < MIN_CUSTOM_GAP) {
        return Err(Error::invalid("A custom schedule must run at least 10 minutes apart."));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{TimeZone, Timelike};

    fn daily(hour: i16, minute: i16, zone: &str) -> Schedule {
        Schedule { frequency: Frequency::Daily, day: None, hour: Some(hour), minute: Some(minute), cron: None, timezone: Some(zone.into()) }
    }

    fn custom(cron: &str) -> Schedule {
        Schedule { frequency: Frequency::Custom, day: None, hour: None, minute: None, cron: Some(cron.into()), timezone: None }
    }

    #[test]
    fn a_daily_berlin_run_keeps_its_wall_clock_time_across_daylight_saving() {
        let schedule = daily(8, 0, "Europe/Berlin").checked().unwrap();
        // Berlin moves from UTC+1 to UTC+2 on 2027-03-28 and back on 2027-10-31.
        let runs = schedule.next_runs(Utc.with_ymd_and_hms(2027, 3, 26, 12, 0, 0).unwrap(), 4);
        let utc_hours: Vec<u32> = runs.iter().map(|t| t.hour()).collect();
        assert_eq!(utc_hours, vec![7, 6, 6, 6], "{runs:?}");
        let runs = schedule.next_runs(Utc.with_ymd_and_hms(2027, 10, 29, 12, 0, 0).unwrap(), 4);
        let utc_hours: Vec<u32> = runs.iter().map(|t| t.hour()).collect();
        assert_eq!(utc_hours, vec![6, 7, 7, 7], "{runs:?}");
        for run in runs {
            assert_eq!(run.with_timezone(&Tz::Europe__Berlin).hour(), 8);
        }
    }

    #[test]
    fn a_weekly_schedule_runs_on_its_day() {
        let schedule = Schedule { frequency: Frequency::Weekly, day: Some(Weekday::Mon), ..daily(9, 30, "America/New_York") }.checked().unwrap();
        assert_eq!(schedule.cron_expression().as_deref(), Some("30 9 * * 1"));
        for run in schedule.next_runs(Utc::now(), 5) {
            let local = run.with_timezone(&Tz::America__New_York);
            assert_eq!((local.format("%a").to_string().as_str(), local.hour(), local.minute()), ("Mon", 9, 30));
        }
    }

    #[test]
    fn hours_minutes_days_and_zones_are_checked() {
        assert!(daily(24, 0, "UTC").checked().unwrap_err().public_message().contains("hour"));
        assert!(daily(8, 60, "UTC").checked().unwrap_err().public_message().contains("minute"));
        assert!(daily(8, 0, "Mars/Olympus").checked().unwrap_err().public_message().contains("timezone"));
        let weekly = Schedule { frequency: Frequency::Weekly, ..daily(8, 0, "UTC") };
        assert!(weekly.checked().unwrap_err().public_message().contains("day of the week"));
        let unset = Schedule { timezone: None, ..daily(8, 0, "UTC") }.checked().unwrap();
        assert_eq!(unset.timezone.as_deref(), Some("UTC"));
    }

    #[test]
    fn custom_runs_must_be_ten_minutes_apart() {
        assert!(custom("*/10 * * * *").checked().is_ok());
        assert!(custom("0 8,20 * * 1-5").checked().is_ok());
        for too_often in ["*/5 * * * *", "* * * * *", "0,5 8 * * *", "55 7 * * *;"] {
            let error = custom(too_often).checked().unwrap_err().public_message();
            assert!(error.contains("10 minutes") || error.contains("not a valid"), "{too_often}: {error}");
        }
        assert!(custom("0 8 * *").checked().unwrap_err().public_message().contains("five fields"));
        assert!(custom("61 8 * * *").checked().unwrap_err().public_message().contains("not a valid"));
    }

    #[test]
    fn never_clears_the_other_fields() {
        let never = Schedule { frequency: Frequency::Never, ..daily(8, 0, "UTC") }.checked().unwrap();
        assert_eq!(never, Schedule::never());
        assert_eq!(never.cron_expression(), None);
    }
}
