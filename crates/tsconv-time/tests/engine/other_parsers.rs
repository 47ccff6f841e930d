//! People's text against the two parsers people reach for besides GNU
//! `date -d`: chrono (npm `chrono-node`, `parseDate` with a fixed reference
//! instant, in the zone as the process's `TZ`) and python-dateutil
//! (`parser.parse`, with `dayfirst` for day-first locales and a default of
//! the reference day's midnight). Seeded texts from templates of the forms
//! logs, cameras, exports and people write, in zones with DST on both
//! hemispheres and a half-hour offset.
//!
//! Where an oracle reads a text, tsconv must read it to the same instant
//! (or, for a text without a time of day, the same day), or the case must
//! show a difference named in [`DIFFERENCES`] (and in the README) with its
//! reason. A named difference that no case shows any more is stale and
//! fails the test. A text an oracle refuses is not compared with it; every
//! template is compared with at least one oracle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::process::Command;

use jiff::Timestamp;
use jiff::civil::Date;
use tsconv_time::input::{Input, ReadOptions, read};
use tsconv_time::locale::Localizer;
use tsconv_time::zone::Zone;

use crate::english::{MONTHS, ORDINALS, WEEKDAYS};
use crate::oracle::{Rng, python, stream};

/// What a case is, as far as the named differences care.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Trait {
    /// A Go log line whose fraction of a second has one or two digits (`10.2`).
    ShortFraction,
    /// A Go log line whose fraction of a second has more than three digits.
    LongFraction,
    /// An EXIF time: the date's fields joined by colons.
    Exif,
    /// A time of day written with a colon before the milliseconds (`07:41:10:250`).
    ColonMilliseconds,
    /// A date followed by its offset, without a time (`2019-03-05+08:00`).
    DateWithOffset,
    /// A month and a year without a day (`March 2019`, `2019-03`, `3/2019`).
    MonthWithoutDay,
    /// A year written as an apostrophe and two digits (`Mar '19`).
    ApostropheYear,
    /// A month's abbreviation, its dot, the day and the year (`Mar.05.2019`).
    DottedMonth,
    /// `next` with a weekday.
    NextWeekday,
    /// `night` with a day (`tomorrow night`).
    Night,
    /// Relative items in weeks, months or quarters that cross a change of
    /// the zone's offset.
    AcrossOffsetChange,
    /// A month and a day without a year (`January 1st`).
    MonthDayWithoutYear,
    /// A weekday alone (`Monday`).
    WeekdayAlone,
    /// `this week`, `this month`, `this year`.
    ThisPeriod,
    /// A sign before a run of relative items (`-2 hours 5 minutes`).
    SignBeforeRun,
    /// `midnight` alone.
    Midnight,
    /// `this weekend` said on a Sunday.
    ThisWeekendOnSunday,
    /// 12 at night (as `tonight at 12`, `midnight tonight`).
    TwelveAtNight,
}

/// The differences from chrono and dateutil that tsconv makes on purpose,
/// each with the oracle, the name the README's table gives it and why.
const DIFFERENCES: &[(Trait, Oracle, &str, &str)] = &[
    (
        Trait::ShortFraction,
        Oracle::Chrono,
        "chrono: a short fraction as milliseconds",
        "chrono reads the fraction of 07:41:10.2 as 2 milliseconds; it is 200, as Go wrote it",
    ),
    (
        Trait::LongFraction,
        Oracle::Chrono,
        "chrono: a Go log line's long fraction",
        "after a fraction of more than three digits chrono drops the fraction and the offset, reading the wall clock in the reader's zone; tsconv keeps both, to the nanosecond",
    ),
    (
        Trait::Exif,
        Oracle::Chrono,
        "EXIF times",
        "2019:03:05 07:41:10 is a camera's DateTimeOriginal (EXIF writes the date with colons); chrono and dateutil read the date's colons as a time of day today",
    ),
    (
        Trait::Exif,
        Oracle::Dateutil,
        "EXIF times",
        "2019:03:05 07:41:10 is a camera's DateTimeOriginal (EXIF writes the date with colons); chrono and dateutil read the date's colons as a time of day today",
    ),
    (
        Trait::ColonMilliseconds,
        Oracle::Chrono,
        "chrono: milliseconds after a third colon",
        "chrono drops the 250 of 07:41:10:250; tsconv keeps it",
    ),
    (
        Trait::DateWithOffset,
        Oracle::Chrono,
        "a date's offset as a time",
        "chrono reads the +05:00 of 1986-10-27+05:00 (XML Schema's date with its offset) as the time 05:00, and dateutil the -05:00; tsconv reads the day's start at that offset",
    ),
    (
        Trait::DateWithOffset,
        Oracle::Dateutil,
        "a date's offset as a time",
        "chrono reads the +05:00 of 1986-10-27+05:00 (XML Schema's date with its offset) as the time 05:00, and dateutil the -05:00; tsconv reads the day's start at that offset",
    ),
    (
        Trait::MonthWithoutDay,
        Oracle::Dateutil,
        "dateutil: a month without its day",
        "dateutil fills the missing day of March 2019, 2019-03 or 3/2019 from its default (today's day); tsconv reads the month's first day, as chrono does",
    ),
    (
        Trait::ApostropheYear,
        Oracle::Chrono,
        "an apostrophe year",
        "Mar '19 is March 2019; chrono drops the year (this year's March) and dateutil reads '19 as the day",
    ),
    (
        Trait::ApostropheYear,
        Oracle::Dateutil,
        "an apostrophe year",
        "Mar '19 is March 2019; chrono drops the year (this year's March) and dateutil reads '19 as the day",
    ),
    (
        Trait::DottedMonth,
        Oracle::Chrono,
        "chrono: Mar.05.2019",
        "chrono drops the year of a month's abbreviation, its dot, the day and the year",
    ),
    (
        Trait::NextWeekday,
        Oracle::Chrono,
        "next Friday",
        "on a Wednesday chrono reads next Friday as the Friday of next week; tsconv reads the coming Friday, as GNU date does",
    ),
    (
        Trait::Night,
        Oracle::Chrono,
        "night with a day",
        "chrono reads tonight as 22:00 but tomorrow night as 20:00 and last night as midnight; tsconv reads night as 22:00 with any day",
    ),
    (
        Trait::AcrossOffsetChange,
        Oracle::Chrono,
        "weeks and months across a DST change",
        "chrono adds weeks, months and quarters as elapsed time, so the clock moves by the DST change; tsconv keeps the wall clock, as its arithmetic does",
    ),
    (
        Trait::MonthDayWithoutYear,
        Oracle::Chrono,
        "a month and day without a year",
        "chrono takes the occurrence nearest the reference (in November, January 1st is next year's); tsconv takes this year's, as GNU date and dateutil do",
    ),
    (
        Trait::WeekdayAlone,
        Oracle::Chrono,
        "a weekday alone",
        "chrono takes the weekday of this week, past or coming; tsconv the coming one (today's on that day), as GNU date and dateutil do",
    ),
    (
        Trait::ThisPeriod,
        Oracle::Chrono,
        "this week, this month, this year",
        "chrono reads the period's start; tsconv reads now, as GNU date does (a relative item of zero)",
    ),
    (
        Trait::SignBeforeRun,
        Oracle::Chrono,
        "a sign before a run of items",
        "chrono applies the sign of -2 hours 5 minutes to both items; tsconv to the first, as GNU date does",
    ),
    (
        Trait::ThisWeekendOnSunday,
        Oracle::Chrono,
        "this weekend on a Sunday",
        "on a Sunday chrono reads this weekend as the next Saturday; tsconv as the weekend under way, whose Saturday was yesterday",
    ),
    (
        Trait::Midnight,
        Oracle::Chrono,
        "midnight",
        "chrono reads midnight as the coming one; tsconv as today's start, as GNU date does",
    ),
    (
        Trait::TwelveAtNight,
        Oracle::Chrono,
        "12 at night",
        "chrono reads 12 at night (and tonight at 12, midnight tonight) as noon; tsconv as the midnight that ends the night's day",
    ),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Oracle {
    Chrono,
    Dateutil,
}

struct Case {
    template: usize,
    text: String,
    /// Read as a British reader reads it: day before month.
    day_first: bool,
    /// The text names a time of day (else only the day is compared).
    has_time: bool,
    /// Counted from the reference instant.
    relative: bool,
    /// Whether dateutil can read the form at all (chrono reads them all).
    dateutil: bool,
    traits: Vec<Trait>,
}

/// Zones with DST on both hemispheres, a half-hour offset, and none.
const ZONES: [&str; 5] = ["UTC", "America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata"];
/// Go's log lines write the offset and the zone's abbreviation together.
const OFFSET_NAMES: [(&str, &str); 6] =
    [("-0700", "MST"), ("-0500", "EST"), ("-0400", "EDT"), ("+0000", "UTC"), ("+0100", "CET"), ("+0900", "JST")];
const TEMPLATES: usize = 52;

fn pick<'a>(rng: &mut Rng, items: &[&'a str]) -> &'a str {
    items[rng.below(items.len() as u64) as usize]
}

fn case(rng: &mut Rng, template: usize) -> Case {
    let year = 1971 + rng.below(60) as i16;
    let month = 1 + rng.below(12) as i8;
    let day = 1 + rng.below(Date::new(year, month, 1).unwrap().days_in_month() as u64) as i8;
    let hour = rng.below(24) as i8;
    let minute = rng.below(60) as i8;
    let second = rng.below(60) as i8;
    let month_name = MONTHS[month as usize - 1];
    let mon = &month_name[..3];
    let h12 = if hour % 12 == 0 { 12 } else { hour % 12 };
    let ampm = if hour < 12 { "am" } else { "pm" };
    let weekday = WEEKDAYS[Date::new(year, month, day).unwrap().weekday().to_sunday_zero_offset() as usize];
    let n = 2 + rng.below(20);
    let mut traits = Vec::new();
    let (mut has_time, mut dateutil, mut day_first) = (true, true, false);
    let text = match template {
        0 => {
            let (offset, name) = OFFSET_NAMES[rng.below(OFFSET_NAMES.len() as u64) as usize];
            let digits = 1 + rng.below(9) as usize;
            let fraction = &format!("{:09}", rng.below(1_000_000_000))[..digits];
            match digits {
                1 | 2 => traits.push(Trait::ShortFraction),
                3 => {}
                _ => traits.push(Trait::LongFraction),
            }
            let go = if rng.below(2) == 0 {
                format!(" m=+{}.{:09}", rng.below(100), rng.below(1_000_000_000))
            } else {
                String::new()
            };
            format!("{year}-{month:02}-{day:02} {hour:02}:{minute:02}:{second:02}.{fraction} {offset} {name}{go}")
        }
        1 => {
            traits.push(Trait::Exif);
            format!("{year}:{month:02}:{day:02} {hour:02}:{minute:02}:{second:02}")
        }
        2 => {
            // dateutil knows no abbreviation but UTC and GMT.
            dateutil = false;
            format!(
                "{year}-{month:02}-{day:02}T{hour:02}:{minute:02} {}",
                pick(rng, &["EST", "PST", "CST", "MST", "UTC", "GMT"])
            )
        }
        3 => format!("{year}-{month}-{day}T{hour}:{minute}:{second}"),
        4 => {
            traits.push(Trait::ColonMilliseconds);
            format!("{hour:02}:{minute:02}:{second:02}:{:03}", rng.below(1000))
        }
        5 => {
            traits.push(Trait::DateWithOffset);
            format!("{year}-{month:02}-{day:02}{}{:02}:00", pick(rng, &["+", "-"]), rng.below(12))
        }
        6 => {
            has_time = false;
            traits.push(Trait::MonthWithoutDay);
            format!("{year}-{month:02}")
        }
        7 => {
            has_time = false;
            format!("{year}-{mon}-{day:02}")
        }
        8 => {
            has_time = false;
            format!("{year} {month_name} {day}")
        }
        9 => {
            has_time = false;
            traits.push(Trait::DottedMonth);
            format!("{mon}.{day:02}.{year}")
        }
        10 => {
            has_time = false;
            format!("{month:02} {day:02} {year}")
        }
        11 => {
            has_time = false;
            traits.push(Trait::MonthWithoutDay);
            format!("{month_name} {year}")
        }
        12 => {
            has_time = false;
            traits.push(Trait::MonthWithoutDay);
            format!("{month}/{year}")
        }
        13 => {
            has_time = false;
            traits.extend([Trait::ApostropheYear, Trait::MonthWithoutDay]);
            format!("{mon} '{:02}", year % 100)
        }
        14 => {
            has_time = false;
            format!("{month_name} {} {year}", ORDINALS[day as usize - 1])
        }
        15 => format!("{h12} o'clock"),
        16 => format!("{h12}:{minute:02}{}", if hour < 12 { "a.m" } else { "p.m" }),
        17 => format!("{n} minutes from now"),
        18 => {
            has_time = false;
            traits.push(Trait::NextWeekday);
            format!("{n} days after next {}", pick(rng, &WEEKDAYS))
        }
        19 => "half an hour ago".to_owned(),
        20 => format!("{}h{}m ago", rng.below(5), 1 + rng.below(59)),
        21 => pick(rng, &["next 2 weeks", "next quarter", "next week", "next month"]).to_owned(),
        22 => {
            let part = pick(rng, &["morning", "afternoon", "evening", "night"]);
            if part == "night" {
                traits.push(Trait::Night);
            }
            format!("{} {part}", pick(rng, &["tomorrow", "yesterday", "today"]))
        }
        23 => format!("tonight {}pm", 6 + rng.below(6)),
        24 => {
            // 8 to 11, or 12: the midnight that ends the night's day.
            let hour = 8 + rng.below(5);
            if hour == 12 {
                traits.push(Trait::TwelveAtNight);
            }
            format!("{hour} at night")
        }
        25 => {
            let other =
                WEEKDAYS[(WEEKDAYS.iter().position(|w| *w == weekday).unwrap() + 1 + rng.below(6) as usize) % 7];
            format!("{} {day} {mon} {year} {hour:02}:{minute:02}", &other[..3])
        }
        26 => format!("{mon} {day} {year} {h12}:{minute:02}{ampm}"),
        27 => {
            has_time = false;
            format!("{day} {mon} {year}")
        }
        28 => {
            has_time = false;
            format!("{weekday}, {month_name} {day}, {year}")
        }
        29 => {
            has_time = false;
            format!("{year}/{month:02}/{day:02}")
        }
        30 => {
            has_time = false;
            format!("{month}/{day}/{year}")
        }
        31 => {
            has_time = false;
            day_first = true;
            format!("{day}/{month}/{year}")
        }
        32 => format!(
            "{} {}",
            pick(rng, &["tomorrow", "yesterday", "today"]),
            if rng.below(2) == 0 { format!("{h12}{ampm}") } else { format!("at {hour}:{minute:02}") }
        ),
        33 => {
            has_time = false;
            let which = pick(rng, &["next", "last", "this"]);
            if which == "next" {
                traits.push(Trait::NextWeekday);
            }
            format!("{which} {}", pick(rng, &WEEKDAYS))
        }
        34 => format!("{n} {} ago", pick(rng, &["minutes", "hours", "days", "weeks", "months", "years"])),
        35 => format!("in {n} {}", pick(rng, &["minutes", "hours", "days", "weeks", "months", "years"])),
        36 => format!(
            "{}, {day:02} {mon} {year} {hour:02}:{minute:02}:{second:02} {}{:02}00",
            &weekday[..3],
            pick(rng, &["+", "-"]),
            rng.below(12)
        ),
        37 => format!("{year}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}.{:03}Z", rng.below(1000)),
        38 => format!("{h12}{ampm}"),
        39 => {
            has_time = false;
            pick(rng, &["this weekend", "next weekend"]).to_owned()
        }
        41 => {
            has_time = false;
            traits.push(Trait::MonthDayWithoutYear);
            if rng.below(2) == 0 {
                format!("{month_name} {}", ORDINALS[day as usize - 1])
            } else {
                format!("{mon} {day}")
            }
        }
        42 => {
            has_time = false;
            traits.push(Trait::WeekdayAlone);
            pick(rng, &WEEKDAYS).to_owned()
        }
        43 => {
            traits.push(Trait::ThisPeriod);
            pick(rng, &["this week", "this month", "this year"]).to_owned()
        }
        44 => {
            traits.push(Trait::SignBeforeRun);
            format!("-{} hours {} minutes", 1 + rng.below(5), 1 + rng.below(59))
        }
        45 => {
            traits.push(Trait::Midnight);
            "midnight".to_owned()
        }
        // A month and two digits that can be no day (or, after a day, no hour): the year.
        // Two-digit years the three read alike: 32-50 are 20xx, 76-99 19xx
        // (chrono's pivot is 50, dateutil's 50 years from today, GNU's 69).
        46 => {
            has_time = false;
            let short = if rng.below(2) == 0 { 32 + rng.below(19) } else { 76 + rng.below(24) };
            if rng.below(2) == 0 {
                traits.push(Trait::MonthWithoutDay);
                format!("{mon} {short}")
            } else {
                format!("{mon} {day} {short}")
            }
        }
        // Hours, minutes and seconds with letters: spaced, glued, in any order.
        47 => {
            if rng.below(2) == 0 {
                format!("{hour}h {minute:02}m{second:02}s")
            } else {
                format!("{minute:02}m{hour:02}h")
            }
        }
        48 => format!("{}d {} h {}m ago", 1 + rng.below(5), 1 + rng.below(23), 1 + rng.below(59)),
        49 => format!("in {n} mon"),
        50 => format!("{day} {month_name} {year} {h12} o clock"),
        51 => {
            let start = 1 + rng.below(10);
            format!("between {start}:30-{}:30pm", start + 1)
        }
        _ => format!("{hour:02}:{minute:02}"),
    };
    let relative = (17..=24).contains(&template)
        || (32..=35).contains(&template)
        || [39, 43, 44, 45, 48, 49, 51].contains(&template);
    if relative {
        // dateutil reads no relative words.
        dateutil = false;
    }
    Case { template, text, day_first, has_time, relative, dateutil, traits }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// chrono's answer to each case (epoch milliseconds; `None`: refused), in
/// `zone` (the process's `TZ`) with `now` as its reference instant.
fn chrono_answers(cases: &[Case], zone: &str, now: Timestamp) -> Vec<Option<i64>> {
    let modules = root().join("target/chrono/node_modules");
    assert!(modules.join("chrono-node").exists(), "chrono-node is missing: run ./scripts/test, which installs it");
    let script = r#"
const chrono = require("chrono-node");
const now = new Date(Number(process.argv[1]));
const lines = require("fs").readFileSync(0, "utf8").split("\n").filter((l) => l);
for (const line of lines) {
  const c = JSON.parse(line);
  const parser = c.day_first ? chrono.en.GB : chrono;
  const date = parser.parseDate(c.text, now);
  process.stdout.write((date ? String(date.getTime()) : "") + "\n");
}
"#;
    let mut command = Command::new("node");
    command.env("NODE_PATH", &modules).env("TZ", zone).arg("-e").arg(script).arg(now.as_millisecond().to_string());
    let input: String =
        cases.iter().map(|c| format!("{}\n", serde_json::json!({"text": c.text, "day_first": c.day_first}))).collect();
    stream(command, &input).iter().map(|line| line.parse().ok()).collect()
}

/// dateutil's answer to each case (epoch microseconds; `None`: refused or a
/// zone name it does not know), in `zone`, with the reference day's
/// midnight as its default.
fn dateutil_answers(cases: &[Case], zone: &str, now: Timestamp) -> Vec<Option<i64>> {
    let script = r#"
import json, sys, warnings, datetime
from zoneinfo import ZoneInfo
from dateutil import parser
zone = ZoneInfo(sys.argv[1])
default = datetime.datetime.fromisoformat(sys.argv[2])
warnings.simplefilter("error")
for line in sys.stdin:
    c = json.loads(line)
    try:
        d = parser.parse(c["text"], default=default, dayfirst=c["day_first"])
        if d.tzinfo is None:
            d = d.replace(tzinfo=zone)
        delta = d - datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
        print(delta // datetime.timedelta(microseconds=1))
    except Exception:
        print("")
"#;
    let today = now.to_zoned(Zone::parse(zone).unwrap().tz().clone()).date();
    let mut command = python(script);
    let venv = root().join("target/venv-st/bin/python");
    if std::env::var_os("TSCONV_PYTHON").is_none() && venv.exists() {
        command = Command::new(venv);
        command.arg("-c").arg(script);
    }
    command.env("TZ", "UTC").arg(zone).arg(format!("{today}T00:00:00"));
    let input: String =
        cases.iter().map(|c| format!("{}\n", serde_json::json!({"text": c.text, "day_first": c.day_first}))).collect();
    stream(command, &input).iter().map(|line| line.parse().ok()).collect()
}

fn agrees(case: &Case, ours: Timestamp, theirs: Timestamp, zone: &Zone, unit_nanos: i128) -> bool {
    if case.has_time {
        let truncated = ours.as_nanosecond().div_euclid(unit_nanos) * unit_nanos;
        truncated == theirs.as_nanosecond()
    } else {
        ours.to_zoned(zone.tz().clone()).date() == theirs.to_zoned(zone.tz().clone()).date()
    }
}

#[test]
#[cfg_attr(
    not(feature = "components"),
    ignore = "needs chrono-node (npm) and python-dateutil: ./scripts/test installs them and runs this"
)]
fn people_text_agrees_with_chrono_and_dateutil() {
    let mut rng = Rng(0x6368_726f_6e6f);
    let british = Localizer::get("en-GB").unwrap();
    let mut mismatches = Vec::new();
    let mut seen: BTreeSet<(Trait, Oracle)> = BTreeSet::new();
    let mut compared: BTreeMap<usize, usize> = BTreeMap::new();
    let mut total = 0;
    for zone_name in ZONES {
        let zone = Zone::parse(zone_name).unwrap();
        for _ in 0..2 {
            let now = Timestamp::from_second(946_684_800 + rng.below(1_100_000_000) as i64).unwrap();
            let cases: Vec<Case> = (0..TEMPLATES * 6).map(|i| case(&mut rng, i % TEMPLATES)).collect();
            let chrono = chrono_answers(&cases, zone_name, now);
            let dateutil = dateutil_answers(&cases, zone_name, now);
            for ((case, chrono), dateutil) in cases.iter().zip(chrono).zip(dateutil) {
                let mut options = ReadOptions::defaults(&zone, now);
                if case.day_first {
                    options.language = &british;
                }
                let ours = read(Input::Text(&case.text), &options).map(|r| r.instant);
                let answers = [
                    (Oracle::Chrono, true, chrono.map(|ms| (Timestamp::from_millisecond(ms).unwrap(), 1_000_000))),
                    (
                        Oracle::Dateutil,
                        case.dateutil,
                        dateutil.map(|us| (Timestamp::from_microsecond(us).unwrap(), 1_000)),
                    ),
                ];
                for (oracle, asked, answer) in answers {
                    let Some((theirs, unit)) = answer.filter(|_| asked) else { continue };
                    total += 1;
                    *compared.entry(case.template).or_default() += 1;
                    let ok = ours.as_ref().is_ok_and(|ours| agrees(case, *ours, theirs, &zone, unit));
                    if ok {
                        continue;
                    }
                    let mut traits = case.traits.clone();
                    if case.text == "this weekend"
                        && now.to_zoned(zone.tz().clone()).weekday() == jiff::civil::Weekday::Sunday
                    {
                        traits.push(Trait::ThisWeekendOnSunday);
                    }
                    // The clock moved by exactly the change of the zone's offset.
                    let offset = |t: Timestamp| zone.tz().to_offset(t).seconds();
                    if case.relative
                        && let Ok(ours) = &ours
                        && (theirs.as_second() - ours.as_second()).abs()
                            == i64::from((offset(*ours) - offset(now)).abs())
                        && offset(*ours) != offset(now)
                    {
                        traits.push(Trait::AcrossOffsetChange);
                    }
                    let named = traits.iter().find(|t| DIFFERENCES.iter().any(|(n, o, _, _)| n == *t && *o == oracle));
                    match named {
                        Some(named) => {
                            seen.insert((*named, oracle));
                        }
                        None => mismatches.push(format!(
                            "{zone_name} at {now}: {:?}: {oracle:?} {}, tsconv {:?}",
                            case.text,
                            theirs.to_zoned(zone.tz().clone()),
                            ours.as_ref()
                                .map(|t| t.to_zoned(zone.tz().clone()).to_string())
                                .map_err(ToString::to_string)
                        )),
                    }
                }
            }
        }
    }
    let never: Vec<usize> = (0..TEMPLATES).filter(|t| !compared.contains_key(t)).collect();
    assert!(never.is_empty(), "templates no oracle reads: {never:?}");
    assert!(
        mismatches.is_empty(),
        "{} of {total} differ from chrono or dateutil without a named reason:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
    let readme = crate::oracle::documentation();
    let unlisted: Vec<&str> = DIFFERENCES
        .iter()
        .map(|(_, _, name, _)| *name)
        .filter(|name| !readme.contains(&format!("| {name} |")))
        .collect();
    assert!(unlisted.is_empty(), "named differences missing from the documentation's tables: {unlisted:?}");
    let stale: Vec<&str> = DIFFERENCES
        .iter()
        .filter(|(named, oracle, _, _)| !seen.contains(&(*named, *oracle)))
        .map(|(_, _, name, _)| *name)
        .collect();
    assert!(stale.is_empty(), "named differences that no case shows any more (remove them): {stale:?}");
}
