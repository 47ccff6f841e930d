//! The resolution: the pieces a text gave, placed on the clock and in a zone
//! (now, the zone asked, the zone or offset the text wrote, DST gaps and
//! folds), checked (a date that does not exist is refused) and said back.

use jiff::civil::{Date, DateTime, Time};
use jiff::tz::Offset;
use jiff::{Span, Timestamp};

use super::abbreviations::Meaning;
use super::pieces::*;
use super::words::{Candidate, Era, Meridian};
use crate::error::TimeError;
use crate::local::resolve_local;
use crate::zone::Zone;

impl Pieces {
    /// A day without a time: no time of day or part of the day, no
    /// relative item finer than a day.
    pub(super) fn date_only(&self) -> bool {
        let rel = &self.rel;
        let finer = rel.hours != 0 || rel.minutes != 0 || rel.seconds != 0 || rel.nanos != 0;
        self.times == 0 && self.day_part.is_none() && !finer && (self.dates > 0 || self.days > 0 || self.rels_seen)
    }

    pub(super) fn uses_now(&self) -> bool {
        self.epoch.is_none() && (self.rels_seen || self.days > 0 || self.dates == 0 || self.year.is_none())
    }

    /// The instant of the pieces, with the readings of the other meanings
    /// of an ambiguous text.
    pub(super) fn finish(self, text: &str, options: &HumanOptions<'_>) -> Result<Human, TimeError> {
        if let Some((seconds, nanos)) = self.epoch {
            let instant = Timestamp::new(seconds, 0)
                .and_then(|t| t.checked_add(jiff::SignedDuration::from_nanos(nanos)))
                .map_err(|_| TimeError::OutOfRange { message: format!("{text:?} is beyond the supported range") })?;
            return Ok(Human {
                instant,
                read_as: format!("{instant} (Unix seconds)"),
                uses_now: false,
                date_only: false,
                note: None,
                warnings: Vec::new(),
                alternatives: Vec::new(),
            });
        }
        let (month, day) = (self.month, self.day);
        let reading = self.instant(text, options, None, (month, day))?;
        let mut warnings = self.warnings.clone();
        warnings.extend(reading.warnings.iter().cloned());
        let mut alternatives = Vec::new();
        if let Some(TextZone::Offset { meanings, .. }) = &self.zone
            && meanings.len() > 1
        {
            let chosen = meanings[0];
            let others: Vec<String> = meanings[1..]
                .iter()
                .map(|other| format!("{} ({}, {})", other.name, offset_of(other.offset), other.zone))
                .collect();
            warnings.push(format!(
                "{} names several zones: read as {} ({}, {}); it also names {}. Write the offset or an IANA name \
                 to be sure, or see alternatives",
                chosen.abbreviation,
                chosen.name,
                offset_of(chosen.offset),
                chosen.zone,
                others.join(", ")
            ));
            for other in &meanings[1..] {
                if let Ok(read) = self.instant(text, options, Some(other), (month, day)) {
                    alternatives.push(OtherReading {
                        zone: Some(other.zone),
                        offset: Some(offset_of(other.offset)),
                        read_as: read.read_as,
                        instant: read.instant,
                    });
                }
            }
        }
        if let Some((other_month, other_day)) = self.other_order
            && let Ok(read) = self.instant(text, options, None, (other_month, other_day))
        {
            let (first, then) = match options.order {
                DateOrder::MonthDay => ("month first, as the locale writes dates", "day first"),
                DateOrder::DayMonth => ("day first, as the locale writes dates", "month first"),
            };
            warnings.push(format!(
                "the numeric date is read {first} ({}); {then} it would be {}: pass locale to choose the order, \
                 or write the month's name",
                month_day_text(month, day),
                month_day_text(other_month, other_day)
            ));
            alternatives.push(OtherReading { zone: None, offset: None, read_as: read.read_as, instant: read.instant });
        }
        Ok(Human {
            instant: reading.instant,
            read_as: reading.read_as,
            uses_now: self.uses_now(),
            date_only: self.date_only(),
            note: reading.note,
            warnings,
            alternatives,
        })
    }

    /// The instant when the text's zone means `meaning` (else as read) and
    /// its date is `(month, day)`.
    pub(super) fn instant(
        &self,
        text: &str,
        options: &HumanOptions<'_>,
        meaning: Option<&Meaning>,
        (month, day): (i64, i64),
    ) -> Result<Reading, TimeError> {
        // Now's wall clock, found once and only when the text leaves a
        // field to it (a year, a date, a time of day).
        let now = std::cell::OnceCell::new();
        let now = || now.get_or_init(|| options.now.to_zoned(options.zone.tz().clone())).datetime();
        let invalid = |at: usize, message: String| TimeError::invalid_at(format!("{text:?}: {message}"), at);
        let date = if self.dates > 0 {
            // A year is the locale calendar's: Thai's Buddhist era writes
            // 2566 for 2023, and `66` for 2566 in short dates.
            let in_calendar = |year: Year| match (year.digits, options.words.year_offset()) {
                (_, 0) => year.full(),
                (2, offset) => 2500 + year.value - offset,
                (_, offset) => year.value - offset,
            };
            // An era's year is as written (`44 BC` is not 2044); 1 BC is year 0.
            let year = match (self.era, self.year) {
                (Some(Era::Common), Some(year)) => year.value,
                (Some(Era::BeforeCommon), Some(year)) => 1 - year.value,
                (Some(Era::Buddhist), Some(year)) => year.value - 543,
                (Some(Era::Japanese(first)), Some(year)) => i64::from(first) - 1 + year.value,
                (_, year) => year.map_or_else(|| i64::from(now().year()), in_calendar),
            };
            if !(-9999..=9999).contains(&year) {
                return Err(TimeError::OutOfRange {
                    message: format!("{text:?} names year {year}; the supported range is -9999 to 9999"),
                });
            }
            let (Ok(y), Ok(m), Ok(d)) = (i16::try_from(year), i8::try_from(month), i8::try_from(day)) else {
                return Err(invalid(self.date_at, format!("there is no date {year}-{month}-{day}")));
            };
            Date::new(y, m, d).map_err(|_| invalid(self.date_at, no_such_date(year, month, day)))?
        } else {
            now().date()
        };
        // A part of the day gives a time given without am/pm its half
        // (`11 at night`; at night, 1 to 5 are the morning's and 6 to 11
        // the evening's, wherever CLDR's night starts: `8 Uhr in der Nacht`).
        // `midnight tonight`, `tonight at 12`, `12 at night`: the midnight
        // that ends the night's day (not noon, nor an hour 0 with pm).
        let night_ends = self.times > 0
            && self.meridian.is_none()
            && matches!(self.day_part, Some((22, _)))
            && (self.hour == 0 || self.hour == 12);
        let meridian = match (self.meridian, self.day_part) {
            _ if night_ends => None,
            (None, Some((22, _))) if (1..6).contains(&self.hour) => Some(Meridian::Am),
            (None, Some((22, _))) if (6..12).contains(&self.hour) => Some(Meridian::Pm),
            // `heute Nacht um 20 Uhr`: an hour past 12 says its half itself.
            (None, Some(_)) if self.hour > 12 => None,
            (None, Some((_, half))) => Some(half),
            (meridian, _) => meridian,
        };
        let time = if self.times > 0 {
            let hour = match (meridian, self.hour) {
                _ if night_ends => 0,
                (None, h @ 0..=23) => h,
                (Some(Meridian::Am), 12) => 0,
                (Some(Meridian::Pm), 12) => 12,
                (Some(Meridian::Am), h @ 1..=11) => h,
                (Some(Meridian::Pm), h @ 1..=11) => h + 12,
                (_, h) => return Err(invalid(self.time_at, format!("there is no hour {h} on a clock"))),
            };
            let (Ok(h), Ok(m), Ok(s)) = (i8::try_from(hour), i8::try_from(self.minute), i8::try_from(self.second))
            else {
                return Err(invalid(self.time_at, "there is no such time of day".to_owned()));
            };
            Time::new(h, m, s, i32::try_from(self.nanos).unwrap_or(0)).map_err(|_| {
                invalid(self.time_at, format!("there is no time {hour:02}:{:02}:{:02}", self.minute, self.second))
            })?
        } else if let Some((hour, _)) = self.day_part {
            Time::new(hour, 0, 0, 0).unwrap_or(Time::midnight())
        } else if self.rels_seen && self.dates == 0 && self.days == 0 {
            now().time()
        } else {
            Time::midnight()
        };
        let mut datetime = DateTime::from_parts(date, time);
        if night_ends {
            datetime = datetime.tomorrow().map_err(|_| invalid(self.time_at, "too far".to_owned()))?;
        }
        let mut warnings = Vec::new();
        if let Some((ordinal, weekday, at)) = self.weekday {
            if self.dates > 0 {
                // The date wins, as in every other parser; the reader is told.
                if date.weekday() != weekday {
                    warnings.push(format!(
                        "{date} is a {:?}, not a {weekday:?} (at character {at}): read as the date",
                        date.weekday()
                    ));
                }
            } else {
                let today = i64::from(date.weekday().to_sunday_zero_offset());
                let wanted = i64::from(weekday.to_sunday_zero_offset());
                let weeks = ordinal.saturating_sub(i64::from(ordinal > 0 && today != wanted));
                let shift = if self.week && ordinal == 0 {
                    // `Tuesday of next week`: this week's Tuesday, then the week's move.
                    i64::from(weekday.to_monday_zero_offset()) - i64::from(date.weekday().to_monday_zero_offset())
                } else {
                    weeks.saturating_mul(7).saturating_add((wanted - today + 7) % 7)
                };
                datetime = datetime
                    .checked_add(Span::new().try_days(shift).map_err(|_| invalid(at, "too far".to_owned()))?)
                    .map_err(|_| invalid(at, "too far".to_owned()))?;
            }
        }
        let zone: Zone = match (&self.zone, meaning) {
            (_, Some(meaning)) => Zone::fixed(offset(meaning.offset)?),
            (Some(TextZone::Offset { seconds, .. }), None) => Zone::fixed(offset(*seconds)?),
            (Some(TextZone::Named(zone)), None) => zone.clone(),
            (Some(TextZone::Name { candidates, .. }), None) => Zone::fixed(named(candidates, datetime, options.zone)?),
            (None, None) => options.zone.clone(),
        };
        // Relative items alone count from now itself, whatever zone the
        // text names (`in 1 hour GMT` is an hour from now, as GNU `date` and
        // chrono read it), not from now's wall clock read again in that
        // zone; nor read again in a fold's other hour.
        let from_now =
            self.rels_seen && self.dates == 0 && self.days == 0 && self.times == 0 && self.day_part.is_none();
        let (start, note) =
            if from_now { (options.now, None) } else { resolve_local(text, datetime, &zone, options.disambiguation)? };
        let out_of_range = || TimeError::OutOfRange {
            message: format!("{text:?} lands beyond the supported range (years -9999 to 9999)"),
        };
        let calendar = Span::new()
            .try_years(self.rel.years)
            .and_then(|s| s.try_months(self.rel.months))
            .and_then(|s| s.try_days(self.rel.days))
            .map_err(|_| out_of_range())?;
        // (Days, months and years are the zone's wall clock's: added to
        // the start seen there, only when there are some.)
        let moved = if calendar.is_zero() {
            start
        } else {
            let start = start.to_zoned(zone.tz().clone());
            warnings.extend(clamped(&start, self.rel.years, self.rel.months));
            start.checked_add(calendar).map_err(|_| out_of_range())?.timestamp()
        };
        // Hours and minutes as seconds, checked: `from_hours` panics beyond its range.
        let hours = self.rel.hours.checked_mul(3600).map(jiff::SignedDuration::from_secs);
        let minutes = self.rel.minutes.checked_mul(60).map(jiff::SignedDuration::from_secs);
        let elapsed = hours
            .zip(minutes)
            .and_then(|(hours, minutes)| hours.checked_add(minutes))
            .and_then(|d| d.checked_add(jiff::SignedDuration::from_secs(self.rel.seconds)))
            .and_then(|d| d.checked_add(jiff::SignedDuration::from_nanos(self.rel.nanos)))
            .ok_or_else(out_of_range)?;
        // (Every timestamp jiff holds is within years -9999 to 9999 in
        // every zone: beyond, the additions above fail.)
        let instant = moved.checked_add(elapsed).map_err(|_| out_of_range())?;
        let label = match (&self.zone, meaning) {
            (_, Some(meaning)) => Some(meaning.abbreviation.to_owned()),
            (Some(TextZone::Offset { label, .. }), None) => label.clone(),
            (Some(TextZone::Name { label, .. }), None) => Some(label.clone()),
            _ => None,
        };
        Ok(Reading { instant, read_as: read_as(instant, &zone, label.as_deref()), note, warnings })
    }
}

pub(super) struct Reading {
    pub(super) instant: Timestamp,
    pub(super) read_as: String,
    pub(super) note: Option<String>,
    /// What the reading overrode or moved (a weekday the date contradicts,
    /// a day the month added to it does not have).
    pub(super) warnings: Vec<String>,
}

/// The warning that `years` and `months` added to `start` land on a day
/// the month does not have (January 31 and a month), taken as the month's
/// last day: nothing is rolled over into the next month, as GNU `date`
/// does, and the reader is told.
fn clamped(start: &jiff::Zoned, years: i64, months: i64) -> Option<String> {
    if years == 0 && months == 0 {
        return None;
    }
    let span = Span::new().try_years(years).and_then(|span| span.try_months(months)).ok()?;
    let landed = start.date().checked_add(span).ok()?;
    (landed.day() != start.day()).then(|| {
        let count =
            |n: i64, unit: &str| format!("{} {unit}{}", n.unsigned_abs(), if n.unsigned_abs() == 1 { "" } else { "s" });
        let amount = match (years, months) {
            (years, 0) => count(years, "year"),
            (0, months) => count(months, "month"),
            (years, months) => format!("{} and {}", count(years, "year"), count(months, "month")),
        };
        let sign = if years.saturating_mul(12).saturating_add(months) < 0 { "minus" } else { "plus" };
        format!(
            "{} {sign} {amount} has no day {} in {}: read as its last day, {landed} (GNU date rolls over into the \
             next month)",
            start.date(),
            start.day(),
            landed.strftime("%B %Y"),
        )
    })
}

/// `2023-11-14T17:13:00 in America/New_York`; for an offset from the text,
/// `2023-11-14T10:00:00-05:00 (EST)`.
/// The offset a zone's name stands for at the wall-clock time `datetime`:
/// that of a zone that writes the name (`asked`, the request's zone, when
/// it is one; else the first found), at that time, in the half of the year
/// the name says (standard or daylight time). A zone other than `asked`
/// must have one of the offsets the name was found with (Venezuela's time
/// was -04:30 from 2007 to 2016); `asked`'s own offset is taken as it was
/// (Newfoundland's double daylight time of 1988). Where no zone fits (a
/// daylight name in winter), the offset the name stood for most recently.
fn named(candidates: &[Candidate], datetime: DateTime, asked: &Zone) -> Result<Offset, TimeError> {
    let asked_id = icu_time::zone::iana::IanaParser::new().parse(asked.name());
    let fits = |candidate: &Candidate| {
        let zone = Zone::parse_without_suggestions(candidate.zone).ok()?;
        let tz = zone.tz();
        let offsets = match tz.to_ambiguous_timestamp(datetime).offset() {
            jiff::tz::AmbiguousOffset::Unambiguous { offset } => [Some(offset), None],
            jiff::tz::AmbiguousOffset::Gap { before, after } | jiff::tz::AmbiguousOffset::Fold { before, after } => {
                [Some(before), Some(after)]
            }
        };
        offsets.into_iter().flatten().find(|&offset| {
            let at = offset.to_timestamp(datetime).ok();
            let info = at.map(|at| tz.to_offset_info(at));
            info.is_some_and(|info| {
                info.offset() == offset
                    && info.dst().is_dst() == candidate.dst
                    && (candidate.id == asked_id || candidates.iter().any(|c| c.offset == offset.seconds()))
            })
        })
    };
    let asked_first = candidates.iter().filter(|candidate| candidate.id == asked_id);
    let found = asked_first.chain(candidates).find_map(fits);
    match (found, candidates.first()) {
        (Some(found), _) => Ok(found),
        (None, Some(latest)) => offset(latest.offset),
        (None, None) => offset(0),
    }
}
