//! SQL written against the semantic model → SQL in the source's dialect. Pure: no I/O.
//!
//! Users, SQL pairs and the question engines write queries over model and view names. The
//! compiler checks the query is one read-only statement ([`safety`]), finds the models and
//! views it reads, and puts in front of it one common table expression per model (its
//! source table or SQL, columns renamed from the source's to the model's, calculated fields
//! computed) and per view (its own statement, compiled the same way). Every model, metric and
//! view is compiled once per query and stands once, at the top, views after what they read,
//! so a chain of views that each read their predecessors stays linear in size. The query
//! itself is kept as written, so its meaning cannot drift: the result is what the same query
//! returns over tables shaped like the models. What comes out is parsed and checked once more
//! ([`guard`]) as the source will read it: what runs is what was checked.

mod describe;
pub mod filter;
mod functions;
pub mod guard;
mod joins;
mod metric;
mod model;
pub mod safety;
pub mod scope;
pub mod security;
mod usage;

pub use describe::describe;
pub use guard::check_manifest;
pub use model::check_calculated_field;
pub mod transparency;

use crate::mdl::Manifest;
use sqlparser::{
    ast::{Ident, ObjectName, Query, Statement, With},
    dialect::{ClickHouseDialect, DuckDbDialect, GenericDialect, MySqlDialect, PostgreSqlDialect, SnowflakeDialect},
    parser::Parser,
};
use usage::Needed;

/// The largest statement the compiler sends to a source.
pub const MAX_COMPILED_BYTES: usize = 1 << 20;
/// The most views one query may reach, through each other included.
pub const MAX_VIEWS: usize = 64;
/// How deep views may read views.
pub const MAX_VIEW_DEPTH: usize = 16;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Postgres,
    MySql,
    DuckDb,
    /// Trino and the engines that speak its SQL (Athena): ANSI quoting, DATE_TRUNC and
    /// EXTRACT, identifiers folded to lower case.
    Trino,
    /// Snowflake: double quotes, unquoted names folded to upper case, backslashes escaping in
    /// string literals (as on MySQL).
    Snowflake,
    /// ClickHouse: double quotes, names compared as written (quoted or not), backslashes
    /// escaping in string literals, its own names for a few date functions.
    ClickHouse,
}

impl Dialect {
    /// The dialect the SQL of a source of this type is written in (Redshift speaks
    /// Postgres's; Athena Trino's; a CSV project's store is DuckDB).
    pub fn of(source_type: crate::connectors::DataSourceType) -> Self {
        use crate::connectors::DataSourceType as T;
        match source_type {
            T::Mysql => Self::MySql,
            T::Duckdb | T::Csv => Self::DuckDb,
            T::Trino | T::Athena => Self::Trino,
            T::Snowflake => Self::Snowflake,
            T::ClickHouse => Self::ClickHouse,
            _ => Self::Postgres,
        }
    }

    fn parser(self) -> Box<dyn sqlparser::dialect::Dialect> {
        match self {
            Self::Postgres => Box::new(PostgreSqlDialect {}),
            Self::MySql => Box::new(MySqlDialect {}),
            Self::DuckDb => Box::new(DuckDbDialect {}),
            // sqlparser has no Trino dialect; the generic one reads ANSI SQL as Trino writes it.
            Self::Trino => Box::new(GenericDialect {}),
            Self::Snowflake => Box::new(SnowflakeDialect {}),
            Self::ClickHouse => Box::new(ClickHouseDialect {}),
        }
    }

    /// `value` as a text literal of the dialect that survives the parser's round trip (every
    /// query is parsed and written again before it runs). Quotes are doubled. A value the
    /// parser would write back otherwise is written as CONCAT of its plain runs, its quotes
    /// (`''''`) and, on MySQL, its backslashes (`CHAR(92)`): a quote right after a backslash
    /// is written back undoubled, which would end the literal early (`'\' OR 1=1 --'`); two
    /// quotes in a row are taken for one quote already doubled, which would lose a quote; and
    /// MySQL, which reads a backslash as an escape, gets its backslashes written back bare.
    pub fn text_literal(self, value: &str) -> String {
        // MySQL, Snowflake and ClickHouse read a backslash in a literal as an escape.
        let mysql = matches!(self, Self::MySql | Self::Snowflake | Self::ClickHouse);
        let rewritten = value.contains("\\'") || value.contains("''") || mysql && value.contains('\\');
        if !rewritten {
            return format!("'{}'", value.replace('\'', "''"));
        }
        let mut parts = Vec::new();
        let mut run = String::new();
        for c in value.chars() {
            let special = match c {
                '\'' => "''''",
                '\\' if mysql => "CHAR(92)",
                _ => {
                    run.push(c);
                    continue;
                }
            };
            parts.push(format!("'{run}'"));
            parts.push(special.to_owned());
            run.clear();
        }
        parts.push(format!("'{run}'"));
        format!("CONCAT({})", parts.join(", "))
    }

    /// `name` as a quoted identifier of the dialect.
    pub fn quote(self, name: &str) -> String {
        match self {
            Self::MySql => format!("`{}`", name.replace('`', "``")),
            Self::Postgres | Self::DuckDb | Self::Trino | Self::Snowflake | Self::ClickHouse => format!("\"{}\"", name.replace('"', "\"\"")),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CompileError {
    #[error("the SQL cannot be parsed: {0}")]
    Syntax(String),
    #[error("the SQL is not allowed: {0}")]
    Unsafe(String),
    #[error("unknown model or view \"{0}\"")]
    UnknownModel(String),
    #[error("views refer to each other in a cycle: {0}")]
    ViewCycle(String),
    /// A calculated field or relationship the compiler cannot use; says which and why.
    #[error("invalid calculated field {0}")]
    InvalidField(String),
    /// The query reaches too many views, too deep, or compiles to too much SQL.
    #[error("the query is too complex: {0}")]
    TooComplex(String),
    /// A data-security policy that cannot be applied; says why.
    #[error("invalid policy: {0}")]
    InvalidPolicy(String),
    /// The query reads a column a column-level policy keeps from this viewer. Names nothing.
    #[error("Restricted by policy")]
    Restricted,
}

/// [`compile_as`] for a viewer with no session property values: of a model with a row policy
/// it reads no rows, a column with a column policy it cannot read.
pub fn compile(manifest: &Manifest, sql: &str, dialect: Dialect) -> Result<String, CompileError> {
    compile_as(manifest, &security::Viewer::nobody(), sql, dialect)
}

/// Whether `sql` compiles over the manifest, its policies aside: for checking SQL that is
/// saved or queued (a question-SQL pair, a spreadsheet's source, SQL a task will run), never
/// for running — it returns no SQL. What runs is compiled with [`compile_as`] for its viewer.
pub fn check(manifest: &Manifest, sql: &str, dialect: Dialect) -> Result<(), CompileError> {
    let query = safety::parse_read_only(sql, dialect)?;
    let access = security::Access::checking_only();
    let compiled = Compiler { manifest, dialect, access: &access }.compile(query)?;
    guard::check_outgoing(manifest, &compiled, dialect)
}

/// Compiles `sql` over the manifest's models and views into `dialect`, as `viewer` may read
/// them (the manifest's data-security policies, see [`security`]). The text returned has
/// been parsed and checked again as the source will read it ([`guard::check_outgoing`]).
pub fn compile_as(manifest: &Manifest, viewer: &security::Viewer, sql: &str, dialect: Dialect) -> Result<String, CompileError> {
    let query = safety::parse_read_only(sql, dialect)?;
    let access = security::Access::of(manifest, viewer, dialect)?;
    let compiled = Compiler { manifest, dialect, access: &access }.compile(query)?;
    if compiled.len() > MAX_COMPILED_BYTES {
        return Err(CompileError::TooComplex(format!("it compiles to more than {} KB of SQL", MAX_COMPILED_BYTES / 1024)));
    }
    guard::check_outgoing(manifest, &compiled, dialect)?;
    Ok(compiled)
}

struct Compiler<'m> {
    manifest: &'m Manifest,
    dialect: Dialect,
    access: &'m security::Access,
}

/// What one query needs in front of it: a CTE per model, metric and view it reaches (each
/// once, views after what they read), and the columns all of them read.
#[derive(Default)]
struct Plan<'m> {
    /// (CTE name as the query reads it, normalised; what it stands for).
    entries: Vec<(String, Entry<'m>)>,
    /// The views being compiled around the current one, to stop cycles.
    path: Vec<String>,
    needed: Option<Needed>,
}

enum Entry<'m> {
    Model(&'m crate::mdl::Model),
    Metric(&'m crate::mdl::Metric),
    /// The view's compiled body.
    View(String),
}

/// Trino reads `OFFSET` only before the row count (`OFFSET 5 ROWS FETCH FIRST 10 ROWS ONLY`),
/// where the other dialects write `LIMIT 10 OFFSET 5`: every query of the statement is turned.
fn offset_first(query: &mut Query) {
    use sqlparser::ast::{Fetch, LimitClause, OffsetRows, VisitMut, VisitorMut};
    struct Turn;
    impl VisitorMut for Turn {
        type Break = ();
        fn post_visit_query(&mut self, query: &mut Query) -> std::ops::ControlFlow<()> {
            let turnable = matches!(&query.limit_clause, Some(LimitClause::LimitOffset { limit: Some(_), offset: Some(_), limit_by }) if limit_by.is_empty())
                && query.fetch.is_none();
            if turnable && let Some(LimitClause::LimitOffset { limit: Some(limit), offset: Some(mut offset), limit_by }) = query.limit_clause.take() {
                offset.rows = OffsetRows::Rows;
                query.limit_clause = Some(LimitClause::LimitOffset { limit: None, offset: Some(offset), limit_by });
                query.fetch = Some(Fetch { with_ties: false, percent: false, quantity: Some(limit) });
            }
            std::ops::ControlFlow::Continue(())
        }
    }
    let _ = query.visit(&mut Turn);
}

/// Quarry's SQL orders missing values last, ascending or descending, as DuckDB does; the
/// other engines differ (Postgres, Redshift and Snowflake put them first when descending,
/// MySQL first when ascending), so "the top five by salary" would list five people with no
/// salary. Every ordering that does not say where missing values go says it in the dialect:
/// `NULLS LAST`, or on MySQL, which has no such words, `x IS NULL` before an ascending `x`.
fn nulls_last(query: &mut Query, dialect: Dialect) {
    use sqlparser::ast::{Expr, OrderByExpr, OrderByKind, OrderBySort, SelectItem, SetExpr, VisitMut, VisitorMut, WindowType};
    /// `aliases`: the select list's named expressions (MySQL reads an alias in ORDER BY
    /// only on its own, not inside `alias IS NULL`).
    fn placed(list: &mut Vec<OrderByExpr>, dialect: Dialect, aliases: &[(String, Expr)]) {
        let mut out = Vec::with_capacity(list.len());
        for mut item in list.drain(..) {
            if item.options.nulls_first.is_none() && item.with_fill.is_none() {
                if dialect != Dialect::MySql {
                    item.options.nulls_first = Some(false);
                } else if !matches!(item.options.sort, Some(OrderBySort::Desc | OrderBySort::Using(_))) {
                    let named = match &item.expr {
                        Expr::Identifier(ident) => aliases.iter().find(|(alias, _)| alias.eq_ignore_ascii_case(&ident.value)).map(|(_, e)| e.clone()),
                        _ => None,
                    };
                    let missing = Expr::IsNull(Box::new(named.unwrap_or_else(|| item.expr.clone())));
                    out.push(OrderByExpr { expr: missing, options: Default::default(), with_fill: None });
                }
            }
            out.push(item);
        }
        *list = out;
    }
    struct Place(Dialect);
    impl VisitorMut for Place {
        type Break = ();
        fn post_visit_query(&mut self, query: &mut Query) -> std::ops::ControlFlow<()> {
            let aliases: Vec<(String, Expr)> = match query.body.as_ref() {
                SetExpr::Select(select) => select
                    .projection
                    .iter()
                    .filter_map(|item| match item {
                        SelectItem::ExprWithAlias { expr, alias } => Some((alias.value.clone(), expr.clone())),
                        _ => None,
                    })
                    .collect(),
                _ => Vec::new(),
            };
            if let Some(order_by) = &mut query.order_by
                && let OrderByKind::Expressions(list) = &mut order_by.kind
            {
                placed(list, self.0, &aliases);
            }
            std::ops::ControlFlow::Continue(())
        }
        fn post_visit_expr(&mut self, expr: &mut Expr) -> std::ops::ControlFlow<()> {
            if let Expr::Function(function) = expr
                && let Some(WindowType::WindowSpec(spec)) = &mut function.over
            {
                placed(&mut spec.order_by, self.0, &[]);
            }
            std::ops::ControlFlow::Continue(())
        }
    }
    let _ = query.visit(&mut Place(dialect));
}

/// ClickHouse's `DATE` and `DateTime` start in 1970: a literal or cast to them clamps an
/// earlier date to 1970-01-01 (so "born before 1960" would count nobody). Every date literal
/// and cast is written to `Date32` and every timestamp one to `DateTime64(6)`, which reach
/// back to 1900 and compare with the narrow types as they should.
fn wide_dates(query: &mut Query) {
    use sqlparser::ast::{CastKind, DataType, Expr, TypedString, visit_expressions_mut};
    let wide = |data_type: &DataType| match data_type {
        DataType::Date => Some(DataType::Date32),
        DataType::Timestamp(..) | DataType::Datetime(_) => Some(DataType::Datetime64(6, None)),
        _ => None,
    };
    let _ = visit_expressions_mut(query, |expr: &mut Expr| {
        match expr {
            Expr::TypedString(TypedString { data_type, value, .. }) => {
                if let Some(wide) = wide(data_type) {
                    let literal = Expr::Value(value.clone());
                    *expr = Expr::Cast { kind: CastKind::Cast, expr: Box::new(literal), data_type: wide, format: None };
                }
            }
            Expr::Cast { data_type, .. } => {
                if let Some(wide) = wide(data_type) {
                    *data_type = wide;
                }
            }
            _ => {}
        }
        std::ops::ControlFlow::<()>::Continue(())
    });
}

impl<'m> Compiler<'m> {
    fn compile(&self, mut query: Query) -> Result<String, CompileError> {
        let mut plan = Plan::default();
        self.plan_query(&mut query, &mut plan)?;
        if self.dialect == Dialect::Trino {
            offset_first(&mut query);
        }
        if plan.entries.is_empty() {
            return Ok(self.written(query));
        }
        let needed = plan.needed.take().unwrap_or(Needed::All);
        let mut ctes = Vec::new();
        for (name, entry) in &plan.entries {
            let body = match entry {
                Entry::Model(model) => model::model_sql(self.manifest, self.dialect, model, &needed, self.access)?,
                Entry::Metric(metric) => metric::metric_sql(self.manifest, self.dialect, metric, &needed, self.access)?,
                Entry::View(body) => body.clone(),
            };
            ctes.push(format!("{} AS ({body})", self.dialect.quote(name)));
        }
        let mut with = self.parse_with(&ctes)?;
        if let Some(own) = query.with.take() {
            with.recursive |= own.recursive;
            with.cte_tables.extend(own.cte_tables);
        }
        query.with = Some(with);
        Ok(self.written(query))
    }

    /// The finished query as the dialect's text.
    fn written(&self, mut query: Query) -> String {
        if self.dialect == Dialect::ClickHouse {
            wide_dates(&mut query);
        }
        if self.dialect != Dialect::DuckDb {
            nulls_last(&mut query, self.dialect);
        }
        query.to_string()
    }

    /// Adds what `query` reads to the plan (views first compiled themselves, once each).
    fn plan_query(&self, query: &mut Query, plan: &mut Plan<'m>) -> Result<(), CompileError> {
        joins::add_implicit_joins(self.manifest, self.dialect, query)?;
        let names = referenced_relations(query, self.dialect)?;
        if names.is_empty() {
            return Ok(());
        }
        let needed = usage::of_query(query);
        plan.needed = Some(match plan.needed.take() {
            Some(earlier) => earlier.union(&needed),
            None => needed,
        });
        for ident in names {
            let key = scope::normalize(self.dialect, &ident);
            if plan.entries.iter().any(|(name, _)| *name == key) {
                continue;
            }
            let name = ident.value.as_str();
            if let Some(model) = self.manifest.model(name) {
                plan.entries.push((key, Entry::Model(model)));
            } else if let Some(metric) = self.manifest.metric(name) {
                plan.entries.push((key, Entry::Metric(metric)));
            } else if let Some(view) = self.manifest.view(name) {
                if plan.path.iter().any(|v| v.eq_ignore_ascii_case(&view.name)) {
                    plan.path.push(view.name.clone());
                    return Err(CompileError::ViewCycle(plan.path.join(" → ")));
                }
                if plan.path.len() >= MAX_VIEW_DEPTH {
                    return Err(CompileError::TooComplex(format!("views read views more than {MAX_VIEW_DEPTH} deep")));
                }
                if plan.entries.iter().filter(|(_, e)| matches!(e, Entry::View(_))).count() >= MAX_VIEWS {
                    return Err(CompileError::TooComplex(format!("it reaches more than {MAX_VIEWS} views")));
                }
                plan.path.push(view.name.clone());
                let mut body = safety::parse_read_only(&view.statement, self.dialect)?;
                self.plan_query(&mut body, plan)?;
                plan.path.pop();
                // Another path may have reached the same view meanwhile.
                if !plan.entries.iter().any(|(name, _)| *name == key) {
                    plan.entries.push((key, Entry::View(body.to_string())));
                }
            } else {
                return Err(CompileError::UnknownModel(name.to_owned()));
            }
        }
        Ok(())
    }

    fn parse_with(&self, ctes: &[String]) -> Result<With, CompileError> {
        let sql = format!("WITH {} SELECT 1", ctes.join(", "));
        let parsed = Parser::parse_sql(self.dialect.parser().as_ref(), &sql).map_err(|e| CompileError::Syntax(e.to_string()))?;
        match parsed.into_iter().next() {
            Some(Statement::Query(query)) => Ok(query.with.expect("the WITH just written")),
            _ => Err(CompileError::Syntax("the model definitions did not parse".into())),
        }
    }
}

/// The relations a query reads by name that its own CTEs in scope do not define, in order
/// of first use; each must be a model, metric or view, so only bare names pass.
fn referenced_relations(query: &Query, dialect: Dialect) -> Result<Vec<Ident>, CompileError> {
    scope::base_relations(query, dialect)?
        .into_iter()
        .map(|name: ObjectName| match name.0.as_slice() {
            [part] => part.as_ident().cloned().ok_or_else(|| CompileError::UnknownModel(name.to_string())),
            // Models are read by their own names; a schema-qualified name would reach past them.
            _ => Err(CompileError::UnknownModel(name.to_string())),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mdl::{Column, ColumnKind, Model, ModelSource, Properties, View};

    fn manifest() -> Manifest {
        Manifest {
            models: vec![Model {
                name: "customers".into(),
                source: ModelSource::Table { catalog: None, schema: Some("crm".into()), table: "tbl_customer".into() },
                columns: vec![
                    Column { kind: ColumnKind::Source { source_column: Some("cust_id".into()) }, ..Column::source("id", "INTEGER") },
                    Column::source("name", "VARCHAR"),
                    Column::calculated("name_length", "INTEGER", "LENGTH(name)"),
                ],
                primary_key: Some("id".into()),
                properties: Properties::default(),
            }],
            views: vec![
                View { name: "long_names".into(), statement: "SELECT * FROM customers WHERE name_length > 5".into(), properties: Properties::default() },
                View { name: "long_count".into(), statement: "SELECT count(*) AS n FROM long_names".into(), properties: Properties::default() },
            ],
            ..Manifest::default()
        }
    }

    #[test]
    fn clickhouse_dates_reach_before_1970() {
        let sql = compile(
            &manifest(),
            "SELECT name FROM customers WHERE CAST(name AS DATE) < DATE '1960-01-01' AND CAST(name AS TIMESTAMP) > TIMESTAMP '1950-01-01 10:00:00'",
            Dialect::ClickHouse,
        )
        .unwrap();
        assert!(sql.contains("CAST('1960-01-01' AS Date32)") && sql.contains("CAST(name AS Date32)"), "{sql}");
        assert!(sql.contains("CAST('1950-01-01 10:00:00' AS DateTime64(6))") && sql.contains("CAST(name AS DateTime64(6))"), "{sql}");
        let duck = compile(&manifest(), "SELECT name FROM customers WHERE CAST(name AS DATE) < DATE '1960-01-01'", Dialect::DuckDb).unwrap();
        assert!(duck.contains("DATE '1960-01-01'"), "{duck}");
    }

    #[test]
    fn trino_gets_its_offset_before_the_row_count() {
        let sql = compile(&manifest(), "SELECT name FROM customers ORDER BY name LIMIT 10 OFFSET 20", Dialect::Trino).unwrap();
        assert!(sql.ends_with("OFFSET 20 ROWS FETCH FIRST 10 ROWS ONLY"), "{sql}");
        assert!(!sql.contains('`'), "{sql}");
        let plain = compile(&manifest(), "SELECT name FROM customers LIMIT 10", Dialect::Trino).unwrap();
        assert!(plain.ends_with("LIMIT 10"), "{plain}");
        // DuckDB reads it too (the test coordinator answers from DuckDB).
        let db = duckdb::Connection::open_in_memory().unwrap();
        let n: i64 = db.query_row("SELECT COUNT(*) FROM (SELECT * FROM range(100) OFFSET 20 ROWS FETCH FIRST 10 ROWS ONLY)", [], |r| r.get(0)).unwrap();
        assert_eq!(n, 10);
    }

    #[test]
    fn models_become_ctes_in_front_of_the_query() {
        let sql = compile(&manifest(), "SELECT name_length FROM Customers WHERE id = 1", Dialect::Postgres).unwrap();
        assert_eq!(
            sql,
            // The CTE is named as Postgres reads the unquoted `Customers`.
            "WITH \"customers\" AS (SELECT *, (LENGTH(\"name\")) AS \"name_length\" FROM (SELECT \"cust_id\" AS \"id\", \"name\" AS \"name\" \
             FROM \"crm\".\"tbl_customer\") AS \"customers\") SELECT name_length FROM Customers WHERE id = 1"
        );
        let mysql = compile(&manifest(), "SELECT name, name_length FROM customers", Dialect::MySql).unwrap();
        assert!(
            mysql.starts_with("WITH `customers` AS (SELECT *, (CHAR_LENGTH(`name`)) AS `name_length` FROM (SELECT `name` AS `name` FROM `crm`.`tbl_customer`)"),
            "{mysql}"
        );
    }

    #[test]
    fn views_of_views_expand_and_own_ctes_stay() {
        let sql = compile(&manifest(), "WITH x AS (SELECT n FROM long_count) SELECT * FROM x", Dialect::DuckDb).unwrap();
        // Each view once, at the top, after what it reads.
        assert!(sql.starts_with("WITH \"customers\" AS ("), "{sql}");
        assert!(
            sql.contains("\"long_names\" AS (SELECT * FROM customers WHERE name_length > 5), \"long_count\" AS (SELECT count(*) AS n FROM long_names)"),
            "{sql}"
        );
        assert!(sql.ends_with("x AS (SELECT n FROM long_count) SELECT * FROM x"), "{sql}");
    }

    #[test]
    fn a_chain_of_views_reading_their_two_predecessors_stays_small() {
        let mut m = manifest();
        m.views = vec![View { name: "v0".into(), statement: "SELECT id FROM customers".into(), properties: Properties::default() }];
        m.views.push(View { name: "v1".into(), statement: "SELECT id FROM v0".into(), properties: Properties::default() });
        for i in 2..40 {
            m.views.push(View {
                name: format!("v{i}"),
                statement: format!("SELECT a.id FROM v{} a JOIN v{} b ON a.id = b.id", i - 1, i - 2),
                properties: Properties::default(),
            });
        }
        // Nested, each view would be compiled a Fibonacci number of times (v39: ~10⁸).
        let sql = compile(&m, "SELECT * FROM v15", Dialect::DuckDb).unwrap();
        assert!(sql.len() < 4000, "{} bytes", sql.len());
        assert_eq!(sql.matches("\"v3\" AS").count(), 1);
        assert!(matches!(compile(&m, "SELECT * FROM v39", Dialect::DuckDb), Err(CompileError::TooComplex(_))));
    }

    #[test]
    fn unknown_names_cycles_and_unsafe_sql_are_refused() {
        assert_eq!(compile(&manifest(), "SELECT * FROM orders", Dialect::DuckDb), Err(CompileError::UnknownModel("orders".into())));
        assert_eq!(compile(&manifest(), "SELECT * FROM crm.tbl_customer", Dialect::DuckDb), Err(CompileError::UnknownModel("crm.tbl_customer".into())));
        let mut looping = manifest();
        looping.views[0].statement = "SELECT * FROM long_count".into();
        assert_eq!(compile(&looping, "SELECT * FROM long_names", Dialect::DuckDb), Err(CompileError::ViewCycle("long_names → long_count → long_names".into())));
        assert!(matches!(compile(&manifest(), "DELETE FROM customers", Dialect::DuckDb), Err(CompileError::Unsafe(_))));
        assert_eq!(compile(&manifest(), "SELECT 1 + 1", Dialect::DuckDb).unwrap(), "SELECT 1 + 1");
        // A CTE inside a subquery does not cover the same name outside it.
        assert_eq!(
            compile(&manifest(), "SELECT * FROM (WITH tbl_customer AS (SELECT 1) SELECT * FROM tbl_customer) s, tbl_customer", Dialect::DuckDb),
            Err(CompileError::UnknownModel("tbl_customer".into()))
        );
    }
}
