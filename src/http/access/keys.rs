//! API keys: a file of SHA-256 digests, checked in constant time.
//!
//! The file never holds keys, only `sha256:<64 hex digits> [label]` lines
//! (blank lines and `#` comments allowed). A presented key is hashed and
//! compared with every digest without early exit, so timing reveals
//! neither which digest matched nor how much of it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The prefix of every generated key, so leaked keys are easy to search for.
pub const KEY_PREFIX: &str = "tsk_";

/// One allowed key: its digest and an optional label.
#[derive(Clone, Debug)]
struct Entry {
    digest: [u8; 32],
    id: KeyId,
}

/// Who a valid key belongs to: a short digest prefix (safe to log and to
/// key the rate limit by) and the file's label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyId {
    /// The first 8 bytes of the digest, in hex.
    pub id: String,
    pub label: Option<String>,
}

/// A parsed keys file.
#[derive(Clone, Debug, Default)]
pub struct KeySet {
    entries: Vec<Entry>,
}

/// Why a keys file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum KeysError {
    #[error("cannot read the API keys file {path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    /// The line is never quoted: a key pasted by mistake must not reach a log.
    #[error(
        "{path}:{line}: expected `sha256:<64 hex digits> [label]` (the line is not shown: it may hold a key){}",
        if *raw_key { "; it looks like a raw API key: the file holds digests only, so put the line that \
                       `tsconv keys new` prints there, and treat that key as exposed" } else { "" }
    )]
    Syntax { path: PathBuf, line: usize, raw_key: bool },
}

impl KeySet {
    /// Reads a keys file.
    pub fn load(path: &Path) -> Result<KeySet, KeysError> {
        let text = std::fs::read_to_string(path).map_err(|source| KeysError::Read { path: path.to_owned(), source })?;
        KeySet::parse(&text).map_err(|(line, raw_key)| KeysError::Syntax { path: path.to_owned(), line, raw_key })
    }

    /// Parses the text of a keys file; on error, the line number and
    /// whether the line looks like a raw key (its text is never returned).
    pub fn parse(text: &str) -> Result<KeySet, (usize, bool)> {
        let mut entries = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (digest, label) = match line.split_once(char::is_whitespace) {
                Some((digest, label)) => (digest, Some(label.trim().to_owned())),
                None => (line, None),
            };
            let hex = digest.strip_prefix("sha256:").unwrap_or(digest);
            let digest = parse_hex_digest(hex).ok_or_else(|| (index + 1, line.contains(KEY_PREFIX)))?;
            entries.push(Entry { id: KeyId { id: to_hex(&digest[..8]), label }, digest });
        }
        Ok(KeySet { entries })
    }

    /// How many keys the set allows.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The owner of `key`, if it is one of the allowed keys.
    pub fn verify(&self, key: &str) -> Option<KeyId> {
        let digest: [u8; 32] = Sha256::digest(key.as_bytes()).into();
        let mut found: Option<&Entry> = None;
        for entry in &self.entries {
            if bool::from(entry.digest.ct_eq(&digest)) {
                found = Some(entry);
            }
        }
        found.map(|entry| entry.id.clone())
    }
}

/// A key set that can be replaced while requests are being served.
#[derive(Debug)]
pub struct Keys {
    path: PathBuf,
    current: RwLock<Arc<KeySet>>,
}

impl Keys {
    /// Loads `path` for the first time.
    pub fn open(path: &Path) -> Result<Keys, KeysError> {
        Ok(Keys { path: path.to_owned(), current: RwLock::new(Arc::new(KeySet::load(path)?)) })
    }

    /// A fixed set, for tests and embedding.
    pub fn fixed(set: KeySet) -> Keys {
        Keys { path: PathBuf::new(), current: RwLock::new(Arc::new(set)) }
    }

    /// The set in force now.
    pub fn current(&self) -> Arc<KeySet> {
        match self.current.read() {
            Ok(guard) => Arc::clone(&guard),
            Err(poisoned) => Arc::clone(&poisoned.into_inner()),
        }
    }

    /// Reads the file again; on error the old set stays in force.
    pub fn reload(&self) -> Result<usize, KeysError> {
        let fresh = Arc::new(KeySet::load(&self.path)?);
        let count = fresh.len();
        match self.current.write() {
            Ok(mut guard) => *guard = fresh,
            Err(poisoned) => *poisoned.into_inner() = fresh,
        }
        Ok(count)
    }
}

/// A new random key (32 bytes from the operating system's generator) and
/// the line that allows it in a keys file.
pub fn generate(label: Option<&str>) -> Result<(String, String), getrandom::Error> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)?;
    let key = format!("{KEY_PREFIX}{}", to_hex(&bytes));
    let digest = Sha256::digest(key.as_bytes());
    let mut line = format!("sha256:{}", to_hex(&digest));
    if let Some(label) = label {
        line.push(' ');
        line.push_str(label);
    }
    Ok((key, line))
}

fn parse_hex_digest(hex: &str) -> Option<[u8; 32]> {
    if hex.len() != 64 || !hex.is_ascii() {
        return None;
    }
    let mut digest = [0u8; 32];
    for (i, byte) in digest.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(digest)
}

fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut out, b| {
        let _ = write!(out, "{b:02x}");
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_keys_verify_and_others_do_not() {
        let (key, line) = generate(Some("ci")).unwrap();
        assert!(key.starts_with(KEY_PREFIX) && key.len() == KEY_PREFIX.len() + 64);
        assert!(line.starts_with("sha256:") && line.ends_with(" ci"));
        let (other, other_line) = generate(None).unwrap();
        assert_ne!(key, other);
        let set = KeySet::parse(&format!("# keys\n\n{line}\n{other_line}\n")).unwrap();
        assert_eq!(set.len(), 2);
        let id = set.verify(&key).unwrap();
        assert_eq!(id.label.as_deref(), Some("ci"));
        assert_eq!(id.id.len(), 16);
        assert!(set.verify(&other).unwrap().label.is_none());
        assert_eq!(set.verify("tsk_wrong"), None);
        assert_eq!(set.verify(""), None);
        // The file holds digests, never the key.
        assert!(!line.contains(&key[KEY_PREFIX.len()..]));
    }

    #[test]
    fn malformed_lines_are_reported_with_their_number() {
        assert_eq!(KeySet::parse("sha256:abc").unwrap_err().0, 1);
        let err = KeySet::parse(&format!("# ok\nsha256:{}\nplain-key-by-mistake\n", "a".repeat(64))).unwrap_err();
        assert_eq!(err, (3, false));
        let (key, _) = generate(None).unwrap();
        assert_eq!(KeySet::parse(&format!("{key}\n")).unwrap_err(), (1, true));
        let message = KeysError::Syntax { path: "keys".into(), line: 1, raw_key: true }.to_string();
        assert!(message.contains("raw API key") && !message.contains(&key), "{message}");
        assert!(KeySet::parse(&"g".repeat(64)).is_err());
        assert!(KeySet::parse("").unwrap().is_empty());
    }
}
