//! JSON written straight into the answer's buffer, for the answers most
//! requests send (the result fields, a batch of them).
//!
//! `serde_json` walks a value through its serializer's state machine and
//! escapes every string byte by byte; for a convert answer (about thirty
//! short strings) that was some 10,000 instructions per request, a quarter
//! of tsconv's own cost (BENCHMARKS.md, the performance round). A [`WriteJson`] type written
//! by hand writes its keys as they are (they are known, plain ASCII), each
//! string in one copy after one check that it needs no escaping, and its
//! integers through `itoa`. The bytes are exactly those `serde_json` writes
//! for the same value: each hand-written type has a property test saying so,
//! and keeps its `Serialize` (the CLI's `--json`, the OpenAPI schema).
//! Answers off the hot path are written by `serde_json` ([`BySerde`]).

use crate::digits::decimal;

/// Why an answer could not be written (only `serde_json`'s can fail).
pub type Error = serde_json::Error;

/// An object being written by [`Json::object`].
pub struct Object<'j, 'a> {
    json: &'j mut Json<'a>,
    empty: bool,
}

impl<'a> Object<'_, 'a> {
    /// The next member's name: `{"name":` for the first, `,"name":` after it.
    #[inline(always)]
    pub fn key(&mut self, name: &str) -> &mut Json<'a> {
        let first = std::mem::replace(&mut self.empty, false);
        if first { self.json.open(name) } else { self.json.key(name) }
    }

    /// `}`, or `{}` when no member was written.
    #[inline(always)]
    pub fn end(self) {
        self.json.raw(if self.empty { b"{}" } else { b"}" });
    }
}

/// A value that writes its own compact JSON.
pub trait WriteJson {
    /// Appends the value's JSON to `out`. Only the answers written by
    /// `serde_json` can fail (a map with keys that are not strings, say).
    fn write_json(&self, out: &mut Json<'_>) -> Result<(), serde_json::Error>;

    /// About how many bytes the JSON takes, to size the buffer once.
    fn size_hint(&self) -> usize {
        1024
    }
}

/// [`WriteJson`] through the type's `Serialize`: for answers whose cost
/// does not matter (lists, health) or is elsewhere. A type says
/// `impl BySerde for T {}` and is written by `serde_json`.
pub trait BySerde: serde::Serialize {}

impl<T: BySerde> WriteJson for T {
    fn write_json(&self, out: &mut Json<'_>) -> Result<(), Error> {
        out.serde(self)
    }
}

/// The buffer JSON is written into, with the pieces a writer needs.
pub struct Json<'a> {
    out: &'a mut Vec<u8>,
}

impl<'a> Json<'a> {
    pub fn new(out: &'a mut Vec<u8>) -> Self {
        Json { out }
    }

    /// Bytes as they are: punctuation, or JSON known to be valid.
    #[inline(always)]
    pub fn raw(&mut self, bytes: &[u8]) -> &mut Self {
        self.out.extend_from_slice(bytes);
        self
    }

    /// `{"name":`: the first key of an object.
    #[inline(always)]
    pub fn open(&mut self, name: &str) -> &mut Self {
        self.name_after(b'{', name)
    }

    /// `,"name":`: a key after the first.
    #[inline(always)]
    pub fn key(&mut self, name: &str) -> &mut Self {
        self.name_after(b',', name)
    }

    /// The `index`-th key of an object: [`Json::open`] for the first,
    /// [`Json::key`] after it (objects written from a list).
    #[inline(always)]
    pub fn field(&mut self, index: usize, name: &str) -> &mut Self {
        if index == 0 { self.open(name) } else { self.key(name) }
    }

    /// A key after `{` or `,`. Names are the answers' own field names:
    /// plain ASCII, nothing to escape.
    #[inline(always)]
    fn name_after(&mut self, punctuation: u8, name: &str) -> &mut Self {
        self.out.reserve(name.len() + 4);
        self.out.extend_from_slice(&[punctuation, b'"']);
        self.out.extend_from_slice(name.as_bytes());
        self.out.extend_from_slice(b"\":");
        self
    }

    /// An object whose members may each be absent (an answer cut to the
    /// `fields` asked for): [`Object::key`] writes each member's name,
    /// the first after `{`; [`Object::end`] closes it, `{}` when empty.
    #[inline(always)]
    pub fn object(&mut self) -> Object<'_, 'a> {
        Object { json: self, empty: true }
    }

    /// `}`.
    #[inline(always)]
    pub fn close(&mut self) -> &mut Self {
        self.out.push(b'}');
        self
    }

    /// A string, escaped as `serde_json` escapes it: `"` and `\`, and the
    /// control characters below U+0020 (`\n`, `\t`, ... or `\u00XX`); the
    /// rest, non-ASCII included, as it is.
    #[inline]
    pub fn string(&mut self, text: &str) -> &mut Self {
        let bytes = text.as_bytes();
        self.out.reserve(bytes.len() + 2);
        self.out.push(b'"');
        if needs_escape(bytes) {
            self.escaped(bytes);
        } else {
            self.out.extend_from_slice(bytes);
        }
        self.out.push(b'"');
        self
    }

    /// A string, or `null`.
    #[inline]
    pub fn optional_string(&mut self, text: Option<&str>) -> &mut Self {
        match text {
            Some(text) => self.string(text),
            None => self.raw(b"null"),
        }
    }

    /// A wide integer (see [`decimal`]).
    #[inline]
    pub fn big_integer(&mut self, value: i128) -> &mut Self {
        self.raw(decimal(value, &mut itoa::Buffer::new()).as_bytes())
    }

    #[inline]
    pub fn integer(&mut self, value: impl itoa::Integer) -> &mut Self {
        self.out.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
        self
    }

    #[inline]
    pub fn boolean(&mut self, value: bool) -> &mut Self {
        self.raw(if value { b"true" } else { b"false" })
    }

    /// A value through its `Serialize`.
    pub fn serde<T: serde::Serialize + ?Sized>(&mut self, value: &T) -> Result<(), serde_json::Error> {
        serde_json::to_writer(&mut *self.out, value)
    }

    /// The slow path of [`Json::string`]: byte by byte.
    #[cold]
    fn escaped(&mut self, bytes: &[u8]) {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        let mut start = 0;
        for (i, &byte) in bytes.iter().enumerate() {
            let escape: &[u8] = match byte {
                b'"' => b"\\\"",
                b'\\' => b"\\\\",
                b'\n' => b"\\n",
                b'\r' => b"\\r",
                b'\t' => b"\\t",
                0x08 => b"\\b",
                0x0c => b"\\f",
                0x00..=0x1f => &[b'\\', b'u', b'0', b'0', HEX[usize::from(byte >> 4)], HEX[usize::from(byte & 0xf)]],
                _ => continue,
            };
            self.out.extend_from_slice(&bytes[start..i]);
            self.out.extend_from_slice(escape);
            start = i + 1;
        }
        self.out.extend_from_slice(&bytes[start..]);
    }
}

/// Whether a string has a byte JSON escapes (below U+0020, `"`, `\\`),
/// eight bytes at a time: the exact "has a byte less than n" and "has a
/// zero byte" tests of Bit Twiddling Hacks on each 64-bit word. The last
/// word overlaps the one before it (or, under eight bytes, is padded with
/// spaces): an existence test may look at a byte twice.
#[inline]
fn needs_escape(bytes: &[u8]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH_BITS: u64 = ONES << 7;
    let below = |word: u64, n: u8| word.wrapping_sub(ONES * u64::from(n)) & !word & HIGH_BITS;
    let escapes = |word: u64| {
        below(word, 0x20) | below(word ^ (ONES * u64::from(b'"')), 1) | below(word ^ (ONES * u64::from(b'\\')), 1)
    };
    let word = |chunk: &[u8]| <[u8; 8]>::try_from(chunk).map_or(0, u64::from_ne_bytes);
    if bytes.len() < 8 {
        let mut padded = [b' '; 8];
        padded[..bytes.len()].copy_from_slice(bytes);
        return escapes(u64::from_ne_bytes(padded)) != 0;
    }
    let found = bytes.chunks_exact(8).fold(0, |found, chunk| found | escapes(word(chunk)));
    found | escapes(word(&bytes[bytes.len() - 8..])) != 0
}

/// The whole JSON of `value`, as [`WriteJson`] writes it (tests and tools).
pub fn to_vec<T: WriteJson + ?Sized>(value: &T) -> Result<Vec<u8>, serde_json::Error> {
    let mut bytes = Vec::with_capacity(value.size_hint());
    value.write_json(&mut Json::new(&mut bytes))?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn written(text: &str) -> String {
        let mut bytes = Vec::new();
        Json::new(&mut bytes).string(text);
        String::from_utf8(bytes).expect("JSON is UTF-8")
    }

    #[test]
    fn a_byte_to_escape_is_found_wherever_it_is() {
        for length in 1..40 {
            for at in 0..length {
                for byte in [b'"', b'\\', b'\n', 0x00, 0x1f, 0x7f, b' ', b'~'] {
                    let mut bytes = vec![b'a'; length];
                    bytes[at] = byte;
                    let text = String::from_utf8(bytes).expect("ASCII");
                    assert_eq!(needs_escape(text.as_bytes()), byte < 0x20 || byte == b'"' || byte == b'\\', "{text:?}");
                    assert_eq!(written(&text), serde_json::to_string(&text).expect("a string"));
                }
            }
        }
    }

    #[test]
    fn every_control_character_is_escaped_as_serde_json_escapes_it() {
        for byte in 0u8..=0x7f {
            let text = format!("a{}b", char::from(byte));
            assert_eq!(written(&text), serde_json::to_string(&text).expect("a string"), "byte {byte:#04x}");
        }
    }

    proptest! {
        #[test]
        fn strings_are_written_as_serde_json_writes_them(text in any::<String>()) {
            prop_assert_eq!(written(&text), serde_json::to_string(&text).expect("a string"));
        }

        #[test]
        fn integers_are_written_as_serde_json_writes_them(value in any::<i128>(), small in any::<i32>()) {
            let mut bytes = Vec::new();
            Json::new(&mut bytes).big_integer(value).raw(b",").integer(small).raw(b",").big_integer(i128::from(small));
            prop_assert_eq!(String::from_utf8(bytes).expect("ASCII"), format!("{},{small},{small}", serde_json::to_string(&value).expect("an integer")));
        }
    }
}
