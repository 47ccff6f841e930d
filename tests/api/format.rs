use serde_json::json;

use crate::helpers::{get, post_json};

#[tokio::test]
async fn every_preset_of_the_spec() {
    let data = post_json("/api/timestamp/format", json!({"timestamp": 1700000000, "timezone": "America/New_York"}))
        .await
        .assert_ok()
        .clone();
    assert_eq!(data["timestamp"], 1700000000);
    assert_eq!(data["precision"], "seconds");
    assert_eq!(data["iso"], "2023-11-14T22:13:20.000Z");
    assert_eq!(data["timezone"], "America/New_York");
    assert_eq!(
        data["formats"],
        json!({
            "iso": "2023-11-14T22:13:20.000Z",
            "rfc3339": "2023-11-14T17:13:20-05:00",
            "rfc9557": "2023-11-14T17:13:20-05:00[America/New_York]",
            "rfc2822": "Tue, 14 Nov 2023 17:13:20 -0500",
            "utc": "Tue, 14 Nov 2023 22:13:20 GMT",
            "unix": "1700000000",
            "local": "2023-11-14 17:13:20",
            "clf": "14/Nov/2023:17:13:20 -0500",
            "relative": "3 years ago",
            "syslog": "2023-11-14T17:13:20.000000-05:00",
            "iso_week": "2023-W46-2",
            // CLDR's length presets: Intl's dateStyle and timeStyle in en-US.
            "date_short": "11/14/23",
            "date_medium": "Nov 14, 2023",
            "date_long": "November 14, 2023",
            "date_full": "Tuesday, November 14, 2023",
            "time_short": "5:13 PM",
            "time_medium": "5:13:20 PM",
            "time_long": "5:13:20 PM EST",
            "time_full": "5:13:20 PM Eastern Standard Time",
            "datetime_short": "11/14/23, 5:13 PM",
            "datetime_medium": "Nov 14, 2023, 5:13:20 PM",
            "datetime_long": "November 14, 2023 at 5:13:20 PM EST",
            "datetime_full": "Tuesday, November 14, 2023 at 5:13:20 PM Eastern Standard Time",
            "discord": {
                "t": "<t:1700000000:t>", "T": "<t:1700000000:T>", "d": "<t:1700000000:d>",
                "D": "<t:1700000000:D>", "f": "<t:1700000000:f>", "F": "<t:1700000000:F>",
                "s": "<t:1700000000:s>", "S": "<t:1700000000:S>", "R": "<t:1700000000:R>"
            },
            "discord_preview": {
                "t": "5:13 PM", "T": "5:13:20 PM", "d": "11/14/2023", "D": "November 14, 2023",
                "f": "November 14, 2023 at 5:13 PM", "F": "Tuesday, November 14, 2023 at 5:13 PM",
                "s": "11/14/2023, 5:13 PM", "S": "11/14/2023, 5:13:20 PM", "R": "3 years ago"
            },
            // The ID presets; each value is checked against Python in tests/api/epochs.rs.
            "epochs": {
                "filetime": "133444736000000000", "webkit": "13344473600000000", "dotnet": "638355968000000000",
                "cocoa": "721692800", "hfs": "3782844800", "ntp": "3908988800", "gps": "1384035218",
                // Excel serials are the wall clock in New York: 17:13:20.
                "excel": "45244.71759259259", "excel1904": "43782.71759259259",
                "julian_day": "2460263.42592592592", "mjd": "60262.92592592592"
            },
            "ids": {
                "discord_snowflake": "1174109840998400000", "twitter_snowflake": "1724551110456246272",
                "uuid_v1": "04afc000-833b-11ee-8000-000000000000", "uuid_v6": "1ee833b0-4afc-6000-8000-000000000000",
                "uuid_v7": "018bcfe5-6800-7000-8000-000000000000", "ulid": "01HF7YAT000000000000000000",
                "objectid": "6553f1000000000000000000", "ksuid": "2YBXZHqCHEdmhp5sdLmoTEW73NQ"
            }
        })
    );
}

#[tokio::test]
async fn discord_previews_of_the_spec_in_utc() {
    let data = get("/api/timestamp/format?timestamp=1700000000").await.assert_ok().clone();
    let previews = &data["formats"]["discord_preview"];
    for (style, text) in [
        ("t", "10:13 PM"),
        ("T", "10:13:20 PM"),
        ("d", "11/14/2023"),
        ("D", "November 14, 2023"),
        ("f", "November 14, 2023 at 10:13 PM"),
        ("F", "Tuesday, November 14, 2023 at 10:13 PM"),
        ("s", "11/14/2023, 10:13 PM"),
        ("S", "11/14/2023, 10:13:20 PM"),
        ("R", "3 years ago"),
    ] {
        assert_eq!(previews[style], text, "{style}");
    }
}

#[tokio::test]
async fn one_format_at_a_time() {
    for (format, expected) in [
        ("iso", "2023-11-14T22:13:20.000Z"),
        ("RFC3339", "2023-11-14T17:13:20-05:00"),
        ("rfc9557", "2023-11-14T17:13:20-05:00[America/New_York]"),
        ("unix", "1700000000"),
        ("local", "2023-11-14 17:13:20"),
        ("utc", "Tue, 14 Nov 2023 22:13:20 GMT"),
        ("clf", "14/Nov/2023:17:13:20 -0500"),
        ("syslog", "2023-11-14T17:13:20.000000-05:00"),
        ("iso_week", "2023-W46-2"),
        ("relative", "3 years ago"),
        ("discord", "<t:1700000000:f>"),
    ] {
        let url = format!("/api/timestamp/format?timestamp=1700000000&timezone=America/New_York&format={format}");
        let data = get(&url).await.assert_ok().clone();
        assert_eq!(data["formatted"], expected, "{format}");
        assert_eq!(data["format"], format.to_ascii_lowercase(), "{format}");
        assert!(data.get("formats").is_none());
    }
}

#[tokio::test]
async fn discord_style_and_preview() {
    let data = post_json(
        "/api/timestamp/format",
        json!({"timestamp": 1700000000123u64, "format": "discord", "style": "T", "timezone": "Asia/Kolkata"}),
    )
    .await
    .assert_ok()
    .clone();
    assert_eq!(data["formatted"], "<t:1700000000:T>");
    assert_eq!(data["preview"], "3:43:20 AM");
}

#[tokio::test]
async fn custom_patterns() {
    let body = json!({"timestamp": "1700000000.123456789", "timezone": "America/New_York", "format": "custom", "pattern": "%Y-%m-%d %H:%M:%S.%f %Z (%:z) %A"});
    let data = post_json("/api/timestamp/format", body).await.assert_ok().clone();
    assert_eq!(data["formatted"], "2023-11-14 17:13:20.123456789 EST (-05:00) Tuesday");
    let reply =
        post_json("/api/timestamp/format", json!({"timestamp": 1, "format": "custom", "pattern": "%Y %K"})).await;
    reply.assert_error(400, 40007, "invalid_pattern");
    assert_eq!(reply.body["data"]["param"], "pattern");
    assert!(reply.body["message"].as_str().unwrap().contains("`K`"));
    let reply = post_json("/api/timestamp/format", json!({"timestamp": 1, "format": "custom"})).await;
    reply.assert_error(400, 40007, "invalid_pattern");
    let reply = post_json("/api/timestamp/format", json!({"timestamp": 1, "pattern": "%999999999Y"})).await;
    reply.assert_error(400, 40007, "invalid_pattern");
    let reply = post_json("/api/timestamp/format", json!({"timestamp": 1, "pattern": "x".repeat(257)})).await;
    reply.assert_error(400, 40007, "invalid_pattern");
}

#[tokio::test]
async fn bad_format_and_style_name_the_allowed_values() {
    let reply = get("/api/timestamp/format?timestamp=1&format=yaml").await;
    reply.assert_error(400, 40004, "invalid_format");
    assert!(reply.body["message"].as_str().unwrap().contains("rfc3339"));
    let reply = get("/api/timestamp/format?timestamp=1&format=discord&style=x").await;
    reply.assert_error(400, 40008, "invalid_style");
    assert_eq!(reply.body["data"]["param"], "style");
    get("/api/timestamp/format?timestamp=1&format=iso&style=R").await.assert_error(400, 40008, "invalid_style");
}
