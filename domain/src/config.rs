//! Configuration: defaults for a local machine, overridden by `QUARRY_*` environment variables.

use quarry_engine::{
    SourcePolicy,
    network::{Endpoint, Network, NetworkPolicy, parse_networks},
};
use secrecy::{ExposeSecret, SecretString};
use std::{env, path::PathBuf, sync::Arc, time::Duration};

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
    /// Names the Temporal task queues (`quarry_workflows::TaskQueues`), so test runs and
    /// deployments sharing one Temporal server stay apart.
    pub task_queue_prefix: String,
    pub smtp_url: SecretString,
    /// The apalis-redis queue of outgoing e-mail.
    pub email_queue: String,
    pub mail_from: String,
    pub web_dist: PathBuf,
    /// Where projects keep their files (CSV uploads, DuckDB databases): `<data_dir>/projects/<uuid>`.
    pub data_dir: PathBuf,
    /// Whether cookies carry `Secure`: by default when `public_url` is https.
    pub cookie_secure: bool,
    /// Seals secrets at rest. Release builds refuse to start without it.
    pub secret_key: SecretString,
    /// The key before the last rotation: still opens values sealed with it until
    /// `quarry-api rotate-secrets` has re-sealed them.
    pub secret_key_previous: Option<SecretString>,
    pub telemetry_key: String,
    pub langfuse_public_key: String,
    pub csv_import_max_file_size_mb: u64,
    /// The most models a project may have; `None` for no limit (MODEL_LIMIT_REACHED).
    pub model_limit: Option<usize>,
    pub session_ttl: Duration,
    /// A session unused for this long is over, whatever its absolute expiry.
    pub session_idle: Duration,
    /// How long an invitation can be accepted after it is sent.
    pub invitation_ttl: Duration,
    /// Peers whose `X-Forwarded-For` is believed (a reverse proxy in front of the api).
    /// Empty: the connection's address is the client's.
    pub trusted_proxies: Vec<TrustedProxy>,
    /// How many password hashes (Argon2) may run at once, on blocking threads.
    pub password_hash_concurrency: usize,
    /// Whether `GET /api/graphql` serves the GraphiQL playground.
    pub graphiql: bool,
    /// Largest GraphQL request body accepted, in bytes.
    pub max_body_bytes: usize,
    /// How long one language-model call may take before it is retried.
    pub llm_timeout: Duration,
    /// How long a request waits for a worker to do the source or provider work it needs
    /// (a connection test, a preview…) before it answers that the workers are busy.
    pub worker_call_timeout: Duration,
    /// The local embedding model's files (safetensors, tokenizer, config).
    pub embedding_model_dir: PathBuf,
    /// The Python that runs the sync engine (dlt), in the virtualenv `scripts/deps.sh` makes.
    pub sync_python: PathBuf,
    /// Networks beyond the public internet that data sources and language-model providers
    /// may reach (loopback, private ranges): none by default. Quarry's own services and cloud
    /// metadata stay unreachable whatever this holds.
    pub source_networks: Vec<Network>,
    /// DUCKDB sources are files under this directory; `None` (the default): no DUCKDB sources.
    pub duckdb_source_dir: Option<PathBuf>,
    /// GraphQL requests one signed-in user (or one client address, signed out) may send per
    /// window; 0 turns the limit off.
    pub rate_limit_requests: u64,
    /// The rate limit's window (a minute; tests shorten it).
    pub rate_limit_window: Duration,
    /// REST calls one API key may make per window (`rate_limit_window`); 0 turns it off.
    pub api_key_rate_limit: u64,
    /// Sign-ups one client address may attempt per hour (at least 1).
    pub signup_limit_per_hour: u64,
    /// How long a REST ask waits for its answer before it answers with the task to poll.
    pub api_ask_wait: Duration,
    /// Steps of one task queue a worker process runs at once (its Temporal activity slots).
    pub worker_activity_slots: usize,
    /// Workflow tasks of one task queue a worker process runs at once.
    pub worker_workflow_slots: usize,
    /// Blocking threads for CPU-heavy work in a process (understanding questions, local
    /// embeddings, DuckDB queries): [`quarry_engine::cpu`].
    pub cpu_pool: usize,
    /// Where a worker serves its Prometheus metrics (`/metrics`); `None`: it does not.
    pub worker_metrics_addr: Option<std::net::SocketAddr>,
    /// Connections to Quarry's Postgres one process keeps at most.
    pub database_max_connections: u32,
    /// Bounds on the work one org or project can start.
    pub limits: crate::limits::Limits,
}

#[derive(Debug, thiserror::Error)]
#[error("configuration variable {name} is invalid: {reason}")]
pub struct ConfigError {
    pub name: &'static str,
    pub reason: String,
}

fn limits() -> Result<crate::limits::Limits, ConfigError> {
    let d = crate::limits::Limits::default();
    Ok(crate::limits::Limits {
        api_keys_per_project: parsed("QUARRY_MAX_API_KEYS_PER_PROJECT", d.api_keys_per_project)?.max(1),
        dashboards_per_project: parsed("QUARRY_MAX_DASHBOARDS_PER_PROJECT", d.dashboards_per_project)?.max(1),
        running_exports_per_org: parsed("QUARRY_MAX_RUNNING_EXPORTS_PER_ORG", d.running_exports_per_org)?.max(1),
        scheduled_dashboards_per_org: parsed("QUARRY_MAX_SCHEDULED_DASHBOARDS_PER_ORG", d.scheduled_dashboards_per_org)?.max(1),
        export_max_rows: parsed("QUARRY_EXPORT_MAX_ROWS", d.export_max_rows)?.max(1),
        export_max_bytes: parsed("QUARRY_EXPORT_MAX_BYTES", d.export_max_bytes)?.max(1024),
    })
}

/// The cores this process may use.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, usize::from)
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

/// Keep in step with DLT_VERSION in scripts/lib.sh.
fn default_sync_python() -> PathBuf {
    let home = env::var_os("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("."));
    home.join(".cache/quarry/dlt/1.31.0/bin/python")
}

fn default_embedding_model_dir() -> PathBuf {
    let home = env::var_os("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("."));
    home.join(".cache/quarry/models/all-MiniLM-L6-v2")
}

/// The key debug builds fall back to, so `cargo run` and tests need no setup. Release
/// builds refuse it: anyone can read it here.
const DEV_SECRET_KEY: &str = "quarry-local-development-key-change-me";

fn secret_key(raw: Option<String>, debug_build: bool) -> Result<SecretString, ConfigError> {
    match raw {
        Some(key) if key.trim() == DEV_SECRET_KEY && !debug_build => {
            Err(ConfigError { name: "QUARRY_SECRET_KEY", reason: "is the published development key; set a random one (e.g. openssl rand -hex 32)".into() })
        }
        Some(key) if key.trim().len() < 16 && !debug_build => {
            Err(ConfigError { name: "QUARRY_SECRET_KEY", reason: "is shorter than 16 characters; set a random one (e.g. openssl rand -hex 32)".into() })
        }
        Some(key) => Ok(key.into()),
        None if debug_build => Ok(DEV_SECRET_KEY.into()),
        None => Err(ConfigError {
            name: "QUARRY_SECRET_KEY",
            reason: "is not set; release builds need a random key to seal secrets (e.g. openssl rand -hex 32)".into(),
        }),
    }
}

fn default_hash_concurrency() -> usize {
    2 * std::thread::available_parallelism().map(usize::from).unwrap_or(1)
}

/// An address or network (`10.0.0.0/8`, `::1`) whose `X-Forwarded-For` is trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrustedProxy {
    network: std::net::IpAddr,
    prefix: u8,
}

impl TrustedProxy {
    pub fn contains(&self, ip: std::net::IpAddr) -> bool {
        use std::net::IpAddr;
        let (net, ip, bits) = match (self.network, ip.to_canonical()) {
            (IpAddr::V4(n), IpAddr::V4(i)) => (u128::from(u32::from(n)) << 96, u128::from(u32::from(i)) << 96, 32),
            (IpAddr::V6(n), IpAddr::V6(i)) => (u128::from(n), u128::from(i), 128),
            _ => return false,
        };
        let prefix = u32::from(self.prefix.min(bits));
        let mask = if prefix == 0 { 0 } else { u128::MAX << (128 - prefix) };
        net & mask == ip & mask
    }
}

impl std::str::FromStr for TrustedProxy {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (addr, prefix) = s.trim().split_once('/').map_or((s.trim(), None), |(a, p)| (a, Some(p)));
        let network: std::net::IpAddr = addr.parse().map_err(|_| format!("{s:?} is not an IP address or network"))?;
        let max = if network.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => max,
            Some(p) => p.parse::<u8>().ok().filter(|p| *p <= max).ok_or_else(|| format!("{s:?} has an invalid prefix length"))?,
        };
        Ok(Self { network, prefix })
    }
}

fn trusted_proxies(raw: Option<&str>) -> Result<Vec<TrustedProxy>, ConfigError> {
    raw.unwrap_or_default()
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| s.parse().map_err(|reason| ConfigError { name: "QUARRY_TRUSTED_PROXIES", reason }))
        .collect()
}

impl Config {
    pub fn from_env() -> Result<Self, ConfigError> {
        let port: u16 = parsed("QUARRY_PORT", 3000)?;
        let public_url = string("QUARRY_PUBLIC_URL", &format!("http://localhost:{port}")).trim_end_matches('/').to_owned();
        Ok(Self {
            port,
            bind: string("QUARRY_BIND", "127.0.0.1"),
            public_url: public_url.clone(),
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
            cookie_secure: parsed("QUARRY_COOKIE_SECURE", public_url.starts_with("https://"))?,
            secret_key: secret_key(var("QUARRY_SECRET_KEY"), cfg!(debug_assertions))?,
            secret_key_previous: var("QUARRY_SECRET_KEY_PREVIOUS").map(SecretString::from),
            telemetry_key: string("QUARRY_TELEMETRY_KEY", ""),
            langfuse_public_key: string("QUARRY_LANGFUSE_PUBLIC_KEY", ""),
            csv_import_max_file_size_mb: parsed("QUARRY_CSV_IMPORT_MAX_FILE_SIZE_MB", 40)?,
            model_limit: Some(parsed("QUARRY_MODEL_LIMIT", 0usize)?).filter(|limit| *limit > 0),
            session_ttl: Duration::from_secs(parsed("QUARRY_SESSION_TTL_HOURS", 24u64 * 30)? * 3600),
            session_idle: Duration::from_secs(parsed("QUARRY_SESSION_IDLE_MINUTES", 7u64 * 24 * 60)? * 60),
            invitation_ttl: Duration::from_secs(parsed("QUARRY_INVITATION_TTL_HOURS", 7u64 * 24)? * 3600),
            trusted_proxies: trusted_proxies(var("QUARRY_TRUSTED_PROXIES").as_deref())?,
            password_hash_concurrency: parsed("QUARRY_PASSWORD_HASH_CONCURRENCY", default_hash_concurrency())?.max(1),
            graphiql: parsed("QUARRY_GRAPHIQL", cfg!(debug_assertions))?,
            max_body_bytes: parsed("QUARRY_MAX_BODY_BYTES", 2 * 1024 * 1024)?,
            llm_timeout: Duration::from_millis(parsed("QUARRY_LLM_TIMEOUT_MS", 60_000u64)?),
            worker_call_timeout: Duration::from_secs(parsed("QUARRY_WORKER_CALL_TIMEOUT_SECS", 150u64)?),
            embedding_model_dir: var("QUARRY_EMBEDDING_MODEL_DIR").map(PathBuf::from).unwrap_or_else(default_embedding_model_dir),
            sync_python: var("QUARRY_SYNC_PYTHON").map(PathBuf::from).unwrap_or_else(default_sync_python),
            source_networks: parse_networks(&string("QUARRY_SOURCE_NETWORKS", "")).map_err(|reason| ConfigError { name: "QUARRY_SOURCE_NETWORKS", reason })?,
            duckdb_source_dir: var("QUARRY_DUCKDB_SOURCE_DIR").map(PathBuf::from),
            rate_limit_requests: parsed("QUARRY_RATE_LIMIT_PER_MINUTE", 3000u64)?,
            rate_limit_window: Duration::from_secs(60),
            api_key_rate_limit: parsed("QUARRY_API_KEY_RATE_LIMIT_PER_MINUTE", 600u64)?,
            signup_limit_per_hour: parsed("QUARRY_SIGNUP_LIMIT_PER_HOUR", 20u64)?.max(1),
            api_ask_wait: Duration::from_secs(parsed("QUARRY_API_ASK_WAIT_SECONDS", 180u64)?),
            worker_activity_slots: parsed("QUARRY_WORKER_ACTIVITY_SLOTS", 8 * cores())?.max(1),
            worker_workflow_slots: parsed("QUARRY_WORKER_WORKFLOW_SLOTS", 10 * cores())?.max(2),
            cpu_pool: parsed("QUARRY_CPU_POOL", cores())?.max(1),
            worker_metrics_addr: var("QUARRY_WORKER_METRICS_ADDR")
                .map(|raw| raw.trim().parse().map_err(|e: std::net::AddrParseError| ConfigError { name: "QUARRY_WORKER_METRICS_ADDR", reason: e.to_string() }))
                .transpose()?,
            database_max_connections: parsed("QUARRY_DATABASE_MAX_CONNECTIONS", 10u32)?.max(1),
            limits: limits()?,
        })
    }

    /// Where tenants' connection settings and provider URLs may lead: the operator's networks,
    /// never Quarry's own Postgres, Redis or Temporal.
    pub fn network_policy(&self) -> NetworkPolicy {
        let own = [
            Endpoint::from_url(self.database_url.expose_secret(), 5432),
            Endpoint::from_url(self.redis_url.expose_secret(), 6379),
            Endpoint::from_url(&self.temporal_url, 7233),
        ];
        NetworkPolicy::new(self.source_networks.clone(), own.into_iter().flatten().collect())
    }

    /// The policy every connector made from a tenant's settings is held to.
    pub fn source_policy(&self) -> SourcePolicy {
        SourcePolicy { network: Arc::new(self.network_policy()), duckdb_dir: self.duckdb_source_dir.clone(), private_dir: Some(self.data_dir.clone()) }
    }

    /// The keys secrets are sealed and opened with.
    pub fn secret_keys(&self) -> quarry_engine::secrets::SecretKeys {
        quarry_engine::secrets::SecretKeys::new(&self.secret_key, self.secret_key_previous.as_ref())
    }

    /// Where one project keeps its files (CSV uploads, the CSV DuckDB store).
    pub fn project_dir(&self, project_id: uuid::Uuid) -> PathBuf {
        self.data_dir.join("projects").join(project_id.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn release_builds_need_a_real_secret_key() {
        assert!(secret_key(None, false).is_err());
        assert!(secret_key(Some(DEV_SECRET_KEY.into()), false).is_err());
        assert!(secret_key(Some("short".into()), false).is_err());
        assert!(secret_key(Some("0123456789abcdef0123456789abcdef".into()), false).is_ok());
        assert!(secret_key(None, true).is_ok());
    }

    #[test]
    fn trusted_proxies_match_addresses_and_networks() {
        let list = trusted_proxies(Some("10.0.0.0/8, 192.168.1.7 ,::1")).unwrap();
        let trusted = |ip: &str| list.iter().any(|p| p.contains(ip.parse().unwrap()));
        assert!(trusted("10.1.2.3") && trusted("192.168.1.7") && trusted("::1") && trusted("::ffff:10.0.0.1"));
        assert!(!trusted("11.0.0.1") && !trusted("192.168.1.8") && !trusted("::2"));
        assert!(trusted_proxies(Some("10.0.0.0/33")).is_err());
        assert!(trusted_proxies(Some("proxy.local")).is_err());
        assert!(trusted_proxies(None).unwrap().is_empty());
    }
}
