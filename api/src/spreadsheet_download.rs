//! `GET /api/projects/:projectId/spreadsheet-exports/:exportId/csv`: streams a finished
//! spreadsheet export's file, a chunk at a time, to a signed-in caller who sees the
//! spreadsheet. The file was written by the export workflow; nothing is held in memory.

use crate::{auth::session, error::ApiResult, state::AppState};
use axum::{
    Router,
    body::Body,
    extract::{Path, State},
    http::{StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};
use axum_extra::extract::cookie::CookieJar;
use quarry_domain::{Error, ErrorCode, access::Acting, spreadsheet};
use tokio_util::io::ReaderStream;
use uuid::Uuid;

pub fn routes() -> Router<AppState> {
    Router::new().route("/projects/{project_id}/spreadsheet-exports/{export_id}/csv", get(download))
}

async fn download(State(state): State<AppState>, Path((project_id, export_id)): Path<(String, String)>, jar: CookieJar) -> Response {
    match open(&state, &project_id, &export_id, &jar).await {
        Ok(response) => response,
        Err(error) => error.into_response(),
    }
}

async fn open(state: &AppState, project_id: &str, export_id: &str, jar: &CookieJar) -> ApiResult<Response> {
    let parse = |id: &str| Uuid::parse_str(id).map_err(|_| Error::not_found("Export"));
    let (project_id, export_id) = (parse(project_id)?, parse(export_id)?);
    let Some(session) = session::current(state, jar).await? else {
        return Err(ErrorCode::UnauthorizedAccess.into());
    };
    let acting = Acting::new(session.user.id, session.user.email.clone(), None);
    let (export, sheet) = spreadsheet::export::download(&state.pool, &acting, project_id, export_id).await?;
    let path = spreadsheet::export::file_of(&state.config, project_id, export_id);
    let file = tokio::fs::File::open(&path).await.map_err(|_| Error::not_found("Export file"))?;
    let name: String = sheet.name.chars().map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect();
    Ok((
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (header::CONTENT_LENGTH, export.bytes_written.to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}.csv\"")),
        ],
        Body::from_stream(ReaderStream::with_capacity(file, 64 * 1024)),
    )
        .into_response())
}
