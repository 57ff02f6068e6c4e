//! The data source types of PRODUCT.md §3.

use super::families::{self, ColumnTypeFamily};
use serde::{Deserialize, Serialize};
use std::{fmt, str::FromStr};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum DataSourceType {
    Athena,
    BigQuery,
    ClickHouse,
    Csv,
    Duckdb,
    Mssql,
    Mysql,
    Oracle,
    Postgres,
    Redshift,
    Snowflake,
    Trino,
}

impl DataSourceType {
    pub const ALL: [DataSourceType; 12] = [
        Self::Athena,
        Self::BigQuery,
        Self::ClickHouse,
        Self::Csv,
        Self::Duckdb,
        Self::Mssql,
        Self::Mysql,
        Self::Oracle,
        Self::Postgres,
        Self::Redshift,
        Self::Snowflake,
        Self::Trino,
    ];

    /// The stored and GraphQL name: `BIG_QUERY`, `POSTGRES`, …
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Athena => "ATHENA",
            Self::BigQuery => "BIG_QUERY",
            Self::ClickHouse => "CLICK_HOUSE",
            Self::Csv => "CSV",
            Self::Duckdb => "DUCKDB",
            Self::Mssql => "MSSQL",
            Self::Mysql => "MYSQL",
            Self::Oracle => "ORACLE",
            Self::Postgres => "POSTGRES",
            Self::Redshift => "REDSHIFT",
            Self::Snowflake => "SNOWFLAKE",
            Self::Trino => "TRINO",
        }
    }

    /// The product's name for it, as users know it.
    pub fn display_name(self) -> &'static str {
        match self {
            Self::Athena => "Amazon Athena",
            Self::BigQuery => "BigQuery",
            Self::ClickHouse => "ClickHouse",
            Self::Csv => "CSV",
            Self::Duckdb => "DuckDB",
            Self::Mssql => "SQL Server",
            Self::Mysql => "MySQL",
            Self::Oracle => "Oracle",
            Self::Postgres => "PostgreSQL",
            Self::Redshift => "Amazon Redshift",
            Self::Snowflake => "Snowflake",
            Self::Trino => "Trino",
        }
    }

    /// Whether Quarry has a connector for it (the others only store their settings).
    pub fn is_supported(self) -> bool {
        matches!(
            self,
            Self::Postgres | Self::Redshift | Self::Mysql | Self::Trino | Self::ClickHouse | Self::Athena | Self::Snowflake | Self::Duckdb | Self::Csv
        )
    }

    /// The family of one of this source's type names.
    pub fn column_family(self, type_name: &str) -> ColumnTypeFamily {
        match self {
            Self::Postgres | Self::Redshift => families::postgres(type_name),
            Self::Mysql => families::mysql(type_name),
            Self::Duckdb | Self::Csv => families::duckdb(type_name),
            Self::Trino => families::trino(type_name),
            Self::Athena => families::athena(type_name),
            Self::ClickHouse => families::clickhouse(type_name),
            Self::Snowflake => families::snowflake(type_name),
            _ => families::generic(type_name),
        }
    }
}

impl fmt::Display for DataSourceType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown data source type {0:?}")]
pub struct UnknownDataSourceType(pub String);

impl FromStr for DataSourceType {
    type Err = UnknownDataSourceType;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL.into_iter().find(|t| t.as_str().eq_ignore_ascii_case(s)).ok_or_else(|| UnknownDataSourceType(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for t in DataSourceType::ALL {
            assert_eq!(serde_json::to_value(t).unwrap(), t.as_str());
            assert_eq!(t.as_str().parse::<DataSourceType>().unwrap(), t);
            assert_eq!(serde_json::from_value::<DataSourceType>(t.as_str().into()).unwrap(), t);
        }
        assert_eq!(DataSourceType::BigQuery.as_str(), "BIG_QUERY");
        assert_eq!(DataSourceType::ClickHouse.as_str(), "CLICK_HOUSE");
        assert!("SQLITE".parse::<DataSourceType>().is_err());
    }
}
