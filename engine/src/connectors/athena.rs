//! ATHENA through the AWS SDK: a statement starts with StartQueryExecution in the source's
//! workgroup, database and catalog (results staged in its S3 directory); GetQueryExecution is
//! polled until it ends; GetQueryResults reads the rows page by page (the first row of a
//! SELECT's first page is its header). StopQueryExecution stops it past our deadline or on
//! cancel. Tables come from ListTableMetadata. Athena speaks Trino's SQL: the compiler's
//! Trino dialect writes for it.
//!
//! - Every address the client dials passes the [`NetworkPolicy`]: the endpoint's host is
//!   checked before the call, and the client resolves names only through the policy, so the
//!   connection goes to the checked address (an endpoint override, for VPC endpoints, is a
//!   tenant's input like any host).
//! - Values come as text; they are typed by the column's family as the module docs of
//!   [`super`] say (timestamps with a `T`, decimals as exact text).

use super::{
    ColumnTypeFamily, Connector, ConnectorError, DataSourceType, ForeignKey, PagedRead, QueryOptions, QueryResult, ResultBudget, ResultColumn, SourceColumn,
    SourceTable, columns_only, families, sort_tables, statement_body, supervise, trino,
};
use crate::network::{CONNECT_FAILED, NetworkPolicy};
use async_trait::async_trait;
use aws_sdk_athena::{
    Client,
    config::{BehaviorVersion, Credentials, Region},
    error::{ProvideErrorMetadata, SdkError},
    types::{QueryExecutionContext, QueryExecutionState, ResultConfiguration},
};
use aws_smithy_http_client::tls::{Provider as TlsProvider, rustls_provider::CryptoMode};
use aws_smithy_runtime_api::client::dns::{DnsFuture, ResolveDns, ResolveDnsError};
use secrecy::ExposeSecret;
use serde_json::Value;
use std::{sync::Arc, time::Duration};

pub use super::properties::AthenaProperties;

const METADATA_TIMEOUT: Duration = Duration::from_secs(120);
/// Rows GetQueryResults returns at most per page.
const PAGE_ROWS: i32 = 1000;

#[derive(Debug, Clone)]
pub struct AthenaConnector {
    props: AthenaProperties,
    network: Arc<NetworkPolicy>,
}

/// Names resolved only through the network policy: the address dialled is one it allows.
#[derive(Debug, Clone)]
struct CheckedNames {
    network: Arc<NetworkPolicy>,
    port: u16,
}

impl ResolveDns for CheckedNames {
    fn resolve_dns<'a>(&'a self, name: &'a str) -> DnsFuture<'a> {
        DnsFuture::new(async move { self.network.resolve(name, self.port).await.map(|addr| vec![addr.ip()]).map_err(ResolveDnsError::new) })
    }
}

impl AthenaConnector {
    pub fn new(props: AthenaProperties, network: Arc<NetworkPolicy>) -> Self {
        Self { props, network }
    }

    fn endpoint(&self) -> String {
        match self.props.endpoint.as_deref().map(str::trim).filter(|e| !e.is_empty()) {
            Some(endpoint) => endpoint.trim_end_matches('/').to_owned(),
            None => format!("https://athena.{}.amazonaws.com", self.props.region.trim()),
        }
    }

    fn workgroup(&self) -> &str {
        self.props.workgroup.as_deref().map(str::trim).filter(|w| !w.is_empty()).unwrap_or("primary")
    }

    fn catalog(&self) -> &str {
        self.props.catalog.as_deref().map(str::trim).filter(|c| !c.is_empty()).unwrap_or("AwsDataCatalog")
    }

    /// A client for one call, its endpoint's host checked first.
    async fn client(&self, timeout: Duration) -> Result<Client, ConnectorError> {
        let endpoint = self.endpoint();
        let (host, port) =
            host_and_port(&endpoint).ok_or_else(|| ConnectorError::InvalidProperties(format!("the endpoint {endpoint} is not an http(s) URL")))?;
        // A host given as an address is never looked up: check it here too.
        self.network.resolve(&host, port).await?;
        let http = aws_smithy_http_client::Builder::new()
            .tls_provider(TlsProvider::Rustls(CryptoMode::Ring))
            .build_with_resolver(CheckedNames { network: self.network.clone(), port });
        let key = self.props.access_key_id.as_ref().map(|k| k.expose_secret().to_owned()).unwrap_or_default();
        let secret = self.props.secret_access_key.as_ref().map(|k| k.expose_secret().to_owned()).unwrap_or_default();
        let config = aws_sdk_athena::Config::builder()
            .behavior_version(BehaviorVersion::latest())
            .region(Region::new(self.props.region.trim().to_owned()))
            .credentials_provider(Credentials::new(key, secret, None, None, "quarry"))
            .http_client(http)
            .endpoint_url(endpoint)
            .retry_config(aws_smithy_types::retry::RetryConfig::standard().with_max_attempts(3))
            .timeout_config(
                aws_smithy_types::timeout::TimeoutConfig::builder()
                    .connect_timeout(super::CONNECT_TIMEOUT)
                    .operation_timeout(timeout.min(METADATA_TIMEOUT))
                    .build(),
            )
            .build();
        Ok(Client::from_conf(config))
    }

    /// Starts `sql`, waits for it, and reads at most `row_limit + 1` rows.
    async fn run(&self, sql: &str, row_limit: usize, timeout: Duration, cancel: &tokio_util::sync::CancellationToken) -> Result<PagedRead, ConnectorError> {
        let client = self.client(timeout).await?;
        let mut context = QueryExecutionContext::builder().database(self.props.database.trim()).catalog(self.catalog());
        if self.props.database.trim().is_empty() {
            context = QueryExecutionContext::builder().catalog(self.catalog());
        }
        let mut start = client.start_query_execution().query_string(sql).query_execution_context(context.build()).work_group(self.workgroup());
        if let Some(dir) = self.props.s3_staging_dir.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
            start = start.result_configuration(ResultConfiguration::builder().output_location(dir).build());
        }
        let started = start.send().await.map_err(error)?;
        let id = started.query_execution_id().unwrap_or_default().to_owned();
        let work = async {
            wait(&client, &id).await?;
            read_results(&client, &id, row_limit).await
        };
        let stop = || async {
            let _ = client.stop_query_execution().query_execution_id(&id).send().await;
        };
        supervise(work, timeout, cancel, stop).await
    }

    async fn query_all(&self, sql: &str, row_limit: usize) -> Result<PagedRead, ConnectorError> {
        self.run(sql, row_limit, METADATA_TIMEOUT, &tokio_util::sync::CancellationToken::new()).await
    }
}

/// `https://host:port/…` → (host, port).
fn host_and_port(url: &str) -> Option<(String, u16)> {
    let (scheme, rest) = url.split_once("://")?;
    let default = match scheme.to_ascii_lowercase().as_str() {
        "https" => 443,
        "http" => 80,
        _ => return None,
    };
    let authority = rest.split(['/', '?', '#']).next()?;
    let authority = authority.rsplit_once('@').map_or(authority, |(_, a)| a);
    if let Some(v6) = authority.strip_prefix('[') {
        let (host, after) = v6.split_once(']')?;
        let port = after.strip_prefix(':').map(str::parse).transpose().ok()?.unwrap_or(default);
        return Some((host.to_owned(), port));
    }
    match authority.rsplit_once(':') {
        Some((host, port)) => Some((host.to_owned(), port.parse().ok()?)),
        None => Some((authority.to_owned(), default)),
    }
}

/// Polls the query until it ends: SUCCEEDED, or its reason.
async fn wait(client: &Client, id: &str) -> Result<(), ConnectorError> {
    let mut pause = Duration::from_millis(100);
    loop {
        let polled = client.get_query_execution().query_execution_id(id).send().await.map_err(error)?;
        let status = polled.query_execution().and_then(|q| q.status());
        match status.and_then(|s| s.state()) {
            Some(QueryExecutionState::Succeeded) => return Ok(()),
            Some(QueryExecutionState::Failed) => {
                let reason = status.and_then(|s| s.state_change_reason()).unwrap_or("the query failed");
                return Err(ConnectorError::Query(reason.to_owned()));
            }
            Some(QueryExecutionState::Cancelled) => return Err(ConnectorError::Cancelled),
            _ => {}
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_secs(1));
    }
}

async fn read_results(client: &Client, id: &str, row_limit: usize) -> Result<PagedRead, ConnectorError> {
    let mut read = PagedRead::default();
    let mut budget = ResultBudget::new();
    let mut token: Option<String> = None;
    let mut first = true;
    loop {
        let page = client.get_query_results().query_execution_id(id).max_results(PAGE_ROWS).set_next_token(token.take()).send().await.map_err(error)?;
        let Some(set) = page.result_set() else { break };
        if read.columns.is_empty() {
            read.columns = set
                .result_set_metadata()
                .map(|m| m.column_info().iter().map(|c| ResultColumn::new(c.name(), c.r#type(), families::athena(c.r#type()))).collect())
                .unwrap_or_default();
        }
        let mut rows = set.rows().iter();
        if first {
            // A SELECT's first row is its header: the column labels.
            rows.next();
            first = false;
        }
        for row in rows {
            let values: Vec<Value> = row.data().iter().zip(&read.columns).map(|(d, c)| value_of(d.var_char_value(), c.family)).collect();
            if !read.keep(values, row_limit, &mut budget) {
                break;
            }
        }
        match page.next_token() {
            Some(next) if !read.enough(row_limit) => token = Some(next.to_owned()),
            Some(_) => {
                read.more = true;
                break;
            }
            None => break,
        }
    }
    Ok(read)
}

/// A value Athena wrote as text, typed by its column's family.
fn value_of(text: Option<&str>, family: ColumnTypeFamily) -> Value {
    let Some(text) = text else { return Value::Null };
    match family {
        ColumnTypeFamily::Integer => text.parse::<i64>().map(Value::from).unwrap_or_else(|_| Value::String(text.to_owned())),
        ColumnTypeFamily::Float => text.parse::<f64>().ok().filter(|f| f.is_finite()).map(Value::from).unwrap_or_else(|| Value::String(text.to_owned())),
        ColumnTypeFamily::Boolean => match text {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            other => Value::String(other.to_owned()),
        },
        other => trino::value_of(Value::String(text.to_owned()), other),
    }
}

fn error<E: ProvideErrorMetadata + std::error::Error + 'static>(error: SdkError<E>) -> ConnectorError {
    match &error {
        SdkError::DispatchFailure(_) | SdkError::TimeoutError(_) => ConnectorError::ConnectionRefused(CONNECT_FAILED.into()),
        _ => {
            let message = error.message().map(str::to_owned).unwrap_or_else(|| aws_sdk_athena::error::DisplayErrorContext(&error).to_string());
            match error.code() {
                Some("UnrecognizedClientException" | "InvalidSignatureException" | "AccessDeniedException") => ConnectorError::ConnectionRefused(message),
                _ => ConnectorError::Query(message),
            }
        }
    }
}

#[async_trait]
impl Connector for AthenaConnector {
    fn source_type(&self) -> DataSourceType {
        DataSourceType::Athena
    }

    async fn test(&self) -> Result<(), ConnectorError> {
        self.query_all("SELECT 1", 1).await.map(|_| ())
    }

    async fn tables(&self) -> Result<Vec<SourceTable>, ConnectorError> {
        let client = self.client(METADATA_TIMEOUT).await?;
        let mut tables = Vec::new();
        let mut token: Option<String> = None;
        loop {
            let page = client
                .list_table_metadata()
                .catalog_name(self.catalog())
                .database_name(self.props.database.trim())
                .max_results(50)
                .set_next_token(token.take())
                .send()
                .await
                .map_err(error)?;
            for table in page.table_metadata_list() {
                let columns = table
                    .columns()
                    .iter()
                    .chain(table.partition_keys())
                    .map(|c| {
                        let type_name = c.r#type().unwrap_or_default().to_owned();
                        SourceColumn { name: c.name().to_owned(), family: families::athena(&type_name), type_name, not_null: false, is_primary_key: false }
                    })
                    .collect();
                tables.push(SourceTable { schema: self.props.database.trim().to_owned(), name: table.name().to_owned(), columns });
            }
            match page.next_token() {
                Some(next) => token = Some(next.to_owned()),
                None => break,
            }
        }
        sort_tables(&mut tables);
        Ok(tables)
    }

    /// Athena has no foreign keys: relationships are recommended from names and data.
    async fn foreign_keys(&self) -> Result<Vec<ForeignKey>, ConnectorError> {
        Ok(Vec::new())
    }

    async fn dry_run(&self, sql: &str) -> Result<Vec<ResultColumn>, ConnectorError> {
        Ok(self.query_all(&columns_only(statement_body(sql)?), 0).await?.columns)
    }

    async fn query(&self, sql: &str, options: QueryOptions) -> Result<QueryResult, ConnectorError> {
        let body = statement_body(sql)?;
        Ok(self.run(body, options.row_limit, options.timeout, &options.cancel).await?.into_result(options.row_limit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoints_name_their_host_and_port() {
        assert_eq!(host_and_port("https://athena.eu-west-1.amazonaws.com"), Some(("athena.eu-west-1.amazonaws.com".into(), 443)));
        assert_eq!(host_and_port("http://127.0.0.1:4566/"), Some(("127.0.0.1".into(), 4566)));
        assert_eq!(host_and_port("http://[::1]:9000"), Some(("::1".into(), 9000)));
        assert_eq!(host_and_port("ftp://x"), None);
    }

    #[test]
    fn text_values_are_typed_by_family() {
        assert_eq!(value_of(Some("42"), ColumnTypeFamily::Integer), Value::from(42));
        assert_eq!(value_of(Some("2.5"), ColumnTypeFamily::Float), Value::from(2.5));
        assert_eq!(value_of(Some("NaN"), ColumnTypeFamily::Float), Value::from("NaN"));
        assert_eq!(value_of(Some("true"), ColumnTypeFamily::Boolean), Value::Bool(true));
        assert_eq!(value_of(Some("12.50"), ColumnTypeFamily::Decimal), Value::from("12.50"));
        assert_eq!(value_of(Some("2024-01-31 13:45:00.500"), ColumnTypeFamily::Timestamp), Value::from("2024-01-31T13:45:00.500"));
        assert_eq!(value_of(None, ColumnTypeFamily::Text), Value::Null);
    }
}
