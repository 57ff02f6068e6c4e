//! The local embedding model on real text (its files come from scripts/deps.sh).

use std::path::PathBuf;

use quarry_llm::local::LocalEmbedder;

fn model_dir() -> PathBuf {
    std::env::var_os("QUARRY_EMBEDDING_MODEL_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(std::env::var("HOME").unwrap()).join(".cache/quarry/models/all-MiniLM-L6-v2"))
}

fn cosine(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

#[test]
fn paraphrases_are_closer_than_unrelated_questions() {
    let model = LocalEmbedder::load(&model_dir()).expect("the model is installed");
    let texts: Vec<String> = [
        "How many customers do we have?",
        "What is the number of customers?",
        "Which genre earns the most revenue?",
        "What's the weather like in Paris tomorrow?",
    ]
    .map(String::from)
    .to_vec();
    let vectors = model.embed(&texts).unwrap();
    assert_eq!(vectors.len(), 4);
    for v in &vectors {
        assert_eq!(v.len(), 384);
        assert!((cosine(v, v) - 1.0).abs() < 1e-4, "normalised");
    }
    let paraphrase = cosine(&vectors[0], &vectors[1]);
    assert!(paraphrase > 0.8, "paraphrase similarity {paraphrase}");
    assert!(paraphrase > cosine(&vectors[0], &vectors[2]) + 0.2);
    assert!(cosine(&vectors[0], &vectors[3]) < 0.3);

    // Padding to 128 tokens must not change a text's vector: alone or in a batch, the same.
    let alone = model.embed(&texts[..1]).unwrap();
    assert!(cosine(&alone[0], &vectors[0]) > 0.9999);
}

#[test]
fn a_missing_model_says_where_it_was_looked_for() {
    let error = LocalEmbedder::load(std::path::Path::new("/nonexistent/minilm")).err().unwrap();
    assert!(error.to_string().contains("/nonexistent/minilm"), "{error}");
}
