//! Data security, applied by the compiler where a model's source is read (`model::local_sql`)
//! and nowhere else: however a query reaches a model — by name, under an alias, through a
//! view, a metric, a relationship's calculated field — its rows pass the model's row policies
//! and its restricted columns cannot be read.
//!
//! A viewer is what the compiler knows of who is asking: the values of their session
//! properties, already resolved by the policy scope (one value, or a set for COMBINED). Row
//! policies bind those values into their conditions as typed literals, never as spliced text.
//! Everything fails closed: a property the viewer has no value for, a value whose type does
//! not fit the column it is compared with, a set compared by anything but equality — each
//! leaves the model with no rows; a column policy that cannot be decided restricts the column.

use super::{CompileError, Dialect};
use crate::mdl::{Column, ColumnPolicy, FilterOperator, Manifest, Model, RowPolicy};
use sqlparser::{
    ast::{BinaryOperator, Expr, Ident, visit_expressions, visit_expressions_mut},
    parser::Parser,
};
use std::{
    collections::{BTreeMap, BTreeSet, HashMap},
    ops::ControlFlow,
};

/// One value of a session property.
#[derive(Debug, Clone, PartialEq)]
pub enum Scalar {
    Bool(bool),
    Number(f64),
    Text(String),
}

/// Who is asking, as the compiler sees it: their session properties' values by name (lower
/// case). A property absent here has no value for this viewer.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Viewer {
    values: BTreeMap<String, Vec<Scalar>>,
    /// An org owner or admin: policies that exempt them do not apply.
    administrator: bool,
}

impl Viewer {
    /// A viewer with no property values: sees no row of a model with a row policy and no
    /// column with a column policy.
    pub fn nobody() -> Self {
        Self::default()
    }

    /// The viewer with `values` for property `name` (one, or a set to match any of).
    pub fn with(mut self, name: &str, values: Vec<Scalar>) -> Self {
        self.values.insert(name.to_lowercase(), values);
        self
    }

    /// The viewer as an org owner or admin, whom policies saying so do not apply to.
    pub fn as_administrator(mut self) -> Self {
        self.administrator = true;
        self
    }

    /// Whether `policy_exempts_admins` leaves this viewer out.
    fn exempt(&self, policy_exempts_admins: bool) -> bool {
        self.administrator && policy_exempts_admins
    }

    fn values(&self, name: &str) -> Option<&[Scalar]> {
        self.values.get(&name.to_lowercase()).map(Vec::as_slice).filter(|v| !v.is_empty())
    }

    /// A stable text for this viewer's values, for keys of caches shared between viewers.
    pub fn fingerprint(&self) -> String {
        let values = self.values.iter().map(|(name, values)| format!("{name}={values:?}")).collect::<Vec<_>>().join(";");
        if self.administrator { format!("admin;{values}") } else { values }
    }
}

/// The rows of a model a viewer sees.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Rows {
    All,
    /// Those where this condition (over the model's columns, values bound) holds.
    Where(String),
    None,
}

/// What one viewer gets of one model.
#[derive(Debug, Clone)]
pub(super) struct ModelAccess {
    pub(super) rows: Rows,
    /// Columns the viewer may not read, lower case.
    pub(super) restricted: BTreeSet<String>,
}

/// What one viewer gets of every model with a policy.
#[derive(Debug, Clone, Default)]
pub(super) struct Access {
    models: HashMap<String, ModelAccess>,
}

impl Access {
    /// The policies of `manifest` decided for `viewer`.
    pub(super) fn of(manifest: &Manifest, viewer: &Viewer, dialect: Dialect) -> Result<Self, CompileError> {
        let mut models: HashMap<String, ModelAccess> = HashMap::new();
        let entry = |models: &mut HashMap<String, ModelAccess>, name: &str| -> ModelAccess {
            models.remove(&name.to_lowercase()).unwrap_or(ModelAccess { rows: Rows::All, restricted: BTreeSet::new() })
        };
        for policy in manifest.row_policies.iter().filter(|p| !viewer.exempt(p.admins_exempt)) {
            let model = manifest.model(&policy.model).ok_or_else(|| invalid("its model does not exist"))?;
            let mut access = entry(&mut models, &model.name);
            access.rows = match (access.rows, bind(dialect, model, policy, viewer)?) {
                (Rows::None, _) | (_, Rows::None) => Rows::None,
                (Rows::All, other) => other,
                (Rows::Where(a), Rows::Where(b)) => Rows::Where(format!("({a}) AND ({b})")),
                (Rows::Where(a), Rows::All) => Rows::Where(a),
            };
            models.insert(model.name.to_lowercase(), access);
        }
        for policy in manifest.column_policies.iter().filter(|p| !viewer.exempt(p.admins_exempt)) {
            let model = manifest.model(&policy.model).ok_or_else(|| CompileError::InvalidPolicy("its model does not exist".into()))?;
            let mut access = entry(&mut models, &model.name);
            if !readable(policy, viewer) {
                access.restricted.insert(policy.column.to_lowercase());
            }
            models.insert(model.name.to_lowercase(), access);
        }
        Ok(Self { models })
    }

    /// No policy applied: for checking a model's SQL while it is edited, never for running.
    pub(super) fn checking_only() -> Self {
        Self::default()
    }

    pub(super) fn model(&self, name: &str) -> Option<&ModelAccess> {
        self.models.get(&name.to_lowercase())
    }
}

fn invalid(why: &str) -> CompileError {
    CompileError::InvalidPolicy(why.to_owned())
}

/// The manifest as it may be described to `viewer` (to a language model writing SQL for them,
/// in suggested questions): the columns a column policy keeps from them left out, with the
/// calculated fields that read them. It is for describing only: what runs is still compiled
/// with [`super::compile_as`], which refuses those columns whatever the description said.
pub fn described(manifest: &Manifest, viewer: &Viewer) -> Manifest {
    let mut out = manifest.clone();
    for model in &mut out.models {
        let restricted: Vec<String> = manifest
            .column_policies
            .iter()
            .filter(|p| p.model.eq_ignore_ascii_case(&model.name) && !viewer.exempt(p.admins_exempt) && !readable(p, viewer))
            .map(|p| p.column.to_lowercase())
            .collect();
        if restricted.is_empty() {
            continue;
        }
        let reads_restricted = |c: &Column| match &c.kind {
            crate::mdl::ColumnKind::Calculated { expression } => {
                let words: Vec<String> = expression.split(|ch: char| !(ch.is_alphanumeric() || ch == '_')).map(str::to_lowercase).collect();
                restricted.iter().any(|r| words.contains(r))
            }
            _ => false,
        };
        model.columns.retain(|c| !restricted.contains(&c.name.to_lowercase()) && !reads_restricted(c));
    }
    out
}

/// Checks a row policy before it is saved: its model exists, its condition parses, reads only
/// the model's own columns and the named properties (`properties`: name → an example value
/// of its type), and has no subquery. The message says what is wrong.
pub fn check_row_policy(manifest: &Manifest, dialect: Dialect, policy: &RowPolicy, properties: &[(String, Scalar)]) -> Result<(), CompileError> {
    let model = manifest.model(&policy.model).ok_or_else(|| invalid("its model does not exist"))?;
    let viewer = properties.iter().fold(Viewer::nobody(), |v, (name, value)| v.with(name, vec![value.clone()]));
    let (_, used) = parse(dialect, model, policy)?;
    if let Some(missing) = used.iter().find(|name| viewer.values(name).is_none()) {
        return Err(invalid(&format!("there is no session property \"{missing}\"")));
    }
    bind(dialect, model, policy, &viewer).map(|_| ())
}

/// Checks a column policy before it is saved: its model and column exist and its threshold
/// is a number, text or yes/no.
pub fn check_column_policy(manifest: &Manifest, policy: &ColumnPolicy) -> Result<(), CompileError> {
    let fail = |why: &str| CompileError::InvalidPolicy(why.to_owned());
    let model = manifest.model(&policy.model).ok_or_else(|| fail("its model does not exist"))?;
    if !model.columns.iter().any(|c| c.name.eq_ignore_ascii_case(&policy.column)) {
        return Err(fail(&format!("{} has no column \"{}\"", model.name, policy.column)));
    }
    if scalar_of(&policy.threshold).is_none() {
        return Err(fail("its threshold must be a number, a text or true/false"));
    }
    Ok(())
}

/// The placeholder a property reference stands as while its condition is parsed.
const PLACEHOLDER: &str = "__quarry_property_";

/// The condition with each `@name` (outside quotes) made a placeholder identifier, parsed;
/// and the property names it uses, by placeholder number.
fn parse(dialect: Dialect, model: &Model, policy: &RowPolicy) -> Result<(Expr, Vec<String>), CompileError> {
    let mut text = String::new();
    let mut used: Vec<String> = Vec::new();
    let mut chars = policy.condition.chars().peekable();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), _) if c == q => {
                quote = None;
                text.push(c);
            }
            (Some(_), _) => text.push(c),
            (None, '\'' | '"' | '`') => {
                quote = Some(c);
                text.push(c);
            }
            (None, '@') => {
                let mut name = String::new();
                while let Some(&n) = chars.peek().filter(|n| n.is_alphanumeric() || **n == '_') {
                    name.push(n);
                    chars.next();
                }
                if name.is_empty() {
                    return Err(invalid("\"@\" must be followed by a session property's name"));
                }
                let name = name.to_lowercase();
                let at = used.iter().position(|u| *u == name).unwrap_or_else(|| {
                    used.push(name.clone());
                    used.len() - 1
                });
                text.push_str(&format!("{PLACEHOLDER}{at}"));
            }
            (None, _) => text.push(c),
        }
    }
    if quote.is_some() {
        return Err(invalid("a quote is not closed"));
    }
    let expr = Parser::new(dialect.parser().as_ref())
        .try_with_sql(&text)
        .and_then(|mut p| {
            let expr = p.parse_expr()?;
            p.expect_token(&sqlparser::tokenizer::Token::EOF)?;
            Ok(expr)
        })
        .map_err(|e| invalid(&format!("the condition does not parse: {e}")))?;
    // Only the model's own columns and the properties; no subquery.
    let mut problem: Option<String> = None;
    let _ = visit_expressions(&expr, |e: &Expr| {
        let found = match e {
            Expr::Subquery(_) | Expr::Exists { .. } | Expr::InSubquery { .. } => Some("a condition may not contain a subquery".to_owned()),
            Expr::CompoundIdentifier(parts) => {
                Some(format!("write \"{}\" as a column of {}", parts.iter().map(|p| p.value.as_str()).collect::<Vec<_>>().join("."), model.name))
            }
            Expr::Identifier(ident) if !ident.value.starts_with(PLACEHOLDER) && column(model, &ident.value).is_none() => {
                Some(format!("{} has no column \"{}\"", model.name, ident.value))
            }
            _ => None,
        };
        match found {
            Some(p) => {
                problem = Some(p);
                ControlFlow::Break(())
            }
            None => ControlFlow::Continue(()),
        }
    });
    match problem {
        Some(p) => Err(invalid(&p)),
        None => Ok((expr, used)),
    }
}

fn column<'m>(model: &'m Model, name: &str) -> Option<&'m Column> {
    model.columns.iter().find(|c| c.name.eq_ignore_ascii_case(name) && c.source_column().is_some())
}

/// A column's kind of value, as far as comparing it with a property goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Bool,
    Number,
    Text,
}

fn kind_of(column: &Column) -> Kind {
    let t = column.type_name.to_uppercase();
    if t.contains("BOOL") {
        Kind::Bool
    } else if ["INT", "DEC", "NUM", "DOUBLE", "FLOAT", "REAL"].iter().any(|n| t.contains(n)) {
        Kind::Number
    } else {
        Kind::Text
    }
}

fn kind_of_scalar(value: &Scalar) -> Kind {
    match value {
        Scalar::Bool(_) => Kind::Bool,
        Scalar::Number(_) => Kind::Number,
        Scalar::Text(_) => Kind::Text,
    }
}

/// The policy's rows for `viewer`: its condition with the viewer's values bound, or none
/// when a value is missing or does not fit.
fn bind(dialect: Dialect, model: &Model, policy: &RowPolicy, viewer: &Viewer) -> Result<Rows, CompileError> {
    let (mut expr, used) = parse(dialect, model, policy)?;
    let mut values: Vec<&[Scalar]> = Vec::new();
    for name in &used {
        match viewer.values(name) {
            Some(v) => values.push(v),
            None => return Ok(Rows::None),
        }
    }
    let placeholder = |e: &Expr| match e {
        Expr::Identifier(Ident { value, .. }) => value.strip_prefix(PLACEHOLDER).and_then(|n| n.parse::<usize>().ok()),
        _ => None,
    };
    let literal = |v: &Scalar| -> Option<Expr> {
        let text = match v {
            Scalar::Bool(b) => if *b { "TRUE" } else { "FALSE" }.to_owned(),
            Scalar::Number(n) if n.is_finite() => format!("{n}"),
            Scalar::Number(_) => return None,
            Scalar::Text(t) => dialect.text_literal(t),
        };
        Parser::new(dialect.parser().as_ref()).try_with_sql(&text).and_then(|mut p| p.parse_expr()).ok()
    };
    let mut closed = false;
    // Comparisons of a column with a property: typed, and a set read as IN.
    let _ = visit_expressions_mut(&mut expr, |e: &mut Expr| {
        let Expr::BinaryOp { left, op, right } = e else { return ControlFlow::<()>::Continue(()) };
        let (col, at) = match (placeholder(left), placeholder(right)) {
            (None, Some(at)) => (left.as_ref(), at),
            (Some(at), None) => (right.as_ref(), at),
            _ => return ControlFlow::Continue(()),
        };
        let Expr::Identifier(ident) = col else { return ControlFlow::Continue(()) };
        let Some(column) = column(model, &ident.value) else { return ControlFlow::Continue(()) };
        let given = values[at];
        if given.iter().any(|v| kind_of_scalar(v) != kind_of(column)) {
            closed = true;
            return ControlFlow::Break(());
        }
        if given.len() > 1 {
            let negated = match op {
                BinaryOperator::Eq => false,
                BinaryOperator::NotEq => true,
                _ => {
                    closed = true;
                    return ControlFlow::Break(());
                }
            };
            let Some(list) = given.iter().map(literal).collect::<Option<Vec<_>>>() else {
                closed = true;
                return ControlFlow::Break(());
            };
            *e = Expr::InList { expr: Box::new(col.clone()), list, negated };
        }
        ControlFlow::Continue(())
    });
    if closed {
        return Ok(Rows::None);
    }
    // Every other reference: its one value.
    let _ = visit_expressions_mut(&mut expr, |e: &mut Expr| {
        if let Some(at) = placeholder(e) {
            match values[at] {
                [one] => match literal(one) {
                    Some(l) => *e = l,
                    None => closed = true,
                },
                _ => closed = true,
            }
        }
        ControlFlow::<()>::Continue(())
    });
    if closed {
        return Ok(Rows::None);
    }
    Ok(Rows::Where(expr.to_string()))
}

fn scalar_of(value: &serde_json::Value) -> Option<Scalar> {
    match value {
        serde_json::Value::Bool(b) => Some(Scalar::Bool(*b)),
        serde_json::Value::Number(n) => n.as_f64().map(Scalar::Number),
        serde_json::Value::String(s) => Some(Scalar::Text(s.clone())),
        _ => None,
    }
}

/// Whether `viewer` may read the column of `policy`: each of their values compares with the
/// threshold as the operator says; no value, or one of another type, does not.
fn readable(policy: &ColumnPolicy, viewer: &Viewer) -> bool {
    let (Some(values), Some(threshold)) = (viewer.values(&policy.property), scalar_of(&policy.threshold)) else { return false };
    values.iter().all(|value| {
        let order = match (value, &threshold) {
            (Scalar::Number(a), Scalar::Number(b)) => a.partial_cmp(b),
            (Scalar::Text(a), Scalar::Text(b)) => Some(a.cmp(b)),
            (Scalar::Bool(a), Scalar::Bool(b)) => Some(a.cmp(b)),
            _ => None,
        };
        let Some(order) = order else { return false };
        use std::cmp::Ordering::*;
        match policy.operator {
            FilterOperator::Equals => order == Equal,
            FilterOperator::NotEquals => order != Equal,
            FilterOperator::GreaterThan => order == Greater,
            FilterOperator::GreaterThanOrEquals => order != Less,
            FilterOperator::LessThan => order == Less,
            FilterOperator::LessThanOrEquals => order != Greater,
        }
    })
}
