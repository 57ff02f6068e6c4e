//! Outgoing e-mail: the messages Quarry sends and the queue they wait in. The api enqueues;
//! the worker (`quarry-worker --queues email`) delivers over SMTP.

use std::time::Duration;

use apalis::prelude::TaskSink;
use apalis_redis::{Config as QueueConfig, RedisStorage};
use redis::aio::ConnectionManagerConfig;
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// The apalis-redis queue e-mails wait in (docs/contracts.md).
pub const EMAIL_QUEUE: &str = "quarry-email";

const PRODUCT: &str = "Quarry";

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Email {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// A handle on the e-mail queue. Cheap to clone; clones share one Redis connection.
#[derive(Clone)]
pub struct MailQueue {
    storage: RedisStorage<Email>,
}

impl std::fmt::Debug for MailQueue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MailQueue").field("queue", &self.queue()).finish()
    }
}

impl MailQueue {
    /// Connects to the `quarry-email` queue.
    pub async fn connect(redis_url: &SecretString) -> Result<Self> {
        Self::connect_to(redis_url, EMAIL_QUEUE).await
    }

    /// Connects to a queue of another name (tests isolate themselves this way).
    pub async fn connect_to(redis_url: &SecretString, queue: &str) -> Result<Self> {
        let client = redis::Client::open(redis_url.expose_secret()).map_err(Error::internal)?;
        // The manager's 500 ms default response timeout is shorter than a busy Redis can
        // take, and a timed-out fetch leaves apalis thinking the queue is broken.
        let manager_config =
            ConnectionManagerConfig::new().set_connection_timeout(Some(Duration::from_secs(5))).set_response_timeout(Some(Duration::from_secs(5)));
        let connection = client.get_connection_manager_with_config(manager_config).await.map_err(Error::internal)?;
        let storage = RedisStorage::new(connection).with_config(QueueConfig::default().queue(queue));
        Ok(Self { storage })
    }

    /// The queue's backend, for the worker that consumes it.
    pub fn storage(&self) -> RedisStorage<Email> {
        self.storage.clone()
    }

    pub fn queue(&self) -> &str {
        self.storage.get_config().queue.as_ref()
    }

    pub async fn enqueue(&self, email: Email) -> Result<()> {
        let mut storage = self.storage.clone();
        storage.push(email).await.map_err(Error::internal)
    }
}

/// The link that confirms an address after sign-up.
pub fn verification_email(public_url: &str, to: &str, token: &str) -> Email {
    let link = format!("{}/verify-email?token={token}", public_url.trim_end_matches('/'));
    Email {
        to: to.to_owned(),
        subject: format!("Verify your e-mail address for {PRODUCT}"),
        text: format!(
            "Welcome to {PRODUCT}!\n\n\
             Please confirm your e-mail address by opening this link:\n\n{link}\n\n\
             If you did not create a {PRODUCT} account, you can ignore this message.\n"
        ),
        html: html_page(
            "Verify your e-mail address",
            &format!("Welcome to {PRODUCT}! Please confirm your e-mail address."),
            "Verify e-mail address",
            &link,
            &format!("If you did not create a {PRODUCT} account, you can ignore this message."),
        ),
    }
}

/// Sent instead of a verification link when someone signs up with an address that has an
/// account already: the sign-up page answers the same either way, and the owner learns of
/// the attempt.
pub fn existing_account_email(public_url: &str, to: &str) -> Email {
    let link = format!("{}/signin", public_url.trim_end_matches('/'));
    Email {
        to: to.to_owned(),
        subject: format!("You already have a {PRODUCT} account"),
        text: format!(
            "Someone tried to create a {PRODUCT} account with this e-mail address, which already has one.\n\n\
             If it was you, sign in instead (or reset your password from the sign-in page):\n\n{link}\n\n\
             If it was not you, ignore this message: nothing about your account has changed.\n"
        ),
        html: html_page(
            "You already have an account",
            &format!(
                "Someone tried to create a {PRODUCT} account with this e-mail address, which already has one. If it was you, sign in instead, or reset your password from the sign-in page."
            ),
            "Sign in",
            &link,
            "If it was not you, ignore this message: nothing about your account has changed.",
        ),
    }
}

/// The link that lets a user choose a new password.
pub fn reset_password_email(public_url: &str, to: &str, token: &str) -> Email {
    let link = format!("{}/signin?resetToken={token}", public_url.trim_end_matches('/'));
    Email {
        to: to.to_owned(),
        subject: format!("Reset your {PRODUCT} password"),
        text: format!(
            "Someone asked to reset the password of your {PRODUCT} account.\n\n\
             Choose a new password by opening this link:\n\n{link}\n\n\
             If it was not you, ignore this message: your password stays as it is.\n"
        ),
        html: html_page(
            "Reset your password",
            &format!("Someone asked to reset the password of your {PRODUCT} account."),
            "Choose a new password",
            &link,
            "If it was not you, ignore this message: your password stays as it is.",
        ),
    }
}

/// An invitation to join an org, with the link that accepts it.
pub fn invitation_email(to: &str, org_name: &str, invitor: &str, link: &str, expires: &str) -> Email {
    Email {
        to: to.to_owned(),
        subject: format!("{invitor} invited you to {org_name} on {PRODUCT}"),
        text: format!(
            "{invitor} invited you to join the organization {org_name} on {PRODUCT}.\n\n\
             Open this link to accept (you can create an account there if you have none):\n\n{link}\n\n\
             The invitation expires on {expires}. If you did not expect it, you can ignore this message.\n"
        ),
        html: html_page(
            &format!("Join {org_name} on {PRODUCT}"),
            &format!("{invitor} invited you to join the organization {org_name} on {PRODUCT}. You can create an account when you accept if you have none."),
            "Accept the invitation",
            link,
            &format!("The invitation expires on {expires}. If you did not expect it, you can ignore this message."),
        ),
    }
}

fn html_page(title: &str, intro: &str, action: &str, link: &str, footer: &str) -> String {
    let (title, intro, action, link, footer) = (escape(title), escape(intro), escape(action), escape(link), escape(footer));
    format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{title}</title></head>\n\
         <body style=\"font-family: -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; color: #262626;\">\n\
         <h2>{title}</h2>\n<p>{intro}</p>\n\
         <p><a href=\"{link}\" style=\"display: inline-block; padding: 8px 16px; background: #1677ff; color: #ffffff; \
         border-radius: 6px; text-decoration: none;\">{action}</a></p>\n\
         <p style=\"font-size: 13px; color: #8c8c8c;\">Or paste this link into your browser:<br>{link}</p>\n\
         <p style=\"font-size: 13px; color: #8c8c8c;\">{footer}</p>\n\
         <p style=\"font-size: 13px; color: #8c8c8c;\">— {PRODUCT}</p>\n</body></html>\n"
    )
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verification_link_is_in_both_parts() {
        let email = verification_email("https://quarry.example.com/", "ann@example.com", "tok_123");
        assert_eq!(email.to, "ann@example.com");
        assert!(email.subject.contains("Quarry"));
        let link = "https://quarry.example.com/verify-email?token=tok_123";
        assert!(email.text.contains(link));
        assert!(email.html.contains(&format!("href=\"{link}\"")));
    }

    #[test]
    fn reset_link_points_at_sign_in() {
        let email = reset_password_email("http://localhost:3000", "bob@example.com", "abc-DEF_9");
        let link = "http://localhost:3000/signin?resetToken=abc-DEF_9";
        assert!(email.text.contains(link));
        assert!(email.html.contains(link));
        assert!(email.subject.contains("password"));
    }

    #[test]
    fn invitation_names_the_org_and_escapes_it() {
        let email = invitation_email("ann@example.com", "<Acme>", "Bob", "http://q.local/invitation?code=x", "2026-12-01 10:00 UTC");
        assert!(email.subject.contains("<Acme>") && email.subject.contains("Bob"));
        assert!(email.text.contains("http://q.local/invitation?code=x"));
        assert!(email.html.contains("&lt;Acme&gt;") && !email.html.contains("<Acme>"));
    }

    #[test]
    fn html_is_escaped() {
        assert_eq!(escape("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
    }
}
