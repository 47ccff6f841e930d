//! What an input was read as: `input.kind` and validate's `kind`.

/// What kind of input was read (`input.kind` / `kind` in the API).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Unix,
    Iso8601,
    Rfc3339,
    Rfc9557,
    Rfc2822,
    HttpDate,
    Date,
    LocalDatetime,
    /// NCSA/Apache common log format, as the `clf` preset writes it.
    Clf,
    /// A value of the epoch system named by `epoch`.
    Epoch,
    /// Text read by one of the `input_format` patterns.
    Pattern,
    UuidV1,
    UuidV6,
    UuidV7,
    Ulid,
    ObjectId,
    Ksuid,
    /// Elasticsearch date math: `now-1d/d`, `2023-11-14||+1M`.
    DateMath,
    /// What people type: `Nov 14 2023 5:13pm`, `tomorrow 9am`.
    Human,
}

impl Kind {
    pub const ALL: [Kind; 19] = [
        Kind::Unix,
        Kind::Iso8601,
        Kind::Rfc3339,
        Kind::Rfc9557,
        Kind::Rfc2822,
        Kind::HttpDate,
        Kind::Date,
        Kind::LocalDatetime,
        Kind::Clf,
        Kind::Epoch,
        Kind::Pattern,
        Kind::UuidV1,
        Kind::UuidV6,
        Kind::UuidV7,
        Kind::Ulid,
        Kind::ObjectId,
        Kind::Ksuid,
        Kind::DateMath,
        Kind::Human,
    ];

    /// The name used in JSON and messages.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Unix => "unix",
            Kind::Iso8601 => "iso8601",
            Kind::Rfc3339 => "rfc3339",
            Kind::Rfc9557 => "rfc9557",
            Kind::Rfc2822 => "rfc2822",
            Kind::HttpDate => "http_date",
            Kind::Date => "date",
            Kind::LocalDatetime => "local_datetime",
            Kind::Clf => "clf",
            Kind::Epoch => "epoch",
            Kind::Pattern => "pattern",
            Kind::UuidV1 => "uuid_v1",
            Kind::UuidV6 => "uuid_v6",
            Kind::UuidV7 => "uuid_v7",
            Kind::Ulid => "ulid",
            Kind::ObjectId => "objectid",
            Kind::Ksuid => "ksuid",
            Kind::DateMath => "date_math",
            Kind::Human => "human",
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// `kind` in an answer: what the input was read as.
#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for Kind {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
        crate::schema::names(Kind::ALL.map(Kind::name), "What the input was read as")
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for Kind {
    fn name() -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed("Kind")
    }
}
