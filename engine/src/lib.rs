//! The semantic layer (MDL, compiler, SQL safety) and the data-source connectors.
//!
//! - [`mdl`]: the semantic model; [`compile`]: SQL over models → the source's dialect, and
//!   the read-only check every query passes first.
//! - [`connectors`]: one [`connectors::Connector`] per data source type (Postgres/Redshift,
//!   MySQL/MariaDB, DuckDB files, CSV uploads), column type families, connection settings.
//! - [`csv_import`]: CSV files into a project's CSV database.
//! - [`sample_datasets`]: the ECOMMERCE, HR, MUSIC and NBA sample databases.
//! - [`network`]: where tenant-given hosts and URLs may lead.
//! - [`secrets`]: encryption of data-source secrets at rest.

pub mod answer;
pub mod compile;
pub mod connectors;
pub mod cpu;
pub mod csv_import;
pub mod mdl;
pub mod network;
pub mod question;
pub mod sample_datasets;
pub mod secrets;

pub use connectors::{
    ColumnTypeFamily, Connector, ConnectorError, DataSourceType, ForeignKey, QueryOptions, QueryResult, ResultColumn, SourceColumn, SourcePolicy, SourceTable,
    connect,
};
