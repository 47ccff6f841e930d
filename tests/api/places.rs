//! The zone of a place: `GET /api/timezones/lookup` by point, country, city
//! and IP address, held to the boundary data's own points, points on each
//! side of borders, the open sea, Python's timezonefinder (the same
//! boundaries, read by another implementation), the tz database's country
//! tables, the city table itself, and an IP database written here.

use std::net::Ipv4Addr;
use std::path::{Path, PathBuf};

use tsconv::http::AppState;
use tsconv::places::ip::Database;
use tsconv::places::{Place, lookup};

use crate::helpers::{get, send, send_to, state};
use crate::mmdb;
use crate::oracle::Rng;

/// A seeded number of degrees in `from..to`, to a millionth.
fn degrees(rng: &mut Rng, from: f64, to: f64) -> f64 {
    from + (to - from) * rng.below(1_000_000) as f64 / 1_000_000.0
}

async fn zone_at(lat: f64, lon: f64) -> String {
    let reply = get(&format!("/api/timezones/lookup?lat={lat}&lon={lon}")).await;
    reply.assert_ok()["timezone"].as_str().unwrap().to_owned()
}

/// tzf-rs's own test points (its tests/basic_test.rs), each (lon, lat, zone).
const TZF_POINTS: [(f64, f64, &str); 13] = [
    (116.3883, 39.9289, "Asia/Shanghai"),
    (121.3547, 31.1139, "Asia/Shanghai"),
    (111.8674, 34.4200, "Asia/Shanghai"),
    (-97.8674, 34.4200, "America/Chicago"),
    (139.4382, 36.4432, "Asia/Tokyo"),
    (24.5212, 50.2506, "Europe/Kyiv"),
    (-0.9671, 52.0152, "Europe/London"),
    (-4.5706, 46.2747, "Etc/GMT"),
    (-73.7729, 38.3530, "Etc/GMT+5"),
    (114.1594, 22.3173, "Asia/Hong_Kong"),
    (9.8198, 27.5775, "Africa/Tripoli"),
    (114.0617, 22.5180, "Asia/Shanghai"),
    (12.452_899_553_691_935, 41.903_699_636_969_634, "Europe/Vatican"),
];

#[tokio::test]
async fn the_boundary_datas_own_points_answer_their_zones() {
    for (lon, lat, zone) in TZF_POINTS {
        assert_eq!(zone_at(lat, lon).await, zone, "{lat},{lon}");
    }
}

#[tokio::test]
async fn a_point_on_each_side_of_a_border_answers_its_side() {
    // (lat, lon, zone), in pairs a few kilometres apart across a border.
    let sides = [
        // Spain / Portugal: Badajoz and Elvas.
        (38.8794, -6.9707, "Europe/Madrid"),
        (38.8810, -7.1631, "Europe/Lisbon"),
        // Tui / Valença across the Minho.
        (42.0470, -8.6440, "Europe/Madrid"),
        (42.0280, -8.6440, "Europe/Lisbon"),
        // The US: Central / Mountain in Kansas, Eastern / Central in Indiana.
        (39.4000, -101.0500, "America/Chicago"),
        (39.3500, -101.7100, "America/Denver"),
        (39.7700, -86.1600, "America/Indiana/Indianapolis"),
        (41.5900, -87.3500, "America/Chicago"),
        // El Paso (Mountain) and Fort Stockton (Central), Texas.
        (31.7600, -106.4400, "America/Denver"),
        (30.8900, -102.8800, "America/Chicago"),
        // China / India: Shigatse and Leh.
        (29.2700, 88.8800, "Asia/Shanghai"),
        (34.1600, 77.5800, "Asia/Kolkata"),
    ];
    for (lat, lon, zone) in sides {
        assert_eq!(zone_at(lat, lon).await, zone, "{lat},{lon}");
    }
}

#[tokio::test]
async fn the_open_sea_answers_its_nautical_zone() {
    for (lat, lon, zone) in [
        (0.0, -30.0, "Etc/GMT+2"),
        (0.0, -140.0, "Etc/GMT+9"),
        (-40.0, 160.0, "Etc/GMT-11"),
        (-50.0, 90.0, "Etc/GMT-6"),
        (30.0, -45.0, "Etc/GMT+3"),
    ] {
        let reply = get(&format!("/api/timezones/lookup?lat={lat}&lon={lon}")).await;
        let data = reply.assert_ok();
        assert_eq!(data["timezone"], zone, "{lat},{lon}");
        assert_eq!(data["matches"][0]["nautical"], true);
        assert!(data["matches"][0].get("country").is_none());
    }
}

#[tokio::test]
async fn a_point_answers_its_country_and_the_part_of_it() {
    let reply = get("/api/timezones/lookup?lat=32.65&lon=-16.91").await;
    let data = reply.assert_ok();
    assert_eq!(data["by"], "coordinates");
    assert_eq!(data["timezone"], "Atlantic/Madeira");
    let first = &data["matches"][0];
    assert_eq!((first["country"].as_str(), first["region"].as_str()), (Some("PT"), Some("Madeira Islands")));
    assert_eq!(first["zone"]["name"], "Atlantic/Madeira");
    assert!(data["source"].as_str().unwrap().starts_with("timezone-boundary-builder 20"));
}

#[tokio::test]
async fn bad_places_are_400_naming_the_parameter() {
    for (query, param) in [
        ("lat=91&lon=0", "lat"),
        ("lat=-90.5&lon=0", "lat"),
        ("lat=0&lon=180.5", "lon"),
        ("lat=north&lon=0", "lat"),
        ("lat=0&lon=NaN", "lon"),
        ("lat=10", "lon"),
        ("lon=10", "lat"),
        ("city=", "city"),
        ("city=%20%20", "city"),
        ("city=Atlantisville", "city"),
        ("country=", "country"),
        ("country=XX", "country"),
        ("ip=999.1.2.3", "ip"),
        ("ip=localhost", "ip"),
        ("lat=1&lon=1&city=Paris", "lat"),
        ("", "lat"),
        ("city=Paris&limit=0", "limit"),
        ("city=Paris&limit=101", "limit"),
    ] {
        let reply = get(&format!("/api/timezones/lookup?{query}")).await;
        reply.assert_error(400, 40017, "invalid_place");
        assert_eq!(reply.body["data"]["param"], param, "{query}: {}", reply.body);
    }
    // A name longer than any place's is refused before any search (the
    // search for close names costs in proportion to it).
    let long = "a".repeat(201);
    for param in ["city", "country"] {
        let reply = get(&format!("/api/timezones/lookup?{param}={long}")).await;
        reply.assert_error(400, 40017, "invalid_place");
        assert_eq!(reply.body["data"]["param"], param);
    }
    // A city not found: did you mean.
    let reply = get("/api/timezones/lookup?city=Lisbn").await;
    assert_eq!(reply.body["data"]["suggestions"][0], "Lisbon");
    let reply = get("/api/timezones/lookup?country=Portugl").await;
    assert_eq!(reply.body["data"]["suggestions"][0], "PT");
    // A parameter the route does not take.
    get("/api/timezones/lookup?latitude=1").await.assert_error(400, 40010, "unknown_parameter");
}

#[tokio::test]
async fn a_city_is_found_by_its_names_biggest_first() {
    let reply = get("/api/timezones/lookup?city=paris").await;
    let data = reply.assert_ok();
    assert_eq!(data["by"], "city");
    assert_eq!(data["timezone"], "Europe/Paris");
    let first = &data["matches"][0];
    assert_eq!((first["country"].as_str(), first["city"]["name"].as_str()), (Some("FR"), Some("Paris")));
    let populations: Vec<u64> =
        data["matches"].as_array().unwrap().iter().map(|m| m["city"]["population"].as_u64().unwrap()).collect();
    assert!(populations.len() > 1 && populations.is_sorted_by(|a, b| a >= b), "{populations:?}");
    let reply = get("/api/timezones/lookup?city=Paris&country=US&limit=1").await;
    let data = reply.assert_ok();
    assert_eq!((data["timezone"].as_str(), data["matches"].as_array().unwrap().len()), (Some("America/Chicago"), 1));
    // The city's own language.
    let reply = get("/api/timezones/lookup?city=%E5%8C%97%E4%BA%AC").await;
    assert_eq!(reply.assert_ok()["timezone"], "Asia/Shanghai");
}

/// The city table, read as the server reads it: (name, country, population, zone).
fn cities() -> Vec<(&'static str, &'static str, u64, &'static str)> {
    tsconv::places::city::all().collect()
}

#[test]
fn a_seeded_sample_of_cities_answers_their_own_zone() {
    let all = cities();
    let mut rng = Rng(15_000);
    let now = "2026-06-01T00:00:00Z".parse().unwrap();
    for _ in 0..400 {
        let (name, country, population, zone) = all[rng.below(all.len() as u64) as usize];
        let place = Place::City { name: name.to_owned(), country: Some(country.to_owned()) };
        let found = lookup(&place, None, 100, now).unwrap();
        assert!(
            found
                .matches
                .iter()
                .any(|m| m.timezone == zone && m.city.as_ref().and_then(|c| c.population) == Some(population)),
            "{name} ({country}, {population}): {:?}",
            found.matches.iter().map(|m| &m.timezone).collect::<Vec<_>>()
        );
    }
}

#[test]
fn a_citys_zone_is_the_zone_its_coordinates_fall_in() {
    // Two data sets that know nothing of each other (GeoNames' cities and
    // timezone-boundary-builder's polygons) agree on nearly every city; the
    // rest lie within a few kilometres of a border (or in a zone the
    // boundary data draws otherwise), which this bounds.
    let all = cities();
    let mut rng = Rng(1970);
    let now = "2026-06-01T00:00:00Z".parse().unwrap();
    let (mut agree, mut near_border, mut other) = (0, 0, Vec::new());
    for _ in 0..600 {
        let (name, country, population, zone) = all[rng.below(all.len() as u64) as usize];
        let place = Place::City { name: name.to_owned(), country: Some(country.to_owned()) };
        let found = lookup(&place, None, 100, now).unwrap();
        let city = found.matches.iter().find_map(|m| m.city.clone().filter(|c| c.population == Some(population)));
        let city = city.unwrap();
        let at = |lat: f64, lon: f64| lookup(&Place::Point { lat, lon }, None, 1, now).unwrap().timezone;
        let same = |found: String| found == zone || same_rules(&found, zone);
        if same(at(city.latitude, city.longitude)) {
            agree += 1;
        } else if [(0.05, 0.0), (-0.05, 0.0), (0.0, 0.05), (0.0, -0.05)]
            .iter()
            .any(|(dlat, dlon)| same(at(city.latitude + dlat, city.longitude + dlon)))
        {
            near_border += 1;
        } else {
            other.push(format!("{name} ({country}) {zone}"));
        }
    }
    eprintln!("cities: {agree} agree, {near_border} near a border, {} other", other.len());
    assert!(agree >= 570, "{agree} of 600 agree, {near_border} near a border, others: {other:?}");
    assert!(other.len() <= 6, "{agree} agree, {near_border} near a border; others: {other:?}");
}

/// Whether two zone names keep the same clock from 2000 to 2030 (a link and
/// its zone, or zones the boundary data and GeoNames split differently).
fn same_rules(a: &str, b: &str) -> bool {
    let (Ok(a), Ok(b)) = (jiff::tz::TimeZone::get(a), jiff::tz::TimeZone::get(b)) else { return false };
    (0..31 * 12).all(|month| {
        let at = jiff::Timestamp::from_second(946_684_800 + month * 2_629_746).unwrap();
        a.to_offset(at) == b.to_offset(at)
    })
}

#[test]
fn every_country_answers_the_zones_the_tz_databases_table_lists() {
    // The tables of the release jiff bundles, as the server embeds them, are
    // checked against the system's copy where it is the same release in
    // `the_country_tables_are_the_systems`; here, every code of iso3166.tab
    // answers exactly its rows of zone.tab, in their order.
    let now = "2026-06-01T00:00:00Z".parse().unwrap();
    let zone_tab = include_str!("../../data/places/zone.tab");
    let mut codes = 0;
    for (code, name) in tsconv::places::country::countries() {
        let listed: Vec<&str> = zone_tab
            .lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| {
                let fields: Vec<&str> = line.split('\t').collect();
                (fields[0] == code).then_some(fields[2])
            })
            .collect();
        let answer = lookup(&Place::Country(code.to_lowercase()), None, 10, now);
        if listed.is_empty() {
            // Uninhabited territories (Bouvet Island): no zone of their own.
            assert!(matches!(answer, Err(tsconv::places::PlaceError::NoZoneForCountry { .. })), "{code}");
            continue;
        }
        let answer = answer.unwrap();
        let zones: Vec<&str> = answer.matches.iter().map(|m| m.timezone.as_str()).collect();
        assert_eq!(zones, listed, "{code}");
        assert!(answer.matches.iter().all(|m| m.country_name.as_deref() == Some(name)), "{code}");
        let by_name = lookup(&Place::Country(name.to_uppercase()), None, 10, now).unwrap();
        assert_eq!(by_name.timezone, answer.timezone, "{name}");
        codes += 1;
    }
    assert!(codes >= 240, "{codes}");
}

#[test]
#[cfg_attr(
    not(feature = "components"),
    ignore = "needs the tz database's tables in /usr/share/zoneinfo (Debian's tzdata: ./scripts/test installs it)"
)]
fn the_country_tables_are_the_systems() {
    // Debian's tzdata, a copy of the tables of its own release: the same
    // rows when it is the release tsconv embeds; when it is older, the same
    // rows but for the changes named here, each seen.
    let read = |path: &str| std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e} (Debian's tzdata)"));
    let system_version =
        read("/usr/share/zoneinfo/tzdata.zi").lines().next().unwrap_or_default().replace("# version ", "");
    let embedded_version = tsconv_time::zone::tzdb_version();
    // (the row as tsconv embeds it, the release that changed it).
    let changed: [(&str, &str); 5] = [
        ("CI\tCôte d’Ivoire", "2025c"),
        // Western Canada's provinces on permanent daylight time.
        ("CA\t+4916-12307\tAmerica/Vancouver\tMST - BC (most areas)", "2026b"),
        ("CA\t+5333-11328\tAmerica/Edmonton\tCST - AB, BC(E), NT(E), SK(W)", "2026c"),
        ("CA\t+682059-1334300\tAmerica/Inuvik\tCST - NT (west)", "2026d"),
        ("CA\t+4953-09709\tAmerica/Winnipeg\tEST - Manitoba, ON (northwest)", "2026e"),
    ];
    let rows = |text: &str| -> Vec<String> {
        text.lines().filter(|line| !line.starts_with('#') && !line.is_empty()).map(str::to_owned).collect()
    };
    for (embedded, system) in [
        (include_str!("../../data/places/iso3166.tab"), read("/usr/share/zoneinfo/iso3166.tab")),
        (include_str!("../../data/places/zone.tab"), read("/usr/share/zoneinfo/zone.tab")),
    ] {
        let system = rows(&system);
        for row in rows(embedded) {
            if system.contains(&row) {
                continue;
            }
            let named = changed.iter().find(|(changed_row, _)| *changed_row == row);
            assert!(
                named.is_some_and(|(_, release)| system_version.as_str() < *release),
                "{row:?} is not in the system's table (tzdata {system_version}; tsconv embeds {embedded_version})"
            );
        }
    }
    // A change named here is seen while the system is older than it.
    let system = [rows(&read("/usr/share/zoneinfo/iso3166.tab")), rows(&read("/usr/share/zoneinfo/zone.tab"))].concat();
    for (row, release) in changed {
        if system_version.as_str() < release {
            assert!(
                !system.contains(&row.to_owned()),
                "{row:?} is in tzdata {system_version}: remove it from the list"
            );
        }
    }
}

#[test]
#[cfg_attr(
    not(feature = "components"),
    ignore = "needs timezonefinder: ./scripts/test installs it into target/venv-st and runs this"
)]
fn points_agree_with_timezonefinder() {
    // Seeded points over land and sea; timezonefinder reads its own build of
    // timezone-boundary-builder's polygons. Where the two differ, the point
    // lies within 5 km of a border (the data's releases and simplification
    // draw borders a little apart), or the two names keep the same clock.
    let root = env!("CARGO_MANIFEST_DIR");
    let venv = std::env::var_os("TSCONV_VENV").map_or_else(|| Path::new(root).join("target/venv-st"), PathBuf::from);
    let mut rng = Rng(2026);
    let points: Vec<(f64, f64)> =
        (0..6000).map(|_| (degrees(&mut rng, -60.0, 75.0), degrees(&mut rng, -180.0, 180.0))).collect();
    let script = "import json,sys\nfrom timezonefinder import TimezoneFinder\nf=TimezoneFinder()\n\
                  print(json.dumps([f.timezone_at(lat=a,lng=o) for a,o in json.load(sys.stdin)]))";
    let mut child = std::process::Command::new(venv.join("bin/python"))
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the test venv's python (./scripts/test makes it)");
    use std::io::Write as _;
    child.stdin.take().unwrap().write_all(serde_json::to_string(&points).unwrap().as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let theirs: Vec<Option<String>> = serde_json::from_slice(&output.stdout).unwrap();
    let now = "2026-06-01T00:00:00Z".parse().unwrap();
    let zones = |lat: f64, lon: f64| -> Vec<String> {
        lookup(&Place::Point { lat, lon }, None, 1, now).unwrap().matches.into_iter().map(|m| m.timezone).collect()
    };
    // The differences named in the README, each with the points it covers.
    type Applies = fn(f64, f64, &str, &str) -> bool;
    let mut differences: [(&str, Applies, usize); 1] = [(
        // timezonefinder gives the open sea within a few hundred kilometres
        // of Easter Island the island's zone; the boundary data's own
        // release gives it the nautical zone of its meridian, as anywhere
        // beyond territorial waters.
        "timezonefinder_gives_the_sea_around_easter_island_its_zone",
        |lat, lon, ours, theirs| {
            theirs == "Pacific/Easter"
                && ours.starts_with("Etc/GMT")
                && (lat + 27.1).abs() < 8.0
                && (lon + 109.4).abs() < 8.0
        },
        0,
    )];
    let (mut same, mut claimed, mut near, mut other) = (0, 0, 0, Vec::new());
    for ((lat, lon), theirs) in points.iter().zip(&theirs) {
        let theirs = theirs.clone().unwrap_or_default();
        let ours = zones(*lat, *lon);
        if ours[0] == theirs || same_rules(&ours[0], &theirs) {
            same += 1;
        } else if ours.contains(&theirs) {
            // An area two zones claim (Xinjiang, Kafia Kingi): the data
            // lists both, and each finder answers one first.
            claimed += 1;
        } else if [(0.045, 0.0), (-0.045, 0.0), (0.0, 0.045), (0.0, -0.045)]
            .iter()
            .any(|(dlat, dlon)| zones(lat + dlat, lon + dlon).contains(&theirs))
        {
            near += 1;
        } else if let Some((_, _, seen)) =
            differences.iter_mut().find(|(_, applies, _)| applies(*lat, *lon, &ours[0], &theirs))
        {
            *seen += 1;
        } else {
            other.push(format!("{lat},{lon}: {ours:?} vs {theirs}"));
        }
    }
    let named = crate::oracle::documentation();
    for (name, _, _) in &differences {
        assert!(named.contains(&format!("| `{name}` |")), "the documentation's table does not name {name}");
    }
    let stale: Vec<&str> = differences.iter().filter(|(_, _, seen)| *seen == 0).map(|(name, _, _)| *name).collect();
    assert!(stale.is_empty(), "differences no longer seen (remove them here and in the README): {stale:?}");
    assert!(other.is_empty(), "{same} same, {claimed} claimed by both, {near} near a border; others: {other:#?}");
    eprintln!("timezonefinder: {same} same, {claimed} claimed by both, {near} near a border");
    assert!(same >= 5880, "{same} same, {near} near a border");
}

/// A server state with the IP database written by `tests/api/mmdb.rs`.
fn with_ip_database() -> AppState {
    let database = mmdb::write(&[
        // A zone of its own.
        (
            Ipv4Addr::new(81, 2, 69, 0),
            24,
            mmdb::city(Some("London"), Some("GB"), Some((51.5142, -0.0931, Some("Europe/London")))),
        ),
        // Coordinates only: the zone of the point.
        (Ipv4Addr::new(89, 160, 20, 0), 24, mmdb::city(Some("Linköping"), Some("SE"), Some((58.4167, 15.6167, None)))),
        // A country only: its zones.
        (Ipv4Addr::new(2, 125, 160, 0), 24, mmdb::city(None, Some("PT"), None)),
        // Nothing that places it.
        (Ipv4Addr::new(192, 0, 2, 0), 24, mmdb::city(Some("Nowhere"), None, None)),
    ]);
    let database = Database::from_bytes(database).unwrap();
    AppState { geoip: Some(Box::leak(Box::new(database))), ..state() }
}

async fn lookup_ip(state: AppState, path: &str) -> crate::helpers::Reply {
    send_to(state, axum::http::Request::get(path).body(axum::body::Body::empty()).unwrap()).await
}

#[tokio::test]
async fn an_address_is_placed_by_the_operators_database() {
    let reply = lookup_ip(with_ip_database(), "/api/timezones/lookup?ip=81.2.69.160").await;
    let data = reply.assert_ok();
    assert_eq!((data["by"].as_str(), data["timezone"].as_str()), (Some("ip"), Some("Europe/London")));
    assert_eq!(data["matches"][0]["city"]["name"], "London");
    assert_eq!(data["matches"][0]["country"], "GB");
    assert!(data["source"].as_str().unwrap().contains("tsconv-test-City"));
    let reply = lookup_ip(with_ip_database(), "/api/timezones/lookup?ip=89.160.20.128").await;
    assert_eq!(reply.assert_ok()["timezone"], "Europe/Stockholm");
    let reply = lookup_ip(with_ip_database(), "/api/timezones/lookup?ip=2.125.160.216").await;
    let zones: Vec<&str> =
        reply.assert_ok()["matches"].as_array().unwrap().iter().map(|m| m["timezone"].as_str().unwrap()).collect();
    assert_eq!(zones, ["Europe/Lisbon", "Atlantic/Madeira", "Atlantic/Azores"]);
    lookup_ip(with_ip_database(), "/api/timezones/lookup?ip=192.0.2.1").await.assert_error(
        404,
        40401,
        "place_not_found",
    );
    lookup_ip(with_ip_database(), "/api/timezones/lookup?ip=8.8.8.8").await.assert_error(404, 40401, "place_not_found");
    lookup_ip(with_ip_database(), "/api/timezones/lookup?ip=2001:db8::1").await.assert_error(
        404,
        40401,
        "place_not_found",
    );
    // Without a database: 501, saying how to give one.
    let reply = get("/api/timezones/lookup?ip=81.2.69.160").await;
    reply.assert_error(501, 50100, "not_configured");
    assert!(reply.body["message"].as_str().unwrap().contains("--geoip-db"));
}

#[tokio::test]
async fn the_other_apis_ip_routes_use_the_same_lookup() {
    let reply = lookup_ip(with_ip_database(), "/api/ip/81.2.69.160").await;
    assert_eq!(reply.body["timezone"], "Europe/London");
    let reply = lookup_ip(with_ip_database(), "/api/Time/current/ip?ipAddress=89.160.20.128").await;
    assert_eq!(reply.body["timeZone"], "Europe/Stockholm");
    let reply = lookup_ip(with_ip_database(), "/api/TimeZone/ip?ipAddress=81.2.69.160").await;
    assert_eq!(reply.body["timeZone"], "Europe/London");
    // An address of a private network is where the server is.
    let private =
        AppState { default_zone: tsconv_time::zone::Zone::parse("Asia/Tokyo").unwrap(), ..with_ip_database() };
    let reply = lookup_ip(private, "/api/ip/192.168.1.20").await;
    assert_eq!(reply.body["timezone"], "Asia/Tokyo");
    // Not located: worldtimeapi's error; no database: 501.
    let reply = lookup_ip(with_ip_database(), "/api/ip/8.8.8.8").await;
    assert_eq!((reply.status.as_u16(), reply.body.clone()), (404, serde_json::json!({"error": "unknown location"})));
    let reply = lookup_ip(state(), "/api/ip/8.8.8.8").await;
    assert_eq!(reply.status.as_u16(), 501);
    assert!(reply.body["error"].as_str().unwrap().contains("--geoip-db"));
}

#[tokio::test]
async fn lookup_is_served_under_v1_and_as_text() {
    let reply = get("/api/v1/timezones/lookup?country=NZ").await;
    assert_eq!(reply.assert_ok()["timezone"], "Pacific/Auckland");
    let reply =
        send(axum::http::Request::get("/api/timezones/lookup.txt?country=NZ").body(axum::body::Body::empty()).unwrap())
            .await;
    assert_eq!(reply.status.as_u16(), 200);
    let text = reply.body.as_str().unwrap();
    assert!(text.contains("Pacific/Auckland") && text.contains("Pacific/Chatham"), "{text}");
}
