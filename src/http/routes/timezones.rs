//! The list of IANA time zones.

use axum::extract::State;

use crate::http::AppState;
use crate::http::envelope::{Envelope, Success};
use crate::http::error::ApiError;
use crate::http::openapi::QueryErrors;
use crate::http::params::{Params, TimezonesParams, text_input};
use crate::time::zone::{self, ZoneList};
use crate::time::{ReadOptions, Zone, read};

/// Every IANA zone of the bundled database, with its offset, abbreviation and DST flag.
#[utoipa::path(
    get,
    path = "/timezones",
    tag = "timezones",
    params(TimezonesParams),
    responses(
        (status = 200, description = "The zones, sorted by name, as they are at `at` (default now)", body = Envelope<ZoneList>),
        QueryErrors
    )
)]
pub async fn list(
    State(state): State<AppState>,
    Params(params): Params<TimezonesParams>,
) -> Result<Success<ZoneList>, ApiError> {
    let now = state.clock.now();
    let at = match params.at {
        None => now,
        Some(text) => {
            let input = text_input(&text, "at")?;
            let utc = Zone::utc();
            let options = ReadOptions::new(&utc, now);
            read(input, &options).map_err(ApiError::input("at"))?.instant
        }
    };
    Ok(Success(zone::list(at, params.q.as_deref())))
}
