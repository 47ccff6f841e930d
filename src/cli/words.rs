//! The engine's messages in the command line's words: a setting the engine
//! names as the web does (`largest_unit=hours`, `format=custom`) is named
//! by the flag a shell user typed (`--largest-unit hours`, `--format
//! custom`). The flags are clap's own, so a new flag is spelt right without
//! a list to keep.

use std::sync::LazyLock;

use clap::CommandFactory;

use super::Cli;

/// Every long flag of every subcommand, longest first (so that
/// `smallest_unit` is found before `unit`).
static FLAGS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut flags = Vec::new();
    let mut stack = vec![Cli::command()];
    while let Some(command) = stack.pop() {
        for arg in command.get_arguments() {
            if let Some(long) = arg.get_long() {
                flags.push(long.to_owned());
            }
        }
        stack.extend(command.get_subcommands().cloned());
    }
    flags.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
    flags.dedup();
    flags
});

/// `message` with each `name=value` of a flag written `--name value`, and
/// each bare name of a flag with an underscore (`largest_unit`) as the flag.
pub fn in_cli_words(message: &str) -> String {
    let mut text = message.to_owned();
    for flag in FLAGS.iter() {
        let web = flag.replace('-', "_");
        text = replace_word(&text, &format!("{web}="), &format!("--{flag} "));
        // The engine's "unknown mode \"upp\"" names a setting by its name.
        text = text.replace(&format!("unknown {web} \""), &format!("unknown --{flag} \""));
        if web.contains('_') {
            text = replace_word(&text, &web, &format!("--{flag}"));
        }
    }
    // The web's list of locales, as the shell reaches it.
    text.replace("GET /api/locales lists them", "`tsconv locales` lists them")
}

/// `text` with `from` replaced where it starts a word (not inside
/// `rounding_mode=` when `mode=` is asked, nor after a `-`).
fn replace_word(text: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(from) {
        let before = rest[..at].chars().next_back();
        let starts_word = before.is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '-'));
        let after = rest[at + from.len()..].chars().next();
        let ends_word = from.ends_with('=') || after.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        out.push_str(&rest[..at]);
        out.push_str(if starts_word && ends_word { to } else { from });
        rest = &rest[at + from.len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::in_cli_words;

    #[test]
    fn settings_are_named_as_the_flags_a_shell_user_typed() {
        assert_eq!(
            in_cli_words(
                "largest_unit=hours is smaller than smallest_unit=days: largest_unit must be at least as large"
            ),
            "--largest-unit hours is smaller than --smallest-unit days: --largest-unit must be at least as large"
        );
        assert_eq!(
            in_cli_words("format=custom needs a pattern, e.g. pattern=%Y-%m-%d"),
            "--format custom needs a pattern, e.g. --pattern %Y-%m-%d"
        );
        assert_eq!(in_cli_words("unknown rounding_mode \"up\""), "unknown --rounding-mode \"up\"");
        assert_eq!(in_cli_words("unknown mode \"upp\": use one of floor"), "unknown --mode \"upp\": use one of floor");
        // Not inside other words, nor the engine's prose.
        assert_eq!(
            in_cli_words("mode=floor; the mode of rounding_mode=x"),
            "--mode floor; the mode of --rounding-mode x"
        );
        assert_eq!(in_cli_words("an invalid pattern in the input"), "an invalid pattern in the input");
    }
}
