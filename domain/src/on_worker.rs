//! Work a request needs done before it can answer, done on a worker: everything that reaches
//! a tenant's data source or a language-model provider (testing a connection, listing tables,
//! detecting schema changes, previews, checking a model, a calculated field or a view,
//! building a sample dataset, testing a provider). The api never opens such a connection
//! itself; it hands the call to the `sql` or `llm` pool and waits, within
//! [`Config::worker_call_timeout`](crate::config::Config), for the reply.
//!
//! A call and its reply travel sealed with the server's secret key: a call can carry a
//! password or an API key, and a reply rows of the tenant's data, and neither belongs in a
//! workflow history. A refusal the user can act on (CONNECTION_REFUSED, a bad expression)
//! comes back as that refusal; anything else is an internal error, logged by the worker.

use chrono::{DateTime, Utc};
use quarry_engine::{ColumnTypeFamily, DataSourceType, QueryResult, SourceTable, csv_import::TypeChange, sample_datasets::SampleDataset, secrets};
use quarry_llm::ProviderSettings;
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use serde_json::Value;
use uuid::Uuid;

use crate::{
    access::Acting,
    asking::answer::{RUN_SQL_MAX_ROWS, check_read_only},
    config::Config,
    datasource::{self, DataSource, SchemaChange, sample},
    db::Pool,
    error::{Error, ErrorCode, Result},
    llm::{self, OrgLlm},
    modeling::{
        edit::{self, Owned, View},
        use_case::owning_project,
    },
    permissions::Operation,
    recommend::Recommendation,
    services::Services,
};

/// The worker pool a call runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorkerPool {
    /// Data sources: connections, introspection, dry runs and queries.
    Sql,
    /// Language-model providers.
    Llm,
}

/// One call, with everything the worker needs to do it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "call", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum WorkerCall {
    TestDataSource {
        project_id: Uuid,
        source_type: DataSourceType,
        properties: Value,
    },
    SaveDataSource {
        acting: Acting,
        project_id: Uuid,
        source_type: DataSourceType,
        properties: Value,
        update: bool,
    },
    /// The tables a sync is to copy, checked against the source.
    CheckSyncTables {
        project_id: Uuid,
        mode: crate::datasource::sync::SyncMode,
        tables: Vec<crate::datasource::sync::SyncTable>,
    },
    SourceTables {
        project_id: Uuid,
    },
    SaveTables {
        project_id: Uuid,
        tables: Vec<String>,
    },
    RecommendedRelationships {
        project_id: Uuid,
    },
    DetectSchemaChange {
        project_id: Uuid,
    },
    ResolveSchemaChange {
        project_id: Uuid,
    },
    PrepareSampleDataset {
        project_id: Uuid,
        dataset: String,
    },
    CreateModel {
        project_id: Uuid,
        table: String,
        columns: Vec<String>,
        primary_key: Option<String>,
    },
    CreateSqlModel {
        project_id: Uuid,
        name: String,
        sql: String,
    },
    UpdateModel {
        model_id: Uuid,
        columns: Vec<String>,
        primary_key: Option<String>,
    },
    CreateCalculatedField {
        model_id: Uuid,
        name: String,
        expression: String,
    },
    UpdateCalculatedField {
        column_id: Uuid,
        name: String,
        expression: String,
    },
    CreateView {
        project_id: Uuid,
        display_name: String,
        statement: String,
    },
    Preview {
        project_id: Uuid,
        name: String,
        limit: usize,
        #[serde(default)]
        asker: Option<Uuid>,
    },
    RunTile {
        item_id: Uuid,
        #[serde(default)]
        filters: Vec<crate::dashboard::tile::DashboardFilter>,
        /// The member opening the dashboard (their data-security policies); none is nobody.
        #[serde(default)]
        asker: Option<Uuid>,
    },
    SpreadsheetPage {
        project_id: Uuid,
        sql: String,
        request: crate::spreadsheet::grid::PageRequest,
        /// Whose data-security policies apply; none (calls recorded before them) is nobody.
        #[serde(default)]
        asker: Option<Uuid>,
    },
    SpreadsheetColumns {
        project_id: Uuid,
        sql: String,
        #[serde(default)]
        asker: Option<Uuid>,
    },
    RunSql {
        project_id: Uuid,
        sql: String,
        limit: usize,
        #[serde(default)]
        asker: Option<Uuid>,
        /// Called through an API key: the data is seen as the key, not as `asker`.
        #[serde(default)]
        through_key: Option<crate::data_security::KeyIdentity>,
    },
    ChangeCsvColumnType {
        project_id: Uuid,
        table: String,
        column: String,
        family: ColumnTypeFamily,
    },
    TestLlm {
        org_id: Uuid,
        settings: ProviderSettings,
        key: Option<String>,
    },
    ApplyLlm {
        acting: Acting,
        org_id: Uuid,
        settings: ProviderSettings,
        key: Option<String>,
    },
}

impl WorkerCall {
    pub fn pool(&self) -> WorkerPool {
        match self {
            Self::TestLlm { .. } | Self::ApplyLlm { .. } => WorkerPool::Llm,
            _ => WorkerPool::Sql,
        }
    }
}

/// What comes back.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "camelCase")]
enum Reply {
    Done {
        value: Value,
    },
    Refused {
        code: ErrorCode,
        message: String,
    },
    /// An internal error; the worker logged it.
    Broken,
}

impl Services {
    /// Hands `call` to its pool and waits for the reply.
    async fn call<T: DeserializeOwned>(&self, call: WorkerCall) -> Result<T> {
        let started = std::time::Instant::now();
        let call_name = name(&call);
        let outcome = self.call_unmeasured(call).await;
        let label = match &outcome {
            Ok(_) => "ok",
            Err(Error::User { code, .. }) if *code != ErrorCode::InternalServerError => "refused",
            Err(_) => "failed",
        };
        crate::metrics::WORKER_CALLS.with_label_values(&[call_name, label]).observe(started.elapsed().as_secs_f64());
        outcome
    }

    async fn call_unmeasured<T: DeserializeOwned>(&self, call: WorkerCall) -> Result<T> {
        let keys = self.config.secret_keys();
        let pool = call.pool();
        let sealed = secrets::encrypt(&keys, &serde_json::to_string(&call).map_err(Error::internal)?);
        let reply = self.workflows.call(pool, sealed, self.config.worker_call_timeout).await?;
        let opened = secrets::decrypt(&keys, &reply).map_err(Error::internal)?;
        match serde_json::from_str(opened.expose_secret()).map_err(Error::internal)? {
            Reply::Done { value } => {
                serde_json::from_value(value).map_err(|e| Error::internal(format!("reply to {call_name} has another shape: {e}", call_name = name(&call))))
            }
            Reply::Refused { code, message } => Err(Error::new(code, message)),
            Reply::Broken => Err(Error::internal(format!("{} failed on the worker", name(&call)))),
        }
    }
}

fn name(call: &WorkerCall) -> &'static str {
    match call {
        WorkerCall::TestDataSource { .. } => "TestDataSource",
        WorkerCall::SaveDataSource { .. } => "SaveDataSource",
        WorkerCall::SourceTables { .. } => "SourceTables",
        WorkerCall::CheckSyncTables { .. } => "CheckSyncTables",
        WorkerCall::SaveTables { .. } => "SaveTables",
        WorkerCall::RecommendedRelationships { .. } => "RecommendedRelationships",
        WorkerCall::DetectSchemaChange { .. } => "DetectSchemaChange",
        WorkerCall::ResolveSchemaChange { .. } => "ResolveSchemaChange",
        WorkerCall::PrepareSampleDataset { .. } => "PrepareSampleDataset",
        WorkerCall::CreateModel { .. } => "CreateModel",
        WorkerCall::CreateSqlModel { .. } => "CreateSqlModel",
        WorkerCall::UpdateModel { .. } => "UpdateModel",
        WorkerCall::CreateCalculatedField { .. } => "CreateCalculatedField",
        WorkerCall::UpdateCalculatedField { .. } => "UpdateCalculatedField",
        WorkerCall::CreateView { .. } => "CreateView",
        WorkerCall::Preview { .. } => "Preview",
        WorkerCall::RunTile { .. } => "RunTile",
        WorkerCall::SpreadsheetPage { .. } => "SpreadsheetPage",
        WorkerCall::SpreadsheetColumns { .. } => "SpreadsheetColumns",
        WorkerCall::RunSql { .. } => "RunSql",
        WorkerCall::ChangeCsvColumnType { .. } => "ChangeCsvColumnType",
        WorkerCall::TestLlm { .. } => "TestLlm",
        WorkerCall::ApplyLlm { .. } => "ApplyLlm",
    }
}

/// The worker's side: opens a sealed call, does it, and seals the reply. Only a call that
/// cannot be opened is an error (it was not sealed by this deployment's key).
pub async fn perform_sealed(pool: &Pool, config: &Config, sealed: &str) -> Result<String> {
    let keys = config.secret_keys();
    let opened = secrets::decrypt(&keys, sealed).map_err(Error::internal)?;
    let call: WorkerCall = serde_json::from_str(opened.expose_secret()).map_err(Error::internal)?;
    let call_name = name(&call);
    let reply = match perform(pool, config, call).await {
        Ok(value) => Reply::Done { value },
        Err(Error::User { code, message }) => Reply::Refused { code, message },
        Err(error @ Error::Internal(_)) => {
            tracing::error!(call = call_name, "worker call failed: {:?}", chain(&error));
            Reply::Broken
        }
    };
    Ok(secrets::encrypt(&keys, &serde_json::to_string(&reply).map_err(Error::internal)?))
}

fn chain(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

fn json(value: impl Serialize) -> Result<Value> {
    serde_json::to_value(value).map_err(Error::internal)
}

async fn perform(pool: &Pool, config: &Config, call: WorkerCall) -> Result<Value> {
    match call {
        WorkerCall::TestDataSource { project_id, source_type, properties } => json(datasource::test(pool, config, project_id, source_type, &properties).await?),
        WorkerCall::SaveDataSource { acting, project_id, source_type, properties, update } => {
            if update {
                datasource::update(pool, config, &acting, project_id, source_type, &properties).await?;
            } else {
                datasource::save(pool, config, &acting, project_id, source_type, &properties).await?;
            }
            json(())
        }
        WorkerCall::SourceTables { project_id } => json(datasource::source_tables(pool, config, project_id).await?),
        WorkerCall::CheckSyncTables { project_id, mode, tables } => json(datasource::sync::checked_tables(pool, config, project_id, mode, &tables).await?),
        WorkerCall::SaveTables { project_id, tables } => json(datasource::save_tables(pool, config, project_id, &tables).await?),
        WorkerCall::RecommendedRelationships { project_id } => json(datasource::recommended_relationships(pool, config, project_id).await?),
        WorkerCall::DetectSchemaChange { project_id } => json(datasource::detect_changes(pool, config, project_id).await?),
        WorkerCall::ResolveSchemaChange { project_id } => json(datasource::resolve_changes(pool, config, project_id).await?),
        WorkerCall::PrepareSampleDataset { project_id, dataset } => {
            let dataset: SampleDataset = dataset.parse().map_err(Error::internal)?;
            json(sample::prepare(pool, config, project_id, dataset).await?)
        }
        WorkerCall::CreateModel { project_id, table, columns, primary_key } => {
            json(edit::create_model(pool, config, project_id, &table, &columns, primary_key.as_deref()).await?)
        }
        WorkerCall::CreateSqlModel { project_id, name, sql } => json(edit::create_sql_model(pool, config, project_id, &name, &sql).await?),
        WorkerCall::UpdateModel { model_id, columns, primary_key } => json(edit::update_model(pool, config, model_id, &columns, primary_key.as_deref()).await?),
        WorkerCall::CreateCalculatedField { model_id, name, expression } => {
            json(edit::create_calculated_field(pool, config, model_id, &name, &expression).await?)
        }
        WorkerCall::UpdateCalculatedField { column_id, name, expression } => {
            json(edit::update_calculated_field(pool, config, column_id, &name, &expression).await?)
        }
        WorkerCall::CreateView { project_id, display_name, statement } => {
            json(edit::create_view(pool, config, project_id, &display_name, &statement).await?.id)
        }
        WorkerCall::Preview { project_id, name, limit, asker } => json(edit::preview(pool, config, project_id, &name, limit, asker).await?),
        WorkerCall::RunTile { item_id, filters, asker } => json(crate::dashboard::tile::run(pool, config, item_id, &filters, asker).await?),
        WorkerCall::SpreadsheetPage { project_id, sql, request, asker } => {
            json(crate::spreadsheet::page(pool, config, project_id, &sql, request, asker).await?)
        }
        WorkerCall::SpreadsheetColumns { project_id, sql, asker } => json(crate::spreadsheet::columns(pool, config, project_id, &sql, asker).await?),
        WorkerCall::RunSql { project_id, sql, limit, asker, through_key } => {
            json(crate::asking::answer::run_sql(pool, config, project_id, &sql, limit, asker, through_key.as_ref()).await?)
        }
        WorkerCall::ChangeCsvColumnType { project_id, table, column, family } => {
            json(crate::csv_import::change_column_type(pool, config, project_id, &table, &column, family).await?)
        }
        WorkerCall::TestLlm { org_id, settings, key } => json(llm::test_connectivity(pool, config, org_id, settings, key.map(SecretString::from)).await?),
        WorkerCall::ApplyLlm { acting, org_id, settings, key } => {
            json(llm::apply(pool, config, &acting, org_id, settings, key.map(SecretString::from)).await?.updated_at)
        }
    }
}

// The api's calls, one per operation, typed.

/// Connects with the settings and runs a trivial statement ([`datasource::test`]).
/// Connects with the settings and runs a trivial statement (ManageDataSource).
pub async fn test_data_source(services: &Services, acting: &Acting, project_id: Uuid, source_type: DataSourceType, properties: &Value) -> Result<()> {
    acting.may(&services.pool, Operation::ManageDataSource, project_id).await?;
    services.call(WorkerCall::TestDataSource { project_id, source_type, properties: properties.clone() }).await
}

/// Tests and saves (or, with `update`, changes) the project's data source.
pub async fn save_data_source(
    services: &Services,
    acting: &Acting,
    project_id: Uuid,
    source_type: DataSourceType,
    properties: &Value,
    update: bool,
) -> Result<DataSource> {
    acting.may(&services.pool, Operation::ManageDataSource, project_id).await?;
    services.call::<()>(WorkerCall::SaveDataSource { acting: acting.clone(), project_id, source_type, properties: properties.clone(), update }).await?;
    datasource::saved(&services.pool, project_id).await?.ok_or_else(|| Error::not_found("Data source"))
}

/// The source's tables and whether they all sit in one schema.
pub async fn source_tables(services: &Services, acting: &Acting, project_id: Uuid) -> Result<(Vec<SourceTable>, bool)> {
    acting.may(&services.pool, Operation::ReadDataSource, project_id).await?;
    services.call(WorkerCall::SourceTables { project_id }).await
}

/// The tables a sync is to copy as the source has them; the caller has checked who asks.
pub(crate) async fn check_sync_tables(
    services: &Services,
    project_id: Uuid,
    mode: crate::datasource::sync::SyncMode,
    tables: &[crate::datasource::sync::SyncTable],
) -> Result<Vec<crate::datasource::sync::SyncTable>> {
    services.call(WorkerCall::CheckSyncTables { project_id, mode, tables: tables.to_vec() }).await
}

/// A model (with its columns) for each chosen table, replacing earlier ones (SaveModels).
pub async fn save_tables(services: &Services, acting: &Acting, project_id: Uuid, tables: &[String]) -> Result<()> {
    acting.may(&services.pool, Operation::SaveModels, project_id).await?;
    services.call(WorkerCall::SaveTables { project_id, tables: tables.to_vec() }).await
}

/// Relationships worth adding between the models (ReadModels).
pub async fn recommended_relationships(services: &Services, acting: &Acting, project_id: Uuid) -> Result<Vec<Recommendation>> {
    acting.may(&services.pool, Operation::ReadModels, project_id).await?;
    services.call(WorkerCall::RecommendedRelationships { project_id }).await
}

/// Compares the source's tables with the models and records the difference (ManageDataSource).
pub async fn detect_schema_change(services: &Services, acting: &Acting, project_id: Uuid) -> Result<(SchemaChange, DateTime<Utc>)> {
    acting.may(&services.pool, Operation::ManageDataSource, project_id).await?;
    services.call(WorkerCall::DetectSchemaChange { project_id }).await
}

/// Applies the detected change to the models (SaveModels).
pub async fn resolve_schema_change(services: &Services, acting: &Acting, project_id: Uuid) -> Result<()> {
    acting.may(&services.pool, Operation::SaveModels, project_id).await?;
    services.call(WorkerCall::ResolveSchemaChange { project_id }).await
}

/// The dataset becomes the project's source and models ([`sample::prepare`], on a worker:
/// it may build the dataset first), then the first deploy starts.
/// Makes a sample dataset the project's data source (ManageDataSource), then starts its first
/// deploy.
pub async fn start_sample_dataset(services: &Services, acting: &Acting, project_id: Uuid, dataset: SampleDataset) -> Result<()> {
    acting.may(&services.pool, Operation::ManageDataSource, project_id).await?;
    services.call::<()>(WorkerCall::PrepareSampleDataset { project_id, dataset: dataset.as_str().to_owned() }).await?;
    crate::deploy::after_setup(services, project_id).await;
    Ok(())
}

/// A model to add: of one source table (with the chosen columns, all when none are named),
/// or of a SQL statement under a name.
#[derive(Debug, Clone, Default)]
pub struct NewModel {
    pub source_table: Option<String>,
    pub source_sql: Option<String>,
    pub name: Option<String>,
    pub columns: Vec<String>,
    pub primary_key: Option<String>,
}

/// Adds a model of one source table or of a SQL statement (SaveModels).
pub async fn create_model(services: &Services, acting: &Acting, project_id: Uuid, model: NewModel) -> Result<Uuid> {
    acting.may(&services.pool, Operation::SaveModels, project_id).await?;
    let call = match (model.source_table, model.source_sql) {
        (Some(table), None) => WorkerCall::CreateModel { project_id, table, columns: model.columns, primary_key: model.primary_key },
        (None, Some(sql)) => WorkerCall::CreateSqlModel { project_id, name: model.name.unwrap_or_default(), sql },
        _ => return Err(Error::invalid("Give either a source table or a SQL statement.")),
    };
    services.call(call).await
}

/// Chooses the model's columns again and its primary key (UpdateModels).
pub async fn update_model(services: &Services, acting: &Acting, model_id: Uuid, columns: &[String], primary_key: Option<&str>) -> Result<()> {
    owning_project(&services.pool, acting, Operation::UpdateModels, Owned::Model, model_id).await?;
    services.call(WorkerCall::UpdateModel { model_id, columns: columns.to_vec(), primary_key: primary_key.map(str::to_owned) }).await
}

/// Adds a calculated field to a model (SaveModels).
pub async fn create_calculated_field(services: &Services, acting: &Acting, model_id: Uuid, name: &str, expression: &str) -> Result<Uuid> {
    owning_project(&services.pool, acting, Operation::SaveModels, Owned::Model, model_id).await?;
    services.call(WorkerCall::CreateCalculatedField { model_id, name: name.to_owned(), expression: expression.to_owned() }).await
}

/// Changes a calculated field (UpdateModels).
pub async fn update_calculated_field(services: &Services, acting: &Acting, column_id: Uuid, name: &str, expression: &str) -> Result<()> {
    owning_project(&services.pool, acting, Operation::UpdateModels, Owned::Column, column_id).await?;
    services.call(WorkerCall::UpdateCalculatedField { column_id, name: name.to_owned(), expression: expression.to_owned() }).await
}

/// Saves a query over the models as a view, checked at the source first (SaveModels).
pub async fn create_view(services: &Services, acting: &Acting, project_id: Uuid, display_name: &str, statement: &str) -> Result<View> {
    acting.may(&services.pool, Operation::SaveModels, project_id).await?;
    let id: Uuid = services.call(WorkerCall::CreateView { project_id, display_name: display_name.to_owned(), statement: statement.to_owned() }).await?;
    edit::view(&services.pool, id).await
}

/// The first `limit` rows of a model or view as `asker` may read them (asked by [`crate::modeling::use_case`]).
pub(crate) async fn preview(services: &Services, asker: Uuid, project_id: Uuid, name: &str, limit: usize) -> Result<QueryResult> {
    services.call(WorkerCall::Preview { project_id, name: name.to_owned(), limit, asker: Some(asker) }).await
}

/// Sends one short request with the settings ([`llm::test_connectivity`]).
/// Runs a dashboard tile's SQL at the source ([`crate::dashboard::tile::run`]).
pub async fn run_tile(
    services: &Services,
    asker: Uuid,
    item_id: Uuid,
    filters: &[crate::dashboard::tile::DashboardFilter],
) -> Result<crate::dashboard::tile::TileRun> {
    services.call(WorkerCall::RunTile { item_id, filters: filters.to_vec(), asker: Some(asker) }).await
}

/// A page of a spreadsheet's rows, sorted and filtered at the source ([`crate::spreadsheet::page`]),
/// as `asker` may read them.
pub async fn spreadsheet_page(
    services: &Services,
    asker: Uuid,
    project_id: Uuid,
    sql: &str,
    request: crate::spreadsheet::grid::PageRequest,
) -> Result<crate::spreadsheet::Page> {
    services.call(WorkerCall::SpreadsheetPage { project_id, sql: sql.to_owned(), request, asker: Some(asker) }).await
}

/// The column names of a spreadsheet's SQL, as `asker` may read them.
pub async fn spreadsheet_columns(services: &Services, asker: Uuid, project_id: Uuid, sql: &str) -> Result<Vec<String>> {
    services.call(WorkerCall::SpreadsheetColumns { project_id, sql: sql.to_owned(), asker: Some(asker) }).await
}

/// SQL over the deployed models, run at the source ([`crate::asking::answer::run_sql`]) for
/// whoever may ask in the project: at most `limit` rows (1 to [`RUN_SQL_MAX_ROWS`]), one
/// read-only query (checked here too, so a refusal costs no trip to a worker).
pub async fn run_sql(services: &Services, acting: &Acting, project_id: Uuid, sql: &str, limit: usize) -> Result<QueryResult> {
    acting.may(&services.pool, Operation::Ask, project_id).await?;
    if limit == 0 || limit > RUN_SQL_MAX_ROWS {
        return Err(Error::invalid(format!("The limit must be from 1 to {RUN_SQL_MAX_ROWS}.")));
    }
    let (sql, _, _) = check_read_only(&services.pool, project_id, sql).await?;
    // Through an API key the data is seen as the key (its own session property values).
    services.call(WorkerCall::RunSql { project_id, sql, limit, asker: Some(acting.account.id), through_key: acting.through_key.clone() }).await
}

/// What `member` would get from `sql` (view as member, data-security): the SQL as compiled
/// for them, and their first rows, run at the source. For the project's owners, before a
/// policy is saved or to check one; the member must belong to the project's organisation.
pub async fn view_as_member(services: &Services, acting: &Acting, project_id: Uuid, member: Uuid, sql: &str) -> Result<(String, QueryResult)> {
    acting.may(&services.pool, Operation::ManageDataSecurity, project_id).await?;
    let known =
        sqlx::query_scalar!("SELECT 1 FROM org_members m JOIN projects p ON p.org_id = m.org_id WHERE p.id = $1 AND m.user_id = $2", project_id, member)
            .fetch_optional(&services.pool)
            .await?;
    if known.is_none() {
        return Err(Error::invalid("Only members of the organization can be viewed as."));
    }
    let (sql, manifest, dialect) = check_read_only(&services.pool, project_id, sql).await?;
    let viewer = crate::data_security::viewer(&services.pool, project_id, member).await?;
    let compiled = quarry_engine::compile::compile_as(&manifest, &viewer, &sql, dialect).map_err(crate::modeling::edit::compile_error)?;
    let result = services.call(WorkerCall::RunSql { project_id, sql, limit: VIEW_AS_ROWS, asker: Some(member), through_key: None }).await?;
    Ok((compiled, result))
}

/// The rows "view as member" shows.
pub const VIEW_AS_ROWS: usize = 100;

/// Changes the type of a column of an uploaded CSV file, where the CSV database is written
/// ([`crate::csv_import::change_column_type`]).
/// Changes the type of an uploaded table's column, and of the model columns that read it
/// (UpdateModels).
pub async fn change_csv_column_type(
    services: &Services,
    acting: &Acting,
    project_id: Uuid,
    table: &str,
    column: &str,
    family: ColumnTypeFamily,
) -> Result<TypeChange> {
    acting.may(&services.pool, Operation::UpdateModels, project_id).await?;
    services.call(WorkerCall::ChangeCsvColumnType { project_id, table: table.to_owned(), column: column.to_owned(), family }).await
}

pub async fn test_llm(services: &Services, org_id: Uuid, settings: ProviderSettings, key: Option<SecretString>) -> Result<()> {
    services.call(WorkerCall::TestLlm { org_id, settings, key: key.map(|k| k.expose_secret().to_owned()) }).await
}

/// Tests, then saves the settings as the organisation's provider.
pub async fn apply_llm(services: &Services, acting: &Acting, org_id: Uuid, settings: ProviderSettings, key: Option<SecretString>) -> Result<OrgLlm> {
    acting.may_in_org(&services.pool, Operation::ManageLlm, org_id).await?;
    let key = key.map(|k| k.expose_secret().to_owned());
    let _: DateTime<Utc> = services.call(WorkerCall::ApplyLlm { acting: acting.clone(), org_id, settings, key }).await?;
    llm::get(&services.pool, org_id).await?.ok_or_else(|| Error::internal("the language model was saved but cannot be read back"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn provider_calls_run_on_the_llm_pool_and_source_calls_on_sql() {
        let settings: ProviderSettings = serde_json::from_value(serde_json::json!({"provider": "openai", "chatModel": "gpt"})).unwrap();
        assert_eq!(WorkerCall::TestLlm { org_id: Uuid::nil(), settings, key: None }.pool(), WorkerPool::Llm);
        assert_eq!(WorkerCall::Preview { project_id: Uuid::nil(), name: "m".into(), limit: 1, asker: None }.pool(), WorkerPool::Sql);
    }

    #[test]
    fn a_call_survives_its_trip_and_keeps_no_secret_in_the_clear() {
        let keys = secrets::SecretKeys::new(&SecretString::from("a test key of enough length"), None);
        let call = WorkerCall::TestDataSource {
            project_id: Uuid::nil(),
            source_type: DataSourceType::Postgres,
            properties: serde_json::json!({"host": "db.example.com", "password": "hunter2-secret"}),
        };
        let sealed = secrets::encrypt(&keys, &serde_json::to_string(&call).unwrap());
        assert!(!sealed.contains("hunter2"), "{sealed}");
        let opened: WorkerCall = serde_json::from_str(secrets::decrypt(&keys, &sealed).unwrap().expose_secret()).unwrap();
        assert!(matches!(opened, WorkerCall::TestDataSource { properties, .. } if properties["password"] == "hunter2-secret"));
    }
}
