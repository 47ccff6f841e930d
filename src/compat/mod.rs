//! Other services' contracts, answered from tsconv's engine so that a
//! device or script written for them only changes the host:
//!
//! - [`worldtimeapi`]: worldtimeapi.org's `/api/timezone/...` and `/api/ip`;
//! - [`timeapi`]: timeapi.io's `/api/Time/...`, `/api/TimeZone/...`,
//!   `/api/Conversion/...` and `/api/Calculation/...`.
//!
//! Neither uses tsconv's envelope: their field names, types, casing and
//! error shapes are theirs. This module computes the answers; the web layer
//! (`http::routes::compat`) routes and writes them.

pub mod timeapi;
pub mod worldtimeapi;

use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};

/// A period of a zone's clock: when it began and when it ends, and its offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Period {
    pub start: Option<Timestamp>,
    pub end: Option<Timestamp>,
}

/// The period of `tz`'s clock that holds `now`: from the transition that
/// began it to the next one.
pub(crate) fn period_at(tz: &TimeZone, now: Timestamp) -> Period {
    // `preceding` gives the transitions strictly before its argument: one
    // nanosecond on counts a transition at `now` itself as begun.
    let after = now.checked_add(1.nanosecond()).unwrap_or(now);
    Period {
        start: tz.preceding(after).next().map(|transition| transition.timestamp()),
        end: tz.following(now).next().map(|transition| transition.timestamp()),
    }
}

/// The zone's standard offset at `now`: the offset itself outside daylight
/// saving time, else the offset of the nearest period without it (the next;
/// the last, for a zone that stays on DST).
pub(crate) fn standard_offset(tz: &TimeZone, now: Timestamp) -> jiff::tz::Offset {
    let info = tz.to_offset_info(now);
    if !info.dst().is_dst() {
        return info.offset();
    }
    tz.following(now)
        .take(8)
        .find(|transition| !transition.dst().is_dst())
        .or_else(|| tz.preceding(now).take(8).find(|transition| !transition.dst().is_dst()))
        .map_or(info.offset(), |transition| transition.offset())
}

/// The daylight saving period that holds `now`, or else the next one within
/// a year: its start and end, its offset and abbreviation.
pub(crate) struct DstPeriod {
    pub start: Timestamp,
    pub end: Option<Timestamp>,
    pub offset: jiff::tz::Offset,
    pub abbreviation: String,
}

pub(crate) fn dst_period(tz: &TimeZone, now: Timestamp) -> Option<DstPeriod> {
    let info = tz.to_offset_info(now);
    if info.dst().is_dst() {
        let period = period_at(tz, now);
        // The period began at a change into DST (or before any data: the
        // zone's first period).
        return Some(DstPeriod {
            start: period.start.unwrap_or(Timestamp::MIN),
            end: first_without_dst(tz, now),
            offset: info.offset(),
            abbreviation: info.abbreviation().to_owned(),
        });
    }
    let horizon = now.checked_add((366 * 24).hours()).ok()?;
    let start = tz.following(now).take_while(|t| t.timestamp() <= horizon).find(|t| t.dst().is_dst())?;
    Some(DstPeriod {
        start: start.timestamp(),
        end: first_without_dst(tz, start.timestamp()),
        offset: start.offset(),
        abbreviation: start.abbreviation().to_owned(),
    })
}

/// The first change after `at` to a period without DST.
fn first_without_dst(tz: &TimeZone, at: Timestamp) -> Option<Timestamp> {
    tz.following(at).take(8).find(|t| !t.dst().is_dst()).map(|t| t.timestamp())
}
