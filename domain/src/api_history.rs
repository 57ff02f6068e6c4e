//! API history (api-management/history): every REST call made with a key, with its status,
//! duration, key, project, thread and bodies. Bodies are redacted before they are stored:
//! fields whose names say they hold a secret, and anything shaped like an API key, never
//! reach the table. Each call also counts once as API_CALL in the org's usage.
//!
//! Calls whose key was refused are not recorded here (they have no tenant yet); the api
//! rate-limits them by address instead.

use crate::{
    access::Acting,
    api_key::SECRET_MARK,
    db::Pool,
    error::{Error, Result},
    permissions::Operation,
};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use uuid::Uuid;

/// Which REST operation a call was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, sqlx::Type)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ApiCallType {
    Ask,
    StreamAsk,
    GetAsk,
    GenerateSql,
    RunSql,
    GenerateSummary,
    GenerateChart,
    GetModels,
    GetThread,
    ListSqlPairs,
    CreateSqlPair,
    UpdateSqlPair,
    DeleteSqlPair,
    ListInstructions,
    CreateInstruction,
    UpdateInstruction,
    DeleteInstruction,
    ListTerms,
    CreateTerm,
    DeleteTerm,
}

/// A stored body is cut to this many bytes of JSON.
pub const BODY_MAX_BYTES: usize = 64 * 1024;
const REDACTED: &str = "[REDACTED]";
/// Field names (lower case, without `_` or `-`) whose values are never stored: a name that
/// contains one of these…
const SECRET_FIELDS: &[&str] =
    &["authorization", "password", "passwd", "passphrase", "secret", "token", "apikey", "credential", "privatekey", "cookie", "signature", "session"];
/// …or has one of these as a whole word (`pass`, `user_pwd`, `pin`; not `passenger`).
const SECRET_WORDS: &[&str] = &["pass", "pwd", "pw", "pin", "otp", "jwt", "bearer"];

/// Whether a field's name says it holds a secret.
fn secret_field(name: &str) -> bool {
    let plain: String = name.chars().filter(|c| *c != '_' && *c != '-').flat_map(char::to_lowercase).collect();
    if SECRET_FIELDS.iter().any(|s| plain.contains(s)) {
        return true;
    }
    // Words of the name: split at `_`, `-`, `.`, spaces and lower→upper case changes.
    let mut words: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut previous_lower = false;
    for c in name.chars() {
        if (!c.is_alphanumeric() || (c.is_uppercase() && previous_lower)) && !current.is_empty() {
            words.push(std::mem::take(&mut current));
        }
        previous_lower = c.is_lowercase() || c.is_ascii_digit();
        if c.is_alphanumeric() {
            current.extend(c.to_lowercase());
        }
    }
    words.push(current);
    words.iter().any(|w| SECRET_WORDS.contains(&w.as_str()))
}

/// A request or response body as it may be kept: its JSON, or, when it is not JSON, only a
/// note of its size (text that is not JSON cannot be redacted by structure, so it is not kept).
pub fn body_of(bytes: &[u8]) -> Option<Value> {
    if bytes.is_empty() {
        return None;
    }
    Some(serde_json::from_slice(bytes).unwrap_or_else(|_| {
        let mut note = Map::new();
        note.insert("notJson".into(), Value::Bool(true));
        note.insert("bytes".into(), Value::from(bytes.len() as u64));
        Value::Object(note)
    }))
}

/// One call, as recorded.
#[derive(Debug, Clone)]
pub struct NewCall {
    pub org_id: Uuid,
    pub project_id: Option<Uuid>,
    pub api_key_id: Uuid,
    pub key_prefix: String,
    pub call_type: ApiCallType,
    pub method: String,
    pub path: String,
    pub status_code: u16,
    pub duration_ms: u64,
    pub thread_id: Option<Uuid>,
    pub request_body: Option<Value>,
    pub response_body: Option<Value>,
}

#[derive(Debug, Clone)]
pub struct ApiCall {
    pub id: Uuid,
    pub project_id: Option<Uuid>,
    pub api_key_id: Option<Uuid>,
    pub key_prefix: String,
    pub call_type: ApiCallType,
    pub method: String,
    pub path: String,
    pub status_code: i32,
    pub duration_ms: i32,
    pub thread_id: Option<Uuid>,
    pub request_body: Option<Value>,
    pub response_body: Option<Value>,
    pub created_at: DateTime<Utc>,
}

/// Replaces secret fields and key-shaped strings anywhere in `value`.
pub fn redact(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (name, field) in map.iter_mut() {
                if secret_field(name) {
                    *field = Value::String(REDACTED.to_owned());
                } else {
                    redact(field);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(redact),
        Value::String(text) if text.contains(SECRET_MARK) => *text = redact_keys(text),
        _ => {}
    }
}

/// `text` with every `qk_…` run of key characters replaced.
fn redact_keys(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(SECRET_MARK) {
        out.push_str(&rest[..at]);
        let tail = &rest[at + SECRET_MARK.len()..];
        let run = tail.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-')).unwrap_or(tail.len());
        if run >= 8 {
            out.push_str(REDACTED);
        } else {
            out.push_str(&rest[at..at + SECRET_MARK.len() + run]);
        }
        rest = &tail[run..];
    }
    out.push_str(rest);
    out
}

/// The body as stored: redacted, and replaced by a note when its JSON is larger than
/// [`BODY_MAX_BYTES`].
pub fn stored_body(mut body: Value) -> Value {
    redact(&mut body);
    let size = serde_json::to_vec(&body).map(|b| b.len()).unwrap_or(usize::MAX);
    if size <= BODY_MAX_BYTES {
        return body;
    }
    let mut note = Map::new();
    note.insert("truncated".into(), Value::Bool(true));
    note.insert("bytes".into(), Value::from(size as u64));
    if let Value::Object(map) = &body {
        // Keep the small fields (ids, status, SQL) so the call is still recognisable, up to
        // half the cap in all.
        let mut kept = 0;
        for (name, field) in map {
            let size = serde_json::to_vec(field).map_or(usize::MAX, |b| b.len());
            if size <= 4096 && kept + size <= BODY_MAX_BYTES / 2 {
                kept += size;
                note.insert(name.clone(), field.clone());
            }
        }
    }
    Value::Object(note)
}

/// Records a call and counts it once in the org's usage (API_CALL).
pub async fn record(pool: &Pool, call: NewCall) -> Result<()> {
    let request = call.request_body.map(stored_body);
    let response = call.response_body.map(stored_body);
    let mut tx = pool.begin().await?;
    sqlx::query!(
        "INSERT INTO api_history (id, org_id, project_id, api_key_id, key_prefix, call_type, method, path, status_code, duration_ms, thread_id, request_body, response_body)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
        Uuid::new_v4(),
        call.org_id,
        call.project_id,
        call.api_key_id,
        call.key_prefix,
        call.call_type as ApiCallType,
        call.method,
        call.path,
        i32::from(call.status_code),
        i32::try_from(call.duration_ms).unwrap_or(i32::MAX),
        call.thread_id,
        request,
        response,
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!(
        "INSERT INTO usage_logs (id, org_id, project_id, type, detail) VALUES ($1, $2, $3, 'API_CALL', jsonb_build_object('apiKeyId', $4::text))",
        Uuid::new_v4(),
        call.org_id,
        call.project_id,
        call.api_key_id.to_string(),
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    // Now and then (one call in 200 on average) the project's expired calls go, so the table
    // holds what the retention promises without a job of its own.
    if let Some(project_id) = call.project_id
        && rand::random::<u8>() < 2
    {
        purge_expired(pool, project_id).await?;
    }
    Ok(())
}

#[derive(Debug, Clone, Default)]
pub struct HistoryFilter {
    pub call_type: Option<ApiCallType>,
    pub status_code: Option<i32>,
    pub api_key_id: Option<Uuid>,
    pub thread_id: Option<Uuid>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
}

/// Most rows a page may hold.
pub const MAX_PAGE: i64 = 100;

/// A page of the history: its calls, how many match in all, and the project's retention.
#[derive(Debug, Clone)]
pub struct HistoryPage {
    pub items: Vec<ApiCall>,
    pub total: i64,
    pub retention_days: i32,
}

/// A page of the project's history within its retention, newest first (ReadApiManagement).
pub async fn list(pool: &Pool, acting: &Acting, project_id: Uuid, f: &HistoryFilter, offset: i64, limit: i64) -> Result<HistoryPage> {
    acting.may(pool, Operation::ReadApiManagement, project_id).await?;
    let (offset, limit) = (offset.max(0), limit.clamp(1, MAX_PAGE));
    let rows = sqlx::query_as!(
        ApiCall,
        r#"SELECT h.id, h.project_id, h.api_key_id, h.key_prefix, h.call_type AS "call_type: ApiCallType", h.method, h.path, h.status_code,
                  h.duration_ms, h.thread_id, h.request_body, h.response_body, h.created_at
             FROM api_history h JOIN projects p ON p.id = h.project_id
            WHERE h.project_id = $1 AND h.created_at >= now() - make_interval(days => p.api_history_retention_days)
              AND ($2::text IS NULL OR h.call_type = $2) AND ($3::int IS NULL OR h.status_code = $3)
              AND ($4::uuid IS NULL OR h.api_key_id = $4) AND ($5::uuid IS NULL OR h.thread_id = $5)
              AND ($6::timestamptz IS NULL OR h.created_at >= $6) AND ($7::timestamptz IS NULL OR h.created_at < $7)
            ORDER BY h.created_at DESC, h.id DESC OFFSET $8 LIMIT $9"#,
        project_id,
        f.call_type.and_then(|t| serde_json::to_value(t).ok().and_then(|v| v.as_str().map(str::to_owned))),
        f.status_code,
        f.api_key_id,
        f.thread_id,
        f.from,
        f.to,
        offset,
        limit,
    )
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM api_history h JOIN projects p ON p.id = h.project_id
            WHERE h.project_id = $1 AND h.created_at >= now() - make_interval(days => p.api_history_retention_days)
              AND ($2::text IS NULL OR h.call_type = $2) AND ($3::int IS NULL OR h.status_code = $3)
              AND ($4::uuid IS NULL OR h.api_key_id = $4) AND ($5::uuid IS NULL OR h.thread_id = $5)
              AND ($6::timestamptz IS NULL OR h.created_at >= $6) AND ($7::timestamptz IS NULL OR h.created_at < $7)"#,
        project_id,
        f.call_type.and_then(|t| serde_json::to_value(t).ok().and_then(|v| v.as_str().map(str::to_owned))),
        f.status_code,
        f.api_key_id,
        f.thread_id,
        f.from,
        f.to,
    )
    .fetch_one(pool)
    .await?;
    Ok(HistoryPage { items: rows, total, retention_days: retention_days(pool, project_id).await? })
}

pub const RETENTION_MAX_DAYS: i32 = 365;

async fn retention_days(pool: &Pool, project_id: Uuid) -> Result<i32> {
    Ok(sqlx::query_scalar!("SELECT api_history_retention_days FROM projects WHERE id = $1", project_id).fetch_one(pool).await?)
}

/// Sets how many days of history the project keeps (ManageApiKeys), and drops what is now older.
pub async fn set_retention(pool: &Pool, acting: &Acting, project_id: Uuid, days: i32) -> Result<i32> {
    acting.may(pool, Operation::ManageApiKeys, project_id).await?;
    if days < 1 {
        return Err(Error::invalid("Keep API history for at least one day."));
    }
    if !(1..=RETENTION_MAX_DAYS).contains(&days) {
        return Err(Error::invalid(format!("API history can be kept from 1 to {RETENTION_MAX_DAYS} days.")));
    }
    sqlx::query!("UPDATE projects SET api_history_retention_days = $2 WHERE id = $1", project_id, days).execute(pool).await?;
    purge_expired(pool, project_id).await?;
    Ok(days)
}

/// Deletes the project's calls older than its retention; the history page never shows them
/// even before this has run.
pub async fn purge_expired(pool: &Pool, project_id: Uuid) -> Result<u64> {
    let done = sqlx::query!(
        "DELETE FROM api_history h USING projects p
          WHERE p.id = $1 AND h.project_id = p.id AND h.created_at < now() - make_interval(days => p.api_history_retention_days)",
        project_id
    )
    .execute(pool)
    .await?;
    Ok(done.rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn secrets_never_reach_a_stored_body() {
        let key = "qk_AbCdEfGhJk_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG";
        let body = json!({
            "question": format!("why does {key} fail?"),
            "Authorization": format!("Bearer {key}"),
            "nested": [{"api_key": "plain"}, {"client-secret": 1}, {"accessToken": "t"}],
            "sql": "SELECT 1",
            "note": "qk_ is our prefix",
        });
        let stored = stored_body(body);
        let text = stored.to_string();
        assert!(!text.contains("AbCdEfGhJk"), "{text}");
        assert!(!text.contains("plain") && !text.contains("\"t\""), "{text}");
        assert_eq!(stored["question"], "why does [REDACTED] fail?");
        assert_eq!(stored["sql"], "SELECT 1");
        assert_eq!(stored["note"], "qk_ is our prefix");
    }

    #[test]
    fn secrets_are_known_by_the_words_of_their_names() {
        let body = json!({"passwd": "a1", "pwd": "a2", "pass": "a3", "userPass": "a4", "login_pin": "a5", "x-api-key": "a6",
            "passenger_count": 3, "keyword": "jazz", "primaryKey": "id", "compass": "north", "spin": 1});
        let stored = stored_body(body);
        for field in ["passwd", "pwd", "pass", "userPass", "login_pin", "x-api-key"] {
            assert_eq!(stored[field], "[REDACTED]", "{field}");
        }
        assert_eq!(stored["passenger_count"], 3);
        assert_eq!(stored["keyword"], "jazz");
        assert_eq!(stored["primaryKey"], "id");
        assert_eq!(stored["compass"], "north");
        assert_eq!(stored["spin"], 1);
    }

    #[test]
    fn a_body_that_is_not_json_is_not_kept() {
        let raw = b"password=hunter2&user=a@b.c";
        let kept = body_of(raw).unwrap();
        assert!(!kept.to_string().contains("hunter2"), "{kept}");
        assert_eq!(kept["notJson"], true);
        assert_eq!(kept["bytes"], raw.len() as u64);
        assert_eq!(body_of(b"{\"question\": \"hi\"}").unwrap()["question"], "hi");
        assert!(body_of(b"").is_none());
    }

    #[test]
    fn a_large_body_keeps_its_small_fields() {
        let rows: Vec<Value> = (0..20_000).map(|i| json!([i, "a row of the result"])).collect();
        let stored = stored_body(json!({"taskId": "t-1", "rows": rows}));
        assert_eq!(stored["truncated"], true);
        assert_eq!(stored["taskId"], "t-1");
        assert!(stored.get("rows").is_none());
        assert!(serde_json::to_vec(&stored).unwrap().len() <= BODY_MAX_BYTES);
    }
}
