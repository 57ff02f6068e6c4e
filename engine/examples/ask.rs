//! Asks the embedded question engine one question over a deployed manifest, for working on
//! the engine: `cargo run -p quarry-engine --example ask -- manifest.json "total revenue by country"`.
//! The manifest is a deploy's (`SELECT manifest FROM deploys …`); values are not looked up.

use quarry_engine::{
    compile::{Dialect, compile},
    mdl::Manifest,
    question::{Understanding, understand},
};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let (Some(path), Some(question)) = (args.next(), args.next()) else {
        anyhow::bail!("usage: ask MANIFEST.json QUESTION");
    };
    let manifest: Manifest = serde_json::from_str(&std::fs::read_to_string(path)?)?;
    let today = chrono::Utc::now().date_naive();
    match understand(&manifest, Dialect::DuckDb, &question, &[], today) {
        Understanding::Sql { sql, understood, .. } => {
            println!("understood: {understood:?}\nsql: {sql}");
            println!("compiled: {}", compile(&manifest, &sql, Dialect::DuckDb)?);
        }
        Understanding::NotUnderstood { understood, suggestions, .. } => println!("not understood: {understood:?}\nsuggestions: {suggestions:?}"),
    }
    Ok(())
}
