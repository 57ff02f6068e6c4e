//! What retrieval embeds with: the organisation's embedding model when it configured one,
//! else the local model (loaded once per worker, run off the async runtime).

use std::sync::Arc;

use async_trait::async_trait;
use quarry_domain::{asking::llm::ProjectLlm, retrieval::Embedder};
use quarry_llm::{
    LlmError,
    local::{LOCAL_MODEL, LocalEmbedder},
};
use tokio::sync::OnceCell;
use tracing::warn;

/// The local model, loaded on first use; `None` when its files are missing.
#[derive(Clone, Default)]
pub struct LocalModel {
    model: Arc<OnceCell<Option<Arc<LocalEmbedder>>>>,
    dir: std::path::PathBuf,
}

impl LocalModel {
    pub fn new(dir: std::path::PathBuf) -> Self {
        Self { model: Arc::default(), dir }
    }

    pub async fn get(&self) -> Option<Arc<LocalEmbedder>> {
        let dir = self.dir.clone();
        self.model
            .get_or_init(|| async move {
                match tokio::task::spawn_blocking(move || LocalEmbedder::load(&dir)).await {
                    Ok(Ok(model)) => Some(Arc::new(model)),
                    Ok(Err(error)) => {
                        warn!("retrieval runs without embeddings: {error}");
                        None
                    }
                    Err(error) => {
                        warn!("loading the local embedding model panicked: {error}");
                        None
                    }
                }
            })
            .await
            .clone()
    }

    /// The local model as an embedder, when it is installed.
    pub async fn embedder(&self) -> Option<Box<dyn Embedder>> {
        self.get().await.map(|model| Box::new(Local(model)) as Box<dyn Embedder>)
    }

    /// What retrieval embeds with for a project: the organisation's embedding model when it
    /// set one (`project_llm`, as the work's requester may use it), else the local model.
    /// Deploys and questions choose here, so the index a deploy embeds is the one questions
    /// search.
    pub async fn choose(&self, project_llm: Option<ProjectLlm>) -> Option<Box<dyn Embedder>> {
        match project_llm {
            Some(project_llm) if project_llm.settings().embedding_model.is_some() => Some(Box::new(Remote(project_llm))),
            _ => self.embedder().await,
        }
    }
}

pub struct Local(pub Arc<LocalEmbedder>);

#[async_trait]
impl Embedder for Local {
    fn model(&self) -> String {
        LOCAL_MODEL.to_owned()
    }

    async fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, LlmError> {
        let model = self.0.clone();
        let texts = texts.to_vec();
        quarry_engine::cpu::run(move || model.embed(&texts)).await.map_err(|e| LlmError::Invalid(format!("the local embedding model stopped: {e}")))?
    }

    fn shared(&self) -> bool {
        true
    }
}

/// The organisation's embedding model.
pub struct Remote(pub ProjectLlm);

#[async_trait]
impl Embedder for Remote {
    fn model(&self) -> String {
        let settings = self.0.settings();
        format!("{}/{}", settings.provider.as_str(), settings.embedding_model.as_deref().unwrap_or_default())
    }

    async fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, LlmError> {
        Ok(self.0.provider().embed(texts).await?.vectors)
    }
}
