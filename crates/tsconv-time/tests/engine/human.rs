//! People's text against GNU `date -d`, the English baseline:
//! thousands of seeded strings over templates of every form people type,
//! in zones with DST on both hemispheres, years 1970-2037, read by GNU
//! under a clock frozen by libfaketime at the instant tsconv is given as
//! `now`, so relative items are compared at the same moment.
//!
//! Where the two differ, the difference must be one tsconv makes on
//! purpose, named in [`DIFFERENCES`] (and in the README); a named
//! difference that no case shows any more is stale and fails the test.

use std::collections::BTreeMap;
use std::process::Command;

use jiff::civil::{Date, DateTime};
use jiff::tz::AmbiguousOffset;
use jiff::{Timestamp, ToSpan};
use tsconv_time::human::abbreviations::{self, Source};
use tsconv_time::input::{Input, ReadOptions, read};
use tsconv_time::zone::Zone;

use crate::english::{MONTHS, WEEKDAYS};
use crate::oracle::{Rng, stream_allowing_errors};

/// What a case is, as far as the named differences care.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Trait {
    /// Several relative items before one `ago`.
    AgoAfterSeveralItems,
    /// Months or years added to a day past the 28th.
    MonthsFromLateDay,
    /// A wall-clock time that the zone skips.
    InDstGap,
    /// Relative items alone (no date, weekday nor time) whose days cross a
    /// change of the zone's offset.
    DaysAcrossOffsetChange,
    /// An abbreviation the zone itself uses, at a date when it uses the other.
    OwnAbbreviationOutOfSeason,
    /// Relative items alone, then a zone.
    RelativeWithZone,
}

/// The differences from GNU that tsconv makes on purpose, each with why.
const DIFFERENCES: &[(Trait, &str, &str)] = &[
    (
        Trait::AgoAfterSeveralItems,
        "ago negates the whole run",
        "GNU applies ago to the last item only (1 year 2 months ago is 10 months ahead); tsconv negates the whole span, as people mean it",
    ),
    (
        Trait::MonthsFromLateDay,
        "month arithmetic clamps",
        "GNU rolls Jan 31 + 1 month over into March; tsconv lands on the month's last day, as it never rolls Feb 30 over",
    ),
    (
        Trait::InDstGap,
        "DST gap placed by disambiguation",
        "GNU refuses a wall-clock time the zone skips; tsconv places it by disambiguation (compatible by default)",
    ),
    (
        Trait::DaysAcrossOffsetChange,
        "relative days keep the wall clock",
        "GNU keeps now's DST flag when the text has only relative items, so +3 weeks across a DST change lands an hour off on the clock; tsconv keeps the wall clock, as its arithmetic does",
    ),
    (
        Trait::OwnAbbreviationOutOfSeason,
        "the zone's own abbreviation out of season",
        "GNU refuses CET in summer when TZ is Europe/Berlin (its own abbreviation, with the wrong DST flag) and reads it elsewhere; tsconv reads the table's offset whatever TZ is",
    ),
    (
        Trait::RelativeWithZone,
        "relative items with a zone count from now",
        "GNU reads now's wall clock in TZ again in the zone the text names, so 3 days ago UTC in New York lands five hours off; tsconv counts from now itself, as chrono does",
    ),
];

struct Case {
    text: String,
    traits: Vec<Trait>,
    /// Only relative items: no date, weekday nor time of day.
    relative_only: bool,
}

const UNITS: [&str; 8] = ["year", "month", "fortnight", "week", "day", "hour", "minute", "second"];

/// Zones with DST on both hemispheres, a half-hour offset, and none.
const ZONES: [&str; 6] =
    ["UTC", "America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata", "America/Los_Angeles"];

fn pick<'a>(rng: &mut Rng, items: &[&'a str]) -> &'a str {
    items[rng.below(items.len() as u64) as usize]
}

fn case_in(rng: &mut Rng, zone: &Zone) -> Case {
    let year = 1970 + rng.below(68) as i16;
    let month = 1 + rng.below(12) as i8;
    let day = 1 + rng.below(31) as i8;
    let hour = rng.below(24) as i8;
    let minute = rng.below(60) as i8;
    let second = rng.below(60) as i8;
    let month_name = MONTHS[month as usize - 1];
    let mon = &month_name[..3];
    let h12 = if hour % 12 == 0 { 12 } else { hour % 12 };
    let ampm = if hour < 12 { pick(rng, &["am", "AM", "a.m."]) } else { pick(rng, &["pm", "PM", "p.m."]) };
    let weekday_of = Date::new(year, month, day).map(|d| WEEKDAYS[d.weekday().to_sunday_zero_offset() as usize]);
    let unit = pick(rng, &UNITS);
    let n = 1 + rng.below(40);
    let plural = if n == 1 { "" } else { "s" };
    let mut traits = Vec::new();
    let civil = |h: i8, m: i8, s: i8| Date::new(year, month, day).ok().map(|d| d.at(h, m, s, 0));
    let civil_in = |in_month: i8| Date::new(year, in_month, 15).ok().map(|d| d.at(hour, minute, 0, 0));
    let mut time_at = |h, m, s| {
        if let Some(datetime) = civil(h, m, s)
            && in_gap(zone, datetime)
        {
            traits.push(Trait::InDstGap);
        }
    };
    let kind = rng.below(27);
    let text = match kind {
        0 => {
            time_at(hour, minute, 0);
            format!("{mon} {day} {year} {h12}:{minute:02}{ampm}")
        }
        1 => format!("{day} {mon} {year}"),
        2 => format!("{month_name} {day}, {year}"),
        3 => match weekday_of {
            Ok(weekday) => format!("{weekday}, {month_name} {day}, {year}"),
            Err(_) => format!("{month_name} {day}, {year}"),
        },
        4 => format!("{year}/{month}/{day}"),
        5 => format!("{month}/{day}/{year}"),
        6 => format!("{month:02}/{day:02}/{:02}", year % 100),
        7 => {
            time_at(hour, minute, second);
            format!("{year}-{month:02}-{day:02} {hour}:{minute:02}:{second:02}.{}", rng.below(1_000_000))
        }
        8 => {
            let gnu: Vec<&str> = abbreviations::TABLE
                .iter()
                .filter(|m| m.source == Source::Gnu && m.abbreviation.len() > 1)
                .map(|m| m.abbreviation)
                .collect();
            let abbreviation = pick(rng, &gnu);
            if let Some(datetime) = civil(hour, minute, 0)
                && out_of_season(zone, datetime, abbreviation)
            {
                traits.push(Trait::OwnAbbreviationOutOfSeason);
            }
            format!("{year}-{month:02}-{day:02} {hour:02}:{minute:02} {abbreviation}")
        }
        9 => format!(
            "{year}-{month:02}-{day:02} {hour:02}:{minute:02} {}{}{}",
            pick(rng, &["UTC", "GMT"]),
            pick(rng, &["+", "-"]),
            rng.below(13)
        ),
        10 => format!(
            "{year}-{month:02}-{day:02} {hour:02}:{minute:02} {}{:02}{}",
            pick(rng, &["+", "-"]),
            rng.below(14),
            pick(rng, &["00", "30", "45"])
        ),
        11 => format!("{h12}{ampm}"),
        12 => format!("{hour}:{minute:02}"),
        13 => format!("{} {h12}{ampm}", pick(rng, &["tomorrow", "yesterday", "today"])),
        14 => pick(rng, &["tomorrow", "yesterday", "today", "now"]).to_owned(),
        15 => format!("{} {}", pick(rng, &["next", "last", "this"]), pick(rng, &WEEKDAYS)),
        16 => format!("{} {h12}{ampm}", pick(rng, &WEEKDAYS)),
        17 => format!("next {} {h12}:{minute:02} {ampm}", pick(rng, &WEEKDAYS)),
        18 => {
            let direction = pick(rng, &["ago", "hence"]);
            match pick(rng, &["", "", "UTC", "GMT", "EST", "JST", "CET"]) {
                "" => format!("{n} {unit}{plural} {direction}"),
                named => {
                    traits.push(Trait::RelativeWithZone);
                    format!("{n} {unit}{plural} {direction} {named}")
                }
            }
        }
        19 => format!("{}{n} {unit}{plural}", pick(rng, &["+", "-", "+ ", "- "])),
        20 => format!("{} {unit}", pick(rng, &["next", "last"])),
        21 => {
            if matches!(unit, "year" | "month") && day > 28 {
                traits.push(Trait::MonthsFromLateDay);
            }
            format!("{year}-{month:02}-{day:02} + {n} {unit}{plural}")
        }
        22 => {
            let other = pick(rng, &UNITS);
            traits.push(Trait::AgoAfterSeveralItems);
            format!("{n} {unit}{plural} {} {other}s ago", 1 + rng.below(9))
        }
        24 => {
            let late = 29 + rng.below(3) as i8;
            let months = 1 + rng.below(13) as i64;
            let first = Date::new(year, month, late).ok();
            let last = first.and_then(|d| d.checked_add(months.months()).ok());
            if first.is_some() && last.is_some_and(|last| last.day() != late) {
                traits.push(Trait::MonthsFromLateDay);
            }
            format!("{mon} {late} {year} + {months} months")
        }
        25 => match skipped_time(zone, year) {
            Some(skipped) => {
                traits.push(Trait::InDstGap);
                skipped.strftime("%b %-d %Y %-I:%M%P").to_string()
            }
            None => format!("{year}-{month:02}-{day:02}"),
        },
        26 => {
            // The zone's own abbreviation of the other season (`CET` in July in Berlin).
            let (january, july) = (civil_in(1), civil_in(7));
            let name_at = |datetime: Option<DateTime>| {
                let instant = zone.tz().to_ambiguous_timestamp(datetime?).compatible().ok()?;
                Some(zone.tz().to_offset_info(instant).abbreviation().to_owned())
            };
            let gnu =
                |name: &str| abbreviations::TABLE.iter().any(|m| m.source == Source::Gnu && m.abbreviation == name);
            match (name_at(january), july) {
                (Some(winter), Some(summer)) if gnu(&winter) && name_at(Some(summer)).as_deref() != Some(&winter) => {
                    if out_of_season(zone, summer, &winter) {
                        traits.push(Trait::OwnAbbreviationOutOfSeason);
                    }
                    format!("{} {winter}", summer.strftime("%Y-%m-%d %H:%M"))
                }
                _ => format!("{year}-{month:02}-{day:02} {hour:02}:{minute:02} UTC"),
            }
        }
        _ => match rng.below(4) {
            0 => format!("@{}", rng.below(2_000_000_000)),
            1 => format!("@{}.{:09}", rng.below(2_000_000_000), rng.below(1_000_000_000)),
            2 => format!("{day}-{mon}-{year}"),
            _ => format!("{mon} {day}"),
        },
    };
    let relative_only = matches!(kind, 14 | 18 | 19 | 20 | 22);
    Case { text, traits, relative_only }
}

/// Whether `zone` uses `abbreviation` in `datetime`'s year but another at `datetime`.
fn out_of_season(zone: &Zone, datetime: DateTime, abbreviation: &str) -> bool {
    let Ok(instant) = zone.tz().to_ambiguous_timestamp(datetime).compatible() else { return false };
    let uses = |month: i8| {
        Date::new(datetime.year(), month, 15)
            .ok()
            .and_then(|date| zone.tz().to_ambiguous_timestamp(date.at(12, 0, 0, 0)).compatible().ok())
            .is_some_and(|t| zone.tz().to_offset_info(t).abbreviation() == abbreviation)
    };
    (uses(1) || uses(7)) && zone.tz().to_offset_info(instant).abbreviation() != abbreviation
}

/// A wall-clock time that `zone` skips in `year`, if it skips any.
fn skipped_time(zone: &Zone, year: i16) -> Option<DateTime> {
    let start = Date::new(year, 1, 1).ok()?.at(0, 0, 0, 0).to_zoned(zone.tz().clone()).ok()?.timestamp();
    let jump = zone.tz().following(start).take(4).find(|t| {
        let before = zone.tz().to_offset(t.timestamp() - jiff::SignedDuration::from_secs(1));
        t.offset() > before
    })?;
    let before = zone.tz().to_offset(jump.timestamp() - jiff::SignedDuration::from_secs(1));
    let skipped = before.to_datetime(jump.timestamp()).checked_add(jiff::SignedDuration::from_mins(20)).ok()?;
    (skipped.year() == year && in_gap(zone, skipped)).then_some(skipped)
}

fn in_gap(zone: &Zone, datetime: DateTime) -> bool {
    matches!(zone.tz().to_ambiguous_timestamp(datetime).offset(), AmbiguousOffset::Gap { .. })
}

/// GNU's answer to each case (`None`: GNU refuses it), in `zone` with its
/// clock frozen at `now`. A sentinel after each case keeps the answers in
/// line: GNU writes nothing for a case it refuses.
fn gnu(cases: &[Case], zone: &str, now: Timestamp) -> Vec<Option<String>> {
    const SENTINEL: &str = "-12345.000000000";
    let civil_now = now.to_zoned(Zone::parse(zone).unwrap().tz().clone()).datetime();
    let frozen = civil_now.strftime("%Y-%m-%d %H:%M:%S").to_string();
    let input: String = cases.iter().map(|case| format!("{}\n@-12345\n", case.text)).collect();
    let mut command = Command::new("faketime");
    command.env("TZ", zone).env("LC_ALL", "C").arg("-f").arg(&frozen).args(["date", "-f", "-", "+%s.%N"]);
    let lines = stream_allowing_errors(command, &input);
    let mut answers = Vec::with_capacity(cases.len());
    let mut lines = lines.into_iter().peekable();
    for _ in cases {
        match lines.next() {
            Some(line) if line == SENTINEL => answers.push(None),
            Some(line) => {
                assert_eq!(lines.next().as_deref(), Some(SENTINEL), "GNU's answers are out of line");
                answers.push(Some(line));
            }
            None => panic!("GNU answered fewer lines than it was sent"),
        }
    }
    answers
}

fn seconds_text(instant: Timestamp) -> String {
    let nanos = instant.as_nanosecond();
    let (seconds, fraction) = (nanos.div_euclid(1_000_000_000), nanos.rem_euclid(1_000_000_000));
    format!("{seconds}.{fraction:09}")
}

#[test]
#[cfg_attr(
    not(feature = "components"),
    ignore = "needs GNU date and libfaketime: ./scripts/test installs them and runs this"
)]
fn people_text_agrees_with_gnu_date() {
    let mut rng = Rng(0x6875_6d61_6e21);
    let mut mismatches = Vec::new();
    let mut seen: BTreeMap<Trait, usize> = BTreeMap::new();
    let mut compared = 0;
    for zone_name in ZONES {
        let zone = Zone::parse(zone_name).unwrap();
        for _ in 0..3 {
            // A moment in 1971-2036, at whole seconds (the frozen clock's).
            let now = Timestamp::from_second(40_000_000 + rng.below(2_000_000_000) as i64).unwrap();
            let cases: Vec<Case> = (0..450).map(|_| case_in(&mut rng, &zone)).collect();
            let answers = gnu(&cases, zone_name, now);
            let options = ReadOptions::defaults(&zone, now);
            for (case, gnu) in cases.iter().zip(answers) {
                let ours = read(Input::Text(&case.text), &options).map(|reading| seconds_text(reading.instant));
                let agree = match (&gnu, &ours) {
                    (Some(gnu), Ok(ours)) => gnu == ours,
                    (None, Err(_)) => true,
                    _ => false,
                };
                compared += 1;
                if agree {
                    continue;
                }
                let crosses = |ours: &str| {
                    let seconds: f64 = ours.parse().unwrap_or_default();
                    let then = Timestamp::from_second(seconds.floor() as i64).unwrap_or(now);
                    zone.tz().to_offset(then) != zone.tz().to_offset(now)
                };
                let late_now = now.to_zoned(zone.tz().clone()).day() > 28;
                let by_months = case.text.contains("month") || case.text.contains("year");
                let found = case.traits.first().copied().or_else(|| match case.relative_only {
                    true if late_now && by_months => Some(Trait::MonthsFromLateDay),
                    true if ours.as_deref().is_ok_and(crosses) => Some(Trait::DaysAcrossOffsetChange),
                    _ => None,
                });
                match found {
                    Some(named) => *seen.entry(named).or_default() += 1,
                    None => mismatches.push(format!(
                        "{zone_name} at {now}: {:?}: GNU {gnu:?}, tsconv {:?}",
                        case.text,
                        ours.map_err(|e| e.to_string())
                    )),
                }
            }
        }
    }
    assert!(compared > 8000);
    assert!(
        mismatches.is_empty(),
        "{} of {compared} differ from GNU without a named reason:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(40)].join("\n")
    );
    let stale: Vec<&str> =
        DIFFERENCES.iter().filter(|(named, _, _)| !seen.contains_key(named)).map(|(_, name, _)| *name).collect();
    assert!(stale.is_empty(), "named differences that no case shows any more (remove them): {stale:?}");
}

#[test]
fn a_month_from_the_31st_lands_on_the_last_day() {
    let zone = Zone::utc();
    let options = ReadOptions::defaults(&zone, Timestamp::UNIX_EPOCH);
    let read_at = |text: &str| read(Input::Text(text), &options).unwrap().instant;
    let jan31 = jiff::civil::date(2023, 1, 31).at(0, 0, 0, 0).to_zoned(zone.tz().clone()).unwrap();
    assert_eq!(read_at("Jan 31 2023 + 1 month"), jan31.checked_add(1.month()).unwrap().timestamp());
    assert_eq!(read_at("2023-01-31 + 1 month").to_string(), "2023-02-28T00:00:00Z");
}

/// Every abbreviation the table takes from GNU reads as GNU `date -d` reads
/// it, in winter and in summer (with `TZ=UTC`, where none is the zone's own).
#[test]
#[cfg_attr(not(feature = "components"), ignore = "needs GNU date: ./scripts/test installs it and runs this")]
fn every_gnu_abbreviation_reads_as_gnu_date_reads_it() {
    let texts: Vec<String> = abbreviations::TABLE
        .iter()
        .filter(|meaning| meaning.source == Source::Gnu)
        .flat_map(|meaning| {
            ["2023-01-15 12:00", "2023-07-15 12:00"].map(|date| format!("{date} {}", meaning.abbreviation))
        })
        .collect();
    assert!(texts.len() > 90, "{}", texts.len());
    let input: String = texts.iter().map(|text| format!("{text}\n")).collect();
    let mut command = Command::new("date");
    command.env("TZ", "UTC").env("LC_ALL", "C").args(["-f", "-", "+%s"]);
    let gnu = crate::oracle::stream(command, &input);
    let utc = Zone::utc();
    let options = ReadOptions::defaults(&utc, Timestamp::UNIX_EPOCH);
    let differ: Vec<String> = texts
        .iter()
        .zip(&gnu)
        .filter_map(|(text, gnu)| {
            let ours = read(Input::Text(text), &options).map(|reading| reading.instant.as_second().to_string());
            (ours.as_deref() != Ok(gnu.as_str())).then(|| format!("{text}: GNU {gnu}, tsconv {ours:?}"))
        })
        .collect();
    assert!(differ.is_empty(), "{differ:#?}");
}
