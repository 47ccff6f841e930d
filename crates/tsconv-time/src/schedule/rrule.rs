//! RFC 5545 recurrence rules: `DTSTART` (with `TZID=`, in UTC with `Z`, or
//! floating), one or more `RRULE`s, `EXDATE` and `RDATE`, on separate
//! lines or separated by spaces; a bare `FREQ=...` is a rule. The `rrule`
//! crate expands them on the wall clock, given to it as UTC: a `Z` time
//! (`UNTIL`, a `DTSTART`, an `EXDATE`) is first turned into the zone's
//! wall clock, so that the zone and its clock changes stay the engine's.

use std::str::FromStr;

use chrono::{TimeZone as _, Utc};
use jiff::SignedDuration;
use jiff::civil::DateTime;
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan as _};
use rrule::{Frequency, RRule, RRuleSet, RRuleSetIter, Tz, Unvalidated};

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
    /// The time-of-day limits of a per-minute or per-second rule, applied
    /// here rather than by the crate (see [`TimeFilter`]).
    filter: Option<TimeFilter>,
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
    let filter = TimeFilter::split(&mut rules, &first);
    let rule = Rule { zone, start, rules, exdates, rdates, first, start_wall, filter };
    // Built once now, so that a rule the crate refuses is refused here.
    rule.set(&TimeZone::UTC, rule.start(&TimeZone::UTC, DateTime::constant(2000, 1, 1, 0, 0, 0, 0)))?;
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

    /// The rule's start on `tz`'s wall clock (`default` without a `DTSTART`).
    fn start(&self, tz: &TimeZone, default: DateTime) -> DateTime {
        self.start.map_or(default, |start| start.wall(tz))
    }

    /// The length of the rule's period in seconds, when its expansion may
    /// begin a whole number of periods after its start without changing
    /// any occurrence from there on: one rule, no `COUNT` (which counts from
    /// the start), and a period of fixed length (a week or less).
    fn period(&self) -> Option<i64> {
        let [(text, _)] = &self.rules[..] else { return None };
        let rule = RRule::<Unvalidated>::from_str(text).ok()?;
        if rule.get_count().is_some() {
            return None;
        }
        let unit = match rule.get_freq() {
            Frequency::Weekly => 7 * 86_400,
            Frequency::Daily => 86_400,
            Frequency::Hourly => 3_600,
            Frequency::Minutely => 60,
            Frequency::Secondly => 1,
            Frequency::Monthly | Frequency::Yearly => return None,
        };
        Some(unit * i64::from(rule.get_interval().max(1)))
    }

    /// The set, on `tz`'s wall clock, its expansion beginning at `begin` (the
    /// rule's start, or a whole number of periods after it). Limited: the
    /// search for the next occurrence stops after the `rrule` crate's
    /// 100,000 steps of the rule.
    fn set(&self, tz: &TimeZone, begin: DateTime) -> Result<RRuleSet, TimeError> {
        let out_of_range = || invalid(format!("the start {begin} is outside the years a rule is expanded in"));
        let dt_start = utc(begin).ok_or_else(out_of_range)?;
        let mut set = RRuleSet::new(dt_start).limit();
        for (text, until) in &self.rules {
            let mut rule = RRule::<Unvalidated>::from_str(text)
                .map_err(|error| invalid(format!("the RRULE is not valid: {error}")))?;
            if rule.get_interval() == 0 {
                return Err(invalid(
                    "the RRULE is not valid: INTERVAL must be a whole number from 1 up (RFC 5545 3.3.10)",
                ));
            }
            never_fires(&rule)?;
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
    /// `from` (whole seconds). A rule that may begin later is first expanded
    /// from an hour before `from` (a per-second rule started in 1970 is not
    /// walked from 1970); asked for an earlier time, it is expanded again
    /// from further back.
    pub(crate) fn wall(&self, tz: &TimeZone, from: Timestamp) -> Result<RruleWall<'_>, TimeError> {
        let default = tz.to_datetime(from);
        let default = default.checked_sub(default.subsec_nanosecond().nanoseconds()).unwrap_or(default);
        let start = self.start(tz, default);
        if let Some(filter) = &self.filter {
            let unit = if self.first.get_freq() == Frequency::Secondly { 1 } else { 60 };
            filter.reachable(start, unit * i64::from(self.first.get_interval().max(1)))?;
        }
        let mut wall = RruleWall {
            rule: self,
            tz: tz.clone(),
            start,
            period: self.period(),
            begin: start,
            iter: None,
            seen: Vec::new(),
            skipped: 0,
            done: false,
        };
        wall.begin_at(default - SignedDuration::from_hours(1))?;
        Ok(wall)
    }
}

/// The `BYHOUR`, `BYMINUTE` (and for a per-second rule `BYSECOND`) limits
/// of a per-minute or per-second rule. The `rrule` crate (0.14) skips ahead
/// wrongly when such a limit fails with an `INTERVAL` that does not divide
/// the hour (`FREQ=MINUTELY;INTERVAL=90;BYHOUR=2` runs at 02:30 every other
/// day; dateutil, and RFC 5545, at 02:00 every day): such a rule is given to
/// the crate without them, and its times are kept here when they match.
/// (Only for one rule without `BYSETPOS`, which counts after the limits.)
struct TimeFilter {
    hours: Vec<u8>,
    minutes: Vec<u8>,
    seconds: Vec<u8>,
}

impl TimeFilter {
    /// Takes the limits out of the only rule, when it has some to take.
    fn split(rules: &mut [(String, Option<Stamp>)], first: &RRule<Unvalidated>) -> Option<TimeFilter> {
        let [(text, _)] = rules else { return None };
        let secondly = match first.get_freq() {
            Frequency::Minutely => false,
            Frequency::Secondly => true,
            _ => return None,
        };
        if !first.get_by_set_pos().is_empty() {
            return None;
        }
        let filter = TimeFilter {
            hours: first.get_by_hour().to_vec(),
            minutes: first.get_by_minute().to_vec(),
            seconds: if secondly { first.get_by_second().to_vec() } else { Vec::new() },
        };
        if filter.hours.is_empty() && filter.minutes.is_empty() && filter.seconds.is_empty() {
            return None;
        }
        let limited = |key: &str| {
            key.eq_ignore_ascii_case("BYHOUR")
                || key.eq_ignore_ascii_case("BYMINUTE")
                || (secondly && key.eq_ignore_ascii_case("BYSECOND"))
        };
        let kept: Vec<&str> =
            text.split(';').filter(|part| !part.split_once('=').is_some_and(|(key, _)| limited(key.trim()))).collect();
        *text = kept.join(";");
        Some(filter)
    }

    /// Refuses a rule whose steps from `start`, `step` seconds apart, never
    /// reach a time of day the limits keep (`INTERVAL=90;BYHOUR=2` from
    /// midnight: every 90 minutes from 00:00 never falls in hour 2), as
    /// dateutil does: such a rule never fires.
    fn reachable(&self, start: DateTime, step: i64) -> Result<(), TimeError> {
        const DAY: i64 = 86_400;
        let (mut a, mut b) = (step.max(1), DAY);
        while b != 0 {
            (a, b) = (b, a % b);
        }
        let first = (i64::from(start.hour()) * 3_600 + i64::from(start.minute()) * 60 + i64::from(start.second())) % a;
        let kept = (first..DAY).step_by(usize::try_from(a).unwrap_or(1)).any(|second| {
            let (hour, minute, second) = (second / 3_600, second / 60 % 60, second % 60);
            let time = DateTime::new(2000, 1, 1, hour as i8, minute as i8, second as i8, 0);
            time.is_ok_and(|time| self.keeps(time))
        });
        if kept {
            return Ok(());
        }
        Err(invalid(format!(
            "the schedule never fires: its steps from {:02}:{:02}:{:02}, every {step} seconds, never fall on its \
             BYHOUR, BYMINUTE or BYSECOND",
            start.hour(),
            start.minute(),
            start.second()
        )))
    }

    fn keeps(&self, wall: DateTime) -> bool {
        let has = |list: &[u8], value: i8| list.is_empty() || list.iter().any(|&v| i16::from(v) == i16::from(value));
        has(&self.hours, wall.hour()) && has(&self.minutes, wall.minute()) && has(&self.seconds, wall.second())
    }
}

/// An RRULE that can never fire because its days of the month exist in
/// none of its months (`BYMONTH=2;BYMONTHDAY=30`) is refused at once.
fn never_fires(rule: &RRule<Unvalidated>) -> Result<(), TimeError> {
    let days = rule.get_by_month_day();
    if days.is_empty() || days.iter().any(|&day| day < 0) {
        return Ok(());
    }
    let months = rule.get_by_month();
    let length = |month: u8| [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][usize::from(month.clamp(1, 12)) - 1];
    let longest = if months.is_empty() { 31 } else { months.iter().map(|&month| length(month)).max().unwrap_or(31) };
    let first = days.iter().copied().min().unwrap_or(1);
    if i32::from(first) > longest {
        return Err(invalid(format!(
            "the schedule never fires: day {first} of the month exists in none of its months (the longest has \
             {longest} days)"
        )));
    }
    Ok(())
}

/// The expansion, kept as it is pulled (ascending), to answer `after` and
/// `before` by binary search; at most [`MAX_WALLS`] times are pulled from
/// one beginning.
pub(crate) struct RruleWall<'r> {
    rule: &'r Rule,
    tz: TimeZone,
    /// The rule's own start.
    start: DateTime,
    /// The rule's period, when its expansion may begin after its start.
    period: Option<i64>,
    /// Where the expansion now begins: `start`, or a whole number of periods after it.
    begin: DateTime,
    iter: Option<RRuleSetIter>,
    seen: Vec<DateTime>,
    /// Steps the time filter left out since the beginning.
    skipped: usize,
    done: bool,
}

impl RruleWall<'_> {
    /// Begins the expansion at the last whole period at or before `floor`
    /// (or at the start).
    fn begin_at(&mut self, floor: DateTime) -> Result<(), TimeError> {
        self.begin = match self.period {
            Some(period) if floor > self.start => {
                let span = self.start.duration_until(floor).as_secs();
                self.start + SignedDuration::from_secs(span - span % period)
            }
            _ => self.start,
        };
        let set = self.rule.set(&self.tz, self.begin)?;
        self.iter = Some((&set).into_iter());
        self.seen.clear();
        self.skipped = 0;
        self.done = false;
        Ok(())
    }

    /// Pulls until a time at or beyond `until` is seen, or the rule ends.
    fn pull_past(&mut self, until: DateTime) -> Result<(), TimeError> {
        while !self.done && self.seen.last().is_none_or(|&last| last <= until) {
            if self.seen.len() >= MAX_WALLS {
                return Err(invalid(format!(
                    "the rule has more than {MAX_WALLS} occurrences between its DTSTART and the time asked for: move \
                     DTSTART closer"
                )));
            }
            let next = self.iter.as_mut().and_then(Iterator::next);
            match next.and_then(|next| from_chrono(next.with_timezone(&Utc).naive_utc())) {
                Some(next) if self.rule.filter.as_ref().is_none_or(|filter| filter.keeps(next)) => self.seen.push(next),
                Some(_) => {
                    self.skipped += 1;
                    if self.skipped > 4 * MAX_WALLS {
                        return Err(invalid(format!(
                            "the rule's times are too sparse to walk: more than {} of its steps without a match of \
                             its BYHOUR, BYMINUTE or BYSECOND",
                            4 * MAX_WALLS
                        )));
                    }
                }
                None => self.done = true,
            }
        }
        Ok(())
    }
}

impl Wall for RruleWall<'_> {
    fn after(&mut self, after: DateTime) -> Result<Option<DateTime>, TimeError> {
        // Asked before the beginning, or more than a day past what was
        // pulled: begin again an hour before (exact: on the rule's grid).
        let far = self.period.is_some()
            && self.seen.last().map_or(self.begin, |&last| last.max(self.begin)) + SignedDuration::from_hours(24)
                < after;
        if (after < self.begin && self.begin > self.start) || far {
            self.begin_at(after - SignedDuration::from_hours(1))?;
        }
        self.pull_past(after)?;
        let index = self.seen.partition_point(|&seen| seen <= after);
        Ok(self.seen.get(index).copied())
    }

    fn before(&mut self, before: DateTime) -> Result<Option<DateTime>, TimeError> {
        loop {
            self.pull_past(before)?;
            let index = self.seen.partition_point(|&seen| seen < before);
            if index > 0 || self.begin <= self.start {
                return Ok(index.checked_sub(1).and_then(|index| self.seen.get(index)).copied());
            }
            // Nothing between the beginning and `before`: begin eight times as far back.
            let back = self.begin.duration_until(before).as_secs().max(3_600) * 8;
            self.begin_at(before - SignedDuration::from_secs(back))?;
        }
    }
}
