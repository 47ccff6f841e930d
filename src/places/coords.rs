//! The zone of a point: the polygons of timezone-boundary-builder (with its
//! oceans), through tzf-rs's finder over the data of tzf-dist, built on
//! first use.

use std::sync::OnceLock;

use tzf_rs::DefaultFinder;

use super::{Found, PlaceError};

static FINDER: OnceLock<DefaultFinder> = OnceLock::new();

/// The finder, built on first use (a few hundred milliseconds, and the
/// memory BENCHMARKS states).
fn finder() -> &'static DefaultFinder {
    FINDER.get_or_init(DefaultFinder::new)
}

/// Whether the boundaries are loaded (a server that never looks up a point
/// never loads them).
pub fn loaded() -> bool {
    FINDER.get().is_some()
}

pub fn source() -> String {
    format!("timezone-boundary-builder {} (tzf-rs)", finder().data_version())
}

/// Reads a latitude (`limit` 90) or longitude (`limit` 180) in degrees.
pub(crate) fn degrees(text: Option<&str>, param: &'static str, limit: f64) -> Result<f64, PlaceError> {
    let other = if param == "lat" { "lon" } else { "lat" };
    let text = text.map(str::trim).ok_or_else(|| PlaceError::Invalid {
        param,
        message: format!("{param} is missing: a point needs both lat and lon ({other} was given)"),
    })?;
    let value: f64 = text.parse().ok().filter(|value: &f64| value.is_finite()).ok_or_else(|| PlaceError::Invalid {
        param,
        message: format!("{param} must be a number of degrees, e.g. 38.72, not {text:?}"),
    })?;
    if value.abs() > limit {
        return Err(PlaceError::Invalid {
            param,
            message: format!("{param} must be between -{limit} and {limit} degrees, not {value}"),
        });
    }
    Ok(value)
}

/// The zones whose boundaries hold the point: the finder's best first, then
/// any other zone that claims it (a point on a border, a disputed area).
pub(crate) fn zones_at(lat: f64, lon: f64) -> Result<Vec<Found>, PlaceError> {
    let finder = finder();
    let best = finder.get_tz_name(lon, lat);
    let mut zones: Vec<&str> = Vec::with_capacity(2);
    if !best.is_empty() {
        zones.push(best);
    }
    for name in finder.get_tz_names(lon, lat) {
        if !zones.contains(&name) {
            zones.push(name);
        }
    }
    if zones.is_empty() {
        // Out of every polygon (the poles' edges): the sea's rule.
        return Ok(vec![Found { nautical: true, ..Found::zone(&nautical(lon)) }]);
    }
    Ok(zones.into_iter().map(|zone| Found { nautical: zone.starts_with("Etc/GMT"), ..Found::zone(zone) }).collect())
}

/// The nautical zone of a longitude: 15° strips centred on the meridians
/// of whole hours, `Etc/GMT-1` east of 7.5°E (POSIX's sign, which is the
/// tz database's).
fn nautical(lon: f64) -> String {
    let hours = (lon / 15.0).round() as i32;
    match hours {
        0 => "Etc/GMT".to_owned(),
        east if east > 0 => format!("Etc/GMT-{}", east.min(12)),
        west => format!("Etc/GMT+{}", (-west).min(12)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nautical_zone_follows_the_meridians() {
        assert_eq!(nautical(0.0), "Etc/GMT");
        assert_eq!(nautical(7.4), "Etc/GMT");
        assert_eq!(nautical(7.6), "Etc/GMT-1");
        assert_eq!(nautical(-30.0), "Etc/GMT+2");
        assert_eq!(nautical(179.9), "Etc/GMT-12");
        assert_eq!(nautical(-179.9), "Etc/GMT+12");
    }

    #[test]
    fn degrees_are_numbers_in_range() {
        assert_eq!(degrees(Some(" 38.5 "), "lat", 90.0), Ok(38.5));
        for bad in ["91", "-90.5", "NaN", "inf", "north", ""] {
            let error = degrees(Some(bad), "lat", 90.0).unwrap_err();
            assert_eq!(error.param(), "lat", "{bad}");
        }
        assert!(degrees(Some("-180"), "lon", 180.0).is_ok());
        assert!(degrees(Some("180.01"), "lon", 180.0).is_err());
        assert!(degrees(None, "lon", 180.0).unwrap_err().to_string().contains("lat was given"));
    }
}
