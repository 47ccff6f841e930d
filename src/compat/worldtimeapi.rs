//! worldtimeapi.org's answers (its OpenAPI document, version 20210108, and
//! the bodies it sent): the fifteen fields of a zone's time, in its key
//! order, with its types and its text form.

use jiff::Timestamp;
use serde::Serialize;
use tsconv_time::zone::{Zone, offset_text};

/// worldtimeapi's `DateTimeJsonResponse`: the fields are in the order the
/// service writes them (alphabetical).
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
pub struct WorldTime {
    /// The zone's abbreviation now (`CEST`; `+0545` where the zone has none).
    #[schema(example = "BST")]
    pub abbreviation: String,
    /// The caller's address as the server sees it (behind `--trust-proxy`,
    /// the forwarded one).
    #[schema(example = "203.0.113.7")]
    pub client_ip: String,
    /// The local time, microseconds, with the offset.
    #[schema(example = "2022-06-24T15:17:33.626525+01:00")]
    pub datetime: String,
    /// 0 is Sunday.
    #[schema(example = 5)]
    pub day_of_week: i8,
    #[schema(example = 175)]
    pub day_of_year: i16,
    /// Whether daylight saving time is in effect.
    pub dst: bool,
    /// When this daylight saving period began, in UTC; `null` outside DST.
    #[schema(example = "2022-03-27T01:00:00+00:00")]
    pub dst_from: Option<String>,
    /// Seconds daylight saving time adds to the standard offset (0 outside DST).
    #[schema(example = 3600)]
    pub dst_offset: i32,
    /// When this daylight saving period ends, in UTC; `null` outside DST.
    #[schema(example = "2022-10-30T01:00:00+00:00")]
    pub dst_until: Option<String>,
    /// The standard offset, in seconds.
    #[schema(example = 0)]
    pub raw_offset: i32,
    #[schema(example = "Europe/London")]
    pub timezone: String,
    /// Seconds since the Unix epoch, rounded down.
    #[schema(example = 1656080253)]
    pub unixtime: i64,
    /// The same instant in UTC, microseconds, written with `+00:00`.
    #[schema(example = "2022-06-24T14:17:33.626525+00:00")]
    pub utc_datetime: String,
    #[schema(example = "+01:00")]
    pub utc_offset: String,
    /// The ISO 8601 week of the year.
    #[schema(example = 25)]
    pub week_number: i8,
}

/// worldtimeapi's error body: `{"error": "unknown location"}`.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct WorldTimeError {
    #[schema(example = "unknown location")]
    pub error: String,
}

/// `instant` in `zone`, as worldtimeapi answers it to `client_ip`.
pub fn time_in(zone: &Zone, instant: Timestamp, client_ip: &str) -> WorldTime {
    let tz = zone.tz();
    let info = tz.to_offset_info(instant);
    let offset = info.offset();
    let dst = info.dst().is_dst();
    let standard = super::standard_offset(tz, instant);
    let (dst_from, dst_until) = match super::dst_period(tz, instant).filter(|_| dst) {
        Some(period) => (Some(utc_seconds(period.start)), period.end.map(utc_seconds)),
        None => (None, None),
    };
    let local = instant.to_zoned(tz.clone());
    let utc_offset = offset_text(tsconv_time::zone::whole_minutes(offset));
    WorldTime {
        abbreviation: info.abbreviation().to_owned(),
        client_ip: client_ip.to_owned(),
        datetime: format!("{}{utc_offset}", local.strftime("%Y-%m-%dT%H:%M:%S%.6f")),
        day_of_week: local.weekday().to_sunday_zero_offset(),
        day_of_year: local.day_of_year(),
        dst,
        dst_from,
        dst_offset: if dst { offset.seconds() - standard.seconds() } else { 0 },
        dst_until,
        raw_offset: standard.seconds(),
        timezone: zone.name().to_owned(),
        unixtime: instant.as_second().saturating_sub(i64::from(instant.subsec_nanosecond() < 0)),
        utc_datetime: format!("{}+00:00", instant.strftime("%Y-%m-%dT%H:%M:%S%.6f")),
        utc_offset,
        week_number: local.date().iso_week_date().week(),
    }
}

/// `2022-03-27T01:00:00+00:00`: a change of the clock, as worldtimeapi writes it.
fn utc_seconds(instant: Timestamp) -> String {
    instant.strftime("%Y-%m-%dT%H:%M:%S+00:00").to_string()
}

/// The text form: `key: value` per line in the JSON's order, `null` as
/// nothing after the colon, no newline after the last line.
pub fn text(time: &WorldTime) -> String {
    let optional = |value: &Option<String>| value.clone().unwrap_or_default();
    [
        ("abbreviation", time.abbreviation.clone()),
        ("client_ip", time.client_ip.clone()),
        ("datetime", time.datetime.clone()),
        ("day_of_week", time.day_of_week.to_string()),
        ("day_of_year", time.day_of_year.to_string()),
        ("dst", time.dst.to_string()),
        ("dst_from", optional(&time.dst_from)),
        ("dst_offset", time.dst_offset.to_string()),
        ("dst_until", optional(&time.dst_until)),
        ("raw_offset", time.raw_offset.to_string()),
        ("timezone", time.timezone.clone()),
        ("unixtime", time.unixtime.to_string()),
        ("utc_datetime", time.utc_datetime.clone()),
        ("utc_offset", time.utc_offset.clone()),
        ("week_number", time.week_number.to_string()),
    ]
    .iter()
    .map(|(key, value)| format!("{key}: {value}"))
    .collect::<Vec<_>>()
    .join("\n")
}

/// What `/api/timezone/{path}` names: a zone, or an area whose zones are listed.
#[derive(Debug)]
pub enum Path {
    Zone(Zone),
    Area(Vec<&'static str>),
}

/// Reads the path after `/api/timezone/`: a zone name in any case (answered
/// with its canonical name), or an area (`Europe`, `America/Argentina`)
/// whose zones are listed; `None` is worldtimeapi's "unknown location".
pub fn path(text: &str) -> Option<Path> {
    if text.is_empty() || text.split('/').any(str::is_empty) {
        return None;
    }
    // A name of the database, never a fixed offset or an abbreviation
    // people write (`GMT+5` is not a zone of the list).
    if let Some(name) = zone_names().find(|name| name.eq_ignore_ascii_case(text)) {
        return Zone::parse_without_suggestions(name).ok().map(Path::Zone);
    }
    let area: Vec<&'static str> = zone_names()
        .filter(|name| {
            name.len() > text.len()
                && name.as_bytes()[text.len()] == b'/'
                && name[..text.len()].eq_ignore_ascii_case(text)
        })
        .collect();
    (!area.is_empty()).then_some(Path::Area(area))
}

/// The zones worldtimeapi lists: every name of the bundled database but
/// the `posix/` and `right/` copies, sorted.
pub fn zone_names() -> impl Iterator<Item = &'static str> {
    tsconv_time::zone::names().iter().copied().filter(|name| !name.starts_with("posix/") && !name.starts_with("right/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(zone: &str, instant: &str) -> WorldTime {
        time_in(&Zone::parse(zone).unwrap(), instant.parse().unwrap(), "82.13.76.38")
    }

    /// The bodies worldtimeapi sent, from the captures its users published
    /// (the instant and zone of each; the client address of each).
    #[test]
    fn the_answers_are_the_ones_worldtimeapi_sent() {
        let london = time_in(
            &Zone::parse("Europe/London").unwrap(),
            "2023-08-11T14:08:18.945857Z".parse().unwrap(),
            "82.13.76.38",
        );
        assert_eq!(
            text(&london),
            "abbreviation: BST\nclient_ip: 82.13.76.38\ndatetime: 2023-08-11T15:08:18.945857+01:00\nday_of_week: 5\n\
             day_of_year: 223\ndst: true\ndst_from: 2023-03-26T01:00:00+00:00\ndst_offset: 3600\n\
             dst_until: 2023-10-29T01:00:00+00:00\nraw_offset: 0\ntimezone: Europe/London\nunixtime: 1691762898\n\
             utc_datetime: 2023-08-11T14:08:18.945857+00:00\nutc_offset: +01:00\nweek_number: 32"
        );
        let tokyo = time_in(
            &Zone::parse("Asia/Tokyo").unwrap(),
            "2020-08-02T14:42:09.116136Z".parse().unwrap(),
            "218.231.243.62",
        );
        assert_eq!(
            serde_json::to_string(&tokyo).unwrap(),
            r#"{"abbreviation":"JST","client_ip":"218.231.243.62","datetime":"2020-08-02T23:42:09.116136+09:00","day_of_week":0,"day_of_year":215,"dst":false,"dst_from":null,"dst_offset":0,"dst_until":null,"raw_offset":32400,"timezone":"Asia/Tokyo","unixtime":1596379329,"utc_datetime":"2020-08-02T14:42:09.116136+00:00","utc_offset":"+09:00","week_number":31}"#
        );
        let new_york = at("America/New_York", "2020-03-13T12:00:00Z");
        assert_eq!(new_york.dst_from.as_deref(), Some("2020-03-08T07:00:00+00:00"));
        assert_eq!(new_york.dst_until.as_deref(), Some("2020-11-01T06:00:00+00:00"));
        assert_eq!((new_york.raw_offset, new_york.dst_offset, new_york.abbreviation.as_str()), (-18000, 3600, "EDT"));
    }

    #[test]
    fn a_path_is_a_zone_in_any_case_or_an_area() {
        assert!(matches!(path("america/new_york"), Some(Path::Zone(zone)) if zone.name() == "America/New_York"));
        assert!(matches!(path("EST"), Some(Path::Zone(zone)) if zone.name() == "EST"));
        let Some(Path::Area(zones)) = path("Europe") else { panic!() };
        assert!(zones.contains(&"Europe/Lisbon") && zones.iter().all(|zone| zone.starts_with("Europe/")));
        assert!(matches!(path("America/Argentina"), Some(Path::Area(_))));
        for unknown in ["Mars/Olympus", "", "Europe/", "GMT+5", "Euro"] {
            assert!(path(unknown).is_none(), "{unknown}");
        }
    }
}
