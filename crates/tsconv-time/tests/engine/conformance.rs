//! Conformance corpora written by others: test262's Temporal strings and the
//! JSON-Schema-Test-Suite's RFC 3339 cases (copied, facts only, into
//! `tests/data/` with their sources). Every case is read; every verdict and
//! instant must agree, except the differences listed here by name, each a
//! rule that the README explains. A listed difference that no
//! longer differs fails the test too, so the list stays true.

use std::collections::BTreeMap;

use jiff::Timestamp;
use serde_json::Value;
use tsconv_time::input::{Input, ReadOptions, read};
use tsconv_time::kind::Kind;
use tsconv_time::validate::conforms;
use tsconv_time::zone::Zone;

fn corpus(name: &str) -> Vec<Value> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let value: Value = serde_json::from_str(&text).unwrap();
    value["cases"].as_array().unwrap().clone()
}

fn read_utc(text: &str) -> Result<tsconv_time::input::Reading, tsconv_time::error::TimeError> {
    let utc = Zone::utc();
    let now = Timestamp::from_second(1_795_000_000).unwrap();
    read(Input::Text(text), &ReadOptions::defaults(&utc, now))
}

/// Why tsconv answers a corpus case differently, on purpose.
const NO_OFFSET: &str = "a date or date-time without offset is read in `timezone`; Temporal.Instant needs an offset";
const WEEK_ORDINAL: &str = "ISO 8601 week and ordinal dates are read; Temporal reads calendar dates only";
const RANGE: &str = "years beyond -9999..9999 are out_of_range; Temporal's range is wider";
const ZONE_MEANS: &str = "a bracketed zone is read as RFC 9557 says, as ZonedDateTime does: an unknown zone is an error and the offset must agree with it; Instant.from ignores the zone";
const INSTANT_SUFFICES: &str = "tsconv reads instants: an offset without a bracketed zone is enough, as Instant.from says; ZonedDateTime needs the zone";
const CALENDAR_IGNORED: &str = "the calendar annotation names a display calendar and does not change the instant: any is read, as Instant.from does; ZonedDateTime checks it";
const HOUR_OFFSET: &str =
    "ISO 8601 allows an offset of hours only (+01); the text is read, and conforms.rfc3339 is false";
const TRIMMED: &str =
    "white space around an input is ignored when reading (pasted text); conforms judges the text as sent";
const TOO_FINE: &str = "more than nine fraction digits conform to RFC 3339 but are refused, never rounded";
const RFC3339_SPACE: &str = "RFC 3339's note allows a space for T; tsconv reads it as a date-time";
const NUMERIC: &str = "a string of digits is a Unix timestamp, not an ISO 8601 basic date";
const PEOPLE: &str = "a text no machine format reads is read as people's text, by GNU date -d's grammar: \
                      numeric dates in the locale's order, date fields of any width; an ISO-shaped date-time \
                      (digits-two digits-two digits then T, Z or [) is never";
const OTHER_PARSERS: &str = "what other parsers (dateutil, chrono, Go) read is people's text: a year and month alone (2019-03), \
                             a date at an offset with no time (2019-03-05+08:00), one-digit fields (2019-3-5T7:4:1), \
                             a date with spaces, dots or colons (EXIF's 2019:03:05); conforms says it is no RFC 3339";

const TEST262_DIFFERENCES: &[(&str, &str)] = &[
    ("2020-W01-1T00:00Z", WEEK_ORDINAL),
    ("2020-001T00:00Z", WEEK_ORDINAL),
    ("2020-01-01", NO_OFFSET),
    ("2020-01-01T00", NO_OFFSET),
    ("2020-01-01T00:00", NO_OFFSET),
    ("2020-01-01T00:00:00", NO_OFFSET),
    ("2020-01-01T00:00:00.000000000", NO_OFFSET),
    ("1970-01-01T00:00", NO_OFFSET),
    ("1970-01-01T00:00[UTC]", NO_OFFSET),
    ("-271821-04-20T00:00Z", RANGE),
    ("-271821-04-19T23:00-01:00", RANGE),
    ("-271821-04-19T00:00:00.000000001-23:59:59.999999999", RANGE),
    ("+275760-09-13T00:00Z", RANGE),
    ("+275760-09-13T01:00+01:00", RANGE),
    ("+275760-09-13T23:59:59.999999999+23:59:59.999999999", RANGE),
    ("1970-01-01T00:00+00:00[-08:00]", ZONE_MEANS),
    ("1970-01-01T00:00+00:00[!+01:00]", ZONE_MEANS),
    ("1976-11-18T15:23:30.123456789Z[NotATimeZone]", ZONE_MEANS),
    ("1970-01-01T00:02:00.000000000+00:02[+01:30]", ZONE_MEANS),
    ("1970-01-01T00:00Z[Etc/Ignored]", ZONE_MEANS),
    ("1970-01-01T00:00+01:00[Etc/Ignored]", ZONE_MEANS),
    ("1970-01-01T00:00+01:00[Etc/Ignored][u-ca=hebrew]", ZONE_MEANS),
    ("1997-12-04[u-ca=notacal]", CALENDAR_IGNORED),
    ("1997-12-04[u-ca=11111111]", CALENDAR_IGNORED),
    ("1997-12-04[u-ca=1111-11-11]", CALENDAR_IGNORED),
    ("1970-01-01T00:00Z", INSTANT_SUFFICES),
    ("1970-01-01T00:00+01:00", INSTANT_SUFFICES),
    ("2020-01", OTHER_PARSERS),
    ("2022-09-15+00:00", OTHER_PARSERS),
    ("2022-09-15+00:00[UTC]", OTHER_PARSERS),
    ("2022-09-15-02:30", OTHER_PARSERS),
];

/// Whether tsconv's reading of one test262 case agrees with its verdict and
/// instant; `None` when it agrees.
fn test262_disagreement(case: &Value) -> Option<String> {
    let input = case["input"].as_str().unwrap();
    let ours = read_utc(input);
    match (case["expect"].as_str().unwrap(), ours) {
        ("invalid", Err(_)) => None,
        ("invalid", Ok(reading)) => Some(format!("read as {} where Temporal refuses", reading.instant)),
        ("valid", Err(e)) => Some(format!("refused ({}: {e})", e.name())),
        ("valid", Ok(reading)) => {
            let nanos = reading.instant.as_nanosecond();
            if let Some(expected) = case["epoch_ns"].as_str() {
                let expected: i128 = expected.parse().unwrap();
                return (nanos != expected).then(|| format!("read as {nanos} ns, Temporal {expected}"));
            }
            if let Some(wall) = case["wall_clock"].as_array() {
                let n: Vec<i64> = wall.iter().map(|v| v.as_i64().unwrap()).collect();
                let expected = jiff::civil::date(n[0] as i16, n[1] as i8, n[2] as i8)
                    .at(n[3] as i8, n[4] as i8, n[5] as i8, (n[6] * 1_000_000 + n[7] * 1_000 + n[8]) as i32)
                    .to_zoned(jiff::tz::TimeZone::UTC)
                    .unwrap()
                    .timestamp();
                return (reading.instant != expected)
                    .then(|| format!("read as {}, wall clock {expected}", reading.instant));
            }
            None
        }
        (other, _) => panic!("unknown verdict {other}"),
    }
}

/// Checks `found` (input -> what differs) against `listed`, both ways.
fn compare_with_list(corpus: &str, found: BTreeMap<String, String>, listed: &[(&str, &str)], cases: usize) {
    let listed_map: BTreeMap<&str, &str> = listed.iter().copied().collect();
    let unlisted: Vec<String> = found
        .iter()
        .filter(|(input, _)| !listed_map.contains_key(input.as_str()))
        .map(|(input, why)| format!("{input:?}: {why}"))
        .collect();
    let stale: Vec<&str> = listed.iter().map(|(input, _)| *input).filter(|input| !found.contains_key(*input)).collect();
    assert!(unlisted.is_empty(), "{corpus}: {} unlisted differences:\n{}", unlisted.len(), unlisted.join("\n"));
    assert!(stale.is_empty(), "{corpus}: listed differences that agree now (remove them): {stale:?}");
    assert!(cases > 100, "{corpus}: only {cases} cases");
}

#[test]
fn test262_temporal_strings() {
    let cases = corpus("test262_temporal_strings.json");
    let mut found = BTreeMap::new();
    for case in &cases {
        if let Some(why) = test262_disagreement(case) {
            found.insert(case["input"].as_str().unwrap().to_owned(), why);
        }
    }
    compare_with_list("test262", found, TEST262_DIFFERENCES, cases.len());
}

const JSON_SCHEMA_DIFFERENCES: &[(&str, &str)] = &[
    ("1985-04-12T00:59:59.999999999999999Z", TOO_FINE),
    ("2013-350T01:01:01", WEEK_ORDINAL),
    ("1985-04-12T23:20:50+01", HOUR_OFFSET),
    ("1985-04-12T23:20:50Z\n", TRIMMED),
    ("2013-350", WEEK_ORDINAL),
    ("20230328", NUMERIC),
    ("2023-W13-2", WEEK_ORDINAL),
    ("2022W527", WEEK_ORDINAL),
    ("2020-11-28T23:55:45Z", INSTANT_SUFFICES),
    (" 2024-01-15", TRIMMED),
    ("2024-01-15 ", TRIMMED),
    ("2020-01-01 00:00:00Z", RFC3339_SPACE),
    ("06/19/1963", PEOPLE),
    ("06/19/1963 08:30:06 PST", PEOPLE),
    ("1998-01-1", PEOPLE),
    ("1998-1-20", PEOPLE),
    ("20-01-01", PEOPLE),
    ("2020 -01-01", PEOPLE),
    ("2020-001-01", PEOPLE),
    ("2020-01-001", PEOPLE),
    ("998-01-01", PEOPLE),
    ("1963-06-1T08:30:06.283185Z", OTHER_PARSERS),
    ("1963-6-19T08:30:06.283185Z", OTHER_PARSERS),
    ("2020 01 01", OTHER_PARSERS),
    ("2020.01.01", OTHER_PARSERS),
    ("2020:01:01", OTHER_PARSERS),
];

/// RFC 3339 (JSON Schema's `date-time`, `date`, `time`): the `rfc3339` flag
/// of validate must be the suite's verdict on every date-time and time
/// (a time is judged inside a date-time of 2016-12-31); valid date-times and
/// dates read to their instant, invalid ones are refused.
#[test]
fn json_schema_test_suite_rfc3339() {
    let cases = corpus("json_schema_rfc3339.json");
    let mut found = BTreeMap::new();
    let now = Timestamp::from_second(1_795_000_000).unwrap();
    for case in &cases {
        let data = case["data"].as_str().unwrap();
        let valid = case["valid"].as_bool().unwrap();
        let format = case["format"].as_str().unwrap();
        let judged = if format == "time" { format!("2016-12-31T{data}") } else { data.to_owned() };
        let flag = conforms(Input::Text(&judged), now).rfc3339;
        if format != "date" && flag != valid {
            panic!("{format} {data:?}: conforms.rfc3339 is {flag}, the suite says {valid}");
        }
        if format == "time" {
            continue;
        }
        let why = match (valid, read_utc(data)) {
            (true, Ok(reading)) => {
                let expected: i128 = case["epoch_ns"].as_str().unwrap().parse().unwrap();
                let date_ok = format != "date" || reading.kind == Kind::Date;
                (reading.instant.as_nanosecond() != expected || !date_ok)
                    .then(|| format!("read as {} ({:?}), expected {expected}", reading.instant, reading.kind))
            }
            (true, Err(e)) => Some(format!("refused: {e}")),
            (false, Ok(reading)) if format == "date" && reading.kind != Kind::Date => {
                Some(format!("read as a {:?}", reading.kind))
            }
            (false, Ok(reading)) => Some(format!("read as {} ({:?})", reading.instant, reading.kind)),
            (false, Err(_)) => None,
        };
        if let Some(why) = why {
            found.insert(data.to_owned(), why);
        }
    }
    compare_with_list("JSON-Schema-Test-Suite", found, JSON_SCHEMA_DIFFERENCES, cases.len());
}
