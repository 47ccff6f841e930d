//! The list of IANA time zones.

use axum::extract::State;

use crate::http::AppState;
use crate::http::envelope::{Envelope, Success};
use crate::http::error::ApiError;
use crate::http::extract::RawParams;
use crate::http::openapi::{QueryErrors, TimezonesQuery};
use crate::http::params::{Params, accepts};
use crate::time::zone::{self, ZoneList};
use crate::time::{Disambiguation, ReadOptions, Zone, read};

/// Every IANA zone of the bundled database, with its offset, abbreviation and DST flag.
#[utoipa::path(
    get,
    path = "/timezones",
    tag = "timezones",
    params(TimezonesQuery),
    responses(
        (status = 200, description = "The zones, sorted by name, as they are at `at` (default now)", body = Envelope<ZoneList>),
        QueryErrors
    )
)]
pub async fn list(State(state): State<AppState>, raw: RawParams) -> Result<Success<ZoneList>, ApiError> {
    let params = Params::check(raw, accepts::TIMEZONES)?;
    let now = state.clock.now();
    let at = match params.input("at")? {
        None => now,
        Some(input) => {
            let utc = Zone::utc();
            let options = ReadOptions { zone: &utc, precision: None, disambiguation: Disambiguation::Compatible, now };
            read(input, &options).map_err(|error| ApiError::Time { error, param: "at" })?.instant
        }
    };
    Ok(Success(zone::list(at, params.string("q")?)))
}
