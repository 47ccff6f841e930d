//! A country's zones, from the tz database's own tables: `zone.tab` (one
//! row per zone of a country, with the part of the country it covers) and
//! `iso3166.tab` (the codes and names), copied from the tz release jiff
//! bundles by `scripts/places-data`. Read where they lie, row by row.

use super::{Found, PlaceError};

const ZONE_TAB: &str = include_str!("../../data/places/zone.tab");
const ISO3166_TAB: &str = include_str!("../../data/places/iso3166.tab");

pub fn source() -> String {
    format!("tz database {} (zone.tab)", tsconv_time::zone::tzdb_version())
}

/// The rows of a table, comments and blank lines aside, split at tabs.
fn rows(table: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    table.lines().filter(|line| !line.is_empty() && !line.starts_with('#')).map(|line| line.split('\t').collect())
}

/// Every country: its code and name.
pub fn countries() -> impl Iterator<Item = (&'static str, &'static str)> {
    rows(ISO3166_TAB).filter_map(|row| Some((*row.first()?, *row.get(1)?)))
}

/// The English name of the country with this code.
pub fn name_of(code: &str) -> Option<&'static str> {
    countries().find(|(each, _)| each.eq_ignore_ascii_case(code)).map(|(_, name)| name)
}

/// The country and the part of it that zone.tab gives for `zone`, where it
/// lists the zone.
pub(crate) fn of_zone(zone: &str) -> Option<(&'static str, Option<&'static str>)> {
    rows(ZONE_TAB).find(|row| row.get(2) == Some(&zone)).and_then(|row| Some((*row.first()?, row.get(3).copied())))
}

/// The code of a country given by its code or its name, any case.
pub(crate) fn code_of(given: &str) -> Option<&'static str> {
    let lower = given.to_lowercase();
    countries()
        .find(|(code, name)| code.eq_ignore_ascii_case(given) || name.to_lowercase() == lower)
        .map(|(code, _)| code)
}

/// The zones of a country, in the table's order (its most populous part
/// first, as the tz database writes them).
pub(crate) fn zones_of(given: &str) -> Result<Vec<Found>, PlaceError> {
    let code = code_of(given.trim())
        .ok_or_else(|| PlaceError::NoSuchCountry { given: given.to_owned(), suggestions: suggest(given.trim()) })?;
    let zones: Vec<Found> = rows(ZONE_TAB)
        .filter(|row| row.first() == Some(&code))
        .filter_map(|row| {
            Some(Found {
                country: Some(code.to_owned()),
                region: row.get(3).map(|comment| (*comment).to_owned()),
                ..Found::zone(row.get(2)?)
            })
        })
        .collect();
    if zones.is_empty() {
        return Err(PlaceError::NoZoneForCountry { code, name: name_of(code).unwrap_or(code) });
    }
    Ok(zones)
}

/// The codes whose names are closest to what was given.
pub(crate) fn suggest(given: &str) -> Vec<&'static str> {
    let given = given.to_lowercase();
    let mut scored: Vec<(f64, &'static str)> = countries()
        .map(|(code, name)| {
            let by_name = strsim::jaro_winkler(&given, &name.to_lowercase());
            let by_code = if given.len() <= 3 { strsim::jaro_winkler(&given, &code.to_lowercase()) } else { 0.0 };
            (by_name.max(by_code), code)
        })
        .filter(|(score, _)| *score >= 0.85)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    scored.into_iter().take(3).map(|(_, code)| code).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_country_is_its_code_or_its_name_in_any_case() {
        for given in ["PT", "pt", "Portugal", "portugal"] {
            let zones = zones_of(given).unwrap();
            let names: Vec<&str> = zones.iter().map(|found| found.zone.as_str()).collect();
            assert_eq!(names, ["Europe/Lisbon", "Atlantic/Madeira", "Atlantic/Azores"], "{given}");
        }
        assert_eq!(name_of("de"), Some("Germany"));
    }

    #[test]
    fn an_unknown_country_suggests_codes() {
        let PlaceError::NoSuchCountry { suggestions, .. } = zones_of("Portugl").unwrap_err() else { panic!() };
        assert_eq!(suggestions.first(), Some(&"PT"));
        assert!(zones_of("XX").is_err());
    }
}
