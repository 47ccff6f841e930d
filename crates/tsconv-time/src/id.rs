//! Time-bearing IDs: UUIDs of versions 1, 6 and 7,
//! ULIDs, MongoDB ObjectIds and KSUIDs, recognised by their shape, read
//! into their instant and other fields, and written back as the smallest ID
//! of an instant. Snowflakes, which are bare numbers, are read through
//! `epoch=` ([`Snowflake`]) and written here beside the others.

use std::borrow::Cow;

use jiff::Timestamp;
#[cfg(feature = "serde")]
use serde::ser::{Serialize, SerializeMap, Serializer};
#[cfg(feature = "openapi")]
use utoipa::openapi::schema::{ObjectBuilder, Type};
#[cfg(feature = "openapi")]
use utoipa::openapi::{RefOr, Schema};
#[cfg(feature = "openapi")]
use utoipa::{PartialSchema, ToSchema};
use uuid::{Uuid, Variant};

use crate::error::TimeError;
#[cfg(feature = "serde")]
use crate::json::Json;
use crate::kind::Kind;

const SECOND: i128 = 1_000_000_000;
/// Unix seconds at 1582-10-15T00:00:00Z, the start of UUID v1/v6 time.
const GREGORIAN: i128 = -12_219_292_800;
/// Unix seconds at 2014-05-13T16:53:20Z, KSUID's epoch.
const KSUID_EPOCH: i64 = 1_400_000_000;
const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const BASE62: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// An ID read from text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Id {
    pub kind: Kind,
    pub instant: Timestamp,
    pub fields: IdFields,
}

/// The ID `text` is, by its shape: `None` when it has no ID's shape,
/// `Some(Err)` when it has one but carries no time or no valid value.
pub fn recognise(text: &str) -> Option<Result<Id, TimeError>> {
    let hex = |s: &str| s.bytes().all(|b| b.is_ascii_hexdigit());
    let bytes = text.as_bytes();
    let hyphenated = text.len() == 36 && [8, 13, 18, 23].iter().all(|&i| bytes[i] == b'-');
    let braced = text.len() == 38 && text.starts_with('{') && text.ends_with('}');
    let urn = text.len() == 45 && text.get(..9).is_some_and(|prefix| prefix.eq_ignore_ascii_case("urn:uuid:"));
    if hyphenated || braced || urn || (text.len() == 32 && hex(text)) {
        let uuid = match urn {
            true => Uuid::try_parse(&text[9..]),
            false => Uuid::try_parse(text),
        };
        return Some(match uuid {
            Ok(uuid) => read_uuid(text, uuid),
            Err(e) => Err(TimeError::invalid(format!("{text:?} has a UUID's shape but is not one: {e}"))),
        });
    }
    match text.len() {
        24 if hex(text) => Some(Ok(read_objectid(text))),
        26 if text.bytes().all(|b| crockford_value(b).is_some()) => Some(read_ulid(text)),
        27 if text.bytes().all(|b| b.is_ascii_alphanumeric()) => Some(read_ksuid(text)),
        _ => None,
    }
}

fn read_uuid(text: &str, uuid: Uuid) -> Result<Id, TimeError> {
    let b = uuid.as_bytes();
    if uuid.is_nil() || uuid.is_max() {
        let which = if uuid.is_nil() { "nil" } else { "max" };
        return Err(TimeError::invalid(format!(
            "{text:?} is the {which} UUID, which carries no time; only UUID versions 1, 6 and 7 hold a timestamp"
        )));
    }
    if uuid.get_variant() != Variant::RFC4122 {
        return Err(TimeError::invalid(format!(
            "{text:?} is not an RFC 9562 UUID (its variant bits say {:?}), so no time can be read from it",
            uuid.get_variant()
        )));
    }
    let version = uuid.get_version_num();
    let word = |range: std::ops::Range<usize>| b[range].iter().fold(0u64, |n, byte| n << 8 | u64::from(*byte));
    let clock = || -> Vec<(&'static str, IdField)> {
        vec![
            ("clock_sequence", (word(8..10) & 0x3fff).into()),
            ("node", IdField::Hex(format!("{:012x}", word(10..16)))),
        ]
    };
    let (kind, nanos, mut fields) = match version {
        1 => {
            let ticks = (word(6..8) & 0x0fff) << 48 | word(4..6) << 32 | word(0..4);
            (Kind::UuidV1, i128::from(ticks) * 100 + GREGORIAN * SECOND, clock())
        }
        6 => {
            let ticks = word(0..4) << 28 | word(4..6) << 12 | (word(6..8) & 0x0fff);
            (Kind::UuidV6, i128::from(ticks) * 100 + GREGORIAN * SECOND, clock())
        }
        7 => {
            let random = format!("{:03x}{:016x}", word(6..8) & 0x0fff, word(8..16) & 0x3fff_ffff_ffff_ffff);
            (Kind::UuidV7, i128::from(word(0..6)) * 1_000_000, vec![("random", IdField::Hex(random))])
        }
        other => {
            let why = match other {
                2 => "its time field is partly overwritten by a local domain ID (DCE security)",
                3 | 5 => "it is a hash of a name",
                4 => "it is random",
                8 => "its layout is vendor-defined",
                _ => "no such version is defined",
            };
            return Err(TimeError::invalid(format!(
                "{text:?} is a version {other} UUID, which carries no time ({why}); only UUID versions 1, 6 and 7 \
                 hold a timestamp"
            )));
        }
    };
    let instant = Timestamp::from_nanosecond(nanos).map_err(|_| beyond(text))?;
    let mut all = vec![("version", IdField::from(version as u64)), ("variant", IdField::Text("rfc9562"))];
    all.append(&mut fields);
    Ok(Id { kind, instant, fields: IdFields(all) })
}

fn beyond(text: &str) -> TimeError {
    TimeError::OutOfRange { message: format!("{text:?} carries a time beyond year 9999") }
}

fn read_objectid(text: &str) -> Id {
    let value = u128::from_str_radix(text, 16).unwrap_or(0);
    let seconds = (value >> 64) as u32;
    let fields = vec![
        ("random", IdField::Hex(format!("{:010x}", (value >> 24) & 0xff_ffff_ffff))),
        ("counter", ((value & 0xff_ffff) as u64).into()),
    ];
    Id {
        kind: Kind::ObjectId,
        instant: Timestamp::from_second(i64::from(seconds)).unwrap_or(Timestamp::UNIX_EPOCH),
        fields: IdFields(fields),
    }
}

fn crockford_value(byte: u8) -> Option<u8> {
    CROCKFORD.iter().position(|c| *c == byte.to_ascii_uppercase()).map(|i| i as u8)
}

fn read_ulid(text: &str) -> Result<Id, TimeError> {
    let first = text.bytes().next().and_then(crockford_value).unwrap_or(0);
    if first > 7 {
        return Err(TimeError::invalid(format!(
            "{text:?} has a ULID's shape but exceeds 128 bits: a ULID starts with 0 to 7"
        )));
    }
    let value = text.bytes().fold(0u128, |n, b| n << 5 | u128::from(crockford_value(b).unwrap_or(0)));
    let ms = (value >> 80) as i64;
    let instant = Timestamp::from_millisecond(ms).map_err(|_| beyond(text))?;
    let fields = vec![("random", IdField::Hex(format!("{:020x}", value & ((1 << 80) - 1))))];
    Ok(Id { kind: Kind::Ulid, instant, fields: IdFields(fields) })
}

fn read_ksuid(text: &str) -> Result<Id, TimeError> {
    // 27 base-62 digits into 20 bytes, big-endian.
    let mut bytes = [0u8; 20];
    for b in text.bytes() {
        let mut carry = BASE62.iter().position(|c| *c == b).unwrap_or(0) as u32;
        for byte in bytes.iter_mut().rev() {
            carry += u32::from(*byte) * 62;
            *byte = (carry & 0xff) as u8;
            carry >>= 8;
        }
        if carry != 0 {
            return Err(TimeError::invalid(format!(
                "{text:?} has a KSUID's shape but exceeds 160 bits (the largest KSUID is aWgEPTl1tmebfsQzFP4bxwgy80V)"
            )));
        }
    }
    let seconds = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    let instant = Timestamp::from_second(KSUID_EPOCH + i64::from(seconds)).map_err(|_| beyond(text))?;
    let payload: String = bytes[4..].iter().map(|b| format!("{b:02x}")).collect();
    Ok(Id { kind: Kind::Ksuid, instant, fields: IdFields(vec![("payload", IdField::Hex(payload))]) })
}

/// An ID written for an instant: the smallest one whose time it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdFormat {
    DiscordSnowflake,
    TwitterSnowflake,
    UuidV1,
    UuidV6,
    UuidV7,
    Ulid,
    ObjectId,
    Ksuid,
}

impl IdFormat {
    /// In the order of `data.formats.ids`.
    pub const ALL: [IdFormat; 8] = [
        IdFormat::DiscordSnowflake,
        IdFormat::TwitterSnowflake,
        IdFormat::UuidV1,
        IdFormat::UuidV6,
        IdFormat::UuidV7,
        IdFormat::Ulid,
        IdFormat::ObjectId,
        IdFormat::Ksuid,
    ];

    /// The name of the `format` preset.
    pub const fn name(self) -> &'static str {
        match self {
            IdFormat::DiscordSnowflake => "discord_snowflake",
            IdFormat::TwitterSnowflake => "twitter_snowflake",
            IdFormat::UuidV1 => "uuid_v1",
            IdFormat::UuidV6 => "uuid_v6",
            IdFormat::UuidV7 => "uuid_v7",
            IdFormat::Ulid => "ulid",
            IdFormat::ObjectId => "objectid",
            IdFormat::Ksuid => "ksuid",
        }
    }

    /// The smallest ID whose time is `instant` (floored to the ID's unit):
    /// every other bit zero but a UUID's version and variant.
    pub fn write(self, instant: Timestamp) -> Result<String, TimeError> {
        let nanos = instant.as_nanosecond();
        let ms = nanos.div_euclid(1_000_000);
        let seconds = nanos.div_euclid(SECOND);
        let ticks = (nanos - GREGORIAN * SECOND).div_euclid(100);
        let within = |value: i128, bits: u32| (0..1i128 << bits).contains(&value);
        let written = match self {
            IdFormat::DiscordSnowflake => return Snowflake::DISCORD.write(instant),
            IdFormat::TwitterSnowflake => return Snowflake::TWITTER.write(instant),
            IdFormat::UuidV1 | IdFormat::UuidV6 if within(ticks, 60) => {
                let t = ticks as u64;
                let uuid = if self == IdFormat::UuidV1 {
                    Uuid::from_fields(t as u32, (t >> 32) as u16, (t >> 48) as u16 | 0x1000, &FIRST_VARIANT)
                } else {
                    Uuid::from_fields((t >> 28) as u32, (t >> 12) as u16, (t & 0x0fff) as u16 | 0x6000, &FIRST_VARIANT)
                };
                uuid.hyphenated().to_string()
            }
            IdFormat::UuidV7 if within(ms, 48) => {
                Uuid::from_fields((ms >> 16) as u32, ms as u16, 0x7000, &FIRST_VARIANT).hyphenated().to_string()
            }
            IdFormat::Ulid if within(ms, 48) => {
                let value = (ms as u128) << 80;
                (0..26).rev().map(|i| char::from(CROCKFORD[((value >> (i * 5)) & 31) as usize])).collect()
            }
            IdFormat::ObjectId if within(seconds, 32) => format!("{seconds:08x}0000000000000000"),
            IdFormat::Ksuid if within(seconds - i128::from(KSUID_EPOCH), 32) => {
                let mut bytes = [0u8; 20];
                bytes[..4].copy_from_slice(&((seconds - i128::from(KSUID_EPOCH)) as u32).to_be_bytes());
                base62(bytes)
            }
            _ => return Err(self.cannot_hold(instant)),
        };
        Ok(written)
    }

    fn cannot_hold(self, instant: Timestamp) -> TimeError {
        let (from, to) = match self {
            IdFormat::UuidV1 | IdFormat::UuidV6 => ("1582-10-15T00:00:00Z", "5236-03-31T21:21:00.6846975Z"),
            IdFormat::UuidV7 | IdFormat::Ulid => ("1970-01-01T00:00:00Z", "10889-08-02T05:31:50.655Z"),
            IdFormat::ObjectId => ("1970-01-01T00:00:00Z", "2106-02-07T06:28:15Z"),
            IdFormat::Ksuid => ("2014-05-13T16:53:20Z", "2150-06-19T23:21:35Z"),
            IdFormat::DiscordSnowflake | IdFormat::TwitterSnowflake => ("", ""),
        };
        TimeError::OutOfRange { message: format!("{instant} is outside what {} can hold: {from} to {to}", self.name()) }
    }
}

/// 20 bytes (big-endian) as KSUID's 27 base-62 digits, by long division
/// over five 32-bit limbs.
fn base62(bytes: [u8; 20]) -> String {
    let mut limbs: [u32; 5] = std::array::from_fn(|i| {
        u32::from_be_bytes([bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], bytes[4 * i + 3]])
    });
    let mut digits = [b'0'; 27];
    for digit in digits.iter_mut().rev() {
        let mut remainder = 0u64;
        for limb in limbs.iter_mut() {
            let value = remainder << 32 | u64::from(*limb);
            *limb = (value / 62) as u32;
            remainder = value % 62;
        }
        *digit = BASE62[remainder as usize];
    }
    String::from_utf8_lossy(&digits).into_owned()
}

/// The variant bits `10` and zeros: the last 8 bytes of a first UUID.
const FIRST_VARIANT: [u8; 8] = [0x80, 0, 0, 0, 0, 0, 0, 0];

/// The fields of an ID other than its time, in the ID's order:
/// UUID `version`, `variant`, and `clock_sequence` + `node` (v1, v6) or
/// `random` (v7); Discord Snowflake `worker_id`, `process_id`, `increment`;
/// Twitter Snowflake `datacenter_id`, `worker_id`, `sequence`; other
/// Snowflakes `machine_id`, `sequence`; ObjectId `random` and `counter`;
/// ULID `random`; KSUID `payload`. Bit fields are hex strings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdFields(pub Vec<(&'static str, IdField)>);

/// One field of an ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdField {
    Integer(u64),
    /// Bits written in lowercase hex, zero-padded to the field's width.
    Hex(String),
    /// A name (a UUID's variant).
    Text(&'static str),
}

impl std::fmt::Display for IdField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IdField::Integer(n) => n.fmt(f),
            IdField::Hex(text) => f.write_str(text),
            IdField::Text(text) => f.write_str(text),
        }
    }
}

impl From<u64> for IdField {
    fn from(value: u64) -> Self {
        IdField::Integer(value)
    }
}

#[cfg(feature = "serde")]
impl Serialize for IdFields {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            match value {
                IdField::Integer(n) => map.serialize_entry(name, n)?,
                IdField::Hex(text) => map.serialize_entry(name, text)?,
                IdField::Text(text) => map.serialize_entry(name, text)?,
            }
        }
        map.end()
    }
}

#[cfg(feature = "serde")]
impl IdFields {
    pub(crate) fn write(&self, json: &mut Json<'_>) {
        if self.0.is_empty() {
            json.raw(b"{}");
            return;
        }
        for (i, (name, value)) in self.0.iter().enumerate() {
            // Names are the ID formats' own field names: nothing to escape.
            json.field(i, name);
            match value {
                IdField::Integer(n) => json.integer(*n),
                IdField::Hex(text) => json.string(text),
                IdField::Text(text) => json.string(text),
            };
        }
        json.close();
    }
}

#[cfg(feature = "openapi")]
impl PartialSchema for IdFields {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Object)
            .additional_properties(Some(utoipa::openapi::schema::AdditionalProperties::RefOr(
                utoipa::openapi::schema::OneOfBuilder::new()
                    .item(ObjectBuilder::new().schema_type(Type::Integer))
                    .item(ObjectBuilder::new().schema_type(Type::String))
                    .into(),
            )))
            .description(Some(
                "The ID's fields other than its time: UUID `version`, `variant`, and `clock_sequence` + `node` \
                 (v1, v6) or `random` (v7); Discord Snowflake `worker_id`, `process_id`, `increment`; Twitter \
                 Snowflake `datacenter_id`, `worker_id`, `sequence`; other Snowflakes `machine_id`, `sequence`; \
                 ObjectId `random` and `counter`; ULID `random`; KSUID `payload`. Bit fields are lowercase hex",
            ))
            .examples([serde_json::json!({"worker_id": 1, "process_id": 0, "increment": 7})])
            .into()
    }
}

#[cfg(feature = "openapi")]
impl ToSchema for IdFields {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("IdFields")
    }
}

/// A Snowflake scheme: milliseconds since `epoch_ms` (Unix milliseconds) in
/// the bits above the low 22.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Snowflake {
    pub epoch_ms: i64,
    scheme: Scheme,
}

/// Whose Snowflake: it decides the names of the low 22 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scheme {
    Discord,
    Twitter,
    Other,
}

impl Snowflake {
    pub const DISCORD: Snowflake = Snowflake { epoch_ms: 1_420_070_400_000, scheme: Scheme::Discord };
    pub const TWITTER: Snowflake = Snowflake { epoch_ms: 1_288_834_974_657, scheme: Scheme::Twitter };

    /// Another scheme, with its epoch in Unix milliseconds.
    pub const fn since(epoch_ms: i64) -> Snowflake {
        Snowflake { epoch_ms, scheme: Scheme::Other }
    }

    /// `discord`, `twitter` or `snowflake:MS`.
    pub fn name(self) -> Cow<'static, str> {
        match self.scheme {
            Scheme::Discord => Cow::Borrowed("discord"),
            Scheme::Twitter => Cow::Borrowed("twitter"),
            Scheme::Other => Cow::Owned(format!("snowflake:{}", self.epoch_ms)),
        }
    }

    /// The instant an ID carries, and its other fields.
    pub fn read(self, text: &str) -> Result<(Timestamp, IdFields), TimeError> {
        let id: u64 = text.strip_prefix('+').unwrap_or(text).parse().map_err(|_| TimeError::NotInEpoch {
            message: format!(
                "{text:?} is not a {} Snowflake ID: one is a whole number from 0 to {}",
                self.name(),
                u64::MAX
            ),
        })?;
        let ms = i64::try_from(id >> 22).unwrap_or(i64::MAX).saturating_add(self.epoch_ms);
        let instant = Timestamp::from_millisecond(ms).map_err(|_| TimeError::OutOfRange {
            message: format!("{text} as a {} Snowflake lands beyond year 9999", self.name()),
        })?;
        let bits = |shift: u32, width: u32| (id >> shift) & ((1 << width) - 1);
        let fields = match self.scheme {
            Scheme::Discord => {
                vec![
                    ("worker_id", bits(17, 5).into()),
                    ("process_id", bits(12, 5).into()),
                    ("increment", bits(0, 12).into()),
                ]
            }
            Scheme::Twitter => {
                vec![
                    ("datacenter_id", bits(17, 5).into()),
                    ("worker_id", bits(12, 5).into()),
                    ("sequence", bits(0, 12).into()),
                ]
            }
            Scheme::Other => vec![("machine_id", bits(12, 10).into()), ("sequence", bits(0, 12).into())],
        };
        Ok((instant, IdFields(fields)))
    }

    /// The smallest ID whose time is `instant` (floored to the millisecond):
    /// the page boundary of a `before`/`after` query. `None` before the
    /// scheme's epoch or past its 42 bits of milliseconds.
    pub fn first_id(self, instant: Timestamp) -> Option<u64> {
        let since = instant.as_millisecond().checked_sub(self.epoch_ms)?;
        let since = u64::try_from(since).ok().filter(|ms| *ms < 1 << 42)?;
        Some(since << 22)
    }

    /// [`Snowflake::first_id`] as text, or why there is none.
    pub fn write(self, instant: Timestamp) -> Result<String, TimeError> {
        self.first_id(instant).map(|id| id.to_string()).ok_or_else(|| {
            let at = |ms: i64| Timestamp::from_millisecond(ms).map(|t| t.to_string()).unwrap_or_default();
            TimeError::OutOfRange {
                message: format!(
                    "{instant} is outside what a {} Snowflake can hold: {} to {}",
                    self.name(),
                    at(self.epoch_ms),
                    at(self.epoch_ms + (1 << 42) - 1)
                ),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(text: &str) -> Id {
        recognise(text).unwrap_or_else(|| panic!("{text}: no ID shape")).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn fields(text: &str) -> String {
        serde_json::to_string(&id(text).fields).unwrap()
    }

    #[test]
    fn published_ids_read_as_their_times() {
        // RFC 9562's examples (appendix A): v1 and v6 of 2022-02-22T19:22:22Z, v7 of 2022-02-22T19:22:22Z.
        let v1 = id("C232AB00-9414-11EC-B3C8-9F6BDECED846");
        assert_eq!((v1.kind, v1.instant.to_string()), (Kind::UuidV1, "2022-02-22T19:22:22Z".to_owned()));
        assert_eq!(
            fields("C232AB00-9414-11EC-B3C8-9F6BDECED846"),
            r#"{"version":1,"variant":"rfc9562","clock_sequence":13256,"node":"9f6bdeced846"}"#
        );
        let v6 = id("1EC9414C-232A-6B00-B3C8-9F6BDECED846");
        assert_eq!((v6.kind, v6.instant), (Kind::UuidV6, v1.instant));
        let v7 = id("017F22E2-79B0-7CC3-98C4-DC0C0C07398F");
        assert_eq!((v7.kind, v7.instant.to_string()), (Kind::UuidV7, "2022-02-22T19:22:22Z".to_owned()));
        assert_eq!(
            fields("017F22E2-79B0-7CC3-98C4-DC0C0C07398F"),
            r#"{"version":7,"variant":"rfc9562","random":"cc318c4dc0c0c07398f"}"#
        );
        // The ULID spec's example; MongoDB's documentation ObjectId; KSUID's README example.
        assert_eq!(id("01ARZ3NDEKTSV4RRFFQ69G5FAV").instant.as_millisecond(), 1_469_922_850_259);
        let objectid = id("507f1f77bcf86cd799439011");
        assert_eq!(objectid.instant.to_string(), "2012-10-17T21:13:27Z");
        assert_eq!(fields("507f1f77bcf86cd799439011"), r#"{"random":"bcf86cd799","counter":4427793}"#);
        let ksuid = id("0ujtsYcgvSTl8PAuAdqWYSMnLOv");
        assert_eq!(ksuid.instant.to_string(), "2017-10-10T04:00:47Z");
        assert_eq!(fields("0ujtsYcgvSTl8PAuAdqWYSMnLOv"), r#"{"payload":"b5a1cd34b5f99d1154fb6853345c9735"}"#);
    }

    #[test]
    fn every_uuid_spelling_is_recognised() {
        for text in [
            "c232ab00-9414-11ec-b3c8-9f6bdeced846",
            "{c232ab00-9414-11ec-b3c8-9f6bdeced846}",
            "urn:uuid:c232ab00-9414-11ec-b3c8-9f6bdeced846",
            "c232ab00941411ecb3c89f6bdeced846",
        ] {
            assert_eq!(id(text).instant.to_string(), "2022-02-22T19:22:22Z", "{text}");
        }
    }

    #[test]
    fn ids_without_time_are_refused_saying_so() {
        for (text, says) in [
            ("9b2c4e0a-3f1d-4c8e-9a7b-2d5e6f708192", "version 4"),
            ("00000000-0000-0000-0000-000000000000", "nil UUID"),
            ("ffffffff-ffff-ffff-ffff-ffffffffffff", "max UUID"),
            ("9b2c4e0a-3f1d-8c8e-9a7b-2d5e6f708192", "version 8"),
            ("c232ab00-9414-11ec-03c8-9f6bdeced846", "variant"),
            ("c232ab00-9414-11ec-b3c8-9f6bdeced84g", "not one"),
            ("8ZZZZZZZZZZZZZZZZZZZZZZZZZ", "128 bits"),
            ("zzzzzzzzzzzzzzzzzzzzzzzzzzz", "160 bits"),
        ] {
            let error = recognise(text).unwrap().unwrap_err();
            assert!(error.to_string().contains(says), "{text}: {error}");
        }
        for not_an_id in ["1700000000", "2023-11-14T22:13:20Z", "hello", "507f1f77bcf86cd79943901"] {
            assert!(recognise(not_an_id).is_none(), "{not_an_id}");
        }
    }

    #[test]
    fn the_first_id_of_an_instant_reads_back_to_it() {
        let instant: Timestamp = "2023-11-14T22:13:20.123456789Z".parse().unwrap();
        assert_eq!(IdFormat::UuidV7.write(instant).unwrap(), "018bcfe5-687b-7000-8000-000000000000");
        assert_eq!(IdFormat::ObjectId.write(instant).unwrap(), "6553f1000000000000000000");
        assert_eq!(IdFormat::DiscordSnowflake.write(instant).unwrap(), "1174109841514299392");
        for format in IdFormat::ALL {
            let written = format.write(instant).unwrap();
            let read = match format {
                IdFormat::DiscordSnowflake => Snowflake::DISCORD.read(&written).unwrap().0,
                IdFormat::TwitterSnowflake => Snowflake::TWITTER.read(&written).unwrap().0,
                _ => id(&written).instant,
            };
            let unit = match format {
                IdFormat::UuidV1 | IdFormat::UuidV6 => 100,
                IdFormat::ObjectId | IdFormat::Ksuid => SECOND,
                _ => 1_000_000,
            };
            assert_eq!(read.as_nanosecond(), instant.as_nanosecond().div_euclid(unit) * unit, "{format:?} {written}");
        }
    }

    #[test]
    fn instants_an_id_cannot_hold_are_out_of_range() {
        let early: Timestamp = "1500-01-01T00:00:00Z".parse().unwrap();
        for format in IdFormat::ALL {
            assert!(matches!(format.write(early), Err(TimeError::OutOfRange { .. })), "{format:?}");
        }
        let late: Timestamp = "2200-01-01T00:00:00Z".parse().unwrap();
        let error = IdFormat::ObjectId.write(late).unwrap_err();
        assert!(error.to_string().contains("1970-01-01T00:00:00Z to 2106-02-07T06:28:15Z"), "{error}");
    }
}
