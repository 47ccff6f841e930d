//! The playground in a real browser: headless Chromium driven by
//! playwright-core (tests/e2e/playground.cjs), against the built binary.
//! `./scripts/test` installs Chromium (Debian) and playwright-core (npm,
//! into target/e2e). Screenshots land in target/playground.

use std::path::PathBuf;

use tsconv::http::access::keys::generate;

use crate::helpers::{Server, get, run_e2e};

#[tokio::test]
async fn the_page_is_served_from_the_binary() {
    let reply = get("/").await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.headers["content-type"], "text/html; charset=utf-8");
    let page = reply.body.as_str().unwrap();
    assert!(page.contains("<title>tsconv"));
    // Everything is inline or on this server: no outside host.
    assert!(!page.contains("http://") && !page.contains("https://") && !page.contains("//cdn"));
    for endpoint in [
        "/api/timestamp/convert",
        "/api/timestamp/format",
        "/api/timestamp/current",
        "/api/timestamp/add",
        "/api/timestamp/diff",
        "/api/timestamp/validate",
        "/api/timestamp/extract",
        "/api/timezones",
    ] {
        assert!(page.contains(endpoint), "{endpoint}");
    }
    // The epoch selector offers every named system of the engine.
    for name in tsconv_time::epoch::Epoch::names().filter(|name| !["unix", "snowflake:MS"].contains(name)) {
        assert!(page.contains(&format!("<option value=\"{name}\">")), "{name}");
    }
}

#[test]
#[cfg_attr(
    not(feature = "components"),
    ignore = "needs Chromium and playwright-core: ./scripts/test installs it and runs this"
)]
fn the_playground_works_in_headless_chromium() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let screenshots = root.join("target/playground");
    std::fs::create_dir_all(&screenshots).unwrap();
    let folder = std::env::temp_dir().join(format!("tsconv-playground-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let (key, line) = generate(Some("browser")).unwrap();
    std::fs::write(folder.join("keys"), format!("{line}\n")).unwrap();

    let open = Server::start(&["--rate-limit", "0"]);
    let keyed = Server::start(&["--rate-limit", "0", "--api-keys-file", folder.join("keys").to_str().unwrap()]);
    let args =
        [format!("http://{}", open.addr), format!("http://{}", keyed.addr), key, screenshots.display().to_string()];
    run_e2e("playground.cjs", &args, vec![open, keyed]);
    std::fs::remove_dir_all(&folder).unwrap();
}
