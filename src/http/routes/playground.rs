//! The playground: one page (HTML, CSS and JS inline) compiled into the
//! binary. It calls only the public API, so it also shows how to use it.

use axum::http::header;
use axum::response::IntoResponse;

const PAGE: &str = include_str!("../playground/index.html");

/// The playground page.
#[utoipa::path(
    get,
    path = "/",
    tag = "operations",
    responses((status = 200, description = "The playground: a page that converts as you type", content_type = "text/html", body = String))
)]
pub async fn page() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")], PAGE)
}
