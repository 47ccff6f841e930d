//! Random answers (proptest strategies), for the tests that the
//! hand-written JSON writers write what `serde_json` writes (strings of any
//! Unicode, control characters included; every optional field present or
//! absent): this crate's and the web layer's.

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;

use crate::calendar::Calendar;
use crate::id::{IdField, IdFields};
use crate::kind::Kind;
use crate::ops::{Addition, Formatted, InputInfo, Period, Report, Rounding};
use crate::precision::Precision;
use crate::render::{DiscordStyles, Format, Presets, Units, UnitsText};
use crate::zone::ZoneInfo;

fn text() -> impl Strategy<Value = String> {
    prop_oneof![any::<String>(), "[ -~]{0,40}"]
}

fn texts<const N: usize>() -> impl Strategy<Value = [String; N]> {
    vec(text(), N).prop_map(|texts| texts.try_into().expect("N texts"))
}

fn optional_texts<const N: usize>() -> impl Strategy<Value = [Option<String>; N]> {
    vec(proptest::option::of(text()), N).prop_map(|texts| texts.try_into().expect("N texts"))
}

/// Integers past `i64` and within it (written by different paths).
fn wide() -> impl Strategy<Value = i128> {
    prop_oneof![any::<i128>(), any::<i64>().prop_map(i128::from)]
}

fn precision() -> impl Strategy<Value = Precision> {
    select(Precision::ALL.to_vec())
}

fn id_fields() -> impl Strategy<Value = IdFields> {
    let field = prop_oneof![
        any::<u64>().prop_map(IdField::Integer),
        text().prop_map(IdField::Hex),
        select(vec!["DCE 1.1, ISO/IEC 11578:1996", "Microsoft"]).prop_map(IdField::Text),
    ];
    vec((select(vec!["version", "variant", "node", "random", "worker_id"]), field), 0..5).prop_map(IdFields)
}

/// The facts of any date of the supported range.
fn calendar() -> impl Strategy<Value = Calendar> {
    (-4_371_587i32..=2_932_896).prop_map(|days| {
        let epoch = jiff::civil::date(1970, 1, 1);
        Calendar::of(epoch.checked_add(jiff::Span::new().days(days)).expect("a date of years -9999 to 9999"))
    })
}

pub fn report() -> impl Strategy<Value = Report> {
    let units = (wide(), wide(), wide(), wide()).prop_map(|(seconds, milliseconds, microseconds, nanoseconds)| Units {
        seconds,
        milliseconds,
        microseconds,
        nanoseconds,
    });
    let zone = (
        text(),
        proptest::option::of(text()),
        text(),
        text(),
        any::<i32>(),
        any::<bool>(),
        proptest::option::of(text()),
        proptest::option::of(select(vec!["Eastern Standard Time", "UTC", "W. Europe Standard Time"])),
    )
        .prop_map(|(name, long_name, abbreviation, offset, offset_seconds, dst, next_transition, windows_id)| {
            ZoneInfo { name, long_name, abbreviation, offset, offset_seconds, dst, next_transition, windows_id }
        });
    let input = (
        select(Kind::ALL.to_vec()),
        proptest::option::of(text()),
        proptest::option::of(text()),
        proptest::option::of(text()),
        vec(text(), 0..3),
        text(),
    )
        .prop_map(|(kind, epoch, pattern, read_as, warnings, text)| InputInfo {
            kind,
            epoch,
            pattern,
            read_as,
            warnings,
            text,
        });
    (
        (
            proptest::option::of(wide()),
            proptest::option::of(precision()),
            proptest::option::of(any::<bool>()),
            vec(proptest::option::of(text()), 5),
            proptest::option::of(select(vec!["en", "de", "zh-Hant"])),
        ),
        (
            proptest::option::of(units),
            proptest::option::of(texts::<4>()),
            proptest::option::of(zone),
            proptest::option::of(calendar()),
        ),
        (proptest::option::of(input), proptest::option::of(id_fields()), proptest::option::of(text())),
    )
        .prop_map(
            |(
                (timestamp, precision, precision_detected, strings, locale),
                (units, text, zone, calendar),
                (input, id, formatted),
            )| {
                let [iso, timezone, rfc3339, utc, local]: [Option<String>; 5] =
                    strings.try_into().expect("five strings");
                Report {
                    timestamp,
                    precision,
                    precision_detected,
                    iso,
                    timezone,
                    locale,
                    rfc3339,
                    utc,
                    local,
                    units,
                    units_text: text.map(|[seconds, milliseconds, microseconds, nanoseconds]| UnitsText {
                        seconds,
                        milliseconds,
                        microseconds,
                        nanoseconds,
                    }),
                    zone,
                    calendar,
                    input,
                    id,
                    formatted,
                }
            },
        )
}

pub fn formatted() -> impl Strategy<Value = Formatted> {
    let presets =
        (texts::<{ Format::PRESETS.len() }>(), texts::<9>(), texts::<9>(), optional_texts(), optional_texts())
            .prop_map(|(values, discord, preview, epochs, ids)| Presets {
                values,
                discord: DiscordStyles(discord),
                discord_preview: DiscordStyles(preview),
                epochs,
                ids,
            });
    (
        (
            proptest::option::of(wide()),
            proptest::option::of(precision()),
            proptest::option::of(text()),
            proptest::option::of(text()),
            proptest::option::of(select(vec!["en", "ja"])),
            proptest::option::of(calendar()),
        ),
        (
            proptest::option::of(select(vec!["rfc3339", "discord"])),
            proptest::option::of(text()),
            proptest::option::of(text()),
        ),
        proptest::option::of(presets.prop_map(Box::new)),
    )
        .prop_map(
            |((timestamp, precision, iso, timezone, locale, calendar), (format, formatted, preview), formats)| {
                Formatted { timestamp, precision, iso, timezone, locale, calendar, format, formatted, preview, formats }
            },
        )
}

pub fn addition() -> impl Strategy<Value = Addition> {
    (report(), proptest::option::of(text()), proptest::option::of(text()))
        .prop_map(|(result, from, duration)| Addition { result, from, duration })
}

pub fn rounding() -> impl Strategy<Value = Rounding> {
    (report(), proptest::option::of(text()), proptest::option::of((text(), text()))).prop_map(
        |(result, from, period)| Rounding { result, from, period: period.map(|(start, end)| Period { start, end }) },
    )
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use proptest::prelude::*;

    use crate::arbitrary;

    /// The hand-written JSON and serde_json's, as text (to show the difference).
    fn both<T: crate::json::WriteJson + Serialize>(value: &T) -> (String, String) {
        let written = crate::json::to_vec(value).expect("hand-written JSON cannot fail");
        let serde = serde_json::to_vec(value).expect("serializable");
        (String::from_utf8(written).expect("UTF-8"), String::from_utf8(serde).expect("UTF-8"))
    }

    use serde::Serialize;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn a_report_is_written_as_serde_json_writes_it(report in arbitrary::report()) {
            let (written, serde) = both(&report);
            prop_assert_eq!(written, serde);
        }

        #[test]
        fn a_format_answer_is_written_as_serde_json_writes_it(formatted in arbitrary::formatted()) {
            let (written, serde) = both(&formatted);
            prop_assert_eq!(written, serde);
        }

        #[test]
        fn add_and_round_answers_are_written_as_serde_json_writes_them(
            addition in arbitrary::addition(),
            rounding in arbitrary::rounding(),
        ) {
            let (written, serde) = both(&addition);
            prop_assert_eq!(written, serde);
            let (written, serde) = both(&rounding);
            prop_assert_eq!(written, serde);
        }
    }
}
