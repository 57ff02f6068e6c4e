//! The four sample datasets a project can start from: each a DuckDB database built from data
//! shipped in the binary (MUSIC: the Chinook music store, with its original names) or
//! generated from a fixed seed (ECOMMERCE, HR, NBA), with descriptions of every table and
//! column, their relationships and three questions to ask first.
//!
//! A dataset is declared once ([`SampleTable`]s with columns, keys and descriptions); the
//! DDL, the relationships and the models' metadata all come from that declaration.

mod ecommerce;
mod generate;
mod hr;
mod music;
mod nba;

use crate::ConnectorError;
use duckdb::{Config, Connection};
use std::{fmt, path::Path, str::FromStr};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SampleDataset {
    Ecommerce,
    Hr,
    Music,
    Nba,
}

impl SampleDataset {
    pub const ALL: [Self; 4] = [Self::Ecommerce, Self::Hr, Self::Music, Self::Nba];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Ecommerce => "ECOMMERCE",
            Self::Hr => "HR",
            Self::Music => "MUSIC",
            Self::Nba => "NBA",
        }
    }

    pub fn info(self) -> SampleInfo {
        match self {
            Self::Ecommerce => ecommerce::INFO,
            Self::Hr => hr::INFO,
            Self::Music => music::INFO,
            Self::Nba => nba::INFO,
        }
    }

    /// Every table, in an order where parents come before the tables that refer to them.
    pub fn tables(self) -> &'static [SampleTable] {
        match self {
            Self::Ecommerce => ecommerce::TABLES,
            Self::Hr => hr::TABLES,
            Self::Music => music::TABLES,
            Self::Nba => nba::TABLES,
        }
    }

    /// Calculated fields the dataset's models ship with: the measures business users mean
    /// (revenue as price × quantity), so a newcomer's first questions have them.
    pub fn calculated_fields(self) -> &'static [SampleCalculatedField] {
        match self {
            Self::Music => &[SampleCalculatedField {
                table: "InvoiceLine",
                name: "Revenue",
                sql_type: "DECIMAL(10,2)",
                expression: "UnitPrice * Quantity",
                description: "Money taken for the line: unit price times quantity, in US dollars.",
                money: true,
            }],
            Self::Ecommerce => &[SampleCalculatedField {
                table: "order_items",
                name: "revenue",
                sql_type: "DECIMAL(12,2)",
                expression: "quantity * unit_price * (1 - discount)",
                description: "Money taken for the line after its discount: quantity times unit price times (1 - discount).",
                money: true,
            }],
            Self::Hr | Self::Nba => &[],
        }
    }

    /// One relationship per foreign key: MANY_TO_ONE from the referring table, ONE_TO_ONE
    /// when the referring column is the table's whole primary key.
    pub fn relationships(self) -> Vec<SampleRelationship> {
        self.tables()
            .iter()
            .flat_map(|table| {
                table.foreign_keys.iter().map(move |fk| SampleRelationship {
                    from_table: table.name,
                    from_column: fk.column,
                    to_table: fk.table,
                    to_column: fk.references,
                    kind: if table.primary_key == [fk.column] { SampleRelationKind::OneToOne } else { SampleRelationKind::ManyToOne },
                })
            })
            .collect()
    }

    /// Writes the dataset as a DuckDB database at `path`. Atomic: built in a sibling file
    /// and renamed, so a crash never leaves half a database; the same data every time.
    /// Blocking.
    pub fn build(self, path: &Path) -> Result<(), ConnectorError> {
        let failed = |e: &dyn fmt::Display| ConnectorError::Query(format!("building the {} sample: {e}", self.as_str()));
        let dir = path.parent().unwrap_or(Path::new("."));
        std::fs::create_dir_all(dir).map_err(|e| failed(&e))?;
        // Built in a directory of its own, so processes sharing the data directory (servers,
        // tests) can build at once; the finished file is renamed into place.
        let staging = tempfile::Builder::new().prefix("quarry-sample-").tempdir_in(dir).map_err(|e| failed(&e))?;
        let partial = staging.path().join("sample.duckdb");
        let outcome = (|| -> Result<(), Box<dyn std::error::Error>> {
            let config = Config::default().enable_autoload_extension(false)?;
            let conn = Connection::open_with_flags(&partial, config)?;
            let data = self.data();
            for table in self.tables() {
                conn.execute_batch(&table.ddl())?;
                let rows = data.iter().find(|(name, _)| *name == table.name).map(|(_, rows)| rows.as_str()).unwrap_or("");
                let file = staging.path().join(format!("{}.csv", table.name));
                std::fs::write(&file, rows)?;
                conn.execute_batch(&format!(
                    "COPY {} FROM '{}' (HEADER, DELIMITER ',', QUOTE '\"', ESCAPE '\"', NULLSTR '')",
                    quote(table.name),
                    file.to_string_lossy().replace('\'', "''")
                ))?;
            }
            conn.execute_batch("CHECKPOINT")?;
            Ok(())
        })();
        if let Err(error) = outcome {
            return Err(failed(&error));
        }
        std::fs::rename(&partial, path).map_err(|e| failed(&e))
    }

    /// Each table's rows as CSV text with a header row.
    fn data(self) -> Vec<(&'static str, String)> {
        match self {
            Self::Ecommerce => ecommerce::data(),
            Self::Hr => hr::data(),
            Self::Music => music::data(),
            Self::Nba => nba::data(),
        }
    }
}

impl fmt::Display for SampleDataset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown sample dataset {0:?}")]
pub struct UnknownSampleDataset(pub String);

impl FromStr for SampleDataset {
    type Err = UnknownSampleDataset;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL.into_iter().find(|d| d.as_str() == s).ok_or_else(|| UnknownSampleDataset(s.to_owned()))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SampleInfo {
    pub display_name: &'static str,
    pub description: &'static str,
    pub questions: [&'static str; 3],
}

#[derive(Debug)]
pub struct SampleTable {
    pub name: &'static str,
    pub description: &'static str,
    pub columns: &'static [SampleColumn],
    pub primary_key: &'static [&'static str],
    pub foreign_keys: &'static [SampleForeignKey],
}

/// A calculated field of a sample's model: an expression over the table's own columns.
#[derive(Debug)]
pub struct SampleCalculatedField {
    pub table: &'static str,
    pub name: &'static str,
    pub sql_type: &'static str,
    pub expression: &'static str,
    pub description: &'static str,
    /// An amount of US dollars (formatted as such in answers).
    pub money: bool,
}

#[derive(Debug)]
pub struct SampleColumn {
    pub name: &'static str,
    /// DuckDB type, with `NOT NULL` where it applies.
    pub sql_type: &'static str,
    pub description: &'static str,
    /// An amount of US dollars (formatted as such in answers).
    pub money: bool,
}

#[derive(Debug)]
pub struct SampleForeignKey {
    pub column: &'static str,
    pub table: &'static str,
    pub references: &'static str,
    /// Declared in the DDL. A key into the table's own rows (`Employee.ReportsTo`) is not:
    /// DuckDB checks each row of a bulk `COPY` against the rows already stored, so a
    /// manager listed after a report would fail the load; such keys are relationships only.
    pub declared: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SampleRelationKind {
    ManyToOne,
    OneToOne,
}

impl SampleRelationKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::ManyToOne => "MANY_TO_ONE",
            Self::OneToOne => "ONE_TO_ONE",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SampleRelationship {
    pub from_table: &'static str,
    pub from_column: &'static str,
    pub to_table: &'static str,
    pub to_column: &'static str,
    pub kind: SampleRelationKind,
}

impl SampleTable {
    fn ddl(&self) -> String {
        let mut parts: Vec<String> = self.columns.iter().map(|c| format!("{} {}", quote(c.name), c.sql_type)).collect();
        if !self.primary_key.is_empty() {
            let key: Vec<String> = self.primary_key.iter().map(|c| quote(c)).collect();
            parts.push(format!("PRIMARY KEY ({})", key.join(", ")));
        }
        for fk in self.foreign_keys.iter().filter(|fk| fk.declared) {
            parts.push(format!("FOREIGN KEY ({}) REFERENCES {} ({})", quote(fk.column), quote(fk.table), quote(fk.references)));
        }
        format!("CREATE TABLE {} (\n  {}\n)", quote(self.name), parts.join(",\n  "))
    }

    pub fn column(&self, name: &str) -> Option<&SampleColumn> {
        self.columns.iter().find(|c| c.name == name)
    }
}

fn quote(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// Declaration shorthands for the dataset modules.
const fn col(name: &'static str, sql_type: &'static str, description: &'static str) -> SampleColumn {
    SampleColumn { name, sql_type, description, money: false }
}

/// A column of amounts in US dollars.
const fn dollars(name: &'static str, sql_type: &'static str, description: &'static str) -> SampleColumn {
    SampleColumn { name, sql_type, description, money: true }
}

const fn fk(column: &'static str, table: &'static str, references: &'static str) -> SampleForeignKey {
    SampleForeignKey { column, table, references, declared: true }
}

/// A relationship the load does not declare (a key into the table's own rows).
const fn soft_fk(column: &'static str, table: &'static str, references: &'static str) -> SampleForeignKey {
    SampleForeignKey { column, table, references, declared: false }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_every_table_and_column_is_described() {
        for dataset in SampleDataset::ALL {
            assert_eq!(dataset.as_str().parse::<SampleDataset>().unwrap(), dataset);
            let info = dataset.info();
            assert!(!info.display_name.is_empty() && !info.description.is_empty());
            assert!(info.questions.iter().all(|q| q.ends_with('?')), "{dataset}: {:?}", info.questions);
            for table in dataset.tables() {
                assert!(!table.description.is_empty(), "{dataset}.{}", table.name);
                for column in table.columns {
                    assert!(!column.description.is_empty(), "{dataset}.{}.{}", table.name, column.name);
                }
                for key in table.primary_key {
                    assert!(table.column(key).is_some(), "{dataset}.{} key {key}", table.name);
                }
            }
            for rel in dataset.relationships() {
                let from = dataset.tables().iter().position(|t| t.name == rel.from_table).unwrap();
                let to = dataset.tables().iter().position(|t| t.name == rel.to_table);
                let to = to.unwrap_or_else(|| panic!("{dataset}: {} refers to unknown {}", rel.from_table, rel.to_table));
                assert!(to <= from, "{dataset}: {} must come before {}", rel.to_table, rel.from_table);
                assert!(dataset.tables()[from].column(rel.from_column).is_some());
                assert!(dataset.tables()[to].column(rel.to_column).is_some());
            }
        }
        assert!("SALES".parse::<SampleDataset>().is_err());
    }
}
