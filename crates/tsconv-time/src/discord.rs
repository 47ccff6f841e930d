//! The nine Discord timestamp styles (`<t:…:X>`).

use std::str::FromStr;

use crate::error::TimeError;

/// The nine Discord timestamp styles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiscordStyle {
    ShortTime,
    LongTime,
    ShortDate,
    LongDate,
    ShortDateTime,
    LongDateTime,
    ShortNumeric,
    LongNumeric,
    Relative,
}

impl DiscordStyle {
    pub const ALL: [DiscordStyle; 9] = [
        DiscordStyle::ShortTime,
        DiscordStyle::LongTime,
        DiscordStyle::ShortDate,
        DiscordStyle::LongDate,
        DiscordStyle::ShortDateTime,
        DiscordStyle::LongDateTime,
        DiscordStyle::ShortNumeric,
        DiscordStyle::LongNumeric,
        DiscordStyle::Relative,
    ];

    /// The letter in `<t:…:X>`.
    pub const fn code(self) -> &'static str {
        match self {
            DiscordStyle::ShortTime => "t",
            DiscordStyle::LongTime => "T",
            DiscordStyle::ShortDate => "d",
            DiscordStyle::LongDate => "D",
            DiscordStyle::ShortDateTime => "f",
            DiscordStyle::LongDateTime => "F",
            DiscordStyle::ShortNumeric => "s",
            DiscordStyle::LongNumeric => "S",
            DiscordStyle::Relative => "R",
        }
    }
}

impl FromStr for DiscordStyle {
    type Err = TimeError;

    /// The style letter; case matters (`t` short time, `T` long time).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        DiscordStyle::ALL
            .into_iter()
            .find(|style| style.code() == s)
            .ok_or_else(|| TimeError::InvalidStyle { given: s.to_owned() })
    }
}
