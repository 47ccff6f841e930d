//! The few words of dates that people of a language write and CLDR's data
//! never does: "within" and "later" around a count (`binnen 5 minuten`,
//! `5 minuti dopo`), counts that are no numbers (`quelques`, `пару`), a
//! part of today in one word (`stasera`, `vanavond`), the parts of a day
//! said as when (`утром`, `вранці`), a spelling CLDR does not use
//! (`вчора`), and articles before a time (`la medianoche`). The one word
//! CLDR writes for them elsewhere, "and", comes from its list patterns
//! (`5 giorni e 12 ore fa`).
//!
//! Learned after CLDR's words, so a word CLDR gives a meaning keeps it.
//! Each is listed in docs/reading.md with what it means.

use icu_list::ListFormatter;
use icu_list::options::{ListFormatterOptions, ListLength};

use super::Localizer;
use crate::human::words::{Era as Epoch, Meridian, Unit as Of, Vocabulary, Word};

/// What a word of [`WORDS`] means.
#[derive(Clone, Copy, Debug)]
enum Means {
    /// Before a count: that far ahead of now ("within", "in").
    Within,
    /// After a count: that far ahead of now, or of what follows ("later",
    /// "from now").
    Later,
    /// After a count: that far before now, or before what follows ("earlier").
    Earlier,
    /// A count said without a number: English's "a few" is 3, "a couple" 2.
    Count(i64),
    /// A part of the day said as when, in one word (`stasera`, "this
    /// evening"; `утром`, "in the morning"): today's alone, found inside a
    /// sentence as English's `tonight` is; the day's after one
    /// (`завтра утром`).
    When(Part),
    /// A day counted from today and a part of it, in one word or phrase
    /// (`明早`, tomorrow morning; `прошлым вечером`, last evening).
    DayAt(i64, Part),
    /// The next or the last (`komende`, `следующие`): before a count, that
    /// many units ahead or back (`komende 2 weken`), as English's `next`.
    Next,
    Last,
    /// A day, counted from today, in a spelling or a word CLDR does not
    /// write (`вчора` for `учора`, `きょう` for `今日`, Cantonese `聽日`).
    Day(i64),
    /// A word skipped between a date's words, as English's `the`.
    Joins,
    /// The word said just before the hour, "at" (Polish `o 15:00`, which
    /// CLDR's patterns do not write; Ukrainian `в`, `у`, `об` beside CLDR's `о`).
    At,
    /// A weekday in a grammatical case CLDR does not write (Russian's
    /// accusative after "on": `в среду`).
    Weekday(jiff::civil::Weekday),
    /// CLDR's word for "in" before a count, also said after it for "later"
    /// (Vietnamese `sau`: `2 tuần sau`).
    AlsoAfter,
    /// A part of the day as a noun, as English's `afternoon`: a date only
    /// with a day or "this" (Dutch `namiddag`).
    PartOfDay(Part),
    /// A month in a grammatical case CLDR does not write (Russian's
    /// prepositional after "in": `в январе`).
    Month(i8),
    /// The ending of an ordinal day written onto its number (`1er`,
    /// `31ste`, `24го`), which the number's reading leaves as a word of
    /// its own: skipped, as English's `st` and `th` are taken with the number.
    Ending,
    /// A day of the month as an ordinal in words, where CLDR has no rules
    /// to spell them (Ukrainian `пʼяте травня`, `першого вересня`); the
    /// tens before one (`двадцять пʼяте`) are CLDR's counts.
    Ordinal(i64),
    /// The period before (-1), of (0) or after (1) now, named in words CLDR
    /// does not use for it (`下星期`, `上个礼拜`, `l'anno prossimo`).
    Period(Of, i64),
    /// "This", before a unit in a case CLDR does not write (`у цьому році`).
    This,
    /// Half a unit in one word (`полчаса`, `півгодини`).
    HalfOf(Of),
    /// A unit alone, where CLDR writes it only with its direction (Chinese
    /// `小时` of `小时前`, `1小时之内`) or not at all (`礼拜`, a week).
    Unit(Of),
    /// A unit and "within" in one word, after a count (Chinese `年内`,
    /// `日内`: `一年内`, within a year), where `年` and `日` alone end a
    /// date's year and day, and `天` alone is a word's character
    /// (`今天天气`, today's weather, is no day after today).
    UnitWithin(Of),
    /// An era's name after a year, before (true) or of the common era,
    /// read as CLDR's are (`v. Chr.`), also unspaced and without its dots.
    Era(bool),
    /// The word before a weekday's number (Vietnamese `thứ 2`, `T7`).
    WeekdayNumber,
    /// "Half", as English's: before a unit (`media hora`, `eine halbe
    /// Stunde`), after a unit and "and" (`una hora y media`), after an
    /// hour and "and" (`las 3 y media`, half past three).
    Half,
}

/// The parts of a day, at English's hours (`morning` 6, `afternoon` 15,
/// `evening` 20, `night` 22; noon and midnight their clocks).
#[derive(Clone, Copy, Debug)]
enum Part {
    Morning,
    Afternoon,
    Evening,
    Night,
    Noon,
    Midnight,
}

impl Means {
    /// English's word of the same meaning.
    fn word(self) -> Word {
        match self {
            Within | AlsoAfter => Word::Ahead(1),
            Later => Word::Ago(1),
            Earlier => Word::Ago(-1),
            Count(n) => Word::Count(n),
            When(part) => part.word(),
            DayAt(days, part) => match part.word() {
                Word::DayPart(hour, meridian) => Word::DayWithPart(days, hour, meridian),
                // Noon and midnight are clocks: a day with its clock is
                // no one word CLDR's languages write.
                other => other,
            },
            Next => Word::Ordinal(1),
            Last => Word::Ordinal(-1),
            Day(shift) => Word::DayShift(shift),
            Joins | At => Word::Filler,
            Weekday(day) => Word::Weekday(day),
            PartOfDay(part) => part.word(),
            Unit(unit) => Word::Unit(unit),
            UnitWithin(unit) => Word::UnitThen(unit, 1),
            WeekdayNumber => Word::WeekdayNumber,
            Half => Word::Half,
            Era(true) => Word::Era(Epoch::BeforeCommon),
            Era(false) => Word::Era(Epoch::Common),
            HalfOf(unit) => Word::HalfOf(unit),
            Period(unit, shift) => Word::Shifted(unit, shift),
            This => Word::Ordinal(0),
            Month(month) => Word::Month(month),
            Ending => Word::Filler,
            Ordinal(n) => Word::Ordinal(n),
        }
    }
}

impl Part {
    fn word(self) -> Word {
        match self {
            Part::Morning => Word::DayPart(6, Meridian::Am),
            Part::Afternoon => Word::DayPart(15, Meridian::Pm),
            Part::Evening => Word::DayPart(20, Meridian::Pm),
            Part::Night => Word::DayPart(22, Meridian::Pm),
            Part::Noon => Word::Clock(12),
            Part::Midnight => Word::Clock(0),
        }
    }
}

use Means::{
    AlsoAfter, At, Count, Day, DayAt, Earlier, Ending, Era, Half, HalfOf, Joins, Last, Later, Month, Next, Ordinal,
    PartOfDay, Period, This, Unit, UnitWithin, Weekday, WeekdayNumber, When, Within,
};
use Part::{Afternoon, Evening, Midnight, Morning, Night, Noon};
use jiff::civil::Weekday::{Friday, Monday, Saturday, Sunday, Thursday, Tuesday, Wednesday};

/// By language (the tag's first subtag): each word or phrase, any case,
/// and what it means.
const WORDS: &[(&str, &[(&str, Means)])] = &[
    (
        "de",
        &[
            // The eras by "our" or "the (common) reckoning", beside CLDR's
            // `v. u. Z.` and `u. Z.`.
            ("n. u. Z.", Era(false)),
            ("n. d. Z.", Era(false)),
            ("d. g. Z.", Era(false)),
            ("n. d. g. Z.", Era(false)),
            ("v. d. Z.", Era(true)),
            ("v. d. g. Z.", Era(true)),
            // "Nach (vor) Christus" by its initials (`88 n. C.`, `88 nC`).
            ("n. C.", Era(false)),
            ("v. C.", Era(true)),
            ("einige", Count(3)),
            // Half before a unit (`eine halbe Stunde`; `halb` alone before
            // an hour is half an hour before it: `halb 3` is 2:30, not read).
            ("halbe", Half),
            ("halben", Half),
            // The morning after a day (`morgen früh`, `übermorgen früh`).
            ("früh", PartOfDay(Morning)),
            ("letzte Nacht", DayAt(-1, Night)),
            ("den", Joins),
            ("einigen", Count(3)),
            ("später", Later),
            ("früher", Earlier),
            ("kommenden", Next),
            ("vergangenen", Last),
            // `in den folgenden 90 Sekunden`, `die vorangegangenen 30 Tage`.
            ("folgenden", Next),
            ("folgende", Next),
            ("vorangegangenen", Last),
            ("vorherigen", Last),
            // Austria's January.
            ("Jänner", Month(1)),
            ("kommende", Next),
            ("kommendes", Next),
            ("die", Joins),
            ("der", Joins),
        ],
    ),
    (
        "es",
        &[
            ("en", Within),
            ("algunos", Count(3)),
            ("algunas", Count(3)),
            ("después", Later),
            ("más tarde", Later),
            ("antes", Earlier),
            ("la", Joins),
            // `ayer por la noche`, `mañana por la tarde` (`por` alone is
            // also "for": `por 5 minutos` says how long, as English's `for`).
            ("por la", Joins),
            ("medianoche", PartOfDay(Midnight)),
            // "Next" after the period (`la semana que viene`), as CLDR's
            // `pasada` is "last" after it.
            ("que viene", Next),
            // (Not `medio`: `medio día` is as often noon, `mediodía`, mistyped.)
            ("media", Half),
        ],
    ),
    (
        "fi",
        &[
            ("toissapäivänä", Day(-2)),
            // The word CLDR's `klo` abbreviates, before the hour.
            ("kello", At),
            // In the daytime (`tänään päivällä`), at midday.
            ("päivällä", When(Noon)),
            ("viime yönä", DayAt(-1, Night)),
            ("sisällä", Later),
            ("kuluessa", Later),
            ("muutama", Count(3)),
            ("pari", Count(2)),
            ("seuraava", Next),
            ("seuraavat", Next),
            ("edelliset", Last),
            ("viimeiset", Last),
            ("kuluneet", Last),
        ],
    ),
    (
        "fr",
        &[
            ("en", Within),
            // The eras as people abbreviate them beside CLDR's `av. J.-C.`:
            // "avant Christ" and Latin's "post Christum natum".
            ("AC", Era(true)),
            ("p. Chr. n.", Era(false)),
            ("quelques", Count(3)),
            ("plus tard", Later),
            ("plus tôt", Earlier),
            ("er", Ending),
            ("la veille", Day(-1)),
            // "This" before a vowel (`cet après-midi`), beside CLDR's `ce`.
            ("cet", This),
            // Next and last in the plural, before or after the count's unit
            // (`les 2 prochaines semaines`, `les 30 jours précédents`).
            ("les", Joins),
            ("prochains", Next),
            ("prochaines", Next),
            ("suivants", Next),
            ("suivantes", Next),
            ("derniers", Last),
            ("dernières", Last),
            ("précédents", Last),
            ("précédentes", Last),
            ("passés", Last),
            ("passées", Last),
            ("demie", Half),
            ("demi", Half),
            ("demi-heure", HalfOf(Of::Hour)),
            ("une demi-heure", HalfOf(Of::Hour)),
            // CLDR counts years in `an` (`dans 1 an`); people also in `année`.
            ("année", Unit(Of::Year)),
            ("années", Unit(Of::Year)),
        ],
    ),
    (
        "it",
        &[
            ("fra", Within),
            ("entro", Within),
            ("mezza", Half),
            ("mezz'ora", HalfOf(Of::Hour)),
            ("mezzora", HalfOf(Of::Hour)),
            ("qualche", Count(3)),
            ("alcuni", Count(3)),
            ("un paio di", Count(2)),
            ("dopo", Later),
            ("più tardi", Later),
            ("prima", Earlier),
            ("stamattina", When(Morning)),
            ("stasera", When(Evening)),
            ("stanotte", When(Night)),
            ("l'anno prossimo", Period(Of::Year, 1)),
            ("l'anno scorso", Period(Of::Year, -1)),
            ("il mese prossimo", Period(Of::Month, 1)),
            ("il mese scorso", Period(Of::Month, -1)),
            ("a mezzogiorno", When(Noon)),
            ("a mezzanotte", When(Midnight)),
            ("il", Joins),
            ("adesso", Day(0)),
        ],
    ),
    (
        "nl",
        &[
            // A day and its part in one word, with `gister`, `gisteren` as
            // people say it (`gisteravond`; `gisterenavond` is cut in two).
            ("gisteravond", DayAt(-1, Evening)),
            ("gistermiddag", DayAt(-1, Afternoon)),
            ("gisterochtend", DayAt(-1, Morning)),
            ("gisternacht", DayAt(-1, Night)),
            ("binnen", Within),
            ("u", Unit(Of::Hour)),
            ("voor", Earlier),
            ("na", Later),
            ("uit", Later),
            ("komende", Next),
            ("komend", Next),
            ("jr", Unit(Of::Year)),
            ("aankomende", Next),
            ("afgelopen", Last),
            ("namiddag", PartOfDay(Afternoon)),
            ("ste", Ending),
            ("de", Joins),
            ("een paar", Count(2)),
            ("paar", Count(2)),
            ("later", Later),
            ("vanaf nu", Later),
            ("eerder", Earlier),
            ("vanochtend", When(Morning)),
            ("vanmorgen", When(Morning)),
            ("vanmiddag", When(Afternoon)),
            ("vanavond", When(Evening)),
            ("vannacht", When(Night)),
        ],
    ),
    (
        "ja",
        &[
            ("きょう", Day(0)),
            ("本日", Day(0)),
            // This year, as formal Japanese writes it (`本年7月27日`).
            ("本年", Period(Of::Year, 0)),
            ("ほんじつ", Day(0)),
            ("あした", Day(1)),
            ("あす", Day(1)),
            ("きのう", Day(-1)),
            ("けさ", When(Morning)),
            ("今朝", When(Morning)),
            ("今夕", When(Evening)),
            ("こんゆう", When(Evening)),
            ("今晩", When(Evening)),
            ("こんばん", When(Evening)),
            ("今夜", When(Night)),
            ("こんや", When(Night)),
            ("前の", Last),
            ("次の", Next),
        ],
    ),
    ("pl", &[("o", At), ("pół", Half)]),
    // The word CLDR's `kl.` abbreviates, before the hour.
    ("da", &[("klokken", At)]),
    ("no", &[("klokka", At), ("klokken", At)]),
    (
        "pt",
        &[
            ("alguns", Count(3)),
            ("algumas", Count(3)),
            ("depois", Later),
            ("mais tarde", Later),
            ("ao", Joins),
            // `ontem à noite`, `amanhã à tarde`.
            ("à", Joins),
            ("meia", Half),
            ("que vem", Next),
            ("daqui a", Within),
            ("atrás", Earlier),
        ],
    ),
    (
        "ru",
        &[
            ("спустя", Within),
            ("следующие", Next),
            ("ближайшие", Next),
            ("прошлые", Last),
            ("последние", Last),
            ("в течение", Within),
            ("пару", Count(2)),
            ("несколько", Count(3)),
            ("январе", Month(1)),
            ("фев", Month(2)),
            ("сен", Month(9)),
            ("феврале", Month(2)),
            ("марте", Month(3)),
            ("апреле", Month(4)),
            ("мае", Month(5)),
            ("июне", Month(6)),
            ("июле", Month(7)),
            ("августе", Month(8)),
            ("сентябре", Month(9)),
            ("октябре", Month(10)),
            ("ноябре", Month(11)),
            ("декабре", Month(12)),
            ("го", Ending),
            ("среду", Weekday(Wednesday)),
            ("мин", Unit(Of::Minute)),
            ("сек", Unit(Of::Second)),
            ("пятницу", Weekday(Friday)),
            ("субботу", Weekday(Saturday)),
            ("утром", When(Morning)),
            ("днём", When(Afternoon)),
            ("вечером", When(Evening)),
            ("ночью", When(Night)),
            ("полчаса", HalfOf(Of::Hour)),
            ("полгода", HalfOf(Of::Year)),
            ("полминуты", HalfOf(Of::Minute)),
            ("послепослезавтра", Day(3)),
            ("позапозавчера", Day(-3)),
            ("прошлым вечером", DayAt(-1, Evening)),
        ],
    ),
    (
        "sv",
        &[
            ("förrgår", Day(-2)),
            ("vid", At),
            // The word CLDR's `kl.` abbreviates, before the hour.
            ("klockan", At),
            ("inom", Within),
            ("tim", Unit(Of::Hour)),
            ("efter", Within),
            ("några", Count(3)),
            ("ett par", Count(2)),
            ("kommande", Next),
            ("passerade", Last),
            ("senaste", Last),
        ],
    ),
    ("tr", &[("yarım", Half)]),
    (
        "uk",
        &[
            // The days of a month in words, said (`пʼяте травня`) and "on" it
            // (`пʼятого травня`); `двадцять пʼяте` is the count and the ordinal.
            ("перше", Ordinal(1)),
            ("першого", Ordinal(1)),
            ("друге", Ordinal(2)),
            ("другого", Ordinal(2)),
            ("третє", Ordinal(3)),
            ("третього", Ordinal(3)),
            ("четверте", Ordinal(4)),
            ("четвертого", Ordinal(4)),
            ("пʼяте", Ordinal(5)),
            ("пʼятого", Ordinal(5)),
            ("шосте", Ordinal(6)),
            ("шостого", Ordinal(6)),
            ("сьоме", Ordinal(7)),
            ("сьомого", Ordinal(7)),
            ("восьме", Ordinal(8)),
            ("восьмого", Ordinal(8)),
            ("девʼяте", Ordinal(9)),
            ("девʼятого", Ordinal(9)),
            ("десяте", Ordinal(10)),
            ("десятого", Ordinal(10)),
            ("одинадцяте", Ordinal(11)),
            ("одинадцятого", Ordinal(11)),
            ("дванадцяте", Ordinal(12)),
            ("дванадцятого", Ordinal(12)),
            ("тринадцяте", Ordinal(13)),
            ("тринадцятого", Ordinal(13)),
            ("чотирнадцяте", Ordinal(14)),
            ("чотирнадцятого", Ordinal(14)),
            ("пʼятнадцяте", Ordinal(15)),
            ("пʼятнадцятого", Ordinal(15)),
            ("шістнадцяте", Ordinal(16)),
            ("шістнадцятого", Ordinal(16)),
            ("сімнадцяте", Ordinal(17)),
            ("сімнадцятого", Ordinal(17)),
            ("вісімнадцяте", Ordinal(18)),
            ("вісімнадцятого", Ordinal(18)),
            ("девʼятнадцяте", Ordinal(19)),
            ("девʼятнадцятого", Ordinal(19)),
            ("двадцяте", Ordinal(20)),
            ("двадцятого", Ordinal(20)),
            ("тридцяте", Ordinal(30)),
            ("тридцятого", Ordinal(30)),
            ("протягом", Within),
            ("наступні", Next),
            ("минулі", Last),
            ("останні", Last),
            ("на протязі", Within),
            ("пару", Count(2)),
            ("декілька", Count(3)),
            ("кілька", Count(3)),
            ("вчора", Day(-1)),
            ("в", At),
            ("у", At),
            ("об", At),
            // The hour in the case "at" takes (`о 3 годині дня`, at 3 p.m.).
            ("годині", Unit(Of::Hour)),
            ("січні", Month(1)),
            ("сер", Month(8)),
            ("верес", Month(9)),
            ("лютому", Month(2)),
            ("березні", Month(3)),
            ("квітні", Month(4)),
            ("травні", Month(5)),
            ("червні", Month(6)),
            ("липні", Month(7)),
            ("серпні", Month(8)),
            ("вересні", Month(9)),
            ("жовтні", Month(10)),
            ("листопаді", Month(11)),
            ("грудні", Month(12)),
            ("го", Ending),
            ("цьому", This),
            ("минулому", Last),
            ("наступному", Next),
            // Before a weekday in the accusative (`в минулий четвер`, `у
            // наступну середу`).
            ("минулий", Last),
            ("минулу", Last),
            ("наступний", Next),
            ("наступну", Next),
            ("тижні", Unit(Of::Days(7))),
            ("році", Unit(Of::Year)),
            ("кварталі", Unit(Of::Quarter)),
            ("на", Joins),
            ("середу", Weekday(Wednesday)),
            ("хв", Unit(Of::Minute)),
            ("год", Unit(Of::Hour)),
            ("сек", Unit(Of::Second)),
            ("п'ятницю", Weekday(Friday)),
            ("пʼятницю", Weekday(Friday)),
            ("суботу", Weekday(Saturday)),
            ("неділю", Weekday(Sunday)),
            ("вранці", When(Morning)),
            ("вдень", When(Afternoon)),
            ("ввечері", When(Evening)),
            ("вночі", When(Night)),
            ("опівдні", When(Noon)),
            ("опівночі", When(Midnight)),
            ("півгодини", HalfOf(Of::Hour)),
            ("півроку", HalfOf(Of::Year)),
            ("півхвилини", HalfOf(Of::Minute)),
            ("післяпіслязавтра", Day(3)),
            ("позапозавчора", Day(-3)),
            ("минулого вечора", DayAt(-1, Evening)),
        ],
    ),
    (
        "vi",
        &[
            ("sau", AlsoAfter),
            ("tới", Later),
            ("qua", Earlier),
            ("trong", Within),
            ("trong vòng", Within),
            ("lúc này", Day(0)),
            ("vào", Joins),
            ("buổi", Joins),
            ("sáng sớm", When(Morning)),
            ("bình minh", When(Morning)),
            // The weekdays by their numbers (`thứ 2`, Monday; `T7`, Saturday).
            ("thứ", WeekdayNumber),
            ("t", WeekdayNumber),
        ],
    ),
    (
        "zh",
        &[
            ("之内", Later),
            ("之內", Later),
            ("内", Later),
            ("內", Later),
            ("之后", Later),
            ("之後", Later),
            ("过后", Later),
            ("過後", Later),
            ("之前", Earlier),
            ("今早", When(Morning)),
            ("今朝", When(Morning)),
            ("今晚", When(Night)),
            ("夜晚", PartOfDay(Night)),
            ("明日", Day(1)),
            ("昨日", Day(-1)),
            ("明早", DayAt(1, Morning)),
            ("明晚", DayAt(1, Night)),
            ("昨晚", DayAt(-1, Night)),
            ("前晚", DayAt(-2, Night)),
            // Cantonese: tomorrow morning and night, last night.
            ("聽朝", DayAt(1, Morning)),
            ("聽晚", DayAt(1, Night)),
            ("琴晚", DayAt(-1, Night)),
            ("今日", Day(0)),
            ("大后天", Day(3)),
            ("大後天", Day(3)),
            ("大前天", Day(-3)),
            // Units alone (CLDR writes them with their direction: `小时前`),
            // the measure word before them, and "a few".
            ("小时", Unit(Of::Hour)),
            ("小時", Unit(Of::Hour)),
            ("钟头", Unit(Of::Hour)),
            ("鐘頭", Unit(Of::Hour)),
            ("分钟", Unit(Of::Minute)),
            ("分鐘", Unit(Of::Minute)),
            ("星期", Unit(Of::Days(7))),
            ("礼拜", Unit(Of::Days(7))),
            ("禮拜", Unit(Of::Days(7))),
            ("个月", Unit(Of::Month)),
            ("個月", Unit(Of::Month)),
            ("天内", UnitWithin(Of::Days(1))),
            ("天內", UnitWithin(Of::Days(1))),
            ("天之内", UnitWithin(Of::Days(1))),
            ("天之內", UnitWithin(Of::Days(1))),
            ("年内", UnitWithin(Of::Year)),
            ("年內", UnitWithin(Of::Year)),
            ("年之内", UnitWithin(Of::Year)),
            ("年之內", UnitWithin(Of::Year)),
            ("日内", UnitWithin(Of::Days(1))),
            ("日內", UnitWithin(Of::Days(1))),
            ("日之内", UnitWithin(Of::Days(1))),
            ("日之內", UnitWithin(Of::Days(1))),
            ("个", Joins),
            ("個", Joins),
            ("两", Count(2)),
            ("兩", Count(2)),
            ("前", Earlier),
            ("后", Later),
            ("後", Later),
            ("几", Count(3)),
            ("幾", Count(3)),
            // "From" before a range's start (`从今早八点至下午11点`,
            // Cantonese `由今朝八點至...`), skipped as English's `from` is.
            ("从", Joins),
            ("從", Joins),
            ("由", Joins),
            // Twenty and thirty in one character, as dates write them
            // (`十一月廿六日`, `卅一日`), beside CLDR's `二十六`.
            ("廿", Count(20)),
            ("廿一", Count(21)),
            ("廿二", Count(22)),
            ("廿三", Count(23)),
            ("廿四", Count(24)),
            ("廿五", Count(25)),
            ("廿六", Count(26)),
            ("廿七", Count(27)),
            ("廿八", Count(28)),
            ("廿九", Count(29)),
            ("卅", Count(30)),
            ("卅一", Count(31)),
            // The week's days by "礼拜" (as by CLDR's `星期`), and Sunday's
            // everyday name.
            ("礼拜一", Weekday(Monday)),
            ("礼拜二", Weekday(Tuesday)),
            ("礼拜三", Weekday(Wednesday)),
            ("礼拜四", Weekday(Thursday)),
            ("礼拜五", Weekday(Friday)),
            ("礼拜六", Weekday(Saturday)),
            ("礼拜日", Weekday(Sunday)),
            ("礼拜天", Weekday(Sunday)),
            ("禮拜一", Weekday(Monday)),
            ("禮拜二", Weekday(Tuesday)),
            ("禮拜三", Weekday(Wednesday)),
            ("禮拜四", Weekday(Thursday)),
            ("禮拜五", Weekday(Friday)),
            ("禮拜六", Weekday(Saturday)),
            ("禮拜日", Weekday(Sunday)),
            ("禮拜天", Weekday(Sunday)),
            ("星期天", Weekday(Sunday)),
            ("上星期", Period(Of::Days(7), -1)),
            ("这星期", Period(Of::Days(7), 0)),
            ("下星期", Period(Of::Days(7), 1)),
            ("上个星期", Period(Of::Days(7), -1)),
            ("下个星期", Period(Of::Days(7), 1)),
            ("上礼拜", Period(Of::Days(7), -1)),
            ("这礼拜", Period(Of::Days(7), 0)),
            ("下礼拜", Period(Of::Days(7), 1)),
            ("上个礼拜", Period(Of::Days(7), -1)),
            ("下个礼拜", Period(Of::Days(7), 1)),
            ("這星期", Period(Of::Days(7), 0)),
            ("上個星期", Period(Of::Days(7), -1)),
            ("下個星期", Period(Of::Days(7), 1)),
            ("上禮拜", Period(Of::Days(7), -1)),
            ("這禮拜", Period(Of::Days(7), 0)),
            ("下禮拜", Period(Of::Days(7), 1)),
            ("上個禮拜", Period(Of::Days(7), -1)),
            ("下個禮拜", Period(Of::Days(7), 1)),
            // Cantonese, as Hong Kong writes it.
            ("而家", Day(0)),
            ("聽日", Day(1)),
            ("琴日", Day(-1)),
            ("尋日", Day(-1)),
            ("前日", Day(-2)),
            ("大後日", Day(3)),
            ("大后日", Day(3)),
            // The hour with its measure word (`一個鐘之內`).
            ("個鐘", Unit(Of::Hour)),
            ("个钟", Unit(Of::Hour)),
            ("朝早", PartOfDay(Morning)),
            ("晏晝", PartOfDay(Afternoon)),
            ("下晝", PartOfDay(Afternoon)),
        ],
    ),
];

/// By language: the words that open and close a range (`von 9 bis 17
/// Uhr`, `de 9h à 17h`, `с 10 до 11 утра`). The closing word joins the
/// sides only after the opening one: Italian's and Spanish's `a` is also
/// "at" (`domani a mezzogiorno`).
const RANGES: &[(&str, &[(&str, &str)])] = &[
    ("de", &[("von", "bis"), ("ab", "bis")]),
    ("es", &[("de", "a"), ("desde", "hasta"), ("del", "al")]),
    ("fr", &[("de", "à"), ("du", "au"), ("du", "à"), ("de", "a")]),
    ("it", &[("da", "a"), ("dalle", "alle"), ("dal", "al"), ("dalla", "alla")]),
    ("nl", &[("van", "tot")]),
    ("pt", &[("de", "a"), ("de", "até"), ("das", "às"), ("do", "ao")]),
    ("ru", &[("с", "до"), ("с", "по"), ("от", "до")]),
    ("sv", &[("från", "till")]),
    ("uk", &[("з", "до"), ("із", "до"), ("від", "до"), ("з", "по"), ("із", "по")]),
    ("vi", &[("từ", "đến")]),
];

/// By language: the word said before a month's name alone for "in" (`im
/// September`, `en septembre`, `a settembre`): inside a sentence, the
/// month after it is a date, as after English's `in` (`in August`).
const IN_MONTH: &[(&str, &[&str])] = &[
    ("da", &["i"]),
    ("de", &["im"]),
    ("es", &["en"]),
    ("fr", &["en"]),
    ("it", &["a"]),
    ("no", &["i"]),
    ("pt", &["em"]),
    ("ro", &["în"]),
    ("sv", &["i"]),
];

/// Learns the words of [`WORDS`] for `localizer`'s language, and its word
/// for "and" from CLDR's list patterns.
pub(super) fn learn(localizer: &Localizer, words: &mut Vocabulary) {
    if let Some(and) = and_word(localizer) {
        words.learn(&and, Word::Filler);
    }
    let language = localizer.language.used.split(['-', '_']).next().unwrap_or_default();
    if let Some((_, pairs)) = RANGES.iter().find(|(code, _)| *code == language) {
        for (from, to) in *pairs {
            words.learn_range_words(from, to);
        }
    }
    for (_, month_in) in IN_MONTH.iter().filter(|(code, _)| *code == language) {
        for word in *month_in {
            words.learn_month_in(word);
        }
    }
    let Some((_, said)) = WORDS.iter().find(|(code, _)| *code == language) else { return };
    for &(text, means) in *said {
        words.learn(text, means.word());
        match means {
            Era(_) => {
                if let Word::Era(era) = means.word() {
                    words.learn_era_name(text, era);
                }
            }
            When(_) => words.learn_part_of_today(text),
            At => words.learn_at_word(text),
            AlsoAfter => words.learn_ahead_after(text),
            _ => {}
        }
    }
}

/// The word CLDR's list patterns write between the last two items of a
/// list ("and": `und`, `e`, `и`), where it is one word.
fn and_word(localizer: &Localizer) -> Option<String> {
    let options = ListFormatterOptions::default().with_length(ListLength::Wide);
    let formatter = ListFormatter::try_new_and(localizer.language.requested.clone().into(), options).ok()?;
    let text = super::text(&formatter.format(["1", "2"].into_iter()));
    let between = text.strip_prefix('1')?.strip_suffix('2')?.trim();
    (!between.is_empty() && !between.contains(char::is_whitespace) && between.chars().all(char::is_alphabetic))
        .then(|| between.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every word is its language's once, with the table's meaning: a word
    /// CLDR already gives another meaning (or one listed twice) fails here,
    /// rather than sit in the list unread.
    #[test]
    fn every_word_is_read_with_its_meaning() {
        for (language, said) in WORDS {
            let localizer = Localizer::get(language).unwrap_or_else(|error| panic!("{language}: {error}"));
            let words = localizer.vocabulary();
            for &(text, means) in *said {
                let expected = means.word();
                assert_eq!(words.meaning_of(text), Some(expected), "{language}: {text}");
            }
        }
        for (language, month_in) in IN_MONTH {
            let localizer = Localizer::get(language).unwrap_or_else(|error| panic!("{language}: {error}"));
            for word in *month_in {
                assert!(localizer.vocabulary().says_in_before_month(word), "{language}: {word}");
            }
        }
        for table in [
            WORDS.iter().map(|(code, _)| *code).collect::<Vec<_>>(),
            RANGES.iter().map(|(code, _)| *code).collect(),
            IN_MONTH.iter().map(|(code, _)| *code).collect(),
        ] {
            let mut languages = table.clone();
            languages.sort_unstable();
            languages.dedup();
            assert_eq!(languages.len(), table.len(), "a language listed twice");
        }
    }

    #[test]
    fn the_word_for_and_comes_from_cldr() {
        for (tag, and) in [("de", "und"), ("it", "e"), ("ru", "и"), ("fr", "et"), ("nl", "en"), ("fi", "ja")] {
            let localizer = Localizer::get(tag).unwrap_or_else(|error| panic!("{tag}: {error}"));
            assert_eq!(and_word(&localizer).as_deref(), Some(and), "{tag}");
        }
    }
}
