//! Column type families (PRODUCT.md §3) and, per SQL dialect, the family of a source type name.

use serde::{Deserialize, Serialize};
use std::fmt;

/// What kind of value a column holds, whatever the source calls its type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ColumnTypeFamily {
    Boolean,
    Integer,
    Decimal,
    Float,
    Text,
    Timestamp,
    Timestamptz,
    Date,
    Interval,
    Json,
    Record,
    Oid,
    Binary,
    Uuid,
    Inet,
    Unknown,
}

impl ColumnTypeFamily {
    pub const ALL: [ColumnTypeFamily; 16] = [
        Self::Boolean,
        Self::Integer,
        Self::Decimal,
        Self::Float,
        Self::Text,
        Self::Timestamp,
        Self::Timestamptz,
        Self::Date,
        Self::Interval,
        Self::Json,
        Self::Record,
        Self::Oid,
        Self::Binary,
        Self::Uuid,
        Self::Inet,
        Self::Unknown,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Boolean => "BOOLEAN",
            Self::Integer => "INTEGER",
            Self::Decimal => "DECIMAL",
            Self::Float => "FLOAT",
            Self::Text => "TEXT",
            Self::Timestamp => "TIMESTAMP",
            Self::Timestamptz => "TIMESTAMPTZ",
            Self::Date => "DATE",
            Self::Interval => "INTERVAL",
            Self::Json => "JSON",
            Self::Record => "RECORD",
            Self::Oid => "OID",
            Self::Binary => "BINARY",
            Self::Uuid => "UUID",
            Self::Inet => "INET",
            Self::Unknown => "UNKNOWN",
        }
    }
}

impl fmt::Display for ColumnTypeFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A type name in lower case, without length/precision arguments and with single spaces:
/// `"Character Varying(20)"` → `"character varying"`. The second value says whether the
/// name was an array (`int4[]`, `INTEGER[3]`, `_int4`).
fn normalize(type_name: &str) -> (String, bool) {
    let lower = type_name.trim().to_ascii_lowercase();
    let mut out = String::with_capacity(lower.len());
    let mut depth = 0usize;
    for c in lower.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    let mut array = false;
    let mut base = out.trim();
    while let Some(stripped) = base.strip_suffix(']') {
        match stripped.rfind('[') {
            Some(open) => {
                array = true;
                base = stripped[..open].trim_end();
            }
            None => break,
        }
    }
    let collapsed = base.split_whitespace().collect::<Vec<_>>().join(" ");
    (collapsed, array)
}

/// The opening word of a type name (`"struct(a int)"` → `"struct"`), before any argument.
fn head(type_name: &str) -> String {
    let lower = type_name.trim().to_ascii_lowercase();
    lower.split(['(', ' ', '<']).next().unwrap_or_default().to_string()
}

/// Postgres and Redshift: `format_type()` names (`timestamp(3) with time zone`), their
/// internal names (`timestamptz`, `int4`, `_int4`) and sqlx's (`INT4`, `INT4[]`).
pub fn postgres(type_name: &str) -> ColumnTypeFamily {
    use ColumnTypeFamily::*;
    let (name, array) = normalize(type_name);
    if array || (name.starts_with('_') && name.len() > 1) {
        return Record;
    }
    match name.as_str() {
        "bool" | "boolean" => Boolean,
        "smallint" | "integer" | "bigint" | "int" | "int2" | "int4" | "int8" | "smallserial" | "serial" | "bigserial" | "serial2" | "serial4" | "serial8" => {
            Integer
        }
        "numeric" | "decimal" | "money" => Decimal,
        "real" | "double precision" | "float4" | "float8" | "float" => Float,
        "text"
        | "varchar"
        | "character varying"
        | "character"
        | "char"
        | "bpchar"
        | "\"char\""
        | "name"
        | "citext"
        | "xml"
        | "tsvector"
        | "tsquery"
        | "time"
        | "time without time zone"
        | "timetz"
        | "time with time zone"
        | "bit"
        | "bit varying"
        | "varbit" => Text,
        "timestamp" | "timestamp without time zone" => Timestamp,
        "timestamptz" | "timestamp with time zone" => Timestamptz,
        "date" => Date,
        "interval" => Interval,
        "json" | "jsonb" => Json,
        "record" => Record,
        "oid" | "regclass" | "regproc" | "regprocedure" | "regtype" | "regnamespace" | "regrole" | "regoper" | "regconfig" | "xid" | "xid8" | "cid" | "tid" => {
            Oid
        }
        "bytea" => Binary,
        "uuid" => Uuid,
        "inet" | "cidr" | "macaddr" | "macaddr8" => Inet,
        _ => Unknown,
    }
}

/// MySQL and MariaDB: `COLUMN_TYPE` names (`tinyint(1)`, `int(10) unsigned`,
/// `enum('a','b')`) and sqlx's result names (`BOOLEAN`, `BIGINT UNSIGNED`, `VARBINARY`).
pub fn mysql(type_name: &str) -> ColumnTypeFamily {
    use ColumnTypeFamily::*;
    let lower = type_name.trim().to_ascii_lowercase();
    // A one-digit tinyint and a one-bit bit are MySQL's booleans.
    if lower.starts_with("tinyint(1)") || lower.starts_with("bit(1)") {
        return Boolean;
    }
    let (name, _) = normalize(&lower);
    let name = name.trim_end_matches(" zerofill").trim_end_matches(" unsigned").trim_end_matches(" signed");
    match name {
        "bool" | "boolean" => Boolean,
        "tinyint" | "smallint" | "mediumint" | "int" | "integer" | "bigint" | "year" | "bit" | "int1" | "int2" | "int3" | "int4" | "int8" | "middleint" => {
            Integer
        }
        "decimal" | "numeric" | "dec" | "fixed" => Decimal,
        "float" | "double" | "real" | "double precision" | "float4" | "float8" => Float,
        "char" | "varchar" | "character" | "character varying" | "national char" | "nchar" | "nvarchar" | "tinytext" | "text" | "mediumtext" | "longtext"
        | "long" | "long varchar" | "enum" | "set" | "time" => Text,
        "datetime" => Timestamp,
        "timestamp" => Timestamptz,
        "date" => Date,
        "json" => Json,
        "binary" | "varbinary" | "tinyblob" | "blob" | "mediumblob" | "longblob" | "long varbinary" | "geometry" | "point" | "linestring" | "polygon"
        | "multipoint" | "multilinestring" | "multipolygon" | "geometrycollection" => Binary,
        "uuid" => Uuid,
        "inet4" | "inet6" => Inet,
        _ => Unknown,
    }
}

/// DuckDB (also the CSV sources, which live in a DuckDB file): `DESCRIBE` / `duckdb_columns()`
/// names such as `DECIMAL(18,3)`, `TIMESTAMP WITH TIME ZONE`, `STRUCT(a INTEGER)`, `VARCHAR[]`.
pub fn duckdb(type_name: &str) -> ColumnTypeFamily {
    use ColumnTypeFamily::*;
    let (name, array) = normalize(type_name);
    if array {
        return Record;
    }
    match head(type_name).as_str() {
        "struct" | "map" | "union" | "list" => return Record,
        "enum" => return Text,
        _ => {}
    }
    match name.as_str() {
        "boolean" | "bool" | "logical" => Boolean,
        "tinyint" | "int1" | "smallint" | "int2" | "short" | "integer" | "int4" | "int" | "signed" | "bigint" | "int8" | "long" | "hugeint" | "int128"
        | "utinyint" | "usmallint" | "uinteger" | "ubigint" | "uhugeint" => Integer,
        "decimal" | "numeric" => Decimal,
        "float" | "float4" | "real" | "double" | "float8" => Float,
        "varchar" | "char" | "bpchar" | "text" | "string" | "time" | "time with time zone" | "timetz" | "bit" | "bitstring" | "time_ns" => Text,
        "timestamp" | "datetime" | "timestamp without time zone" | "timestamp_s" | "timestamp_ms" | "timestamp_ns" | "timestamp_us" => Timestamp,
        "timestamp with time zone" | "timestamptz" => Timestamptz,
        "date" => Date,
        "interval" => Interval,
        "json" => Json,
        "blob" | "bytea" | "binary" | "varbinary" | "geometry" => Binary,
        "uuid" => Uuid,
        "inet" => Inet,
        _ => Unknown,
    }
}

/// Trino (and Athena): the names of its type signatures (`varchar(20)`, `decimal(10,2)`,
/// `timestamp(3) with time zone`, `array(integer)`, `row(a integer)`).
pub fn trino(type_name: &str) -> ColumnTypeFamily {
    use ColumnTypeFamily::*;
    match head(type_name).as_str() {
        "array" | "map" | "row" => return Record,
        _ => {}
    }
    let (name, _) = normalize(type_name);
    match name.as_str() {
        "boolean" => Boolean,
        "tinyint" | "smallint" | "integer" | "int" | "bigint" => Integer,
        "decimal" => Decimal,
        "real" | "double" => Float,
        "varchar" | "char" | "time" | "time with time zone" | "ipaddress" => Text,
        "timestamp" => Timestamp,
        "timestamp with time zone" => Timestamptz,
        "date" => Date,
        "interval day to second" | "interval year to month" => Interval,
        "json" => Json,
        "varbinary" => Binary,
        "uuid" => Uuid,
        _ => Unknown,
    }
}

/// Athena: Trino's names in results, the Glue catalog's Hive names for tables (`string`,
/// `int`, `struct<…>`).
pub fn athena(type_name: &str) -> ColumnTypeFamily {
    use ColumnTypeFamily::*;
    match head(type_name).as_str() {
        "struct" => return Record,
        "string" => return Text,
        "int" => return Integer,
        "float" => return Float,
        "binary" => return Binary,
        _ => {}
    }
    trino(type_name)
}

/// Snowflake: `INFORMATION_SCHEMA` names (`NUMBER`, `TEXT`, `TIMESTAMP_NTZ`) and the SQL API's
/// row types (`fixed`, `real`, `text`). A NUMBER is a decimal here; its scale, where known,
/// makes it an integer (the connector decides).
pub fn snowflake(type_name: &str) -> ColumnTypeFamily {
    use ColumnTypeFamily::*;
    let (name, _) = normalize(type_name);
    match name.as_str() {
        "boolean" => Boolean,
        "int" | "integer" | "bigint" | "smallint" | "tinyint" | "byteint" => Integer,
        "number" | "decimal" | "numeric" | "fixed" => Decimal,
        "float" | "float4" | "float8" | "double" | "double precision" | "real" => Float,
        "varchar" | "text" | "string" | "char" | "character" | "time" => Text,
        "date" => Date,
        "timestamp" | "datetime" | "timestamp_ntz" => Timestamp,
        "timestamp_ltz" | "timestamp_tz" => Timestamptz,
        "variant" | "object" | "array" => Json,
        "binary" | "varbinary" => Binary,
        _ => Unknown,
    }
}

/// ClickHouse: its type names as `system.columns` and results give them, wrappers included
/// (`Nullable(Int32)`, `LowCardinality(Nullable(String))`, `DateTime64(3, 'UTC')`,
/// `Decimal(18, 2)`, `Array(UInt8)`). A `DateTime` is a timestamp shown in the session's
/// zone, which the connector sets to UTC.
pub fn clickhouse(type_name: &str) -> ColumnTypeFamily {
    use ColumnTypeFamily::*;
    let mut inner = type_name.trim();
    // Wrappers that change nothing of the family.
    while let Some(rest) = ["Nullable(", "LowCardinality("].iter().find_map(|w| inner.strip_prefix(w)).and_then(|r| r.strip_suffix(')')) {
        inner = rest.trim();
    }
    let head = inner.split(['(', ' ']).next().unwrap_or_default();
    match head {
        "Bool" => Boolean,
        "Int8" | "Int16" | "Int32" | "Int64" | "Int128" | "Int256" | "UInt8" | "UInt16" | "UInt32" | "UInt64" | "UInt128" | "UInt256" => Integer,
        "Float32" | "Float64" | "BFloat16" => Float,
        "Decimal" | "Decimal32" | "Decimal64" | "Decimal128" | "Decimal256" => Decimal,
        "String" | "FixedString" | "Enum8" | "Enum16" | "Enum" | "Time" | "Time64" => Text,
        "Date" | "Date32" => Date,
        "DateTime" | "DateTime32" | "DateTime64" => Timestamp,
        "UUID" => Uuid,
        "IPv4" | "IPv6" => Inet,
        "Array" | "Tuple" | "Map" | "Nested" => Record,
        "JSON" | "Object" | "Dynamic" | "Variant" => Json,
        _ if head.starts_with("Interval") => Interval,
        _ => Unknown,
    }
}

/// Sources without a connector of their own yet: the first dialect that knows the name.
pub fn generic(type_name: &str) -> ColumnTypeFamily {
    [postgres, mysql, duckdb]
        .into_iter()
        .map(|dialect| dialect(type_name))
        .find(|family| *family != ColumnTypeFamily::Unknown)
        .unwrap_or(ColumnTypeFamily::Unknown)
}

#[cfg(test)]
mod tests {
    use super::ColumnTypeFamily::*;

    #[test]
    fn clickhouse_types_are_read_through_their_wrappers() {
        use super::clickhouse;
        for (name, family) in [
            ("Int32", Integer),
            ("Nullable(UInt64)", Integer),
            ("LowCardinality(Nullable(String))", Text),
            ("Decimal(18, 2)", Decimal),
            ("Nullable(Decimal64(3))", Decimal),
            ("DateTime64(3, 'UTC')", Timestamp),
            ("DateTime", Timestamp),
            ("Date32", Date),
            ("Array(Nullable(String))", Record),
            ("Map(String, UInt8)", Record),
            ("Enum8('a' = 1, 'b' = 2)", Text),
            ("IPv6", Inet),
            ("Bool", Boolean),
            ("IntervalDay", Interval),
            ("AggregateFunction(uniq, String)", Unknown),
        ] {
            assert_eq!(clickhouse(name), family, "{name}");
        }
    }
    use super::*;

    #[test]
    fn postgres_names() {
        for (name, family) in [
            ("integer", Integer),
            ("INT8", Integer),
            ("numeric(10,2)", Decimal),
            ("double precision", Float),
            ("character varying(20)", Text),
            ("timestamp(3) without time zone", Timestamp),
            ("timestamp with time zone", Timestamptz),
            ("TIMESTAMPTZ", Timestamptz),
            ("date", Date),
            ("interval", Interval),
            ("jsonb", Json),
            ("integer[]", Record),
            ("_int4", Record),
            ("INT4[]", Record),
            ("oid", Oid),
            ("bytea", Binary),
            ("uuid", Uuid),
            ("cidr", Inet),
            ("boolean", Boolean),
            ("point", Unknown),
        ] {
            assert_eq!(postgres(name), family, "{name}");
        }
    }

    #[test]
    fn mysql_names() {
        for (name, family) in [
            ("tinyint(1)", Boolean),
            ("BOOLEAN", Boolean),
            ("bit(1)", Boolean),
            ("bit(8)", Integer),
            ("int(10) unsigned", Integer),
            ("BIGINT UNSIGNED", Integer),
            ("decimal(12,2)", Decimal),
            ("double", Float),
            ("varchar(255)", Text),
            ("enum('a','b')", Text),
            ("datetime(6)", Timestamp),
            ("timestamp", Timestamptz),
            ("date", Date),
            ("json", Json),
            ("varbinary(16)", Binary),
            ("LONGBLOB", Binary),
            ("uuid", Uuid),
            ("inet6", Inet),
        ] {
            assert_eq!(mysql(name), family, "{name}");
        }
    }

    #[test]
    fn duckdb_names() {
        for (name, family) in [
            ("BOOLEAN", Boolean),
            ("HUGEINT", Integer),
            ("UBIGINT", Integer),
            ("DECIMAL(18,3)", Decimal),
            ("DOUBLE", Float),
            ("VARCHAR", Text),
            ("ENUM('a', 'b')", Text),
            ("TIMESTAMP", Timestamp),
            ("TIMESTAMP_NS", Timestamp),
            ("TIMESTAMP WITH TIME ZONE", Timestamptz),
            ("DATE", Date),
            ("INTERVAL", Interval),
            ("JSON", Json),
            ("INTEGER[]", Record),
            ("VARCHAR[3]", Record),
            ("STRUCT(a INTEGER, b VARCHAR)", Record),
            ("MAP(VARCHAR, INTEGER)", Record),
            ("BLOB", Binary),
            ("UUID", Uuid),
            ("INET", Inet),
        ] {
            assert_eq!(duckdb(name), family, "{name}");
        }
    }

    #[test]
    fn trino_names() {
        for (name, family) in [
            ("varchar(20)", Text),
            ("varchar", Text),
            ("bigint", Integer),
            ("decimal(10,2)", Decimal),
            ("double", Float),
            ("timestamp(3)", Timestamp),
            ("timestamp(6) with time zone", Timestamptz),
            ("date", Date),
            ("array(integer)", Record),
            ("row(a integer, b varchar)", Record),
            ("varbinary", Binary),
            ("boolean", Boolean),
        ] {
            assert_eq!(trino(name), family, "{name}");
        }
    }

    #[test]
    fn generic_falls_through_the_dialects() {
        assert_eq!(generic("VARIANT"), Unknown);
        assert_eq!(generic("timestamptz"), Timestamptz);
        assert_eq!(generic("HUGEINT"), Integer);
        assert_eq!(generic("longtext"), Text);
    }

    #[test]
    fn serde_uses_the_product_names() {
        assert_eq!(serde_json::to_string(&Timestamptz).unwrap(), "\"TIMESTAMPTZ\"");
        for family in ColumnTypeFamily::ALL {
            assert_eq!(serde_json::to_value(family).unwrap(), family.as_str());
        }
    }
}
