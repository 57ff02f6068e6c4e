//! The ClickHouse server `make test` starts (`scripts/services/clickhouse_http.py`: the
//! HTTP interface over the real ClickHouse engine), for tests that load tables into it and
//! read them back as a CLICK_HOUSE data source.

use serde_json::Value;

/// One table to load: its name, its columns with the type names of the source they come
/// from (DuckDB's: `INTEGER`, `VARCHAR`, `DECIMAL(10,2)`, `TIMESTAMP`) and its rows.
pub struct Table {
    pub name: String,
    pub columns: Vec<(String, String)>,
    pub rows: Vec<Vec<Value>>,
}

#[derive(Clone)]
pub struct ClickHouse {
    /// `http://127.0.0.1:<port>/`.
    pub url: String,
    pub host: String,
    pub port: u16,
    pub user: String,
    pub password: String,
    client: reqwest::Client,
}

impl ClickHouse {
    /// The test services' server (QUARRY_TEST_CLICKHOUSE_URL, `http://user:password@host:port/`).
    pub fn from_env() -> Self {
        let url = reqwest::Url::parse(&crate::required_env("QUARRY_TEST_CLICKHOUSE_URL")).expect("QUARRY_TEST_CLICKHOUSE_URL is a URL");
        let host = url.host_str().expect("a host").to_owned();
        let port = url.port().unwrap_or(8123);
        Self {
            url: format!("http://{host}:{port}/"),
            host,
            port,
            user: url.username().to_owned(),
            password: url.password().unwrap_or_default().to_owned(),
            client: reqwest::Client::new(),
        }
    }

    /// Runs one statement as the test services' user; its output as text, or the server's error.
    pub async fn execute(&self, sql: &str) -> Result<String, String> {
        let response = self
            .client
            .post(&self.url)
            .header("X-ClickHouse-User", &self.user)
            .header("X-ClickHouse-Key", &self.password)
            .body(sql.to_owned())
            .send()
            .await
            .map_err(|e| e.to_string())?;
        let ok = response.status().is_success();
        let text = response.text().await.map_err(|e| e.to_string())?;
        if ok { Ok(text) } else { Err(text) }
    }

    /// A new database of `tables`, named `<prefix>_<unique>`; its name.
    pub async fn load(&self, prefix: &str, tables: &[Table]) -> String {
        let database = crate::unique(prefix).replace('-', "_");
        self.execute(&format!("CREATE DATABASE `{database}`")).await.unwrap();
        for table in tables {
            let columns: Vec<String> = table.columns.iter().map(|(name, type_name)| format!("`{name}` {}", clickhouse_type(type_name))).collect();
            self.execute(&format!("CREATE TABLE `{database}`.`{}` ({}) ENGINE = MergeTree ORDER BY tuple()", table.name, columns.join(", ")))
                .await
                .unwrap_or_else(|e| panic!("{}: {e}", table.name));
            if table.rows.is_empty() {
                continue;
            }
            let mut body = format!("INSERT INTO `{database}`.`{}` SETTINGS date_time_input_format = 'best_effort' FORMAT JSONCompactEachRow\n", table.name);
            for row in &table.rows {
                body.push_str(&serde_json::to_string(row).unwrap());
                body.push('\n');
            }
            self.execute(&body).await.unwrap_or_else(|e| panic!("{}: {e}", table.name));
        }
        database
    }

    /// The query ids clients asked the server to KILL.
    pub async fn killed(&self) -> Vec<String> {
        self.client.get(format!("{}killed", self.url)).send().await.unwrap().json().await.unwrap()
    }
}

/// A DuckDB type name as the ClickHouse column type that holds its values (every column
/// nullable, as in the source).
pub fn clickhouse_type(duckdb_type: &str) -> String {
    let upper = duckdb_type.trim().to_ascii_uppercase();
    let head = upper.split('(').next().unwrap_or_default().trim();
    let inner = match head {
        "BOOLEAN" => "Bool".to_owned(),
        "TINYINT" => "Int8".to_owned(),
        "SMALLINT" => "Int16".to_owned(),
        "INTEGER" | "INT" => "Int32".to_owned(),
        "BIGINT" => "Int64".to_owned(),
        "HUGEINT" => "Int128".to_owned(),
        "UTINYINT" => "UInt8".to_owned(),
        "USMALLINT" => "UInt16".to_owned(),
        "UINTEGER" => "UInt32".to_owned(),
        "UBIGINT" => "UInt64".to_owned(),
        "FLOAT" | "REAL" => "Float32".to_owned(),
        "DOUBLE" => "Float64".to_owned(),
        "DECIMAL" | "NUMERIC" => {
            let args = upper.trim_start_matches(head).trim();
            if args.is_empty() { "Decimal(18, 3)".to_owned() } else { format!("Decimal{args}") }
        }
        "DATE" => "Date32".to_owned(),
        "TIMESTAMP" | "DATETIME" => "DateTime64(6)".to_owned(),
        "TIMESTAMP WITH TIME ZONE" | "TIMESTAMPTZ" => "DateTime64(6, 'UTC')".to_owned(),
        "UUID" => "UUID".to_owned(),
        _ => "String".to_owned(),
    };
    format!("Nullable({inner})")
}
