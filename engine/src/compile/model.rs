//! One model as SQL: its source with columns renamed, calculated fields over its own
//! columns, and calculated fields that reach along a relationship.
//!
//! A field over a to-one relationship (`customer.country` on orders) joins the related
//! model once per relationship column. A field over a to-many relationship
//! (`SUM(orders.amount)` on customers) is aggregated per join key in a subquery first and
//! then joined, so the model keeps exactly one row per row of its source: no fan-out,
//! however many such fields a query uses.

use super::{
    CompileError, Dialect,
    security::{Access, Rows},
    usage::Needed,
};
use crate::mdl::{Column, ColumnKind, JoinType, Manifest, Model, ModelSource, Relationship};
use sqlparser::{
    ast::{BinaryOperator, Expr, FunctionArguments, visit_expressions, visit_expressions_mut},
    parser::Parser,
    tokenizer::Token,
};
use std::ops::ControlFlow;

pub(super) fn model_sql(manifest: &Manifest, dialect: Dialect, model: &Model, needed: &Needed, access: &Access) -> Result<String, CompileError> {
    let q = |name: &str| dialect.quote(name);
    let fields: Vec<CalculatedField<'_>> = calculated_fields(manifest, dialect, model)?.into_iter().filter(|f| needed.has(&f.column.name)).collect();
    // The source columns the wanted fields are made of, and the keys their joins use.
    let mut wanted = needed.clone();
    let mut related_needs: Vec<(String, Needed)> = Vec::new();
    for field in &fields {
        let expr = parse_expr(dialect, &field.expression)?;
        let names = identifiers(&expr);
        match &field.via {
            None => wanted = wanted.with(names.iter().map(|(_, last)| last.as_str())),
            Some(via) => {
                let (relationship, other) = related(manifest, model, via)?;
                let pairs = key_pairs(dialect, relationship, model, other)?;
                wanted = wanted.with(pairs.iter().map(|(ours, _)| ours.as_str()));
                let theirs = names.iter().filter(|(first, _)| first.eq_ignore_ascii_case(via)).map(|(_, last)| last.as_str());
                let their_needs = Needed::named(theirs.chain(pairs.iter().map(|(_, t)| t.as_str())));
                match related_needs.iter_mut().find(|(name, _)| name == via) {
                    Some((_, existing)) => *existing = existing.union(&their_needs),
                    None => related_needs.push((via.clone(), their_needs)),
                }
            }
        }
    }
    let local = local_sql(dialect, model, &fields, &wanted, access)?;
    let mut joins = Vec::new();
    let mut values = Vec::new();
    let mut joined = Vec::new();
    // The related model's own SQL, once per relationship column however many fields use it.
    let mut related_sql: Vec<(String, String)> = Vec::new();
    for CalculatedField { column, expression, via } in &fields {
        let Some(via) = via else { continue };
        let (relationship, other) = related(manifest, model, via)?;
        let other_sql = match related_sql.iter().find(|(name, _)| name == via) {
            Some((_, sql)) => sql.clone(),
            None => {
                let their_needs = related_needs.iter().find(|(name, _)| name == via).map(|(_, n)| n.clone()).unwrap_or(Needed::All);
                let their_fields: Vec<CalculatedField<'_>> =
                    calculated_fields(manifest, dialect, other)?.into_iter().filter(|f| f.via.is_none() && their_needs.has(&f.column.name)).collect();
                let sql = local_sql(dialect, other, &their_fields, &their_needs, access)?;
                related_sql.push((via.clone(), sql.clone()));
                sql
            }
        };
        let pairs = key_pairs(dialect, relationship, model, other)?;
        if to_many(relationship, model) {
            let alias = format!("__{}", column.name);
            let keys: Vec<String> = pairs.iter().enumerate().map(|(i, (_, theirs))| format!("{} AS {}", q(theirs), q(&format!("k{i}")))).collect();
            let group: Vec<String> = pairs.iter().map(|(_, theirs)| q(theirs)).collect();
            let on: Vec<String> =
                pairs.iter().enumerate().map(|(i, (ours, _))| format!("{}.{} = {}.{}", q(&alias), q(&format!("k{i}")), q(&model.name), q(ours))).collect();
            joins.push(format!(
                "LEFT JOIN (SELECT {}, ({expression}) AS {} FROM ({}) AS {} GROUP BY {}) AS {} ON {}",
                keys.join(", "),
                q("value"),
                other_sql,
                q(via),
                group.join(", "),
                q(&alias),
                on.join(" AND ")
            ));
            // Rows with nothing on the other side count zero, not NULL.
            let value = format!("{}.{}", q(&alias), q("value"));
            let value = if is_count(expression) { format!("COALESCE({value}, 0)") } else { value };
            values.push(format!("{value} AS {}", q(&column.name)));
        } else {
            if !joined.contains(via) {
                let on: Vec<String> = pairs.iter().map(|(ours, theirs)| format!("{}.{} = {}.{}", q(via), q(theirs), q(&model.name), q(ours))).collect();
                joins.push(format!("LEFT JOIN ({other_sql}) AS {} ON {}", q(via), on.join(" AND ")));
                joined.push(via.clone());
            }
            values.push(format!("({expression}) AS {}", q(&column.name)));
        }
    }
    if joins.is_empty() {
        return Ok(local);
    }
    Ok(format!("SELECT {}.*, {} FROM ({local}) AS {} {}", q(&model.name), values.join(", "), q(&model.name), joins.join(" ")))
}

/// Checks a calculated field before it is saved: the expression parses, names only columns
/// of `model` or, through one relationship column, of the related model, aggregates when
/// (and only when) it reaches a to-many relationship, and compiles.
pub fn check_calculated_field(manifest: &Manifest, dialect: Dialect, model: &Model, expression: &str) -> Result<(), CompileError> {
    let invalid = |reason: String| CompileError::InvalidField(reason);
    let expr = parse_expr(dialect, expression)?;
    let via = relationship_used(dialect, model, expression)?;
    let related = via.as_deref().map(|via| related(manifest, model, via)).transpose()?;
    let mut unknown: Option<String> = None;
    let mut aggregates = false;
    let _ = visit_expressions(&expr, |e: &Expr| {
        match e {
            Expr::Identifier(ident) => match model.column(&ident.value) {
                Some(c) if matches!(c.kind, ColumnKind::Source { .. }) => {}
                Some(c) if matches!(c.kind, ColumnKind::Calculated { .. }) => {
                    unknown.get_or_insert(format!("\"{}\" is a calculated field; use the columns it is made of", c.name));
                }
                _ => {
                    unknown.get_or_insert(format!("{} has no column \"{}\"", model.name, ident.value));
                }
            },
            Expr::CompoundIdentifier(parts) if parts.len() == 2 => match (&related, model.column(&parts[0].value)) {
                (Some((_, other)), Some(c)) if matches!(c.kind, ColumnKind::Relationship { .. }) => {
                    if other.column(&parts[1].value).is_none_or(|c| !matches!(c.kind, ColumnKind::Source { .. })) {
                        unknown.get_or_insert(format!("{} has no column \"{}\"", other.name, parts[1].value));
                    }
                }
                _ => {
                    unknown.get_or_insert(format!("{} has no relationship \"{}\"", model.name, parts[0].value));
                }
            },
            Expr::CompoundIdentifier(parts) => {
                let name = parts.iter().map(|p| p.value.as_str()).collect::<Vec<_>>().join(".");
                unknown.get_or_insert(format!("\"{name}\" reaches further than one relationship"));
            }
            Expr::Function(f) => {
                let name = f.name.to_string().to_uppercase();
                aggregates |= AGGREGATES.contains(&name.as_str());
            }
            Expr::Subquery(_) | Expr::Exists { .. } | Expr::InSubquery { .. } => {
                unknown.get_or_insert("subqueries are not allowed in a calculated field".to_owned());
            }
            _ => {}
        }
        ControlFlow::<()>::Continue(())
    });
    if let Some(reason) = unknown {
        return Err(invalid(reason));
    }
    let many = related.is_some_and(|(relationship, _)| to_many(relationship, model));
    if many && !aggregates {
        return Err(invalid(format!(
            "\"{}\" holds many rows per {} row; aggregate it (SUM, AVG, COUNT, COUNT_IF, MAX or MIN)",
            via.unwrap_or_default(),
            model.name
        )));
    }
    if aggregates && !many {
        return Err(invalid("aggregate functions need a to-many relationship to aggregate over (e.g. SUM(orders.amount))".to_owned()));
    }
    model_sql(manifest, dialect, model, &Needed::All, &Access::checking_only()).map(|_| ())
}

/// The aggregate functions a calculated field may use across a to-many relationship.
const AGGREGATES: [&str; 7] = ["SUM", "AVG", "COUNT", "COUNT_IF", "MAX", "MIN", "ANY_VALUE"];

/// A calculated field and the relationship column it reaches through, if any.
struct CalculatedField<'m> {
    column: &'m Column,
    /// In the dialect's own functions (see [`portable`]).
    expression: String,
    via: Option<String>,
}

fn calculated_fields<'m>(manifest: &Manifest, dialect: Dialect, model: &'m Model) -> Result<Vec<CalculatedField<'m>>, CompileError> {
    let mut fields = Vec::new();
    for column in &model.columns {
        if let ColumnKind::Calculated { expression } = &column.kind {
            let via = relationship_used(dialect, model, expression)?;
            let other = match &via {
                Some(via) => Some((via.as_str(), related(manifest, model, via)?.1)),
                None => None,
            };
            let written = columns_quoted(dialect, model, other, &portable(dialect, expression)?)?;
            fields.push(CalculatedField { column, expression: written, via });
        }
    }
    Ok(fields)
}

/// The model's own columns (those `needed`) and the calculated fields that stay within it.
/// The model's own rows: its source's columns renamed, and calculated fields over them. The
/// one place a model's source is read, so the one place its data-security policies apply:
/// a restricted column the query needs fails it; the rows are those the row policies let
/// the viewer see.
fn local_sql(dialect: Dialect, model: &Model, fields: &[CalculatedField<'_>], needed: &Needed, access: &Access) -> Result<String, CompileError> {
    let q = |name: &str| dialect.quote(name);
    let policy = access.model(&model.name);
    let restricted = |name: &str| policy.is_some_and(|p| p.restricted.contains(&name.to_lowercase()));
    if model.columns.iter().any(|c| needed.has(&c.name) && restricted(&c.name)) {
        return Err(CompileError::Restricted);
    }
    let from = match &model.source {
        ModelSource::Table { catalog, schema, table } => {
            [catalog.as_deref(), schema.as_deref(), Some(table.as_str())].into_iter().flatten().map(q).collect::<Vec<_>>().join(".")
        }
        ModelSource::Sql { statement } => format!("({}) AS {}", statement.trim().trim_end_matches(';'), q("source")),
    };
    let sources = || model.columns.iter().filter_map(|c| c.source_column().map(|source| (c, source)));
    let mut chosen: Vec<(&Column, &str)> = sources().filter(|(c, _)| needed.has(&c.name)).collect();
    if chosen.is_empty() {
        // Nothing named (`SELECT count(*) FROM m`): one column keeps one row per source row.
        chosen.extend(sources().filter(|(c, _)| !restricted(&c.name)).take(1));
    }
    let renamed = |list: &[(&Column, &str)]| list.iter().map(|(c, source)| format!("{} AS {}", q(source), q(&c.name))).collect::<Vec<_>>().join(", ");
    let select = if chosen.is_empty() { "*".to_owned() } else { renamed(&chosen) };
    let base = match policy.map(|p| &p.rows) {
        None | Some(Rows::All) => format!("SELECT {select} FROM {from}"),
        Some(Rows::None) => format!("SELECT {select} FROM {from} WHERE 1 = 0"),
        // The condition reads the model's columns by name: every source column is selected
        // under its model name and filtered, then only what was wanted is kept.
        Some(Rows::Where(condition)) => {
            let all: Vec<(&Column, &str)> = sources().collect();
            let kept = if chosen.is_empty() { "*".to_owned() } else { chosen.iter().map(|(c, _)| q(&c.name)).collect::<Vec<_>>().join(", ") };
            format!("SELECT {kept} FROM (SELECT {} FROM {from}) AS {} WHERE {condition}", renamed(&all), q(&model.name))
        }
    };
    let calculated: Vec<String> = fields.iter().filter(|f| f.via.is_none()).map(|f| format!("({}) AS {}", f.expression, q(&f.column.name))).collect();
    Ok(if calculated.is_empty() { base } else { format!("SELECT *, {} FROM ({base}) AS {}", calculated.join(", "), q(&model.name)) })
}

/// The expression with each unquoted name of a column quoted as the column is spelled: a
/// bare name of one of the model's columns, and `via.column` of the related model it reaches
/// through. Engines that fold unquoted names (Postgres and Redshift to lower case, Snowflake
/// to upper) would not find `UnitPrice` otherwise. DuckDB compares names without case and
/// gets the expression as it is.
fn columns_quoted(dialect: Dialect, model: &Model, related: Option<(&str, &Model)>, expression: &str) -> Result<String, CompileError> {
    if dialect == Dialect::DuckDb {
        return Ok(expression.to_owned());
    }
    let mut expr = parse_expr(dialect, expression)?;
    let quote = dialect.quote("").chars().next();
    let spelled = |model: &Model, ident: &mut sqlparser::ast::Ident| {
        if ident.quote_style.is_none()
            && let Some(column) = model.columns.iter().find(|c| c.name.eq_ignore_ascii_case(&ident.value))
        {
            ident.value = column.name.clone();
            ident.quote_style = quote;
        }
    };
    let _ = visit_expressions_mut(&mut expr, |e: &mut Expr| {
        match e {
            Expr::Identifier(ident) => spelled(model, ident),
            Expr::CompoundIdentifier(parts) if parts.len() == 2 => {
                if let Some((via, other)) = related
                    && parts[0].value.eq_ignore_ascii_case(via)
                {
                    if parts[0].quote_style.is_none() {
                        parts[0].value = via.to_owned();
                        parts[0].quote_style = quote;
                    }
                    spelled(other, &mut parts[1]);
                }
            }
            _ => {}
        }
        ControlFlow::<()>::Continue(())
    });
    Ok(expr.to_string())
}

/// `(first part, last part)` of every column name in an expression (`("x", "x")` for a bare one).
fn identifiers(expr: &Expr) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let _ = visit_expressions(expr, |e: &Expr| {
        match e {
            Expr::Identifier(ident) => found.push((ident.value.clone(), ident.value.clone())),
            Expr::CompoundIdentifier(parts) if !parts.is_empty() => found.push((parts[0].value.clone(), parts[parts.len() - 1].value.clone())),
            _ => {}
        }
        ControlFlow::<()>::Continue(())
    });
    found
}

/// The expression written with functions the dialect has: of the functions of PRODUCT.md §3,
/// COUNT_IF becomes a COUNT of a CASE outside DuckDB, and MySQL gets its cube root from POW
/// and the character count of LENGTH from CHAR_LENGTH.
pub(super) fn portable(dialect: Dialect, expression: &str) -> Result<String, CompileError> {
    let mut expr = parse_expr(dialect, expression)?;
    if dialect == Dialect::DuckDb {
        // Written back from what was parsed, never pasted as typed.
        return Ok(expr.to_string());
    }
    let mut failed = None;
    let _ = visit_expressions_mut(&mut expr, |e: &mut Expr| {
        if let Expr::Function(f) = e {
            let args: Vec<String> = match &f.args {
                FunctionArguments::List(list) => list.args.iter().map(ToString::to_string).collect(),
                _ => Vec::new(),
            };
            let rewritten = match (f.name.to_string().to_uppercase().as_str(), dialect, args.as_slice()) {
                ("COUNT_IF", _, [condition]) => Some(format!("COUNT(CASE WHEN {condition} THEN 1 END)")),
                ("CBRT", Dialect::MySql, [x]) => Some(format!("SIGN({x}) * POW(ABS({x}), 1.0 / 3)")),
                ("LENGTH", Dialect::MySql, [x]) => Some(format!("CHAR_LENGTH({x})")),
                _ => None,
            };
            if let Some(text) = rewritten {
                match parse_expr(dialect, &text) {
                    Ok(new) => *e = new,
                    Err(error) => failed = Some(error),
                }
            }
        }
        ControlFlow::<()>::Continue(())
    });
    match failed {
        Some(error) => Err(error),
        None => Ok(expr.to_string()),
    }
}

fn is_count(expression: &str) -> bool {
    let upper = expression.trim().to_uppercase();
    (upper.starts_with("COUNT(") || upper.starts_with("COUNT_IF(")) && upper.ends_with(')')
}

/// The whole of `text` as one expression: text left after it (`x) AS y FROM other --`)
/// would be pasted into the compiled SQL, so it is an error, not ignored.
fn parse_expr(dialect: Dialect, text: &str) -> Result<Expr, CompileError> {
    let invalid = |reason: String| CompileError::InvalidField(format!("\"{text}\": {reason}"));
    let parser_dialect = dialect.parser();
    let mut parser = Parser::new(parser_dialect.as_ref()).try_with_sql(text).map_err(|e| invalid(e.to_string()))?;
    let expr = parser.parse_expr().map_err(|e| invalid(e.to_string()))?;
    match parser.peek_token().token {
        Token::EOF => Ok(expr),
        rest => Err(invalid(format!("unexpected {rest} after the expression"))),
    }
}

/// The relationship column an expression reaches through (`orders` in `SUM(orders.amount)`),
/// if any; an expression may use one.
fn relationship_used(dialect: Dialect, model: &Model, expression: &str) -> Result<Option<String>, CompileError> {
    let expr = parse_expr(dialect, expression)?;
    let mut used: Vec<String> = Vec::new();
    let _ = visit_expressions(&expr, |e: &Expr| {
        if let Expr::CompoundIdentifier(parts) = e
            && parts.len() >= 2
            && let Some(column) = model.column(&parts[0].value)
            && matches!(column.kind, ColumnKind::Relationship { .. })
            && !used.iter().any(|u| u.eq_ignore_ascii_case(&column.name))
        {
            used.push(column.name.clone());
        }
        ControlFlow::<()>::Continue(())
    });
    match used.len() {
        0 => Ok(None),
        1 => Ok(used.pop()),
        _ => Err(CompileError::InvalidField(format!("\"{expression}\" reaches through several relationships ({}); use one per field", used.join(", ")))),
    }
}

/// The relationship behind a relationship column and the model at its other end.
pub(super) fn related<'m>(manifest: &'m Manifest, model: &Model, via: &str) -> Result<(&'m Relationship, &'m Model), CompileError> {
    let Some(ColumnKind::Relationship { relationship }) = model.column(via).map(|c| &c.kind) else {
        return Err(CompileError::InvalidField(format!("\"{via}\" is not a relationship of {}", model.name)));
    };
    let found = manifest.relationship(relationship).ok_or_else(|| CompileError::InvalidField(format!("unknown relationship \"{relationship}\"")))?;
    let other_name = found.models.iter().find(|m| !m.eq_ignore_ascii_case(&model.name)).unwrap_or(&found.models[0]);
    let other = manifest.model(other_name).ok_or_else(|| CompileError::UnknownModel(other_name.clone()))?;
    Ok((found, other))
}

/// Whether one row of `model` meets many rows at the other end.
pub(super) fn to_many(relationship: &Relationship, model: &Model) -> bool {
    let is_first = relationship.models[0].eq_ignore_ascii_case(&model.name);
    match relationship.join_type {
        JoinType::OneToOne => false,
        JoinType::ManyToOne => !is_first,
        JoinType::OneToMany => is_first,
    }
}

/// `(this model's column, the other model's column)` of each equality in the condition.
pub(super) fn key_pairs(dialect: Dialect, relationship: &Relationship, model: &Model, other: &Model) -> Result<Vec<(String, String)>, CompileError> {
    fn equalities(expr: &Expr, out: &mut Vec<(Vec<String>, Vec<String>)>) -> bool {
        match expr {
            Expr::BinaryOp { left, op: BinaryOperator::And, right } => equalities(left, out) && equalities(right, out),
            Expr::BinaryOp { left, op: BinaryOperator::Eq, right } => match (left.as_ref(), right.as_ref()) {
                (Expr::CompoundIdentifier(a), Expr::CompoundIdentifier(b)) if a.len() == 2 && b.len() == 2 => {
                    out.push((a.iter().map(|i| i.value.clone()).collect(), b.iter().map(|i| i.value.clone()).collect()));
                    true
                }
                _ => false,
            },
            Expr::Nested(inner) => equalities(inner, out),
            _ => false,
        }
    }
    let condition = parse_expr(dialect, &relationship.condition)?;
    let mut found = Vec::new();
    let unsupported = || {
        CompileError::InvalidField(format!(
            "relationship \"{}\": the condition must be equalities between {} and {} columns joined by AND",
            relationship.name, model.name, other.name
        ))
    };
    if !equalities(&condition, &mut found) {
        return Err(unsupported());
    }
    found
        .into_iter()
        .map(|(a, b)| {
            let is = |side: &[String], m: &Model| side[0].eq_ignore_ascii_case(&m.name);
            if is(&a, model) && is(&b, other) {
                Ok((a[1].clone(), b[1].clone()))
            } else if is(&b, model) && is(&a, other) {
                Ok((b[1].clone(), a[1].clone()))
            } else {
                Err(unsupported())
            }
        })
        .collect()
}
