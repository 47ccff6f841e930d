//! timeapi.io's answers (the routes under `/api/Time`, `/api/TimeZone`,
//! `/api/Conversion` and `/api/Calculation` its clients call, with its
//! camelCase names): a .NET service, whose local times carry seven
//! fractional digits and no offset, and whose offsets are NodaTime's.

use jiff::civil::DateTime;
use jiff::tz::{Disambiguation, Offset};
use jiff::{SignedDuration, Timestamp, Zoned};
use serde::{Deserialize, Serialize, Serializer};
use tsconv_time::zone::Zone;

/// A local time as timeapi.io answers it (`CurrentTime`).
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurrentTime {
    pub year: i16,
    pub month: i8,
    pub day: i8,
    pub hour: i8,
    pub minute: i8,
    pub seconds: i8,
    /// The milliseconds, truncated.
    pub milli_seconds: i32,
    /// The local time without offset, up to seven fractional digits (.NET's ticks).
    #[schema(example = "2024-03-26T10:13:03.0658586")]
    pub date_time: String,
    /// `MM/dd/yyyy`.
    #[schema(example = "03/26/2024")]
    pub date: String,
    /// `HH:mm`.
    #[schema(example = "10:13")]
    pub time: String,
    #[schema(example = "Asia/Seoul")]
    pub time_zone: String,
    /// The weekday's English name.
    #[schema(example = "Tuesday")]
    pub day_of_week: &'static str,
    pub dst_active: bool,
}

/// The local time of `instant` in `zone`.
pub fn current(zone: &Zone, instant: Timestamp) -> CurrentTime {
    local(&instant.to_zoned(zone.tz().clone()), zone.name())
}

fn local(zoned: &Zoned, zone: &str) -> CurrentTime {
    let dt = zoned.datetime();
    CurrentTime {
        year: dt.year(),
        month: dt.month(),
        day: dt.day(),
        hour: dt.hour(),
        minute: dt.minute(),
        seconds: dt.second(),
        milli_seconds: dt.subsec_nanosecond() / 1_000_000,
        date_time: dotnet_local(dt),
        date: dt.strftime("%m/%d/%Y").to_string(),
        time: dt.strftime("%H:%M").to_string(),
        time_zone: zone.to_owned(),
        day_of_week: weekday_name(dt.weekday()),
        dst_active: zoned.time_zone().to_offset_info(zoned.timestamp()).dst().is_dst(),
    }
}

fn weekday_name(weekday: jiff::civil::Weekday) -> &'static str {
    use jiff::civil::Weekday::*;
    match weekday {
        Monday => "Monday",
        Tuesday => "Tuesday",
        Wednesday => "Wednesday",
        Thursday => "Thursday",
        Friday => "Friday",
        Saturday => "Saturday",
        Sunday => "Sunday",
    }
}

/// A local time as .NET writes a `DateTime` in JSON: seconds, then up to
/// seven fractional digits (ticks of 100 ns, truncated), trailing zeros off.
fn dotnet_local(dt: DateTime) -> String {
    let mut text = dt.strftime("%Y-%m-%dT%H:%M:%S").to_string();
    let ticks = dt.subsec_nanosecond() / 100;
    if ticks != 0 {
        let digits = format!("{ticks:07}");
        text.push('.');
        text.push_str(digits.trim_end_matches('0'));
    }
    text
}

/// An offset as NodaTime writes one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct NodaOffset {
    pub seconds: i32,
    pub milliseconds: i64,
    pub ticks: i64,
    pub nanoseconds: i64,
}

impl From<Offset> for NodaOffset {
    fn from(offset: Offset) -> NodaOffset {
        let seconds = offset.seconds();
        NodaOffset {
            seconds,
            milliseconds: i64::from(seconds) * 1_000,
            ticks: i64::from(seconds) * 10_000_000,
            nanoseconds: i64::from(seconds) * 1_000_000_000,
        }
    }
}

/// A length of time as NodaTime's `Duration` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NodaDuration {
    pub days: i64,
    pub nanosecond_of_day: i64,
    pub hours: i64,
    pub minutes: i64,
    pub seconds: i64,
    pub milliseconds: i64,
    pub subsecond_ticks: i64,
    pub subsecond_nanoseconds: i64,
    pub bcl_compatible_ticks: i64,
    #[serde(serialize_with = "dotnet_double")]
    pub total_days: f64,
    #[serde(serialize_with = "dotnet_double")]
    pub total_hours: f64,
    #[serde(serialize_with = "dotnet_double")]
    pub total_minutes: f64,
    #[serde(serialize_with = "dotnet_double")]
    pub total_seconds: f64,
    #[serde(serialize_with = "dotnet_double")]
    pub total_milliseconds: f64,
    pub total_ticks: i64,
    pub total_nanoseconds: i64,
}

/// A double as .NET writes it: whole numbers without `.0`.
fn dotnet_double<S: Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    if value.fract() == 0.0 && value.abs() < 9_007_199_254_740_992.0 {
        serializer.serialize_i64(*value as i64)
    } else {
        serializer.serialize_f64(*value)
    }
}

impl From<SignedDuration> for NodaDuration {
    fn from(duration: SignedDuration) -> NodaDuration {
        const DAY: i128 = 86_400_000_000_000;
        let nanos = duration.as_nanos();
        let days = nanos.div_euclid(DAY);
        let of_day = nanos.rem_euclid(DAY);
        let clamp = |n: i128| i64::try_from(n).unwrap_or(if n < 0 { i64::MIN } else { i64::MAX });
        let total = nanos as f64;
        NodaDuration {
            days: clamp(days),
            nanosecond_of_day: clamp(of_day),
            hours: clamp(of_day / 3_600_000_000_000),
            minutes: clamp(of_day / 60_000_000_000 % 60),
            seconds: clamp(of_day / 1_000_000_000 % 60),
            milliseconds: clamp(of_day / 1_000_000 % 1_000),
            subsecond_ticks: clamp(of_day % 1_000_000_000 / 100),
            subsecond_nanoseconds: clamp(of_day % 1_000_000_000),
            bcl_compatible_ticks: clamp(nanos / 100),
            total_days: total / DAY as f64,
            total_hours: total / 3.6e12,
            total_minutes: total / 6e10,
            total_seconds: total / 1e9,
            total_milliseconds: total / 1e6,
            total_ticks: clamp(nanos / 100),
            total_nanoseconds: clamp(nanos),
        }
    }
}

/// `/api/TimeZone/zone`'s answer.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimeZoneInfo {
    pub time_zone: String,
    #[schema(example = "2024-05-15T22:16:50.5334703")]
    pub current_local_time: String,
    pub current_utc_offset: NodaOffset,
    pub standard_utc_offset: NodaOffset,
    pub has_day_light_saving: bool,
    pub is_day_light_saving_active: bool,
    /// The daylight saving period in effect, or the next within a year;
    /// `null` for a zone without one.
    pub dst_interval: Option<DstInterval>,
}

#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DstInterval {
    #[schema(example = "EDT")]
    pub dst_name: String,
    pub dst_offset_to_utc: NodaOffset,
    pub dst_offset_to_standard_time: NodaOffset,
    /// UTC, `Z`, whole seconds.
    #[schema(example = "2024-03-10T07:00:00Z")]
    pub dst_start: String,
    #[schema(example = "2024-11-03T06:00:00Z")]
    pub dst_end: Option<String>,
    pub dst_duration: Option<NodaDuration>,
}

/// What `zone` is at `instant`.
pub fn zone_info(zone: &Zone, instant: Timestamp) -> TimeZoneInfo {
    let tz = zone.tz();
    let info = tz.to_offset_info(instant);
    let standard = super::standard_offset(tz, instant);
    let dst = super::dst_period(tz, instant);
    let utc = |t: Timestamp| t.strftime("%Y-%m-%dT%H:%M:%SZ").to_string();
    TimeZoneInfo {
        time_zone: zone.name().to_owned(),
        current_local_time: dotnet_local(instant.to_zoned(tz.clone()).datetime()),
        current_utc_offset: info.offset().into(),
        standard_utc_offset: standard.into(),
        has_day_light_saving: dst.is_some(),
        is_day_light_saving_active: info.dst().is_dst(),
        dst_interval: dst.map(|period| DstInterval {
            dst_offset_to_standard_time: Offset::from_seconds(period.offset.seconds() - standard.seconds())
                .unwrap_or(Offset::UTC)
                .into(),
            dst_name: period.abbreviation,
            dst_offset_to_utc: period.offset.into(),
            dst_start: utc(period.start),
            dst_end: period.end.map(utc),
            dst_duration: period.end.map(|end| period.start.duration_until(end).into()),
        }),
    }
}

/// How a local time that a clock change skips or repeats is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DstAmbiguity {
    /// `""`: such a time is refused (the caller says which it means).
    Refuse,
    Earlier,
    Later,
}

impl DstAmbiguity {
    pub fn parse(text: Option<&str>) -> Result<DstAmbiguity, String> {
        match text.map(str::trim).unwrap_or_default().to_ascii_lowercase().as_str() {
            "" => Ok(DstAmbiguity::Refuse),
            "earlier" => Ok(DstAmbiguity::Earlier),
            "later" => Ok(DstAmbiguity::Later),
            other => Err(format!("dstAmbiguity must be \"\", \"earlier\" or \"later\", not {other:?}")),
        }
    }
}

/// Reads a local time as timeapi.io takes one: `yyyy-MM-dd HH:mm:ss`, with
/// up to nine fractional digits, or with `T`.
pub fn local_time(text: &str) -> Result<DateTime, String> {
    let text = text.trim();
    let with_t = match text.as_bytes().get(10) {
        Some(b' ') => format!("{}T{}", &text[..10], &text[11..]),
        _ => text.to_owned(),
    };
    with_t
        .parse::<DateTime>()
        .map_err(|_| format!("dateTime must be a local time as yyyy-MM-dd HH:mm:ss(.fffffff), not {text:?}"))
}

/// `local` in `zone` as one instant, or why it is not one.
pub fn resolve(zone: &Zone, local: DateTime, ambiguity: DstAmbiguity) -> Result<Zoned, String> {
    let ambiguous = zone.tz().to_ambiguous_zoned(local);
    let how = match ambiguity {
        DstAmbiguity::Earlier => Disambiguation::Earlier,
        DstAmbiguity::Later => Disambiguation::Later,
        DstAmbiguity::Refuse if ambiguous.is_ambiguous() => {
            let what =
                if matches!(ambiguous.offset(), jiff::tz::AmbiguousOffset::Gap { .. }) { "skips" } else { "repeats" };
            return Err(format!(
                "{local} in {} is a time the clock change {what}: set dstAmbiguity to \"earlier\" or \"later\"",
                zone.name()
            ));
        }
        DstAmbiguity::Refuse => Disambiguation::Reject,
    };
    ambiguous.disambiguate(how).map_err(|error| format!("{local} in {}: {error}", zone.name()))
}

/// `/api/Conversion/ConvertTimeZone`'s body.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversionRequest {
    #[schema(example = "Europe/Amsterdam")]
    pub from_time_zone: String,
    #[schema(example = "2021-03-14 17:45:00")]
    pub date_time: String,
    #[schema(example = "America/Los_Angeles")]
    pub to_time_zone: String,
    /// `""`, `earlier` or `later`.
    #[serde(default)]
    pub dst_ambiguity: Option<String>,
}

/// Its answer (timeapi.io writes `fromTimezone` with a small z).
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Conversion {
    #[serde(rename = "fromTimezone")]
    pub from_timezone: String,
    pub from_date_time: String,
    pub to_time_zone: String,
    pub conversion_result: CurrentTime,
}

pub fn convert(from: &Zone, local: DateTime, to: &Zone, ambiguity: DstAmbiguity) -> Result<Conversion, String> {
    let instant = resolve(from, local, ambiguity)?.timestamp();
    Ok(Conversion {
        from_timezone: from.name().to_owned(),
        from_date_time: dotnet_local(local),
        to_time_zone: to.name().to_owned(),
        conversion_result: current(to, instant),
    })
}

/// `/api/Calculation/current/...`'s body: the zone and the time span.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurrentCalculationRequest {
    #[schema(example = "Europe/Amsterdam")]
    pub time_zone: String,
    /// `d:hh:mm:ss` or `d:hh:mm:ss.fff`.
    #[schema(example = "16:03:45:17")]
    pub time_span: String,
    /// `""`, `earlier` or `later`: how a result the clock change skips or repeats is read.
    #[serde(default)]
    pub dst_ambiguity: Option<String>,
}

/// `/api/Calculation/custom/...`'s body: the local time to count from, too.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomCalculationRequest {
    #[schema(example = "Europe/Amsterdam")]
    pub time_zone: String,
    /// The local time to count from, `yyyy-MM-dd HH:mm:ss`.
    #[schema(example = "2021-10-22 21:00:00")]
    pub date_time: String,
    /// `d:hh:mm:ss` or `d:hh:mm:ss.fff`.
    #[schema(example = "16:03:45:17")]
    pub time_span: String,
    /// `""`, `earlier` or `later`.
    #[serde(default)]
    pub dst_ambiguity: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Calculation {
    pub time_zone: String,
    pub original_date_time: String,
    /// The span, as .NET writes a `TimeSpan` (`16.03:45:17`).
    #[schema(example = "16.03:45:17")]
    pub used_time_span: String,
    pub calculation_result: CalculationResult,
}

/// A local time without its zone, as a calculation's result.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalculationResult {
    pub year: i16,
    pub month: i8,
    pub day: i8,
    pub hour: i8,
    pub minute: i8,
    pub seconds: i8,
    pub milli_seconds: i32,
    pub date_time: String,
    pub date: String,
    pub time: String,
    pub dst_active: bool,
}

/// Reads a time span `d:hh:mm:ss(.f)` (also `hh:mm:ss`, and .NET's own
/// `d.hh:mm:ss`).
pub fn time_span(text: &str) -> Result<SignedDuration, String> {
    let invalid = || format!("timeSpan must be d:hh:mm:ss or d:hh:mm:ss.fff, e.g. 1:02:30:00, not {text:?}");
    let trimmed = text.trim();
    let (negative, body) = match trimmed.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, trimmed),
    };
    let (body, fraction) = match body.rsplit_once('.') {
        Some((head, tail)) if head.contains(':') && tail.chars().all(|c| c.is_ascii_digit()) && !tail.is_empty() => {
            (head, tail)
        }
        _ => (body, ""),
    };
    // .NET's own form: days before a dot.
    let normalized = match body.split_once('.') {
        Some((days, rest)) => format!("{days}:{rest}"),
        None => body.to_owned(),
    };
    let parts: Vec<&str> = normalized.split(':').collect();
    let numbers: Vec<i64> = parts.iter().map(|p| p.parse::<i64>().map_err(|_| invalid())).collect::<Result<_, _>>()?;
    let (days, hours, minutes, seconds) = match numbers.as_slice() {
        [h, m, s] => (0, *h, *m, *s),
        [d, h, m, s] => (*d, *h, *m, *s),
        _ => return Err(invalid()),
    };
    if days < 0 || !(0..24).contains(&hours) || !(0..60).contains(&minutes) || !(0..60).contains(&seconds) {
        return Err(invalid());
    }
    if fraction.len() > 7 {
        return Err(invalid());
    }
    let nanos: i32 = if fraction.is_empty() { 0 } else { format!("{fraction:0<9}").parse().map_err(|_| invalid())? };
    let secs = days
        .checked_mul(86_400)
        .and_then(|d| d.checked_add(hours * 3_600 + minutes * 60 + seconds))
        .ok_or_else(invalid)?;
    let span = SignedDuration::new(secs, nanos);
    Ok(if negative { -span } else { span })
}

/// A span as .NET's `TimeSpan.ToString()` writes it: `[-][d.]hh:mm:ss[.fffffff]`.
fn dotnet_span(span: SignedDuration) -> String {
    let sign = if span.is_negative() { "-" } else { "" };
    let span = span.abs();
    let secs = span.as_secs();
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let mut text = String::from(sign);
    if days > 0 {
        text.push_str(&format!("{days}."));
    }
    text.push_str(&format!("{:02}:{:02}:{:02}", rest / 3_600, rest / 60 % 60, rest % 60));
    let ticks = span.subsec_nanos() / 100;
    if ticks != 0 {
        text.push_str(&format!(".{ticks:07}"));
    }
    text
}

/// Adds `span` (subtracts it, when `decrement`) to the local time `from` in
/// `zone` on the wall clock, as .NET adds a `TimeSpan` to a `DateTime`; a
/// result that a clock change skips or repeats is read by `ambiguity`.
pub fn calculate(
    zone: &Zone,
    from: DateTime,
    span: SignedDuration,
    decrement: bool,
    ambiguity: DstAmbiguity,
) -> Result<Calculation, String> {
    let signed = if decrement { -span } else { span };
    let to =
        from.checked_add(signed).map_err(|_| "timeSpan takes the result outside the years -9999 to 9999".to_owned())?;
    let zoned = resolve(zone, to, ambiguity)?;
    let time = local(&zoned, zone.name());
    Ok(Calculation {
        time_zone: zone.name().to_owned(),
        original_date_time: dotnet_local(from),
        used_time_span: dotnet_span(span),
        calculation_result: CalculationResult {
            year: time.year,
            month: time.month,
            day: time.day,
            hour: time.hour,
            minute: time.minute,
            seconds: time.seconds,
            milli_seconds: time.milli_seconds,
            date_time: time.date_time,
            date: time.date,
            time: time.time,
            dst_active: time.dst_active,
        },
    })
}

/// `/api/Conversion/DayOfTheWeek/{date}`'s answer.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayOfTheWeek {
    #[schema(example = "Sunday")]
    pub day_of_week: &'static str,
}

pub fn day_of_the_week(date: &str) -> Result<DayOfTheWeek, String> {
    let date: jiff::civil::Date =
        date.trim().parse().map_err(|_| format!("the date must be yyyy-MM-dd, e.g. 2021-03-14, not {date:?}"))?;
    Ok(DayOfTheWeek { day_of_week: weekday_name(date.weekday()) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zone(name: &str) -> Zone {
        Zone::parse(name).unwrap()
    }

    /// Bodies timeapi.io sent, from the captures its users published.
    #[test]
    fn the_answers_are_the_ones_timeapi_sent() {
        let seoul = current(&zone("Asia/Seoul"), "2024-03-26T01:13:03.0658586Z".parse().unwrap());
        assert_eq!(
            serde_json::to_string(&seoul).unwrap(),
            r#"{"year":2024,"month":3,"day":26,"hour":10,"minute":13,"seconds":3,"milliSeconds":65,"dateTime":"2024-03-26T10:13:03.0658586","date":"03/26/2024","time":"10:13","timeZone":"Asia/Seoul","dayOfWeek":"Tuesday","dstActive":false}"#
        );
        let new_york = zone_info(&zone("America/New_York"), "2024-05-16T02:16:50.5334703Z".parse().unwrap());
        let json = serde_json::to_value(&new_york).unwrap();
        let expected: serde_json::Value = serde_json::from_str(
            r#"{"timeZone":"America/New_York","currentLocalTime":"2024-05-15T22:16:50.5334703",
            "currentUtcOffset":{"seconds":-14400,"milliseconds":-14400000,"ticks":-144000000000,"nanoseconds":-14400000000000},
            "standardUtcOffset":{"seconds":-18000,"milliseconds":-18000000,"ticks":-180000000000,"nanoseconds":-18000000000000},
            "hasDayLightSaving":true,"isDayLightSavingActive":true,
            "dstInterval":{"dstName":"EDT",
              "dstOffsetToUtc":{"seconds":-14400,"milliseconds":-14400000,"ticks":-144000000000,"nanoseconds":-14400000000000},
              "dstOffsetToStandardTime":{"seconds":3600,"milliseconds":3600000,"ticks":36000000000,"nanoseconds":3600000000000},
              "dstStart":"2024-03-10T07:00:00Z","dstEnd":"2024-11-03T06:00:00Z",
              "dstDuration":{"days":237,"nanosecondOfDay":82800000000000,"hours":23,"minutes":0,"seconds":0,
                "milliseconds":0,"subsecondTicks":0,"subsecondNanoseconds":0,"bclCompatibleTicks":205596000000000,
                "totalDays":237.95833333333334,"totalHours":5711,"totalMinutes":342660,"totalSeconds":20559600,
                "totalMilliseconds":20559600000,"totalTicks":205596000000000,"totalNanoseconds":20559600000000000}}}"#,
        )
        .unwrap();
        assert_eq!(json, expected);
        let sao_paulo = zone_info(&zone("America/Sao_Paulo"), "2024-05-16T02:16:50Z".parse().unwrap());
        assert!(!sao_paulo.has_day_light_saving && sao_paulo.dst_interval.is_none());
    }

    #[test]
    fn a_conversion_reads_local_times_and_refuses_an_ambiguous_one_unless_told() {
        let answer = convert(
            &zone("Europe/Amsterdam"),
            local_time("2021-03-14 17:45:00").unwrap(),
            &zone("America/Los_Angeles"),
            DstAmbiguity::Refuse,
        )
        .unwrap();
        let json = serde_json::to_value(&answer).unwrap();
        assert_eq!(json["fromTimezone"], "Europe/Amsterdam");
        assert_eq!(json["fromDateTime"], "2021-03-14T17:45:00");
        assert_eq!(json["conversionResult"]["dateTime"], "2021-03-14T09:45:00");
        assert_eq!(json["conversionResult"]["dstActive"], true);
        let fold = local_time("2024-11-03 01:30:00").unwrap();
        let new_york = zone("America/New_York");
        assert!(convert(&new_york, fold, &zone("UTC"), DstAmbiguity::Refuse).unwrap_err().contains("repeats"));
        let earlier = convert(&new_york, fold, &zone("UTC"), DstAmbiguity::Earlier).unwrap();
        let later = convert(&new_york, fold, &zone("UTC"), DstAmbiguity::Later).unwrap();
        assert_eq!((earlier.conversion_result.hour, later.conversion_result.hour), (5, 6));
        assert!(local_time("14/03/2021").is_err());
        assert!(DstAmbiguity::parse(Some("sometimes")).is_err());
    }

    #[test]
    fn a_calculation_adds_a_span_on_the_wall_clock() {
        let span = time_span("16:03:45:17").unwrap();
        assert_eq!(span, SignedDuration::new(16 * 86_400 + 3 * 3_600 + 45 * 60 + 17, 0));
        let answer = calculate(
            &zone("Europe/Amsterdam"),
            local_time("2021-10-22 21:00:00").unwrap(),
            span,
            false,
            DstAmbiguity::Refuse,
        )
        .unwrap();
        // Over the change of 31 October: the wall clock moves by the span.
        assert_eq!(answer.calculation_result.date_time, "2021-11-08T00:45:17");
        assert_eq!(answer.used_time_span, "16.03:45:17");
        assert!(!answer.calculation_result.dst_active);
        assert_eq!(time_span("1:00:00:00.5").unwrap(), SignedDuration::new(86_400, 500_000_000));
        for bad in ["1:24:00:00", "abc", "1:2", "1:00:60:00", ""] {
            assert!(time_span(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_date_names_its_weekday() {
        assert_eq!(day_of_the_week("2021-03-14").unwrap().day_of_week, "Sunday");
        assert!(day_of_the_week("2021-02-30").is_err());
    }
}
