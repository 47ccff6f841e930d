//! Integers written in decimal, and digits of every script read as decimal.

/// `value` in decimal, through `itoa`'s `i64` path when it fits (every
/// unit of an instant but nanoseconds past 2262), which takes half the
/// instructions of its `i128` one.
#[inline]
pub fn decimal(value: i128, buffer: &mut itoa::Buffer) -> &str {
    match i64::try_from(value) {
        Ok(narrow) => buffer.format(narrow),
        Err(_) => buffer.format(value),
    }
}

/// `text` with every decimal digit of another script (Arabic-Indic
/// `١٧`, Devanagari `१७`, Thai `๑๗`, full-width `１７`, ... every character
/// of Unicode's general category Nd, which holds the digits of each
/// numbering system CLDR uses) written as the ASCII digit of the same
/// value; `None` when there is none, so ASCII text costs one scan. One
/// character stays one character: positions in the result are positions
/// in `text`.
///
/// ```
/// use tsconv_time::digits::ascii_digits;
/// assert_eq!(ascii_digits("١٧٠٠٠٠٠٠٠٠").as_deref(), Some("1700000000"));
/// assert_eq!(ascii_digits("２０２３年11月14日").as_deref(), Some("2023年11月14日"));
/// assert_eq!(ascii_digits("2023-11-14"), None);
/// ```
pub fn ascii_digits(text: &str) -> Option<String> {
    if text.is_ascii() {
        return None;
    }
    let mut changed = false;
    let written = text
        .chars()
        .map(|c| match (!c.is_ascii()).then(|| digit_value(c)).flatten() {
            Some(value) => {
                changed = true;
                char::from(b'0' + value)
            }
            _ => c,
        })
        .collect();
    changed.then_some(written)
}

/// The value of a decimal digit of any script. Unicode encodes the digits
/// of each script as a run of ten, zero first, and runs that touch (the
/// mathematical digits) are each ten long: the value is the distance from
/// the start of the run, modulo ten.
fn digit_value(c: char) -> Option<u8> {
    use icu_properties::CodePointMapData;
    use icu_properties::props::GeneralCategory;
    let categories = CodePointMapData::<GeneralCategory>::new();
    if categories.get(c) != GeneralCategory::DecimalNumber {
        return None;
    }
    let mut start = u32::from(c);
    while let Some(previous) = start.checked_sub(1).and_then(char::from_u32)
        && categories.get(previous) == GeneralCategory::DecimalNumber
    {
        start -= 1;
    }
    u8::try_from((u32::from(c) - start) % 10).ok()
}
