//! Terms: what the project taught the question engine its words mean. A phrase taught as a
//! term of a model or column (one click on an answer that could not place it, or an owner's
//! addition on the modeling page), or a term derived from a name that an owner removed. Every
//! question reads them and applies them to the deployed models
//! ([`quarry_engine::question::vocabulary::apply`]), so a term counts for everyone in the
//! project from the next question, without a deploy.

use chrono::{DateTime, Utc};
use quarry_engine::{
    mdl::{Column, ColumnKind, Manifest, Properties, Term, TermSource},
    question::vocabulary,
};
use serde_json::json;
use uuid::Uuid;

use crate::{
    access::Acting,
    activity::{self, ActivityKind, NewActivity},
    db::Pool,
    deploy,
    error::{Error, ErrorCode, Result},
    permissions::Operation,
};

/// A project holds at most this many terms (taught and removed together).
pub const TERMS_MAX: i64 = 2000;
pub const PHRASE_MAX_CHARS: usize = 100;
const UNIQUE: &str = "taught_terms_unique";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaughtTerm {
    pub id: Uuid,
    pub project_id: Uuid,
    /// Lower case, single-spaced.
    pub phrase: String,
    pub model: String,
    /// `None`: the phrase means the model itself.
    pub column: Option<String>,
    /// A derived term removed, not a phrase taught.
    pub removed: bool,
    pub created_by: Option<Uuid>,
    pub created_at: DateTime<Utc>,
}

impl TaughtTerm {
    fn for_engine(&self) -> vocabulary::TaughtTerm {
        vocabulary::TaughtTerm { phrase: self.phrase.clone(), model: self.model.clone(), column: self.column.clone(), removed: self.removed }
    }

    /// `"grooves" as tracks.genre`, for the activity log.
    fn label(&self) -> String {
        let target = match &self.column {
            Some(column) => format!("{}.{column}", self.model),
            None => self.model.clone(),
        };
        format!("\"{}\" as {target}", self.phrase)
    }
}

/// What a phrase is taught as (or removed from): a model, or a column of one.
#[derive(Debug, Clone, Default)]
pub struct TermTarget {
    pub phrase: String,
    pub model: String,
    pub column: Option<String>,
}

/// The project's terms, newest first.
pub async fn list(pool: &Pool, acting: &Acting, project_id: Uuid) -> Result<Vec<TaughtTerm>> {
    acting.may(pool, Operation::ReadKnowledge, project_id).await?;
    all(pool, project_id).await
}

async fn all(pool: &Pool, project_id: Uuid) -> Result<Vec<TaughtTerm>> {
    Ok(sqlx::query_as!(
        TaughtTerm,
        r#"SELECT id, project_id, phrase, model, column_name AS column, removed, created_by, created_at
             FROM taught_terms WHERE project_id = $1 ORDER BY created_at DESC, id"#,
        project_id,
    )
    .fetch_all(pool)
    .await?)
}

/// The project's terms as the engine applies them (no one's rights are asked: the asking task
/// was allowed when it was created).
pub async fn for_engine(pool: &Pool, project_id: Uuid) -> Result<Vec<vocabulary::TaughtTerm>> {
    Ok(all(pool, project_id).await?.iter().rev().map(TaughtTerm::for_engine).collect())
}

/// Teaches `target.phrase` as a term of the model or column: from the next question on, the
/// engine places the phrase there.
pub async fn teach(pool: &Pool, acting: &Acting, project_id: Uuid, target: &TermTarget) -> Result<TaughtTerm> {
    acting.may(pool, Operation::ManageKnowledge, project_id).await?;
    let (target, current) = checked(pool, project_id, target).await?;
    if quarry_engine::question::is_time_unit_phrase(&target.phrase) {
        return Err(Error::invalid(format!(
            "\"{}\" is a unit of time: questions use it to count or split time (\"per day\", \"how many days\"), so it cannot name a model or column.",
            target.phrase
        )));
    }
    if let Some(term) = current.iter().find(|t| t.text == target.phrase) {
        let how = if term.source == TermSource::Taught { "has already been taught" } else { "is already understood" };
        return Err(Error::invalid(format!("\"{}\" {how} as {}.", target.phrase, described(&target))));
    }
    insert(pool, acting, project_id, &target, Change::Teach).await
}

/// Removes a term derived from a model's or column's name: the engine no longer places the
/// phrase there. Deleting the removal ([`delete`]) restores it.
pub async fn remove_derived(pool: &Pool, acting: &Acting, project_id: Uuid, target: &TermTarget) -> Result<TaughtTerm> {
    acting.may(pool, Operation::ManageKnowledge, project_id).await?;
    let (target, current) = checked(pool, project_id, target).await?;
    match current.iter().find(|t| t.text == target.phrase) {
        Some(term) if term.source != TermSource::Taught => insert(pool, acting, project_id, &target, Change::RemoveDerived).await,
        Some(_) => Err(Error::invalid(format!("\"{}\" was taught, not derived: delete the taught term instead.", target.phrase))),
        None => Err(Error::invalid(format!("{} is not understood as \"{}\".", capitalised(&described(&target)), target.phrase))),
    }
}

/// Deletes a taught term, or undoes the removal of a derived one.
pub async fn delete(pool: &Pool, acting: &Acting, project_id: Uuid, id: Uuid) -> Result<TaughtTerm> {
    acting.may(pool, Operation::ManageKnowledge, project_id).await?;
    let mut tx = pool.begin().await?;
    let deleted = sqlx::query_as!(
        TaughtTerm,
        r#"DELETE FROM taught_terms WHERE project_id = $1 AND id = $2
           RETURNING id, project_id, phrase, model, column_name AS column, removed, created_by, created_at"#,
        project_id,
        id,
    )
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(|| Error::not_found("Term"))?;
    let org_id = sqlx::query_scalar!("SELECT org_id FROM projects WHERE id = $1", project_id).fetch_one(&mut *tx).await?;
    activity::record(&mut *tx, entry(org_id, acting, ActivityKind::TaughtTermDeleted, &deleted)).await?;
    tx.commit().await?;
    Ok(deleted)
}

/// Every model's and column's terms with where each came from, as the engine reads them from
/// the deployed models and the project's terms: `(model, column, terms)` with `None` for the
/// model itself. Empty before the first deploy.
pub async fn vocabulary(pool: &Pool, project_id: Uuid) -> Result<Vec<(String, Option<String>, Vec<Term>)>> {
    let Some((_, mut manifest)) = deploy::deployed(pool, project_id).await? else {
        return Ok(Vec::new());
    };
    vocabulary::apply(&mut manifest, &for_engine(pool, project_id).await?);
    let mut out = Vec::new();
    for model in &manifest.models {
        out.push((model.name.clone(), None, vocabulary::terms(&model.name, &model.properties)));
        for column in model.columns.iter().filter(|c| !c.hidden && !is_relationship(c)) {
            out.push((model.name.clone(), Some(column.name.clone()), vocabulary::terms(&column.name, &column.properties)));
        }
    }
    Ok(out)
}

#[derive(Clone, Copy)]
enum Change {
    Teach,
    RemoveDerived,
}

/// Inserts the term and records it, once the project has room for it.
async fn insert(pool: &Pool, acting: &Acting, project_id: Uuid, target: &TermTarget, change: Change) -> Result<TaughtTerm> {
    let mut tx = pool.begin().await?;
    // Held to the commit, so two teachers cannot both take the last place.
    let org_id = sqlx::query_scalar!("SELECT org_id FROM projects WHERE id = $1 FOR UPDATE", project_id).fetch_one(&mut *tx).await?;
    let count = sqlx::query_scalar!(r#"SELECT count(*) AS "n!" FROM taught_terms WHERE project_id = $1"#, project_id).fetch_one(&mut *tx).await?;
    if count >= TERMS_MAX {
        return Err(Error::invalid(format!("A project holds at most {TERMS_MAX} terms. Delete some on the modeling page first.")));
    }
    let removed = matches!(change, Change::RemoveDerived);
    let term = sqlx::query_as!(
        TaughtTerm,
        r#"INSERT INTO taught_terms (id, project_id, phrase, model, column_name, removed, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           RETURNING id, project_id, phrase, model, column_name AS column, removed, created_by, created_at"#,
        Uuid::new_v4(),
        project_id,
        target.phrase,
        target.model,
        target.column,
        removed,
        acting.account.id,
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(|e| Error::unique_violation(e, UNIQUE, || format!("\"{}\" has already been removed from {}.", target.phrase, described(target))))?;
    let kind = if removed { ActivityKind::TermRemoved } else { ActivityKind::TermTaught };
    activity::record(&mut *tx, entry(org_id, acting, kind, &term)).await?;
    tx.commit().await?;
    Ok(term)
}

fn entry(org_id: Uuid, acting: &Acting, kind: ActivityKind, term: &TaughtTerm) -> NewActivity {
    NewActivity::new(org_id, kind)
        .project(term.project_id)
        .target("TERM", term.id, term.label())
        .detail(json!({ "phrase": term.phrase, "model": term.model, "column": term.column, "removed": term.removed }))
        .by(Some(acting.account.clone()), acting.client_address.clone())
}

/// The target with its phrase normalised and the model's and column's names as deployed, and
/// the terms it is understood as now; or why it cannot be taught.
async fn checked(pool: &Pool, project_id: Uuid, target: &TermTarget) -> Result<(TermTarget, Vec<Term>)> {
    let phrase = phrase_of(&target.phrase)?;
    let (_, mut manifest) = deploy::deployed(pool, project_id).await?.ok_or_else(|| Error::of(ErrorCode::NoDeploymentFound))?;
    vocabulary::apply(&mut manifest, &for_engine(pool, project_id).await?);
    let (model, column, properties) = find(&manifest, &target.model, target.column.as_deref())?;
    let terms = vocabulary::terms(column.as_deref().unwrap_or(&model), properties);
    Ok((TermTarget { phrase, model, column }, terms))
}

/// The deployed model (and column) a term is about, by name in any case.
fn find<'m>(manifest: &'m Manifest, model: &str, column: Option<&str>) -> Result<(String, Option<String>, &'m Properties)> {
    let found = manifest.model(model.trim()).ok_or_else(|| Error::not_found(&format!("Model \"{}\"", model.trim())))?;
    let Some(column) = column.map(str::trim).filter(|c| !c.is_empty()) else {
        return Ok((found.name.clone(), None, &found.properties));
    };
    let c = found
        .columns
        .iter()
        .find(|c| c.name.eq_ignore_ascii_case(column) && !is_relationship(c))
        .ok_or_else(|| Error::not_found(&format!("Column \"{column}\" of model \"{}\"", found.name)))?;
    if c.hidden {
        return Err(Error::invalid(format!("The column \"{}\" is hidden from questions: show it first.", c.name)));
    }
    Ok((found.name.clone(), Some(c.name.clone()), &c.properties))
}

/// A relationship column stands for the model at its other end, which has terms of its own.
fn is_relationship(column: &Column) -> bool {
    matches!(column.kind, ColumnKind::Relationship { .. })
}

/// A phrase as it is kept: trimmed, single-spaced, lower case, with a letter or digit in it.
pub fn phrase_of(phrase: &str) -> Result<String> {
    let phrase = phrase.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
    if !phrase.chars().any(char::is_alphanumeric) {
        return Err(Error::invalid("Please enter a term."));
    }
    if phrase.chars().count() > PHRASE_MAX_CHARS {
        return Err(Error::invalid(format!("A term can be at most {PHRASE_MAX_CHARS} characters long.")));
    }
    Ok(phrase)
}

fn described(target: &TermTarget) -> String {
    match &target.column {
        Some(column) => format!("the column {}.{column}", target.model),
        None => format!("the model {}", target.model),
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phrase_is_kept_trimmed_single_spaced_and_in_lower_case() {
        assert_eq!(phrase_of("  Grooves \t Per  ").unwrap(), "grooves per");
        assert_eq!(phrase_of(" - ").unwrap_err().code(), ErrorCode::InvalidInput);
        assert!(phrase_of(&"x".repeat(101)).unwrap_err().public_message().contains("100"));
        assert_eq!(phrase_of(&"é".repeat(100)).unwrap().chars().count(), 100);
    }
}
