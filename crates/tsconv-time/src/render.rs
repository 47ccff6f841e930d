//! An instant -> every output form: the shared result fields, the
//! format presets, Discord codes with their previews, the CLDR
//! length presets, and custom strftime patterns. Every
//! human-readable text comes from the view's [`Localizer`] (CLDR data);
//! what is written by hand here are the machine formats, whose English
//! month and weekday abbreviations are part of their grammar (RFC 5322,
//! RFC 9110, the NCSA log format).

#[cfg(feature = "openapi")]
use std::borrow::Cow;
use std::cell::OnceCell;
use std::fmt;
use std::str::FromStr;

use jiff::fmt::temporal::DateTimePrinter;
use jiff::tz::{Offset, TimeZone};
use jiff::{Timestamp, Zoned};
#[cfg(feature = "serde")]
use serde::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};
#[cfg(feature = "openapi")]
use utoipa::openapi::schema::{ObjectBuilder, Type};
#[cfg(feature = "openapi")]
use utoipa::openapi::{RefOr, Schema};
#[cfg(feature = "openapi")]
use utoipa::{PartialSchema, ToSchema};

use crate::digits;
use crate::discord::DiscordStyle;
use crate::epoch::Epoch;
use crate::error::TimeError;
use crate::id::IdFormat;
#[cfg(feature = "serde")]
use crate::json::Json;
use crate::locale::{self, LengthPreset, Localizer, Moment};
use crate::precision::Precision;
#[cfg(feature = "openapi")]
use crate::schema::nullable_strings;
use crate::zone::{Zone, ZoneInfo, push_two_digits, whole_minutes};

/// The longest custom pattern accepted.
pub const MAX_PATTERN_CHARS: usize = 256;

/// `instant` as an integer count of `unit`, floored (never rounded up).
pub fn in_unit(instant: Timestamp, unit: Precision) -> i128 {
    instant.as_nanosecond().div_euclid(unit.nanos())
}

impl Units {
    pub fn of(instant: Timestamp) -> Units {
        Units {
            seconds: in_unit(instant, Precision::Seconds),
            milliseconds: in_unit(instant, Precision::Milliseconds),
            microseconds: in_unit(instant, Precision::Microseconds),
            nanoseconds: in_unit(instant, Precision::Nanoseconds),
        }
    }

    pub fn text(&self) -> UnitsText {
        let text = |n: i128| digits::decimal(n, &mut itoa::Buffer::new()).to_owned();
        UnitsText {
            seconds: text(self.seconds),
            milliseconds: text(self.milliseconds),
            microseconds: text(self.microseconds),
            nanoseconds: text(self.nanoseconds),
        }
    }
}

/// The `iso` form of the answers: UTC, always exactly 3 fraction digits, `Z`.
pub fn iso(instant: Timestamp) -> String {
    match Rfc3339Text::new(instant, None, 3) {
        Some(text) => text.as_str().to_owned(),
        None => DateTimePrinter::new().precision(Some(3)).timestamp_to_string(&instant),
    }
}

/// RFC 3339 of a year 0 to 9999, written on the stack: the common case of
/// `iso` and `rfc3339`, and of streams, without jiff's general
/// printer (a third of a format batch's time went there). A property test
/// holds it to jiff's printer (`tests::rfc3339_text_is_what_jiff_prints`).
pub struct Rfc3339Text {
    text: [u8; 40],
    len: usize,
}

impl Rfc3339Text {
    /// `instant` at `offset` (whole minutes), or in UTC with `Z` for
    /// `None`, with `digits` fraction digits (0 to 9, truncated); `None`
    /// for a year the four digits cannot hold.
    pub fn new(instant: Timestamp, offset: Option<Offset>, digits: u8) -> Option<Rfc3339Text> {
        let civil = offset.unwrap_or(Offset::UTC).to_datetime(instant);
        let year = u16::try_from(civil.year()).ok().filter(|&year| year <= 9999)?;
        let mut text = Rfc3339Text { text: [0; 40], len: 0 };
        text.number(u32::from(year), 4);
        text.byte(b'-');
        text.number(u32::from(civil.month().unsigned_abs()), 2);
        text.byte(b'-');
        text.number(u32::from(civil.day().unsigned_abs()), 2);
        text.byte(b'T');
        text.number(u32::from(civil.hour().unsigned_abs()), 2);
        text.byte(b':');
        text.number(u32::from(civil.minute().unsigned_abs()), 2);
        text.byte(b':');
        text.number(u32::from(civil.second().unsigned_abs()), 2);
        let digits = u32::from(digits.min(9));
        if digits > 0 {
            text.byte(b'.');
            text.number(civil.subsec_nanosecond().unsigned_abs() / 10u32.pow(9 - digits), digits);
        }
        match offset {
            None => text.byte(b'Z'),
            Some(offset) => {
                let seconds = offset.seconds();
                text.byte(if seconds < 0 { b'-' } else { b'+' });
                let minutes = seconds.unsigned_abs() / 60;
                text.number(minutes / 60, 2);
                text.byte(b':');
                text.number(minutes % 60, 2);
            }
        }
        Some(text)
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.text[..self.len]
    }

    pub fn as_str(&self) -> &str {
        // Only ASCII digits and signs are written.
        std::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }

    fn byte(&mut self, byte: u8) {
        self.text[self.len] = byte;
        self.len += 1;
    }

    /// `value`'s last `width` digits, zero-padded.
    fn number(&mut self, mut value: u32, width: u32) {
        for place in (0..width as usize).rev() {
            self.text[self.len + place] = b'0' + (value % 10) as u8;
            value /= 10;
        }
        self.len += width as usize;
    }
}

/// An instant seen in one zone at one precision, in one language: what
/// every renderer needs.
pub struct View<'z> {
    pub instant: Timestamp,
    pub zone: &'z Zone,
    pub precision: Precision,
    /// The language of the human-readable texts (English unless [`View::speaking`] says).
    pub language: &'z Localizer,
    /// The instant in the zone: the wall clock.
    zoned: Zoned,
    /// The zone's offset in whole minutes, for formats that write an offset.
    offset: Offset,
    /// The instant at that offset, when it differs from the zone's own
    /// (local mean time has offsets with seconds). Formats that write an
    /// offset show this wall clock, so that their text names the exact instant.
    at_offset: Option<Zoned>,
    /// The instant as the language's formatters read it, converted on first use.
    moment: OnceCell<Moment>,
}

impl<'z> View<'z> {
    pub fn new(instant: Timestamp, zone: &'z Zone, precision: Precision) -> View<'z> {
        let zoned = instant.to_zoned(zone.tz().clone());
        let offset = whole_minutes(zoned.offset());
        let at_offset = (offset != zoned.offset()).then(|| instant.to_zoned(TimeZone::fixed(offset)));
        View {
            instant,
            zone,
            precision,
            language: locale::english(),
            zoned,
            offset,
            at_offset,
            moment: OnceCell::new(),
        }
    }

    /// The same view with its texts in `language`.
    pub fn speaking(self, language: &'z Localizer) -> View<'z> {
        View { language, ..self }
    }

    fn moment(&self) -> &Moment {
        self.moment.get_or_init(|| Moment::new(&self.zoned))
    }

    fn with_offset_zoned(&self) -> &Zoned {
        self.at_offset.as_ref().unwrap_or(&self.zoned)
    }

    /// The `timestamp` field: the instant in `precision`, floored.
    pub fn timestamp(&self) -> i128 {
        in_unit(self.instant, self.precision)
    }

    fn printer(&self, digits: u8) -> DateTimePrinter {
        DateTimePrinter::new().precision(Some(digits))
    }

    /// UTC, always exactly 3 fraction digits, `Z`: `2023-11-14T22:13:20.000Z`.
    pub fn iso(&self) -> String {
        iso(self.instant)
    }

    /// In the zone, fraction per precision, `Z` only for the UTC zone.
    pub fn rfc3339(&self) -> String {
        self.with_offset(self.precision.fraction_digits())
    }

    fn with_offset(&self, digits: u8) -> String {
        let offset = (!self.zone.is_utc()).then_some(self.offset);
        if let Some(text) = Rfc3339Text::new(self.instant, offset, digits) {
            return text.as_str().to_owned();
        }
        if self.zone.is_utc() {
            self.printer(digits).timestamp_to_string(&self.instant)
        } else {
            self.printer(digits).timestamp_with_offset_to_string(&self.instant, self.offset)
        }
    }

    /// RFC 3339 with a numeric offset, plus the zone in brackets:
    /// `2023-11-14T17:13:20-05:00[America/New_York]`.
    pub fn rfc9557(&self) -> String {
        let mut text =
            self.printer(self.precision.fraction_digits()).timestamp_with_offset_to_string(&self.instant, self.offset);
        text.push('[');
        text.push_str(self.zone.name());
        text.push(']');
        text
    }

    /// The HTTP date of RFC 9110: `Tue, 14 Nov 2023 22:13:20 GMT`.
    pub fn utc(&self) -> String {
        // jiff's printer needs a four-digit year; strftime covers the rest.
        jiff::fmt::rfc2822::DateTimePrinter::new()
            .timestamp_to_rfc9110_string(&self.instant)
            .unwrap_or_else(|_| strftime("%a, %d %b %Y %H:%M:%S GMT", &self.instant.to_zoned(TimeZone::UTC)))
    }

    /// Wall-clock time in the zone, a SQL DATETIME literal: `2023-11-14 17:13:20`.
    pub fn local(&self) -> String {
        self.printer(self.precision.fraction_digits()).separator(b' ').datetime_to_string(&self.zoned.datetime())
    }

    /// `Tue, 14 Nov 2023 17:13:20 -0500` (day always two digits).
    pub fn rfc2822(&self) -> String {
        let z = self.with_offset_zoned();
        let mut text = String::with_capacity(31);
        text.push_str(weekday_token(z.weekday()));
        text.push_str(", ");
        push_two_digits(&mut text, z.day() as u32);
        text.push(' ');
        text.push_str(month_token(z.month()));
        text.push(' ');
        push_year(&mut text, z.year());
        text.push(' ');
        push_clock(&mut text, z);
        push_numeric_offset(&mut text, z.offset());
        text
    }

    /// NCSA/Apache common log format: `14/Nov/2023:17:13:20 -0500`.
    pub fn clf(&self) -> String {
        let z = self.with_offset_zoned();
        let mut text = String::with_capacity(26);
        push_two_digits(&mut text, z.day() as u32);
        text.push('/');
        text.push_str(month_token(z.month()));
        text.push('/');
        push_year(&mut text, z.year());
        text.push(':');
        push_clock(&mut text, z);
        push_numeric_offset(&mut text, z.offset());
        text
    }

    /// RFC 5424 syslog: RFC 3339 with exactly 6 fraction digits (its maximum).
    pub fn syslog(&self) -> String {
        self.with_offset(6)
    }

    /// ISO week date: `2023-W46-2`; a year beyond 0000-9999 in ISO 8601's
    /// expanded form, as `iso` writes it (`-004808-W39-7`), so it reads back.
    pub fn iso_week(&self) -> String {
        let week = self.zoned.date().iso_week_date();
        let mut text = String::with_capacity(12);
        crate::calendar::push_week_year(&mut text, week.year());
        text.push_str("-W");
        push_two_digits(&mut text, week.week() as u32);
        text.push('-');
        text.push(char::from(b'0' + week.weekday().to_monday_one_offset() as u8));
        text
    }

    /// The calendar facts of the wall-clock date in the zone.
    pub fn calendar(&self) -> crate::calendar::Calendar {
        crate::calendar::Calendar::of(self.zoned.date())
    }

    /// The zone's metadata at this instant, with its long name in the view's language.
    pub fn zone_info(&self) -> ZoneInfo {
        let mut info = self.zone.info(self.instant);
        info.long_name = Some(self.language.zone_name(&self.zoned, || self.moment()));
        info
    }

    /// The Discord chat code for `style`: `<t:1700000000:f>`, whole seconds.
    pub fn discord(&self, style: DiscordStyle) -> String {
        format!("<t:{}:{}>", in_unit(self.instant, Precision::Seconds), style.code())
    }

    /// What a Discord client in the view's language shows for `style`, in this zone.
    pub fn discord_preview(&self, style: DiscordStyle, now: Timestamp) -> String {
        self.language.preview(style, &self.whole_second().to_zoned(self.zone.tz().clone()), now)
    }

    /// Discord only knows whole seconds: the instant floored to one.
    fn whole_second(&self) -> Timestamp {
        Timestamp::from_second(in_unit(self.instant, Precision::Seconds) as i64).unwrap_or(self.instant)
    }

    /// One format.
    pub fn format(&self, format: &Format, now: Timestamp) -> Result<String, TimeError> {
        match format {
            Format::Discord(style) => Ok(self.discord(*style)),
            Format::Custom(pattern) => pattern.render(&self.zoned),
            Format::Epoch(epoch) => epoch.write_at(self.instant, self.zone, || self.zoned.datetime()),
            Format::Id(id) => id.write(self.instant),
            preset => Ok(self.preset(preset, now)),
        }
    }

    /// One of [`Format::PRESETS`] (empty for the others, which take a
    /// style or a pattern). Inlined: [`View::presets`] calls it for each.
    #[inline(always)]
    fn preset(&self, format: &Format, now: Timestamp) -> String {
        match format {
            Format::Iso => self.iso(),
            Format::Rfc3339 => self.rfc3339(),
            Format::Rfc9557 => self.rfc9557(),
            Format::Rfc2822 => self.rfc2822(),
            Format::Utc => self.utc(),
            Format::Unix => self.timestamp().to_string(),
            Format::Local => self.local(),
            Format::Clf => self.clf(),
            Format::Relative => self.language.relative(self.instant, now),
            Format::Syslog => self.syslog(),
            Format::IsoWeek => self.iso_week(),
            Format::Length(preset) => self.language.length(*preset, self.moment()),
            Format::Discord(_) | Format::Custom(_) | Format::Epoch(_) | Format::Id(_) => String::new(),
        }
    }

    /// Every preset at once.
    pub fn presets(&self, now: Timestamp) -> Presets {
        Presets {
            values: {
                let presets = Format::PRESETS;
                std::array::from_fn(|i| self.preset(&presets[i], now))
            },
            discord: {
                let mut seconds = itoa::Buffer::new();
                let seconds = seconds.format(in_unit(self.instant, Precision::Seconds));
                DiscordStyles(DiscordStyle::ALL.map(|style| ["<t:", seconds, ":", style.code(), ">"].concat()))
            },
            discord_preview: {
                let second = self.whole_second().to_zoned(self.zone.tz().clone());
                DiscordStyles(self.language.previews(&second, now))
            },
            epochs: {
                let wall = self.zoned.datetime();
                Epoch::WRITTEN.map(|epoch| epoch.write_at(self.instant, self.zone, || wall).ok())
            },
            ids: IdFormat::ALL.map(|id| id.write(self.instant).ok()),
        }
    }
}

/// The month as RFC 5322, RFC 9110 and the NCSA log format write it:
/// three English letters, part of their grammar, whatever the language.
fn month_token(month: i8) -> &'static str {
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    MONTHS[usize::try_from(month - 1).unwrap_or(0).min(11)]
}

/// The weekday as RFC 5322 and RFC 9110 write it (see [`month_token`]).
fn weekday_token(weekday: jiff::civil::Weekday) -> &'static str {
    const DAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    DAYS[usize::from(weekday.to_monday_zero_offset() as u8).min(6)]
}

/// A year as strftime's `%Y` writes it: four characters at least, the sign
/// of a negative year among them (`2023`, `0005`, `-880`, `-9999`).
fn push_year(text: &mut String, year: i16) {
    let digits = year.unsigned_abs().to_string();
    let width = if year < 0 { 3 } else { 4 };
    if year < 0 {
        text.push('-');
    }
    for _ in digits.len()..width {
        text.push('0');
    }
    text.push_str(&digits);
}

/// `HH:MM:SS`
fn push_clock(text: &mut String, z: &Zoned) {
    push_two_digits(text, z.hour() as u32);
    text.push(':');
    push_two_digits(text, z.minute() as u32);
    text.push(':');
    push_two_digits(text, z.second() as u32);
}

/// ` -0500` (offsets with seconds are rounded before this is called).
fn push_numeric_offset(text: &mut String, offset: Offset) {
    let seconds = offset.seconds();
    text.push(' ');
    text.push(if seconds < 0 { '-' } else { '+' });
    let minutes = seconds.unsigned_abs() / 60;
    push_two_digits(text, minutes / 60);
    push_two_digits(text, minutes % 60);
}

/// Formats with a pattern known to be valid (the built-in ones).
fn strftime(pattern: &str, zoned: &Zoned) -> String {
    jiff::fmt::strtime::format(pattern, zoned).unwrap_or_default()
}

/// One string per Discord style, serialized as `{"t": ..., "T": ..., ...}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiscordStyles(pub [String; 9]);

#[cfg(feature = "serde")]
impl Serialize for DiscordStyles {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(9))?;
        for (style, value) in DiscordStyle::ALL.iter().zip(&self.0) {
            map.serialize_entry(style.code(), value)?;
        }
        map.end()
    }
}

#[cfg(feature = "serde")]
impl DiscordStyles {
    /// The same object as `Serialize` writes, into an answer's buffer.
    pub fn write_json(&self, json: &mut Json<'_>) {
        for (i, (style, value)) in DiscordStyle::ALL.iter().zip(&self.0).enumerate() {
            json.field(i, style.code()).string(value);
        }
        json.close();
    }
}

/// A checked strftime pattern for `format=custom`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern(String);

impl Pattern {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    fn render(&self, zoned: &Zoned) -> Result<String, TimeError> {
        crate::strftime::format(self.0.as_str(), zoned).map_err(|e| pattern_error(&self.0, &e))
    }
}

fn pattern_error(pattern: &str, error: &jiff::Error) -> TimeError {
    let detail = error.to_string();
    let detail = detail.strip_prefix("strftime formatting failed: ").unwrap_or(&detail);
    TimeError::InvalidPattern { pattern: pattern.to_owned(), detail: detail.to_owned() }
}

impl FromStr for Pattern {
    type Err = TimeError;

    /// Checks length and every directive, by formatting a sample instant.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let chars = s.chars().count();
        if chars == 0 {
            return Err(TimeError::EmptyPattern);
        }
        if chars > MAX_PATTERN_CHARS {
            return Err(TimeError::PatternTooLong { chars, max: MAX_PATTERN_CHARS });
        }
        let sample = Timestamp::UNIX_EPOCH.to_zoned(TimeZone::UTC);
        crate::strftime::format(s, &sample).map_err(|e| pattern_error(s, &e))?;
        Ok(Pattern(s.to_owned()))
    }
}

/// One output format, with its style or pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Iso,
    Rfc3339,
    Rfc9557,
    Rfc2822,
    Utc,
    Unix,
    Local,
    Clf,
    Relative,
    Syslog,
    IsoWeek,
    Discord(DiscordStyle),
    Custom(Pattern),
    /// A count of an epoch system (not a Snowflake: those are IDs).
    Epoch(Epoch),
    /// The smallest ID of an instant.
    Id(IdFormat),
    /// A CLDR length preset in the view's language.
    Length(LengthPreset),
}

impl Format {
    /// The formats that take no style or pattern, in the order of
    /// `data.formats` (each is one of its presets).
    pub const PRESETS: [Format; 23] = [
        Format::Iso,
        Format::Rfc3339,
        Format::Rfc9557,
        Format::Rfc2822,
        Format::Utc,
        Format::Unix,
        Format::Local,
        Format::Clf,
        Format::Relative,
        Format::Syslog,
        Format::IsoWeek,
        Format::Length(LengthPreset::ALL[0]),
        Format::Length(LengthPreset::ALL[1]),
        Format::Length(LengthPreset::ALL[2]),
        Format::Length(LengthPreset::ALL[3]),
        Format::Length(LengthPreset::ALL[4]),
        Format::Length(LengthPreset::ALL[5]),
        Format::Length(LengthPreset::ALL[6]),
        Format::Length(LengthPreset::ALL[7]),
        Format::Length(LengthPreset::ALL[8]),
        Format::Length(LengthPreset::ALL[9]),
        Format::Length(LengthPreset::ALL[10]),
        Format::Length(LengthPreset::ALL[11]),
    ];

    /// Every value of the `format` parameter, for messages and docs.
    pub fn names() -> impl Iterator<Item = &'static str> {
        Format::PRESETS
            .into_iter()
            .map(|format| format.name())
            .chain(["discord", "custom"])
            .chain(Epoch::WRITTEN.map(Epoch::preset_name))
            .chain(IdFormat::ALL.map(IdFormat::name))
    }

    /// Reads the texts a face was sent for the `format`, `pattern` and
    /// `style` settings together (a format named in code is a value:
    /// `Format::Rfc3339`, `Format::Discord(DiscordStyle::Relative)`,
    /// `Format::Custom("%Y".parse()?)`).
    ///
    /// A `pattern` alone means `custom`, a `style` alone means `discord`;
    /// either one beside another format is an error, since it would be ignored.
    ///
    /// ```
    /// use tsconv_time::discord::DiscordStyle;
    /// use tsconv_time::render::Format;
    ///
    /// assert_eq!(Format::from_texts(None, None, Some("R")).unwrap(), Some(Format::Discord(DiscordStyle::Relative)));
    /// assert_eq!(Format::from_texts(None, Some("%Y"), None).unwrap().unwrap().name(), "custom");
    /// assert_eq!(Format::from_texts(Some("RFC3339"), None, None).unwrap().unwrap().name(), "rfc3339");
    /// assert!(Format::from_texts(Some("rfc3339"), None, Some("R")).is_err()); // a style would be ignored
    /// ```
    pub fn from_texts(
        format: Option<&str>,
        pattern: Option<&str>,
        style: Option<&str>,
    ) -> Result<Option<Format>, TimeError> {
        let name = match (format, pattern, style) {
            (Some(name), _, _) => name.to_ascii_lowercase(),
            (None, Some(_), None) => "custom".to_owned(),
            (None, None, Some(_)) => "discord".to_owned(),
            (None, Some(_), Some(_)) => {
                return Err(TimeError::PatternAndStyle);
            }
            (None, None, None) => return Ok(None),
        };
        if name != "custom"
            && let Some(pattern) = pattern
        {
            return Err(TimeError::PatternWithoutCustom { pattern: pattern.to_owned(), format: name });
        }
        if name != "discord"
            && let Some(style) = style
        {
            return Err(TimeError::StyleWithoutDiscord { style: style.to_owned(), format: name });
        }
        if let Some(preset) = Format::PRESETS.into_iter().find(|format| format.name() == name) {
            return Ok(Some(preset));
        }
        if let Some(epoch) = Epoch::WRITTEN.into_iter().find(|epoch| epoch.preset_name() == name) {
            return Ok(Some(Format::Epoch(epoch)));
        }
        if let Some(id) = IdFormat::ALL.into_iter().find(|id| id.name() == name) {
            return Ok(Some(Format::Id(id)));
        }
        let format = match name.as_str() {
            "discord" => Format::Discord(style.map_or(Ok(DiscordStyle::ShortDateTime), str::parse)?),
            "custom" => match pattern {
                Some(pattern) => Format::Custom(pattern.parse()?),
                None => return Err(TimeError::MissingPattern),
            },
            _ => {
                return Err(TimeError::InvalidFormat {
                    given: format.unwrap_or_default().to_owned(),
                    allowed: Format::names().collect::<Vec<_>>().join(", "),
                });
            }
        };
        Ok(Some(format))
    }

    /// The name of this format, as the `format` parameter spells it (one of [`Format::names`]).
    pub const fn name(&self) -> &'static str {
        match self {
            Format::Iso => "iso",
            Format::Rfc3339 => "rfc3339",
            Format::Rfc9557 => "rfc9557",
            Format::Rfc2822 => "rfc2822",
            Format::Utc => "utc",
            Format::Unix => "unix",
            Format::Local => "local",
            Format::Clf => "clf",
            Format::Relative => "relative",
            Format::Syslog => "syslog",
            Format::IsoWeek => "iso_week",
            Format::Discord(_) => "discord",
            Format::Custom(_) => "custom",
            Format::Epoch(epoch) => epoch.preset_name(),
            Format::Id(id) => id.name(),
            Format::Length(preset) => preset.name(),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The instant in every unit, floored and exact.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Units {
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::schema::big_integer))]
    pub seconds: i128,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::schema::big_integer))]
    pub milliseconds: i128,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::schema::big_integer))]
    pub microseconds: i128,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::schema::big_integer))]
    pub nanoseconds: i128,
}

#[cfg(feature = "serde")]
impl Units {
    pub(crate) fn write(&self, json: &mut Json<'_>) {
        json.open("seconds").big_integer(self.seconds);
        json.key("milliseconds").big_integer(self.milliseconds);
        json.key("microseconds").big_integer(self.microseconds);
        json.key("nanoseconds").big_integer(self.nanoseconds).close();
    }
}

/// [`Units`] as decimal strings, for clients whose numbers are doubles
/// (JavaScript loses digits past 2^53).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UnitsText {
    pub seconds: String,
    pub milliseconds: String,
    pub microseconds: String,
    pub nanoseconds: String,
}

#[cfg(feature = "serde")]
impl UnitsText {
    pub(crate) fn write(&self, json: &mut Json<'_>) {
        json.open("seconds").string(&self.seconds);
        json.key("milliseconds").string(&self.milliseconds);
        json.key("microseconds").string(&self.microseconds);
        json.key("nanoseconds").string(&self.nanoseconds).close();
    }
}

/// Every preset, as `data.formats`: one string per format of
/// [`Format::PRESETS`], named and ordered as it is, then the Discord codes
/// and what a Discord client in the answer's locale shows for each.
#[derive(Clone, Debug)]
pub struct Presets {
    pub values: [String; Format::PRESETS.len()],
    pub discord: DiscordStyles,
    pub discord_preview: DiscordStyles,
    /// [`Epoch::WRITTEN`] in order; `None` where the system cannot hold the instant.
    pub epochs: [Option<String>; Epoch::WRITTEN.len()],
    /// [`IdFormat::ALL`] in order; `None` where the ID cannot hold the instant.
    pub ids: [Option<String>; IdFormat::ALL.len()],
}

/// Names and values serialized as one JSON object.
#[cfg(feature = "serde")]
struct Named<'a, const N: usize>([&'static str; N], &'a [Option<String>; N]);

#[cfg(feature = "serde")]
impl<const N: usize> Serialize for Named<'_, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(N))?;
        for (name, value) in self.0.iter().zip(self.1) {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

#[cfg(feature = "serde")]
impl<const N: usize> Named<'_, N> {
    pub(crate) fn write(&self, json: &mut Json<'_>) {
        for (i, (name, value)) in self.0.iter().zip(self.1).enumerate() {
            json.field(i, name).optional_string(value.as_deref());
        }
        json.close();
    }
}

impl Presets {
    /// Each preset's name and value, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &str)> {
        Format::PRESETS.into_iter().map(|format| format.name()).zip(self.values.iter().map(String::as_str))
    }
}

#[cfg(feature = "serde")]
impl Serialize for Presets {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_struct("Presets", self.values.len() + 4)?;
        for (name, value) in self.iter() {
            map.serialize_field(name, value)?;
        }
        map.serialize_field("discord", &self.discord)?;
        map.serialize_field("discord_preview", &self.discord_preview)?;
        map.serialize_field("epochs", &Named(Epoch::WRITTEN.map(Epoch::preset_name), &self.epochs))?;
        map.serialize_field("ids", &Named(IdFormat::ALL.map(IdFormat::name), &self.ids))?;
        map.end()
    }
}

#[cfg(feature = "serde")]
impl Presets {
    pub(crate) fn write(&self, json: &mut Json<'_>) {
        for (i, (name, value)) in self.iter().enumerate() {
            json.field(i, name).string(value);
        }
        json.key("discord");
        self.discord.write_json(json);
        json.key("discord_preview");
        self.discord_preview.write_json(json);
        json.key("epochs");
        Named(Epoch::WRITTEN.map(Epoch::preset_name), &self.epochs).write(json);
        json.key("ids");
        Named(IdFormat::ALL.map(IdFormat::name), &self.ids).write(json);
        json.close();
    }
}

#[cfg(feature = "openapi")]
impl PartialSchema for Presets {
    fn schema() -> RefOr<Schema> {
        let mut object = ObjectBuilder::new().schema_type(Type::Object);
        for format in Format::PRESETS {
            object =
                object.property(format.name(), ObjectBuilder::new().schema_type(Type::String)).required(format.name());
        }
        object
            .property("discord", discord_styles("The `<t:…:X>` code of each style"))
            .required("discord")
            .property(
                "discord_preview",
                discord_styles("What a Discord client in `locale` shows for each style, in `timezone`"),
            )
            .required("discord_preview")
            .property(
                "epochs",
                nullable_strings(
                    Epoch::WRITTEN.map(Epoch::preset_name),
                    "The instant in each epoch system (`null` where the system cannot hold it)",
                ),
            )
            .required("epochs")
            .property(
                "ids",
                nullable_strings(
                    IdFormat::ALL.map(IdFormat::name),
                    "The smallest ID of each kind whose time is the instant (`null` where the ID cannot hold it)",
                ),
            )
            .required("ids")
            .description(Some("Every preset"))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl ToSchema for Presets {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Presets")
    }
}

/// The nine Discord styles as an object with one string per style letter.
#[cfg(feature = "openapi")]
fn discord_styles(what: &str) -> ObjectBuilder {
    let mut object = ObjectBuilder::new()
        .schema_type(Type::Object)
        .additional_properties(Some(utoipa::openapi::schema::AdditionalProperties::FreeForm(false)));
    let codes = DiscordStyle::ALL.map(DiscordStyle::code);
    for code in codes {
        object = object.property(code, ObjectBuilder::new().schema_type(Type::String)).required(code);
    }
    object.description(Some(format!("{what}: one value per Discord style, {}", codes.join(" "))))
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_795_000_000; // 2026-11-18T11:06:40Z

    fn view(second: i64, nanos: i32, zone: &Zone, precision: Precision) -> View<'_> {
        View::new(Timestamp::new(second, nanos).unwrap(), zone, precision)
    }

    fn now() -> Timestamp {
        Timestamp::from_second(NOW).unwrap()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(5_000))]
        /// The stack-written RFC 3339 is what jiff's printer writes, for
        /// every instant of the years 0 to 9999, whole-minute offsets of
        /// either sign and zero, `Z`, and 0 to 9 fraction digits; other
        /// years are left to jiff.
        #[test]
        fn rfc3339_text_is_what_jiff_prints(
            second in Timestamp::MIN.as_second()..=Timestamp::MAX.as_second(),
            nanos in 0i32..1_000_000_000,
            minutes in -25 * 60i32..25 * 60,
            utc in proptest::bool::ANY,
            digits in 0u8..10,
        ) {
            let Ok(instant) = Timestamp::new(second, nanos) else { return Ok(()) };
            let offset = Offset::from_seconds(minutes * 60).unwrap();
            let printer = DateTimePrinter::new().precision(Some(digits));
            let jiff = match utc {
                true => printer.timestamp_to_string(&instant),
                false => printer.timestamp_with_offset_to_string(&instant, offset),
            };
            match Rfc3339Text::new(instant, (!utc).then_some(offset), digits) {
                Some(text) => proptest::prop_assert_eq!(text.as_str(), jiff),
                None => {
                    let at = if utc { Offset::UTC } else { offset };
                    proptest::prop_assert!(!(0..=9999).contains(&at.to_datetime(instant).year()));
                }
            }
        }
    }

    #[test]
    fn spec_section_3_example() {
        let ny = Zone::parse("America/New_York").unwrap();
        let v = view(1_700_000_000, 0, &ny, Precision::Seconds);
        assert_eq!(v.timestamp(), 1_700_000_000);
        assert_eq!(v.iso(), "2023-11-14T22:13:20.000Z");
        assert_eq!(v.rfc3339(), "2023-11-14T17:13:20-05:00");
        assert_eq!(v.utc(), "Tue, 14 Nov 2023 22:13:20 GMT");
        assert_eq!(v.local(), "2023-11-14 17:13:20");
    }

    #[test]
    fn every_preset_matches_spec_section_4_4() {
        let ny = Zone::parse("America/New_York").unwrap();
        let p = view(1_700_000_000, 0, &ny, Precision::Seconds).presets(now());
        let expected = [
            ("iso", "2023-11-14T22:13:20.000Z"),
            ("rfc3339", "2023-11-14T17:13:20-05:00"),
            ("rfc9557", "2023-11-14T17:13:20-05:00[America/New_York]"),
            ("rfc2822", "Tue, 14 Nov 2023 17:13:20 -0500"),
            ("utc", "Tue, 14 Nov 2023 22:13:20 GMT"),
            ("unix", "1700000000"),
            ("local", "2023-11-14 17:13:20"),
            ("clf", "14/Nov/2023:17:13:20 -0500"),
            ("relative", "3 years ago"),
            ("syslog", "2023-11-14T17:13:20.000000-05:00"),
            ("iso_week", "2023-W46-2"),
            // CLDR's length presets, as Intl's dateStyle and timeStyle in en-US.
            ("date_short", "11/14/23"),
            ("date_medium", "Nov 14, 2023"),
            ("date_long", "November 14, 2023"),
            ("date_full", "Tuesday, November 14, 2023"),
            ("time_short", "5:13 PM"),
            ("time_medium", "5:13:20 PM"),
            ("time_long", "5:13:20 PM EST"),
            ("time_full", "5:13:20 PM Eastern Standard Time"),
            ("datetime_short", "11/14/23, 5:13 PM"),
            ("datetime_medium", "Nov 14, 2023, 5:13:20 PM"),
            ("datetime_long", "November 14, 2023 at 5:13:20 PM EST"),
            ("datetime_full", "Tuesday, November 14, 2023 at 5:13:20 PM Eastern Standard Time"),
        ];
        assert_eq!(p.iter().collect::<Vec<_>>(), expected);
        assert_eq!(p.discord.0[0], "<t:1700000000:t>");
        assert_eq!(p.discord.0[8], "<t:1700000000:R>");
    }

    #[test]
    fn discord_previews_in_en_us_match_the_spec() {
        let utc = Zone::utc();
        let v = view(1_700_000_000, 0, &utc, Precision::Seconds);
        let previews = DiscordStyle::ALL.map(|style| v.discord_preview(style, now()));
        assert_eq!(
            previews,
            [
                "10:13 PM",
                "10:13:20 PM",
                "11/14/2023",
                "November 14, 2023",
                "November 14, 2023 at 10:13 PM",
                "Tuesday, November 14, 2023 at 10:13 PM",
                "11/14/2023, 10:13 PM",
                "11/14/2023, 10:13:20 PM",
                "3 years ago",
            ]
        );
        let json = serde_json::to_string(&DiscordStyles(previews.map(String::from))).unwrap();
        assert!(json.starts_with(r#"{"t":"10:13 PM","T":"10:13:20 PM","d":"#), "{json}");
    }

    #[test]
    fn discord_previews_pad_month_and_day_and_write_the_year_of_the_era() {
        let utc = Zone::utc();
        let preview = |second: i64, style| view(second, 0, &utc, Precision::Seconds).discord_preview(style, now());
        assert_eq!(preview(1_618_935_600, DiscordStyle::ShortDate), "04/20/2021");
        assert_eq!(preview(1_618_935_600, DiscordStyle::LongNumeric), "04/20/2021, 4:20:00 PM");
        assert_eq!(preview(-62_135_596_800, DiscordStyle::ShortNumeric), "01/01/1, 12:00 AM");
        // 1 BC (year 0) and 2 BC (year -1): Intl writes the year of the era.
        assert_eq!(preview(-62_198_755_200, DiscordStyle::LongDate), "January 1, 2");
    }

    #[test]
    fn discord_previews_follow_the_zone_and_floor_to_seconds() {
        let ny = Zone::parse("America/New_York").unwrap();
        let v = view(1_700_000_000, 999_999_999, &ny, Precision::Nanoseconds);
        assert_eq!(v.discord_preview(DiscordStyle::LongTime, now()), "5:13:20 PM");
        assert_eq!(v.discord(DiscordStyle::ShortDateTime), "<t:1700000000:f>");
        let before_epoch = view(-1, 500_000_000, &ny, Precision::Milliseconds); // -0.5 s
        assert_eq!(before_epoch.discord(DiscordStyle::Relative), "<t:-1:R>");
    }

    #[test]
    fn fractions_follow_the_precision_and_are_floored() {
        let utc = Zone::utc();
        let ny = Zone::parse("America/New_York").unwrap();
        let instant = (1_700_000_000, 123_456_789);
        for (precision, rfc3339, local) in [
            (Precision::Seconds, "2023-11-14T22:13:20Z", "2023-11-14 17:13:20"),
            (Precision::Milliseconds, "2023-11-14T22:13:20.123Z", "2023-11-14 17:13:20.123"),
            (Precision::Microseconds, "2023-11-14T22:13:20.123456Z", "2023-11-14 17:13:20.123456"),
            (Precision::Nanoseconds, "2023-11-14T22:13:20.123456789Z", "2023-11-14 17:13:20.123456789"),
        ] {
            assert_eq!(view(instant.0, instant.1, &utc, precision).rfc3339(), rfc3339);
            assert_eq!(view(instant.0, instant.1, &ny, precision).local(), local);
            assert_eq!(view(instant.0, instant.1, &utc, precision).iso(), "2023-11-14T22:13:20.123Z");
        }
        // -0.5 s floors to -1 s, and prints as the civil time it is.
        let v = view(0, -500_000_000, &utc, Precision::Seconds);
        assert_eq!(v.timestamp(), -1);
        assert_eq!(v.rfc3339(), "1969-12-31T23:59:59Z");
        assert_eq!(v.iso(), "1969-12-31T23:59:59.500Z");
        assert_eq!(
            Units::of(v.instant),
            Units { seconds: -1, milliseconds: -500, microseconds: -500_000, nanoseconds: -500_000_000 }
        );
    }

    #[test]
    fn z_only_for_the_utc_zone() {
        let plus_zero = Zone::parse("+00:00").unwrap();
        assert_eq!(view(1_700_000_000, 0, &plus_zero, Precision::Seconds).rfc3339(), "2023-11-14T22:13:20+00:00");
        let utc = Zone::utc();
        assert_eq!(view(1_700_000_000, 0, &utc, Precision::Seconds).syslog(), "2023-11-14T22:13:20.000000Z");
        assert_eq!(view(1_700_000_000, 0, &utc, Precision::Seconds).rfc2822(), "Tue, 14 Nov 2023 22:13:20 +0000");
    }

    #[test]
    fn offsets_with_seconds_are_written_so_the_text_names_the_exact_instant() {
        // New York before 1883: local mean time, -04:56:02.
        let ny = Zone::parse("America/New_York").unwrap();
        let v = view(-3_000_000_000, 0, &ny, Precision::Seconds);
        assert_eq!(v.local(), "1874-12-07 13:43:58"); // the true wall clock
        assert_eq!(v.rfc3339(), "1874-12-07T13:44:00-04:56"); // same instant, offset in whole minutes
        assert_eq!(v.rfc9557(), "1874-12-07T13:44:00-04:56[America/New_York]");
        assert_eq!(v.rfc2822(), "Mon, 07 Dec 1874 13:44:00 -0456");
        assert_eq!(v.zone_info().offset, "-04:56:02");
    }

    /// The hand-written formats agree with jiff's strftime, which they
    /// replace for speed, across the range, in zones with and without DST.
    #[test]
    fn fast_formats_agree_with_strftime() {
        let zones = ["UTC", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "+14:00", "-09:30"]
            .map(|z| Zone::parse(z).unwrap());
        let mut second: i64 = -377_705_023_201;
        while second < 253_402_207_200 {
            for zone in &zones {
                let v = view(second, 0, zone, Precision::Seconds);
                let z = v.with_offset_zoned();
                assert_eq!(v.rfc2822(), strftime("%a, %d %b %Y %H:%M:%S %z", z), "{second} {}", zone.name());
                assert_eq!(v.clf(), strftime("%d/%b/%Y:%H:%M:%S %z", z));
                if (0..=9999).contains(&v.zoned.date().iso_week_date().year()) {
                    assert_eq!(v.iso_week(), strftime("%G-W%V-%u", &v.zoned));
                }
                if (1000..=9999).contains(&v.instant.to_zoned(TimeZone::UTC).year()) {
                    assert_eq!(v.utc(), strftime("%a, %d %b %Y %H:%M:%S GMT", &v.instant.to_zoned(TimeZone::UTC)));
                }
            }
            second += 7_777_777_777; // about 246 years, landing on every weekday and hour over time
        }
        for second in (1_690_000_000..1_710_000_000).step_by(86_400 * 3 + 3_607) {
            let v = view(second, 0, &zones[1], Precision::Seconds);
            assert_eq!(v.rfc2822(), strftime("%a, %d %b %Y %H:%M:%S %z", v.with_offset_zoned()));
        }
    }

    #[test]
    fn iso_week_dates_of_far_years_use_the_expanded_form() {
        let utc = Zone::utc();
        assert_eq!(view(-213_841_958_400, 0, &utc, Precision::Seconds).iso_week(), "-004807-W32-6");
        assert_eq!(view(1_700_000_000, 0, &utc, Precision::Seconds).iso_week(), "2023-W46-2");
    }

    #[test]
    fn southern_hemisphere_summer_time() {
        let sydney = Zone::parse("australia/sydney").unwrap();
        let v = view(1_700_000_000, 0, &sydney, Precision::Seconds);
        assert_eq!(v.rfc3339(), "2023-11-15T09:13:20+11:00");
        let info = v.zone_info();
        assert_eq!((info.abbreviation.as_str(), info.dst), ("AEDT", true));
    }

    #[test]
    fn relative_uses_the_largest_whole_unit() {
        let at = |s: i64| Timestamp::from_second(s).unwrap();
        let relative = |instant, now| locale::english().relative(instant, now);
        assert_eq!(relative(at(NOW), at(NOW)), "now");
        assert_eq!(relative(at(NOW - 1), at(NOW)), "1 second ago");
        assert_eq!(relative(at(NOW + 3 * 3600 + 5), at(NOW)), "in 3 hours");
        assert_eq!(relative(at(NOW - 86_400 * 2), at(NOW)), "2 days ago");
        assert_eq!(relative(at(NOW + 86_400 * 40), at(NOW)), "in 1 month");
        assert_eq!(relative(at(-377_705_023_201), at(NOW)), "12,025 years ago");
    }

    #[test]
    fn extreme_years_still_render() {
        let utc = Zone::utc();
        let min = View::new(Timestamp::MIN, &utc, Precision::Nanoseconds);
        assert_eq!(min.iso(), "-009999-01-02T01:59:59.000Z");
        assert!(min.utc().contains("GMT"));
        let far_east = Zone::parse("+14:00").unwrap();
        let max = View::new(Timestamp::MAX, &far_east, Precision::Nanoseconds);
        assert_eq!(max.local(), "9999-12-31 12:00:00.999999999");
        assert!(max.presets(now()).iter().all(|(_, value)| !value.is_empty()));
    }

    #[test]
    fn every_format_name_parses_to_itself() {
        for name in Format::names() {
            let pattern = (name == "custom").then_some("%Y");
            let format = Format::from_texts(Some(name), pattern, None).unwrap().unwrap();
            assert_eq!(format.name(), name);
        }
    }

    #[test]
    fn format_parameters_combine_sensibly() {
        assert_eq!(Format::from_texts(None, None, None).unwrap(), None);
        assert_eq!(Format::from_texts(Some("RFC3339"), None, None).unwrap(), Some(Format::Rfc3339));
        assert_eq!(Format::from_texts(Some("iso_week"), None, None).unwrap(), Some(Format::IsoWeek));
        assert_eq!(
            Format::from_texts(Some("discord"), None, None).unwrap(),
            Some(Format::Discord(DiscordStyle::ShortDateTime))
        );
        assert_eq!(Format::from_texts(None, None, Some("R")).unwrap(), Some(Format::Discord(DiscordStyle::Relative)));
        assert!(matches!(Format::from_texts(None, Some("%Y"), None).unwrap(), Some(Format::Custom(_))));
        assert_eq!(Format::from_texts(Some("nope"), None, None).unwrap_err().name(), "invalid_format");
        assert_eq!(Format::from_texts(Some("custom"), None, None).unwrap_err().name(), "invalid_pattern");
        assert_eq!(Format::from_texts(Some("iso"), Some("%Y"), None).unwrap_err().name(), "invalid_pattern");
        assert_eq!(Format::from_texts(Some("iso"), None, Some("R")).unwrap_err().name(), "invalid_style");
        assert_eq!(Format::from_texts(Some("discord"), None, Some("x")).unwrap_err().name(), "invalid_style");
        assert_eq!(Format::from_texts(Some("discord"), None, Some("r")).unwrap_err().name(), "invalid_style");
    }

    #[test]
    fn custom_patterns_render_and_name_bad_directives() {
        let ny = Zone::parse("America/New_York").unwrap();
        let v = view(1_700_000_000, 123_456_789, &ny, Precision::Nanoseconds);
        let pattern =
            Format::from_texts(Some("custom"), Some("%Y-%m-%d %H:%M:%S.%f %Z %z %:z %Q"), None).unwrap().unwrap();
        assert_eq!(
            v.format(&pattern, now()).unwrap(),
            "2023-11-14 17:13:20.123456789 EST -0500 -05:00 America/New_York"
        );
        let err = "%Y-%K".parse::<Pattern>().unwrap_err();
        assert_eq!(err.name(), "invalid_pattern");
        assert!(err.to_string().contains("`K`"), "{err}");
        assert!("%999999999Y".parse::<Pattern>().unwrap_err().to_string().contains("width"));
        assert!("%".parse::<Pattern>().is_err());
        assert!("".parse::<Pattern>().is_err());
        assert!("%Y".repeat(129).parse::<Pattern>().unwrap_err().to_string().contains("258 characters"));
        // The widest allowed output is still small.
        let wide: Pattern = "%255Y".repeat(51).parse().unwrap();
        assert!(v.format(&Format::Custom(wide), now()).unwrap().len() < 20_000);
    }
}
