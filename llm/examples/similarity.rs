//! Calibration of a similarity placement: for each unplaced phrase of a refused question (a
//! JSON line of `bench_questions --dump-unplaced`), the columns ranked by the local embedding
//! model's cosine similarity (each column said as the dump labels it, "dep delay of flights"),
//! and whether the best is one the gold SQL reads.
//!
//! `cargo run -p quarry-llm --features local --example similarity -- MODEL_DIR FILE.jsonl…`

use quarry_llm::local::LocalEmbedder;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let model = LocalEmbedder::load(std::path::Path::new(&args[0]))?;
    let mut scored: Vec<(f32, f32, bool)> = Vec::new();
    for file in &args[1..] {
        for line in std::fs::read_to_string(file)?.lines() {
            let v: serde_json::Value = serde_json::from_str(line)?;
            let phrase = v["phrase"].as_str().unwrap_or_default().to_owned();
            let columns = v["columns"].as_array().cloned().unwrap_or_default();
            let labels: Vec<String> = columns.iter().map(|c| c["label"].as_str().unwrap_or_default().to_owned()).collect();
            let mut texts = vec![phrase.clone()];
            texts.extend(labels.iter().cloned());
            let vectors = model.embed(&texts)?;
            let sims: Vec<f32> = vectors[1..].iter().map(|c| c.iter().zip(&vectors[0]).map(|(a, b)| a * b).sum()).collect();
            let mut order: Vec<usize> = (0..sims.len()).collect();
            order.sort_by(|a, b| sims[*b].total_cmp(&sims[*a]));
            let best = order[0];
            let margin = sims[best] - order.get(1).map_or(0.0, |&i| sims[i]);
            let right = columns[best]["gold"].as_bool().unwrap_or(false);
            println!(
                "{} {:.3} (+{:.3}) {:>20} → {:<40} | {}",
                if right { "RIGHT" } else { "wrong" },
                sims[best],
                margin,
                phrase,
                labels[best],
                v["question"].as_str().unwrap_or_default()
            );
            scored.push((sims[best], margin, right));
        }
    }
    for threshold in [0.3f32, 0.4, 0.5, 0.6, 0.7] {
        let above: Vec<&(f32, f32, bool)> = scored.iter().filter(|s| s.0 >= threshold).collect();
        let right = above.iter().filter(|s| s.2).count();
        println!("threshold {threshold}: {} placed, {right} right, {} wrong", above.len(), above.len() - right);
    }
    Ok(())
}
