//! The zone of an IP address, from a MaxMind-format database the operator
//! supplies (`--geoip-db`: GeoLite2-City, DB-IP City Lite, or any `.mmdb`
//! with GeoIP2-City's fields), read with the maxminddb crate. tsconv ships
//! none: their licences ask each user to accept them.

use std::net::IpAddr;
use std::path::Path;

use maxminddb::{Reader, geoip2};

use super::{City, Found, PlaceError};

/// An opened database, kept in memory (read once at start).
pub struct Database {
    reader: Reader<Vec<u8>>,
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Database").field("type", &self.reader.metadata().database_type).finish()
    }
}

impl Database {
    /// Opens the database at `path`, or says why it cannot be read.
    pub fn open(path: &Path) -> Result<Database, String> {
        let reader = Reader::open_readfile(path)
            .map_err(|error| format!("the IP database {} cannot be read: {error}", path.display()))?;
        Ok(Database { reader })
    }

    /// Reads a database from its bytes.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Database, String> {
        Reader::from_source(bytes)
            .map(|reader| Database { reader })
            .map_err(|error| format!("not a MaxMind-format database: {error}"))
    }

    pub fn source(&self) -> String {
        let metadata = self.reader.metadata();
        format!("{} (MaxMind DB, built at Unix {})", metadata.database_type, metadata.build_epoch)
    }

    /// The zones of `ip`: the database's own `location.time_zone`; without
    /// one, the zone of its coordinates; without those, its country's zones.
    pub(crate) fn locate(&self, ip: IpAddr) -> Result<Vec<Found>, PlaceError> {
        let not_located = || PlaceError::NotLocated { ip };
        let result = self.reader.lookup(ip).map_err(|_| not_located())?;
        let record: geoip2::City = result.decode().map_err(|_| not_located())?.ok_or_else(not_located)?;
        let country = record.country.iso_code.map(str::to_owned);
        let city = match (record.location.latitude, record.location.longitude) {
            (Some(latitude), Some(longitude)) => Some(City {
                name: record.city.names.english.unwrap_or_default().to_owned(),
                ascii_name: None,
                population: None,
                latitude,
                longitude,
            }),
            _ => None,
        };
        let mut found = if let Some(zone) = record.location.time_zone {
            vec![Found::zone(zone)]
        } else if let Some(place) = &city {
            super::coords::zones_at(place.latitude, place.longitude)?
        } else if let Some(code) = &country {
            super::country::zones_of(code).map_err(|_| PlaceError::NoZoneForIp { ip })?
        } else {
            return Err(PlaceError::NoZoneForIp { ip });
        };
        for each in &mut found {
            each.country = each.country.take().or_else(|| country.clone());
            each.city = city.clone();
        }
        Ok(found)
    }
}
