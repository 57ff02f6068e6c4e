//! The local, offline embedding model: all-MiniLM-L6-v2 (a 6-layer BERT, 384 dimensions) run
//! with candle on the CPU. Its tokenizer pads every input to 128 tokens, so token vectors are
//! mean-pooled over the attention mask, then normalised — as the model was trained.

use std::{path::Path, sync::Mutex};

use candle_core::{DType, Device, Tensor};
use candle_nn::VarBuilder;
use candle_transformers::models::bert::{BertModel, Config};
use tokenizers::Tokenizer;

use crate::LlmError;

pub const LOCAL_MODEL: &str = "local/all-MiniLM-L6-v2";

pub struct LocalEmbedder {
    model: BertModel,
    // `encode_batch` takes `&self` but the padding settings live on the tokenizer.
    tokenizer: Mutex<Tokenizer>,
}

fn failed(e: impl std::fmt::Display) -> LlmError {
    LlmError::Invalid(format!("the local embedding model failed: {e}"))
}

impl LocalEmbedder {
    /// Loads `config.json`, `tokenizer.json` and `model.safetensors` from `dir`.
    pub fn load(dir: &Path) -> Result<Self, LlmError> {
        let missing =
            |what: &str| LlmError::Invalid(format!("the local embedding model's {what} is missing from {} (scripts/deps.sh installs it)", dir.display()));
        let config = std::fs::read_to_string(dir.join("config.json")).map_err(|_| missing("config.json"))?;
        let config: Config = serde_json::from_str(&config).map_err(failed)?;
        let tokenizer = Tokenizer::from_file(dir.join("tokenizer.json")).map_err(|_| missing("tokenizer.json"))?;
        let weights = dir.join("model.safetensors");
        if !weights.exists() {
            return Err(missing("model.safetensors"));
        }
        // SAFETY: the weights file is ours and not modified while mapped.
        let vb = unsafe { VarBuilder::from_mmaped_safetensors(&[weights], DType::F32, &Device::Cpu) }.map_err(failed)?;
        let model = BertModel::load(vb, &config).map_err(failed)?;
        Ok(Self { model, tokenizer: Mutex::new(tokenizer) })
    }

    /// One normalised 384-dimension vector per text. CPU-bound: call it off the async runtime.
    pub fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, LlmError> {
        if texts.is_empty() {
            return Ok(Vec::new());
        }
        let encodings = {
            let tokenizer = self.tokenizer.lock().map_err(failed)?;
            tokenizer.encode_batch(texts.to_vec(), true).map_err(failed)?
        };
        let device = &self.model.device;
        let rows = |pick: &dyn Fn(&tokenizers::Encoding) -> Vec<u32>| -> Result<Tensor, LlmError> {
            let rows: Vec<Tensor> = encodings.iter().map(|e| Tensor::new(pick(e).as_slice(), device)).collect::<Result<_, _>>().map_err(failed)?;
            Tensor::stack(&rows, 0).map_err(failed)
        };
        let ids = rows(&|e| e.get_ids().to_vec())?;
        let types = rows(&|e| e.get_type_ids().to_vec())?;
        let mask = rows(&|e| e.get_attention_mask().to_vec())?;
        let hidden = self.model.forward(&ids, &types, Some(&mask)).map_err(failed)?;
        let pooled = (|| {
            let mask = mask.to_dtype(DType::F32)?.unsqueeze(2)?;
            let summed = hidden.broadcast_mul(&mask)?.sum(1)?;
            let counts = mask.sum(1)?.clamp(1e-9, f64::MAX)?;
            let mean = summed.broadcast_div(&counts)?;
            let norm = mean.sqr()?.sum_keepdim(1)?.sqrt()?.clamp(1e-12, f64::MAX)?;
            mean.broadcast_div(&norm)?.to_vec2::<f32>()
        })()
        .map_err(failed)?;
        Ok(pooled)
    }
}
