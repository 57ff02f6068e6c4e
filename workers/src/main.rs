//! `quarry-worker`: Quarry's background work. Temporal workflows and activities, and the
//! apalis-redis e-mail queue; `--queues` picks a subset. Stops gracefully on Ctrl-C/SIGTERM.

mod activities;
mod cli;
mod files;
mod jobs;
mod metrics;
mod services;
mod shutdown;
mod workflow_worker;

use std::{io::IsTerminal, process::ExitCode};

use anyhow::Context;
use quarry_domain::{config::Config, db};
use tracing::{error, info};
use tracing_subscriber::EnvFilter;

use crate::{cli::Queue, shutdown::Shutdown};

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")))
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    let queues = match cli::parse(std::env::args().skip(1)) {
        Ok(cli::Command::Run { queues }) => queues,
        Ok(cli::Command::Help) => {
            println!("{}", cli::USAGE);
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("quarry-worker: {message}\n\n{}", cli::USAGE);
            return ExitCode::from(2);
        }
    };
    match run(queues).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            error!("{e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(queues: std::collections::BTreeSet<Queue>) -> anyhow::Result<()> {
    let config = Config::from_env()?;
    let shutdown = Shutdown::new();
    shutdown.listen_for_signals().context("installing signal handlers")?;
    // Unique per process: Temporal shows it per poller, and apalis recovers the jobs of a
    // worker name that stopped heartbeating, so two live processes must never share one.
    let identity = quarry_workflows::client::identity();
    info!(?queues, %identity, "quarry-worker starting");

    let temporal_queues: Vec<Queue> = queues.iter().copied().filter(|q| q.is_temporal()).collect();
    let workflows = async {
        if temporal_queues.is_empty() {
            return Ok(());
        }
        let pool = services::until_ready("Postgres", &shutdown, || db::connect(&config.database_url, config.database_max_connections)).await;
        let Some(pool) = pool else { return Ok(()) };
        db::migrate(&pool).await.context("applying migrations")?;
        workflow_worker::run(&config, pool, &identity, &temporal_queues, shutdown.clone()).await
    };
    let email = async {
        if !queues.contains(&Queue::Email) {
            return Ok(());
        }
        jobs::email::run(&config, &format!("email-{identity}"), shutdown.clone()).await
    };
    // One part failing stops the other, so the process exits and its supervisor restarts it.
    let stop_on_error = |result: anyhow::Result<()>| {
        if result.is_err() {
            shutdown.trigger();
        }
        result
    };
    let (workflows, email) = tokio::join!(async { stop_on_error(workflows.await) }, async { stop_on_error(email.await) });
    workflows.context("workflow worker")?;
    email.context("e-mail worker")?;
    info!("quarry-worker stopped");
    Ok(())
}
