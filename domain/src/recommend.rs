//! Recommended relationships for a set of models: declared foreign keys first, then
//! columns whose names point at another model's primary key (`customer_id` → customers.id,
//! `ArtistId` → Artist.ArtistId).

use crate::modeling::RelationType;
use std::collections::HashSet;

/// What the recommender needs to know of a model.
#[derive(Debug, Clone)]
pub struct ModelShape {
    pub name: String,
    pub columns: Vec<String>,
    pub primary_key: Vec<String>,
}

/// A declared foreign key between two models (single-column keys; composite keys are
/// recommended column by column).
#[derive(Debug, Clone)]
pub struct DeclaredKey {
    pub from_model: String,
    pub from_column: String,
    pub to_model: String,
    pub to_column: String,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Recommendation {
    pub from_model: String,
    pub from_column: String,
    pub to_model: String,
    pub to_column: String,
    pub relation_type: RelationType,
    pub reason: String,
}

fn squash(name: &str) -> String {
    name.chars().filter(|c| *c != '_' && *c != '-' && *c != ' ').flat_map(char::to_lowercase).collect()
}

fn singular(name: &str) -> String {
    let n = squash(name);
    if let Some(stem) = n.strip_suffix("ies") {
        format!("{stem}y")
    } else if n.ends_with("sses") || n.ends_with("xes") {
        n[..n.len() - 2].to_owned()
    } else if let Some(stem) = n.strip_suffix('s').filter(|s| !s.ends_with('s')) {
        stem.to_owned()
    } else {
        n
    }
}

/// The model's single-column primary key, or, for tables that declare none (CSV files), the
/// column named like one: `id`, `customer_id` in customers, `ArtistId` in Artist.
fn key_of(model: &ModelShape) -> Option<String> {
    match model.primary_key.as_slice() {
        [pk] => Some(pk.clone()),
        [] => {
            let named = format!("{}id", singular(&model.name));
            model.columns.iter().find(|c| squash(c) == "id" || squash(c) == named).cloned()
        }
        _ => None,
    }
}

pub fn recommend(models: &[ModelShape], keys: &[DeclaredKey]) -> Vec<Recommendation> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let one_to_one = |model: &str, column: &str| models.iter().any(|m| m.name == model && m.primary_key.len() == 1 && m.primary_key[0] == column);
    for k in keys {
        if seen.insert((k.from_model.clone(), k.from_column.clone(), k.to_model.clone())) {
            let relation_type = if one_to_one(&k.from_model, &k.from_column) { RelationType::OneToOne } else { RelationType::ManyToOne };
            out.push(Recommendation {
                from_model: k.from_model.clone(),
                from_column: k.from_column.clone(),
                to_model: k.to_model.clone(),
                to_column: k.to_column.clone(),
                relation_type,
                reason: "Foreign key".to_owned(),
            });
        }
    }
    for target in models {
        let Some(pk) = key_of(target) else { continue };
        let pk = &pk;
        let target_name = singular(&target.name);
        let pk_squashed = squash(pk);
        // `id` alone says nothing; `customer_id` and `CustomerId` do.
        let wanted: Vec<String> = if pk_squashed == "id" { vec![format!("{target_name}id")] } else { vec![pk_squashed.clone(), format!("{target_name}id")] };
        for source in models.iter().filter(|m| m.name != target.name) {
            for column in &source.columns {
                if !wanted.contains(&squash(column)) {
                    continue;
                }
                if !seen.insert((source.name.clone(), column.clone(), target.name.clone())) {
                    continue;
                }
                let relation_type = if one_to_one(&source.name, column) { RelationType::OneToOne } else { RelationType::ManyToOne };
                out.push(Recommendation {
                    from_model: source.name.clone(),
                    from_column: column.clone(),
                    to_model: target.name.clone(),
                    to_column: pk.clone(),
                    relation_type,
                    reason: if target.primary_key.is_empty() {
                        format!("\"{column}\" matches the key column {pk} of {}", target.name)
                    } else {
                        format!("\"{column}\" matches the primary key of {}", target.name)
                    },
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(name: &str, columns: &[&str], pk: &[&str]) -> ModelShape {
        ModelShape { name: name.into(), columns: columns.iter().map(|s| s.to_string()).collect(), primary_key: pk.iter().map(|s| s.to_string()).collect() }
    }

    #[test]
    fn foreign_keys_then_name_matches_without_duplicates() {
        let models = vec![
            model("customers", &["id", "name"], &["id"]),
            model("orders", &["id", "customer_id", "total"], &["id"]),
            model("order_items", &["order_id", "product_id", "quantity"], &["order_id", "product_id"]),
            model("products", &["product_id", "title"], &["product_id"]),
        ];
        let keys = vec![DeclaredKey { from_model: "orders".into(), from_column: "customer_id".into(), to_model: "customers".into(), to_column: "id".into() }];
        let recs = recommend(&models, &keys);
        assert_eq!(recs[0].reason, "Foreign key");
        assert_eq!(recs.iter().filter(|r| r.from_column == "customer_id").count(), 1, "{recs:?}");
        assert!(recs.iter().any(|r| r.from_model == "order_items"
            && r.from_column == "order_id"
            && r.to_model == "orders"
            && r.to_column == "id"
            && r.relation_type == RelationType::ManyToOne));
        assert!(recs.iter().any(|r| r.from_model == "order_items" && r.to_model == "products" && r.to_column == "product_id"));
        assert!(!recs.iter().any(|r| r.from_column == "id"), "bare ids are not guessed: {recs:?}");
    }

    #[test]
    fn chinook_style_names_and_one_to_one() {
        let models = vec![
            model("Artist", &["ArtistId", "Name"], &["ArtistId"]),
            model("Album", &["AlbumId", "Title", "ArtistId"], &["AlbumId"]),
            model("employees", &["id"], &["id"]),
            model("employee_details", &["employee_id", "bio"], &["employee_id"]),
            model("categories", &["id"], &["id"]),
            model("products", &["id", "category_id"], &["id"]),
        ];
        let recs = recommend(&models, &[]);
        assert!(recs.iter().any(|r| r.from_model == "Album" && r.from_column == "ArtistId" && r.to_model == "Artist"));
        assert!(recs.iter().any(|r| r.from_model == "employee_details" && r.to_model == "employees" && r.relation_type == RelationType::OneToOne));
        assert!(recs.iter().any(|r| r.from_model == "products" && r.from_column == "category_id" && r.to_model == "categories"));
        assert!(!recs.iter().any(|r| r.from_model == "Artist"), "{recs:?}");
    }

    #[test]
    fn tables_without_declared_keys_use_key_named_columns() {
        let models = vec![
            model("customers", &["customer_id", "name"], &[]),
            model("orders", &["order_id", "customer_id", "amount"], &[]),
            model("notes", &["text"], &[]),
        ];
        let recs = recommend(&models, &[]);
        assert_eq!(recs.len(), 1, "{recs:?}");
        assert_eq!(
            (recs[0].from_model.as_str(), recs[0].from_column.as_str(), recs[0].to_model.as_str(), recs[0].to_column.as_str()),
            ("orders", "customer_id", "customers", "customer_id")
        );
        assert_eq!(recs[0].reason, "\"customer_id\" matches the key column customer_id of customers");
    }
}
