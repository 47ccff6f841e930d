//! One file per endpoint family.

pub mod arithmetic;
pub mod compat;
pub mod fallback;
pub mod health;
pub mod locales;
pub mod playground;
pub mod schedule;
pub mod timestamp;
pub mod timezones;
