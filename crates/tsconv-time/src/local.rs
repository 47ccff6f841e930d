//! Wall-clock times placed in a zone: what a time in a DST gap or fold
//! becomes ([`Disambiguation`]).

use std::fmt;
use std::str::FromStr;

use jiff::Timestamp;
use jiff::civil::DateTime;
use jiff::tz::AmbiguousOffset;

use crate::error::TimeError;
use crate::zone::Zone;

/// How a wall-clock time in a DST gap or fold becomes an instant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Disambiguation {
    /// Gap: the time after the gap (as if the clock had not jumped);
    /// fold: the earlier of the two instants. RFC 5545 and Temporal's default.
    #[default]
    Compatible,
    Earlier,
    Later,
    /// An error (`ambiguous_local_time`) for any gap or fold.
    Reject,
}

impl Disambiguation {
    pub const ALL: [Disambiguation; 4] =
        [Disambiguation::Compatible, Disambiguation::Earlier, Disambiguation::Later, Disambiguation::Reject];

    /// The name the `disambiguation` parameter takes (any case).
    pub const fn name(self) -> &'static str {
        match self {
            Disambiguation::Compatible => "compatible",
            Disambiguation::Earlier => "earlier",
            Disambiguation::Later => "later",
            Disambiguation::Reject => "reject",
        }
    }
}

impl fmt::Display for Disambiguation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Disambiguation {
    type Err = TimeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Disambiguation::ALL
            .into_iter()
            .find(|candidate| candidate.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| TimeError::InvalidDisambiguation { given: s.to_owned() })
    }
}

/// Places a wall-clock time in `zone`, resolving gaps and folds.
pub fn resolve_local(
    text: &str,
    datetime: DateTime,
    zone: &Zone,
    disambiguation: Disambiguation,
) -> Result<(Timestamp, Option<String>), TimeError> {
    let ambiguous = zone.tz().to_ambiguous_timestamp(datetime);
    let situation = match ambiguous.offset() {
        AmbiguousOffset::Unambiguous { .. } => None,
        AmbiguousOffset::Gap { before, after } => Some(format!(
            "{datetime} does not exist in {}: the clocks jump from {} to {}",
            zone.name(),
            crate::zone::offset_text(before),
            crate::zone::offset_text(after)
        )),
        AmbiguousOffset::Fold { before, after } => Some(format!(
            "{datetime} happens twice in {}: first at {}, then at {}",
            zone.name(),
            crate::zone::offset_text(before),
            crate::zone::offset_text(after)
        )),
    };
    let resolved = match disambiguation {
        Disambiguation::Reject if situation.is_some() => {
            return Err(TimeError::AmbiguousLocalTime {
                message: format!(
                    "{}; pass disambiguation=compatible, earlier or later to choose an instant",
                    situation.unwrap_or_default()
                ),
            });
        }
        Disambiguation::Compatible | Disambiguation::Reject => ambiguous.compatible(),
        Disambiguation::Earlier => ambiguous.earlier(),
        Disambiguation::Later => ambiguous.later(),
    };
    let instant = resolved.map_err(|_| out_of_range_datetime(text, datetime))?;
    let note = situation.map(|situation| {
        let offset = zone.tz().to_offset(instant);
        format!(
            "{situation}; read as {} with disambiguation={disambiguation}",
            jiff::fmt::temporal::DateTimePrinter::new().timestamp_with_offset_to_string(&instant, offset)
        )
    });
    Ok((instant, note))
}

/// The error of a wall-clock time whose instant is beyond what can be represented.
pub(crate) fn out_of_range_datetime(text: &str, datetime: DateTime) -> TimeError {
    TimeError::OutOfRange {
        message: format!(
            "{text:?} lands in year {} at the edge of what can be represented; the supported range is {} to {}",
            datetime.year(),
            Timestamp::MIN,
            Timestamp::MAX
        ),
    }
}
