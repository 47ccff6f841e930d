//! The zone of an IP address, from a MaxMind-format database the operator
//! supplies (`--geoip-db`: GeoLite2-City, DB-IP City Lite, or any `.mmdb`
//! with GeoIP2-City's fields), read with the maxminddb crate. tsconv ships
//! none: their licences ask each user to accept them.

use std::net::IpAddr;
use std::path::Path;

use maxminddb::{Reader, geoip2};

use super::{City, Found, PlaceError};

/// Whether an address is routed on the internet (what `IpAddr::is_global`
/// will say once stable, for the ranges a home or office network uses):
/// not loopback, RFC 1918, link-local, shared (100.64/10), unspecified or
/// broadcast, nor IPv6's unique local (fc00::/7) and link-local (fe80::/10).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            !(v4.is_private()
                || v4.is_loopback()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || (a == 100 && (64..128).contains(&b)))
        }
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public(IpAddr::V4(v4)),
            None => {
                let first = v6.segments()[0];
                !(v6.is_loopback() || v6.is_unspecified() || first & 0xfe00 == 0xfc00 || first & 0xffc0 == 0xfe80)
            }
        },
    }
}

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

#[cfg(test)]
mod tests {
    use super::is_public;

    #[test]
    fn private_networks_are_not_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.20",
            "169.254.1.1",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "::ffff:192.168.1.1",
        ] {
            assert!(!is_public(private.parse().unwrap()), "{private}");
        }
        for public in ["8.8.8.8", "81.2.69.160", "100.128.0.1", "2001:db8::1", "2a00:1450::1", "::ffff:8.8.8.8"] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }
}
