//! A corpus of hostile and absurd requests. Each one must get a 4xx JSON
//! envelope whose message says what to fix: never a 5xx, a panic, an HTML
//! page or an empty body. The server must keep answering afterwards.

use axum::body::Body;
use axum::http::{Method, Request};
use serde_json::{Value, json};

use crate::helpers::{Reply, Server, raw_exchange, send};

/// One hostile request and why it is hostile.
struct Case {
    what: String,
    request: Request<Body>,
}

fn json_case(what: impl Into<String>, path: &str, body: impl Into<String>) -> Case {
    let body = body.into();
    Case {
        what: what.into(),
        request: Request::post(path).header("content-type", "application/json").body(Body::from(body)).unwrap(),
    }
}

fn query_case(what: impl Into<String>, path_and_query: &str) -> Case {
    Case { what: what.into(), request: Request::get(path_and_query).body(Body::empty()).unwrap() }
}

fn percent(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// Timestamp values no endpoint may accept.
fn bad_timestamps() -> Vec<(String, Value)> {
    let mut values: Vec<(String, Value)> = [
        "",
        " ",
        "NaN",
        "nan",
        "Infinity",
        "-Infinity",
        "inf",
        "1e9",
        "1E+9",
        "1.7e-3",
        "0x10",
        "0b101",
        "0o17",
        "1_000",
        "1,700,000,000",
        "1 700 000 000",
        "+",
        "-",
        "--1",
        "+-1",
        "1-",
        "1.",
        ".5",
        "1..2",
        "1.2.3",
        // A minus sign (U+2212, 3 bytes) that no number follows.
        "5 \u{2212}x",
        "\u{2212}\u{2212}",
        "¹²³",
        "1700000000\u{0}",
        "\u{0}",
        "\u{202e}1700000000",
        "1700000000\u{200f}",
        "1700\u{200b}000000",
        "🕐",
        // ("now" is date math since date math came; its mistakes stand here instead.)
        "now+",
        "now-1",
        "now||",
        "nowish",
        "null",
        "true",
        "{}",
        "[]",
        "2023-02-30",
        "2023-02-29",
        "2023-13-01",
        "2023-00-10",
        "2023-11-31T00:00:00Z",
        "2023-11-14T24:00:00Z",
        "2023-11-14T23:60:00Z",
        "2023-11-14T23:59:61Z",
        "2023-11-14T22:13:20+26:00",
        "2023-11-14T22:13:20.1234567891Z",
        "2023-11-14T",
        "T22:13:20Z",
        "10000-01-01",
        "+010000-01-01T00:00:00Z",
        "-010000-01-01",
        "-009999-01-01T00:00:00Z",
        "Tue, 31 Nov 2023 22:13:20 GMT",
        "Tue, 14 Nov 2023 25:13:20 GMT",
        "2023-11-14T17:13:20-04:00[America/New_York]",
        "2023-11-14T17:13:20-05:00[Mars/Olympus]",
        "2023-11-14T17:13:20-05:00[../../etc/passwd]",
        "2023-11-14T17:13:20-05:00[",
        "1700000000.1234567891",
        "1700000000000000000.5",
        "99999999999999999999999999999",
        "-99999999999999999999999999999",
        "340282366920938463463374607431768211456",
        "1700000000 1700000000",
        "1700000000\n2",
        "<script>alert(1)</script>",
        "'; DROP TABLE timestamps; --",
        "%s%s%s%n",
        "${jndi:ldap://x}",
        "../../etc/passwd",
        "\\x00",
    ]
    .into_iter()
    .map(|text| (format!("string {text:?}"), json!(text)))
    .collect();
    values.push(("a 257-character string".into(), json!("1".repeat(257))));
    values.push(("a 10,000-character string".into(), json!("9".repeat(10_000))));
    values.push(("a 100,000-character date".into(), json!(format!("2023-11-14T22:13:20{}", "0".repeat(100_000)))));
    for (what, value) in [
        ("true", json!(true)),
        ("false", json!(false)),
        ("[]", json!([])),
        ("{}", json!({})),
        ("[1]", json!([1])),
        ("{\"a\":1}", json!({"a": 1})),
    ] {
        values.push((format!("JSON {what}"), value));
    }
    values
}

/// Raw JSON number texts (not strings) no endpoint may accept.
fn bad_numbers() -> Vec<String> {
    let mut numbers: Vec<String> =
        ["1e9", "1E400", "-1e-400", "1.7e308", "0.0000000001", "1700000000.1234567891", "-0.00000000001"]
            .into_iter()
            .map(String::from)
            .collect();
    numbers.push("9".repeat(10_000));
    numbers.push(format!("-{}", "9".repeat(1_000)));
    numbers.push(format!("0.{}1", "0".repeat(5_000)));
    numbers
}

/// Values outside the supported range in every unit.
fn beyond_the_range() -> Vec<(String, String)> {
    let (min, max) = (jiff::Timestamp::MIN.as_nanosecond(), jiff::Timestamp::MAX.as_nanosecond());
    let mut cases = Vec::new();
    for (unit, nanos) in [("s", 1_000_000_000i128), ("ms", 1_000_000), ("us", 1_000), ("ns", 1)] {
        cases.push((unit.to_owned(), (max / nanos + 1).to_string()));
        cases.push((unit.to_owned(), (min.div_euclid(nanos) - 1).to_string()));
        cases.push((unit.to_owned(), "1".to_string() + &"0".repeat(25)));
    }
    cases
}

fn corpus() -> Vec<Case> {
    let mut cases = Vec::new();
    let endpoints = ["/api/timestamp/convert", "/api/timestamp/format"];

    // Timestamps, in JSON bodies and query strings, on both endpoints.
    for path in endpoints {
        for (what, value) in bad_timestamps() {
            cases.push(json_case(
                format!("{path} JSON timestamp {what}"),
                path,
                json!({ "timestamp": value }).to_string(),
            ));
            if let Value::String(text) = &value
                && text.len() < 4_000
            {
                cases.push(query_case(
                    format!("{path} query timestamp {what}"),
                    &format!("{path}?timestamp={}", percent(text)),
                ));
            }
        }
        for number in bad_numbers() {
            cases.push(json_case(
                format!("{path} JSON number {}", &number[..number.len().min(20)]),
                path,
                format!("{{\"timestamp\": {number}}}"),
            ));
        }
        for (unit, value) in beyond_the_range() {
            cases.push(query_case(
                format!("{path} {value} {unit}"),
                &format!("{path}?timestamp={value}&precision={unit}"),
            ));
        }
    }

    // Every parameter with a wrong JSON type.
    for field in ["timezone", "precision", "format", "pattern", "style", "disambiguation"] {
        for (what, value) in [
            ("true", json!(true)),
            ("false", json!(false)),
            ("[]", json!([])),
            ("{}", json!({})),
            ("[\"UTC\"]", json!(["UTC"])),
            ("1.5", json!(1.5)),
            ("0", json!(0)),
        ] {
            let body = json!({ "timestamp": 1_700_000_000, field: value });
            cases.push(json_case(format!("{field} as {what}"), "/api/timestamp/convert", body.to_string()));
        }
    }
    for (what, value) in [
        ("true", json!(true)),
        ("a string", json!("1,2")),
        ("a number", json!(5)),
        ("an object", json!({"0": 1})),
        ("[]", json!([])),
    ] {
        cases.push(json_case(
            format!("timestamps as {what}"),
            "/api/timestamp/convert",
            json!({ "timestamps": value }).to_string(),
        ));
    }
    let items: Vec<u32> = (0..1001).collect();
    cases.push(json_case("1001 batch items", "/api/timestamp/convert", json!({ "timestamps": items }).to_string()));
    cases.push(json_case(
        "timestamp and timestamps",
        "/api/timestamp/convert",
        r#"{"timestamp": 1, "timestamps": [1]}"#,
    ));

    // Bad parameter values.
    for zone in [
        "../../etc/passwd",
        "..",
        "%2e%2e%2f",
        "/etc/localtime",
        "Etc/../UTC",
        "EST5EDT,M3.2.0,M11.1.0",
        "<+0330>-3:30",
        // GMT+5 and UTC+5 are +05:00 as people mean them; these are not offsets.
        "UTC+5:3",
        "GMT+26",
        "UTC+-5",
        "+99:00",
        "+05:30:00:00",
        "America/New_York\u{0}",
        " ",
        "ＵＴＣ",
        "America/New_York/extra",
        "right/UTC",
        "posix/UTC",
        "Mars/Olympus_Mons",
        "America/New_York\u{202e}",
        "\u{feff}UTC",
    ]
    .iter()
    .map(|z| z.to_string())
    .chain(["A".repeat(300), "America/".repeat(100)])
    {
        cases.push(json_case(
            format!("timezone {zone:?}"),
            "/api/timestamp/convert",
            json!({"timestamp": 1, "timezone": zone}).to_string(),
        ));
    }
    for pattern in
        ["%999999999Y", "%256Y", "%", "%E", "%Oy", "%#", "%-", "%:", "%::::z", "%J", "%Y%K", "%5", "%.", "%Ez", "%Y%"]
            .iter()
            .map(|p| p.to_string())
            .chain(["%Y".repeat(200), "x".repeat(257), String::new()])
    {
        cases.push(json_case(
            format!("pattern {:?}", &pattern[..pattern.len().min(20)]),
            "/api/timestamp/format",
            json!({"timestamp": 1, "format": "custom", "pattern": pattern}).to_string(),
        ));
    }
    for (field, value) in [
        ("style", "tt"),
        ("style", ""),
        ("style", "x"),
        ("style", "F "),
        ("style", "ｔ"),
        ("style", "r"),
        ("disambiguation", "EARLIEST"),
        ("disambiguation", ""),
        ("disambiguation", "null"),
        ("precision", "minutes"),
        ("precision", ""),
        ("precision", "seconds "),
        ("precision", "µ"),
        ("precision", "NS2"),
        ("format", "yaml"),
        ("format", ""),
        ("format", "ISO8601"),
        ("format", "rfc 3339"),
    ] {
        let mut body = json!({"timestamp": 1, field: value});
        if field == "style" {
            body["format"] = json!("discord");
        }
        cases.push(json_case(format!("{field} {value:?}"), "/api/timestamp/format", body.to_string()));
    }
    cases.push(json_case("custom without pattern", "/api/timestamp/format", r#"{"timestamp": 1, "format": "custom"}"#));
    cases.push(json_case(
        "pattern with another format",
        "/api/timestamp/format",
        r#"{"timestamp": 1, "format": "iso", "pattern": "%Y"}"#,
    ));
    // Arithmetic: durations, units, increments and pairs.
    for duration in [
        "",
        "P",
        "PT",
        "P1",
        "1",
        "-",
        "P1.5Y",
        "PT1.5H30M",
        "P1Y1Y",
        "PT1H1H",
        "P99999999999999999999Y",
        "P1000000Y",
        "PT9999999999999999H",
        "1 fortnight",
        "1d 1d",
        "1y-1d",
        "P-1D",
        "P1D\u{0}",
        "∞",
        "P１D",
    ]
    .iter()
    .map(|d| d.to_string())
    .chain(["P1D".repeat(100), "1".repeat(300)])
    {
        cases.push(json_case(
            format!("duration {:?}", &duration[..duration.len().min(20)]),
            "/api/timestamp/add",
            json!({"timestamp": 1_700_000_000, "duration": duration}).to_string(),
        ));
    }
    for (what, body) in [
        ("a year past 9999", json!({"timestamp": "9999-06-01", "duration": "P1Y"})),
        (
            "a million hours back from year -9999",
            json!({"timestamp": "-009999-06-01T00:00:00Z", "duration": "-PT1000000H"}),
        ),
        ("Feb 29 plus a year, rejected", json!({"timestamp": "2024-02-29", "duration": "P1Y", "overflow": "reject"})),
        ("overflow null-ish", json!({"timestamp": 1, "duration": "P1D", "overflow": "null"})),
    ] {
        cases.push(json_case(format!("add {what}"), "/api/timestamp/add", body.to_string()));
    }
    for (field, value) in [
        ("unit", json!("")),
        ("unit", json!("quarters2")),
        ("unit", json!("ｈour")),
        ("unit", json!(5)),
        ("mode", json!("HALF-EVEN ")),
        ("increment", json!(0)),
        ("increment", json!(-15)),
        ("increment", json!(1e30)),
        ("increment", json!("99999999999999999999")),
        ("increment", json!(7)),
        ("increment", json!(24)),
        ("week_start", json!("mo")),
    ] {
        let mut body = json!({"timestamp": 1, "unit": "hour"});
        body[field] = value.clone();
        cases.push(json_case(format!("round {field} {value}"), "/api/timestamp/round", body.to_string()));
    }
    cases.push(json_case(
        "round a year past 9999",
        "/api/timestamp/round",
        r#"{"timestamp": "9999-12-01", "unit": "year", "mode": "ceil"}"#,
    ));
    for (what, body) in [
        ("nanoseconds over 600 years", json!({"from": "1700-01-01", "to": "2300-01-01", "largest_unit": "ns"})),
        ("units out of order", json!({"from": 1, "to": 2, "largest_unit": "seconds", "smallest_unit": "hours"})),
        ("an increment of 7 minutes", json!({"from": 1, "to": 2, "smallest_unit": "minutes", "rounding_increment": 7})),
        ("pairs as an object", json!({"pairs": {"from": 1, "to": 2}})),
        ("an empty pairs", json!({"pairs": []})),
        ("from without to", json!({"from": 1})),
        ("from and pairs", json!({"from": 1, "to": 2, "pairs": [{"from": 1, "to": 2}]})),
    ] {
        cases.push(json_case(format!("diff {what}"), "/api/timestamp/diff", body.to_string()));
    }
    cases.push(json_case(
        "DST gap rejected",
        "/api/timestamp/convert",
        r#"{"timestamp": "2024-03-10T02:30:00", "timezone": "America/New_York", "disambiguation": "reject"}"#,
    ));

    // Malformed bodies.
    let nesting = format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000));
    for (what, body) in [
        ("empty JSON body", String::new()),
        ("unterminated object", "{\"timestamp\": 1".into()),
        ("unterminated string", "{\"timestamp\": \"17".into()),
        ("top-level array", "[1700000000]".into()),
        ("top-level string", "\"1700000000\"".into()),
        ("top-level number", "1700000000".into()),
        ("top-level null", "null".into()),
        ("duplicate keys", "{\"timestamp\": 1, \"timestamp\": 2}".into()),
        ("trailing garbage", "{\"timestamp\": 1} x".into()),
        ("two objects", "{\"timestamp\": 1}{\"timestamp\": 2}".into()),
        ("comments", "{/* c */ \"timestamp\": 1}".into()),
        ("single quotes", "{'timestamp': 1}".into()),
        ("raw NaN", "{\"timestamp\": NaN}".into()),
        ("raw Infinity", "{\"timestamp\": Infinity}".into()),
        ("raw -Infinity", "{\"timestamp\": -Infinity}".into()),
        ("hex number", "{\"timestamp\": 0x10}".into()),
        ("leading zero", "{\"timestamp\": 0123}".into()),
        ("plus sign", "{\"timestamp\": +1}".into()),
        ("deep nesting", format!("{{\"timestamp\": {nesting}}}")),
        ("deep object nesting", format!("{}{}", "{\"a\":".repeat(5_000), "}".repeat(5_000))),
        ("unknown key", "{\"timestamp\": 1, \"tz\": \"UTC\"}".into()),
        ("empty key", "{\"\": 1}".into()),
        ("bare key", "{timestamp: 1}".into()),
        ("lone surrogate", "{\"timestamp\": \"\\ud800\"}".into()),
        ("no timestamp", "{}".into()),
        ("null timestamp", "{\"timestamp\": null}".into()),
    ] {
        cases.push(json_case(format!("body: {what}"), "/api/timestamp/convert", body));
    }
    cases.push(json_case(
        "body over 64 KiB",
        "/api/timestamp/convert",
        format!("{{\"timestamp\": 1, \"x\": \"{}\"}}", "x".repeat(70_000)),
    ));
    for bytes in
        [vec![0xff, 0xfe], b"{\"timestamp\": \"\xff\"}".to_vec(), b"{\"timestamp\xc3\": 1}".to_vec(), vec![0; 16]]
    {
        cases.push(Case {
            what: format!("invalid UTF-8 {bytes:?}"),
            request: Request::post("/api/timestamp/convert")
                .header("content-type", "application/json")
                .body(Body::from(bytes))
                .unwrap(),
        });
    }

    // Content types.
    for content_type in [
        "text/plain",
        "application/xml",
        "multipart/form-data; boundary=x",
        "application/jsonp",
        "image/png",
        "*/*",
        "application/json-patch",
    ] {
        cases.push(Case {
            what: format!("content type {content_type}"),
            request: Request::post("/api/timestamp/convert")
                .header("content-type", content_type)
                .body(Body::from("{\"timestamp\": 1}"))
                .unwrap(),
        });
    }
    cases.push(Case {
        what: "JSON sent as a form".into(),
        request: Request::post("/api/timestamp/convert")
            .header("content-type", "application/x-www-form-urlencoded")
            .body(Body::from("{\"timestamp\": 1}"))
            .unwrap(),
    });
    cases.push(Case {
        what: "body without content type".into(),
        request: Request::post("/api/timestamp/convert").body(Body::from("timestamp=1")).unwrap(),
    });

    // Methods and paths.
    for method in ["PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "FOO"] {
        cases.push(Case {
            what: format!("method {method}"),
            request: Request::builder()
                .method(Method::from_bytes(method.as_bytes()).unwrap())
                .uri("/api/timestamp/convert")
                .body(Body::empty())
                .unwrap(),
        });
    }
    for path in [
        "/api/timestamp/convert/",
        "//api/timestamp/convert",
        "/api/timestamp/../timestamp/convert",
        "/api/v2/timestamp/convert",
        "/API/TIMESTAMP/CONVERT",
        "/api/timestamp/%63onvert",
        "/api/timestamp/convert%00",
        "/api",
        "/api/",
        "/api/v1",
        "/.env",
        "/admin",
        "/metrics/../healthz",
        "/docs/../../etc/passwd",
    ] {
        cases.push(query_case(format!("path {path}"), path));
    }
    cases.push(query_case("a 10,000-character path", &format!("/{}", "a".repeat(10_000))));

    // Query strings.
    for query in [
        "timestamp=%zz",
        "timestamp=%",
        "timestamp=%FF",
        "timestamp=%C3",
        "timestamp",
        "timestamp=1&timestamp=2",
        "timestamp=1&timezone=UTC&timezone=UTC",
        "timestamp=1&Timestamp=1",
        "TIMESTAMP=1",
        "timestamp[]=1",
        "timestamp=1&&&=",
        "=1",
        "timestamp=1&foo=bar",
        "timestamp=1&timestamps=1",
    ] {
        cases.push(query_case(format!("query {query}"), &format!("/api/timestamp/convert?{query}")));
    }
    let many = (0..1000).map(|i| format!("p{i}=1")).collect::<Vec<_>>().join("&");
    cases.push(query_case("1000 unknown parameters", &format!("/api/timestamp/convert?timestamp=1&{many}")));
    cases.push(query_case("current with a timestamp", "/api/timestamp/current?timestamp=1"));
    cases.push(query_case("current with a bad zone", "/api/timestamp/current?timezone=..%2F..%2Fetc"));
    cases.push(query_case("zone list at a bad instant", "/api/timezones?at=soon"));
    // fields: names no answer has, a name of another answer, a flood of commas, not a string.
    let commas = ",".repeat(20_000);
    for (what, query) in [
        ("fields unknown", "/api/timestamp/convert?timestamp=1&fields=isoo".to_owned()),
        ("fields of format on convert", "/api/timestamp/convert?timestamp=1&fields=preview".to_owned()),
        ("fields of convert on current", "/api/timestamp/current?fields=input".to_owned()),
        ("fields 20,000 commas", format!("/api/timestamp/add?timestamp=1&duration=P1D&fields=iso{commas}")),
        ("fields a NUL", "/api/timestamp/round?timestamp=1&unit=day&fields=iso%00".to_owned()),
    ] {
        cases.push(query_case(what, &query));
    }
    cases.push(json_case(
        "fields an array",
        "/api/timestamp/format",
        json!({"timestamp": 1, "fields": ["iso"]}).to_string(),
    ));
    // extract: a text that is not one, too long, or read in no known zone or language.
    let long = "may march 5pm ".repeat(tsconv_time::extract::MAX_TEXT_CHARS / 14 + 1);
    for (what, body) in [
        ("no text", json!({})),
        ("text null", json!({"text": null})),
        ("text a number", json!({"text": 1700000000})),
        ("text an array", json!({"text": ["tomorrow"]})),
        ("text an object", json!({"text": {"a": "tomorrow"}})),
        ("text too long", json!({ "text": long })),
        ("bad zone", json!({"text": "tomorrow 5pm", "timezone": "Mars/Olympus"})),
        ("bad locale", json!({"text": "tomorrow 5pm", "locale": "xx-!!"})),
        ("unknown parameter", json!({"text": "tomorrow", "now": "2026-01-01"})),
    ] {
        cases.push(json_case(format!("extract {what}"), "/api/timestamp/extract", body.to_string()));
    }
    cases.push(query_case("extract without text", "/api/timestamp/extract?timezone=UTC"));
    cases.push(query_case("extract twice the text", "/api/timestamp/extract?text=a&text=b"));
    cases.push(query_case("extract in a bad zone", "/api/timestamp/extract?text=5pm&timezone=..%2F..%2Fetc"));
    // schedule: expressions that are none, too long, never fire, or would
    // walk without end; and the feeds' own refusals.
    for (what, schedule) in [
        ("empty", json!("")),
        ("blank", json!("   ")),
        ("a number", json!(5)),
        ("an array", json!(["0 9 * * *"])),
        ("too long", json!("0,".repeat(600) + "0 * * * *")),
        ("NUL inside", json!("0 9 *\u{0} * *")),
        ("step zero", json!("*/0 * * * *")),
        ("step beyond the field", json!("*/99 * * * *")),
        ("range backwards", json!("0 17-9 * * *")),
        ("eight fields", json!("0 0 0 1 1 * 2030 x")),
        ("letters in a number field", json!("O 9 * * *")),
        ("Bengali digits", json!("০ ৯ * * *")),
        ("L in the hour", json!("0 L * * *")),
        ("W without a day", json!("0 0 W * *")),
        ("# beyond the fifth", json!("0 0 * * 1#9")),
        ("never fires", json!("0 0 31 4,6,9,11 *")),
        ("a year past croner", json!("0 0 0 1 1 * 9999")),
        ("@reboot", json!("@reboot")),
        ("an unknown shorthand", json!("@fortnightly")),
        ("CRON_TZ to nowhere", json!("CRON_TZ=Mars/Olympus 0 9 * * *")),
        ("systemd fractions", json!("*:*:*.5")),
        ("systemd days from the end past the 28th", json!("*-02~29")),
        ("systemd days from the end its check refuses", json!("*-*~2,26")),
        ("systemd repetition that never repeats", json!("*-03/10-*")),
        ("systemd February 30", json!("*-02-30 00:00")),
        ("systemd hour 24", json!("24:00")),
        ("systemd weekday typo", json!("Mno..Fri 09:00")),
        ("RRULE frequency", json!("FREQ=FORTNIGHTLY")),
        ("RRULE interval zero", json!("FREQ=DAILY;INTERVAL=0")),
        ("RRULE per second counted since 1970", json!("DTSTART:19700101T000000Z RRULE:FREQ=SECONDLY;COUNT=999999999")),
        ("RRULE per second in an hour of no minute", json!("FREQ=SECONDLY;BYHOUR=2;BYMONTH=2;BYMONTHDAY=31")),
        ("RRULE start in year 99999", json!("DTSTART:999990101T000000Z RRULE:FREQ=DAILY")),
        ("RRULE non-ASCII", json!("FREQ=DAILY;BYDAY=MÖ")),
        ("RRULE unknown line", json!("DTSTART:20260101T000000Z VALARM:x FREQ=DAILY")),
        ("RRULE without a rule", json!("DTSTART:20260101T000000Z")),
        ("RRULE zone to nowhere", json!("DTSTART;TZID=Mars/Olympus:20260101T000000 RRULE:FREQ=DAILY")),
    ] {
        cases.push(json_case(format!("schedule {what}"), "/api/schedule", json!({ "schedule": schedule }).to_string()));
    }
    for (what, body) in [
        ("count zero", json!({"schedule": "@daily", "count": 0})),
        ("count too large", json!({"schedule": "@daily", "count": 101})),
        ("count a fraction", json!({"schedule": "@daily", "count": 2.5})),
        ("direction sideways", json!({"schedule": "@daily", "direction": "sideways"})),
        ("gap for cron", json!({"schedule": "@daily", "gap": "shift"})),
        ("gap unknown", json!({"schedule": "FREQ=DAILY", "gap": "jump"})),
        ("from unreadable", json!({"schedule": "@daily", "from": "the day after never"})),
        ("unknown parameter", json!({"schedule": "@daily", "tz": "UTC"})),
        ("fields unknown", json!({"schedule": "@daily", "fields": "runs"})),
    ] {
        cases.push(json_case(format!("schedule {what}"), "/api/schedule", body.to_string()));
    }
    cases.push(query_case("schedule without one", "/api/schedule"));
    cases.push(query_case("schedule twice", "/api/schedule?schedule=@daily&schedule=@hourly"));
    cases.push(query_case("schedule feed from a moment", "/api/schedule.ics?schedule=@daily&from=2026-01-01"));
    cases.push(query_case("schedule feed of nothing", "/api/schedule.ics?schedule=0%200%2030%202%20*"));
    cases.push(query_case(
        "transitions feed from a moment",
        "/api/timezones/Europe/Berlin/transitions.ics?from=2026-01-01",
    ));
    cases.push(query_case("transitions feed of nowhere", "/api/timezones/Mars/Olympus/transitions.ics"));
    cases
}

fn assert_helpful_4xx(what: &str, reply: &Reply) {
    let status = reply.status.as_u16();
    assert!((400..500).contains(&status), "{what}: status {status}, body {}", reply.body);
    let code = reply.body["code"].as_u64().unwrap_or_else(|| panic!("{what}: not an envelope: {}", reply.body));
    assert_eq!(code / 100, u64::from(status), "{what}: code {code} for status {status}");
    let message = reply.body["message"].as_str().unwrap_or_default();
    assert!(message.len() >= 20, "{what}: message too thin: {message:?}");
    assert!(reply.body["data"]["error"].is_string(), "{what}: {}", reply.body);
    assert!(!message.contains("panicked") && !message.contains("RUST_BACKTRACE"), "{what}: {message}");
}

/// Every case gets a helpful 4xx, and the status and `data.error` each
/// gets are pinned, one line a case, in
/// `tests/api/snapshots/api__hostile__hostile_verdicts.snap`: a case that
/// starts being refused for another reason shows in review.
#[tokio::test]
async fn every_hostile_request_gets_a_helpful_4xx_envelope() {
    let cases = corpus();
    assert!(cases.len() >= 300, "only {} cases", cases.len());
    eprintln!("{} hostile requests", cases.len());
    let mut verdicts = String::new();
    for case in cases {
        let reply = send(case.request).await;
        assert_helpful_4xx(&case.what, &reply);
        let error = reply.body["data"]["error"].as_str().unwrap_or_default();
        // Debug-escaped: the descriptions hold control and bidi characters.
        verdicts.push_str(&format!("{} {error:<22} {:?}\n", reply.status.as_u16(), case.what));
    }
    insta::assert_snapshot!("hostile_verdicts", verdicts);
    crate::helpers::get("/healthz").await.assert_ok();
}

/// People's text at its most hostile: long runs of words, many
/// relative items, mixed scripts, words near known ones, overflowing
/// counts. Each is read or refused with the envelope, never a 5xx, and its
/// verdict is pinned; a refusal says why.
#[tokio::test]
async fn hostile_peoples_text_is_read_or_refused_never_a_5xx() {
    let texts = [
        "1 day ".repeat(42),
        "next month last year ".repeat(12),
        "9999999 years ago".to_owned(),
        "999999999999999999 seconds".to_owned(),
        "tomorrow tomorrow tomorrow".to_owned(),
        "Nov 14 2023 Nov 15 2023".to_owned(),
        "5pm 6pm".to_owned(),
        "EST PST".to_owned(),
        "Novmberr 14".to_owned(),
        "١٤ نوفمبر ٢٠٢٣".to_owned(),
        "Nov ١٤ ٢٠٢٣ ５pm".to_owned(),
        "2023年11月14日".to_owned(),
        "(((((((((( comment".to_owned(),
        "(a) (b) (c) Nov 14 2023".to_owned(),
        "Feb 29 2023".to_owned(),
        "Tuesday, November 15, 2023".to_owned(),
        "13:00pm".to_owned(),
        "0am".to_owned(),
        "24:00".to_owned(),
        "@99999999999999999".to_owned(),
        "@-1.5".to_owned(),
        "last last friday".to_owned(),
        "in in 2 hours".to_owned(),
        "ago".to_owned(),
        "Eastern Standard Time Eastern Standard Time".to_owned(),
        "2023-11-14 10:00 UTC+99".to_owned(),
        "2023-11-14 10:00 +2500".to_owned(),
        "Nov 14 10000".to_owned(),
        "Nov 14 -5".to_owned(),
        "12/31/1969 11:59:59pm".to_owned(),
        "1.5 seconds ago".to_owned(),
        "0.0000000001 seconds".to_owned(),
        "Sept. 31st".to_owned(),
        "a.m.".to_owned(),
        "DST".to_owned(),
    ];
    let mut verdicts = String::new();
    for text in texts {
        let reply = send(
            Request::post("/api/timestamp/convert")
                .header("content-type", "application/json")
                .body(Body::from(json!({"timestamp": text}).to_string()))
                .unwrap(),
        )
        .await;
        let status = reply.status.as_u16();
        if status != 200 {
            assert_helpful_4xx(&text, &reply);
        }
        let verdict = reply.body["data"]["error"].as_str().or(reply.body["data"]["iso"].as_str()).unwrap_or_default();
        verdicts.push_str(&format!("{status} {verdict:<24} {text:?}\n"));
    }
    insta::assert_snapshot!("hostile_peoples_text", verdicts);
}

/// The request head is bounded near 96 KiB (hyper's default, about 400 KiB,
/// let each connection hold that much of unfinished headers) and to 100
/// headers, and the longest URI hyper accepts still fits with ordinary
/// headers.
#[tokio::test]
async fn the_request_head_is_bounded_but_fits_the_longest_uri() {
    let server = Server::start(&["--rate-limit", "0"]);
    let big_header =
        format!("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\nConnection: close\r\n\r\n", "a".repeat(300_000));
    let answer = raw_exchange(server.addr, big_header.as_bytes()).await;
    assert!(answer.starts_with("HTTP/1.1 431"), "{}", &answer[..answer.len().min(200)]);
    let query = format!("timestamp=1&{}", "a=&".repeat(22_000));
    let long_uri = format!(
        "GET /api/timestamp/convert?{} HTTP/1.1\r\nHost: x\r\nUser-Agent: {}\r\nConnection: close\r\n\r\n",
        &query[..65_000],
        "u".repeat(4_000)
    );
    let answer = raw_exchange(server.addr, long_uri.as_bytes()).await;
    // Read by the app, which refuses it for its parameters, with the envelope.
    assert!(answer.starts_with("HTTP/1.1 400"), "{}", &answer[..answer.len().min(200)]);
    assert!(answer.contains(r#""code":40000"#), "{}", &answer[..answer.len().min(400)]);
    // At most 100 headers (`Host`, `Connection` and 98 more); one more is a 431.
    for (extra, status) in [(98, "HTTP/1.1 200"), (99, "HTTP/1.1 431")] {
        let headers: String = (0..extra).map(|n| format!("X-H{n}: v\r\n")).collect();
        let request = format!("GET /healthz HTTP/1.1\r\nHost: x\r\n{headers}Connection: close\r\n\r\n");
        let answer = raw_exchange(server.addr, request.as_bytes()).await;
        assert!(answer.starts_with(status), "{extra} more headers: {}", &answer[..answer.len().min(200)]);
    }
}

#[tokio::test]
async fn hostile_bytes_on_the_wire_leave_the_server_answering() {
    let server = Server::start(&["--rate-limit", "0"]);
    for request in [
        b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: ".to_vec().into_iter().chain(vec![b'a'; 500_000]).chain(b"\r\n\r\n".to_vec()).collect::<Vec<u8>>(),
        b"GET /api/timestamp/convert?timestamp=1 HTTP/1.1\r\nHost: x\r\nX-Request-Id: \xff\xfe\r\nConnection: close\r\n\r\n".to_vec(),
        b"GARBAGE\r\n\r\n".to_vec(),
        b"GET /\x00 HTTP/1.1\r\n\r\n".to_vec(),
        b"POST /api/timestamp/convert HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n".to_vec(),
        b"POST /api/timestamp/convert HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\nConnection: close\r\n\r\nzz\r\n".to_vec(),
        format!("GET /api/timestamp/convert?{} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "a".repeat(70_000)).into_bytes(),
    ] {
        let answer = raw_exchange(server.addr, &request).await;
        // hyper itself answers what never reaches a route (431, 414, 400), or
        // closes the connection; it never gets a 5xx.
        assert!(!answer.starts_with("HTTP/1.1 5"), "{}", &answer[..answer.len().min(200)]);
    }
    let answer = raw_exchange(server.addr, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    server.signal("TERM");
    assert!(server.wait().0.success());
}
