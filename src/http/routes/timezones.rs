//! The list of IANA time zones.

use axum::extract::State;

use crate::http::AppState;
use crate::http::envelope::Success;
use crate::http::error::ApiError;
use crate::http::extract::RawParams;
use crate::http::params::{Params, accepts};
use crate::time::zone::{self, ZoneList};
use crate::time::{Disambiguation, ReadOptions, Zone, read};

/// `GET /api/timezones?q=...&at=...`
pub async fn list(State(state): State<AppState>, raw: RawParams) -> Result<Success<ZoneList>, ApiError> {
    let params = Params::check(raw, accepts::TIMEZONES)?;
    let at = match params.input("at")? {
        None => state.clock.now(),
        Some(input) => {
            let utc = Zone::utc();
            let options = ReadOptions { zone: &utc, precision: None, disambiguation: Disambiguation::Compatible };
            read(input, &options).map_err(|error| ApiError::Time { error, param: "at" })?.instant
        }
    };
    Ok(Success(zone::list(at, params.string("q")?)))
}
