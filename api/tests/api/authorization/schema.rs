//! The schema as the authorisation walk sees it: every root field from introspection, and
//! the operation and variables that call one with minimal valid arguments.

use quarry_api::graphql::authorization::Root;
use quarry_test_kit::TestApp;
use serde_json::{Map, Value, json};
use std::collections::HashMap;

#[derive(Clone)]
pub(super) struct Field {
    pub(super) root: Root,
    pub(super) name: String,
    pub(super) args: Vec<Value>,
    pub(super) returns: Value,
}

pub(super) struct Schema {
    pub(super) fields: Vec<Field>,
    types: HashMap<String, Value>,
}

const INTROSPECTION: &str = r#"{ __schema {
  queryType { fields { ...F } } mutationType { fields { ...F } }
  types { name kind enumValues { name } inputFields { name defaultValue type { ...T } } } } }
fragment F on __Field { name args { name defaultValue type { ...T } } type { ...T } }
fragment T on __Type { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }"#;

impl Schema {
    pub(super) async fn load(app: &TestApp) -> Self {
        // Introspection answers signed out: the schema is no secret (web/schema.graphql).
        let data = app.gql_ok(&app.client(), INTROSPECTION, json!({})).await;
        let schema = &data["__schema"];
        let mut fields = Vec::new();
        for (root, key) in [(Root::Query, "queryType"), (Root::Mutation, "mutationType")] {
            for f in schema[key]["fields"].as_array().unwrap() {
                fields.push(Field {
                    root,
                    name: f["name"].as_str().unwrap().to_owned(),
                    args: f["args"].as_array().unwrap().clone(),
                    returns: f["type"].clone(),
                });
            }
        }
        let types = schema["types"].as_array().unwrap().iter().map(|t| (t["name"].as_str().unwrap().to_owned(), t.clone())).collect();
        Self { fields, types }
    }
}

fn type_name(t: &Value) -> String {
    match t["kind"].as_str().unwrap() {
        "NON_NULL" => format!("{}!", type_name(&t["ofType"])),
        "LIST" => format!("[{}]", type_name(&t["ofType"])),
        _ => t["name"].as_str().unwrap().to_owned(),
    }
}

fn named(t: &Value) -> &Value {
    if t["ofType"].is_null() { t } else { named(&t["ofType"]) }
}

/// The operation calling `field` with the arguments in `vars` as variables, selecting
/// `__typename` (arguments left out take their defaults).
pub(super) fn document(field: &Field, vars: &Value) -> String {
    let keyword = if field.root == Root::Query { "query" } else { "mutation" };
    let given: Vec<&Value> = field.args.iter().filter(|a| vars.get(a["name"].as_str().unwrap()).is_some()).collect();
    let vars: Vec<String> = given.iter().map(|a| format!("${}: {}", a["name"].as_str().unwrap(), type_name(&a["type"]))).collect();
    let args: Vec<String> = given.iter().map(|a| format!("{0}: ${0}", a["name"].as_str().unwrap())).collect();
    let selection = match named(&field.returns)["kind"].as_str().unwrap() {
        "OBJECT" => " { __typename }",
        _ => "",
    };
    let vars = if vars.is_empty() { String::new() } else { format!("({})", vars.join(", ")) };
    let args = if args.is_empty() { String::new() } else { format!("({})", args.join(", ")) };
    format!("{keyword} Walk{vars} {{ {}{args}{selection} }}", field.name)
}

/// Values by argument or input-field name: the ids of the fixtures a call works on, and whole
/// arguments where a made-up value would not be valid.
pub(super) type Values = HashMap<&'static str, Value>;

/// A minimal valid value of type `t` for an argument or input field called `name`.
fn value(schema: &Schema, name: &str, t: &Value, given: &Values) -> Value {
    if let Some(v) = given.get(name) {
        return v.clone();
    }
    match t["kind"].as_str().unwrap() {
        "NON_NULL" => value(schema, name, &t["ofType"], given),
        "LIST" => json!([]),
        "SCALAR" => match t["name"].as_str().unwrap() {
            "ID" => panic!("no id given for {name}"),
            "String" => json!("x"),
            "Int" => json!(1),
            "Float" => json!(1.0),
            "Boolean" => json!(false),
            _ => json!({}),
        },
        "ENUM" => schema.types[t["name"].as_str().unwrap()]["enumValues"][0]["name"].clone(),
        "INPUT_OBJECT" => {
            let mut object = Map::new();
            for f in schema.types[t["name"].as_str().unwrap()]["inputFields"].as_array().unwrap() {
                let field_name = f["name"].as_str().unwrap();
                let required = f["type"]["kind"] == "NON_NULL" && f["defaultValue"].is_null();
                if required || given.contains_key(field_name) {
                    object.insert(field_name.to_owned(), value(schema, field_name, &f["type"], given));
                }
            }
            Value::Object(object)
        }
        kind => panic!("unexpected argument kind {kind}"),
    }
}

pub(super) fn variables(schema: &Schema, field: &Field, given: &Values) -> Value {
    let mut vars = Map::new();
    for a in &field.args {
        let name = a["name"].as_str().unwrap();
        let required = a["type"]["kind"] == "NON_NULL" && a["defaultValue"].is_null();
        if required || given.contains_key(name) {
            vars.insert(name.to_owned(), value(schema, name, &a["type"], given));
        }
    }
    Value::Object(vars)
}
