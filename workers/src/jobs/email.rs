//! Delivers the e-mails the api queues (`quarry_domain::mail`) over SMTP.

use std::{sync::Arc, time::Duration};

use apalis::{
    layers::retry::{
        RetryPolicy,
        backoff::{ExponentialBackoffMaker, MakeBackoff},
    },
    prelude::*,
};
use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{Mailbox, MultiPart},
};
use quarry_domain::{
    config::Config,
    mail::{Email, MailQueue},
};
use secrecy::{ExposeSecret, SecretString};
use tracing::{error, info, warn};

use crate::{services, shutdown::Shutdown};

/// Attempts after the first before a message is given up (each waits longer, up to a minute).
const RETRIES: usize = 6;

pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Mailer {
    /// `smtp://host:port` talks plain SMTP (local sinks); `smtps://…` uses TLS and
    /// `smtp://…?tls=required` STARTTLS; credentials go in the URL's user info.
    pub fn new(smtp_url: &SecretString, from: &str) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp_url.expose_secret())
            .map_err(|e| anyhow::anyhow!("QUARRY_SMTP_URL is not a valid SMTP URL: {e}"))?
            .timeout(Some(Duration::from_secs(30)))
            .build();
        let from = from.parse().map_err(|e| anyhow::anyhow!("QUARRY_MAIL_FROM {from:?} is not an address: {e}"))?;
        Ok(Self { transport, from })
    }

    pub async fn send(&self, email: &Email) -> Result<(), BoxDynError> {
        // A bad address or a permanent refusal fails the same way every time: no retries.
        let to: Mailbox = email.to.parse().map_err(|e| AbortError::new(format!("bad recipient {:?}: {e}", email.to)))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(email.subject.clone())
            .multipart(MultiPart::alternative_plain_html(email.text.clone(), email.html.clone()))
            .map_err(AbortError::new)?;
        match self.transport.send(message).await {
            Ok(_) => Ok(()),
            Err(e) if e.is_permanent() => Err(AbortError::new(e).into()),
            Err(e) => Err(e.into()),
        }
    }
}

async fn deliver(email: Email, mailer: Data<Arc<Mailer>>) -> Result<(), BoxDynError> {
    match mailer.send(&email).await {
        Ok(()) => {
            info!(subject = %email.subject, "e-mail sent");
            Ok(())
        }
        Err(e) => {
            warn!(subject = %email.subject, "e-mail not sent: {}", services::chain(e.as_ref()));
            Err(e)
        }
    }
}

/// How long queued mail may wait for an idle worker to look (a password-reset link should
/// arrive while the user waits for it).
const MAIL_POLL: Duration = Duration::from_secs(1);

/// Consumes the e-mail queue until shutdown. A Redis outage stops the apalis worker; it is
/// then rebuilt after a pause rather than taking the whole process down.
pub async fn run(config: &Config, worker_name: &str, shutdown: Shutdown) -> anyhow::Result<()> {
    let mailer = Arc::new(Mailer::new(&config.smtp_url, &config.mail_from)?);
    // The queue name comes from QUARRY_EMAIL_QUEUE, so test runs sharing one Redis keep
    // their mail apart.
    let connect = || MailQueue::connect_to(&config.redis_url, &config.email_queue);
    let Some(queue) = services::until_ready("Redis", &shutdown, connect).await else {
        return Ok(());
    };
    info!(queue = queue.queue(), worker = worker_name, "delivering e-mail");
    while !shutdown.is_triggered() {
        let backoff = ExponentialBackoffMaker::new(Duration::from_secs(2), Duration::from_secs(60), 0.5, apalis::layers::retry::HasherRng::default())
            .expect("constant backoff bounds are valid")
            .make_backoff();
        let worker = WorkerBuilder::new(worker_name)
            // Wakes to look for mail at least this often: the backend otherwise wakes on its
            // 30 s heartbeat for mail queued by another process (the api) while it idled.
            .backend(queue.storage().poll_with_interval(MAIL_POLL))
            .data(mailer.clone())
            .retry(RetryPolicy::retries(RETRIES).with_backoff(backoff))
            .build(deliver);
        let stop = shutdown.clone();
        match worker
            .run_until(async move {
                stop.wait().await;
                Ok::<(), std::io::Error>(())
            })
            .await
        {
            Ok(()) => break,
            Err(e) => {
                error!("e-mail worker stopped: {}; restarting in 5s", services::chain(&e));
                tokio::select! {
                    _ = tokio::time::sleep(Duration::from_secs(5)) => {}
                    _ = shutdown.wait() => break,
                }
            }
        }
    }
    Ok(())
}
