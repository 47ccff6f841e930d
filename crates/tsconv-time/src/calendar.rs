//! The calendar facts of a wall-clock date (the answers' `calendar`): its
//! weekday, ISO week, day of the year, quarter, the length of its month and
//! whether its year is a leap year. People and agents ask "what day is it
//! there", and models miscount weekdays: every answer that names an instant
//! in a zone carries these as data.

use jiff::civil::Date;

/// The calendar facts of the wall-clock date in `timezone`: its weekday,
/// ISO week, day of the year, quarter, the length of its month and whether
/// its year is a leap year.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(example = json!({"weekday": "Tuesday", "weekday_number": 2,
    "iso_week": "2023-W46", "day_of_year": 318, "quarter": 4, "days_in_month": 30, "leap_year": false})))]
pub struct Calendar {
    /// The weekday in English (`Tuesday`); the locale's name is in `format`'s presets.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "Tuesday"))]
    pub weekday: &'static str,
    /// ISO 8601's number of the weekday: Monday 1 ... Sunday 7.
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 7))]
    pub weekday_number: u8,
    /// The ISO week-year and week (`2023-W46`; `2026-W53` for 2027-01-01).
    #[cfg_attr(feature = "openapi", schema(example = "2023-W46"))]
    pub iso_week: String,
    /// 1 to 366.
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 366))]
    pub day_of_year: u16,
    /// 1 to 4.
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 4))]
    pub quarter: u8,
    /// 28 to 31.
    #[cfg_attr(feature = "openapi", schema(minimum = 28, maximum = 31))]
    pub days_in_month: u8,
    /// Whether the date's year (the calendar year, not the ISO week-year) has a February 29.
    pub leap_year: bool,
}

/// The English weekday names, Monday first.
const WEEKDAYS: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

impl Calendar {
    /// The facts of `date`.
    ///
    /// ```
    /// use jiff::civil::date;
    /// use tsconv_time::calendar::Calendar;
    ///
    /// let facts = Calendar::of(date(2023, 11, 14));
    /// assert_eq!((facts.weekday, facts.weekday_number, facts.iso_week.as_str()), ("Tuesday", 2, "2023-W46"));
    /// assert_eq!((facts.day_of_year, facts.quarter, facts.days_in_month, facts.leap_year), (318, 4, 30, false));
    /// // An ISO week belongs to the year that holds its Thursday.
    /// assert_eq!(Calendar::of(date(2027, 1, 1)).iso_week, "2026-W53");
    /// ```
    pub fn of(date: Date) -> Calendar {
        let week = date.iso_week_date();
        let number = date.weekday().to_monday_one_offset() as u8;
        let mut iso_week = String::with_capacity(8);
        push_week_year(&mut iso_week, week.year());
        iso_week.push_str("-W");
        let week_number = week.week() as u8;
        iso_week.push(char::from(b'0' + week_number / 10));
        iso_week.push(char::from(b'0' + week_number % 10));
        Calendar {
            weekday: WEEKDAYS[usize::from(number - 1)],
            weekday_number: number,
            iso_week,
            day_of_year: date.day_of_year() as u16,
            quarter: (date.month() as u8 - 1) / 3 + 1,
            days_in_month: date.days_in_month() as u8,
            leap_year: date.in_leap_year(),
        }
    }
}

/// An ISO week-year as `iso` writes years: four digits in 0000-9999, else
/// ISO 8601's expanded form with a sign and six digits (`-000001`), so
/// that `iso_week` and `iso_week` the format agree.
pub(crate) fn push_week_year(text: &mut String, year: i16) {
    if (0..=9999).contains(&year) {
        let year = year as u16;
        for divisor in [1000, 100, 10, 1] {
            text.push(char::from(b'0' + (year / divisor % 10) as u8));
        }
    } else {
        text.push(if year < 0 { '-' } else { '+' });
        let year = year.unsigned_abs();
        for divisor in [100_000, 10_000, 1000, 100, 10, 1] {
            text.push(char::from(b'0' + (u32::from(year) / divisor % 10) as u8));
        }
    }
}

#[cfg(feature = "serde")]
impl Calendar {
    pub(crate) fn write(&self, json: &mut crate::json::Json<'_>) {
        json.open("weekday").string(self.weekday);
        json.key("weekday_number").integer(self.weekday_number);
        json.key("iso_week").string(&self.iso_week);
        json.key("day_of_year").integer(self.day_of_year);
        json.key("quarter").integer(self.quarter);
        json.key("days_in_month").integer(self.days_in_month);
        json.key("leap_year").boolean(self.leap_year).close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;

    #[test]
    fn the_years_at_the_ends_of_the_range_are_written_as_iso_writes_them() {
        assert_eq!(Calendar::of(date(-9999, 1, 1)).iso_week, "-009999-W01");
        assert_eq!(Calendar::of(date(0, 1, 3)).iso_week, "0000-W01");
        assert_eq!(Calendar::of(date(0, 1, 1)).iso_week, "-000001-W52");
        assert_eq!(Calendar::of(date(9999, 12, 31)).iso_week, "9999-W52");
        assert_eq!(Calendar::of(date(2024, 12, 30)).iso_week, "2025-W01");
    }

    #[test]
    fn leap_years_follow_the_gregorian_rule() {
        for (year, leap) in [(1900, false), (2000, true), (2024, true), (2100, false), (-4, true)] {
            assert_eq!(Calendar::of(date(year, 2, 1)).leap_year, leap, "{year}");
            assert_eq!(Calendar::of(date(year, 2, 1)).days_in_month, if leap { 29 } else { 28 }, "{year}");
        }
    }
}
