//! What the model says about its models as things a question names: the entity a mention
//! means, the model a foreign key refers to, the key and the name columns that show an entity,
//! people, yes/no columns and the column that ends a row's validity.

use super::{
    reach::{is_key, is_numeric, is_temporal, readable},
    read::is_date,
};
use crate::mdl::{Column, JoinType, Manifest, Model};

/// The models a mention may mean, as entities (a foreign key means the model it refers to).
pub(super) fn entity_of<'m>(manifest: &'m Manifest, model: &'m Model, column: Option<&'m Column>) -> Option<&'m Model> {
    match column {
        None => Some(model),
        Some(c) if is_key(c) => fk_target(manifest, model, c).or_else(|| key_column(manifest, model).filter(|k| k.name == c.name).map(|_| model)),
        Some(_) => None,
    }
}

/// The model a foreign key column refers to (the other side of a relationship whose
/// condition names `model.column`).
pub(super) fn fk_target<'m>(manifest: &'m Manifest, model: &'m Model, column: &Column) -> Option<&'m Model> {
    let this = format!("{}.{}", model.name, column.name).to_lowercase();
    manifest.relationships.iter().find_map(|r| {
        let (a, b) = r.condition.split_once('=')?;
        let (a, b) = (a.trim().to_lowercase(), b.trim().to_lowercase());
        let other = if a == this {
            b
        } else if b == this {
            a
        } else {
            return None;
        };
        let other_model = other.split('.').next()?;
        manifest.models.iter().find(|m| m.name.to_lowercase() == other_model && m.name != model.name)
    })
}

/// Whether `from`'s column is a reference to `to`'s column (a code and the key it stands
/// for): a relationship joins them, `from` on its "many" side.
pub(super) fn refers_to(manifest: &Manifest, from: (&Model, &Column), to: (&Model, &Column)) -> bool {
    let side = |(m, c): (&Model, &Column)| format!("{}.{}", m.name, c.name).to_lowercase();
    let (a, b) = (side(from), side(to));
    manifest.relationships.iter().any(|r| {
        let many = match r.join_type {
            JoinType::ManyToOne => &r.models[0],
            JoinType::OneToMany => &r.models[1],
            JoinType::OneToOne => return false,
        };
        let sides: Vec<String> = r.condition.split('=').map(|s| s.trim().to_lowercase()).collect();
        many.eq_ignore_ascii_case(&from.0.name) && sides.contains(&a) && sides.contains(&b)
    })
}

/// Whether a column refers to rows of a model (its own too: an employee's manager).
pub(super) fn refers(manifest: &Manifest, model: &Model, column: &Column) -> bool {
    let this = format!("{}.{}", model.name, column.name).to_lowercase();
    manifest
        .relationships
        .iter()
        .any(|r| r.condition.split('=').map(|side| side.trim().to_lowercase()).any(|side| side == this) && !r.condition.to_lowercase().ends_with(&this))
}

/// The column that tells one row of a model from another: its primary key, else the column a
/// relationship says is unique (the "one" side of a many-to-one: `breed_code` of breeds that
/// dogs refer to, whatever it is called), else a column named as a key.
pub(super) fn key_column<'m>(manifest: &Manifest, model: &'m Model) -> Option<&'m Column> {
    model
        .primary_key
        .as_deref()
        .and_then(|k| model.columns.iter().find(|c| c.name == k))
        .or_else(|| referenced_column(manifest, model))
        .or_else(|| model.columns.iter().find(|c| is_key(c) && stems_of(&c.name).first() == stems_of(&model.name).first()))
        .or_else(|| model.columns.iter().find(|c| is_key(c)))
}

/// The column of `model` on the "one" side of a relationship: unique, since the relationship
/// joins each row of the other model to one row by it.
pub(super) fn referenced_column<'m>(manifest: &Manifest, model: &'m Model) -> Option<&'m Column> {
    manifest.relationships.iter().find_map(|r| {
        let one_side = match r.join_type {
            JoinType::ManyToOne => &r.models[1],
            JoinType::OneToMany => &r.models[0],
            JoinType::OneToOne => return None,
        };
        if !one_side.eq_ignore_ascii_case(&model.name) || r.models[0].eq_ignore_ascii_case(&r.models[1]) {
            return None;
        }
        let (a, b) = r.condition.split_once('=')?;
        [a, b].into_iter().find_map(|side| {
            let (table, column) = side.trim().split_once('.')?;
            if !table.eq_ignore_ascii_case(&model.name) {
                return None;
            }
            model.columns.iter().find(|c| c.name.eq_ignore_ascii_case(column.trim_matches('"')))
        })
    })
}

/// A name's stems, its short forms that stand for one thing expanded (`yr` → year).
pub(super) fn stems_of(name: &str) -> Vec<String> {
    super::vocabulary::name_stems(name)
}

/// The columns that show an entity to a person: first and last name, else its name or title,
/// else its city and nickname.
pub(super) fn shown_columns<'m>(manifest: &Manifest, model: &'m Model) -> Vec<&'m Column> {
    let find = |words: &[&str]| model.columns.iter().find(|c| readable_text(c) && stems_of(&c.name) == words);
    if let (Some(first), Some(last)) = (find(&["first", "name"]), find(&["last", "name"])) {
        return vec![first, last];
    }
    for words in [&["name"][..], &["title"], &["full", "name"]] {
        if let Some(c) = find(words) {
            return vec![c];
        }
    }
    // A text column named as the model is ("orchestra"."Orchestra"): its name.
    if let Some(c) = model.columns.iter().find(|c| readable_text(c) && stems_of(&c.name) == stems_of(&model.name)) {
        return vec![c];
    }
    // A nickname is half a name: a team is its city and its nickname.
    if let Some(nickname) = find(&["nickname"]) {
        return find(&["city"]).into_iter().chain([nickname]).collect();
    }
    if let Some(c) = model.columns.iter().find(|c| readable_text(c) && stems_of(&c.name).last().is_some_and(|w| w == "name" || w == "title")) {
        return vec![c];
    }
    // A name of one kind (`name_long`, `name_en`), not a part of a person's (`nameFirst`).
    let part = |w: &String| {
        ["first", "last", "given", "middle", "maiden", "nick", "type", "lang", "language", "source", "status", "suffix", "prefix", "code", "id"]
            .contains(&w.as_str())
    };
    if let Some(c) = model
        .columns
        .iter()
        .find(|c| readable_text(c) && matches!(stems_of(&c.name).as_slice(), [first, rest @ ..] if first == "name" && !rest.iter().any(part)))
    {
        return vec![c];
    }
    key_column(manifest, model).into_iter().collect()
}

pub(super) fn readable_text(c: &Column) -> bool {
    readable(c) && !is_numeric(c) && !is_temporal(c)
}

pub(super) fn person_like(model: &Model) -> bool {
    let has = |words: &[&str]| model.columns.iter().any(|c| readable_text(c) && stems_of(&c.name) == words);
    has(&["first", "name"]) && has(&["last", "name"])
}

pub(super) fn is_boolean(column: &Column) -> bool {
    column.type_name.to_uppercase().contains("BOOL")
}

/// A yes/no column: a boolean, or a whole number named as a state ("discontinued",
/// "is_active", "has_discount"), which exports often keep as 0 and 1.
pub(super) fn is_flag(column: &Column) -> bool {
    let words = super::vocabulary::split(&column.name);
    let whole = ["INT", "TINYINT", "SMALLINT", "BIGINT", "INTEGER", "HUGEINT", "UTINYINT"].contains(&column.type_name.to_uppercase().as_str());
    is_boolean(column)
        || whole
            && match words.as_slice() {
                [one] => one.len() > 4 && one.ends_with("ed") && !one.ends_with("eed"),
                [first, _, ..] => ["is", "has", "was", "flag"].contains(&first.as_str()),
                [] => false,
            }
}

/// The condition a yes/no column holds in: true, or not zero.
pub(super) fn flag_true(column: &Column, sql: &str) -> String {
    if is_boolean(column) { format!("{sql} = TRUE") } else { format!("{sql} <> 0") }
}

/// A temporal column that ends a row's validity ("to_date", "end_date", "termination_date").
pub(super) fn ends_validity(column: &Column) -> bool {
    let words = stems_of(&column.name);
    is_date(column)
        && !column.not_null
        && words.iter().any(|w| ["to", "end", "until", "termination", "expiry", "expire", "valid"].contains(&w.as_str()))
        && !words.iter().any(|w| w == "from" || w == "start")
}
