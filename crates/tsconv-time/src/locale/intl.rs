//! The patterns Discord's client writes with (the Discord-previews round). The client is
//! Chromium, whose `Intl` (V8 over ICU4C) chooses a CLDR pattern for each
//! option set by ICU4C's skeleton matching; ICU4X's semantic skeletons
//! choose other patterns for some languages and lengths (a date with a
//! weekday, a spelled-out time, a two-digit year, a day period). For the
//! languages Discord offers, tsconv writes the previews and the length
//! presets with the patterns ICU4C chooses, from a table that
//! `scripts/cldr-patterns` generates from CLDR's published JSON
//! ([`patterns`]), formatted by ICU4X's pattern API with ICU4X's names.

use icu_calendar::cal::{Buddhist, Gregorian};
use icu_calendar::{AnyCalendarKind, Iso};
use icu_datetime::DateTimeFormatterPreferences;
use icu_datetime::fieldsets::enums::{CompositeFieldSet, DateAndTimeFieldSet};
use icu_datetime::input::{DateTime, ZonedDateTime};
use icu_datetime::pattern::{DateTimePattern, FixedCalendarDateTimeNames, FormattedDateTimePattern};
use icu_datetime::provider::Baked;
use icu_datetime::scaffold::CldrCalendar;
use icu_provider::DataProvider;
use icu_time::TimeZone;
use icu_time::zone::models::AtTime;
use icu_time::zone::{TimeZoneInfo, UtcOffset, ZoneNameTimestamp};
use writeable::TryWriteable;

use super::{Language, Moment};

#[rustfmt::skip]
mod patterns;

/// The previews (Discord's eight option sets, in its order) come first in
/// a row of the table, then the twelve length presets.
pub(crate) const PREVIEWS: usize = 8;

/// A row of the table: a CLDR locale (as ICU4X names it), the region
/// whose hour cycle its patterns follow, its twenty patterns (Discord's
/// eight, then the twelve presets), its offset formats (`gmtFormat`,
/// `hourFormat`) and the zones it has names of its own for: (zone, long,
/// daylight).
pub(super) struct Row {
    pub locale: &'static str,
    pub region: &'static str,
    pub patterns: [&'static str; 20],
    /// How a language's name and its region's are joined (`{0}（{1}）`).
    pub locale_pattern: &'static str,
    pub gmt_format: &'static str,
    pub hour_format: &'static str,
    pub own_names: &'static [(&'static str, bool, bool)],
    /// The word an hour alone is written with (`Uhr` of `HH 'Uhr'`), if any.
    pub hour_word: &'static str,
    /// The names of the day's periods (`morgens`, `Abend`, `Mitternacht`):
    /// (name, kind: `morning`, `afternoon`, `evening`, `night`, `noon` or
    /// `midnight`, CLDR's hour it starts at, the hour it ends before).
    pub day_periods: &'static [(&'static str, &'static str, u8, u8)],
    /// The numbers CLDR's rules spell out as a word of their own, 1 to 60
    /// (`zwei`, `einer`, `五`): (word in lower case, number).
    pub numbers: &'static [(&'static str, u8)],
    /// The eras' other names (CLDR's `alt-variant`: `v. u. Z.`, `AEC`):
    /// (name, whether it is the era before year 1).
    pub alt_eras: &'static [(&'static str, bool)],
    /// The numbers 1 to 60 CLDR's rules build from others as one word
    /// (`einundzwanzig`): (word in lower case, number), sorted by word.
    pub composed: &'static [(&'static str, u8)],
    /// The days of a month, 1 to 31, as CLDR's rules spell their ordinals
    /// out, every gender and everyday case (`fünften`, `двадцать пятое`):
    /// (text in lower case, number), sorted by text.
    pub ordinals: &'static [(&'static str, u8)],
    /// The weekdays with their direction, as CLDR's relative fields write
    /// them (`в прошлый четверг`, `minulou středu`): (text, weekday from
    /// Monday 1, -1 last, 0 this or 1 next).
    pub weekdays: &'static [(&'static str, i8, i8)],
}

/// The word `used` (a CLDR locale as ICU4X names it) writes an hour alone
/// with (`Uhr`), for the languages Discord offers; "" for none.
pub(super) fn hour_word(used: &str) -> &'static str {
    patterns::ROWS.iter().find(|row| row.locale == used).map_or("", |row| row.hour_word)
}

/// The names of the day's periods of `used` (a CLDR locale as ICU4X
/// names it), for the languages Discord offers; none for others.
pub(super) fn day_periods(used: &str) -> &'static [(&'static str, &'static str, u8, u8)] {
    patterns::ROWS.iter().find(|row| row.locale == used).map_or(&[], |row| row.day_periods)
}

/// The numbers in words of `used` (a CLDR locale as ICU4X names it), for
/// the languages Discord offers; none for others.
pub(super) fn number_words(used: &str) -> &'static [(&'static str, u8)] {
    patterns::ROWS.iter().find(|row| row.locale == used).map_or(&[], |row| row.numbers)
}

/// The ordinals of the days of a month of `used` (a CLDR locale as ICU4X
/// names it), for the languages Discord offers; none for others.
pub(super) fn ordinal_words(used: &str) -> &'static [(&'static str, u8)] {
    patterns::ROWS.iter().find(|row| row.locale == used).map_or(&[], |row| row.ordinals)
}

/// The numbers CLDR's rules build from others as one word, of `used` (a
/// CLDR locale as ICU4X names it), for the languages Discord offers; none
/// for others.
pub(super) fn composed_numbers(used: &str) -> &'static [(&'static str, u8)] {
    patterns::ROWS.iter().find(|row| row.locale == used).map_or(&[], |row| row.composed)
}

/// The eras' other names of `used` (a CLDR locale as ICU4X names it), for
/// the languages Discord offers; none for others.
pub(super) fn alt_eras(used: &str) -> &'static [(&'static str, bool)] {
    patterns::ROWS.iter().find(|row| row.locale == used).map_or(&[], |row| row.alt_eras)
}

/// The weekdays with their direction of `used` (a CLDR locale as ICU4X
/// names it), for the languages Discord offers; none for others.
pub(super) fn weekday_phrases(used: &str) -> &'static [(&'static str, i8, i8)] {
    patterns::ROWS.iter().find(|row| row.locale == used).map_or(&[], |row| row.weekdays)
}

/// `name` (`中文 (台灣)`, as ICU4X joins a language and its region) as
/// `used`'s CLDR pattern joins them (`中文（台灣）`), as Intl writes it.
pub(super) fn joined_as_cldr_joins(used: &str, name: String) -> String {
    let Some(row) = patterns::ROWS.iter().find(|row| row.locale == used) else { return name };
    match name.strip_suffix(')').and_then(|name| name.rsplit_once(" (")) {
        Some((language, region)) if row.locale_pattern != "{0} ({1})" => {
            row.locale_pattern.replacen("{0}", language, 1).replacen("{1}", region, 1)
        }
        _ => name,
    }
}

/// One language's patterns, with the names each needs (a pattern's own:
/// ICU4X loads one length of a textual field per set of names), in the
/// language's calendar, and how it names zones.
pub(super) struct IntlPatterns {
    written: Calendar,
    pub(super) zones: IntlZones,
}

enum Calendar {
    Gregorian(Written<Gregorian>),
    Buddhist(Written<Buddhist>),
}

pub(super) struct Written<C: CldrCalendar> {
    previews: Vec<(DateTimePattern, FixedCalendarDateTimeNames<C, DateAndTimeFieldSet>)>,
    /// Each preset with its zone's name (if it has one) left as [`ZONE`],
    /// and whether that name is the long one.
    presets: Vec<(DateTimePattern, FixedCalendarDateTimeNames<C, DateAndTimeFieldSet>, Option<bool>)>,
}

/// Where a preset's pattern names the zone: a character no pattern writes,
/// replaced by the zone's name as Chromium writes it (see [`IntlZones`]).
const ZONE: char = '\u{FFFC}';

/// `pattern` with its zone field (`z`: the short name, `zzzz`: the long
/// one) as the literal [`ZONE`], and which it was.
fn zone_left_out(pattern: &str) -> (String, Option<bool>) {
    let (mut out, mut zone, mut quoted) = (String::with_capacity(pattern.len()), None, false);
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\'' {
            quoted = !quoted;
        }
        if c != 'z' || quoted {
            out.push(c);
            continue;
        }
        while chars.next_if_eq(&'z').is_some() {
            zone = Some(true);
        }
        zone.get_or_insert(false);
        out.push('\'');
        out.push(ZONE);
        out.push('\'');
    }
    (out, zone)
}

impl IntlPatterns {
    /// The patterns of `language` when the table has its locale, it names
    /// no other region than the table's, and asks for nothing the table does
    /// not hold (an hour cycle, a calendar: `-u-` extensions); in `calendar`,
    /// the language's own (Gregorian, or Buddhist for Thai).
    pub(super) fn of(language: &Language, calendar: AnyCalendarKind) -> Option<Result<IntlPatterns, String>> {
        let requested = &language.requested;
        let row = patterns::ROWS.iter().find(|row| row.locale == language.used)?;
        let other_region = requested.id.region.is_some_and(|asked| asked.as_str() != row.region);
        if other_region || !requested.extensions.is_empty() {
            return None;
        }
        let prefs: DateTimeFormatterPreferences = requested.into();
        let written = match calendar {
            AnyCalendarKind::Gregorian => Written::new(prefs, &row.patterns).map(Calendar::Gregorian),
            AnyCalendarKind::Buddhist => Written::new(prefs, &row.patterns).map(Calendar::Buddhist),
            _ => return None,
        };
        Some(written.and_then(|written| Ok(IntlPatterns { written, zones: IntlZones::new(prefs, row)? })))
    }

    /// Preview `index` (of Discord's eight option sets) at `input`.
    pub(super) fn preview(&self, index: usize, input: &DateTime<Iso>) -> String {
        written(&self.formatted_preview(index, input))
    }

    /// Preview `index` at `input`, formatted (its parts marked).
    pub(super) fn formatted_preview(&self, index: usize, input: &DateTime<Iso>) -> FormattedDateTimePattern<'_> {
        match &self.written {
            Calendar::Gregorian(written) => written.preview(index, input, Gregorian),
            Calendar::Buddhist(written) => written.preview(index, input, Buddhist),
        }
    }

    /// Length preset `index` (in [`super::LengthPreset::ALL`]'s order) at
    /// `moment`, its zone named by `zone_name` (`true`: the long name).
    pub(super) fn preset(&self, index: usize, moment: &Moment, zone_name: impl FnOnce(bool) -> String) -> String {
        let (formatted, zone) = self.formatted_preset(index, moment);
        let text = written(&formatted);
        match zone {
            Some(long) => text.replacen(ZONE, &zone_name(long), 1),
            None => text,
        }
    }

    /// Length preset `index` at `moment`, formatted (its parts marked),
    /// with the zone's name left as [`ZONE`], and whether that name is the
    /// long one, if the preset names the zone.
    pub(super) fn formatted_preset(
        &self,
        index: usize,
        moment: &Moment,
    ) -> (FormattedDateTimePattern<'_>, Option<bool>) {
        match &self.written {
            Calendar::Gregorian(written) => written.preset(index, moment, Gregorian),
            Calendar::Buddhist(written) => written.preset(index, moment, Buddhist),
        }
    }

    /// The words the patterns write after an hour, minutes and seconds
    /// (`H นาฬิกา mm นาที ss วินาที`, Thai's long time), as the marks of
    /// those fields.
    pub(super) fn clock_marks(&self) -> Vec<(String, crate::human::words::Mark)> {
        use crate::human::words::Mark;
        let mut marks = Vec::new();
        for pattern in self.zones.row.patterns {
            let mut chars = pattern.chars().peekable();
            let mut field: Option<Mark> = None;
            while let Some(c) = chars.next() {
                let mark = match c {
                    'H' | 'h' | 'k' | 'K' => Some(Mark::Hour),
                    'm' => Some(Mark::Minute),
                    's' => Some(Mark::Second),
                    _ => None,
                };
                if mark.is_some() {
                    field = mark;
                    while chars.next_if_eq(&c).is_some() {}
                    continue;
                }
                if c == ' ' || c == '\'' {
                    continue;
                }
                let Some(after) = field.take() else { continue };
                if c.is_ascii() || !c.is_alphabetic() {
                    continue;
                }
                let mut word = String::from(c);
                while let Some(next) = chars.next_if(|next| next.is_alphabetic() && !next.is_ascii()) {
                    word.push(next);
                }
                marks.push((word, after));
            }
        }
        marks
    }
}

impl<C: CldrCalendar + icu_calendar::Calendar> Written<C>
where
    Baked: DataProvider<C::YearNamesV1> + DataProvider<C::MonthNamesV1>,
{
    fn new(prefs: DateTimeFormatterPreferences, row: &[&str; 20]) -> Result<Written<C>, String> {
        let parse = |text: &str| DateTimePattern::try_from_pattern_str(text).map_err(|e| format!("{text}: {e}"));
        let mut previews = Vec::with_capacity(PREVIEWS);
        for text in &row[..PREVIEWS] {
            let pattern = parse(text)?;
            let mut names = FixedCalendarDateTimeNames::try_new(prefs).map_err(|e| e.to_string())?;
            names.include_for_pattern(&pattern).map_err(|e| format!("{text}: {e}"))?;
            previews.push((pattern, names));
        }
        let mut presets = Vec::with_capacity(row.len() - PREVIEWS);
        for text in &row[PREVIEWS..] {
            let (text, zone) = zone_left_out(text);
            let pattern = parse(&text)?;
            let mut names = FixedCalendarDateTimeNames::try_new(prefs).map_err(|e| e.to_string())?;
            names.include_for_pattern(&pattern).map_err(|e| format!("{text}: {e}"))?;
            presets.push((pattern, names, zone));
        }
        Ok(Written { previews, presets })
    }

    fn preview(&self, index: usize, input: &DateTime<Iso>, calendar: C) -> FormattedDateTimePattern<'_> {
        let (pattern, names) = &self.previews[index];
        let input = DateTime { date: input.date.to_calendar(calendar), time: input.time };
        names.with_pattern_unchecked(pattern).format(&input)
    }

    fn preset(&self, index: usize, moment: &Moment, calendar: C) -> (FormattedDateTimePattern<'_>, Option<bool>) {
        let (pattern, names, zone) = &self.presets[index];
        let Moment(zoned, _) = moment;
        let input = DateTime { date: zoned.date.to_calendar(calendar), time: zoned.time };
        (names.with_pattern_unchecked(pattern).format(&input), *zone)
    }
}

/// The text of a formatted pattern. Every name its pattern needs was
/// loaded with it, so it cannot miss one; were one missing, ICU4X writes
/// its stand-in and the text is still whole.
fn written(formatted: &impl TryWriteable) -> String {
    let mut text = String::with_capacity(64);
    // Writing to a String cannot fail; a missing name is written as its stand-in (see above).
    let _ = formatted.try_write_to(&mut text);
    super::plain_spaces(&mut text);
    text
}

/// What ICU4C's zone names depend on besides ICU4X's input: the instant and
/// whether the zone keeps daylight time then.
#[derive(Clone, Copy, Debug)]
pub(crate) struct When {
    dst: bool,
    /// Before 1970: the instant of 2001 in the same half of the year (the
    /// zone's names are read there), and the zone's offset then.
    before_1970: Option<(i64, Option<UtcOffset>)>,
}

impl When {
    pub(super) fn of(zoned: &jiff::Zoned) -> When {
        let tz = zoned.time_zone();
        let dst = tz.to_offset_info(zoned.timestamp()).dst().is_dst();
        let before_1970 = (zoned.timestamp() < jiff::Timestamp::UNIX_EPOCH).then(|| {
            // 2001-07-01 and 2001-01-01, 12:00 UTC.
            let at = if dst { 993_988_800 } else { 978_350_400 };
            let offset = jiff::Timestamp::from_second(at).ok().map(|then| tz.to_offset(then).seconds());
            (at, offset.and_then(|seconds| UtcOffset::try_from_seconds(seconds).ok()))
        });
        When { dst, before_1970 }
    }
}

/// `zone` (named `iana` in the database) as Intl names it: V8 reads
/// `Etc/GMT`, `GMT`, `GMT0`, `GMT+0` and `GMT-0` as `UTC` (its other
/// links, `Etc/GMT0`, `Greenwich`, stay Greenwich Mean Time).
pub(super) fn as_intl_names(zone: TimeZoneInfo<AtTime>, iana: Option<&str>) -> TimeZoneInfo<AtTime> {
    if !iana.is_some_and(|name| ["Etc/GMT", "GMT", "GMT0", "GMT+0", "GMT-0"].contains(&name)) {
        return zone;
    }
    TimeZone(icu_locale::subtags::subtag!("utc"))
        .with_offset(zone.offset())
        .with_zone_name_timestamp(zone.zone_name_timestamp())
}

/// How Chromium's ICU4C names a zone where ICU4X names it otherwise
/// (the Discord-previews round), from the language's row of the table:
/// - ICU4C maps zones to metazones (the names zones share, `Eastern
///   Standard Time`) from 1970 on only: before 1970 a zone is named by a
///   name of its own (`British Summer Time`), else by its offset;
/// - an offset is written with CLDR's `gmtFormat` and `hourFormat` of the
///   release Chromium carries (`GMT-05:00`, `GMT-5`, `UTC-03.06.28`).
pub(super) struct IntlZones {
    row: &'static Row,
    /// The zones with names of their own: (zone, long, daylight).
    own: Vec<(TimeZone, bool, bool)>,
    /// ICU4X's localized offsets, `OOOO` and `O`: what it writes for a
    /// zone it has no name for.
    offsets: [(DateTimePattern, FixedCalendarDateTimeNames<Gregorian, CompositeFieldSet>); 2],
    /// ICU4X's specific names, `zzzz` and `z`, for a zone's own name.
    names: [(DateTimePattern, FixedCalendarDateTimeNames<Gregorian, CompositeFieldSet>); 2],
}

impl IntlZones {
    fn new(prefs: DateTimeFormatterPreferences, row: &'static Row) -> Result<IntlZones, String> {
        let formatter = |text: &str| -> Result<_, String> {
            let pattern = DateTimePattern::try_from_pattern_str(text).map_err(|e| e.to_string())?;
            let mut names = FixedCalendarDateTimeNames::try_new(prefs).map_err(|e| e.to_string())?;
            names.include_for_pattern(&pattern).map_err(|e| e.to_string())?;
            Ok((pattern, names))
        };
        let parser = icu_time::zone::IanaParser::new();
        let own = row.own_names.iter().map(|&(zone, long, daylight)| (parser.parse(zone), long, daylight)).collect();
        Ok(IntlZones {
            row,
            own,
            offsets: [formatter("OOOO")?, formatter("O")?],
            names: [formatter("zzzz")?, formatter("z")?],
        })
    }

    /// The zone's name (`long` or short) at `moment`, `icu4x` being the one
    /// ICU4X writes.
    pub(super) fn name(&self, long: bool, moment: &Moment, icu4x: impl FnOnce() -> String) -> String {
        let Moment(zoned, when) = moment;
        let offset = zoned.zone.offset().map_or(0, UtcOffset::to_seconds);
        let write = |(pattern, names): &(DateTimePattern, FixedCalendarDateTimeNames<Gregorian, CompositeFieldSet>),
                     zone| {
            let input = ZonedDateTime { date: zoned.date.to_calendar(Gregorian), time: zoned.time, zone };
            written(&names.with_pattern_unchecked(pattern).format(&input))
        };
        let which = usize::from(!long);
        if let Some((at, offset_then)) = when.before_1970 {
            if self.own.contains(&(zoned.zone.id(), long, when.dst)) {
                // Its own name, as ICU4X writes it where it has the zone's names (2001).
                let zone = zoned.zone.id().with_offset(offset_then);
                return write(
                    &self.names[which],
                    zone.with_zone_name_timestamp(ZoneNameTimestamp::from_epoch_seconds(at)),
                );
            }
            return self.localized_offset(long, offset);
        }
        let name = icu4x();
        // ICU4X's offset forms have digits (`GMT+1`); the names it writes do not.
        if name.contains(|c: char| c.is_ascii_digit()) && name == write(&self.offsets[which], zoned.zone) {
            return self.localized_offset(long, offset);
        }
        name
    }

    /// ICU4C's localized offset: `gmtFormat` around `hourFormat`'s sign
    /// and hours (two digits in the long form, as few as needed in the
    /// short one), with minutes where the long form has them or they are
    /// not zero, and seconds where they are not zero, joined by
    /// `hourFormat`'s separator (`GMT-05:00`, `GMT-5`, `GMT+0`: Intl writes
    /// no `gmtZeroFormat` here).
    fn localized_offset(&self, long: bool, seconds: i32) -> String {
        let (positive, negative) =
            self.row.hour_format.split_once(';').unwrap_or((self.row.hour_format, self.row.hour_format));
        let pattern = if seconds < 0 { negative } else { positive };
        let magnitude = seconds.unsigned_abs();
        let (hours, minutes, rest) = (magnitude / 3600, magnitude / 60 % 60, magnitude % 60);
        // The pattern is a sign, `HH`, a separator and `mm` (`+HH:mm`, `−HH.mm`, ` -HH:mm`).
        let start = pattern.find('H').unwrap_or(pattern.len());
        let hour_end = start + pattern[start..].find(|c| c != 'H').unwrap_or(pattern.len() - start);
        let minute = pattern[hour_end..].find('m').map_or(pattern.len(), |at| hour_end + at);
        let minute_end = minute + pattern[minute..].find(|c| c != 'm').unwrap_or(pattern.len() - minute);
        let separator = &pattern[hour_end..minute];
        let mut text = String::from(&pattern[..start]);
        text.push_str(&if long { format!("{hours:02}") } else { hours.to_string() });
        if long || minutes != 0 || rest != 0 {
            text.push_str(&format!("{separator}{minutes:02}"));
        }
        if rest != 0 {
            text.push_str(&format!("{separator}{rest:02}"));
        }
        text.push_str(&pattern[minute_end..]);
        self.row.gmt_format.replacen("{0}", &text, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::Localizer;

    fn zones(tag: &str) -> &'static IntlZones {
        let localizer: &'static Localizer = Box::leak(Box::new(Localizer::get(tag).unwrap()));
        &localizer.intl.as_ref().unwrap().zones
    }

    #[test]
    fn offsets_are_written_as_icu4c_writes_them() {
        // Chromium's texts (CLDR 48): the long form pads the hour, the short one
        // writes minutes and seconds only where they are not zero.
        let cases = [
            ("fi", true, -(3 * 3600 + 6 * 60 + 28), "UTC-03.06.28"),
            ("fi", false, -(3 * 3600 + 6 * 60 + 28), "UTC-3.06.28"),
            ("en", true, 0, "GMT+00:00"),
            ("en", false, 0, "GMT+0"),
            ("en", false, 19_800, "GMT+5:30"),
            ("hr", true, -7200, "GMT -02:00"),
            ("fr", false, -10_800, "UTC\u{2212}3"),
            ("pt-BR", true, -10_800, "GMT-03:00"),
            ("bg", false, 3600, "Гринуич+1"),
        ];
        for (tag, long, seconds, expected) in cases {
            assert_eq!(zones(tag).localized_offset(long, seconds), expected, "{tag} {seconds}");
        }
    }

    #[test]
    fn zones_are_named_as_icu4c_names_them_before_1970() {
        let localizer = Localizer::get("en-US").unwrap();
        let named = |zone: &str, second: i64| {
            let zoned = jiff::Timestamp::from_second(second).unwrap().to_zoned(jiff::tz::TimeZone::get(zone).unwrap());
            localizer.zone_name(&zoned, || Box::leak(Box::new(Moment::new(&zoned))))
        };
        // 1904: New York's metazone is not mapped yet; 1936: London's own summer name is.
        assert_eq!(named("America/New_York", -2_068_099_233), "GMT-05:00");
        assert_eq!(named("Europe/London", -1_058_294_533), "British Summer Time");
        assert_eq!(named("Europe/London", -1_193_266_675), "GMT+00:00");
        assert_eq!(named("America/New_York", 1_700_000_000), "Eastern Standard Time");
        // V8 reads `Etc/GMT` as UTC.
        assert_eq!(named("Etc/GMT", 1_700_000_000), "Coordinated Universal Time");
        assert_eq!(named("Etc/GMT0", 1_700_000_000), "Greenwich Mean Time");
    }

    #[test]
    fn a_zone_field_is_left_out_of_its_pattern() {
        assert_eq!(zone_left_out("HH:mm:ss zzzz"), ("HH:mm:ss '\u{FFFC}'".to_owned(), Some(true)));
        assert_eq!(zone_left_out("HH:mm:ss (z)"), ("HH:mm:ss ('\u{FFFC}')".to_owned(), Some(false)));
        assert_eq!(zone_left_out("d MMMM 'zz' y"), ("d MMMM 'zz' y".to_owned(), None));
    }

    #[test]
    fn names_join_as_cldr_joins_them() {
        assert_eq!(joined_as_cldr_joins("zh-Hant", "中文 (台灣)".to_owned()), "中文（台灣）");
        assert_eq!(joined_as_cldr_joins("pt", "português (Brasil)".to_owned()), "português (Brasil)");
        assert_eq!(joined_as_cldr_joins("de-AT", "Deutsch (Österreich)".to_owned()), "Deutsch (Österreich)");
    }

    #[test]
    fn the_thai_clock_marks_its_fields() {
        let localizer = Localizer::get("th").unwrap();
        let marks = localizer.intl.as_ref().unwrap().clock_marks();
        use crate::human::words::Mark;
        for (word, mark) in [("นาฬิกา", Mark::Hour), ("นาที", Mark::Minute), ("วินาที", Mark::Second)]
        {
            assert!(marks.contains(&(word.to_owned(), mark)), "{word}: {marks:?}");
        }
        // What tsconv writes in Thai reads back: `17 นาฬิกา 13 นาที 20 วินาที`.
        let zone = crate::zone::Zone::utc();
        let options = crate::input::ReadOptions {
            language: &localizer,
            ..crate::input::ReadOptions::defaults(&zone, jiff::Timestamp::UNIX_EPOCH)
        };
        let text = "14 พฤศจิกายน 2566 เวลา 17 นาฬิกา 13 นาที 20 วินาที GMT";
        let reading = crate::input::read(crate::input::Input::Text(text), &options).unwrap();
        assert_eq!(reading.instant.to_string(), "2023-11-14T17:13:20Z");
    }
}
