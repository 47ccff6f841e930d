//! Schedules: the runs of a cron expression, a systemd calendar event or
//! an RFC 5545 recurrence rule, as instants in a zone, across its clock
//! changes.
//!
//! Each notation is read into a source of wall-clock times (`Wall`):
//! `cron` through croner, `systemd` translated to the same matcher,
//! `rrule` through the `rrule` crate. The engine then lays those wall
//! times over the zone's offsets itself, one stretch of constant offset
//! at a time, and applies the notation's own rule where the clock jumps
//! ([`DstRule`]): the zones, and what a skipped or repeated hour does to a
//! run, are never the crates'.

mod cron;
mod describe;
mod phrases;
mod rrule;
mod systemd;
mod words;

use std::collections::VecDeque;

use jiff::civil::DateTime;
use jiff::tz::{Offset, TimeZone};
use jiff::{SignedDuration, Timestamp};

use crate::error::TimeError;
use crate::fields::Fields;
use crate::locale::Localizer;
use crate::ops::Report;
use crate::precision::Precision;
use crate::transitions::Direction;
use crate::zone::{Zone, offset_text};

/// The most runs one answer lists.
pub const MAX_RUNS: usize = 100;
/// Runs listed when `count` is not given.
pub const DEFAULT_RUNS: usize = 5;
/// How far from `from` runs are listed, beyond the first: 400 Gregorian years.
pub const HORIZON: SignedDuration = SignedDuration::from_secs(146_097 * 86_400);
/// The longest expression read, in bytes.
pub const MAX_SCHEDULE_BYTES: usize = 1024;
/// How many wall-clock times one answer may look at before it gives up: a
/// rule whose start lies this many runs before `from` is refused rather
/// than walked (a per-second rule started years ago).
pub const MAX_WALLS: usize = 50_000;

/// The notation an expression was read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Notation {
    /// Vixie cron's five fields, with seconds (six) or a year (seven),
    /// `@daily` and its family, Quartz's `L`, `W`, `#` and `?`.
    Cron,
    /// A systemd calendar event (`OnCalendar=`), as `systemd-analyze calendar` reads it.
    Systemd,
    /// An RFC 5545 recurrence rule, with its `DTSTART`.
    Rrule,
}

impl Notation {
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Cron => "cron",
            Notation::Systemd => "systemd",
            Notation::Rrule => "rrule",
        }
    }
}

/// What a clock change does to a run that falls in the hour it skips or
/// repeats: each notation's own rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum DstRule {
    /// Vixie cron's fixed-time job (no `*` in its second, minute and hour
    /// fields): a run in a skipped hour runs once, as the clock jumps; a
    /// run in a repeated hour runs once, the first time.
    CronFixed,
    /// Vixie cron's interval job (a `*` in its second, minute or hour
    /// field): it runs by the clock as it is: not in a skipped hour, and
    /// in both passes of a repeated hour.
    CronInterval,
    /// systemd: a time in a skipped hour is skipped; a repeated time runs
    /// the first time.
    Systemd,
    /// RFC 5545 3.3.10: an instance whose local time does not exist is
    /// ignored; a repeated time is its first occurrence (3.3.5).
    RruleSkip,
    /// RFC 5545 3.3.5, when asked (`gap=shift`): a local time in a gap is
    /// read with the offset before the gap (02:30 becomes 03:30); a
    /// repeated time is its first occurrence.
    RruleShift,
}

impl DstRule {
    /// In a fold, whether the second pass runs too.
    const fn both_passes(self) -> bool {
        matches!(self, DstRule::CronInterval)
    }

    /// The rule in words, for `dst`.
    pub const fn words(self) -> &'static str {
        match self {
            DstRule::CronFixed => {
                "Vixie cron, fixed-time job: a run in a skipped hour runs once as the clock jumps; a run in a \
                 repeated hour runs once, the first time"
            }
            DstRule::CronInterval => {
                "Vixie cron, interval job (a * in the second, minute or hour field): runs by the clock as it \
                 is, not in a skipped hour and in both passes of a repeated hour"
            }
            DstRule::Systemd => {
                "systemd: a time in a skipped hour is skipped; a repeated time runs once, the first time"
            }
            DstRule::RruleSkip => {
                "RFC 5545: an instance whose local time does not exist is ignored (3.3.10); a repeated time is \
                 its first occurrence (3.3.5)"
            }
            DstRule::RruleShift => {
                "RFC 5545 3.3.5 (gap=shift): a local time in a skipped hour is read with the offset before the \
                 gap; a repeated time is its first occurrence"
            }
        }
    }
}

/// What to do with an RRULE instance in a skipped hour (`gap`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Gap {
    #[default]
    Skip,
    Shift,
}

impl std::str::FromStr for Gap {
    type Err = TimeError;

    fn from_str(text: &str) -> Result<Gap, TimeError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "skip" => Ok(Gap::Skip),
            "shift" => Ok(Gap::Shift),
            _ => Err(TimeError::InvalidGap { given: text.to_owned() }),
        }
    }
}

/// A source of wall-clock times: the times an expression names, in order.
pub(crate) trait Wall {
    /// The first time strictly after `after`, or `None` when there is none.
    fn after(&mut self, after: DateTime) -> Result<Option<DateTime>, TimeError>;
    /// The last time strictly before `before`, or `None` when there is none.
    fn before(&mut self, before: DateTime) -> Result<Option<DateTime>, TimeError>;
}

/// An expression read: its notation, the zone it names (`CRON_TZ=`, a
/// systemd zone, a `DTSTART;TZID=`), its rule for clock changes.
pub struct Schedule {
    pub notation: Notation,
    /// The expression as read, trimmed.
    pub expression: String,
    /// The zone the expression itself names, which wins over `timezone`.
    pub zone: Option<Zone>,
    pub rule: DstRule,
    reader: Reader,
}

impl std::fmt::Debug for Schedule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Schedule")
            .field("notation", &self.notation)
            .field("expression", &self.expression)
            .field("zone", &self.zone.as_ref().map(Zone::name))
            .field("rule", &self.rule)
            .finish()
    }
}

enum Reader {
    Cron(cron::Cron),
    Rrule(rrule::Rule),
}

impl Schedule {
    /// Reads `text` in whichever notation it is written: an RRULE when it
    /// holds `FREQ=` (with `DTSTART` or not: `from` starts it then), cron
    /// when it starts with `@` or `CRON_TZ=` or is five to seven fields of
    /// cron's characters, a systemd calendar event otherwise.
    ///
    /// ```
    /// use tsconv_time::schedule::{Gap, Notation, Schedule};
    ///
    /// let cron = Schedule::parse("0 9 * * MON-FRI", Gap::Skip).unwrap();
    /// assert_eq!(cron.notation, Notation::Cron);
    /// let systemd = Schedule::parse("Mon..Fri 09:00", Gap::Skip).unwrap();
    /// assert_eq!(systemd.notation, Notation::Systemd);
    /// let error = Schedule::parse("0 9 * * MNO", Gap::Skip).unwrap_err();
    /// assert!(error.to_string().contains("did you mean MON?"), "{error}");
    /// ```
    pub fn parse(text: &str, gap: Gap) -> Result<Schedule, TimeError> {
        let expression = text.trim();
        if expression.is_empty() {
            return Err(TimeError::invalid_schedule(
                "the schedule is empty: write a cron expression (0 9 * * 1-5), a systemd calendar (Mon..Fri 09:00) or an RRULE (FREQ=WEEKLY;BYDAY=MO)",
            ));
        }
        if expression.len() > MAX_SCHEDULE_BYTES {
            return Err(TimeError::invalid_schedule(format!(
                "the schedule is {} bytes long; at most {MAX_SCHEDULE_BYTES} are read",
                expression.len()
            )));
        }
        let notation = guess(expression);
        if gap == Gap::Shift && notation != Notation::Rrule {
            return Err(TimeError::invalid_schedule(format!(
                "gap=shift applies to an RRULE; a {} schedule follows its own rule for a skipped hour",
                notation.name()
            )));
        }
        let (reader, zone, rule) = match notation {
            Notation::Cron => {
                let read = cron::read(expression)?;
                let rule = if read.fixed { DstRule::CronFixed } else { DstRule::CronInterval };
                let zone = read.zone.clone();
                (Reader::Cron(read), zone, rule)
            }
            Notation::Systemd => {
                let read = systemd::read(expression)?;
                let zone = read.zone.clone();
                (Reader::Cron(read), zone, DstRule::Systemd)
            }
            Notation::Rrule => {
                let rule = rrule::read(expression)?;
                let zone = rule.zone.clone();
                (Reader::Rrule(rule), zone, if gap == Gap::Shift { DstRule::RruleShift } else { DstRule::RruleSkip })
            }
        };
        Ok(Schedule { notation, expression: expression.to_owned(), zone, rule, reader })
    }

    /// The expression in words, in English.
    pub fn description(&self) -> String {
        self.description_in(crate::locale::english()).0
    }

    /// The expression in words in `language`, and the locale they are
    /// written in: `language`'s, or English where tsconv has no phrases
    /// for it (it has them for every language Discord speaks).
    ///
    /// ```
    /// use tsconv_time::{locale::Localizer, schedule::{Gap, Schedule}};
    /// let cron = Schedule::parse("0 9 * * 1-5", Gap::Skip).unwrap();
    /// assert_eq!(cron.description(), "At 09:00, on Monday, Tuesday, Wednesday, Thursday, and Friday.");
    /// let (words, locale) = cron.description_in(&Localizer::get("de").unwrap());
    /// assert_eq!((words.as_str(), locale), ("Um 09:00, am Montag, Dienstag, Mittwoch, Donnerstag und Freitag.", "de"));
    /// ```
    pub fn description_in(&self, language: &Localizer) -> (String, &'static str) {
        let words = words::Words::of(language);
        let text = match &self.reader {
            Reader::Cron(cron) => cron.describe(&words),
            Reader::Rrule(rule) => describe::rrule(rule, &words),
        };
        (text, words.locale())
    }

    /// The runs from `from` (excluded) in `direction`, up to `count`, in
    /// `zone` (the expression's own zone wins), each with what a clock
    /// change did to it.
    pub fn runs(
        &self,
        zone: &Zone,
        from: Timestamp,
        count: usize,
        direction: Direction,
    ) -> Result<Vec<Run>, TimeError> {
        let zone = self.zone.as_ref().unwrap_or(zone);
        match &self.reader {
            Reader::Cron(cron) => walk(&mut cron.wall(), zone.tz(), self.rule, from, count, direction),
            Reader::Rrule(rule) => {
                let mut wall = rule.wall(zone.tz(), from)?;
                walk(&mut wall, zone.tz(), self.rule, from, count, direction)
            }
        }
    }

    /// What the zone's first clock change after `from` does to this
    /// schedule, or `None` when the zone has none ahead.
    pub fn next_change(&self, zone: &Zone, from: Timestamp) -> Result<Option<ChangeNote>, TimeError> {
        let zone = self.zone.as_ref().unwrap_or(zone);
        let tz = zone.tz();
        let Some(change) = tz.following(from).map(|t| t.timestamp()).find(|&at| offsets(tz, at).0 != offsets(tz, at).1)
        else {
            return Ok(None);
        };
        let (before, after) = offsets(tz, change);
        let fold = after < before;
        let (start, end) = if fold {
            (after.to_datetime(change), before.to_datetime(change))
        } else {
            (before.to_datetime(change), after.to_datetime(change))
        };
        let mut walls = Vec::new();
        let mut source: Box<dyn Wall> = match &self.reader {
            Reader::Cron(cron) => Box::new(cron.wall()),
            Reader::Rrule(rule) => Box::new(rule.wall(tz, from)?),
        };
        let mut cursor = start - SignedDuration::from_nanos(1);
        while walls.len() < 4 {
            match source.after(cursor)? {
                Some(wall) if wall < end => {
                    walls.push(wall);
                    cursor = wall;
                }
                _ => break,
            }
        }
        let more = walls.len() == 4;
        walls.truncate(3);
        let effect = match (fold, walls.is_empty(), self.rule) {
            (_, true, _) => Effect::None,
            (false, false, DstRule::CronFixed) => Effect::RunAtJump,
            (false, false, DstRule::RruleShift) => Effect::Shifted,
            (false, false, _) => Effect::Skipped,
            (true, false, rule) if rule.both_passes() => Effect::Twice,
            (true, false, _) => Effect::Once,
        };
        let text = |t: DateTime| jiff::fmt::temporal::DateTimePrinter::new().datetime_to_string(&t);
        let utc = |t: Timestamp| jiff::fmt::temporal::DateTimePrinter::new().timestamp_to_string(&t);
        let times: Vec<String> = walls.iter().map(|&w| text(w)).collect();
        let listed = if more { format!("{} and more", times.join(", ")) } else { times.join(", ") };
        let window = format!("{} to {}", text(start), text(end));
        let many = times.len() > 1;
        let (exists_not, happens) = if many { ("do not exist", "happen") } else { ("does not exist", "happens") };
        let words = match effect {
            Effect::None => format!(
                "no run falls in the {} hour ({window}): the clock change does not move any",
                if fold { "repeated" } else { "skipped" }
            ),
            Effect::RunAtJump => {
                // On the second the job names, as the run itself (`at_change`).
                let second = SignedDuration::from_secs(walls.first().map_or(0, |w| i64::from(w.second())));
                let at = end.checked_add(second).unwrap_or(end);
                format!("{listed} {exists_not}; it runs once as the clock jumps, at {}", text(at))
            }
            Effect::Shifted => format!(
                "{listed} {exists_not}; {} with the offset before the gap, {} minutes later on the clock",
                if many { "they run" } else { "it runs" },
                (after.seconds() - before.seconds()) / 60
            ),
            Effect::Skipped => format!("{listed} {exists_not} and {} not run", if many { "do" } else { "does" }),
            Effect::Twice => format!("{listed} {happens} twice and {} both times", if many { "run" } else { "runs" }),
            Effect::Once => {
                format!("{listed} {happens} twice and {} once, the first time", if many { "run" } else { "runs" })
            }
        };
        Ok(Some(ChangeNote {
            at: utc(change),
            kind: if fold { "fold" } else { "gap" },
            offset_before: offset_text(before),
            offset_after: offset_text(after),
            local: crate::transitions::LocalWindow { start: text(start), end: text(end) },
            affected: times,
            effect,
            rule: self.rule,
            note: format!("{words}. Rule: {}.", self.rule.words()),
        }))
    }
}

/// What a clock change does to the runs that fall in its window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Effect {
    /// No run falls in the window.
    None,
    /// The runs of a skipped hour run once, at the jump.
    RunAtJump,
    /// The runs of a skipped hour run with the offset before the gap.
    Shifted,
    /// The runs of a skipped hour do not run.
    Skipped,
    /// The runs of a repeated hour run in both passes.
    Twice,
    /// The runs of a repeated hour run once, in the first pass.
    Once,
}

/// `data.dst`: the zone's next clock change and what it does to the schedule.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChangeNote {
    /// The instant of the change, RFC 3339 in UTC.
    pub at: String,
    /// `gap` (the clock jumps forward) or `fold` (it goes back).
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub kind: &'static str,
    pub offset_before: String,
    pub offset_after: String,
    /// The wall-clock window skipped or repeated, `end` exclusive.
    pub local: crate::transitions::LocalWindow,
    /// The schedule's wall-clock times in that window (at most 3).
    pub affected: Vec<String>,
    pub effect: Effect,
    pub rule: DstRule,
    /// The same in words.
    pub note: String,
}

/// One run: the instant, and when a clock change moved it or made it
/// repeat, what it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    pub instant: Timestamp,
    pub moved: Option<Moved>,
}

/// Why a run is not simply its wall-clock time read in the zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moved {
    /// A time in a skipped hour, run at the jump (cron) or with the offset
    /// before the gap (`gap=shift`): the wall-clock time it was scheduled at.
    FromGap(DateTime),
    /// The second pass of a repeated hour (cron's interval jobs).
    SecondPass,
}

/// The offsets just before and at `at`.
fn offsets(tz: &TimeZone, at: Timestamp) -> (Offset, Offset) {
    let before = at.checked_sub(SignedDuration::from_nanos(1)).map_or_else(|_| tz.to_offset(at), |t| tz.to_offset(t));
    (before, tz.to_offset(at))
}

/// The runs of `source` laid over `tz`, one stretch of constant offset at a
/// time: within a stretch, wall time minus its offset is the instant, in
/// order. At each change, the rule decides what the skipped or repeated
/// wall times do; a run at or beyond `from` in the wrong direction is
/// dropped, equal instants are one run.
fn walk(
    source: &mut dyn Wall,
    tz: &TimeZone,
    rule: DstRule,
    from: Timestamp,
    count: usize,
    direction: Direction,
) -> Result<Vec<Run>, TimeError> {
    let mut out = Runs { runs: Vec::with_capacity(count), pending: VecDeque::new(), from, count, direction };
    let one = SignedDuration::from_nanos(1);
    // The first wall time beyond the last stretch, and that stretch's bound:
    // reused when the next stretch's wall times do not overlap the last's.
    let mut cursor: Option<(DateTime, DateTime)> = None;
    match direction {
        Direction::Next => {
            // The stretch holding `from`, from the last change at or before it.
            let mut start = tz.preceding(from + one).next().map(|t| t.timestamp());
            loop {
                let offset = tz.to_offset(start.map_or(from, |at| at.max(from)));
                let end = tz.following(start.map_or(from, |at| at.max(from))).next().map(|t| t.timestamp());
                let from_wall = offset.to_datetime(from);
                let lower = match start.map(|at| wall_start(tz, at, rule)) {
                    Some(lower) if lower > from_wall => lower,
                    _ => from_wall + one,
                };
                let upper = end.map(|at| offset.to_datetime(at));
                // A change more than a day before `from` moves no run past it
                // (no gap is longer than a day).
                if let Some(at) = start.filter(|&at| at + SignedDuration::from_hours(26) > from) {
                    out.at_change(source, tz, at, rule)?;
                }
                let mut wall = match cursor {
                    Some((first, bound)) if lower >= bound && first >= lower => Some(first),
                    _ => source.after(lower - one)?,
                };
                loop {
                    let Some(w) = wall else {
                        out.flush();
                        return Ok(out.runs);
                    };
                    if let Some(upper) = upper.filter(|&upper| w >= upper) {
                        cursor = Some((w, upper));
                        break;
                    }
                    let moved = second_pass(tz, start, rule, w).then_some(Moved::SecondPass);
                    out.push(Run { instant: at_offset(w, offset)?, moved });
                    if out.done() {
                        return Ok(out.runs);
                    }
                    wall = source.after(w)?;
                }
                out.flush();
                match end {
                    Some(end) if !out.done() => start = Some(end),
                    _ => return Ok(out.runs),
                }
            }
        }
        Direction::Previous => {
            let mut end = from;
            loop {
                let start = tz.preceding(end).next().map(|t| t.timestamp());
                let offset = tz.to_offset(end - one);
                // Wall times of this stretch: [its start's, `end`'s), `end` excluded.
                let upper = offset.to_datetime(end);
                let lower = start.map(|at| wall_start(tz, at, rule));
                if let Some(at) = start {
                    out.at_change(source, tz, at, rule)?;
                }
                let mut wall = match cursor {
                    Some((first, bound)) if upper <= bound && first < upper => Some(first),
                    _ => source.before(upper)?,
                };
                loop {
                    let Some(w) = wall else {
                        out.flush();
                        return Ok(out.runs);
                    };
                    if let Some(lower) = lower.filter(|&lower| w < lower) {
                        cursor = Some((w, lower));
                        break;
                    }
                    let moved = second_pass(tz, start, rule, w).then_some(Moved::SecondPass);
                    out.push(Run { instant: at_offset(w, offset)?, moved });
                    if out.done() {
                        return Ok(out.runs);
                    }
                    wall = source.before(w)?;
                }
                out.flush();
                match start {
                    Some(start) if !out.done() => end = start,
                    _ => return Ok(out.runs),
                }
            }
        }
    }
}

/// Whether the wall time `w` of the stretch starting at the change `start`
/// is the second pass of a repeated hour that the rule runs twice.
fn second_pass(tz: &TimeZone, start: Option<Timestamp>, rule: DstRule, w: DateTime) -> bool {
    start.is_some_and(|at| {
        let (before, after) = offsets(tz, at);
        rule.both_passes() && after < before && w < before.to_datetime(at)
    })
}

/// The first wall time of the stretch that starts at the change `at`: the
/// clock at `at`, or after a fold whose second pass the rule does not run,
/// the end of the repeated window.
fn wall_start(tz: &TimeZone, at: Timestamp, rule: DstRule) -> DateTime {
    let (before, after) = offsets(tz, at);
    if after < before && !rule.both_passes() { before.to_datetime(at) } else { after.to_datetime(at) }
}

fn at_offset(wall: DateTime, offset: Offset) -> Result<Timestamp, TimeError> {
    offset
        .to_timestamp(wall)
        .map_err(|_| TimeError::OutOfRange { message: format!("a run at {wall} is outside the supported years") })
}

/// The runs found so far, in order, and the runs a skipped hour moved,
/// held until the walk passes them.
struct Runs {
    runs: Vec<Run>,
    pending: VecDeque<Run>,
    from: Timestamp,
    count: usize,
    direction: Direction,
}

impl Runs {
    fn done(&self) -> bool {
        self.runs.len() >= self.count
    }

    /// Whether `a` comes before `b` in the walk's direction.
    fn earlier(&self, a: Timestamp, b: Timestamp) -> bool {
        match self.direction {
            Direction::Next => a < b,
            Direction::Previous => a > b,
        }
    }

    fn push(&mut self, run: Run) {
        while let Some(&held) = self.pending.front() {
            if !self.earlier(held.instant, run.instant) {
                break;
            }
            self.pending.pop_front();
            self.keep(held);
        }
        self.keep(run);
    }

    fn keep(&mut self, run: Run) {
        if self.done() || !self.earlier(self.from, run.instant) {
            return;
        }
        // The first run is listed however far it lies; the others within
        // HORIZON of `from` (a leap-day Monday's hundred runs span 2,800 years).
        if !self.runs.is_empty() && run.instant.duration_since(self.from).abs() > HORIZON {
            self.count = self.runs.len();
            return;
        }
        match self.runs.last_mut() {
            // One instant is one run; when a clock change moved a run onto
            // the instant of one on time, the run is on time.
            Some(last) if last.instant == run.instant => {
                if run.moved.is_none() {
                    last.moved = None;
                }
            }
            _ => self.runs.push(run),
        }
    }

    fn flush(&mut self) {
        while let Some(held) = self.pending.pop_front() {
            self.keep(held);
        }
    }

    /// The runs that the skipped hour of a change at `at` moves, by the
    /// rule: held, to be merged in order with the stretch's own.
    fn at_change(
        &mut self,
        source: &mut dyn Wall,
        tz: &TimeZone,
        at: Timestamp,
        rule: DstRule,
    ) -> Result<(), TimeError> {
        let (before, after) = offsets(tz, at);
        if after <= before || !matches!(rule, DstRule::CronFixed | DstRule::RruleShift) {
            return Ok(());
        }
        let (start, end) = (before.to_datetime(at), after.to_datetime(at));
        let mut moved = Vec::new();
        let mut cursor = start - SignedDuration::from_nanos(1);
        while let Some(wall) = source.after(cursor)?.filter(|&wall| wall < end) {
            match rule {
                DstRule::CronFixed => {
                    // As the clock jumps, on the second the job names
                    // (`1 0 2 * * *` at 03:00:01, as croniter runs it; a
                    // five-field job at the jump itself).
                    let second = SignedDuration::from_secs(i64::from(wall.second()));
                    moved
                        .push(Run { instant: at.checked_add(second).unwrap_or(at), moved: Some(Moved::FromGap(wall)) });
                    break;
                }
                _ => moved.push(Run { instant: at_offset(wall, before)?, moved: Some(Moved::FromGap(wall)) }),
            }
            cursor = wall;
            if moved.len() > MAX_RUNS {
                break;
            }
        }
        if self.direction == Direction::Previous {
            moved.reverse();
        }
        self.pending.extend(moved);
        Ok(())
    }
}

/// Which notation `text` is written in.
fn guess(text: &str) -> Notation {
    let upper = text.to_ascii_uppercase();
    if upper.contains("FREQ=") {
        return Notation::Rrule;
    }
    if text.starts_with('@') || upper.starts_with("CRON_TZ=") || upper.starts_with("TZ=") {
        return Notation::Cron;
    }
    let fields: Vec<&str> = text.split_ascii_whitespace().collect();
    let cron_chars = |field: &str| field.bytes().all(|b| b.is_ascii_alphanumeric() || b"*,/-?#".contains(&b));
    if fields.iter().all(|field| cron_chars(field)) {
        // Five to seven fields; or a wrong number of them, when a `*` or a
        // bare number shows it is cron (`* * * *`), not a systemd word (`daily`).
        let numeric = fields.iter().any(|field| field.contains('*') || field.bytes().all(|b| b.is_ascii_digit()));
        if (5..=7).contains(&fields.len()) || (fields.len() > 1 && numeric) {
            return Notation::Cron;
        }
    }
    Notation::Systemd
}

/// What to list: up to `count` runs from `from` in `direction`.
#[derive(Clone, Copy, Debug)]
pub struct Query {
    pub from: Timestamp,
    pub count: usize,
    pub direction: Direction,
}

impl Query {
    /// The next [`DEFAULT_RUNS`] runs after `from`.
    pub fn new(from: Timestamp) -> Query {
        Query { from, count: DEFAULT_RUNS, direction: Direction::Next }
    }

    /// List at most `count` runs, from 1 to [`MAX_RUNS`].
    #[must_use]
    pub fn count(self, count: usize) -> Query {
        Query { count, ..self }
    }

    /// The runs after `from` (the default) or before it.
    #[must_use]
    pub fn direction(self, direction: Direction) -> Query {
        Query { direction, ..self }
    }

    /// The query, when its count is from 1 to [`MAX_RUNS`].
    pub fn check(self) -> Result<Query, TimeError> {
        crate::transitions::check_count(self.count, MAX_RUNS)?;
        Ok(self)
    }

    /// The query a face was sent, `count` as its text (the default when
    /// absent), checked.
    pub fn from_texts(from: Timestamp, count: Option<&str>, direction: Direction) -> Result<Query, TimeError> {
        Query::new(from)
            .count(crate::transitions::count_of(count, DEFAULT_RUNS, MAX_RUNS)?)
            .direction(direction)
            .check()
    }
}

/// The answer of `/api/schedule`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ScheduleAnswer {
    pub notation: Notation,
    /// The expression as read.
    pub schedule: String,
    /// The zone the runs are computed in: the expression's own when it
    /// names one (`CRON_TZ=`, `TZID=`), else `timezone`. (Each run is shown
    /// in `timezone` when it is given.)
    pub timezone: String,
    /// The expression in words, in `locale`'s language (English for a
    /// language tsconv has no schedule phrases for: `description_locale`
    /// says which).
    pub description: String,
    /// The locale `description` is written in.
    pub description_locale: &'static str,
    /// `next` (oldest first) or `previous` (newest first).
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub direction: &'static str,
    /// Where the search starts (RFC 3339, UTC), excluded.
    pub from: String,
    pub count: usize,
    pub runs: Vec<RunReport>,
    /// What the zone's next clock change after `from` does to the schedule;
    /// `null` in a zone without one.
    pub dst: Option<ChangeNote>,
}

/// One run: the result fields of convert, and what a clock change did to it.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RunReport {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub report: Report,
    /// When a clock change moved this run: `gap` (its time did not exist:
    /// `scheduled` is the wall-clock time it was written for) or `fold`
    /// (the second pass of a repeated hour).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub clock_change: Option<ClockChange>,
}

#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ClockChange {
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub kind: &'static str,
    /// The wall-clock time the run was written for (a gap's).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub scheduled: Option<String>,
}

#[cfg(feature = "serde")]
impl crate::json::BySerde for ScheduleAnswer {}

/// The zones of an answer: the runs are computed in the expression's own
/// zone (`CRON_TZ=`, `TZID=`, a systemd zone), else `timezone`, else the
/// default; they are shown in `timezone` when it is given, else in the
/// zone they are computed in.
pub struct Zones<'z> {
    pub timezone: Option<&'z Zone>,
    pub default: &'z Zone,
}

impl<'z> Zones<'z> {
    fn computed(&self, schedule: &'z Schedule) -> &'z Zone {
        schedule.zone.as_ref().or(self.timezone).unwrap_or(self.default)
    }

    fn shown(&self, schedule: &'z Schedule) -> &'z Zone {
        self.timezone.or(schedule.zone.as_ref()).unwrap_or(self.default)
    }
}

/// The whole answer: the runs as reports in the shown zone and `language`,
/// the description, the next clock change.
///
/// ```
/// use tsconv_time::schedule::{self, Gap, Query, Schedule, Zones};
/// use tsconv_time::transitions::Direction;
/// use tsconv_time::{fields::Fields, locale, precision::Precision, zone::Zone};
///
/// let berlin = Zone::parse("Europe/Berlin").unwrap();
/// let cron = Schedule::parse("30 2 * * *", Gap::Skip).unwrap();
/// let query = Query::new("2027-03-27T12:00:00Z".parse().unwrap()).count(2).direction(Direction::Next).check().unwrap();
/// let zones = Zones { timezone: Some(&berlin), default: &Zone::utc() };
/// let answer = schedule::answer(&cron, &zones, &query, Precision::Seconds, locale::english(), Fields::ALL).unwrap();
/// // 02:30 does not exist on 28 March 2027 in Berlin: a fixed-time cron job runs as the clock jumps.
/// assert_eq!(answer.runs[0].report.iso.as_deref(), Some("2027-03-28T01:00:00.000Z"));
/// assert_eq!(answer.runs[0].clock_change.as_ref().unwrap().scheduled.as_deref(), Some("2027-03-28T02:30:00"));
/// assert_eq!(answer.runs[1].report.iso.as_deref(), Some("2027-03-29T00:30:00.000Z"));
/// ```
pub fn answer(
    schedule: &Schedule,
    zones: &Zones<'_>,
    query: &Query,
    precision: Precision,
    language: &Localizer,
    fields: Fields,
) -> Result<ScheduleAnswer, TimeError> {
    let computed = zones.computed(schedule);
    let shown = zones.shown(schedule);
    let runs = schedule.runs(computed, query.from, query.count, query.direction)?;
    let text = |t: DateTime| jiff::fmt::temporal::DateTimePrinter::new().datetime_to_string(&t);
    let runs: Vec<RunReport> = runs
        .into_iter()
        .map(|run| RunReport {
            report: crate::ops::current(run.instant, shown, precision, language, fields),
            clock_change: run.moved.map(|moved| match moved {
                Moved::FromGap(wall) => ClockChange { kind: "gap", scheduled: Some(text(wall)) },
                Moved::SecondPass => ClockChange { kind: "fold", scheduled: None },
            }),
        })
        .collect();
    let (description, description_locale) = schedule.description_in(language);
    Ok(ScheduleAnswer {
        notation: schedule.notation,
        schedule: schedule.expression.clone(),
        timezone: computed.name().to_owned(),
        description,
        description_locale,
        direction: query.direction.name(),
        from: jiff::fmt::temporal::DateTimePrinter::new().timestamp_to_string(&query.from),
        count: runs.len(),
        runs,
        dst: schedule.next_change(computed, query.from)?,
    })
}

/// The next `count` runs after `now` as an iCalendar feed: one event per
/// run, its UID from the expression, the zone and the instant, described
/// in `language`.
///
/// ```
/// use tsconv_time::schedule::{self, Gap, Schedule, Zones};
/// use tsconv_time::{locale, zone::Zone};
///
/// let cron = Schedule::parse("0 9 * * MON-FRI", Gap::Skip).unwrap();
/// let berlin = Zone::parse("Europe/Berlin").unwrap();
/// let zones = Zones { timezone: Some(&berlin), default: &Zone::utc() };
/// let feed = schedule::feed(&cron, &zones, 2, "2026-11-27T12:00:00Z".parse().unwrap(), locale::english()).unwrap();
/// assert!(feed.text.contains("DTSTART:20261130T080000Z\r\n")); // Monday 09:00 in Berlin
/// assert_eq!(feed.changes_at.unwrap().to_string(), "2026-11-30T08:00:00Z");
/// ```
pub fn feed(
    schedule: &Schedule,
    zones: &Zones<'_>,
    count: usize,
    now: Timestamp,
    language: &Localizer,
) -> Result<crate::ics::Feed, TimeError> {
    let computed = zones.computed(schedule);
    let shown = zones.shown(schedule);
    let runs = schedule.runs(computed, now, count, Direction::Next)?;
    let (description, _) = schedule.description_in(language);
    let events: Vec<crate::ics::Event> = runs
        .iter()
        .map(|run| {
            let local = run.instant.to_zoned(shown.tz().clone());
            crate::ics::Event {
                uid: crate::ics::uid(&[&schedule.expression, computed.name(), &run.instant.to_string()]),
                at: run.instant,
                summary: schedule.expression.clone(),
                description: format!("{description} ({} {})", local.strftime("%Y-%m-%d %H:%M:%S %Z"), shown.name()),
            }
        })
        .collect();
    Ok(crate::ics::Feed {
        text: crate::ics::calendar(&format!("{} ({})", schedule.expression, computed.name()), &events, now),
        changes_at: runs.first().map(|run| run.instant),
    })
}

#[cfg(test)]
mod tests;
