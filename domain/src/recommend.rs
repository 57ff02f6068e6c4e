//! Recommended relationships for a set of models: declared foreign keys first, then columns
//! whose names point at a column of another model, checked on the data where the source
//! can be queried.
//!
//! Names propose ([`candidates`]): a column named after another model's key (`customer_id`
//! → customers.id, `ArtistId` → Artist.ArtistId), a column of the same name as a column of
//! another model (`courier` → couriers.courier), or named `<model>_<column>` (`courier_code`
//! → couriers.code). The data decides ([`judge`]): the target column must be unique and hold
//! at least [`MIN_FOUND_PERCENT`] of the referencing column's values; the reason says so
//! ("courier: 100% of 12,408 values found in couriers.courier, which is unique"). Where the
//! data cannot be checked, only the first kind is recommended, on its name alone.

use crate::modeling::RelationType;
use std::collections::HashSet;

/// The share of a column's values that must be found in the column it points at.
pub const MIN_FOUND_PERCENT: u64 = 95;

/// What the recommender needs to know of a model.
#[derive(Debug, Clone, Default)]
pub struct ModelShape {
    pub name: String,
    pub columns: Vec<String>,
    /// The columns' type families (`INTEGER`, `TEXT`…), in the same order; empty: unknown.
    pub families: Vec<String>,
    pub primary_key: Vec<String>,
}

impl ModelShape {
    fn family(&self, column: &str) -> Option<&str> {
        let i = self.columns.iter().position(|c| c == column)?;
        self.families.get(i).map(String::as_str)
    }
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

/// A relationship the names suggest, to be checked on the data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub from_model: String,
    pub from_column: String,
    pub to_model: String,
    pub to_column: String,
    /// The column points at the target's key by its name: recommended even unchecked.
    pub named_after_key: bool,
    /// The referencing column is its own model's key (a one-to-one when its values are unique).
    pub from_key: bool,
    /// Said when the data cannot be checked.
    pub name_reason: String,
}

/// What the data says of a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Evidence {
    /// Non-null values of the referencing column.
    pub referencing: u64,
    /// Of those, the ones found in the target column.
    pub found: u64,
    pub target_unique: bool,
    pub source_unique: bool,
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

/// Families whose values can be compared: numbers with numbers, text with text. Unknown
/// families are given the benefit of the doubt.
fn comparable(a: Option<&str>, b: Option<&str>) -> bool {
    fn class(family: &str) -> &str {
        match family {
            "INTEGER" | "DECIMAL" | "FLOAT" | "OID" => "NUMBER",
            other => other,
        }
    }
    match (a, b) {
        (Some(a), Some(b)) => class(a) == class(b),
        _ => true,
    }
}

/// The declared foreign keys, as recommendations.
pub fn declared(models: &[ModelShape], keys: &[DeclaredKey]) -> Vec<Recommendation> {
    let mut out: Vec<Recommendation> = Vec::new();
    let one_to_one = |model: &str, column: &str| models.iter().any(|m| m.name == model && m.primary_key.len() == 1 && m.primary_key[0] == column);
    for k in keys {
        if out.iter().any(|r| r.from_model == k.from_model && r.from_column == k.from_column && r.to_model == k.to_model) {
            continue;
        }
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
    out
}

/// What the names suggest beyond the declared keys, those named after a key first.
pub fn candidates(models: &[ModelShape], keys: &[DeclaredKey]) -> Vec<Candidate> {
    let mut taken: HashSet<(String, String, String)> = keys.iter().map(|k| (k.from_model.clone(), k.from_column.clone(), k.to_model.clone())).collect();
    let mut named = Vec::new();
    let mut loose = Vec::new();
    for target in models {
        let key = key_of(target);
        let target_name = singular(&target.name);
        for source in models.iter().filter(|m| m.name != target.name) {
            let source_key = key_of(source);
            for column in &source.columns {
                let squashed = squash(column);
                // `id` alone says nothing; `customer_id` and `CustomerId` do.
                if squashed == "id" {
                    continue;
                }
                let from_key = source_key.as_deref() == Some(column.as_str());
                let by_key = key.as_ref().filter(|pk| {
                    let pk = squash(pk);
                    (pk != "id" && squashed == pk) || squashed == format!("{target_name}id")
                });
                let (to_column, named_after_key) = match by_key {
                    Some(pk) => (pk.clone(), true),
                    None => {
                        let Some(other) = target.columns.iter().find(|k| {
                            let k = squash(k);
                            squashed == k || squashed == format!("{target_name}{k}")
                        }) else {
                            continue;
                        };
                        (other.clone(), false)
                    }
                };
                if !comparable(source.family(column), target.family(&to_column)) {
                    continue;
                }
                if !taken.insert((source.name.clone(), column.clone(), target.name.clone())) {
                    continue;
                }
                let name_reason = if target.primary_key.is_empty() {
                    format!("\"{column}\" matches the key column {to_column} of {}", target.name)
                } else {
                    format!("\"{column}\" matches the primary key of {}", target.name)
                };
                let candidate = Candidate {
                    from_model: source.name.clone(),
                    from_column: column.clone(),
                    to_model: target.name.clone(),
                    to_column,
                    named_after_key,
                    from_key,
                    name_reason,
                };
                if named_after_key { named.push(candidate) } else { loose.push(candidate) }
            }
        }
    }
    named.extend(loose);
    named
}

/// What the data says of a short text column, read once per column for [`by_values`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    pub model: String,
    pub column: String,
    /// Non-null values, distinct values, and the longest value's length.
    pub values: u64,
    pub distinct: u64,
    pub longest: u64,
}

/// The longest value of a column read as a code (`LGA`, `N14228`, `US-CA`): names and
/// descriptions are longer, and two of them sharing values says nothing of a reference.
pub const CODE_LENGTH: u64 = 12;

/// Whether a text column's values are worth a profile: only short codes are compared.
pub fn profiled(family: Option<&str>) -> bool {
    family.is_none_or(|f| f == "TEXT")
}

/// What the values suggest where the names do not (`dest` → airports.`faa`): a column of
/// short codes whose values a unique column of codes of another model may hold, to be checked
/// on the data like the others. Pairs `existing` already holds are left out.
pub fn by_values(profiles: &[Profile], existing: &[Candidate], keys: &[DeclaredKey]) -> Vec<Candidate> {
    let code = |p: &Profile| p.values > 0 && p.longest <= CODE_LENGTH;
    let taken = |from: &Profile, to: &Profile| {
        existing.iter().any(|c| c.from_model == from.model && c.from_column == from.column && c.to_model == to.model)
            || keys.iter().any(|k| k.from_model == from.model && k.from_column == from.column && k.to_model == to.model)
    };
    let mut out = Vec::new();
    for target in profiles.iter().filter(|t| code(t) && t.distinct == t.values && t.distinct >= 3) {
        // A reference repeats its values, and a handful of them (Y/N, 1–5) says nothing.
        for source in profiles.iter().filter(|s| code(s) && s.model != target.model && s.distinct >= 3 && s.distinct < s.values) {
            if source.longest > target.longest || source.distinct > target.distinct || taken(source, target) {
                continue;
            }
            out.push(Candidate {
                from_model: source.model.clone(),
                from_column: source.column.clone(),
                to_model: target.model.clone(),
                to_column: target.column.clone(),
                named_after_key: false,
                from_key: false,
                name_reason: String::new(),
            });
        }
    }
    out
}

/// The recommendation a candidate makes given what the data says (`None`: not checked).
pub fn judge(candidate: &Candidate, evidence: Option<Evidence>) -> Option<Recommendation> {
    // An empty column neither supports nor refutes what its name says.
    let (relation_type, reason) = match evidence.filter(|e| e.referencing > 0) {
        None if candidate.named_after_key => {
            let relation_type = if candidate.from_key { RelationType::OneToOne } else { RelationType::ManyToOne };
            (relation_type, candidate.name_reason.clone())
        }
        None => return None,
        Some(e) => {
            if !e.target_unique || e.found * 100 < e.referencing * MIN_FOUND_PERCENT {
                return None;
            }
            let relation_type = if e.source_unique && candidate.from_key { RelationType::OneToOne } else { RelationType::ManyToOne };
            let reason = format!(
                "{}: {} of {} values found in {}.{}, which is unique",
                candidate.from_column,
                percent(e.found, e.referencing),
                quarry_engine::csv_import::missing::thousands(e.referencing),
                candidate.to_model,
                candidate.to_column
            );
            (relation_type, reason)
        }
    };
    Some(Recommendation {
        from_model: candidate.from_model.clone(),
        from_column: candidate.from_column.clone(),
        to_model: candidate.to_model.clone(),
        to_column: candidate.to_column.clone(),
        relation_type,
        reason,
    })
}

/// `found` of `total` as a percentage, never rounded up to 100%.
fn percent(found: u64, total: u64) -> String {
    if found >= total {
        return "100%".to_owned();
    }
    let tenths = found * 1000 / total;
    if tenths.is_multiple_of(10) { format!("{}%", tenths / 10) } else { format!("{}.{}%", tenths / 10, tenths % 10) }
}

/// The declared keys, then the candidates as judged, each pair of columns once: of two
/// one-to-one readings of the same columns, the one named after its target's key (or the
/// first) is kept.
pub fn recommend_with(models: &[ModelShape], keys: &[DeclaredKey], judged: impl IntoIterator<Item = (Candidate, Option<Evidence>)>) -> Vec<Recommendation> {
    let mut out = declared(models, keys);
    let mut seen: HashSet<[(String, String); 2]> = out.iter().map(ends).collect();
    for (candidate, evidence) in judged {
        let Some(recommendation) = judge(&candidate, evidence) else { continue };
        let [from, to] = ends(&recommendation);
        if seen.contains(&[from.clone(), to.clone()]) || seen.contains(&[to.clone(), from.clone()]) {
            continue;
        }
        seen.insert([from, to]);
        out.push(recommendation);
    }
    out
}

fn ends(r: &Recommendation) -> [(String, String); 2] {
    [(r.from_model.clone(), r.from_column.clone()), (r.to_model.clone(), r.to_column.clone())]
}

/// The recommendations names alone make (no data to check).
pub fn recommend(models: &[ModelShape], keys: &[DeclaredKey]) -> Vec<Recommendation> {
    recommend_with(models, keys, candidates(models, keys).into_iter().map(|c| (c, None)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(name: &str, columns: &[&str], pk: &[&str]) -> ModelShape {
        ModelShape {
            name: name.into(),
            columns: columns.iter().map(|s| s.to_string()).collect(),
            families: Vec::new(),
            primary_key: pk.iter().map(|s| s.to_string()).collect(),
        }
    }

    fn typed(name: &str, columns: &[(&str, &str)]) -> ModelShape {
        ModelShape {
            name: name.into(),
            columns: columns.iter().map(|(c, _)| c.to_string()).collect(),
            families: columns.iter().map(|(_, f)| f.to_string()).collect(),
            primary_key: Vec::new(),
        }
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
    fn tables_without_declared_keys_use_key_named_columns_unchecked() {
        let models = vec![
            model("customers", &["customer_id", "name"], &[]),
            model("orders", &["order_id", "customer_id", "amount", "name"], &[]),
            model("notes", &["text"], &[]),
        ];
        let recs = recommend(&models, &[]);
        assert_eq!(recs.len(), 1, "same names alone are not enough unchecked: {recs:?}");
        assert_eq!(
            (recs[0].from_model.as_str(), recs[0].from_column.as_str(), recs[0].to_model.as_str(), recs[0].to_column.as_str()),
            ("orders", "customer_id", "customers", "customer_id")
        );
        assert_eq!(recs[0].reason, "\"customer_id\" matches the key column customer_id of customers");
    }

    #[test]
    fn names_propose_same_names_and_model_column_names_of_comparable_types() {
        let models = vec![
            typed("shipments", &[("courier", "TEXT"), ("courier_code", "TEXT"), ("year", "INTEGER"), ("zone", "TEXT")]),
            typed("couriers", &[("courier", "TEXT"), ("code", "TEXT"), ("name", "TEXT")]),
            typed("parcels", &[("year", "INTEGER"), ("zone", "INTEGER")]),
        ];
        let proposed: Vec<(String, String, String, String)> =
            candidates(&models, &[]).into_iter().map(|c| (c.from_model, c.from_column, c.to_model, c.to_column)).collect();
        let has = |f: &str, fc: &str, t: &str, tc: &str| proposed.contains(&(f.into(), fc.into(), t.into(), tc.into()));
        assert!(has("shipments", "courier", "couriers", "courier"), "{proposed:?}");
        assert!(has("couriers", "courier", "shipments", "courier"), "both ways; the data decides: {proposed:?}");
        assert!(has("shipments", "courier_code", "couriers", "code"), "{proposed:?}");
        assert!(has("shipments", "year", "parcels", "year"));
        assert!(!has("shipments", "zone", "parcels", "zone"), "text is not compared with numbers: {proposed:?}");
    }

    #[test]
    fn the_data_decides_and_is_the_reason() {
        let candidate = |from: &str, to: &str, named_after_key: bool| Candidate {
            from_model: from.into(),
            from_column: "courier".into(),
            to_model: to.into(),
            to_column: "courier".into(),
            named_after_key,
            from_key: false,
            name_reason: "by name".into(),
        };
        let evidence = |referencing, found, target_unique, source_unique| Some(Evidence { referencing, found, target_unique, source_unique });
        let kept = judge(&candidate("shipments", "couriers", false), evidence(12_408, 12_408, true, false)).unwrap();
        assert_eq!(kept.reason, "courier: 100% of 12,408 values found in couriers.courier, which is unique");
        assert_eq!(kept.relation_type, RelationType::ManyToOne);
        let most = judge(&candidate("shipments", "couriers", false), evidence(1000, 951, true, false)).unwrap();
        assert_eq!(most.reason, "courier: 95.1% of 1,000 values found in couriers.courier, which is unique");
        assert_eq!(percent(9_999, 10_000), "99.9%");
        assert!(judge(&candidate("shipments", "couriers", true), evidence(1000, 949, true, false)).is_none(), "too few found");
        assert!(judge(&candidate("couriers", "shipments", false), evidence(16, 16, false, true)).is_none(), "target not unique");
        assert!(judge(&candidate("shipments", "couriers", false), evidence(0, 0, true, false)).is_none(), "nothing to find");
        assert_eq!(judge(&candidate("shipments", "couriers", true), evidence(0, 0, true, false)).unwrap().reason, "by name", "an empty column: the name");
        assert!(judge(&candidate("shipments", "couriers", false), None).is_none(), "a loose name needs the data");
        assert_eq!(judge(&candidate("shipments", "couriers", true), None).unwrap().reason, "by name");

        // The same column both ways round is recommended once, towards the model it is named after;
        // unique values make a one-to-one only where the column is its own model's key.
        let models = vec![model("employees", &["employee_id"], &[]), model("employee_details", &["employee_id", "bio"], &["employee_id"])];
        let judged = candidates(&models, &[]).into_iter().map(|c| (c, evidence(10, 10, true, true)));
        let recs = recommend_with(&models, &[], judged);
        assert_eq!(recs.len(), 1, "{recs:?}");
        assert_eq!((recs[0].from_model.as_str(), recs[0].to_model.as_str(), recs[0].relation_type), ("employee_details", "employees", RelationType::OneToOne));
    }

    #[test]
    fn codes_whose_names_say_nothing_are_proposed_by_their_values() {
        let profile = |model: &str, column: &str, values: u64, distinct: u64, longest: u64| Profile {
            model: model.into(),
            column: column.into(),
            values,
            distinct,
            longest,
        };
        let profiles = [
            profile("ports", "code", 40, 40, 5),
            profile("ports", "name", 40, 40, 30),
            profile("voyages", "arrival", 9000, 35, 5),
            profile("voyages", "remarks", 9000, 900, 200),
            profile("cranes", "status", 12, 2, 20),
        ];
        let found = by_values(&profiles, &[], &[]);
        let pairs: Vec<(&str, &str, &str)> = found.iter().map(|c| (c.from_column.as_str(), c.to_model.as_str(), c.to_column.as_str())).collect();
        // A short code against a unique column of codes; never a name, a long text, or a
        // column with more distinct values than the target has.
        assert_eq!(pairs, [("arrival", "ports", "code")]);
        assert!(!found[0].named_after_key);
        // Not proposed twice when the names already did.
        assert!(by_values(&profiles, &found, &[]).is_empty());
        // And recommended only when the data says so.
        let weak = Evidence { referencing: 9000, found: 8000, target_unique: true, source_unique: false };
        assert!(judge(&found[0], Some(weak)).is_none());
        assert!(judge(&found[0], None).is_none());
        let strong = Evidence { referencing: 9000, found: 8900, target_unique: true, source_unique: false };
        assert_eq!(judge(&found[0], Some(strong)).map(|r| r.reason), Some("arrival: 98.8% of 9,000 values found in ports.code, which is unique".to_owned()));
    }
}
