//! Liveness.

use serde::Serialize;

use crate::http::envelope::Success;

#[derive(Serialize)]
pub struct Health {
    status: &'static str,
}

/// `GET /healthz`: 200 while the process serves requests.
pub async fn healthz() -> Success<Health> {
    Success(Health { status: "ok" })
}
