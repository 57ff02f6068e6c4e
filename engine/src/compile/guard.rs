//! The last look at SQL before a source runs it, and the check a manifest passes before it
//! is stored.
//!
//! Compiled SQL is parsed again as the source will read it: one read-only statement, only
//! allowed functions, and every base table it reads (scoped as SQL scopes CTEs) is a source
//! the project's models declare — a table model's table, or a table a SQL model reads. A bug
//! in the compiler, or text pasted into it that parses differently in context, is refused
//! here instead of reaching the source. System catalogues are never a source.

use super::{CompileError, Dialect, compile, model, safety, scope};
use crate::mdl::{ColumnKind, Manifest, ModelSource};
use sqlparser::ast::ObjectName;

/// Schemas that hold a server's own catalogue, users or settings, in any dialect.
const SYSTEM_SCHEMAS: &[&str] = &["information_schema", "pg_catalog", "pg_toast", "mysql", "performance_schema", "sys", "system", "temp"];

/// Name prefixes of catalogue relations a bare name can reach (Postgres searches
/// pg_catalog before anything else).
const SYSTEM_PREFIXES: &[&str] = &["pg_", "duckdb_", "sqlite_"];

/// Checks SQL the compiler produced for `manifest` before it is sent to the source.
pub fn check_outgoing(manifest: &Manifest, sql: &str, dialect: Dialect) -> Result<(), CompileError> {
    let query = safety::parse_read_only(sql, dialect)?;
    let allowed = declared_sources(manifest, dialect);
    for relation in scope::base_relations(&query, dialect)? {
        check_not_system(&relation)?;
        if !allowed.contains(&scope::parts(dialect, &relation)) {
            return Err(CompileError::Unsafe(format!("{relation} is not a table of the project's models")));
        }
    }
    Ok(())
}

/// Checks a manifest before it is stored: table sources outside system catalogues; SQL
/// models one read-only statement over ordinary tables with allowed functions; calculated
/// fields whole expressions; every model, metric and view compiles.
pub fn check_manifest(manifest: &Manifest, dialect: Dialect) -> Result<(), CompileError> {
    for m in &manifest.models {
        match &m.source {
            ModelSource::Table { catalog, schema, table } => {
                let parts: Vec<&str> = [catalog.as_deref(), schema.as_deref(), Some(table.as_str())].into_iter().flatten().collect();
                check_not_system(&ObjectName::from(parts.iter().map(|p| sqlparser::ast::Ident::with_quote('"', *p)).collect::<Vec<_>>()))?;
            }
            ModelSource::Sql { statement } => check_sql_model(statement, dialect)?,
        }
        for column in &m.columns {
            if let ColumnKind::Calculated { expression } = &column.kind {
                model::portable(dialect, expression).map_err(|e| CompileError::InvalidField(format!("{}.{}: {e}", m.name, column.name)))?;
            }
        }
    }
    let names = manifest.models.iter().map(|m| &m.name).chain(manifest.metrics.iter().map(|m| &m.name)).chain(manifest.views.iter().map(|v| &v.name));
    for name in names {
        compile(manifest, &format!("SELECT * FROM {}", dialect.quote(name)), dialect)?;
    }
    Ok(())
}

/// A SQL model's statement: one read-only query with allowed functions, reading ordinary
/// tables of the source (never its catalogue).
pub fn check_sql_model(statement: &str, dialect: Dialect) -> Result<(), CompileError> {
    let query = safety::parse_read_only(statement, dialect)?;
    for relation in scope::base_relations(&query, dialect)? {
        check_not_system(&relation)?;
    }
    Ok(())
}

fn check_not_system(relation: &ObjectName) -> Result<(), CompileError> {
    let parts: Vec<String> = relation.0.iter().map(|p| p.as_ident().map(|i| i.value.to_lowercase()).unwrap_or_default()).collect();
    let Some((last, qualifiers)) = parts.split_last() else {
        return Err(CompileError::Unsafe(format!("{relation} cannot be read")));
    };
    let system = qualifiers.iter().any(|q| SYSTEM_SCHEMAS.contains(&q.as_str()))
        || SYSTEM_PREFIXES.iter().any(|prefix| last.starts_with(prefix))
        // DuckDB reads a file named like a table ('data.csv', '/etc/passwd').
        || last.contains('/')
        || last.contains('\\')
        || relation.0.iter().any(|p| p.as_ident().is_some_and(|i| i.quote_style == Some('\'')));
    if system || last.is_empty() {
        return Err(CompileError::Unsafe(format!("{relation} cannot be read")));
    }
    Ok(())
}

/// The tables the models read, by normalised parts: table models' tables (written quoted by
/// the compiler) and the tables SQL models read.
fn declared_sources(manifest: &Manifest, dialect: Dialect) -> Vec<Vec<String>> {
    let mut sources = Vec::new();
    for m in &manifest.models {
        match &m.source {
            ModelSource::Table { catalog, schema, table } => sources.push(
                [catalog.as_deref(), schema.as_deref(), Some(table.as_str())]
                    .into_iter()
                    .flatten()
                    .map(|part| scope::normalize_quoted(dialect, part))
                    .collect(),
            ),
            ModelSource::Sql { statement } => {
                // A statement that does not parse declares nothing; using it fails here.
                if let Ok(query) = safety::parse_read_only(statement, dialect)
                    && let Ok(relations) = scope::base_relations(&query, dialect)
                {
                    sources.extend(relations.iter().map(|r| scope::parts(dialect, r)));
                }
            }
        }
    }
    sources
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mdl::{Column, Model, Properties, View};

    fn manifest() -> Manifest {
        Manifest {
            models: vec![
                Model {
                    name: "orders".into(),
                    source: ModelSource::Table { catalog: None, schema: Some("shop".into()), table: "orders".into() },
                    columns: vec![Column::source("id", "INTEGER"), Column::source("amount", "DECIMAL")],
                    primary_key: Some("id".into()),
                    properties: Properties::default(),
                },
                Model {
                    name: "big".into(),
                    source: ModelSource::Sql { statement: "SELECT id FROM shop.orders WHERE amount > 100".into() },
                    columns: vec![Column::source("id", "INTEGER")],
                    primary_key: None,
                    properties: Properties::default(),
                },
            ],
            ..Manifest::default()
        }
    }

    #[test]
    fn compiled_sql_may_read_only_the_models_sources() {
        let m = manifest();
        assert!(check_outgoing(&m, "SELECT * FROM \"shop\".\"orders\"", Dialect::Postgres).is_ok());
        assert!(check_outgoing(&m, "WITH o AS (SELECT * FROM shop.orders) SELECT * FROM o", Dialect::Postgres).is_ok());
        for sql in [
            "SELECT * FROM shop.customers",
            "SELECT * FROM orders",
            "SELECT * FROM (WITH secret AS (SELECT 1) SELECT * FROM secret) s, secret",
            "SELECT * FROM pg_catalog.pg_authid",
            "SELECT * FROM pg_shadow",
            "SELECT * FROM information_schema.tables",
        ] {
            assert!(matches!(check_outgoing(&m, sql, Dialect::Postgres), Err(CompileError::Unsafe(_))), "{sql}");
        }
        assert!(matches!(check_outgoing(&m, "SELECT query_to_xml('select 1', true, true, '')", Dialect::Postgres), Err(CompileError::Unsafe(_))));
    }

    #[test]
    fn manifests_with_unsafe_sql_are_refused_before_they_are_stored() {
        let mut m = manifest();
        assert_eq!(check_manifest(&m, Dialect::Postgres), Ok(()));
        m.models[1].source = ModelSource::Sql { statement: "SELECT usename AS id FROM pg_catalog.pg_user".into() };
        assert!(matches!(check_manifest(&m, Dialect::Postgres), Err(CompileError::Unsafe(_))));
        m.models[1].source = ModelSource::Sql { statement: "SELECT lo_get(1) AS id".into() };
        assert!(matches!(check_manifest(&m, Dialect::Postgres), Err(CompileError::Unsafe(_))));
        m = manifest();
        m.models[0].columns.push(Column::calculated("x", "INTEGER", "amount) AS x FROM pg_shadow --"));
        assert!(matches!(check_manifest(&m, Dialect::DuckDb), Err(CompileError::InvalidField(_))));
        m = manifest();
        m.views.push(View { name: "v".into(), statement: "SELECT * FROM information_schema.tables".into(), properties: Properties::default() });
        assert!(check_manifest(&m, Dialect::Postgres).is_err());
        m = manifest();
        m.models[0].source = ModelSource::Table { catalog: None, schema: Some("information_schema".into()), table: "tables".into() };
        assert!(matches!(check_manifest(&m, Dialect::Postgres), Err(CompileError::Unsafe(_))));
    }
}
