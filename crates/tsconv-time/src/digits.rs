//! Integers written in decimal.

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
