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

/// `text` as [`ascii_digits`] writes it, and with every full-width form of
/// an ASCII character (U+FF01 to U+FF5E: `：`, `－`, `／`, `ＰＭ`, what
/// Chinese and Japanese input methods type) and the ideographic space
/// written as that character, as Unicode's compatibility decomposition
/// (NFKC's `<wide>`) writes them; `None` when there is none of these. One
/// character stays one character: positions in the result are positions
/// in `text`.
///
/// ```
/// use tsconv_time::digits::ascii_forms;
/// assert_eq!(ascii_forms("１２月９日の１６：３０").as_deref(), Some("12月9日の16:30"));
/// assert_eq!(ascii_forms("午後６時－１１時\u{3000}ＰＭ").as_deref(), Some("午後6時-11時 PM"));
/// assert_eq!(ascii_forms("١٧٠٠٠٠٠٠٠٠").as_deref(), Some("1700000000"));
/// assert_eq!(ascii_forms("2023年11月14日"), None);
/// ```
pub fn ascii_forms(text: &str) -> Option<String> {
    if text.is_ascii() {
        return None;
    }
    let wide = |c: char| matches!(c, '\u{FF01}'..='\u{FF5E}' | '\u{3000}');
    let digits = ascii_digits(text);
    let text = digits.as_deref().unwrap_or(text);
    if !text.contains(wide) {
        return digits;
    }
    Some(
        text.chars()
            .map(|c| match c {
                '\u{3000}' => ' ',
                // The full-width forms lie at a fixed distance from ASCII's.
                '\u{FF01}'..='\u{FF5E}' => char::from_u32(u32::from(c) - 0xFEE0).unwrap_or(c),
                _ => c,
            })
            .collect(),
    )
}

/// `text` with each year written in Chinese characters digit by digit
/// (`二零一六年`, `二〇二三年`: two or more of `〇零一二三四五六七八九`
/// before `年`) in full-width digits (`２０１６年`, read as ASCII's), as
/// people read such years: one character for one, of the same length in
/// UTF-8, so that byte and character positions hold. `None` when there is
/// none. A year counted with `十` (`二十年`, twenty years) is not written
/// digit by digit, and one character alone (`六年`, six years) is a count.
///
/// ```
/// use tsconv_time::digits::chinese_year_digits;
/// assert_eq!(chinese_year_digits("二零一六年九月三号").as_deref(), Some("２０１６年九月三号"));
/// assert_eq!(chinese_year_digits("二〇二三年").as_deref(), Some("２０２３年"));
/// assert_eq!(chinese_year_digits("六年前"), None);
/// ```
pub fn chinese_year_digits(text: &str) -> Option<String> {
    const DIGITS: [char; 11] = ['〇', '零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
    let value = |c: char| DIGITS.iter().position(|&d| d == c).map(|at| at.saturating_sub(1) as u32);
    if text.is_ascii() || !text.contains('年') {
        return None;
    }
    // Each `年` and the run of digits before it: written anew only when a
    // run of two or more is found (most texts with `年` have none).
    let mut written: Option<String> = None;
    for (at, _) in text.match_indices('年') {
        let run: Vec<(usize, char)> =
            text[..at].char_indices().rev().take_while(|&(_, c)| value(c).is_some()).collect();
        if run.len() < 2 {
            continue;
        }
        let out = written.get_or_insert_with(|| text.to_owned());
        for (byte, c) in run {
            // A CJK digit and a full-width one are both three bytes in UTF-8.
            let digit = char::from_u32(0xFF10 + value(c).unwrap_or(0)).unwrap_or(c);
            out.replace_range(byte..byte + c.len_utf8(), digit.encode_utf8(&mut [0; 4]));
        }
    }
    written
}

/// The first number of `text` whose digits belong to two numbering systems
/// (`1963-06-1৪`: an ASCII 1 and a Bengali 4), which Unicode's security
/// mechanisms (UTS #39, mixed numbers) flag as a spoofing risk: the char
/// index of its first digit, and the two digits that differ. `None` when
/// every number keeps to one system, so ASCII text costs one scan.
///
/// ```
/// use tsconv_time::digits::mixed_number;
/// assert_eq!(mixed_number("1963-06-1\u{09EA}"), Some((8, '1', '\u{09EA}')));
/// assert_eq!(mixed_number("\u{FF12}\u{FF10}\u{FF12}\u{FF13}年11月14日"), None); // each number keeps to one
/// assert_eq!(mixed_number("2023-11-14"), None);
/// ```
pub fn mixed_number(text: &str) -> Option<(usize, char, char)> {
    if text.is_ascii() {
        return None;
    }
    // The first digit of the current number (its char index and its run's zero).
    let mut current: Option<(usize, char, u32)> = None;
    for (index, c) in text.chars().enumerate() {
        let zero = if c.is_ascii_digit() {
            Some(u32::from('0'))
        } else {
            digit_value(c).map(|value| u32::from(c) - u32::from(value))
        };
        match (zero, current) {
            (Some(zero), None) => current = Some((index, c, zero)),
            (Some(zero), Some((start, first, first_zero))) if zero != first_zero => return Some((start, first, c)),
            (Some(_), Some(_)) => {}
            (None, _) => current = None,
        }
    }
    None
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
