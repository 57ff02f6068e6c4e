//! E-mail delivery end to end: `MailQueue` (as the api uses it) → Redis → the real
//! `quarry-worker --queues email` → an SMTP server this test runs on a loopback port.
//! Needs QUARRY_REDIS_URL (scripts/test.sh exports it).

use std::{path::Path, time::Duration};

use quarry_domain::mail::{self, MailQueue};
use quarry_test_kit::{WorkerProcess, decode_quoted_printable, eventually, required_env, unique};
use secrecy::SecretString;
use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    net::TcpListener,
    sync::mpsc,
};

/// What the SMTP server does with each RCPT TO, connection after connection.
#[derive(Clone, Copy, PartialEq)]
enum Reply {
    Accept,
    /// 451: try again later.
    Transient,
    /// 550: no such mailbox.
    Permanent,
}

#[derive(Debug)]
struct Received {
    from: String,
    to: Vec<String>,
    data: String,
}

/// A minimal SMTP server: enough of RFC 5321 for lettre, no TLS, no auth. Each message
/// accepted (or refused, `data` empty) is reported on the returned channel.
async fn smtp_server(replies: Vec<Reply>) -> (u16, mpsc::UnboundedReceiver<Received>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (sender, receiver) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        let mut replies = replies.into_iter();
        loop {
            let (socket, _) = listener.accept().await.unwrap();
            let (read, mut write) = socket.into_split();
            let mut lines = BufReader::new(read).lines();
            write.write_all(b"220 quarry-test ESMTP\r\n").await.unwrap();
            let (mut from, mut to, mut refused) = (String::new(), Vec::new(), false);
            while let Ok(Some(line)) = lines.next_line().await {
                let verb = line.split([' ', ':']).next().unwrap_or_default().to_ascii_uppercase();
                let answer: &[u8] = match verb.as_str() {
                    "EHLO" | "HELO" => b"250-quarry-test\r\n250 8BITMIME\r\n",
                    "MAIL" => {
                        from = line[10..].trim().to_owned();
                        b"250 OK\r\n"
                    }
                    "RCPT" => match replies.next().unwrap_or(Reply::Accept) {
                        Reply::Accept => {
                            to.push(line[8..].trim().to_owned());
                            b"250 OK\r\n"
                        }
                        Reply::Transient => {
                            refused = true;
                            b"451 4.3.0 Try again later\r\n"
                        }
                        Reply::Permanent => {
                            refused = true;
                            b"550 5.1.1 No such mailbox\r\n"
                        }
                    },
                    "DATA" => {
                        write.write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n").await.unwrap();
                        let mut data = String::new();
                        while let Ok(Some(line)) = lines.next_line().await {
                            if line == "." {
                                break;
                            }
                            data.push_str(line.strip_prefix('.').unwrap_or(&line));
                            data.push('\n');
                        }
                        let _ = sender.send(Received { from: from.clone(), to: std::mem::take(&mut to), data });
                        b"250 OK queued\r\n"
                    }
                    "RSET" => {
                        if refused {
                            let _ = sender.send(Received { from: from.clone(), to: Vec::new(), data: String::new() });
                            refused = false;
                        }
                        b"250 OK\r\n"
                    }
                    "NOOP" => b"250 OK\r\n",
                    "QUIT" => {
                        if refused {
                            let _ = sender.send(Received { from: from.clone(), to: Vec::new(), data: String::new() });
                            refused = false;
                        }
                        write.write_all(b"221 Bye\r\n").await.unwrap();
                        break;
                    }
                    _ => b"502 Command not implemented\r\n",
                };
                if write.write_all(answer).await.is_err() {
                    break;
                }
            }
            if refused {
                let _ = sender.send(Received { from, to: Vec::new(), data: String::new() });
            }
        }
    });
    (port, receiver)
}

struct MailSetup {
    queue: MailQueue,
    worker: WorkerProcess,
}

async fn mail_setup(smtp_port: u16) -> MailSetup {
    let redis_url = required_env("QUARRY_REDIS_URL");
    let queue_name = unique("email");
    let queue = MailQueue::connect_to(&SecretString::from(redis_url.clone()), &queue_name).await.expect("connecting to QUARRY_REDIS_URL");
    let worker = WorkerProcess::spawn(Path::new(env!("CARGO_BIN_EXE_quarry-worker")), "email", |command| {
        command
            .args(["--queues", "email"])
            .env("QUARRY_REDIS_URL", redis_url)
            .env("QUARRY_EMAIL_QUEUE", queue_name)
            .env("QUARRY_SMTP_URL", format!("smtp://127.0.0.1:{smtp_port}"))
            .env("QUARRY_MAIL_FROM", "Quarry <no-reply@quarry.test>");
    });
    MailSetup { queue, worker }
}

async fn next(receiver: &mut mpsc::UnboundedReceiver<Received>, within: Duration) -> Received {
    tokio::time::timeout(within, receiver.recv()).await.unwrap_or_else(|_| panic!("no SMTP delivery within {within:?}")).expect("the SMTP server stopped")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn queued_email_reaches_the_smtp_server() {
    let (port, mut received) = smtp_server(vec![]).await;
    let mut setup = mail_setup(port).await;

    let email = mail::verification_email("http://quarry.test:3000", "ann@example.com", "verify-TOKEN-42");
    setup.queue.enqueue(email.clone()).await.unwrap();
    let message = next(&mut received, Duration::from_secs(60)).await;

    assert_eq!(message.from, "<no-reply@quarry.test>");
    assert_eq!(message.to, vec!["<ann@example.com>".to_owned()]);
    assert!(message.data.contains("To: ann@example.com"), "{}", message.data);
    assert!(message.data.contains(&format!("Subject: {}", email.subject)), "{}", message.data);
    let body = decode_quoted_printable(&message.data);
    assert!(body.contains("text/plain") && body.contains("text/html"), "both parts expected:\n{body}");
    let link = "http://quarry.test:3000/verify-email?token=verify-TOKEN-42";
    assert!(body.contains(&format!("\n{link}\n")), "link in the text part expected:\n{body}");
    assert!(body.contains(&format!("href=\"{link}\"")), "link in the HTML part expected:\n{body}");

    let status = setup.worker.terminate(Duration::from_secs(30)).await;
    assert!(status.success(), "the worker should exit cleanly on SIGTERM, got {status}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn transient_smtp_failures_are_retried_permanent_ones_are_not() {
    // First message: refused once with 451, then accepted. Second: refused with 550.
    let (port, mut received) = smtp_server(vec![Reply::Transient, Reply::Accept, Reply::Permanent]).await;
    let setup = mail_setup(port).await;

    let retried = mail::reset_password_email("http://quarry.test", "bob@example.com", "reset-1");
    setup.queue.enqueue(retried).await.unwrap();
    let refused = next(&mut received, Duration::from_secs(60)).await;
    assert!(refused.data.is_empty(), "the first attempt should have been refused");
    let delivered = next(&mut received, Duration::from_secs(60)).await;
    assert_eq!(delivered.to, vec!["<bob@example.com>".to_owned()]);
    assert!(decode_quoted_printable(&delivered.data).contains("http://quarry.test/signin?resetToken=reset-1"));

    let rejected = mail::reset_password_email("http://quarry.test", "nobody@example.com", "reset-2");
    setup.queue.enqueue(rejected).await.unwrap();
    let refusal = next(&mut received, Duration::from_secs(60)).await;
    assert!(refusal.data.is_empty());
    // Retries start after 2 s; a permanent refusal must not be retried at all.
    let again = tokio::time::timeout(Duration::from_secs(8), received.recv()).await;
    assert!(again.is_err(), "a 550 refusal was retried: {again:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mail_queued_while_the_worker_idles_arrives_within_seconds() {
    let (port, mut received) = smtp_server(vec![]).await;
    let setup = mail_setup(port).await;
    // The worker has started, looked at the empty queue and is idle when the api (another
    // process) queues a reset link; the user is waiting for it. Idle counts from when it
    // consumes the queue. It runs with the machine to itself (.config/nextest.toml): under the
    // whole suite on two cores it missed 5 s twice, while alone it delivers in about one.
    eventually("the worker to consume the e-mail queue", Duration::from_secs(60), || async { setup.worker.log().contains("delivering e-mail").then_some(()) })
        .await;
    tokio::time::sleep(Duration::from_secs(4)).await;
    let email = mail::reset_password_email("http://quarry.test", "cy@example.com", "reset-idle");
    setup.queue.enqueue(email).await.unwrap();
    let message = next(&mut received, Duration::from_secs(5)).await;
    assert_eq!(message.to, vec!["<cy@example.com>".to_owned()]);
}
