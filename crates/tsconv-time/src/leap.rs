//! Leap seconds, for GPS time.
//!
//! The table is IANA's `leap-seconds.list` as Debian's `tzdata` ships it
//! (`/usr/share/zoneinfo/leap-seconds.list`), compiled into the binary: each
//! line gives the instant (NTP seconds) from which TAI − UTC has a new value,
//! and `#@` the date after which the table may be missing leap seconds
//! announced since. To update it, copy a newer file over
//! `src/time/leap-seconds.list`; the tests check its shape.
//!
//! GPS time counts SI seconds since 1980-01-06T00:00:00Z without leap
//! seconds, so it runs ahead of UTC by TAI − UTC − 19 s (18 s since 2017).

use std::sync::LazyLock;

use jiff::Timestamp;

use crate::error::TimeError;

const SECOND: i128 = 1_000_000_000;
/// NTP seconds at the Unix epoch (1900-01-01 to 1970-01-01).
const NTP_UNIX: i64 = 2_208_988_800;
/// Unix seconds at the GPS epoch, 1980-01-06T00:00:00Z.
pub const GPS_EPOCH: i64 = 315_964_800;
/// TAI − GPS: GPS time was TAI − 19 s at its epoch and never leaps.
const TAI_MINUS_GPS: i64 = 19;

/// The parsed table.
#[derive(Debug)]
pub struct Table {
    /// (Unix second from which it holds, TAI − UTC), oldest first.
    pub entries: Vec<(i64, i64)>,
    /// The `#@` expiry date.
    pub expires: Timestamp,
}

pub static TABLE: LazyLock<Table> = LazyLock::new(|| parse(include_str!("leap-seconds.list")));

fn parse(text: &str) -> Table {
    let mut entries = Vec::new();
    let mut expires = Timestamp::UNIX_EPOCH;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("#@") {
            let ntp: i64 = rest.trim().parse().unwrap_or(NTP_UNIX);
            expires = Timestamp::from_second(ntp - NTP_UNIX).unwrap_or(Timestamp::UNIX_EPOCH);
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let mut fields = line.split_whitespace();
        if let (Some(Ok(ntp)), Some(Ok(tai_utc))) =
            (fields.next().map(str::parse::<i64>), fields.next().map(str::parse::<i64>))
        {
            entries.push((ntp - NTP_UNIX, tai_utc));
        }
    }
    Table { entries, expires }
}

/// The `#@` expiry date of the table, `YYYY-MM-DD`: reported beside
/// `tzdb_version`.
pub fn expires() -> String {
    TABLE.expires.strftime("%Y-%m-%d").to_string()
}

/// GPS − UTC in seconds at a UTC instant (0 before 1981).
fn gps_minus_utc(unix_nanos: i128) -> i64 {
    TABLE
        .entries
        .iter()
        .rev()
        .find(|(from, _)| i128::from(*from) * SECOND <= unix_nanos)
        .map_or(0, |(_, tai_utc)| (tai_utc - TAI_MINUS_GPS).max(0))
}

/// A GPS time (nanoseconds since the GPS epoch, not negative) as UTC, with a
/// note when it falls inside an inserted leap second (read as the last
/// nanosecond before it) or beyond the table's expiry.
pub fn gps_to_utc(gps_nanos: i128) -> Result<(Timestamp, Option<String>), TimeError> {
    // GPS time as if it were Unix time: UTC plus GPS − UTC.
    let shifted = i128::from(GPS_EPOCH) * SECOND + gps_nanos;
    let entries = &TABLE.entries;
    // The 1980 entry (GPS − UTC = 0) always matches: GPS time starts there.
    let mut utc = shifted;
    let mut note = None;
    for (i, (from, tai_utc)) in entries.iter().enumerate().rev() {
        let ahead = i128::from(tai_utc - TAI_MINUS_GPS);
        if shifted >= (i128::from(*from) + ahead) * SECOND {
            utc = shifted - ahead * SECOND;
            break;
        }
        let before = i.checked_sub(1).map_or(ahead, |j| i128::from(entries[j].1 - TAI_MINUS_GPS));
        if shifted >= (i128::from(*from) + before) * SECOND {
            // The leap second 23:59:60, which Unix time cannot name.
            utc = i128::from(*from) * SECOND - 1;
            note = Some(format!(
                "GPS time {} falls in the leap second inserted before {}: UTC reads 23:59:60, which Unix time \
                 cannot hold, so it is read as 23:59:59.999999999",
                gps_text(gps_nanos),
                Timestamp::from_second(*from).map(|t| t.to_string()).unwrap_or_default()
            ));
            break;
        }
    }
    let instant = Timestamp::from_nanosecond(utc).map_err(|_| TimeError::OutOfRange {
        message: format!(
            "GPS time {} lands beyond year 9999; the supported range is up to {}",
            gps_text(gps_nanos),
            Timestamp::MAX
        ),
    })?;
    if instant > TABLE.expires && note.is_none() {
        note = Some(expiry_note(instant));
    }
    Ok((instant, note))
}

/// A UTC instant as GPS time, in nanoseconds since the GPS epoch; `None`
/// before 1980-01-06, when GPS time did not exist.
pub fn utc_to_gps(instant: Timestamp) -> Option<i128> {
    let nanos = instant.as_nanosecond();
    let since = nanos - i128::from(GPS_EPOCH) * SECOND;
    (since >= 0).then(|| since + i128::from(gps_minus_utc(nanos)) * SECOND)
}

fn expiry_note(instant: Timestamp) -> String {
    format!(
        "{instant} is after {}, when the bundled leap-second table expires: a leap second announced since then \
         would shift this GPS reading by a second",
        expires()
    )
}

fn gps_text(nanos: i128) -> String {
    let (seconds, fraction) = (nanos / SECOND, nanos % SECOND);
    if fraction == 0 {
        seconds.to_string()
    } else {
        format!("{seconds}.{}", format!("{fraction:09}").trim_end_matches('0'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 27 leap seconds inserted since 1972, as IERS Bulletin C lists
    /// them: each is 23:59:60 on the day before.
    const LEAP_SECONDS: [&str; 27] = [
        "1972-07-01",
        "1973-01-01",
        "1974-01-01",
        "1975-01-01",
        "1976-01-01",
        "1977-01-01",
        "1978-01-01",
        "1979-01-01",
        "1980-01-01",
        "1981-07-01",
        "1982-07-01",
        "1983-07-01",
        "1985-07-01",
        "1988-01-01",
        "1990-01-01",
        "1991-01-01",
        "1992-07-01",
        "1993-07-01",
        "1994-07-01",
        "1996-01-01",
        "1997-07-01",
        "1999-01-01",
        "2006-01-01",
        "2009-01-01",
        "2012-07-01",
        "2015-07-01",
        "2017-01-01",
    ];

    fn at(date: &str) -> Timestamp {
        format!("{date}T00:00:00Z").parse().unwrap()
    }

    #[test]
    fn the_table_has_every_leap_second_and_an_expiry() {
        let table = &*TABLE;
        // The first line is TAI − UTC = 10 s from 1972-01-01, not a leap second.
        assert_eq!(table.entries[0], (at("1972-01-01").as_second(), 10));
        let leaps: Vec<i64> = table.entries[1..].iter().map(|(from, _)| *from).collect();
        assert_eq!(leaps, LEAP_SECONDS.map(|date| at(date).as_second()).to_vec());
        for (i, window) in table.entries.windows(2).enumerate() {
            assert_eq!(window[1].1, window[0].1 + 1, "leap second {i} adds one second");
        }
        assert!(table.expires > at("2025-01-01"), "{}", table.expires);
    }

    /// GPS − UTC on both sides of each leap second since 1980, and the
    /// leap second itself read as the nanosecond before.
    #[test]
    fn gps_time_on_both_sides_of_each_leap_second() {
        for date in LEAP_SECONDS.iter().filter(|date| **date > "1980-01-06") {
            let after = at(date);
            let ahead_after = TABLE.entries.iter().find(|(from, _)| *from == after.as_second()).unwrap().1 - 19;
            let ahead_before = ahead_after - 1;
            let before = after - jiff::SignedDuration::from_secs(1);
            // 23:59:59 UTC, 00:00:00 UTC.
            let gps_before = utc_to_gps(before).unwrap();
            let gps_after = utc_to_gps(after).unwrap();
            assert_eq!(gps_before, (i128::from(before.as_second() - GPS_EPOCH + ahead_before)) * SECOND, "{date}");
            assert_eq!(gps_after, (i128::from(after.as_second() - GPS_EPOCH + ahead_after)) * SECOND, "{date}");
            // Two GPS seconds pass: the leap second lies between.
            assert_eq!(gps_after - gps_before, 2 * SECOND, "{date}");
            assert_eq!(gps_to_utc(gps_before).unwrap(), (before, None));
            assert_eq!(gps_to_utc(gps_after).unwrap(), (after, None));
            let (leap, note) = gps_to_utc(gps_before + SECOND + SECOND / 2).unwrap();
            assert_eq!(leap.as_nanosecond(), after.as_nanosecond() - 1, "{date}");
            assert!(note.unwrap().contains("leap second"), "{date}");
        }
    }

    #[test]
    fn gps_epoch_and_now() {
        assert_eq!(gps_to_utc(0).unwrap().0.as_second(), GPS_EPOCH);
        assert_eq!(utc_to_gps(Timestamp::from_second(GPS_EPOCH - 1).unwrap()), None);
        // Since 2017 GPS runs 18 s ahead of UTC.
        let t = at("2023-11-14");
        assert_eq!(utc_to_gps(t).unwrap(), i128::from(t.as_second() - GPS_EPOCH + 18) * SECOND);
    }
}
