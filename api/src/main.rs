use quarry_api::{graphql, router, state::AppState};
use quarry_domain::config::Config;
use std::net::SocketAddr;
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    if std::env::args().any(|a| a == "--print-schema") {
        print!("{}", graphql::sdl());
        return Ok(());
    }
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn")))
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()))
        .init();
    let config = Config::from_env()?;
    if std::env::args().nth(1).as_deref() == Some("rotate-secrets") {
        return rotate_secrets(&config).await;
    }
    if !config.cookie_secure && !config.public_url.starts_with("https://") && !cfg!(debug_assertions) {
        tracing::warn!(public_url = %config.public_url, "cookies are sent without Secure: serve Quarry over https and set QUARRY_PUBLIC_URL to its https address");
    }
    // Opened now, so a missing WordNet is said at start rather than at the first question.
    if quarry_engine::question::thesaurus::Thesaurus::shared().is_some() {
        tracing::info!("WordNet found: questions are read with its synonyms");
    }
    let addr: SocketAddr = format!("{}:{}", config.bind, config.port).parse()?;
    let state = AppState::connect(config).await?;
    let listener = tokio::net::TcpListener::bind(addr).await?;
    tracing::info!(%addr, "quarry-api listening");
    axum::serve(listener, router(state).into_make_service_with_connect_info::<SocketAddr>()).with_graceful_shutdown(shutdown()).await?;
    Ok(())
}

/// `quarry-api rotate-secrets`: re-seals every stored secret with QUARRY_SECRET_KEY, opening
/// old values with QUARRY_SECRET_KEY_PREVIOUS. Safe to run again; once it has succeeded the
/// previous key can be removed.
async fn rotate_secrets(config: &Config) -> anyhow::Result<()> {
    let pool = quarry_domain::db::connect(&config.database_url, config.database_max_connections).await?;
    quarry_domain::db::migrate(&pool).await?;
    let keys = config.secret_keys();
    let report = quarry_domain::secret::reseal_all(&pool, &keys).await?;
    println!("re-sealed with key {}: {} data-source secret(s), {} language-model key(s)", keys.current_id(), report.data_sources, report.llm_keys);
    Ok(())
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            s.recv().await;
        }
    };
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
}
