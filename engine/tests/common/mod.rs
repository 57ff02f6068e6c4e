//! Shared by the connector tests: the servers `make test` starts (QUARRY_TEST_SOURCE_POSTGRES_URL for
//! Postgres, QUARRY_TEST_MYSQL_URL for MariaDB) and a fresh database per test on them.
#![allow(dead_code)]

use quarry_engine::connectors::{ConnectorError, QueryOptions};
use serde_json::{Value, json};
use std::time::Duration;

pub fn require_env(name: &str) -> String {
    match std::env::var(name) {
        Ok(v) if !v.is_empty() => v,
        _ => panic!("{name} is not set: run the tests through `make test`, which starts the services"),
    }
}

/// The parts of `scheme://user:password@host:port/database`.
pub struct ServerUrl {
    pub user: String,
    pub password: String,
    pub host: String,
    pub port: u16,
    pub database: String,
}

impl ServerUrl {
    pub fn parse(url: &str) -> Self {
        let rest = url.split_once("://").expect("scheme://").1;
        let (auth, rest) = rest.rsplit_once('@').expect("user@host");
        let (user, password) = auth.split_once(':').unwrap_or((auth, ""));
        let (hostport, database) = rest.split_once('/').unwrap_or((rest, ""));
        let (host, port) = hostport.split_once(':').expect("host:port");
        Self {
            user: user.to_string(),
            password: password.to_string(),
            host: host.to_string(),
            port: port.parse().expect("port"),
            database: database.split('?').next().unwrap_or_default().to_string(),
        }
    }

    /// The connection settings of a data source on this server, in database `database`.
    pub fn properties(&self, database: &str) -> Value {
        json!({
            "host": self.host,
            "port": self.port,
            "database": database,
            "user": self.user,
            "password": self.password,
            "ssl": false,
        })
    }

    pub fn url_for(&self, scheme: &str, database: &str) -> String {
        format!("{scheme}://{}:{}@{}:{}/{database}", self.user, self.password, self.host, self.port)
    }
}

/// A database name of its own for one test.
pub fn fresh_name() -> String {
    format!("quarry_engine_{}", &uuid::Uuid::new_v4().simple().to_string()[..12])
}

pub fn options(row_limit: usize, timeout_secs: f64) -> QueryOptions {
    QueryOptions::new(row_limit, Duration::from_secs_f64(timeout_secs))
}

pub fn assert_query_error_contains(result: Result<impl std::fmt::Debug, ConnectorError>, needle: &str) {
    match result {
        Err(ConnectorError::Query(message)) => {
            assert!(message.contains(needle), "expected {needle:?} in the error, got {message:?}")
        }
        other => panic!("expected a Query error containing {needle:?}, got {other:?}"),
    }
}
