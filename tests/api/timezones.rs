use crate::helpers::get;

#[tokio::test]
async fn every_zone_sorted_with_its_current_state() {
    let data = get("/api/timezones").await.assert_ok().clone();
    let zones = data["zones"].as_array().unwrap();
    assert_eq!(data["count"].as_u64(), Some(zones.len() as u64));
    assert!(zones.len() > 500, "{}", zones.len());
    assert_eq!(data["tzdb_version"].as_str(), Some(tsconv_time::zone::tzdb_version()));
    assert_eq!(data["at"], "2026-11-18T11:06:40Z");
    let names: Vec<&str> = zones.iter().map(|z| z["name"].as_str().unwrap()).collect();
    assert!(names.windows(2).all(|w| w[0] < w[1]));
    let sydney = zones.iter().find(|z| z["name"] == "Australia/Sydney").unwrap();
    assert_eq!((sydney["abbreviation"].as_str(), sydney["dst"].as_bool()), (Some("AEDT"), Some(true)));
}

#[tokio::test]
async fn q_filters_case_insensitively() {
    let data = get("/api/timezones?q=ARGENTINA/BUENOS").await.assert_ok().clone();
    assert_eq!(data["count"], 1);
    assert_eq!(data["zones"][0]["name"], "America/Argentina/Buenos_Aires");
    assert_eq!(data["zones"][0]["offset"], "-03:00");
    assert_eq!(get("/api/v1/timezones?q=zzz").await.assert_ok()["count"], 0);
}

#[tokio::test]
async fn at_gives_the_state_at_another_instant() {
    let data = get("/api/timezones?q=new_york&at=2024-07-01T00:00:00Z").await.assert_ok().clone();
    let ny = data["zones"].as_array().unwrap().iter().find(|z| z["name"] == "America/New_York").unwrap().clone();
    assert_eq!((ny["abbreviation"].as_str(), ny["dst"].as_bool()), (Some("EDT"), Some(true)));
    assert_eq!(data["at"], "2024-07-01T00:00:00Z");
    get("/api/timezones?at=soon").await.assert_error(400, 40002, "invalid_timestamp");
    get("/api/timezones?query=x").await.assert_error(400, 40010, "unknown_parameter");
}
