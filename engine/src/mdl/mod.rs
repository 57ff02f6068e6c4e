//! The semantic model (MDL): what a project's data means. Models (a table or a SQL
//! statement, with columns, a primary key and calculated fields), relationships between
//! models, views (named SQL over models) and metrics (measures by dimensions and time
//! grains). Versioned JSON: what the modeling page edits, what deploy compiles, and what
//! import and export exchange.

mod validate;

pub use validate::{MdlError, validate};

use serde::{Deserialize, Serialize};

/// The JSON layout version written by this code; older versions are upgraded on read.
pub const MDL_VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    pub version: u32,
    #[serde(default)]
    pub models: Vec<Model>,
    #[serde(default)]
    pub relationships: Vec<Relationship>,
    #[serde(default)]
    pub views: Vec<View>,
    #[serde(default)]
    pub metrics: Vec<Metric>,
    /// Data security: which rows of a model a viewer sees ([`RowPolicy`]) and which columns
    /// they may read ([`ColumnPolicy`]), by the viewer's session properties. Applied by the
    /// compiler wherever a model's source is read (see `compile::security`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub row_policies: Vec<RowPolicy>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub column_policies: Vec<ColumnPolicy>,
}

impl Default for Manifest {
    fn default() -> Self {
        Self {
            version: MDL_VERSION,
            models: Vec::new(),
            relationships: Vec::new(),
            views: Vec::new(),
            metrics: Vec::new(),
            row_policies: Vec::new(),
            column_policies: Vec::new(),
        }
    }
}

/// Rows of `model` a viewer sees: those where `condition` holds. The condition is SQL over
/// the model's columns; `@name` stands for the viewer's value of the session property
/// `name`, bound as a typed literal (`region = @sales_region`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RowPolicy {
    pub name: String,
    pub model: String,
    pub condition: String,
    /// Org owners and admins see every row (the policy says so; by default they do not).
    #[serde(default)]
    pub admins_exempt: bool,
}

/// `column` of `model` is readable only by a viewer whose value of `property` compares with
/// `threshold` by `operator` (a clearance of at least 3, a role equal to "hr").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ColumnPolicy {
    pub name: String,
    pub model: String,
    pub column: String,
    pub property: String,
    pub operator: FilterOperator,
    pub threshold: serde_json::Value,
    /// Org owners and admins read the column whatever their values.
    #[serde(default)]
    pub admins_exempt: bool,
}

/// How a session property's value is compared with a column policy's threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum), graphql(name = "PolicyOperator"))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum FilterOperator {
    Equals,
    NotEquals,
    GreaterThan,
    GreaterThanOrEquals,
    LessThan,
    LessThanOrEquals,
}

impl Manifest {
    /// Reads a manifest (any version this code knows) and checks it.
    pub fn from_json(json: &str) -> Result<Self, MdlError> {
        let manifest: Manifest = serde_json::from_str(json).map_err(|e| MdlError::Invalid(format!("not a valid MDL document: {e}")))?;
        if manifest.version == 0 || manifest.version > MDL_VERSION {
            return Err(MdlError::Invalid(format!("MDL version {} is not supported (this server reads versions 1 to {MDL_VERSION})", manifest.version)));
        }
        validate(&manifest)?;
        Ok(Manifest { version: MDL_VERSION, ..manifest })
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("an MDL manifest always serialises")
    }

    /// Case-insensitive, like SQL identifiers written without quotes.
    pub fn model(&self, name: &str) -> Option<&Model> {
        self.models.iter().find(|m| m.name.eq_ignore_ascii_case(name))
    }

    pub fn view(&self, name: &str) -> Option<&View> {
        self.views.iter().find(|v| v.name.eq_ignore_ascii_case(name))
    }

    pub fn metric(&self, name: &str) -> Option<&Metric> {
        self.metrics.iter().find(|m| m.name.eq_ignore_ascii_case(name))
    }

    pub fn relationship(&self, name: &str) -> Option<&Relationship> {
        self.relationships.iter().find(|r| r.name.eq_ignore_ascii_case(name))
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Properties {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Words the project taught for this model or column (a user's choice on an answer, an
    /// owner's addition on the modeling page); the ones derived from the name are not kept
    /// here but derived again (`question::vocabulary`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terms: Vec<Term>,
    /// Derived terms an owner removed: the name is no longer understood as these.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed_terms: Vec<String>,
    /// How a column's values read (a currency, a percentage, fixed decimals). On a model,
    /// only its `currency` counts: the currency of its columns formatted as money.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<DisplayFormat>,
}

/// How a column's values read wherever an answer shows them: the written answer, tables,
/// charts and tiles. The values themselves (and CSV exports) stay as they are.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DisplayFormat {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub style: Option<FormatStyle>,
    /// Digits after the decimal point; sensible ones for the style when `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decimals: Option<u8>,
    /// An ISO 4217 code ("USD", "EUR"); on a column, its model's currency when `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
}

/// The most digits after the decimal point a format may ask for.
pub const MAX_FORMAT_DECIMALS: u8 = 6;

impl DisplayFormat {
    /// Why a format cannot be kept, in words for the person who wrote it.
    pub fn problem(&self) -> Option<String> {
        if self.decimals.is_some_and(|d| d > MAX_FORMAT_DECIMALS) {
            return Some(format!("A format can show at most {MAX_FORMAT_DECIMALS} decimals."));
        }
        match &self.currency {
            Some(code) if code.len() != 3 || !code.bytes().all(|b| b.is_ascii_uppercase()) => {
                Some(format!("'{code}' is not a currency code: use three capital letters, such as USD or EUR."))
            }
            _ => None,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.style.is_none() && self.decimals.is_none() && self.currency.is_none()
    }
}

/// What kind of quantity a column holds, for how its numbers read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum FormatStyle {
    /// A plain number with thousands separators.
    Number,
    /// Money in the column's (or its model's) currency: "$1,234.50".
    Currency,
    /// A ratio shown as a percentage: 0.25 reads "25%".
    Percent,
}

/// A word or phrase a model or column is understood as, and where it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Term {
    pub text: String,
    pub source: TermSource,
}

/// Where a term came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "graphql", derive(async_graphql::Enum))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TermSource {
    /// The name's own words, split (`dep_delay` → "dep delay").
    Name,
    /// A short form expanded (`dest` → "destination").
    Abbreviation,
    /// Taught by a person of the project.
    Taught,
}

/// Where a model's rows come from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum ModelSource {
    /// A table (or view) of the data source.
    Table {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        catalog: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        schema: Option<String>,
        table: String,
    },
    /// A SQL statement in the source's own dialect.
    Sql { statement: String },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Model {
    pub name: String,
    pub source: ModelSource,
    pub columns: Vec<Column>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub primary_key: Option<String>,
    #[serde(default)]
    pub properties: Properties,
}

impl Model {
    pub fn column(&self, name: &str) -> Option<&Column> {
        self.columns.iter().find(|c| c.name.eq_ignore_ascii_case(name))
    }
}

/// What a column is: a column of the source, a calculated field, or the far side of a
/// relationship (which makes joins implicit: `orders.customer.name`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum ColumnKind {
    /// `source_column` of the model's source (defaults to the column's name).
    Source {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        source_column: Option<String>,
    },
    /// An expression over the model's columns and, through relationships, other models'
    /// (`SUM(orders.amount)` on customers).
    Calculated { expression: String },
    /// The model at the other end of a relationship.
    Relationship { relationship: String },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Column {
    pub name: String,
    /// The source's type name (for relationship columns, the target model's name).
    #[serde(rename = "type")]
    pub type_name: String,
    pub kind: ColumnKind,
    #[serde(default)]
    pub not_null: bool,
    /// Left out of what question engines see; still usable in SQL.
    #[serde(default)]
    pub hidden: bool,
    #[serde(default)]
    pub properties: Properties,
}

impl Column {
    pub fn source(name: &str, type_name: &str) -> Self {
        Self {
            name: name.to_owned(),
            type_name: type_name.to_owned(),
            kind: ColumnKind::Source { source_column: None },
            not_null: false,
            hidden: false,
            properties: Properties::default(),
        }
    }

    pub fn calculated(name: &str, type_name: &str, expression: &str) -> Self {
        Self { kind: ColumnKind::Calculated { expression: expression.to_owned() }, ..Self::source(name, type_name) }
    }

    pub fn relationship(name: &str, model: &str, relationship: &str) -> Self {
        Self { kind: ColumnKind::Relationship { relationship: relationship.to_owned() }, ..Self::source(name, model) }
    }

    /// The source column behind a source column.
    pub fn source_column(&self) -> Option<&str> {
        match &self.kind {
            ColumnKind::Source { source_column } => Some(source_column.as_deref().unwrap_or(&self.name)),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum JoinType {
    ManyToOne,
    OneToMany,
    OneToOne,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Relationship {
    pub name: String,
    /// `[from, to]`: `join_type` reads from the first to the second.
    pub models: [String; 2],
    pub join_type: JoinType,
    /// `orders.customer_id = customers.id`, written with model names.
    pub condition: String,
    #[serde(default)]
    pub properties: Properties,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct View {
    pub name: String,
    /// SQL over models and other views.
    pub statement: String,
    #[serde(default)]
    pub properties: Properties,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum DatePart {
    Year,
    Quarter,
    Month,
    Week,
    Day,
    Hour,
    Minute,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimeGrain {
    pub name: String,
    /// A column of the metric's base model.
    pub ref_column: String,
    pub date_parts: Vec<DatePart>,
}

/// Measures (aggregate expressions) by dimensions over a base model, with time grains.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Metric {
    pub name: String,
    pub base_object: String,
    #[serde(default)]
    pub dimensions: Vec<Column>,
    #[serde(default)]
    pub measures: Vec<Column>,
    #[serde(default)]
    pub time_grains: Vec<TimeGrain>,
    #[serde(default)]
    pub properties: Properties,
}
