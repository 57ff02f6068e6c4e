//! Serves the built web app; unknown paths outside `/api` get `index.html` so client-side
//! routes survive a reload.

use axum::Router;
use std::path::Path;
use tower_http::services::{ServeDir, ServeFile};

pub fn routes(dist: &Path) -> Router {
    let index = dist.join("index.html");
    Router::new().fallback_service(ServeDir::new(dist).fallback(ServeFile::new(index)))
}
