//! Connection settings per data source type, read from the JSON the api stores, and the
//! split between plain settings and secrets.
//!
//! Settings are camelCase JSON objects; unknown keys are ignored. Secrets (`password`, …) are
//! the keys of [`SECRET_KEYS`]: the api stores them sealed (see [`crate::secrets`]) and never
//! returns them ([`properties_without_secrets`]).

use super::{ConnectorError, DataSourceType};
use secrecy::SecretString;
use serde::{Deserialize, Deserializer, de::DeserializeOwned};
use serde_json::{Map, Value};
use std::{fmt, path::PathBuf};

/// The setting keys that hold secrets, for every data source type.
pub const SECRET_KEYS: &[&str] = &["password", "credentials", "accessKeyId", "secretAccessKey", "privateKey", "privateKeyPassphrase", "token"];

pub fn is_secret_key(key: &str) -> bool {
    SECRET_KEYS.contains(&key)
}

/// The settings as they may be shown: every secret key removed.
pub fn properties_without_secrets(properties: &Value) -> Value {
    split_secrets(properties).0
}

/// (plain settings, secrets): the two parts the api stores apart.
pub fn split_secrets(properties: &Value) -> (Value, Map<String, Value>) {
    let Value::Object(map) = properties else {
        return (properties.clone(), Map::new());
    };
    let mut plain = Map::new();
    let mut secrets = Map::new();
    for (key, value) in map {
        if is_secret_key(key) {
            secrets.insert(key.clone(), value.clone());
        } else {
            plain.insert(key.clone(), value.clone());
        }
    }
    (Value::Object(plain), secrets)
}

/// The full settings again: `secrets` laid over the plain settings.
pub fn merge_secrets(plain: &Value, secrets: &Map<String, Value>) -> Value {
    let mut merged = match plain {
        Value::Object(map) => map.clone(),
        _ => Map::new(),
    };
    for (key, value) in secrets {
        merged.insert(key.clone(), value.clone());
    }
    Value::Object(merged)
}

/// POSTGRES and REDSHIFT.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PostgresProperties {
    pub host: String,
    /// Default 5432 (Postgres) or 5439 (Redshift).
    #[serde(default, deserialize_with = "port")]
    pub port: Option<u16>,
    pub database: String,
    #[serde(alias = "username")]
    pub user: String,
    #[serde(default)]
    pub password: Option<SecretString>,
    /// The schemas to read tables from; empty means every non-system schema.
    #[serde(default, deserialize_with = "string_list")]
    pub schemas: Vec<String>,
    /// true: TLS required (no certificate check, like libpq's `require`); false: TLS when offered.
    #[serde(default, deserialize_with = "flag")]
    pub ssl: bool,
}

/// MYSQL (MySQL and MariaDB).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MySqlProperties {
    pub host: String,
    /// Default 3306.
    #[serde(default, deserialize_with = "port")]
    pub port: Option<u16>,
    pub database: String,
    #[serde(alias = "username")]
    pub user: String,
    #[serde(default)]
    pub password: Option<SecretString>,
    #[serde(default, deserialize_with = "flag")]
    pub ssl: bool,
}

/// TRINO: a coordinator's HTTP address, the catalog and schema questions read, and who asks.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TrinoProperties {
    pub host: String,
    /// Default 8080 (443 with `ssl`).
    #[serde(default, deserialize_with = "port")]
    pub port: Option<u16>,
    pub catalog: String,
    pub schema: String,
    #[serde(alias = "username")]
    pub user: String,
    /// Sent with HTTP basic authentication, only over HTTPS.
    #[serde(default)]
    pub password: Option<SecretString>,
    /// true: HTTPS.
    #[serde(default, deserialize_with = "flag")]
    pub ssl: bool,
}

/// CLICK_HOUSE: a server's HTTP interface, the database questions read, and who asks.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClickHouseProperties {
    pub host: String,
    /// Default 8123 (8443 with `ssl`).
    #[serde(default, deserialize_with = "port")]
    pub port: Option<u16>,
    pub database: String,
    /// Default `default`, ClickHouse's own first user.
    #[serde(default, alias = "username")]
    pub user: Option<String>,
    #[serde(default)]
    pub password: Option<SecretString>,
    /// true: HTTPS.
    #[serde(default, deserialize_with = "flag")]
    pub ssl: bool,
}

/// ATHENA: a region, the database (and catalog and workgroup) questions read, where results
/// are staged, and the IAM access key calls are signed with.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AthenaProperties {
    pub region: String,
    pub database: String,
    /// Default `AwsDataCatalog`.
    #[serde(default)]
    pub catalog: Option<String>,
    /// Default `primary`.
    #[serde(default)]
    pub workgroup: Option<String>,
    /// `s3://bucket/prefix/`; none: the workgroup's own.
    #[serde(default)]
    pub s3_staging_dir: Option<String>,
    #[serde(default)]
    pub access_key_id: Option<SecretString>,
    #[serde(default)]
    pub secret_access_key: Option<SecretString>,
    /// An endpoint other than the region's (a VPC endpoint): a host the network policy checks.
    #[serde(default)]
    pub endpoint: Option<String>,
}

/// SNOWFLAKE: the account, where statements run (warehouse, database, schema, role), and a
/// programmatic access token (or OAuth token) calls carry.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnowflakeProperties {
    /// `xy12345.eu-west-1`, or an organisation-account name: it names the host.
    pub account: String,
    #[serde(default)]
    pub warehouse: Option<String>,
    pub database: String,
    pub schema: String,
    #[serde(default, alias = "username")]
    pub user: Option<String>,
    #[serde(default)]
    pub token: Option<SecretString>,
    #[serde(default)]
    pub role: Option<String>,
    /// Another host than the account's (a private link): checked by the network policy.
    #[serde(default)]
    pub host: Option<String>,
    #[serde(default, deserialize_with = "port")]
    pub port: Option<u16>,
}

/// DUCKDB: a database file on the Quarry server, opened read-only.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DuckDbProperties {
    pub path: PathBuf,
}

/// CSV: no settings of its own. The source is the DuckDB file `csv.duckdb` the CSV import
/// writes in the project's directory, which the caller supplies (never the user).
#[derive(Debug, Clone)]
pub struct CsvProperties;

impl CsvProperties {
    pub const DATABASE_FILE: &'static str = "csv.duckdb";
}

/// The settings of one data source, typed.
#[derive(Clone)]
pub enum ConnectionProperties {
    Postgres(PostgresProperties),
    Redshift(PostgresProperties),
    Mysql(MySqlProperties),
    Trino(TrinoProperties),
    ClickHouse(ClickHouseProperties),
    Athena(AthenaProperties),
    Snowflake(SnowflakeProperties),
    Duckdb(DuckDbProperties),
    /// Whatever settings were given are ignored (see [`CsvProperties`]).
    Csv,
    /// A type without a connector yet: its settings are kept as given.
    Other {
        source_type: DataSourceType,
        properties: Value,
    },
}

impl fmt::Debug for ConnectionProperties {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Postgres(p) => f.debug_tuple("Postgres").field(p).finish(),
            Self::Redshift(p) => f.debug_tuple("Redshift").field(p).finish(),
            Self::Mysql(p) => f.debug_tuple("Mysql").field(p).finish(),
            Self::Trino(p) => f.debug_tuple("Trino").field(p).finish(),
            Self::ClickHouse(p) => f.debug_tuple("ClickHouse").field(p).finish(),
            Self::Athena(p) => f.debug_tuple("Athena").field(p).finish(),
            Self::Snowflake(p) => f.debug_tuple("Snowflake").field(p).finish(),
            Self::Duckdb(p) => f.debug_tuple("Duckdb").field(p).finish(),
            Self::Csv => f.write_str("Csv"),
            Self::Other { source_type, properties } => {
                f.debug_struct("Other").field("source_type", source_type).field("properties", &properties_without_secrets(properties)).finish()
            }
        }
    }
}

impl ConnectionProperties {
    /// Reads and checks the settings of a `source_type` data source.
    pub fn parse(source_type: DataSourceType, properties: &Value) -> Result<Self, ConnectorError> {
        let Value::Object(map) = properties else {
            return Err(ConnectorError::InvalidProperties("the connection settings must be a JSON object".into()));
        };
        // Checked before serde, whose type errors quote the offending value.
        for (key, value) in map {
            if is_secret_key(key) && !(value.is_string() || value.is_null() || key == "credentials") {
                return Err(ConnectorError::InvalidProperties(format!("{key} must be a string")));
            }
        }
        Ok(match source_type {
            DataSourceType::Postgres => Self::Postgres(checked_postgres(read(properties)?)?),
            DataSourceType::Redshift => Self::Redshift(checked_postgres(read(properties)?)?),
            DataSourceType::Mysql => {
                let p: MySqlProperties = read(properties)?;
                required("host", &p.host)?;
                required("database", &p.database)?;
                required("user", &p.user)?;
                Self::Mysql(p)
            }
            DataSourceType::Trino => {
                let mut p: TrinoProperties = read(properties)?;
                for (name, value) in [("host", &p.host), ("catalog", &p.catalog), ("schema", &p.schema), ("user", &p.user)] {
                    required(name, value)?;
                }
                if p.password.is_some() && !p.ssl {
                    return Err(ConnectorError::InvalidProperties("a password is sent only over SSL: turn SSL on".into()));
                }
                p.host = p.host.trim().to_string();
                Self::Trino(p)
            }
            DataSourceType::ClickHouse => {
                let mut p: ClickHouseProperties = read(properties)?;
                required("host", &p.host)?;
                required("database", &p.database)?;
                p.host = p.host.trim().to_string();
                Self::ClickHouse(p)
            }
            DataSourceType::Athena => {
                let p: AthenaProperties = read(properties)?;
                required("region", &p.region)?;
                required("database", &p.database)?;
                // The region names the endpoint's host: nothing but a region's letters.
                if p.region.trim().len() > 30 || !p.region.trim().chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
                    return Err(ConnectorError::InvalidProperties(format!("{:?} is not an AWS region", p.region.trim())));
                }
                if p.access_key_id.is_none() || p.secret_access_key.is_none() {
                    return Err(ConnectorError::InvalidProperties("the AWS access key id and secret access key are required".into()));
                }
                Self::Athena(p)
            }
            DataSourceType::Snowflake => {
                let p: SnowflakeProperties = read(properties)?;
                for (name, value) in [("account", &p.account), ("database", &p.database), ("schema", &p.schema)] {
                    required(name, value)?;
                }
                // The account names the host: nothing but an account's characters.
                if !p.account.trim().chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')) {
                    return Err(ConnectorError::InvalidProperties(format!("{:?} is not a Snowflake account", p.account.trim())));
                }
                if p.token.is_none() {
                    return Err(ConnectorError::InvalidProperties("a programmatic access token is required".into()));
                }
                Self::Snowflake(p)
            }
            DataSourceType::Duckdb => {
                let p: DuckDbProperties = read(properties)?;
                required("path", &p.path.to_string_lossy())?;
                Self::Duckdb(p)
            }
            DataSourceType::Csv => Self::Csv,
            other => Self::Other { source_type: other, properties: properties.clone() },
        })
    }

    /// Where the secrets go: a stored password may be sent again only while this is unchanged
    /// (host, port and database; a DuckDB file's path; every plain setting of other types).
    pub fn endpoint(&self) -> String {
        let server = |host: &str, port: Option<u16>, default: u16, database: &str| {
            format!("{}:{}/{}", host.trim().trim_end_matches('.').to_ascii_lowercase(), port.unwrap_or(default), database.trim())
        };
        match self {
            Self::Postgres(p) => server(&p.host, p.port, 5432, &p.database),
            Self::Redshift(p) => server(&p.host, p.port, 5439, &p.database),
            Self::Mysql(p) => server(&p.host, p.port, 3306, &p.database),
            Self::Trino(p) => server(&p.host, p.port, if p.ssl { 443 } else { 8080 }, &format!("{}.{}", p.catalog.trim(), p.schema.trim())),
            Self::ClickHouse(p) => server(&p.host, p.port, if p.ssl { 8443 } else { 8123 }, &p.database),
            Self::Snowflake(p) => format!("{}|{}|{}", p.account.trim().to_ascii_lowercase(), p.host.as_deref().unwrap_or_default().trim(), p.database.trim()),
            Self::Athena(p) => format!("{}|{}|{}", p.region.trim(), p.endpoint.as_deref().unwrap_or_default().trim(), p.database.trim()),
            Self::Duckdb(p) => p.path.to_string_lossy().trim().to_owned(),
            Self::Csv => String::new(),
            Self::Other { properties, .. } => properties_without_secrets(properties).to_string(),
        }
    }

    pub fn source_type(&self) -> DataSourceType {
        match self {
            Self::Postgres(_) => DataSourceType::Postgres,
            Self::Redshift(_) => DataSourceType::Redshift,
            Self::Mysql(_) => DataSourceType::Mysql,
            Self::Trino(_) => DataSourceType::Trino,
            Self::ClickHouse(_) => DataSourceType::ClickHouse,
            Self::Athena(_) => DataSourceType::Athena,
            Self::Snowflake(_) => DataSourceType::Snowflake,
            Self::Duckdb(_) => DataSourceType::Duckdb,
            Self::Csv => DataSourceType::Csv,
            Self::Other { source_type, .. } => *source_type,
        }
    }
}

fn read<T: DeserializeOwned>(properties: &Value) -> Result<T, ConnectorError> {
    T::deserialize(properties).map_err(|e| ConnectorError::InvalidProperties(e.to_string()))
}

fn required(name: &str, value: &str) -> Result<(), ConnectorError> {
    if value.trim().is_empty() {
        return Err(ConnectorError::InvalidProperties(format!("{name} is required")));
    }
    Ok(())
}

fn checked_postgres(mut p: PostgresProperties) -> Result<PostgresProperties, ConnectorError> {
    required("host", &p.host)?;
    required("database", &p.database)?;
    required("user", &p.user)?;
    p.host = p.host.trim().to_string();
    Ok(p)
}

/// A port as a number or a numeric string (forms send either).
fn port<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u16>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Port {
        Number(u64),
        Text(String),
    }
    let invalid = || serde::de::Error::custom("port must be a number between 1 and 65535");
    match Option::<Port>::deserialize(d)? {
        None => Ok(None),
        Some(Port::Number(n)) => u16::try_from(n).ok().filter(|n| *n > 0).map(Some).ok_or_else(invalid),
        Some(Port::Text(s)) if s.trim().is_empty() => Ok(None),
        Some(Port::Text(s)) => s.trim().parse::<u16>().ok().filter(|n| *n > 0).map(Some).ok_or_else(invalid),
    }
}

/// A list of names, or one comma-separated string.
fn string_list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum List {
        Many(Vec<String>),
        One(String),
    }
    let items = match Option::<List>::deserialize(d)? {
        None => Vec::new(),
        Some(List::Many(v)) => v,
        Some(List::One(s)) => s.split(',').map(str::to_string).collect(),
    };
    Ok(items.into_iter().map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect())
}

/// A boolean, also as "true"/"false" text; absent or null is false.
fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Flag {
        Bool(bool),
        Text(String),
    }
    match Option::<Flag>::deserialize(d)? {
        None => Ok(false),
        Some(Flag::Bool(b)) => Ok(b),
        Some(Flag::Text(s)) => match s.trim().to_ascii_lowercase().as_str() {
            "true" | "1" | "yes" | "on" => Ok(true),
            "false" | "0" | "no" | "off" | "" => Ok(false),
            _ => Err(serde::de::Error::custom("ssl must be true or false")),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn postgres_settings_parse_with_defaults() {
        let p = ConnectionProperties::parse(
            DataSourceType::Postgres,
            &json!({"host": " db ", "port": "6543", "database": "d", "user": "u", "password": "hunter2",
                    "schemas": "a, b,,", "extra": 1}),
        )
        .unwrap();
        let ConnectionProperties::Postgres(p) = p else { panic!() };
        assert_eq!(p.host, "db");
        assert_eq!(p.port, Some(6543));
        assert_eq!(p.schemas, ["a", "b"]);
        assert!(!p.ssl);
        let debug = format!("{p:?}");
        assert!(!debug.contains("hunter2"), "{debug}");
    }

    #[test]
    fn bad_settings_are_reported_without_secrets() {
        let err = ConnectionProperties::parse(DataSourceType::Mysql, &json!({"host": "h", "database": "d", "user": "u", "password": 123456})).unwrap_err();
        assert!(matches!(err, ConnectorError::InvalidProperties(_)));
        assert!(!err.to_string().contains("123456"), "{err}");
        let err = ConnectionProperties::parse(DataSourceType::Postgres, &json!({"host": "h", "database": "d"})).unwrap_err();
        assert!(err.to_string().contains("user"), "{err}");
        let err = ConnectionProperties::parse(DataSourceType::Postgres, &json!({"host": "", "database": "d", "user": "u"})).unwrap_err();
        assert_eq!(err.to_string(), "invalid connection settings: host is required");
        let err = ConnectionProperties::parse(DataSourceType::Postgres, &json!({"host": "h", "database": "d", "user": "u", "port": 70000})).unwrap_err();
        assert!(err.to_string().contains("port"), "{err}");
        assert!(ConnectionProperties::parse(DataSourceType::Duckdb, &json!([])).is_err());
    }

    #[test]
    fn other_types_keep_their_settings_and_hide_secrets_in_debug() {
        let p = ConnectionProperties::parse(DataSourceType::BigQuery, &json!({"projectId": "xy", "datasetId": "d", "credentials": "hunter2"})).unwrap();
        assert_eq!(p.source_type(), DataSourceType::BigQuery);
        let debug = format!("{p:?}");
        assert!(debug.contains("xy") && !debug.contains("hunter2"), "{debug}");
    }

    #[test]
    fn a_snowflake_token_is_never_shown_and_its_account_only_names_an_account() {
        let p =
            ConnectionProperties::parse(DataSourceType::Snowflake, &json!({"account": "xy12345", "database": "d", "schema": "s", "token": "hunter2"})).unwrap();
        let debug = format!("{p:?}");
        assert!(debug.contains("xy12345") && !debug.contains("hunter2"), "{debug}");
        let odd = ConnectionProperties::parse(DataSourceType::Snowflake, &json!({"account": "evil.com/x?", "database": "d", "schema": "s", "token": "t"}));
        assert!(odd.unwrap_err().to_string().contains("not a Snowflake account"));
        let tokenless = ConnectionProperties::parse(DataSourceType::Snowflake, &json!({"account": "xy", "database": "d", "schema": "s"}));
        assert!(tokenless.unwrap_err().to_string().contains("token"));
    }

    #[test]
    fn secrets_split_and_merge() {
        let props = json!({"host": "h", "password": "p", "credentials": {"k": 1}, "user": "u"});
        assert_eq!(properties_without_secrets(&props), json!({"host": "h", "user": "u"}));
        let (plain, secrets) = split_secrets(&props);
        assert_eq!(secrets.len(), 2);
        assert_eq!(merge_secrets(&plain, &secrets), props);
    }
}
