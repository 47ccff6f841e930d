//! The zone of a place, offline: a point on the map, a country, a city or an
//! IP address. Each answers the zones that hold it, best first, each as the
//! zone is now.
//!
//! - [`coords`]: the zone whose boundary holds a point (timezone-boundary-
//!   builder's polygons through tzf-rs, loaded on first use); the sea
//!   answers its nautical `Etc/GMT±N` zone.
//! - [`country`]: a country's zones, from the tz database's own tables
//!   (`zone.tab`, `iso3166.tab`).
//! - [`city`]: GeoNames' cities of over 15,000 people, by any of their names.
//! - [`ip`]: a MaxMind-format database the operator supplies (`--geoip-db`).
//!
//! The data is embedded in the binary and read where it lies: none is held
//! on the heap until a lookup needs it, and only the boundaries then.

pub mod city;
pub mod coords;
pub mod country;
pub mod ip;

use std::net::IpAddr;

use jiff::Timestamp;
use serde::Serialize;
use tsconv_time::zone::{Zone, ZoneInfo};

/// What is looked up.
#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    /// A point, in degrees (WGS 84).
    Point {
        lat: f64,
        lon: f64,
    },
    /// An ISO 3166 alpha-2 code or a country's English name.
    Country(String),
    /// A city's name, in any case and any of its languages, optionally
    /// only in one country.
    City {
        name: String,
        country: Option<String>,
    },
    Ip(IpAddr),
}

impl Place {
    /// The name of the kind of lookup, as the answer's `by` states it.
    pub fn kind(&self) -> &'static str {
        match self {
            Place::Point { .. } => "coordinates",
            Place::Country(_) => "country",
            Place::City { .. } => "city",
            Place::Ip(_) => "ip",
        }
    }
}

/// A lookup's answer.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Lookup {
    /// How the place was given: `coordinates`, `country`, `city` or `ip`.
    #[schema(example = "coordinates")]
    pub by: &'static str,
    /// The zone of the best match: the first of `matches`.
    #[schema(example = "Europe/Lisbon")]
    pub timezone: String,
    /// Every zone found, best first (a point on a disputed border or a city
    /// name several places share has more than one).
    pub matches: Vec<Match>,
    /// Where the answer comes from, with its version.
    #[schema(example = "timezone-boundary-builder 2026f (tzf-rs)")]
    pub source: String,
}

/// One zone a place is in, with what the data says of the place.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Match {
    /// The IANA zone.
    pub timezone: String,
    /// The zone as it is now.
    pub zone: ZoneInfo,
    /// The ISO 3166 code of the country, where the data names one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "PT")]
    pub country: Option<String>,
    /// The country's name, from the tz database's `iso3166.tab`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "Portugal")]
    pub country_name: Option<String>,
    /// The part of the country the zone covers, from `zone.tab` (absent when
    /// the zone is the country's only one).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "Madeira Islands")]
    pub region: Option<String>,
    /// The city (a city lookup), or the place the address is located at (an
    /// IP lookup).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub city: Option<City>,
    /// Whether this is a nautical zone (`Etc/GMT±N`) of the open sea.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub nautical: bool,
}

/// A city of the table, or where an address is located.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct City {
    #[schema(example = "Lisbon")]
    pub name: String,
    /// The name without accents.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "Lisbon")]
    pub ascii_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = 517802)]
    pub population: Option<u64>,
    #[schema(example = 38.71667)]
    pub latitude: f64,
    #[schema(example = -9.13333)]
    pub longitude: f64,
}

/// Why a place has no answer.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PlaceError {
    /// A parameter that cannot be read: a latitude out of range, an empty
    /// city, an address that is not one.
    #[error("{message}")]
    Invalid { param: &'static str, message: String },
    /// No city of the table has this name.
    #[error("no city of over 15,000 people is called {name:?}{}", did_you_mean(suggestions))]
    NoSuchCity { name: String, suggestions: Vec<&'static str> },
    /// Not an ISO 3166 code nor a country's name.
    #[error("{given:?} is no ISO 3166 country code nor a country's name{}", did_you_mean(suggestions))]
    NoSuchCountry { given: String, suggestions: Vec<&'static str> },
    /// A country the tz database gives no zone of its own (Bouvet Island).
    #[error("{name} ({code}) has no zone of its own in the tz database's zone.tab (an uninhabited territory)")]
    NoZoneForCountry { code: &'static str, name: &'static str },
    /// The address is not in the operator's database.
    #[error("{ip} is not in the IP database (a private or reserved address, or one the database does not locate)")]
    NotLocated { ip: IpAddr },
    /// The address is in the database, which gives neither a zone nor a
    /// place for it.
    #[error("the IP database knows {ip} but gives no time zone, coordinates or country for it")]
    NoZoneForIp { ip: IpAddr },
    /// No IP database was given.
    #[error(
        "looking up an IP address needs a MaxMind-format database (GeoLite2-City.mmdb, DB-IP's City Lite, or any \
         .mmdb with location.time_zone): start the server with --geoip-db PATH or TSCONV_GEOIP_DB=PATH"
    )]
    NoIpDatabase,
}

fn did_you_mean(suggestions: &[&str]) -> String {
    match suggestions {
        [] => String::new(),
        [one] => format!(": did you mean {one}?"),
        more => format!(": did you mean one of {}?", more.join(", ")),
    }
}

impl PlaceError {
    /// The parameter at fault.
    pub fn param(&self) -> &'static str {
        match self {
            PlaceError::Invalid { param, .. } => param,
            PlaceError::NoSuchCity { .. } => "city",
            PlaceError::NoSuchCountry { .. } | PlaceError::NoZoneForCountry { .. } => "country",
            PlaceError::NotLocated { .. } | PlaceError::NoZoneForIp { .. } | PlaceError::NoIpDatabase => "ip",
        }
    }

    /// The names probably meant, best first.
    pub fn suggestions(&self) -> Option<&[&'static str]> {
        match self {
            PlaceError::NoSuchCity { suggestions, .. } | PlaceError::NoSuchCountry { suggestions, .. } => {
                Some(suggestions)
            }
            _ => None,
        }
    }
}

/// The longest city or country name read: the longest name of the table is
/// far shorter, and the search for close names costs in proportion to it.
pub const MAX_NAME_CHARS: usize = 200;

/// The most matches a city lookup answers by default, and at most.
pub const DEFAULT_LIMIT: usize = 10;
pub const MAX_LIMIT: usize = 100;

/// Reads how many cities to answer at most: 1 to [`MAX_LIMIT`], by
/// default [`DEFAULT_LIMIT`].
pub fn limit(text: Option<&str>) -> Result<usize, PlaceError> {
    let Some(text) = text else { return Ok(DEFAULT_LIMIT) };
    text.trim().parse().ok().filter(|n| (1..=MAX_LIMIT).contains(n)).ok_or_else(|| PlaceError::Invalid {
        param: "limit",
        message: format!("limit must be a whole number from 1 to {MAX_LIMIT}, not {text:?}"),
    })
}

/// Finds the zones of `place`, each as it is at `now`, at most `limit`
/// (a city name many places share). `ip_db` is the operator's database.
///
/// ```
/// use tsconv::places::{Place, lookup};
/// let now = "2024-07-01T12:00:00Z".parse().unwrap();
/// let lisbon = lookup(&Place::Point { lat: 38.72, lon: -9.14 }, None, 10, now).unwrap();
/// assert_eq!(lisbon.timezone, "Europe/Lisbon");
/// let paris = lookup(&Place::City { name: "paris".into(), country: None }, None, 10, now).unwrap();
/// assert_eq!((paris.matches[0].country.as_deref(), paris.timezone.as_str()), (Some("FR"), "Europe/Paris"));
/// ```
pub fn lookup(place: &Place, ip_db: Option<&ip::Database>, limit: usize, now: Timestamp) -> Result<Lookup, PlaceError> {
    let (found, source) = match place {
        Place::Point { lat, lon } => (coords::zones_at(*lat, *lon)?, coords::source()),
        Place::Country(given) => (country::zones_of(given)?, country::source()),
        Place::City { name, country } => (city::find(name, country.as_deref(), limit)?, city::source()),
        Place::Ip(address) => {
            let db = ip_db.ok_or(PlaceError::NoIpDatabase)?;
            (db.locate(*address)?, db.source())
        }
    };
    let matches: Vec<Match> = found.into_iter().filter_map(|found| found.at(now)).collect();
    let timezone = matches.first().map(|m| m.timezone.clone()).ok_or_else(|| PlaceError::Invalid {
        param: place_param(place),
        message: "the data names no zone the bundled tz database knows for this place".to_owned(),
    })?;
    Ok(Lookup { by: place.kind(), timezone, matches, source })
}

/// The zone of the address a request came from (or names), as the other
/// services' IP routes answer it: an address of a private network
/// (loopback, RFC 1918, link-local, unique local) is in `local`, the
/// server's own zone, for a device on the operator's network; a public one
/// is looked up in the operator's database.
pub fn zone_of_address(
    address: IpAddr,
    database: Option<&ip::Database>,
    local: &Zone,
    now: Timestamp,
) -> Result<Zone, PlaceError> {
    if !ip::is_public(address) {
        return Ok(local.clone());
    }
    let found = lookup(&Place::Ip(address), database, 1, now)?;
    Zone::parse_without_suggestions(&found.timezone).map_err(|_| PlaceError::NoZoneForIp { ip: address })
}

fn place_param(place: &Place) -> &'static str {
    match place {
        Place::Point { .. } => "lat",
        Place::Country(_) => "country",
        Place::City { .. } => "city",
        Place::Ip(_) => "ip",
    }
}

/// A zone found for a place, before it is looked at now.
#[derive(Clone, Debug, Default)]
pub(crate) struct Found {
    pub zone: String,
    pub country: Option<String>,
    pub region: Option<String>,
    pub city: Option<City>,
    pub nautical: bool,
}

impl Found {
    pub(crate) fn zone(zone: &str) -> Found {
        Found { zone: zone.to_owned(), ..Found::default() }
    }

    /// The match, with the zone as it is at `now`; `None` for a zone the
    /// bundled database does not have (the data is newer or older).
    fn at(mut self, now: Timestamp) -> Option<Match> {
        let zone = Zone::parse_without_suggestions(&self.zone).ok()?;
        // A zone of a point or an address: its country and part, as the tz
        // database lists them (none for the sea's zones).
        if let Some((listed, region)) = country::of_zone(zone.name()) {
            let country = self.country.get_or_insert_with(|| listed.to_owned());
            if country == listed && self.region.is_none() {
                self.region = region.map(str::to_owned);
            }
        }
        let country_name = self.country.as_deref().and_then(country::name_of).map(str::to_owned);
        Some(Match {
            timezone: zone.name().to_owned(),
            zone: zone.info(now),
            country: self.country,
            country_name,
            region: self.region,
            city: self.city,
            nautical: self.nautical,
        })
    }
}

/// Reads the parameters of a lookup, as the API and the CLI take them:
/// exactly one of a point (`lat` and `lon`), `country` alone, `city`
/// (optionally with `country`), or `ip`.
pub fn place_of(
    lat: Option<&str>,
    lon: Option<&str>,
    country: Option<&str>,
    city: Option<&str>,
    ip: Option<&str>,
) -> Result<Place, PlaceError> {
    let invalid = |param, message: &str| PlaceError::Invalid { param, message: message.to_owned() };
    let ways = [lat.is_some() || lon.is_some(), city.is_some(), ip.is_some(), country.is_some() && city.is_none()];
    match ways.iter().filter(|way| **way).count() {
        0 => return Err(invalid("lat", "give a place: lat and lon, country, city (and country), or ip")),
        1 => {}
        _ => {
            return Err(invalid(
                if lat.is_some() || lon.is_some() { "lat" } else { "ip" },
                "give one place: lat and lon, country, city (optionally with country), or ip",
            ));
        }
    }
    if lat.is_some() || lon.is_some() {
        let lat = coords::degrees(lat, "lat", 90.0)?;
        let lon = coords::degrees(lon, "lon", 180.0)?;
        return Ok(Place::Point { lat, lon });
    }
    if let Some(ip) = ip {
        return ip.trim().parse().map(Place::Ip).map_err(|_| PlaceError::Invalid {
            param: "ip",
            message: format!("{ip:?} is not an IPv4 or IPv6 address"),
        });
    }
    for (param, text) in [("city", city), ("country", country)] {
        if text.is_some_and(|text| text.chars().count() > MAX_NAME_CHARS) {
            return Err(PlaceError::Invalid {
                param,
                message: format!("{param} is longer than {MAX_NAME_CHARS} characters: no place's name is"),
            });
        }
    }
    if let Some(name) = city {
        let name = name.trim();
        if name.is_empty() {
            return Err(invalid("city", "city is empty: give a city's name, e.g. city=Lisbon"));
        }
        return Ok(Place::City { name: name.to_owned(), country: country.map(str::to_owned) });
    }
    let country = country.map(str::trim).unwrap_or_default();
    if country.is_empty() {
        return Err(invalid("country", "country is empty: give an ISO 3166 code, e.g. country=PT"));
    }
    Ok(Place::Country(country.to_owned()))
}

/// Off the hot path: written by `serde_json`.
impl tsconv_time::json::BySerde for Lookup {}
