//! Differential tests against implementations no one on this project wrote:
//! GNU `date` for strftime, Node's `Intl` (ICU, what Discord's client
//! formats with) for the Discord previews, and Python's `email.utils` for
//! RFC 5322 / RFC 9110 dates, read and written. Each generates its cases
//! from a fixed seed, streams them to one process of the oracle, and lists
//! by name every difference it tolerates and why.

use std::process::Command;

use jiff::Timestamp;
use tsconv_time::discord::DiscordStyle;
use tsconv_time::input::{Input, ReadOptions, read};
use tsconv_time::precision::Precision;
use tsconv_time::render::{Format, View};
use tsconv_time::zone::Zone;

use crate::oracle::{Rng, python, stream};

/// An instant as GNU `date -d @...` and JavaScript read it: exact decimal seconds.
fn decimal_seconds(nanos: i128) -> String {
    let sign = if nanos < 0 { "-" } else { "" };
    let abs = nanos.unsigned_abs();
    format!("{sign}{}.{:09}", abs / 1_000_000_000, abs % 1_000_000_000)
}

fn random_instant(rng: &mut Rng, from: i64, to: i64) -> i128 {
    let second = from + rng.below((to - from) as u64) as i64;
    let nanos = match rng.below(3) {
        0 => 0,
        1 => rng.below(1000) as i128 * 1_000_000,
        _ => rng.below(1_000_000_000) as i128,
    };
    i128::from(second) * 1_000_000_000 + nanos
}

/// Zones whose rules Debian's tzdata and the bundled database agree on over
/// the ranges used here, chosen for odd offsets (+05:45, +08:45, -03:30,
/// +12:45/+13:45, -09:30, +14:00), both hemispheres' DST and half-hour DST.
const ZONES: &[&str] = &[
    "UTC",
    "America/New_York",
    "America/St_Johns",
    "America/Sao_Paulo",
    "Asia/Kathmandu",
    "Asia/Kolkata",
    "Australia/Eucla",
    "Australia/Lord_Howe",
    "Australia/Sydney",
    "Pacific/Chatham",
    "Pacific/Marquesas",
    "Pacific/Kiritimati",
    "Europe/London",
];

const START_1970: i64 = 0;
/// 0001-01-01T00:00:00Z.
const START_YEAR_1: i64 = -62_135_596_800;
const END_2037: i64 = 2_145_916_800;

fn custom(pattern: &str) -> Format {
    Format::from_texts(Some("custom"), Some(pattern), None).unwrap().unwrap()
}

/// Every directive tsconv's strftime shares with GNU `date`, and its flags
/// and widths. Not compared, on purpose (README "strftime"): jiff's own
/// `%f`, `%.f`, `%Q`, `%:Q`, which GNU lacks; padding flags and widths on
/// `%z`, where GNU pads the number (`%_5z` is `   +0`) and jiff the text.
const GNU_PATTERNS: &[&str] = &[
    "%a|%A|%b|%B|%c|%C|%d|%D|%e|%F|%g|%G|%h|%H|%I|%j|%k|%l|%m|%M|%n|%N|%p|%P|%q|%r|%R|%s|%S|%t|%T|%u|%U|%V|%w|%W|%x|%X|%y|%Y|%z|%:z|%::z|%:::z|%Z|%%",
    "%#a|%#A|%#b|%#B|%#h|%^a|%^A|%^b|%^B|%^h|%^p|%#p|%#Z|%^Z|%-d|%_d|%0e|%-e|%-m|%_m|%-H|%_H|%-I|%_I|%-j|%_j|%-k|%-l|%-M|%-S|%3N|%6N|%9N|%-y|%_y|%10Y|%_10Y|%-C|%_4C|%05s|%_15s|%-s",
    "%^c|%#c|%30c|%-c|%^r|%12x|%^X|%-V|%_V|%-U|%-W|%-g|%4G|%5d|%_5m|%010N|%-G",
];

#[test]
#[cfg_attr(not(feature = "components"), ignore = "needs GNU date and tzdata: ./scripts/test installs it and runs this")]
fn strftime_agrees_with_gnu_date() {
    let mut rng = Rng(0x0067_6e75_6461_7465);
    let mut mismatches = Vec::new();
    let mut compared = 0;
    for zone_name in ZONES {
        let zone = Zone::parse(zone_name).unwrap();
        // 1970-2037 everywhere; New York also back to 1800 (local mean time,
        // -04:56:02, whose offset has seconds), UTC back to year 1 (years of
        // fewer than four digits).
        let from = match *zone_name {
            "America/New_York" => -5_364_662_400,
            "UTC" => START_YEAR_1,
            _ => START_1970,
        };
        let instants: Vec<i128> = (0..120).map(|_| random_instant(&mut rng, from, END_2037)).collect();
        let input: String = instants.iter().map(|&n| format!("@{}\n", decimal_seconds(n))).collect();
        for pattern in GNU_PATTERNS {
            let mut command = Command::new("date");
            command.env("TZ", zone_name).env("LC_ALL", "C").arg("-f").arg("-").arg(format!("+{pattern}"));
            let lines = stream(command, &input);
            let per_case = 1 + pattern.matches("%n").count();
            assert_eq!(lines.len(), instants.len() * per_case, "{zone_name} {pattern}");
            let format = custom(pattern);
            for (i, &nanos) in instants.iter().enumerate() {
                let gnu = lines[i * per_case..(i + 1) * per_case].join("\n");
                let instant = Timestamp::from_nanosecond(nanos).unwrap();
                let ours = View::new(instant, &zone, Precision::Nanoseconds).format(&format, instant).unwrap();
                compared += pattern.split('|').count();
                if ours != gnu {
                    for ((directive, o), g) in pattern.split('|').zip(ours.split('|')).zip(gnu.split('|')) {
                        if o != g {
                            mismatches.push(format!(
                                "{zone_name} @{} {directive}: ours {o:?}, GNU {g:?}",
                                decimal_seconds(nanos)
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(compared > 50_000);
    assert!(
        mismatches.is_empty(),
        "{} differences:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(40)].join("\n")
    );
}

const INTL: &str = r#"
const options = {
  t: { hour: "numeric", minute: "2-digit" },
  T: { hour: "numeric", minute: "2-digit", second: "2-digit" },
  d: { day: "2-digit", month: "2-digit", year: "numeric" },
  D: { day: "numeric", month: "long", year: "numeric" },
  f: { day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit" },
  F: { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit" },
  s: { day: "2-digit", month: "2-digit", year: "numeric", hour: "numeric", minute: "2-digit" },
  S: { day: "2-digit", month: "2-digit", year: "numeric", hour: "numeric", minute: "2-digit", second: "2-digit" },
};
const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "always" });
const lines = require("fs").readFileSync(0, "utf8").split("\n").filter(Boolean);
const out = [];
for (const line of lines) {
  const [kind, a, b] = line.split(" ");
  if (kind === "R") {
    out.push(relative.format(Number(a), b));
  } else {
    const date = new Date(Number(a) * 1000);
    out.push(Object.values(options).map((o) => new Intl.DateTimeFormat("en-US", { ...o, timeZone: b }).format(date)).join("|"));
  }
}
process.stdout.write(out.join("\n") + "\n");
"#;

/// Our relative text as Intl's (value, unit): `3 days ago` is (-3, "day").
fn relative_parts(text: &str) -> Option<(i64, String)> {
    let (sign, rest) = match text.strip_prefix("in ") {
        Some(rest) => (1, rest),
        None => (-1, text.strip_suffix(" ago")?),
    };
    let (n, unit) = rest.split_once(' ')?;
    Some((sign * n.replace(',', "").parse::<i64>().ok()?, unit.trim_end_matches('s').to_owned()))
}

#[test]
#[cfg_attr(not(feature = "components"), ignore = "needs Node with full ICU: ./scripts/test installs it and runs this")]
fn discord_previews_agree_with_node_intl() {
    let mut rng = Rng(0x696e_746c);
    let mut cases = Vec::new();
    for _ in 0..3000 {
        let zone = ZONES[rng.below(ZONES.len() as u64) as usize];
        let second = random_instant(&mut rng, START_1970, END_2037).div_euclid(1_000_000_000) as i64;
        cases.push((second, zone));
    }
    // Across the whole range in UTC: years below 1000 and before year 1.
    for _ in 0..300 {
        let second = Timestamp::MIN.as_second() + rng.below(400_000_000_000) as i64;
        cases.push((second, "UTC"));
    }
    let mut input: String = cases.iter().map(|(second, zone)| format!("P {second} {zone}\n")).collect();
    let now = Timestamp::from_second(1_795_000_000).unwrap();
    let mut relatives = Vec::new();
    let utc = Zone::utc();
    for &(second, _) in cases.iter().take(500) {
        let view = View::new(Timestamp::from_second(second).unwrap(), &utc, Precision::Seconds);
        let text = view.discord_preview(DiscordStyle::Relative, now);
        let (value, unit) = relative_parts(&text).unwrap_or_else(|| panic!("{text}"));
        input.push_str(&format!("R {value} {unit}\n"));
        relatives.push(text);
    }
    let mut command = Command::new("node");
    command.arg("-e").arg(INTL);
    let lines = stream(command, &input);
    assert_eq!(lines.len(), cases.len() + relatives.len());
    let mut mismatches = Vec::new();
    for (&(second, zone_name), theirs) in cases.iter().zip(&lines) {
        let zone = Zone::parse(zone_name).unwrap();
        let view = View::new(Timestamp::from_second(second).unwrap(), &zone, Precision::Seconds);
        let ours: Vec<String> = DiscordStyle::ALL[..8].iter().map(|&style| view.discord_preview(style, now)).collect();
        let ours = ours.join("|");
        if &ours != theirs {
            mismatches.push(format!("{second} {zone_name}: ours {ours:?}, Intl {theirs:?}"));
        }
    }
    for (ours, theirs) in relatives.iter().zip(&lines[cases.len()..]) {
        if ours != theirs {
            mismatches.push(format!("R: ours {ours:?}, Intl.RelativeTimeFormat {theirs:?}"));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} differences:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(40)].join("\n")
    );
}

const EMAIL_UTILS: &str = r#"
import sys
from datetime import datetime, timezone
from email.utils import format_datetime, parsedate_to_datetime
from zoneinfo import ZoneInfo

for line in sys.stdin:
    kind, rest = line.rstrip("\n").split(" ", 1)
    if kind == "W":
        seconds, zone = rest.split(" ")
        local = datetime.fromtimestamp(int(seconds), ZoneInfo(zone))
        utc = datetime.fromtimestamp(int(seconds), timezone.utc)
        print(format_datetime(local) + "|" + format_datetime(utc, usegmt=True))
    else:
        print(int(parsedate_to_datetime(rest).timestamp()))
"#;

const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAYS: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/// A date of RFC 5322 (current or obsolete syntax) or one of RFC 9110's
/// forms, and the name of the listed difference it exercises, if any.
fn mail_date(rng: &mut Rng, second: i64) -> (String, Option<&'static str>) {
    let zones: [(&str, i64); 12] = [
        ("+0000", 0),
        ("-0000", 0),
        ("+0530", 330),
        ("-0930", -570),
        ("+1345", 825),
        ("GMT", 0),
        ("UT", 0),
        ("EST", -300),
        ("EDT", -240),
        ("CDT", -300),
        ("MST", -420),
        ("PDT", -420),
    ];
    let (zone, minutes) = zones[rng.below(zones.len() as u64) as usize];
    let local = Timestamp::from_second(second + minutes * 60).unwrap().to_zoned(jiff::tz::TimeZone::UTC);
    let day = DAYS[local.weekday().to_monday_zero_offset() as usize];
    let month = MONTHS[local.month() as usize - 1];
    let (y, d) = (local.year(), local.day());
    let clock = format!("{:02}:{:02}:{:02}", local.hour(), local.minute(), local.second());
    match rng.below(6) {
        0 => (format!("{}, {d:02} {month} {y} {clock} {zone}", &day[..3]), None),
        1 => (format!("{d} {month} {y} {clock} {zone}"), None),
        2 => (format!("  {},   {d}  {}  {y}   {clock}   {zone}  ", &day[..3], month.to_uppercase()), None),
        3 => {
            // RFC 5322 obs-year: two digits, below 50 in the 2000s.
            let text = format!("{}, {d:02} {month} {:02} {clock} {zone}", &day[..3], y % 100);
            (text, (50..=68).contains(&(y % 100)).then_some("obs-year 50-68"))
        }
        4 => {
            // RFC 850, in GMT; two-digit years per RFC 9110 (read in 2026:
            // 1977-2076), so a date of its own in those years.
            let second = 220_924_800 + rng.below(3_155_760_000) as i64;
            let utc = Timestamp::from_second(second).unwrap().to_zoned(jiff::tz::TimeZone::UTC);
            let day = DAYS[utc.weekday().to_monday_zero_offset() as usize];
            let text = format!(
                "{day}, {:02}-{}-{:02} {:02}:{:02}:{:02} GMT",
                utc.day(),
                MONTHS[utc.month() as usize - 1],
                utc.year() % 100,
                utc.hour(),
                utc.minute(),
                utc.second()
            );
            (text, (2069..=2076).contains(&utc.year()).then_some("rfc850-year 69-76"))
        }
        _ => {
            let utc = Timestamp::from_second(second).unwrap().to_zoned(jiff::tz::TimeZone::UTC);
            let day = DAYS[utc.weekday().to_monday_zero_offset() as usize];
            let text = format!(
                "{} {} {:>2} {:02}:{:02}:{:02} {}",
                &day[..3],
                MONTHS[utc.month() as usize - 1],
                utc.day(),
                utc.hour(),
                utc.minute(),
                utc.second(),
                utc.year()
            );
            (text, None)
        }
    }
}

/// Differences from `email.utils` that RFC 5322 and RFC 9110 decide, on
/// purpose: the seconds to add to Python's reading to get the standard's.
fn expected_difference(name: &str) -> i64 {
    // 1950-1976 to 2050-2076: 100 years with 25 leap days.
    const CENTURY: i64 = 36_525 * 86_400;
    match name {
        // RFC 5322 4.3: two-digit years 50-99 are 19xx; Python: above 68 only.
        "obs-year 50-68" => -CENTURY,
        // RFC 9110 5.6.7: 19xx only when 20xx would be more than 50 years
        // ahead (read in 2026: 77-99); Python: above 68.
        "rfc850-year 69-76" => CENTURY,
        other => panic!("unlisted difference {other}"),
    }
}

#[test]
fn mail_and_http_dates_agree_with_python_email_utils() {
    let mut rng = Rng(0x6d61_696c);
    let now = Timestamp::from_second(1_795_000_000).unwrap(); // 2026
    let mut input = String::new();
    let mut writes = Vec::new();
    for _ in 0..1500 {
        let second = random_instant(&mut rng, START_1970, END_2037).div_euclid(1_000_000_000) as i64;
        let zone = ZONES[rng.below(ZONES.len() as u64) as usize];
        input.push_str(&format!("W {second} {zone}\n"));
        writes.push((second, zone));
    }
    let mut reads = Vec::new();
    for _ in 0..3000 {
        // 1950-2049, where two-digit years name one instant in both readers
        // but for the listed differences.
        let second = -631_152_000 + rng.below(3_155_760_000) as i64;
        let (text, difference) = mail_date(&mut rng, second);
        input.push_str(&format!("R {text}\n"));
        reads.push((text, difference));
    }
    let lines = stream(python(EMAIL_UTILS), &input);
    assert_eq!(lines.len(), writes.len() + reads.len());
    let mut mismatches = Vec::new();
    for (&(second, zone_name), theirs) in writes.iter().zip(&lines) {
        let zone = Zone::parse(zone_name).unwrap();
        let view = View::new(Timestamp::from_second(second).unwrap(), &zone, Precision::Seconds);
        let ours = format!("{}|{}", view.rfc2822(), view.utc());
        if &ours != theirs {
            mismatches.push(format!("write {second} {zone_name}: ours {ours:?}, Python {theirs:?}"));
        }
    }
    let utc = Zone::utc();
    let options = ReadOptions::defaults(&utc, now);
    let mut differences = 0;
    for ((text, difference), theirs) in reads.iter().zip(&lines[writes.len()..]) {
        let theirs: i64 = theirs.parse().unwrap();
        let expected = theirs + difference.map_or(0, expected_difference);
        differences += usize::from(difference.is_some());
        match read(Input::Text(text), &options) {
            Ok(reading) if reading.instant.as_second() == expected => {}
            Ok(reading) => mismatches.push(format!(
                "read {text:?}: ours {}, Python {theirs}, expected {expected} ({difference:?})",
                reading.instant.as_second()
            )),
            Err(e) => mismatches.push(format!("read {text:?}: refused ({e}), Python {theirs}")),
        }
    }
    assert!(differences > 20, "the listed differences were not exercised");
    assert!(
        mismatches.is_empty(),
        "{} differences:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(40)].join("\n")
    );
}

/// `GMT+5` and `UTC+5` as people write them against GNU `date -d`,
/// which reads such a zone in a date string as the same offset: seeded
/// spellings (either prefix in any case, each sign, one- and two-digit
/// hours, `:MM`, `HHMM`), each read by `Zone::parse` as `timezone` and by GNU
/// as the zone of `2023-11-14 10:00 <text>`; the offsets must agree. The IANA
/// names `Etc/GMT±N` are not among them: they keep their POSIX sign.
#[test]
#[cfg_attr(not(feature = "components"), ignore = "needs GNU date: ./scripts/test runs this")]
fn gmt_and_utc_offsets_agree_with_gnu_date() {
    let mut rng = Rng(0x0067_6d74_2b35);
    let prefixes = ["GMT", "UTC", "gmt", "utc", "Gmt", "uTc"];
    let texts: Vec<String> = (0..2000)
        .map(|_| {
            let prefix = prefixes[rng.below(prefixes.len() as u64) as usize];
            let sign = if rng.below(2) == 0 { '+' } else { '-' };
            let hours = rng.below(15);
            let minutes = [0, 15, 30, 45][rng.below(4) as usize];
            match rng.below(4) {
                0 if minutes == 0 => format!("{prefix}{sign}{hours}"),
                0 | 1 => format!("{prefix}{sign}{hours}:{minutes:02}"),
                2 => format!("{prefix}{sign}{hours:02}:{minutes:02}"),
                _ => format!("{prefix}{sign}{hours:02}{minutes:02}"),
            }
        })
        .collect();
    let input: String = texts.iter().map(|text| format!("2023-11-14 10:00 {text}\n")).collect();
    let mut command = Command::new("date");
    command.env("TZ", "UTC").env("LC_ALL", "C").arg("-u").arg("-f").arg("-").arg("+%s");
    let lines = stream(command, &input);
    assert_eq!(lines.len(), texts.len());
    let ten_o_clock = Timestamp::from_second(1_699_956_000).unwrap(); // 2023-11-14T10:00:00Z
    let mismatches: Vec<String> = texts
        .iter()
        .zip(&lines)
        .filter_map(|(text, gnu)| {
            let Ok(gnu_seconds) = gnu.parse::<i64>() else { return Some(format!("{text}: GNU answered {gnu:?}")) };
            let gnu_offset = ten_o_clock.as_second() - gnu_seconds;
            let ours = Zone::parse(text).map(|zone| i64::from(zone.tz().to_offset(ten_o_clock).seconds()));
            (ours != Ok(gnu_offset)).then(|| format!("{text}: ours {ours:?}, GNU {gnu_offset} s"))
        })
        .collect();
    assert!(
        mismatches.is_empty(),
        "{} differences:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(40)].join("\n")
    );
}
