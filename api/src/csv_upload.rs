//! `POST /api/projects/:projectId/csv`: receives one CSV file (multipart field `file`,
//! header `X-CSRF-Token`), stores it in the project's upload folder and starts its import
//! workflow. Answers `202 {jobId, tableName}`; the client polls `csvImportJob(id)`.
//! An optional field `missingMarkers`, sent before `file`, holds a JSON array of the values
//! read as missing (`""` for an empty field); without it the defaults are used.
//!
//! The size cap (`csvImportMaxFileSizeMB`) is checked against `Content-Length` before any
//! byte is read, and again while the bytes stream to disk, so an oversized upload is never
//! kept.

use crate::{
    auth::session,
    error::{ApiError, ApiResult},
    state::AppState,
};
use axum::{
    Json, Router,
    extract::{DefaultBodyLimit, Multipart, Path, State, multipart::Field},
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
    routing::post,
};
use axum_extra::extract::cookie::CookieJar;
use quarry_domain::{Error, ErrorCode, access::Acting, csv_import, permissions::Operation};
use serde_json::json;
use std::path::Path as FsPath;
use tokio::io::AsyncWriteExt;
use uuid::Uuid;

/// Room for the multipart framing around the file.
const MULTIPART_OVERHEAD: u64 = 64 * 1024;

pub fn routes(state: &AppState) -> Router<AppState> {
    let limit = csv_import::max_file_bytes(&state.config) + MULTIPART_OVERHEAD;
    Router::new().route("/projects/{project_id}/csv", post(upload)).layer(DefaultBodyLimit::max(limit as usize))
}

async fn upload(
    State(state): State<AppState>,
    Path(project_id): Path<String>,
    jar: CookieJar,
    headers: HeaderMap,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Response {
    match receive(&state, &project_id, &jar, &headers, multipart).await {
        Ok((job_id, table_name)) => (StatusCode::ACCEPTED, Json(json!({ "jobId": job_id, "tableName": table_name }))).into_response(),
        Err(Refusal::TooLarge(error)) => {
            let mut response = error.into_response();
            *response.status_mut() = StatusCode::PAYLOAD_TOO_LARGE;
            response
        }
        Err(Refusal::Other(error)) => error.into_response(),
    }
}

enum Refusal {
    TooLarge(ApiError),
    Other(ApiError),
}

impl<E: Into<ApiError>> From<E> for Refusal {
    fn from(error: E) -> Self {
        Self::Other(error.into())
    }
}

async fn receive(
    state: &AppState,
    project_id: &str,
    jar: &CookieJar,
    headers: &HeaderMap,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Result<(Uuid, String), Refusal> {
    let project_id = Uuid::parse_str(project_id).map_err(|_| Error::of(ErrorCode::UnauthorizedAccess))?;
    let acting = allowed(state, jar, headers, project_id).await?;
    let cap = csv_import::max_file_bytes(&state.config);
    let declared = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|length| length > cap + MULTIPART_OVERHEAD) {
        return Err(Refusal::TooLarge(csv_import::too_large(&state.config).into()));
    }
    let mut multipart = multipart.map_err(|e| Error::invalid(format!("Send the file as multipart/form-data: {}", e.body_text())))?;
    let mut markers: Option<Vec<String>> = None;
    let field = loop {
        match multipart.next_field().await {
            Ok(Some(field)) if field.name() == Some("file") => break field,
            Ok(Some(field)) if field.name() == Some("missingMarkers") => {
                let text = field.text().await.map_err(|e| body_error(state, &e.body_text(), e.status()))?;
                let chosen = serde_json::from_str(&text)
                    .map_err(|_| Error::invalid("`missingMarkers` is a JSON array of the values read as missing, e.g. [\"\", \"NA\"]."))?;
                markers = Some(chosen);
            }
            Ok(Some(_)) => continue,
            Ok(None) => return Err(Error::invalid("The request has no `file` field.").into()),
            Err(e) => return Err(body_error(state, &e.body_text(), e.status())),
        }
    };
    let file_name = field.file_name().unwrap_or_default().to_owned();
    let job = csv_import::begin_upload(&state.pool, &acting, project_id, &file_name, markers.as_deref()).await?;
    let path = csv_import::upload_path(&state.config, project_id, job.id);
    let stored = match store(state, field, &path).await {
        Ok(0) => Err(Refusal::Other(Error::invalid("The file is empty.").into())),
        other => other,
    };
    let size = match stored {
        Ok(size) => size,
        Err(refusal) => {
            let _ = tokio::fs::remove_file(&path).await;
            let (Refusal::TooLarge(e) | Refusal::Other(e)) = &refusal;
            csv_import::fail(&state.pool, job.id, &e.0.public_message()).await?;
            return Err(refusal);
        }
    };
    csv_import::import(&state.services, project_id, job.id, size).await?;
    tracing::info!(%project_id, job_id = %job.id, table = %job.table_name, size, "CSV upload stored; import started");
    Ok((job.id, job.table_name))
}

/// The signed-in user with a valid CSRF token, acting in the project. Their right to change
/// its data source is asked here too, so a refused upload is refused before a byte of its
/// body is read ([`csv_import::begin_upload`] asks it again when it records the job).
async fn allowed(state: &AppState, jar: &CookieJar, headers: &HeaderMap, project_id: Uuid) -> ApiResult<Acting> {
    let Some(session) = session::current(state, jar).await? else {
        return Err(ErrorCode::UnauthorizedAccess.into());
    };
    session::check_csrf(jar, headers.get("x-csrf-token").and_then(|v| v.to_str().ok()))?;
    let acting = Acting::new(session.user.id, session.user.email.clone(), None);
    acting.may(&state.pool, Operation::ManageDataSource, project_id).await?;
    Ok(acting)
}

/// Streams the field to `<path>.part`, then renames it: an upload cut short never looks
/// complete. Returns the size.
async fn store(state: &AppState, mut field: Field<'_>, path: &FsPath) -> Result<u64, Refusal> {
    let cap = csv_import::max_file_bytes(&state.config);
    let dir = path.parent().expect("upload paths have a folder");
    tokio::fs::create_dir_all(dir).await.map_err(Error::internal)?;
    let partial = path.with_extension("csv.part");
    let mut file = tokio::fs::File::create(&partial).await.map_err(Error::internal)?;
    let mut size = 0u64;
    let outcome = async {
        loop {
            let chunk = match field.chunk().await {
                Ok(Some(chunk)) => chunk,
                Ok(None) => break,
                Err(e) => return Err(body_error(state, &e.body_text(), e.status())),
            };
            size += chunk.len() as u64;
            if size > cap {
                return Err(Refusal::TooLarge(csv_import::too_large(&state.config).into()));
            }
            file.write_all(&chunk).await.map_err(Error::internal)?;
        }
        file.flush().await.map_err(Error::internal)?;
        file.sync_all().await.map_err(Error::internal)?;
        Ok(size)
    }
    .await;
    drop(file);
    match outcome {
        Ok(size) => {
            tokio::fs::rename(&partial, path).await.map_err(Error::internal)?;
            Ok(size)
        }
        Err(refusal) => {
            let _ = tokio::fs::remove_file(&partial).await;
            Err(refusal)
        }
    }
}

/// The body limit shows up as a multipart error with status 413.
fn body_error(state: &AppState, text: &str, status: StatusCode) -> Refusal {
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        Refusal::TooLarge(csv_import::too_large(&state.config).into())
    } else {
        Refusal::Other(Error::invalid(format!("The upload was cut short: {text}")).into())
    }
}
