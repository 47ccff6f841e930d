//! The locales of the compiled CLDR data.

use tsconv_time::locale::{self, LocaleList};

use crate::http::{
    envelope::{Envelope, Success},
    error::ApiError,
    openapi::QueryErrors,
    params::{LocalesParams, Params},
};

/// Every locale the compiled CLDR data holds, with its own and English names.
#[utoipa::path(
    get,
    path = "/locales",
    operation_id = "locales",
    tag = "locales",
    params(LocalesParams),
    responses(
        (status = 200, description = "The locales, sorted by tag, with the CLDR version", body = Envelope<LocaleList>),
        QueryErrors
    )
)]
pub async fn list(Params(params): Params<LocalesParams>) -> Result<Success<LocaleList>, ApiError> {
    Ok(Success(locale::list(params.q.as_deref())))
}
