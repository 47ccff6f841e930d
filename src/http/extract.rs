//! The request-parameter extractor: query string, JSON object body or form
//! body, merged into one list of named values. Every way it can fail is an
//! [`ApiError`], so malformed requests get the same envelope as everything
//! else.

use std::borrow::Cow;
use std::fmt;

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{Method, header};
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde_json::Value;

use super::error::ApiError;
use super::limits::{BODY_LIMIT, MAX_PARAMS};

/// The parameters that may repeat in a query string or form body, each
/// repetition an item of a list: a batch (`timestamps`, `pairs`), and the
/// patterns of `input_format`.
const LIST_PARAMS: [&str; 3] = ["timestamps", "pairs", "input_format"];

/// Refused bodies up to this size are read and dropped before the 413,
/// for at most this long.
const DRAIN_LIMIT: usize = 1024 * 1024;
const DRAIN_TIME: std::time::Duration = std::time::Duration::from_secs(2);

/// Every parameter of a request, in the order given, each name once.
///
/// Values from the query string and form bodies are JSON strings; JSON
/// bodies keep their types, and numbers their exact text.
#[derive(Debug, Default)]
pub struct RawParams(pub Vec<(String, Value)>);

impl RawParams {
    fn push(&mut self, name: String, value: Value) -> Result<(), ApiError> {
        if self.0.len() >= MAX_PARAMS {
            return Err(ApiError::TooManyParameters);
        }
        if self.0.iter().any(|(existing, _)| *existing == name) {
            return Err(ApiError::DuplicateParameter { name });
        }
        self.0.push((name, value));
        Ok(())
    }

    fn extend_from_urlencoded(&mut self, text: &[u8], what: &str) -> Result<(), ApiError> {
        let text = std::str::from_utf8(text).map_err(|error| ApiError::BadRequest {
            message: format!("malformed {what}: invalid UTF-8 at byte {}", error.valid_up_to()),
        })?;
        // Pair by pair, so that a text of thousands of pairs stops at the cap.
        for (name, value) in UrlEncoded(text) {
            let (name, value) = (name.into_owned(), value.into_owned());
            // A batch in a query string or form: `timestamps=1&timestamps=2`.
            if LIST_PARAMS.contains(&name.as_str()) {
                match self.0.iter_mut().find(|(existing, _)| *existing == name) {
                    Some((_, Value::Array(items))) => items.push(Value::String(value)),
                    _ => self.push(name, Value::Array(vec![Value::String(value)]))?,
                }
            } else {
                self.push(name, Value::String(value))?;
            }
        }
        Ok(())
    }
}

/// The name-value pairs of a query string or form body (valid UTF-8), as
/// `form_urlencoded::parse` reads them (pairs split at `&`, empty ones
/// skipped, the name ending at the first `=`), in one pass over the text
/// and borrowed from it unless a pair has something to decode (`%XX`,
/// `+`): that crate decodes each piece in three passes and three copies,
/// some 400 instructions for a piece a dozen bytes long, even when there is
/// nothing to decode.
struct UrlEncoded<'a>(&'a str);

impl<'a> Iterator for UrlEncoded<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.0.is_empty() {
                return None;
            }
            let (mut end, mut equals, mut encoded) = (self.0.len(), None, false);
            for (i, &byte) in self.0.as_bytes().iter().enumerate() {
                match byte {
                    b'&' => {
                        end = i;
                        break;
                    }
                    b'=' if equals.is_none() => equals = Some(i),
                    b'%' | b'+' => encoded = true,
                    _ => {}
                }
            }
            // `end` and `equals` are at ASCII bytes: char boundaries.
            let pair = self.0.get(..end).unwrap_or_default();
            self.0 = self.0.get(end + 1..).unwrap_or_default();
            if pair.is_empty() {
                continue;
            }
            if encoded {
                return form_urlencoded::parse(pair.as_bytes()).next();
            }
            let (name, value) = match equals {
                Some(at) => (pair.get(..at).unwrap_or_default(), pair.get(at + 1..).unwrap_or_default()),
                None => (pair, ""),
            };
            return Some((Cow::Borrowed(name), Cow::Borrowed(value)));
        }
    }
}

impl<S: Send + Sync> FromRequest<S> for RawParams {
    type Rejection = ApiError;

    async fn from_request(request: Request, _state: &S) -> Result<Self, Self::Rejection> {
        let mut params = RawParams::default();
        if let Some(query) = request.uri().query() {
            params.extend_from_urlencoded(query.as_bytes(), "query string")?;
        }
        if matches!(*request.method(), Method::GET | Method::HEAD) {
            return Ok(params);
        }
        let content_type = request
            .headers()
            .get(header::CONTENT_TYPE)
            .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned());
        let declared_length =
            request.headers().get(header::CONTENT_LENGTH).and_then(|value| value.to_str().ok()?.parse::<u64>().ok());
        if let Some(length) = declared_length.filter(|length| *length > BODY_LIMIT as u64) {
            // Read and drop a refused body of reasonable size, so that the
            // client, still sending it, reads the 413 instead of a reset.
            if length <= DRAIN_LIMIT as u64 {
                let drain = axum::body::to_bytes(request.into_body(), DRAIN_LIMIT);
                let _ = tokio::time::timeout(DRAIN_TIME, drain).await;
            }
            return Err(ApiError::PayloadTooLarge { limit: BODY_LIMIT });
        }
        let body = read_body(request).await?;
        if body.is_empty() {
            return Ok(params);
        }
        let essence = content_type
            .as_deref()
            .and_then(|value| value.split(';').next())
            .map(|value| value.trim().to_ascii_lowercase());
        match essence.as_deref() {
            Some("application/json") => params.extend_from_json(&body)?,
            Some(value) if value.starts_with("application/") && value.ends_with("+json") => {
                params.extend_from_json(&body)?
            }
            Some("application/x-www-form-urlencoded") => params.extend_from_urlencoded(&body, "form body")?,
            _ => {
                return Err(ApiError::UnsupportedMediaType {
                    content_type: content_type.unwrap_or_else(|| "(none)".to_owned()),
                });
            }
        }
        Ok(params)
    }
}

async fn read_body(request: Request) -> Result<Bytes, ApiError> {
    axum::body::to_bytes(request.into_body(), BODY_LIMIT).await.map_err(|error| {
        let too_large =
            std::error::Error::source(&error).is_some_and(|source| source.is::<http_body_util::LengthLimitError>());
        if too_large {
            ApiError::PayloadTooLarge { limit: BODY_LIMIT }
        } else {
            ApiError::BadRequest { message: format!("could not read the request body: {error}") }
        }
    })
}

impl RawParams {
    fn extend_from_json(&mut self, body: &[u8]) -> Result<(), ApiError> {
        let object: JsonObject = serde_json::from_slice(body).map_err(|e| ApiError::BadRequest {
            message: format!("malformed JSON body: {e}; send one JSON object such as {{\"timestamp\": 1700000000}}"),
        })?;
        for (name, value) in object.0 {
            self.push(name, value)?;
        }
        Ok(())
    }
}

/// A JSON object read as its entries, refusing duplicate keys (which
/// `serde_json::Map` would silently collapse to the last one).
struct JsonObject(Vec<(String, Value)>);

impl<'de> Deserialize<'de> for JsonObject {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ObjectVisitor;

        impl<'de> Visitor<'de> for ObjectVisitor {
            type Value = JsonObject;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<JsonObject, A::Error> {
                let mut entries: Vec<(String, Value)> = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    if entries.len() >= MAX_PARAMS {
                        return Err(de::Error::custom(format_args!(
                            "more than {MAX_PARAMS} keys; send a batch as one \"timestamps\" array"
                        )));
                    }
                    if entries.iter().any(|(existing, _)| *existing == key) {
                        return Err(de::Error::custom(format_args!("duplicate key {key:?}")));
                    }
                    let value = map.next_value::<Value>()?;
                    entries.push((key, value));
                }
                Ok(JsonObject(entries))
            }
        }

        deserializer.deserialize_map(ObjectVisitor)
    }
}

impl RawParams {
    /// The parameters as the struct `T` that describes an endpoint: each
    /// field of `T` is a parameter it accepts. A name `T` has no field for
    /// is refused with a did-you-mean hint, a value of the wrong JSON type
    /// names its parameter, and JSON `null` counts as absent.
    pub fn parse<T: de::DeserializeOwned>(self) -> Result<T, ApiError> {
        T::deserialize(ParamsDeserializer(self)).map_err(|ParamError(error)| error)
    }
}

/// The fields of the parameter struct `T`: the names its endpoint accepts,
/// in declaration order, as serde's derive lists them.
pub fn fields_of<T: de::DeserializeOwned>() -> &'static [&'static str] {
    // No field is named NUL: the refusal lists the fields.
    let probe = RawParams(vec![("\0".to_owned(), Value::Null)]);
    match probe.parse::<T>() {
        Err(ApiError::UnknownParameter { accepted, .. }) => accepted,
        _ => &[],
    }
}

/// A failure while reading parameters into their struct.
#[derive(Debug)]
struct ParamError(ApiError);

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for ParamError {}

impl de::Error for ParamError {
    fn custom<T: fmt::Display>(message: T) -> Self {
        ParamError(ApiError::BadRequest { message: message.to_string() })
    }
}

/// Hands the parameters to a struct's derived `Deserialize` as a map.
struct ParamsDeserializer(RawParams);

impl<'de> Deserializer<'de> for ParamsDeserializer {
    type Error = ParamError;

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ParamError> {
        if let Some((name, _)) = self.0.0.iter().find(|(name, _)| !fields.contains(&name.as_str())) {
            return Err(ParamError(ApiError::unknown_parameter(name, fields)));
        }
        visitor.visit_map(Entries { entries: self.0.0.into_iter(), fields, value: None })
    }

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, ParamError> {
        Err(de::Error::custom("parameters are read into a struct"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
        unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
    }
}

/// The parameters one by one, each value with its (checked) name.
struct Entries {
    entries: std::vec::IntoIter<(String, Value)>,
    fields: &'static [&'static str],
    value: Option<ValueDeserializer>,
}

impl<'de> MapAccess<'de> for Entries {
    type Error = ParamError;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, ParamError> {
        let Some((name, value)) = self.entries.next() else { return Ok(None) };
        // Every name is a field (checked before): the derived visitor takes
        // the field's index, and compares no strings again.
        let index = self.fields.iter().position(|field| *field == name).unwrap_or(usize::MAX);
        self.value = Some(ValueDeserializer { name: self.fields.get(index).copied().unwrap_or(""), value });
        seed.deserialize(de::value::U64Deserializer::new(index as u64)).map(Some)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, ParamError> {
        match self.value.take() {
            Some(value) => seed.deserialize(value),
            None => Err(de::Error::custom("a parameter value without its name")),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// One parameter's value. Strings and arrays are checked here, so that a
/// wrong JSON type is reported in the API's words with the parameter's name;
/// anything else (a raw [`Value`]) is handed over as it is.
struct ValueDeserializer {
    name: &'static str,
    value: Value,
}

impl ValueDeserializer {
    fn wrong_type(self, expected: &'static str) -> ParamError {
        ParamError(ApiError::WrongType { param: self.name, expected, given: json_type(&self.value) })
    }
}

impl<'de> de::IntoDeserializer<'de, ParamError> for ValueDeserializer {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

impl<'de> Deserializer<'de> for ValueDeserializer {
    type Error = ParamError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ParamError> {
        match self.value {
            Value::String(text) => visitor.visit_string(text),
            value => value.deserialize_any(visitor).map_err(de::Error::custom),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ParamError> {
        match self.value {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ParamError> {
        self.deserialize_string(visitor)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ParamError> {
        match self.value {
            Value::String(text) => visitor.visit_string(text),
            _ => Err(self.wrong_type("a string")),
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ParamError> {
        match self.value {
            Value::Array(items) => {
                let name = self.name;
                let items = items.into_iter().map(|value| ValueDeserializer { name, value });
                visitor.visit_seq(de::value::SeqDeserializer::new(items))
            }
            _ => Err(self.wrong_type("an array")),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char bytes byte_buf unit
        unit_struct newtype_struct tuple tuple_struct map struct enum identifier ignored_any
    }
}

/// How a JSON value's type is named in messages.
pub fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use proptest::collection::vec;
    use proptest::prelude::*;
    use proptest::sample::select;

    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2048))]

        /// Pairs are read as `form_urlencoded` reads them, from texts made of
        /// the bytes that matter to it, ordinary ones and UTF-8 (invalid UTF-8
        /// is refused before), escapes of broken UTF-8 included.
        #[test]
        fn pairs_are_read_as_form_urlencoded_reads_them(
            pieces in vec(select(vec![
                "&", "=", "%", "+", "%20", "%2", "%zz", "%C3%A9", "%FF", "a", "timezone", "1700000000", "é", "\u{1F600}",
            ]), 0..24),
        ) {
            let text = pieces.concat();
            let ours: Vec<_> = UrlEncoded(&text).collect();
            let theirs: Vec<_> = form_urlencoded::parse(text.as_bytes()).collect();
            prop_assert_eq!(ours, theirs);
        }
    }
}
