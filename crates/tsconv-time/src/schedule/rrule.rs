//! RFC 5545 recurrence rules: `DTSTART` (with `TZID=`, in UTC with `Z`, or
//! floating), one or more `RRULE`s, `EXDATE` and `RDATE`, on separate
//! lines or separated by spaces; a bare `FREQ=...` is a rule. The `rrule`
//! crate expands them on the wall clock, given to it as UTC: a `Z` time
//! (`UNTIL`, a `DTSTART`, an `EXDATE`) is first turned into the zone's
//! wall clock, so that the zone and its clock changes stay the engine's.

use std::str::FromStr;

use chrono::{TimeZone as _, Utc};
use jiff::civil::DateTime;
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan as _};
use rrule::{RRule, RRuleSet, RRuleSetIter, Tz, Unvalidated};

use super::cron::from_chrono;
use super::{MAX_WALLS, Wall};
use crate::error::TimeError;
use crate::zone::Zone;

/// A time of the rule as written: a wall-clock time, or an instant (`Z`).
#[derive(Clone, Copy, Debug)]
enum Stamp {
    Wall(DateTime),
    Instant(Timestamp),
}

impl Stamp {
    fn wall(self, tz: &TimeZone) -> DateTime {
        match self {
            Stamp::Wall(wall) => wall,
            Stamp::Instant(instant) => tz.to_datetime(instant),
        }
    }
}

pub(crate) struct Rule {
    /// The zone of `DTSTART;TZID=` (or UTC for a `Z` start).
    pub zone: Option<Zone>,
    start: Option<Stamp>,
    /// Each `RRULE` as written, and its `UNTIL` apart.
    rules: Vec<(String, Option<Stamp>)>,
    exdates: Vec<Stamp>,
    rdates: Vec<Stamp>,
    /// The first rule as read, for its description.
    pub first: RRule<Unvalidated>,
    pub start_wall: Option<DateTime>,
}

fn invalid(message: impl Into<String>) -> TimeError {
    TimeError::InvalidSchedule { message: message.into(), field: None, position: None, suggestion: None }
}

/// `20260301`, `20260301T090000` or `20260301T090000Z`.
fn stamp(text: &str) -> Result<Stamp, TimeError> {
    let bad = || invalid(format!("{text:?} is not an RFC 5545 date or date-time (20260301 or 20260301T090000[Z])"));
    let (body, utc) = match text.strip_suffix(['Z', 'z']) {
        Some(body) => (body, true),
        None => (text, false),
    };
    let digits = |range: std::ops::Range<usize>| -> Result<i16, TimeError> {
        let part = body.get(range).ok_or_else(bad)?;
        if !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        part.parse().map_err(|_| bad())
    };
    let (year, month, day) = (digits(0..4)?, digits(4..6)?, digits(6..8)?);
    let (hour, minute, second) = match body.len() {
        8 => (0, 0, 0),
        15 if body.as_bytes()[8].eq_ignore_ascii_case(&b'T') => (digits(9..11)?, digits(11..13)?, digits(13..15)?),
        _ => return Err(bad()),
    };
    let wall = DateTime::new(year, month as i8, day as i8, hour as i8, minute as i8, second as i8, 0)
        .map_err(|error| invalid(format!("{text:?} is not a date that exists: {error}")))?;
    if utc {
        let instant = jiff::tz::Offset::UTC.to_timestamp(wall).map_err(|_| bad())?;
        return Ok(Stamp::Instant(instant));
    }
    Ok(Stamp::Wall(wall))
}

/// `NAME;PARAM=...;PARAM=...:VALUE` as (name, TZID, value).
fn property(line: &str) -> Option<(String, Option<&str>, &str)> {
    let (head, value) = line.split_once(':')?;
    let mut parts = head.split(';');
    let name = parts.next()?.to_ascii_uppercase();
    let tzid = parts.find_map(|param| {
        let (key, value) = param.split_once('=')?;
        key.eq_ignore_ascii_case("TZID").then_some(value)
    });
    Some((name, tzid, value))
}

pub(crate) fn read(expression: &str) -> Result<Rule, TimeError> {
    if !expression.is_ascii() {
        return Err(invalid("an RRULE is written in ASCII"));
    }
    let mut zone = None;
    let mut start = None;
    let mut rules = Vec::new();
    let mut exdates = Vec::new();
    let mut rdates = Vec::new();
    for line in expression.split_ascii_whitespace() {
        if line.to_ascii_uppercase().starts_with("FREQ=") {
            rules.push(split_until(line)?);
            continue;
        }
        let Some((name, tzid, value)) = property(line) else {
            return Err(invalid(format!(
                "{line:?} is not read: write DTSTART:..., RRULE:FREQ=..., EXDATE:... or RDATE:..."
            )));
        };
        let named = tzid.map(Zone::parse).transpose()?;
        match name.as_str() {
            "DTSTART" => {
                let read = stamp(value)?;
                zone = match (named, read) {
                    (Some(named), _) => Some(named),
                    (None, Stamp::Instant(_)) => Some(Zone::utc()),
                    (None, Stamp::Wall(_)) => None,
                };
                start = Some(read);
            }
            "RRULE" => rules.push(split_until(value)?),
            "EXDATE" | "RDATE" => {
                let list = if name == "EXDATE" { &mut exdates } else { &mut rdates };
                for item in value.split(',') {
                    list.push(stamp(item)?);
                }
            }
            "EXRULE" => return Err(invalid("EXRULE is deprecated by RFC 5545 and not read: list EXDATEs instead")),
            other => {
                return Err(invalid(format!(
                    "{other} is not part of a recurrence: use DTSTART, RRULE, EXDATE or RDATE"
                )));
            }
        }
    }
    let Some((first_text, _)) = rules.first() else {
        return Err(invalid("no RRULE: write FREQ=... (e.g. FREQ=WEEKLY;BYDAY=MO,WE)"));
    };
    let first = RRule::<Unvalidated>::from_str(first_text)
        .map_err(|error| invalid(format!("the RRULE is not valid: {error}")))?;
    let start_wall = start.map(|start| start.wall(zone.as_ref().map_or(&TimeZone::UTC, Zone::tz)));
    let rule = Rule { zone, start, rules, exdates, rdates, first, start_wall };
    // Built once now, so that a rule the crate refuses is refused here.
    rule.set(&TimeZone::UTC, DateTime::constant(2000, 1, 1, 0, 0, 0, 0))?;
    Ok(rule)
}

/// The rule without its `UNTIL`, and the `UNTIL`: a `Z` one becomes the
/// zone's wall clock before the crate sees it.
fn split_until(rule: &str) -> Result<(String, Option<Stamp>), TimeError> {
    let mut kept = Vec::new();
    let mut until = None;
    for part in rule.split(';') {
        match part.split_once('=') {
            Some((key, value)) if key.eq_ignore_ascii_case("UNTIL") => until = Some(stamp(value)?),
            _ => kept.push(part),
        }
    }
    Ok((kept.join(";"), until))
}

fn utc(wall: DateTime) -> Option<chrono::DateTime<Tz>> {
    let naive = chrono::NaiveDate::from_ymd_opt(i32::from(wall.year()), wall.month() as u32, wall.day() as u32)?
        .and_hms_opt(wall.hour() as u32, wall.minute() as u32, wall.second() as u32)?;
    Some(Tz::UTC.from_utc_datetime(&naive))
}

impl Rule {
    /// The first rule's `UNTIL` as written (`Z` kept).
    pub(crate) fn until_text(&self) -> Option<String> {
        self.rules.first()?.1.map(|until| match until {
            Stamp::Wall(wall) => wall.to_string(),
            Stamp::Instant(instant) => instant.to_string(),
        })
    }

    /// The set, on `tz`'s wall clock, starting at `start` when the rule has no `DTSTART`.
    fn set(&self, tz: &TimeZone, default_start: DateTime) -> Result<RRuleSet, TimeError> {
        let start = self.start.map_or(default_start, |start| start.wall(tz));
        let out_of_range = || invalid(format!("the start {start} is outside the years a rule is expanded in"));
        let dt_start = utc(start).ok_or_else(out_of_range)?;
        let mut set = RRuleSet::new(dt_start);
        for (text, until) in &self.rules {
            let mut rule = RRule::<Unvalidated>::from_str(text)
                .map_err(|error| invalid(format!("the RRULE is not valid: {error}")))?;
            if rule.get_interval() == 0 {
                return Err(invalid(
                    "the RRULE is not valid: INTERVAL must be a whole number from 1 up (RFC 5545 3.3.10)",
                ));
            }
            if let Some(until) = until {
                rule = rule.until(utc(until.wall(tz)).ok_or_else(out_of_range)?);
            }
            let rule = rule.validate(dt_start).map_err(|error| invalid(format!("the RRULE is not valid: {error}")))?;
            set = set.rrule(rule);
        }
        for exdate in &self.exdates {
            set = set.exdate(utc(exdate.wall(tz)).ok_or_else(out_of_range)?);
        }
        for rdate in &self.rdates {
            set = set.rdate(utc(rdate.wall(tz)).ok_or_else(out_of_range)?);
        }
        Ok(set)
    }

    /// The rule's wall-clock times in `tz`; without a `DTSTART`, it starts at
    /// `from` (whole seconds).
    pub(crate) fn wall(&self, tz: &TimeZone, from: Timestamp) -> Result<RruleWall, TimeError> {
        let default = tz.to_datetime(from);
        let default = default.checked_sub(default.subsec_nanosecond().nanoseconds()).unwrap_or(default);
        let set = self.set(tz, default)?;
        Ok(RruleWall { iter: (&set).into_iter(), seen: Vec::new(), done: false })
    }
}

/// The expansion, kept as it is pulled (ascending), to answer `after` and
/// `before` by binary search; at most [`MAX_WALLS`] times are pulled.
pub(crate) struct RruleWall {
    iter: RRuleSetIter,
    seen: Vec<DateTime>,
    done: bool,
}

impl RruleWall {
    /// Pulls until a time at or beyond `until` is seen, or the rule ends.
    fn pull_past(&mut self, until: DateTime) -> Result<(), TimeError> {
        while !self.done && self.seen.last().is_none_or(|&last| last <= until) {
            if self.seen.len() >= MAX_WALLS {
                return Err(invalid(format!(
                    "the rule has more than {MAX_WALLS} occurrences between its DTSTART and the time asked for: move \
                     DTSTART closer"
                )));
            }
            match self.iter.next().and_then(|next| from_chrono(next.with_timezone(&Utc).naive_utc())) {
                Some(next) => self.seen.push(next),
                None => self.done = true,
            }
        }
        Ok(())
    }
}

impl Wall for RruleWall {
    fn after(&mut self, after: DateTime) -> Result<Option<DateTime>, TimeError> {
        self.pull_past(after)?;
        let index = self.seen.partition_point(|&seen| seen <= after);
        Ok(self.seen.get(index).copied())
    }

    fn before(&mut self, before: DateTime) -> Result<Option<DateTime>, TimeError> {
        self.pull_past(before)?;
        let index = self.seen.partition_point(|&seen| seen < before);
        Ok(index.checked_sub(1).and_then(|index| self.seen.get(index)).copied())
    }
}
