//! Configuration: defaults for a local machine, overridden by `QUARRY_*` environment variables.

use secrecy::SecretString;
use std::{env, path::PathBuf, time::Duration};

#[derive(Debug, Clone)]
pub struct Config {
    pub port: u16,
    /// Address the api listens on (0.0.0.0 in containers).
    pub bind: String,
    pub public_url: String,
    pub database_url: SecretString,
    pub redis_url: SecretString,
    pub temporal_url: String,
    pub temporal_namespace: String,
    pub task_queue_prefix: String,
    pub smtp_url: SecretString,
    /// The apalis-redis queue of outgoing e-mail.
    pub email_queue: String,
    pub mail_from: String,
    pub web_dist: PathBuf,
    /// Where projects keep their files (CSV uploads, DuckDB databases): `<data_dir>/projects/<uuid>`.
    pub data_dir: PathBuf,
    pub cookie_secure: bool,
    pub secret_key: SecretString,
    pub telemetry_key: String,
    pub langfuse_public_key: String,
    pub csv_import_max_file_size_mb: u64,
    /// The most models a project may have; `None` for no limit (MODEL_LIMIT_REACHED).
    pub model_limit: Option<usize>,
    pub session_ttl: Duration,
    /// Largest GraphQL request body accepted, in bytes.
    pub max_body_bytes: usize,
    /// How long one language-model call may take before it is retried.
    pub llm_timeout: Duration,
    /// The local embedding model's files (safetensors, tokenizer, config).
    pub embedding_model_dir: PathBuf,
    /// GraphQL requests one signed-in user (or one client address, signed out) may send per
    /// window; 0 turns the limit off.
    pub rate_limit_requests: u64,
    /// The rate limit's window (a minute; tests shorten it).
    pub rate_limit_window: Duration,
}

#[derive(Debug, thiserror::Error)]
#[error("configuration variable {name} is invalid: {reason}")]
pub struct ConfigError {
    pub name: &'static str,
    pub reason: String,
}

fn var(name: &str) -> Option<String> {
    env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn string(name: &str, default: &str) -> String {
    var(name).unwrap_or_else(|| default.to_owned())
}

fn parsed<T: std::str::FromStr>(name: &'static str, default: T) -> Result<T, ConfigError>
where
    T::Err: std::fmt::Display,
{
    match var(name) {
        None => Ok(default),
        Some(raw) => raw.trim().parse().map_err(|e: T::Err| ConfigError { name, reason: e.to_string() }),
    }
}

fn default_data_dir() -> PathBuf {
    let home = env::var_os("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("."));
    home.join(".local/share/quarry/data")
}

fn default_embedding_model_dir() -> PathBuf {
    let home = env::var_os("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("."));
    home.join(".cache/quarry/models/all-MiniLM-L6-v2")
}

impl Config {
    pub fn from_env() -> Result<Self, ConfigError> {
        let port: u16 = parsed("QUARRY_PORT", 3000)?;
        Ok(Self {
            port,
            bind: string("QUARRY_BIND", "127.0.0.1"),
            public_url: string("QUARRY_PUBLIC_URL", &format!("http://localhost:{port}"))
                .trim_end_matches('/')
                .to_owned(),
            database_url: string("QUARRY_DATABASE_URL", "postgres://quarry:quarry@127.0.0.1:55432/quarry").into(),
            redis_url: string("QUARRY_REDIS_URL", "redis://127.0.0.1:56379").into(),
            temporal_url: string("QUARRY_TEMPORAL_URL", "http://127.0.0.1:7233"),
            temporal_namespace: string("QUARRY_TEMPORAL_NAMESPACE", "default"),
            task_queue_prefix: string("QUARRY_TASK_QUEUE_PREFIX", "quarry"),
            smtp_url: string("QUARRY_SMTP_URL", "smtp://127.0.0.1:2525").into(),
            email_queue: string("QUARRY_EMAIL_QUEUE", "quarry-email"),
            mail_from: string("QUARRY_MAIL_FROM", "Quarry <no-reply@quarry.local>"),
            web_dist: PathBuf::from(string("QUARRY_WEB_DIST", "web/dist")),
            data_dir: var("QUARRY_DATA_DIR").map(PathBuf::from).unwrap_or_else(default_data_dir),
            cookie_secure: parsed("QUARRY_COOKIE_SECURE", false)?,
            secret_key: string("QUARRY_SECRET_KEY", "quarry-local-development-key-change-me").into(),
            telemetry_key: string("QUARRY_TELEMETRY_KEY", ""),
            langfuse_public_key: string("QUARRY_LANGFUSE_PUBLIC_KEY", ""),
            csv_import_max_file_size_mb: parsed("QUARRY_CSV_IMPORT_MAX_FILE_SIZE_MB", 40)?,
            model_limit: Some(parsed("QUARRY_MODEL_LIMIT", 0usize)?).filter(|limit| *limit > 0),
            session_ttl: Duration::from_secs(parsed("QUARRY_SESSION_TTL_HOURS", 24u64 * 30)? * 3600),
            max_body_bytes: parsed("QUARRY_MAX_BODY_BYTES", 2 * 1024 * 1024)?,
            llm_timeout: Duration::from_millis(parsed("QUARRY_LLM_TIMEOUT_MS", 60_000u64)?),
            embedding_model_dir: var("QUARRY_EMBEDDING_MODEL_DIR").map(PathBuf::from).unwrap_or_else(default_embedding_model_dir),
            rate_limit_requests: parsed("QUARRY_RATE_LIMIT_PER_MINUTE", 3000u64)?,
            rate_limit_window: Duration::from_secs(60),
        })
    }

    /// Where one project keeps its files (CSV uploads, the CSV DuckDB store).
    pub fn project_dir(&self, project_id: uuid::Uuid) -> PathBuf {
        self.data_dir.join("projects").join(project_id.to_string())
    }

    /// The Temporal task queues, named after the configured prefix so that test runs and
    /// deployments sharing one Temporal server stay apart.
    pub fn task_queues(&self) -> TaskQueues {
        TaskQueues::new(&self.task_queue_prefix)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskQueues {
    pub workflows: String,
    pub sql: String,
    pub llm: String,
    pub billing: String,
}

impl TaskQueues {
    pub fn new(prefix: &str) -> Self {
        Self {
            workflows: format!("{prefix}-workflows"),
            sql: format!("{prefix}-sql"),
            llm: format!("{prefix}-llm"),
            billing: format!("{prefix}-billing"),
        }
    }
}
