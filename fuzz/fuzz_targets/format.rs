//! Any pattern and style. Invariants: no panic; a pattern that parses renders
//! at the extremes of the range in small output; a style parses or errors.
#![no_main]

use jiff::Timestamp;
use libfuzzer_sys::fuzz_target;
use tsconv_time::discord::DiscordStyle;
use tsconv_time::precision::Precision;
use tsconv_time::render::Format;
use tsconv_time::render::View;
use tsconv_time::zone::Zone;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = text.parse::<DiscordStyle>();
    let _ = Format::from_texts(Some(&text), None, None);
    let Ok(Some(format)) = Format::from_texts(Some("custom"), Some(&text), None) else { return };
    let zones = [Zone::utc(), Zone::parse("America/New_York").expect("zone"), Zone::parse("+14:00").expect("zone")];
    for instant in [Timestamp::MIN, Timestamp::UNIX_EPOCH, Timestamp::MAX] {
        for zone in &zones {
            let rendered = View::new(instant, zone, Precision::Nanoseconds).format(&format, Timestamp::UNIX_EPOCH);
            if let Ok(rendered) = rendered {
                assert!(rendered.len() <= 256 * 256, "{} bytes from a {}-byte pattern", rendered.len(), text.len());
            }
        }
    }
});
