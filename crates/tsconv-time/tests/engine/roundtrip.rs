//! Property tests: rendering then reading gives back the same instant.

use jiff::Timestamp;
use proptest::prelude::*;
use tsconv_time::input::{Input, ReadOptions, read};
use tsconv_time::precision::Precision;
use tsconv_time::render::{Format, View, in_unit};
use tsconv_time::zone::Zone;

const ZONES: &[&str] = &[
    "UTC",
    "America/New_York",
    "Australia/Sydney",
    "Asia/Kolkata",
    "Europe/Dublin",
    "America/Argentina/Buenos_Aires",
    "Pacific/Chatham",
    "+05:45",
    "-09:30",
];

fn instant() -> impl Strategy<Value = Timestamp> {
    (Timestamp::MIN.as_nanosecond()..=Timestamp::MAX.as_nanosecond())
        .prop_map(|nanos| Timestamp::from_nanosecond(nanos).unwrap())
}

fn unit() -> impl Strategy<Value = Precision> {
    prop::sample::select(Precision::ALL.to_vec())
}

fn zone() -> impl Strategy<Value = Zone> {
    prop::sample::select(ZONES).prop_map(|name| Zone::parse(name).unwrap())
}

/// The instant as it is seen at `unit`: floored to a whole unit.
fn floored(instant: Timestamp, unit: Precision) -> i128 {
    in_unit(instant, unit) * unit.nanos()
}

fn read_back(input: Input<'_>, zone: &Zone, precision: Option<Precision>) -> Timestamp {
    let options = ReadOptions { precision, ..ReadOptions::defaults(zone, Timestamp::UNIX_EPOCH) };
    read(input, &options).unwrap_or_else(|e| panic!("{input:?}: {e}")).instant
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn rfc3339_round_trips_in_any_zone_and_unit(instant in instant(), unit in unit(), zone in zone()) {
        let view = View::new(instant, &zone, unit);
        let text = view.rfc3339();
        prop_assert_eq!(read_back(Input::Text(&text), &zone, None).as_nanosecond(), floored(instant, unit), "{}", text);
        let text = view.rfc9557();
        prop_assert_eq!(read_back(Input::Text(&text), &zone, None).as_nanosecond(), floored(instant, unit), "{}", text);
    }

    #[test]
    fn the_detected_precision_of_rfc3339_is_the_rendered_one(instant in instant(), unit in unit()) {
        let utc = Zone::utc();
        let text = View::new(instant, &utc, unit).rfc3339();
        let options = ReadOptions::defaults(&utc, Timestamp::UNIX_EPOCH);
        prop_assert_eq!(read(Input::Text(&text), &options).unwrap().precision, unit);
    }

    #[test]
    fn unix_numbers_round_trip_in_any_unit(instant in instant(), unit in unit()) {
        let number = in_unit(instant, unit).to_string();
        let utc = Zone::utc();
        prop_assert_eq!(read_back(Input::Number(&number), &utc, Some(unit)).as_nanosecond(), floored(instant, unit));
        prop_assert_eq!(read_back(Input::Text(&number), &utc, Some(unit)).as_nanosecond(), floored(instant, unit));
    }

    #[test]
    fn decimal_seconds_round_trip_exactly(instant in instant()) {
        let nanos = instant.as_nanosecond();
        let (seconds, fraction) = (nanos.div_euclid(1_000_000_000), nanos.rem_euclid(1_000_000_000));
        // A negative instant with a fraction is written as -(|s| - 1).(1e9 - f).
        let text = if seconds < 0 && fraction > 0 {
            format!("-{}.{:09}", -(seconds + 1), 1_000_000_000 - fraction)
        } else {
            format!("{seconds}.{fraction:09}")
        };
        let utc = Zone::utc();
        prop_assert_eq!(read_back(Input::Number(&text), &utc, Some(Precision::Seconds)).as_nanosecond(), nanos, "{}", text);
        // Detection reads it as seconds too while it is below 10^11 seconds.
        if seconds.abs() < 100_000_000_000 {
            prop_assert_eq!(read_back(Input::Number(&text), &utc, None).as_nanosecond(), nanos, "{}", text);
        }
    }

    #[test]
    fn http_dates_and_local_times_round_trip(instant in instant(), zone in zone()) {
        let view = View::new(instant, &zone, Precision::Seconds);
        let whole = floored(instant, Precision::Seconds);
        // The HTTP date needs a four-digit year.
        if (0..=9999).contains(&instant.to_zoned(jiff::tz::TimeZone::UTC).year()) {
            prop_assert_eq!(read_back(Input::Text(&view.utc()), &zone, None).as_nanosecond(), whole);
        }
        let local = view.local();
        let options = ReadOptions::defaults(&zone, Timestamp::UNIX_EPOCH);
        let reading = read(Input::Text(&local), &options);
        // A wall-clock time in a fold may resolve to its other instant; one
        // in range always reads back to a time showing the same wall clock.
        if let Ok(reading) = reading {
            prop_assert_eq!(View::new(reading.instant, &zone, Precision::Seconds).local(), local);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Every string a `format` preset writes that names an instant
    /// reads back as that instant (at the preset's precision), and one that
    /// names a civil date (`iso_week`) as that date. `relative` names no
    /// instant; Discord codes are chat markup, not timestamps.
    #[test]
    fn every_preset_that_names_an_instant_reads_back(instant in instant(), unit in unit(), zone in zone()) {
        let view = View::new(instant, &zone, unit);
        let now = Timestamp::UNIX_EPOCH;
        let four_digit_year = (0..=9999).contains(&view.instant.to_zoned(zone.tz().clone()).year())
            && (0..=9999).contains(&view.instant.to_zoned(jiff::tz::TimeZone::UTC).year());
        let mut checks = vec![
            ("iso", Precision::Milliseconds),
            ("rfc3339", unit),
            ("rfc9557", unit),
            ("syslog", Precision::Microseconds),
        ];
        if four_digit_year {
            checks.extend([("rfc2822", Precision::Seconds), ("utc", Precision::Seconds), ("clf", Precision::Seconds)]);
        }
        for (name, precision) in checks {
            let format = Format::from_texts(Some(name), None, None).unwrap().unwrap();
            let text = view.format(&format, now).unwrap();
            prop_assert_eq!(read_back(Input::Text(&text), &zone, None).as_nanosecond(), floored(instant, precision), "{} {}", name, text);
        }
        let unix = view.format(&Format::Unix, now).unwrap();
        prop_assert_eq!(read_back(Input::Text(&unix), &zone, Some(unit)).as_nanosecond(), floored(instant, unit));
        let week = view.format(&Format::IsoWeek, now).unwrap();
        let date = read_back(Input::Text(&week), &zone, None).to_zoned(zone.tz().clone()).date();
        prop_assert_eq!(date, instant.to_zoned(zone.tz().clone()).date(), "{}", week);
    }
}
