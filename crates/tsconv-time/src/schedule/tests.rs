use super::*;
use crate::transitions::Direction;

fn runs(expression: &str, zone: &str, from: &str, count: usize, direction: Direction) -> Vec<String> {
    let schedule = Schedule::parse(expression, Gap::Skip).unwrap();
    let zone = Zone::parse(zone).unwrap();
    schedule
        .runs(&zone, from.parse().unwrap(), count, direction)
        .unwrap()
        .into_iter()
        .map(|run| run.instant.to_string())
        .collect()
}

#[test]
fn a_fixed_time_job_runs_once_at_the_jump_and_once_in_a_repeated_hour() {
    // Berlin 2026: the clock jumps 02:00 -> 03:00 on 29 March, goes back 03:00 -> 02:00 on 25 October.
    let spring = runs("30 2 * * *", "Europe/Berlin", "2026-03-28T12:00:00Z", 2, Direction::Next);
    assert_eq!(spring, ["2026-03-29T01:00:00Z", "2026-03-30T00:30:00Z"]);
    let autumn = runs("30 2 * * *", "Europe/Berlin", "2026-10-24T12:00:00Z", 2, Direction::Next);
    assert_eq!(autumn, ["2026-10-25T00:30:00Z", "2026-10-26T01:30:00Z"]);
}

#[test]
fn a_fixed_time_job_with_seconds_runs_at_the_jump_on_its_second() {
    // croniter 7.0.0's answers: 02:00:01 and 02:02:01 do not exist in New
    // York on 6 April 2003; the job runs once, at 03:00:01.
    let jump = runs("1 0,2 2 * * *", "America/New_York", "2003-04-06T04:41:32Z", 2, Direction::Next);
    assert_eq!(jump, ["2003-04-06T07:00:01Z", "2003-04-07T06:00:01Z"]);
    let sydney = runs("1-51/3 16 2 * * */5", "Australia/Sydney", "2005-10-29T13:10:19Z", 2, Direction::Next);
    assert_eq!(sydney, ["2005-10-29T16:00:01Z", "2005-11-03T15:16:01Z"]);
}

#[test]
fn an_interval_job_runs_by_the_clock() {
    let spring = runs("*/30 * * * *", "Europe/Berlin", "2026-03-29T00:10:00Z", 3, Direction::Next);
    assert_eq!(spring, ["2026-03-29T00:30:00Z", "2026-03-29T01:00:00Z", "2026-03-29T01:30:00Z"]);
    let autumn = runs("*/30 * * * *", "Europe/Berlin", "2026-10-24T23:40:00Z", 4, Direction::Next);
    assert_eq!(
        autumn,
        ["2026-10-25T00:00:00Z", "2026-10-25T00:30:00Z", "2026-10-25T01:00:00Z", "2026-10-25T01:30:00Z"]
    );
}

#[test]
fn previous_mirrors_next() {
    let next = runs("*/30 * * * *", "Europe/Berlin", "2026-10-24T22:10:00Z", 8, Direction::Next);
    let last = next.last().unwrap().parse::<Timestamp>().unwrap() + SignedDuration::from_secs(1);
    let mut previous = runs("*/30 * * * *", "Europe/Berlin", &last.to_string(), 8, Direction::Previous);
    previous.reverse();
    assert_eq!(previous, next);
    let next = runs("30 2 * * *", "Europe/Berlin", "2026-03-27T12:00:00Z", 4, Direction::Next);
    let last = next.last().unwrap().parse::<Timestamp>().unwrap() + SignedDuration::from_secs(1);
    let mut previous = runs("30 2 * * *", "Europe/Berlin", &last.to_string(), 4, Direction::Previous);
    previous.reverse();
    assert_eq!(previous, next);
}

#[test]
fn systemd_skips_a_gap_and_runs_a_repeated_time_once() {
    let spring = runs("*-*-* 02:30:00", "Europe/Berlin", "2026-03-28T12:00:00Z", 2, Direction::Next);
    assert_eq!(spring, ["2026-03-30T00:30:00Z", "2026-03-31T00:30:00Z"]);
    let autumn = runs("*:0/30", "Europe/Berlin", "2026-10-25T00:10:00Z", 2, Direction::Next);
    assert_eq!(autumn, ["2026-10-25T00:30:00Z", "2026-10-25T02:00:00Z"]);
}

#[test]
fn systemd_counts_days_back_from_a_months_end() {
    // Each answer is systemd-analyze 252's (`calendar --iterations`, TZ=UTC).
    let third_last = runs("*-02~03", "UTC", "2026-01-10T00:00:00Z", 3, Direction::Next);
    assert_eq!(third_last, ["2026-02-26T00:00:00Z", "2027-02-26T00:00:00Z", "2028-02-27T00:00:00Z"]);
    let last_monday = runs("Mon *-05~07/1", "UTC", "2026-01-10T00:00:00Z", 2, Direction::Next);
    assert_eq!(last_monday, ["2026-05-25T00:00:00Z", "2027-05-31T00:00:00Z"]);
    let every_other = runs("*-*~07/2", "UTC", "2026-01-10T00:00:00Z", 5, Direction::Next);
    assert_eq!(
        every_other,
        [
            "2026-01-25T00:00:00Z",
            "2026-01-27T00:00:00Z",
            "2026-01-29T00:00:00Z",
            "2026-01-31T00:00:00Z",
            "2026-02-22T00:00:00Z"
        ]
    );
    assert_eq!(
        runs("*~28", "UTC", "2026-01-10T00:00:00Z", 2, Direction::Next),
        ["2026-02-01T00:00:00Z", "2026-03-04T00:00:00Z"]
    );
    let mut back = runs("*-*~1..7/3", "UTC", "2026-02-26T00:00:00Z", 3, Direction::Previous);
    back.reverse();
    assert_eq!(back, ["2026-01-31T00:00:00Z", "2026-02-22T00:00:00Z", "2026-02-25T00:00:00Z"]);
    let described = Schedule::parse("Mon *-05~07/1", Gap::Skip).unwrap().description();
    assert!(described.contains("on the last 7 days of the month (if it is also Monday)"), "{described}");
    // What systemd refuses: a step not below its start, the 2nd item of a
    // list past 25, a day beyond the 28th-last.
    for refused in ["*-*~01/2", "*-*~2,26", "*-*~29"] {
        let error = Schedule::parse(refused, Gap::Skip).unwrap_err();
        assert!(matches!(error, TimeError::InvalidSchedule { field: Some("day"), .. }), "{refused}: {error}");
    }
}

#[test]
fn rrule_skips_a_gap_or_shifts_it_when_asked() {
    let rule = "DTSTART;TZID=America/New_York:20270313T023000\nRRULE:FREQ=DAILY;COUNT=3";
    let zone = Zone::utc();
    let skip =
        Schedule::parse(rule, Gap::Skip).unwrap().runs(&zone, Timestamp::UNIX_EPOCH, 5, Direction::Next).unwrap();
    let times: Vec<String> = skip.iter().map(|run| run.instant.to_string()).collect();
    assert_eq!(times, ["2027-03-13T07:30:00Z", "2027-03-15T06:30:00Z"]);
    let shift =
        Schedule::parse(rule, Gap::Shift).unwrap().runs(&zone, Timestamp::UNIX_EPOCH, 5, Direction::Next).unwrap();
    let times: Vec<String> = shift.iter().map(|run| run.instant.to_string()).collect();
    assert_eq!(times, ["2027-03-13T07:30:00Z", "2027-03-14T07:30:00Z", "2027-03-15T06:30:00Z"]);
    assert_eq!(shift[1].moved, Some(Moved::FromGap(jiff::civil::date(2027, 3, 14).at(2, 30, 0, 0))));
}

#[test]
fn errors_name_the_field_and_position() {
    let error = Schedule::parse("0 9 * * MNO", Gap::Skip).unwrap_err();
    let TimeError::InvalidSchedule { field, position, suggestion, .. } = &error else { panic!("{error:?}") };
    assert_eq!((*field, *position, *suggestion), (Some("day-of-week"), Some(8), Some("MON")));
    let error = Schedule::parse("61 * * * *", Gap::Skip).unwrap_err();
    assert!(error.to_string().starts_with("minute field (character 1): 61 is out of range"), "{error}");
    let error = Schedule::parse("0 0 30 2 *", Gap::Skip).unwrap_err();
    assert!(error.to_string().contains("never fires"), "{error}");
    let error = Schedule::parse("Mno 09:00", Gap::Skip).unwrap_err();
    assert!(error.to_string().contains("did you mean Mon?"), "{error}");
}

#[test]
fn a_query_checks_its_count() {
    let from = Timestamp::UNIX_EPOCH;
    assert_eq!(Query::new(from).count(MAX_RUNS).check().unwrap().count, MAX_RUNS);
    for count in [0, MAX_RUNS + 1] {
        let error = Query::new(from).count(count).check().unwrap_err();
        assert!(matches!(error, TimeError::InvalidCount { max: MAX_RUNS, .. }), "{count}: {error:?}");
    }
    assert_eq!(Query::from_texts(from, None, Direction::Previous).unwrap().count, DEFAULT_RUNS);
    assert!(Query::from_texts(from, Some("0"), Direction::Next).is_err());
}

#[test]
fn an_expression_that_fires_rarely_is_answered_and_one_that_never_does_ends() {
    let leap = runs("0 0 29 2 *", "UTC", "2026-01-01T00:00:00Z", 2, Direction::Next);
    assert_eq!(leap, ["2028-02-29T00:00:00Z", "2032-02-29T00:00:00Z"]);
    let once = runs("0 0 0 1 1 * 2999", "Europe/Berlin", "2026-01-01T00:00:00Z", 3, Direction::Next);
    assert_eq!(once, ["2998-12-31T23:00:00Z"]);
}

mod properties {
    use chrono::TimeZone as _;
    use jiff::tz::AmbiguousOffset;
    use proptest::prelude::*;

    use super::*;

    const ZONES: [&str; 5] = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Australia/Lord_Howe", "UTC"];

    fn field(values: Vec<&'static str>) -> impl Strategy<Value = &'static str> {
        proptest::sample::select(values)
    }

    fn expression() -> impl Strategy<Value = String> {
        (
            field(vec!["*", "0", "30", "*/15", "0,30", "5-10", "*/7"]),
            field(vec!["*", "1", "2", "3", "1-3", "*/2", "2,14"]),
            field(vec!["*", "1", "15", "L", "1-7"]),
            field(vec!["*", "3", "10", "3,4,10,11"]),
            field(vec!["*", "0", "1-5", "SUN", "6#1"]),
        )
            .prop_map(|(m, h, d, mo, w)| format!("{m} {h} {d} {mo} {w}"))
    }

    /// The runs of a minute-level cron expression in (from, end], found by
    /// looking at every minute and applying the rule by its definition.
    fn scanned(
        cron: &croner::Cron,
        fixed: bool,
        tz: &jiff::tz::TimeZone,
        from: Timestamp,
        end: Timestamp,
    ) -> Vec<Timestamp> {
        let matches = |wall: DateTime| {
            let naive = chrono::NaiveDate::from_ymd_opt(i32::from(wall.year()), wall.month() as u32, wall.day() as u32)
                .and_then(|d| d.and_hms_opt(wall.hour() as u32, wall.minute() as u32, wall.second() as u32))
                .unwrap();
            cron.is_time_matching(&chrono::Utc.from_utc_datetime(&naive)).unwrap()
        };
        let minute = SignedDuration::from_mins(1);
        let mut t = Timestamp::from_second(from.as_second().div_euclid(60) * 60).unwrap() + minute;
        let mut out = Vec::new();
        while t <= end {
            let wall = tz.to_datetime(t);
            let (before, after) = offsets(tz, t);
            if fixed && after > before {
                // A gap starts at t: a fixed-time job with a time in it runs now.
                let mut w = before.to_datetime(t);
                while w < after.to_datetime(t) {
                    if matches(w) {
                        out.push(t);
                        break;
                    }
                    w += minute;
                }
            }
            let second = matches!(tz.to_ambiguous_timestamp(wall).offset(), AmbiguousOffset::Fold { before, .. }
                if before.to_timestamp(wall).is_ok_and(|first| first < t));
            if matches(wall) && !(fixed && second) {
                out.push(t);
            }
            t += minute;
        }
        out.dedup();
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

        /// Runs are strictly increasing (decreasing for previous), each is
        /// its wall-clock time matching the expression or one a gap moved,
        /// and none is skipped between two: the walk equals a scan of
        /// every minute under the rule's definition.
        #[test]
        fn runs_are_the_minutes_the_rule_names(
            text in expression(),
            zone in proptest::sample::select(ZONES.to_vec()),
            day in 0i64..3650,
            before_change in any::<bool>(),
            minutes in 0i64..600,
        ) {
            let zone = Zone::parse(zone).unwrap();
            let tz = zone.tz();
            let start = Timestamp::from_second(1_577_836_800 + day * 86_400).unwrap();
            let from = match tz.following(start).next().filter(|_| before_change) {
                Some(change) => change.timestamp() - SignedDuration::from_mins(minutes),
                None => start + SignedDuration::from_mins(minutes),
            };
            let end = from + SignedDuration::from_hours(36);
            let schedule = Schedule::parse(&text, Gap::Skip).unwrap();
            let Reader::Cron(cron) = &schedule.reader else { unreachable!() };
            let runs = schedule.runs(&zone, from, MAX_RUNS, Direction::Next).unwrap();
            let instants: Vec<Timestamp> = runs.iter().map(|run| run.instant).filter(|&t| t <= end).collect();
            prop_assert!(instants.windows(2).all(|pair| pair[0] < pair[1]));
            let expected = scanned(&cron.cron, cron.fixed, tz, from, end);
            let compared = expected.len().min(instants.len()).min(MAX_RUNS - 1);
            prop_assert_eq!(&instants[..compared], &expected[..compared], "{} in {} from {}", text, zone.name(), from);
            for run in &runs {
                // A run a gap moved was written for a wall time the gap skips.
                if let Some(Moved::FromGap(wall)) = run.moved {
                    let in_gap = matches!(tz.to_ambiguous_timestamp(wall).offset(), AmbiguousOffset::Gap { .. });
                    prop_assert!(in_gap, "{} was moved from {}, which is no gap's", run.instant, wall);
                }
            }
            // Previous, from just after the last run, gives the same runs backwards.
            if let Some(&last) = instants.last() {
                let mut back: Vec<Timestamp> = schedule
                    .runs(&zone, last + SignedDuration::from_secs(1), instants.len(), Direction::Previous)
                    .unwrap()
                    .iter()
                    .map(|run| run.instant)
                    .filter(|&t| t > from)
                    .collect();
                back.reverse();
                prop_assert_eq!(back, instants);
            }
        }
    }
}

/// Expressions that between them use every phrase of a description: each
/// cron shape croner words apart, systemd's days from a month's end, and
/// every part of an RRULE.
const EVERY_PHRASE: [&str; 23] = [
    "0 9 * * 1-5",
    "*/15 * * * *",
    "* * * * * *",
    "* * * * *",
    "5 * * * *",
    "0 */2 * * *",
    "* 0 * * *",
    "*/10 9-17 * * MON-FRI",
    "5 10 * * * *",
    "*/5 0 9 * * *",
    "0 0 L * *",
    "0 0 * * 5L",
    "0 0 15W * *",
    "0 0 * * 1#2",
    "0 0 1 */3 *",
    "30 2 1,15 * MON",
    "0 0 0 1 1,7 * 2030",
    "0 0 0 1 1 * 2030/2",
    "Mon *-05~07/1",
    "*-*~03,05 00:00",
    "DTSTART;TZID=Europe/Berlin:20260101T090000 RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10",
    "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU,-1SA,-2FR;BYHOUR=2;UNTIL=20300101T000000Z",
    "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1,-1,-3;BYSETPOS=1;COUNT=1",
];

/// English words a description in another language must not hold (not
/// those other languages share: `in`, `minute`, Dutch's `of`, Finnish's `on`).
const ENGLISH_WORDS: [&str; 21] = [
    "every", "at", "the", "day", "days", "hour", "hours", "second", "seconds", "past", "last", "month", "months",
    "year", "and", "or", "times", "until", "weekday", "nearest", "also",
];

#[test]
fn every_discord_language_describes_every_phrase_in_its_own_words() {
    for tag in crate::locale::DISCORD_LANGUAGES {
        let language = crate::locale::Localizer::get(tag).unwrap();
        let (weekdays, months) = language.gregorian_names().unwrap();
        for expression in EVERY_PHRASE {
            let schedule = Schedule::parse(expression, Gap::Skip).unwrap();
            let (words, locale) = schedule.description_in(&language);
            assert_eq!(locale, language.used(), "{tag}: {expression}");
            assert!(!words.contains(['{', '}', '\u{E000}']) && !words.contains("  "), "{tag}: {expression}: {words}");
            assert!(words.chars().next().is_some_and(|c| !c.is_lowercase()), "{tag}: {expression}: {words}");
            if !tag.starts_with("en") {
                let english: Vec<&str> = words
                    .split(|c: char| !c.is_alphabetic())
                    .filter(|word| ENGLISH_WORDS.contains(&word.to_lowercase().as_str()))
                    .collect();
                assert!(english.is_empty(), "{tag}: {expression}: {words}: {english:?}");
            }
            // The names are CLDR's, as the language writes them alone.
            let names_monday =
                expression.split(|c: char| !c.is_ascii_alphanumeric()).any(|word| matches!(word, "MON" | "Mon" | "MO"));
            if names_monday {
                assert!(words.contains(&weekdays[1]), "{tag}: {expression}: {words} lacks {}", weekdays[1]);
            }
            if expression.contains("BYMONTH=3") {
                assert!(words.contains(&months[2]), "{tag}: {expression}: {words} lacks {}", months[2]);
            }
        }
    }
}

#[test]
fn descriptions_read_as_their_language_writes() {
    let cases = [
        ("de", "0 9 * * 1-5", "Um 09:00, am Montag, Dienstag, Mittwoch, Donnerstag und Freitag."),
        ("de", "*/15 * * * *", "Alle 15 Minuten."),
        ("de", "0 0 * * 5L", "Um 00:00, am letzten Freitag des Monats."),
        ("fr", "0 0 * * 1#2", "À 00:00, le 2e lundi du mois."),
        ("fr", "0 0 1 1,7 *", "À 00:00, le jour 1, en janvier et juillet."),
        ("es-419", "0 */2 * * *", "En el minuto 0, cada 2 horas."),
        ("pt-BR", "*/15 * * * *", "A cada 15 minutos."),
        ("ru", "0 9 * * 1-5", "В 09:00, понедельник, вторник, среда, четверг и пятница."),
        ("ru", "*/15 * * * *", "Раз в 15 минут."),
        ("ja", "0 0 * * 1#2", "00:00に、月の第2月曜日。"),
        ("ja", "5 * * * *", "毎時5分。"),
        ("zh-TW", "0 0 L * *", "在00:00、每月最後一天。"),
        ("ko", "*/15 * * * *", "15분마다."),
        ("sv-SE", "0 0 * * 1#2", "Kl. 00:00, på den 2:a måndag i månaden."),
        (
            "en-GB",
            "*-*~03,05 00:00",
            "At 00:00, on the 5th-to-last day of the month and the 3rd-to-last day of the month.",
        ),
        ("de", "FREQ=MONTHLY;BYDAY=-1FR", "Jeden Monat, am letzten Freitag"),
        ("en-US", "FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10", "Every week on Monday and Wednesday, 10 times"),
        ("es-ES", "FREQ=HOURLY;BYMINUTE=15", "Cada hora, en el minuto 15"),
        ("ru", "FREQ=HOURLY;BYMINUTE=15,45", "Каждый час, минута 15 и 45"),
        ("en-US", "FREQ=HOURLY;BYMINUTE=15", "Every hour at minute 15"),
    ];
    for (tag, expression, expected) in cases {
        let language = crate::locale::Localizer::get(tag).unwrap();
        let (words, _) = Schedule::parse(expression, Gap::Skip).unwrap().description_in(&language);
        assert_eq!(words, expected, "{tag}: {expression}");
    }
}

#[test]
fn a_language_without_schedule_phrases_is_described_in_english_and_says_so() {
    let welsh = crate::locale::Localizer::get("cy").unwrap();
    let (words, locale) = Schedule::parse("0 9 * * 1-5", Gap::Skip).unwrap().description_in(&welsh);
    assert_eq!((words.as_str(), locale), ("At 09:00, on Monday, Tuesday, Wednesday, Thursday, and Friday.", "en"));
}
