//! A zone's transitions: the instants at which its offset,
//! abbreviation or DST flag change, from jiff's reading of the bundled tz
//! database, each with the wall-clock window that a change of offset skips
//! (a gap) or repeats (a fold).

use std::fmt;
use std::str::FromStr;

use jiff::Timestamp;
use jiff::civil::DateTime;

use jiff::tz::TimeZone;

use crate::calendar::Calendar;
use crate::error::TimeError;
use crate::zone::{Zone, offset_text};

/// The most transitions one answer lists.
pub const MAX_TRANSITIONS: usize = 1000;
/// Transitions listed when `count` is not given.
pub const DEFAULT_TRANSITIONS: usize = 10;

/// Which way from `from` the transitions are listed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Direction {
    /// Later transitions, oldest first.
    #[default]
    Next,
    /// Earlier transitions, newest first.
    Previous,
}

impl Direction {
    pub const ALL: [Direction; 2] = [Direction::Next, Direction::Previous];

    pub const fn name(self) -> &'static str {
        match self {
            Direction::Next => "next",
            Direction::Previous => "previous",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Direction {
    type Err = TimeError;

    fn from_str(s: &str) -> Result<Self, TimeError> {
        Direction::ALL
            .into_iter()
            .find(|direction| direction.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| TimeError::InvalidDirection { given: s.to_owned() })
    }
}

/// What to list: up to `count` transitions from `from` in `direction`,
/// stopping at `to` (exclusive) when given.
#[derive(Clone, Copy, Debug)]
pub struct Query {
    pub from: Timestamp,
    pub to: Option<Timestamp>,
    pub count: usize,
    pub direction: Direction,
}

impl Query {
    /// Up to [`DEFAULT_TRANSITIONS`] transitions after `from`, with no end.
    pub fn new(from: Timestamp) -> Query {
        Query { from, to: None, count: DEFAULT_TRANSITIONS, direction: Direction::Next }
    }

    /// Stop at `to` (exclusive), which must lie in the query's direction
    /// from `from` ([`check`](Query::check)).
    #[must_use]
    pub fn to(self, to: Timestamp) -> Query {
        Query { to: Some(to), ..self }
    }

    /// List at most `count` transitions, from 1 to [`MAX_TRANSITIONS`].
    #[must_use]
    pub fn count(self, count: usize) -> Query {
        Query { count, ..self }
    }

    /// Search forward (the default) or backward from `from`.
    #[must_use]
    pub fn direction(self, direction: Direction) -> Query {
        Query { direction, ..self }
    }

    /// The query, when its count is from 1 to [`MAX_TRANSITIONS`] and its
    /// end lies in its direction from its start.
    pub fn check(self) -> Result<Query, TimeError> {
        check_count(self.count, MAX_TRANSITIONS)?;
        if let Some(to) = self.to {
            let wrong_side = match self.direction {
                Direction::Next => to <= self.from,
                Direction::Previous => to >= self.from,
            };
            if wrong_side {
                return Err(TimeError::WrongSide { from: self.from, to, direction: self.direction.name() });
            }
        }
        Ok(self)
    }

    /// The query a face was sent, `count` as its text (the default when
    /// absent), checked.
    pub fn from_texts(
        from: Timestamp,
        to: Option<Timestamp>,
        count: Option<&str>,
        direction: Direction,
    ) -> Result<Query, TimeError> {
        let query = Query::new(from).count(count_of(count, DEFAULT_TRANSITIONS, MAX_TRANSITIONS)?).direction(direction);
        to.map_or(query, |to| query.to(to)).check()
    }
}

/// The next `count` clock changes of `zone` after `now` as an iCalendar
/// feed, and when the feed next changes (the first change).
///
/// ```
/// use tsconv_time::{transitions, zone::Zone};
///
/// let feed = transitions::feed(&Zone::parse("Europe/Berlin").unwrap(), 2, "2026-11-26T00:00:00Z".parse().unwrap());
/// assert!(feed.text.contains("DTSTART:20270328T010000Z\r\n"));
/// assert_eq!(feed.changes_at.unwrap().to_string(), "2027-03-28T01:00:00Z");
/// ```
pub fn feed(zone: &Zone, count: usize, now: jiff::Timestamp) -> crate::ics::Feed {
    let query = Query { from: now, to: None, count, direction: Direction::Next };
    let list = transitions(zone, &query);
    let events: Vec<crate::ics::Event> = list
        .transitions
        .iter()
        .map(|change| {
            let what = match change.kind {
                TransitionKind::Gap => "clocks go forward",
                TransitionKind::Fold => "clocks go back",
                TransitionKind::NamesOnly => "the zone's name changes",
            };
            let window = change.local.as_ref().map_or(String::new(), |local| {
                format!(
                    "; local times from {} to {} {}",
                    local.start,
                    local.end,
                    if change.kind == TransitionKind::Gap { "do not exist" } else { "happen twice" }
                )
            });
            crate::ics::Event {
                uid: crate::ics::uid(&[zone.name(), &change.at]),
                at: Timestamp::from_second(change.unix).unwrap_or(now),
                summary: format!(
                    "{}: {what} ({} {} to {} {})",
                    zone.name(),
                    change.before.abbreviation,
                    change.before.offset,
                    change.after.abbreviation,
                    change.after.offset
                ),
                description: format!("{} {what}{window}.", zone.name()),
            }
        })
        .collect();
    crate::ics::Feed {
        text: crate::ics::calendar(&format!("{}: clock changes", zone.name()), &events, now),
        changes_at: events.first().map(|event| event.at),
    }
}

/// A `count` given as text, from 1 to `max`; `default` when not given.
/// A count from 1 to `max`, or `invalid_count`.
pub(crate) fn check_count(count: usize, max: usize) -> Result<(), TimeError> {
    if (1..=max).contains(&count) { Ok(()) } else { Err(TimeError::InvalidCount { given: count.to_string(), max }) }
}

pub(crate) fn count_of(count: Option<&str>, default: usize, max: usize) -> Result<usize, TimeError> {
    match count {
        None => Ok(default),
        Some(text) => text
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|count| (1..=max).contains(count))
            .ok_or_else(|| TimeError::InvalidCount { given: text.to_owned(), max }),
    }
}

/// The transitions of `zone` that `query` asks for. Entries of the tz data
/// that change nothing (same offset, abbreviation and DST flag) are skipped.
///
/// ```
/// use tsconv_time::transitions::{Direction, Query, transitions};
/// use tsconv_time::zone::Zone;
///
/// let sydney = Zone::parse("Australia/Sydney").unwrap();
/// let from = "2024-01-01T00:00:00Z".parse().unwrap();
/// let query = Query::new(from).count(1).direction(Direction::Next).check().unwrap();
/// let fold = &transitions(&sydney, &query).transitions[0];
/// assert_eq!((fold.at.as_str(), fold.kind.name()), ("2024-04-06T16:00:00Z", "fold")); // southern autumn
/// ```
pub fn transitions(zone: &Zone, query: &Query) -> Transitions {
    let tz = zone.tz();
    let instants: Box<dyn Iterator<Item = Timestamp>> = match query.direction {
        Direction::Next => Box::new(tz.following(query.from).map(|t| t.timestamp())),
        Direction::Previous => Box::new(tz.preceding(query.from).map(|t| t.timestamp())),
    };
    let within = |at: &Timestamp| match (query.direction, query.to) {
        (_, None) => true,
        (Direction::Next, Some(to)) => *at < to,
        (Direction::Previous, Some(to)) => *at > to,
    };
    let list: Vec<Transition> = instants
        .take_while(within)
        // A zone's data may repeat a state; such entries are not transitions.
        .take(4 * query.count + 16)
        .filter_map(|at| transition(tz, at))
        .take(query.count)
        .collect();
    let utc = |t: Timestamp| jiff::fmt::temporal::DateTimePrinter::new().timestamp_to_string(&t);
    Transitions {
        zone: zone.name().to_owned(),
        direction: query.direction.name(),
        from: utc(query.from),
        to: query.to.map(utc),
        count: list.len(),
        transitions: list,
    }
}

/// The transition at `at`, or `None` when nothing changes there.
fn transition(tz: &TimeZone, at: Timestamp) -> Option<Transition> {
    let before = tz.to_offset_info(at.checked_sub(jiff::SignedDuration::from_nanos(1)).ok()?);
    let after = tz.to_offset_info(at);
    let state = |info: &jiff::tz::TimeZoneOffsetInfo<'_>| ZoneState {
        offset: offset_text(info.offset()),
        offset_seconds: info.offset().seconds(),
        abbreviation: info.abbreviation().to_owned(),
        dst: info.dst().is_dst(),
    };
    let (before, after) = (state(&before), state(&after));
    if before == after {
        return None;
    }
    // The wall clock just before and at the change: a gap skips
    // [before's clock, after's clock), a fold repeats [after's, before's).
    let wall = |seconds: i32| -> Option<DateTime> {
        let offset = jiff::tz::Offset::from_seconds(seconds).ok()?;
        Some(offset.to_datetime(at))
    };
    let (kind, local) = match after.offset_seconds.cmp(&before.offset_seconds) {
        std::cmp::Ordering::Greater => {
            (TransitionKind::Gap, window(wall(before.offset_seconds)?, wall(after.offset_seconds)?))
        }
        std::cmp::Ordering::Less => {
            (TransitionKind::Fold, window(wall(after.offset_seconds)?, wall(before.offset_seconds)?))
        }
        std::cmp::Ordering::Equal => (TransitionKind::NamesOnly, None),
    };
    let calendar = Calendar::of(wall(after.offset_seconds)?.date());
    Some(Transition {
        at: jiff::fmt::temporal::DateTimePrinter::new().timestamp_to_string(&at),
        unix: at.as_second(),
        before,
        after,
        kind,
        local,
        calendar,
    })
}

fn window(start: DateTime, end: DateTime) -> Option<LocalWindow> {
    let text = |t: DateTime| jiff::fmt::temporal::DateTimePrinter::new().datetime_to_string(&t);
    Some(LocalWindow { start: text(start), end: text(end) })
}

/// The answer of `GET /api/timezones/{zone}/transitions`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Transitions {
    /// The canonical zone name.
    pub zone: String,
    /// `next` (oldest first) or `previous` (newest first).
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub direction: &'static str,
    /// Where the search starts (RFC 3339, UTC).
    pub from: String,
    /// Where it stops, exclusive, when `to` was given.
    pub to: Option<String>,
    pub count: usize,
    pub transitions: Vec<Transition>,
}

/// Off the hot path: written by `serde_json`.
#[cfg(feature = "serde")]
impl crate::json::BySerde for Transitions {}

/// One change of a zone's offset, abbreviation or DST flag.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Transition {
    /// The instant of the change, RFC 3339 in UTC.
    pub at: String,
    /// The same instant in Unix seconds.
    pub unix: i64,
    pub before: ZoneState,
    pub after: ZoneState,
    pub kind: TransitionKind,
    /// The wall-clock window that does not exist (`gap`) or happens twice
    /// (`fold`), `end` exclusive; `null` for `names_only`.
    pub local: Option<LocalWindow>,
    /// The calendar facts of the date on the wall clock just after the change.
    pub calendar: Calendar,
}

/// A zone's offset, abbreviation and DST flag on one side of a transition.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ZoneState {
    pub offset: String,
    pub offset_seconds: i32,
    pub abbreviation: String,
    pub dst: bool,
}

/// What a transition does to the wall clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum TransitionKind {
    /// The clock jumps forward: a window of wall-clock times does not exist.
    Gap,
    /// The clock goes back: a window of wall-clock times happens twice.
    Fold,
    /// The offset stays; only the abbreviation or the DST flag changes.
    NamesOnly,
}

impl TransitionKind {
    /// The name in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            TransitionKind::Gap => "gap",
            TransitionKind::Fold => "fold",
            TransitionKind::NamesOnly => "names_only",
        }
    }
}

/// A window of wall-clock times, `start` inclusive, `end` exclusive.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LocalWindow {
    pub start: String,
    pub end: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_checks_its_count_and_its_end() {
        let from: Timestamp = "2026-01-01T00:00:00Z".parse().unwrap();
        let before: Timestamp = "2025-01-01T00:00:00Z".parse().unwrap();
        assert!(Query::new(from).to(before).direction(Direction::Previous).check().is_ok());
        let error = Query::new(from).to(before).check().unwrap_err();
        assert!(matches!(error, TimeError::WrongSide { .. }), "{error:?}");
        let error = Query::new(from).count(MAX_TRANSITIONS + 1).check().unwrap_err();
        assert!(matches!(error, TimeError::InvalidCount { max: MAX_TRANSITIONS, .. }), "{error:?}");
        let read = Query::from_texts(from, None, None, Direction::Next).unwrap();
        assert_eq!((read.count, read.to), (DEFAULT_TRANSITIONS, None));
    }

    fn query(from: &str, count: usize, direction: Direction) -> Query {
        Query { from: from.parse().unwrap(), to: None, count, direction }
    }

    #[test]
    fn new_york_springs_forward_and_falls_back() {
        let ny = Zone::parse("America/New_York").unwrap();
        let list = transitions(&ny, &query("2024-01-01T00:00:00Z", 2, Direction::Next));
        let [spring, fall] = &list.transitions[..] else { panic!("{list:?}") };
        assert_eq!(spring.at, "2024-03-10T07:00:00Z");
        assert_eq!(spring.kind, TransitionKind::Gap);
        assert_eq!((spring.before.abbreviation.as_str(), spring.after.abbreviation.as_str()), ("EST", "EDT"));
        let local = spring.local.as_ref().unwrap();
        assert_eq!((local.start.as_str(), local.end.as_str()), ("2024-03-10T02:00:00", "2024-03-10T03:00:00"));
        assert_eq!(fall.kind, TransitionKind::Fold);
        let local = fall.local.as_ref().unwrap();
        assert_eq!((local.start.as_str(), local.end.as_str()), ("2024-11-03T01:00:00", "2024-11-03T02:00:00"));
    }

    #[test]
    fn previous_lists_newest_first_and_to_bounds_the_search() {
        let sydney = Zone::parse("Australia/Sydney").unwrap();
        let list = transitions(&sydney, &query("2024-06-01T00:00:00Z", 3, Direction::Previous));
        let ats: Vec<&str> = list.transitions.iter().map(|t| t.at.as_str()).collect();
        // Southern hemisphere: April ends DST (a fold), October starts it (a gap).
        assert_eq!(ats, ["2024-04-06T16:00:00Z", "2023-09-30T16:00:00Z", "2023-04-01T16:00:00Z"]);
        assert_eq!(list.transitions[0].kind, TransitionKind::Fold);
        let bounded = Query {
            to: Some("2023-06-01T00:00:00Z".parse().unwrap()),
            ..query("2024-06-01T00:00:00Z", 10, Direction::Previous)
        };
        assert_eq!(transitions(&sydney, &bounded).count, 2);
        assert_eq!(transitions(&Zone::utc(), &query("2024-01-01T00:00:00Z", 10, Direction::Next)).count, 0);
    }

    #[test]
    fn a_change_of_name_alone_is_names_only() {
        // British Standard Time: on 1968-10-27 London kept +01:00 (BST) all
        // winter, so only the DST flag changed.
        let london = Zone::parse("Europe/London").unwrap();
        let list = transitions(&london, &query("1968-10-01T00:00:00Z", 1, Direction::Next));
        let first = &list.transitions[0];
        assert_eq!(first.kind, TransitionKind::NamesOnly, "{first:?}");
        assert_eq!(first.before.offset, first.after.offset);
        assert!(first.local.is_none());
    }
}
