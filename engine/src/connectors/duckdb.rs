//! DUCKDB (a database file on the server) and CSV (the project's `csv.duckdb`, written by the
//! CSV import) with the `duckdb` crate, on blocking threads.
//!
//! Files are opened read-only with external access disabled, so generated SQL can neither
//! write nor read other files (`read_csv('/etc/passwd')`). Result types come from
//! `DESCRIBE` (binds, runs nothing); a query runs wrapped in `LIMIT row_limit + 1`, and a
//! time-out or cancel interrupts it inside DuckDB.

use super::{
    ColumnTypeFamily, Connector, ConnectorError, DataSourceType, ForeignKey, QueryOptions, QueryResult, ResultBudget, ResultColumn, SourceColumn, SourcePolicy,
    SourceTable, families, limit_rows, statement_body, supervise, values,
};
use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, NaiveTime};
use duckdb::{
    AccessMode, Config, Connection, InterruptHandle,
    types::{TimeUnit, Value as DuckValue, ValueRef},
};
use serde_json::{Map, Value};
use std::{
    path::{Path, PathBuf},
    sync::{Arc, Mutex},
    time::Duration,
};
use tokio_util::sync::CancellationToken;

const METADATA_TIMEOUT: Duration = Duration::from_secs(120);

#[derive(Debug, Clone)]
pub struct DuckDbConnector {
    kind: DataSourceType,
    path: PathBuf,
    /// The file never changes (a built sample dataset): its database stays open in the
    /// process and each query gets a new connection to it ([`open_shared`]).
    immutable: bool,
}

/// Open databases of immutable files, by path. Bounded: past this many, they are all closed
/// and opened again as asked (there are four sample datasets).
const SHARED_MAX: usize = 8;
static SHARED: Mutex<Option<std::collections::HashMap<PathBuf, Connection>>> = Mutex::new(None);

/// A connection to the open database of an immutable file, opening it on first use. Opening a
/// file (reading its catalog) costs more than a small query; a burst of questions on a sample
/// dataset opens it once, not once per question.
fn open_shared(path: &Path) -> Result<Connection, ConnectorError> {
    let mut shared = SHARED.lock().unwrap_or_else(|e| e.into_inner());
    let open = shared.get_or_insert_with(Default::default);
    if let Some(database) = open.get(path) {
        return database.try_clone().map_err(|e| ConnectorError::ConnectionRefused(e.to_string()));
    }
    let database = open_duckdb_read_only(path)?;
    let connection = database.try_clone().map_err(|e| ConnectorError::ConnectionRefused(e.to_string()))?;
    if open.len() >= SHARED_MAX {
        open.clear();
    }
    open.insert(path.to_path_buf(), database);
    Ok(connection)
}

/// How long a reader waits for another process's write (a CSV import) to finish.
const LOCK_WAIT: Duration = Duration::from_secs(30);

/// Opens a DuckDB file for reading only, with no access to other files. While another
/// process writes the file (DuckDB allows no readers then), waits up to [`LOCK_WAIT`].
/// Blocking.
pub fn open_duckdb_read_only(path: &Path) -> Result<Connection, ConnectorError> {
    let deadline = std::time::Instant::now() + LOCK_WAIT;
    loop {
        let config = private_config().and_then(|c| c.access_mode(AccessMode::ReadOnly)).map_err(|e| ConnectorError::ConnectionRefused(e.to_string()))?;
        match Connection::open_with_flags(path, config) {
            Ok(conn) => return Ok(conn),
            Err(e) if is_lock_conflict(&e.to_string()) && std::time::Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(50));
            }
            Err(e) => return Err(ConnectorError::ConnectionRefused(e.to_string())),
        }
    }
}

/// DuckDB's complaint when another process holds the file.
pub fn is_lock_conflict(message: &str) -> bool {
    message.contains("Could not set lock") || message.contains("Conflicting lock")
}

/// The memory and threads one DuckDB query connection may use, from
/// `QUARRY_DUCKDB_MEMORY_LIMIT` (default `1GB`) and `QUARRY_DUCKDB_THREADS` (default 2),
/// read once.
fn limits() -> &'static (String, i64) {
    static LIMITS: std::sync::OnceLock<(String, i64)> = std::sync::OnceLock::new();
    LIMITS.get_or_init(|| {
        let memory = std::env::var("QUARRY_DUCKDB_MEMORY_LIMIT").ok().filter(|v| !v.trim().is_empty()).unwrap_or_else(|| "1GB".into());
        let threads = std::env::var("QUARRY_DUCKDB_THREADS").ok().and_then(|v| v.trim().parse().ok()).filter(|n| *n > 0).unwrap_or(2);
        (memory, threads)
    })
}

/// No files besides the database itself, no extensions fetched from the network, bounded
/// memory and threads — and the configuration locked, so no statement can change it.
fn private_config() -> duckdb::Result<Config> {
    let (memory, threads) = limits();
    Config::default().enable_external_access(false)?.enable_autoload_extension(false)?.max_memory(memory)?.threads(*threads)?.with("lock_configuration", "true")
}

/// The one answer for a DUCKDB path that does not exist, is not a file, or lies outside the
/// operator's directory: it names no server path and does not say which case it was.
pub const DUCKDB_FILE_UNAVAILABLE: &str =
    "No DuckDB database file with this path is available. Give the path of a file in the server's DuckDB source directory.";

/// The file a DUCKDB source's `path` names, resolved (symlinks, `..`) and checked to lie
/// inside the operator's DuckDB directory and outside Quarry's own files. A relative path is
/// taken from the DuckDB directory.
pub fn duckdb_source_path(policy: &SourcePolicy, path: &Path) -> Result<PathBuf, ConnectorError> {
    let Some(dir) = &policy.duckdb_dir else {
        return Err(ConnectorError::NotSupported("DuckDB sources are not enabled on this server (the operator sets QUARRY_DUCKDB_SOURCE_DIR).".into()));
    };
    let unavailable = |why: &str| {
        tracing::info!(path = %path.display(), why, "refused a DuckDB source path");
        ConnectorError::ConnectionRefused(DUCKDB_FILE_UNAVAILABLE.into())
    };
    let root = dir.canonicalize().map_err(|_| unavailable("the DuckDB source directory does not exist"))?;
    let file = root.join(path).canonicalize().map_err(|_| unavailable("does not resolve"))?;
    if !file.starts_with(&root) {
        return Err(unavailable("outside the DuckDB source directory"));
    }
    if let Some(private) = &policy.private_dir {
        // Compared canonically too; a private dir that does not exist yet holds nothing.
        let private = private.canonicalize().unwrap_or_else(|_| private.clone());
        if file.starts_with(&private) {
            return Err(unavailable("inside Quarry's data directory"));
        }
    }
    if !file.is_file() {
        return Err(unavailable("not a file"));
    }
    Ok(file)
}

impl DuckDbConnector {
    /// A DUCKDB source: the database file at `path`.
    pub fn duckdb(path: PathBuf) -> Self {
        Self { kind: DataSourceType::Duckdb, path, immutable: false }
    }

    /// A database file Quarry built and never writes again (a sample dataset), kept open
    /// between queries.
    pub fn immutable(path: PathBuf) -> Self {
        Self { kind: DataSourceType::Duckdb, path, immutable: true }
    }

    /// A CSV source: the project's `csv.duckdb`. Until the first import writes it, the
    /// source is an empty database.
    pub fn csv(database_path: PathBuf) -> Self {
        Self { kind: DataSourceType::Csv, path: database_path, immutable: false }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn open(&self) -> Result<Connection, ConnectorError> {
        if self.kind == DataSourceType::Csv && !self.path.exists() {
            return private_config().and_then(Connection::open_in_memory_with_flags).map_err(|e| ConnectorError::ConnectionRefused(e.to_string()));
        }
        if !self.path.is_file() {
            return Err(ConnectorError::ConnectionRefused(DUCKDB_FILE_UNAVAILABLE.into()));
        }
        if self.immutable {
            return open_shared(&self.path);
        }
        // DuckDB's own messages quote the server path.
        open_duckdb_read_only(&self.path).map_err(|e| match e {
            ConnectorError::ConnectionRefused(reason) => ConnectorError::ConnectionRefused(reason.replace(&*self.path.to_string_lossy(), "<database file>")),
            other => other,
        })
    }

    /// Runs `work` on a blocking thread with its own connection; the deadline or `cancel`
    /// interrupts DuckDB.
    async fn run<T, F>(&self, timeout: Duration, cancel: &CancellationToken, work: F) -> Result<T, ConnectorError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, ConnectorError> + Send + 'static,
    {
        let this = self.clone();
        let interrupt: Arc<Mutex<Option<Arc<InterruptHandle>>>> = Arc::default();
        let slot = interrupt.clone();
        // On the CPU pool: a burst of queries waits its turn rather than opening a connection
        // (with its memory limit) each at once.
        let task = crate::cpu::run(move || {
            let conn = this.open()?;
            *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(conn.interrupt_handle());
            work(&conn)
        });
        let task = async { task.await.map_err(|e| ConnectorError::Query(format!("the DuckDB task failed: {e}")))? };
        supervise(task, timeout, cancel, || async move {
            // Again and again: an interrupt that lands before the statement starts is lost.
            loop {
                if let Some(handle) = interrupt.lock().unwrap_or_else(|e| e.into_inner()).clone() {
                    handle.interrupt();
                }
                tokio::time::sleep(Duration::from_millis(25)).await;
            }
        })
        .await
    }

    async fn metadata<T, F>(&self, work: F) -> Result<T, ConnectorError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, ConnectorError> + Send + 'static,
    {
        self.run(METADATA_TIMEOUT, &CancellationToken::new(), work).await
    }
}

#[async_trait]
impl Connector for DuckDbConnector {
    fn source_type(&self) -> DataSourceType {
        self.kind
    }

    async fn test(&self) -> Result<(), ConnectorError> {
        self.metadata(|conn| conn.execute_batch("SELECT 1").map_err(query_error)).await
    }

    async fn tables(&self) -> Result<Vec<SourceTable>, ConnectorError> {
        self.metadata(|conn| {
            let keys = constraints(conn, "PRIMARY KEY")?;
            let rows = select(
                conn,
                "SELECT schema_name, table_name, column_name, data_type, NOT is_nullable
                 FROM duckdb_columns() WHERE database_name = current_database() AND NOT internal
                 ORDER BY schema_name, table_name, column_index",
            )?;
            let mut tables: Vec<SourceTable> = Vec::new();
            for row in rows {
                let [schema, name, column, type_name, not_null] = <[Value; 5]>::try_from(row).map_err(|_| shape())?;
                let (schema, name, column) = (text(schema)?, text(name)?, text(column)?);
                let type_name = text(type_name)?;
                let is_primary_key = keys.iter().any(|k| k.schema == schema && k.table == name && k.columns.contains(&column));
                let column = SourceColumn {
                    name: column,
                    family: families::duckdb(&type_name),
                    type_name,
                    not_null: not_null.as_bool().unwrap_or(false),
                    is_primary_key,
                };
                match tables.last_mut() {
                    Some(t) if t.schema == schema && t.name == name => t.columns.push(column),
                    _ => tables.push(SourceTable { schema, name, columns: vec![column] }),
                }
            }
            super::sort_tables(&mut tables);
            Ok(tables)
        })
        .await
    }

    async fn foreign_keys(&self) -> Result<Vec<ForeignKey>, ConnectorError> {
        self.metadata(|conn| {
            let mut keys: Vec<ForeignKey> = constraints(conn, "FOREIGN KEY")?
                .into_iter()
                .map(|c| ForeignKey {
                    // DuckDB keys reference tables of their own schema.
                    to_schema: c.schema.clone(),
                    from_schema: c.schema,
                    from_table: c.table,
                    from_columns: c.columns,
                    to_table: c.referenced_table,
                    to_columns: c.referenced_columns,
                })
                .collect();
            super::sort_foreign_keys(&mut keys);
            Ok(keys)
        })
        .await
    }

    async fn dry_run(&self, sql: &str) -> Result<Vec<ResultColumn>, ConnectorError> {
        let body = statement_body(sql)?.to_string();
        self.metadata(move |conn| describe(conn, &body)).await
    }

    async fn query(&self, sql: &str, options: QueryOptions) -> Result<QueryResult, ConnectorError> {
        let body = statement_body(sql)?.to_string();
        let row_limit = options.row_limit;
        self.run(options.timeout, &options.cancel, move |conn| {
            let columns = describe(conn, &body)?;
            let fetch = row_limit.saturating_add(1);
            let wrapped = format!("SELECT * FROM (\n{body}\n) AS quarry_result LIMIT {fetch}");
            let mut statement = conn.prepare(&wrapped).map_err(query_error)?;
            let mut rows = statement.query([]).map_err(query_error)?;
            let mut out = Vec::new();
            let mut budget = ResultBudget::new();
            let mut over_budget = false;
            while let Some(row) = rows.next().map_err(query_error)? {
                let mut values = Vec::with_capacity(columns.len());
                for (i, column) in columns.iter().enumerate() {
                    values.push(value_to_json(row.get_ref(i).map_err(query_error)?, column.family));
                }
                if !budget.take(&values) {
                    over_budget = true;
                    break;
                }
                out.push(values);
            }
            let (rows, more) = limit_rows(out, row_limit);
            let truncated = more || over_budget;
            Ok(QueryResult { columns, rows, truncated })
        })
        .await
    }
}

fn describe(conn: &Connection, body: &str) -> Result<Vec<ResultColumn>, ConnectorError> {
    select(conn, &format!("DESCRIBE (\n{body}\n)"))?
        .into_iter()
        .map(|row| {
            let mut row = row.into_iter();
            let name = text(row.next().ok_or_else(shape)?)?;
            let type_name = text(row.next().ok_or_else(shape)?)?;
            Ok(ResultColumn::new(name, type_name.clone(), families::duckdb(&type_name)))
        })
        .collect()
}

struct Constraint {
    schema: String,
    table: String,
    columns: Vec<String>,
    referenced_table: String,
    referenced_columns: Vec<String>,
}

fn constraints(conn: &Connection, kind: &str) -> Result<Vec<Constraint>, ConnectorError> {
    let rows = select(
        conn,
        &format!(
            "SELECT schema_name, table_name, constraint_column_names, referenced_table, referenced_column_names
             FROM duckdb_constraints()
             WHERE database_name = current_database() AND constraint_type = '{kind}'
             ORDER BY schema_name, table_name, constraint_index"
        ),
    )?;
    rows.into_iter()
        .map(|row| {
            let [schema, table, columns, referenced_table, referenced_columns] = <[Value; 5]>::try_from(row).map_err(|_| shape())?;
            Ok(Constraint {
                schema: text(schema)?,
                table: text(table)?,
                columns: texts(columns),
                referenced_table: referenced_table.as_str().unwrap_or_default().to_string(),
                referenced_columns: texts(referenced_columns),
            })
        })
        .collect()
}

/// All rows of a catalog query, as JSON values.
fn select(conn: &Connection, sql: &str) -> Result<Vec<Vec<Value>>, ConnectorError> {
    let mut statement = conn.prepare(sql).map_err(query_error)?;
    let mut rows = statement.query([]).map_err(query_error)?;
    let mut out = Vec::new();
    while let Some(row) = rows.next().map_err(query_error)? {
        let count = row.as_ref().column_count();
        let mut values = Vec::with_capacity(count);
        for i in 0..count {
            values.push(value_to_json(row.get_ref(i).map_err(query_error)?, ColumnTypeFamily::Unknown));
        }
        out.push(values);
    }
    Ok(out)
}

fn text(value: Value) -> Result<String, ConnectorError> {
    match value {
        Value::String(s) => Ok(s),
        _ => Err(shape()),
    }
}

fn texts(value: Value) -> Vec<String> {
    match value {
        Value::Array(items) => items.into_iter().filter_map(|v| v.as_str().map(str::to_string)).collect(),
        _ => Vec::new(),
    }
}

fn shape() -> ConnectorError {
    ConnectorError::Query("unexpected DuckDB catalog data".into())
}

fn query_error(error: duckdb::Error) -> ConnectorError {
    ConnectorError::Query(error.to_string())
}

/// One DuckDB value as JSON (rules in the `connectors` docs); `family` is the column's.
pub fn value_to_json(value: ValueRef<'_>, family: ColumnTypeFamily) -> Value {
    match value {
        ValueRef::Null => Value::Null,
        ValueRef::Boolean(b) => Value::Bool(b),
        ValueRef::Text(bytes) => {
            let text = String::from_utf8_lossy(bytes);
            if family == ColumnTypeFamily::Json {
                serde_json::from_str(&text).unwrap_or_else(|_| Value::String(text.into_owned()))
            } else {
                Value::String(text.into_owned())
            }
        }
        ValueRef::Timestamp(unit, v) => timestamp(unit, v, family == ColumnTypeFamily::Timestamptz),
        ValueRef::Blob(bytes) | ValueRef::Geometry(bytes) => values::base64(bytes),
        other => owned_to_json(other.to_owned()),
    }
}

fn owned_to_json(value: DuckValue) -> Value {
    match value {
        DuckValue::Null => Value::Null,
        DuckValue::Boolean(b) => Value::Bool(b),
        DuckValue::TinyInt(i) => i.into(),
        DuckValue::SmallInt(i) => i.into(),
        DuckValue::Int(i) => i.into(),
        DuckValue::BigInt(i) => i.into(),
        DuckValue::HugeInt(i) => values::i128_value(i),
        DuckValue::UHugeInt(u) => u64::try_from(u).map(Value::from).unwrap_or_else(|_| Value::String(u.to_string())),
        DuckValue::UTinyInt(i) => i.into(),
        DuckValue::USmallInt(i) => i.into(),
        DuckValue::UInt(i) => i.into(),
        DuckValue::UBigInt(i) => i.into(),
        // Through its shortest decimal form: 0.1f32 stays 0.1, not 0.10000000149011612.
        DuckValue::Float(f) => values::float(&f.to_string()),
        DuckValue::Double(f) => values::f64_value(f),
        DuckValue::Decimal(d) => Value::String(d.to_string()),
        DuckValue::Timestamp(unit, v) => timestamp(unit, v, false),
        DuckValue::Text(s) | DuckValue::Enum(s) => Value::String(s),
        DuckValue::Blob(b) | DuckValue::Geometry(b) => values::base64(&b),
        DuckValue::Date32(days) => match NaiveDate::from_ymd_opt(1970, 1, 1).and_then(|epoch| epoch.checked_add_signed(chrono::Duration::days(days.into()))) {
            Some(date) => Value::String(values::iso_date(date)),
            None => Value::String(days.to_string()),
        },
        DuckValue::Time64(unit, v) => {
            let micros = unit.to_micros(v);
            let (secs, micros) = (micros.div_euclid(1_000_000), micros.rem_euclid(1_000_000));
            match u32::try_from(secs).ok().and_then(|s| NaiveTime::from_num_seconds_from_midnight_opt(s, (micros * 1000) as u32)) {
                Some(t) => Value::String(values::iso_time(t)),
                None => Value::String(v.to_string()),
            }
        }
        DuckValue::Interval { months, days, nanos } => Value::String(values::iso_interval(months.into(), days.into(), nanos / 1000)),
        DuckValue::List(items) | DuckValue::Array(items) => Value::Array(items.into_iter().map(owned_to_json).collect()),
        DuckValue::Struct(fields) => Value::Object(fields.iter().map(|(k, v)| (k.clone(), owned_to_json(v.clone()))).collect::<Map<_, _>>()),
        DuckValue::Map(entries) => {
            let pairs: Vec<(Value, Value)> = entries.iter().map(|(k, v)| (owned_to_json(k.clone()), owned_to_json(v.clone()))).collect();
            if pairs.iter().all(|(k, _)| k.is_string()) {
                Value::Object(pairs.into_iter().map(|(k, v)| (k.as_str().unwrap_or_default().to_string(), v)).collect())
            } else {
                Value::Array(pairs.into_iter().map(|(k, v)| serde_json::json!({"key": k, "value": v})).collect())
            }
        }
        DuckValue::Union(inner) => owned_to_json(*inner),
        #[allow(unreachable_patterns)]
        other => Value::String(format!("{other:?}")),
    }
}

fn timestamp(unit: TimeUnit, v: i64, utc: bool) -> Value {
    match DateTime::from_timestamp_micros(unit.to_micros(v)) {
        Some(dt) if utc => Value::String(values::iso_utc(dt)),
        Some(dt) => Value::String(values::iso_datetime(dt.naive_utc())),
        None => Value::String(v.to_string()),
    }
}
