//! TestApp: the real router on port 0 against the Postgres, Redis, Temporal and SMTP sink
//! that `make test` starts (their addresses come from the QUARRY_* environment), and a real
//! `quarry-worker` process when the test needs one.

use std::{
    net::SocketAddr,
    path::PathBuf,
    time::{Duration, Instant},
};

use quarry_api::{router, state::AppState};
use quarry_domain::{config::Config, user};
use reqwest::{Client, StatusCode};
use secrecy::ExposeSecret;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::{WorkerProcess, binary, mail::decode_quoted_printable, required_env};

pub struct TestApp {
    pub url: String,
    pub state: AppState,
    worker: Option<WorkerProcess>,
    /// Workers the test killed, kept so that their logs show when the test fails.
    killed: Vec<WorkerProcess>,
}

impl TestApp {
    pub async fn spawn() -> Self {
        Self::spawn_with(|_| {}).await
    }

    /// An app whose configuration `configure` adjusts first (a worker started later gets the
    /// settings that decide what it may reach and how: see `start_worker_with`).
    pub async fn spawn_with(configure: impl FnOnce(&mut Config)) -> Self {
        for name in ["QUARRY_DATABASE_URL", "QUARRY_REDIS_URL", "QUARRY_TEMPORAL_URL"] {
            required_env(name);
        }
        let mut config = Config::from_env().expect("test configuration");
        // Each app gets its own task queues so a test's workflows run on its own worker; under
        // QUARRY_TASK_QUEUE_PREFIX, so that a checkout's runs can be told from another's.
        config.task_queue_prefix = format!("{}-{}", config.task_queue_prefix, &Uuid::new_v4().simple().to_string()[..12]);
        config.email_queue = format!("{}-email", config.task_queue_prefix);
        config.port = 0;
        configure(&mut config);
        let state = AppState::connect(config).await.expect("connect test services");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = router(state.clone()).into_make_service_with_connect_info::<SocketAddr>();
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        Self { url: format!("http://{addr}"), state, worker: None, killed: Vec::new() }
    }

    /// The app with a worker running, for tests that reach a data source or a provider (the
    /// api hands that work to the workers).
    pub fn with_worker(mut self) -> Self {
        self.start_worker();
        self
    }

    /// Starts a `quarry-worker` process serving this app's task queues and the mail queue.
    pub fn start_worker(&mut self) {
        self.start_worker_with(&[]);
    }

    /// Starts the worker with extra environment variables (e.g. the chaos delay). It shares
    /// the app's database, keys, data directory, network and file policy and limits, as the
    /// api and workers of one deployment do.
    pub fn start_worker_with(&mut self, env: &[(&str, &str)]) {
        let config = &self.state.config;
        let worker = WorkerProcess::spawn(&binary("quarry-worker"), "app", |cmd| {
            cmd.env("QUARRY_DATA_DIR", &config.data_dir)
                .env("QUARRY_DATABASE_URL", config.database_url.expose_secret())
                .env("QUARRY_SECRET_KEY", config.secret_key.expose_secret())
                .env("QUARRY_SOURCE_NETWORKS", config.source_networks.iter().map(ToString::to_string).collect::<Vec<_>>().join(","))
                .env("QUARRY_MODEL_LIMIT", config.model_limit.unwrap_or(0).to_string())
                .env("QUARRY_LLM_TIMEOUT_MS", config.llm_timeout.as_millis().to_string())
                .env("QUARRY_CSV_IMPORT_MAX_FILE_SIZE_MB", config.csv_import_max_file_size_mb.to_string())
                .env("QUARRY_EXPORT_MAX_ROWS", config.limits.export_max_rows.to_string())
                .env("QUARRY_EXPORT_MAX_BYTES", config.limits.export_max_bytes.to_string());
            match &config.secret_key_previous {
                Some(previous) => cmd.env("QUARRY_SECRET_KEY_PREVIOUS", previous.expose_secret()),
                None => cmd.env_remove("QUARRY_SECRET_KEY_PREVIOUS"),
            };
            match &config.duckdb_source_dir {
                Some(dir) => cmd.env("QUARRY_DUCKDB_SOURCE_DIR", dir),
                None => cmd.env_remove("QUARRY_DUCKDB_SOURCE_DIR"),
            };
            cmd.envs(env.iter().copied());
            cmd.env("QUARRY_TASK_QUEUE_PREFIX", &config.task_queue_prefix).env("QUARRY_EMAIL_QUEUE", &config.email_queue).env("RUST_LOG", "warn");
        });
        self.worker = Some(worker);
    }

    pub fn kill_worker(&mut self) {
        if let Some(mut worker) = self.worker.take() {
            worker.kill();
            self.killed.push(worker);
        }
    }

    /// Sends one file to the CSV upload endpoint, as the web app does.
    pub async fn upload_csv(&self, client: &Client, project_id: &str, file_name: &str, bytes: Vec<u8>) -> (StatusCode, Value) {
        let csrf = self.csrf(client).await;
        let form =
            reqwest::multipart::Form::new().part("file", reqwest::multipart::Part::bytes(bytes).file_name(file_name.to_owned()).mime_str("text/csv").unwrap());
        let res = client.post(format!("{}/api/projects/{project_id}/csv", self.url)).header("X-CSRF-Token", csrf).multipart(form).send().await.unwrap();
        let status = res.status();
        let text = res.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    pub fn client(&self) -> Client {
        Client::builder().cookie_store(true).build().unwrap()
    }

    pub async fn csrf(&self, client: &Client) -> String {
        let body: Value = client.get(format!("{}/api/auth/csrf", self.url)).send().await.unwrap().json().await.unwrap();
        body["csrfToken"].as_str().unwrap().to_owned()
    }

    pub async fn post_auth(&self, client: &Client, path: &str, mut body: Value) -> (StatusCode, Value) {
        if body.get("csrfToken").is_none() {
            body["csrfToken"] = json!(self.csrf(client).await);
        }
        let res = client.post(format!("{}/api/auth/{path}", self.url)).json(&body).send().await.unwrap();
        let status = res.status();
        let text = res.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// A verified account created directly, for tests that are not about sign-up.
    pub async fn user(&self, label: &str) -> (String, String) {
        let email = unique_email(label);
        let password = "correct horse battery".to_owned();
        user::create_user(&self.state.pool, &email, &password, Some(label), true).await.unwrap();
        (email, password)
    }

    /// A signed-in client for a fresh verified user.
    pub async fn signed_in(&self, label: &str) -> (Client, String) {
        let (email, password) = self.user(label).await;
        let client = self.signed_in_as(&email, &password).await;
        (client, email)
    }

    pub async fn signed_in_as(&self, email: &str, password: &str) -> Client {
        let client = self.client();
        let (status, body) = self.post_auth(&client, "callback/credentials", json!({ "email": email, "password": password })).await;
        assert_eq!(status, StatusCode::OK, "sign in failed: {body}");
        client
    }

    pub async fn gql(&self, client: &Client, query: &str, variables: Value) -> Value {
        let res = client.post(format!("{}/api/graphql", self.url)).json(&json!({ "query": query, "variables": variables })).send().await.unwrap();
        assert!(res.status().is_success(), "GraphQL answered {}", res.status());
        res.json().await.unwrap()
    }

    /// Runs a GraphQL operation that must succeed and returns its data.
    pub async fn gql_ok(&self, client: &Client, query: &str, variables: Value) -> Value {
        let body = self.gql(client, query, variables).await;
        assert!(body.get("errors").is_none(), "unexpected errors: {body}");
        body["data"].clone()
    }

    /// Waits for the newest mail to `to` in the SMTP sink's folder and returns its body.
    pub async fn mail_to(&self, to: &str) -> String {
        self.mail_to_saying(to, "").await
    }

    /// Waits for the newest mail to `to` whose decoded body contains `needle` (mails are sent
    /// by a queue, so the one wanted need not be the last to arrive).
    pub async fn mail_to_saying(&self, to: &str, needle: &str) -> String {
        let dir = PathBuf::from(required_env("QUARRY_TEST_MAIL_DIR"));
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let mut found: Vec<(std::time::SystemTime, String)> = std::fs::read_dir(&dir)
                .into_iter()
                .flatten()
                .flatten()
                .filter_map(|e| {
                    let text = std::fs::read_to_string(e.path()).ok()?;
                    let modified = e.metadata().ok()?.modified().ok()?;
                    (text.contains(to) && decode_quoted_printable(&text).contains(needle)).then_some((modified, text))
                })
                .collect();
            found.sort();
            if let Some((_, text)) = found.pop() {
                return decode_quoted_printable(&text);
            }
            assert!(Instant::now() < deadline, "no mail to {to} saying {needle:?} arrived in {}", dir.display());
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.kill_worker();
    }
}

pub fn unique_email(label: &str) -> String {
    format!("{label}-{}@example.com", &Uuid::new_v4().simple().to_string()[..10]).to_lowercase()
}

pub fn error_code(body: &Value) -> String {
    body["errors"][0]["extensions"]["code"].as_str().unwrap_or("<none>").to_owned()
}
