//! Zone abbreviations in typed text: one table, GNU `date`'s
//! names first (gnulib's `parse-datetime.y`, with their offsets as GNU
//! reads them: `EST` is -05:00 all year, a daylight name is its standard
//! offset plus an hour), then the short metazone names of CLDR's English
//! locales (`en`, `en-AU`, `en-IE`, `en-IN`, `en-GB`) that GNU lacks.
//!
//! An abbreviation that names several offsets lists each: the first is
//! the reading (GNU's where GNU has the name), the others are the
//! candidates `validate` offers in `alternatives`. A candidate's region is
//! the territory CLDR's metazone data gives its zone; a `locale` of that
//! region reads the abbreviation as that candidate (`en-IE`: `IST` is Irish
//! Standard Time, +01:00).

/// Where an entry of the table comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// gnulib's `parse-datetime.y` (GNU `date -d`).
    Gnu,
    /// CLDR's short metazone names in the English locale named.
    Cldr(&'static str),
    /// The abbreviation the IANA database writes for the zone: listed as a
    /// candidate only, never the reading.
    Tzdb,
    /// What people write for a zone whose abbreviation the IANA database
    /// no longer invents (it writes `+06` for Bangladesh): a candidate only.
    Usage,
}

/// One meaning of an abbreviation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meaning {
    /// As written, upper case (`CST`).
    pub abbreviation: &'static str,
    /// Seconds east of UTC.
    pub offset: i32,
    /// A zone that uses this abbreviation with this offset.
    pub zone: &'static str,
    /// What it stands for.
    pub name: &'static str,
    /// The territory whose locales read the abbreviation this way.
    pub region: &'static str,
    pub source: Source,
}

const H: i32 = 3600;

const fn meaning(
    abbreviation: &'static str,
    offset: i32,
    zone: &'static str,
    name: &'static str,
    region: &'static str,
    source: Source,
) -> Meaning {
    Meaning { abbreviation, offset, zone, name, region, source }
}

use Source::{Cldr, Gnu, Tzdb, Usage};

use crate::error::TimeError;
use crate::zone::Zone;

/// The table, grouped by abbreviation, the reading of each first.
pub const TABLE: &[Meaning] = &[
    meaning("GMT", 0, "UTC", "Greenwich Mean Time", "001", Gnu),
    meaning("UT", 0, "UTC", "Universal Time", "001", Gnu),
    meaning("UTC", 0, "UTC", "Coordinated Universal Time", "001", Gnu),
    meaning("Z", 0, "UTC", "Zulu (UTC)", "001", Gnu),
    meaning("WET", 0, "Europe/Lisbon", "Western European Time", "PT", Gnu),
    meaning("WEST", H, "Europe/Lisbon", "Western European Summer Time", "PT", Gnu),
    meaning("BST", H, "Europe/London", "British Summer Time", "GB", Gnu),
    meaning("BST", 6 * H, "Asia/Dhaka", "Bangladesh Standard Time", "BD", Usage),
    meaning("BST", 11 * H, "Pacific/Bougainville", "Bougainville Standard Time", "PG", Usage),
    meaning("ART", -3 * H, "America/Argentina/Buenos_Aires", "Argentina Time", "AR", Gnu),
    meaning("BRT", -3 * H, "America/Sao_Paulo", "Brasilia Time", "BR", Gnu),
    meaning("BRST", -2 * H, "America/Sao_Paulo", "Brasilia Summer Time", "BR", Gnu),
    meaning("NST", -(3 * H + 1800), "America/St_Johns", "Newfoundland Standard Time", "CA", Gnu),
    meaning("NDT", -(2 * H + 1800), "America/St_Johns", "Newfoundland Daylight Time", "CA", Gnu),
    meaning("AST", -4 * H, "America/Halifax", "Atlantic Standard Time", "CA", Gnu),
    meaning("ADT", -3 * H, "America/Halifax", "Atlantic Daylight Time", "CA", Gnu),
    meaning("CLT", -4 * H, "America/Santiago", "Chile Standard Time", "CL", Gnu),
    meaning("CLST", -3 * H, "America/Santiago", "Chile Summer Time", "CL", Gnu),
    meaning("EST", -5 * H, "America/New_York", "Eastern Standard Time", "US", Gnu),
    meaning("EDT", -4 * H, "America/New_York", "Eastern Daylight Time", "US", Gnu),
    meaning("CST", -6 * H, "America/Chicago", "Central Standard Time", "US", Gnu),
    meaning("CST", 8 * H, "Asia/Shanghai", "China Standard Time", "CN", Tzdb),
    meaning("CST", -5 * H, "America/Havana", "Cuba Standard Time", "CU", Tzdb),
    meaning("CDT", -5 * H, "America/Chicago", "Central Daylight Time", "US", Gnu),
    meaning("CDT", -4 * H, "America/Havana", "Cuba Daylight Time", "CU", Tzdb),
    meaning("MST", -7 * H, "America/Denver", "Mountain Standard Time", "US", Gnu),
    meaning("MDT", -6 * H, "America/Denver", "Mountain Daylight Time", "US", Gnu),
    meaning("PST", -8 * H, "America/Los_Angeles", "Pacific Standard Time", "US", Gnu),
    meaning("PST", 8 * H, "Asia/Manila", "Philippine Standard Time", "PH", Tzdb),
    meaning("PDT", -7 * H, "America/Los_Angeles", "Pacific Daylight Time", "US", Gnu),
    meaning("AKST", -9 * H, "America/Anchorage", "Alaska Standard Time", "US", Gnu),
    meaning("AKDT", -8 * H, "America/Anchorage", "Alaska Daylight Time", "US", Gnu),
    meaning("HST", -10 * H, "Pacific/Honolulu", "Hawaii Standard Time", "US", Gnu),
    meaning("HAST", -10 * H, "America/Adak", "Hawaii-Aleutian Standard Time", "US", Gnu),
    meaning("HADT", -9 * H, "America/Adak", "Hawaii-Aleutian Daylight Time", "US", Gnu),
    meaning("HDT", -9 * H, "America/Adak", "Hawaii-Aleutian Daylight Time", "US", Cldr("en")),
    meaning("SST", -12 * H, "Pacific/Pago_Pago", "Samoa Standard Time (GNU's offset)", "AS", Gnu),
    meaning("SST", -11 * H, "Pacific/Pago_Pago", "Samoa Standard Time", "AS", Tzdb),
    meaning("WAT", H, "Africa/Lagos", "West Africa Time", "NG", Gnu),
    meaning("CET", H, "Europe/Paris", "Central European Time", "FR", Gnu),
    meaning("CEST", 2 * H, "Europe/Paris", "Central European Summer Time", "FR", Gnu),
    meaning("MET", H, "MET", "Middle European Time", "DE", Gnu),
    meaning("MEZ", H, "Europe/Berlin", "Mitteleuropäische Zeit", "DE", Gnu),
    meaning("MEST", 2 * H, "MET", "Middle European Summer Time", "DE", Gnu),
    meaning("MESZ", 2 * H, "Europe/Berlin", "Mitteleuropäische Sommerzeit", "DE", Gnu),
    meaning("EET", 2 * H, "Europe/Athens", "Eastern European Time", "GR", Gnu),
    meaning("EEST", 3 * H, "Europe/Athens", "Eastern European Summer Time", "GR", Gnu),
    meaning("CAT", 2 * H, "Africa/Maputo", "Central Africa Time", "MZ", Gnu),
    meaning("SAST", 2 * H, "Africa/Johannesburg", "South Africa Standard Time", "ZA", Gnu),
    meaning("EAT", 3 * H, "Africa/Nairobi", "East Africa Time", "KE", Gnu),
    meaning("MSK", 3 * H, "Europe/Moscow", "Moscow Standard Time", "RU", Gnu),
    meaning("MSD", 4 * H, "Europe/Moscow", "Moscow Daylight Time", "RU", Gnu),
    meaning("IST", 5 * H + 1800, "Asia/Kolkata", "India Standard Time", "IN", Gnu),
    meaning("IST", 2 * H, "Asia/Jerusalem", "Israel Standard Time", "IL", Tzdb),
    meaning("IST", H, "Europe/Dublin", "Irish Standard Time", "IE", Cldr("en-IE")),
    meaning("SGT", 8 * H, "Asia/Singapore", "Singapore Time", "SG", Gnu),
    meaning("KST", 9 * H, "Asia/Seoul", "Korea Standard Time", "KR", Gnu),
    meaning("JST", 9 * H, "Asia/Tokyo", "Japan Standard Time", "JP", Gnu),
    meaning("GST", 10 * H, "Pacific/Guam", "Guam Standard Time", "GU", Gnu),
    meaning("NZST", 12 * H, "Pacific/Auckland", "New Zealand Standard Time", "NZ", Gnu),
    meaning("NZDT", 13 * H, "Pacific/Auckland", "New Zealand Daylight Time", "NZ", Gnu),
    meaning("AEST", 10 * H, "Australia/Sydney", "Australian Eastern Standard Time", "AU", Cldr("en-AU")),
    meaning("AEDT", 11 * H, "Australia/Sydney", "Australian Eastern Daylight Time", "AU", Cldr("en-AU")),
    meaning("ACST", 9 * H + 1800, "Australia/Adelaide", "Australian Central Standard Time", "AU", Cldr("en-AU")),
    meaning("ACDT", 10 * H + 1800, "Australia/Adelaide", "Australian Central Daylight Time", "AU", Cldr("en-AU")),
    meaning("AWST", 8 * H, "Australia/Perth", "Australian Western Standard Time", "AU", Cldr("en-AU")),
    meaning("ChST", 10 * H, "Pacific/Guam", "Chamorro Standard Time", "GU", Cldr("en")),
];

/// Every meaning of `word` (any case), the reading first; `locale_region`
/// moves the candidate of that region first. Empty when the table does
/// not have it.
pub fn meanings(word: &str, locale_region: Option<&str>) -> Vec<Meaning> {
    let mut found: Vec<Meaning> =
        TABLE.iter().filter(|meaning| meaning.abbreviation.eq_ignore_ascii_case(word)).copied().collect();
    if let Some(region) = locale_region
        && let Some(i) = found.iter().position(|meaning| meaning.region.eq_ignore_ascii_case(region))
        && i > 0
    {
        let chosen = found.remove(i);
        found.insert(0, chosen);
    }
    found
}

/// The zone a machine or its operator names as its own (`TZ`,
/// `--default-timezone`): whatever [`Zone::parse`] reads (an IANA name, an
/// offset, a Windows ID), a POSIX `TZ` naming a file of the database
/// (`:Europe/Berlin`, `:/usr/share/zoneinfo/Asia/Kolkata`), or an
/// abbreviation of this table, read as in people's text: the zone of its
/// reading (`CEST` is Europe/Paris, `EDT` America/New_York; an ambiguous
/// one, `CST`, its first meaning), so that the zone keeps its clock changes.
///
/// ```
/// use tsconv_time::human::abbreviations::configured_zone;
///
/// assert_eq!(configured_zone("CEST").unwrap().name(), "Europe/Paris");
/// assert_eq!(configured_zone(":/usr/share/zoneinfo/Asia/Kolkata").unwrap().name(), "Asia/Kolkata");
/// assert_eq!(configured_zone("W. Europe Standard Time").unwrap().name(), "Europe/Berlin");
/// assert!(configured_zone("Mars/Olympus_Mons").is_err());
/// ```
pub fn configured_zone(text: &str) -> Result<Zone, TimeError> {
    let name = text.trim().trim_start_matches(':');
    let name = name.find("zoneinfo/").map_or(name, |at| &name[at + "zoneinfo/".len()..]);
    Zone::parse(name).or_else(|error| match meanings(name, None).first() {
        Some(meaning) => Zone::parse_without_suggestions(meaning.zone),
        None => Err(error),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_zone_of_the_table_exists_and_tzdb_candidates_match_the_database() {
        for meaning in TABLE {
            let zone = crate::zone::Zone::parse_without_suggestions(meaning.zone)
                .unwrap_or_else(|_| panic!("{} names {}", meaning.abbreviation, meaning.zone));
            if matches!(meaning.source, Source::Gnu | Source::Usage) {
                continue;
            }
            // A CLDR or tzdb meaning is one the zone has: the database writes
            // the abbreviation with that offset in 2024, or at a transition since 1970.
            let now =
                ["2024-01-15T00:00:00Z", "2024-07-15T00:00:00Z"].map(|t| zone.tz().to_offset_info(t.parse().unwrap()));
            let found =
                now.iter().any(|i| i.offset().seconds() == meaning.offset && i.abbreviation() == meaning.abbreviation)
                    || zone
                        .tz()
                        .following(jiff::Timestamp::UNIX_EPOCH)
                        .take(400)
                        .any(|t| t.offset().seconds() == meaning.offset && t.abbreviation() == meaning.abbreviation);
            assert!(found, "{} {} {}", meaning.abbreviation, meaning.offset, meaning.zone);
        }
    }

    #[test]
    fn the_region_of_the_locale_breaks_the_tie() {
        assert_eq!(meanings("IST", None)[0].zone, "Asia/Kolkata");
        assert_eq!(meanings("ist", Some("IE"))[0].zone, "Europe/Dublin");
        assert_eq!(meanings("IST", Some("IL"))[0].zone, "Asia/Jerusalem");
        assert_eq!(meanings("CST", None).len(), 3);
        assert!(meanings("XYZ", None).is_empty());
    }
}
