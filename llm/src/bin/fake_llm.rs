//! The scripted provider server on its own, for the browser journeys:
//! `fake-llm <port>`; script it with `POST /__script`.

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let port = std::env::args().nth(1).and_then(|p| p.parse().ok()).unwrap_or(0);
    let server = quarry_llm::fake::FakeServer::start(port).await?;
    println!("{}", server.url);
    std::future::pending::<()>().await;
    Ok(())
}
