//! The connection pool: a connection left inside a transaction sqlx does not know of is not
//! handed to the next borrower.

use quarry_domain::db::{in_transaction, pool_options};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};

#[sqlx::test]
async fn a_connection_left_in_a_transaction_is_not_reused(_: PgPoolOptions, options: PgConnectOptions) {
    let pool = pool_options(1).connect_with(options).await.unwrap();
    let mut conn = pool.acquire().await.unwrap();
    // What a cancelled `begin()` leaves behind: a BEGIN the connection does not track.
    sqlx::raw_sql("BEGIN").execute(&mut *conn).await.unwrap();
    let leaked: i32 = sqlx::query_scalar("SELECT pg_backend_pid()").fetch_one(&mut *conn).await.unwrap();
    drop(conn);
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;

    // The next borrower (the pool holds one connection) is outside any transaction, on another
    // session.
    let mut conn = pool.acquire().await.unwrap();
    let pid: i32 = sqlx::query_scalar("SELECT pg_backend_pid()").fetch_one(&mut *conn).await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let in_transaction = in_transaction(&mut conn).await.unwrap();
    assert!(!in_transaction, "the next borrower ran inside the leaked transaction");
    assert_ne!(pid, leaked, "the connection left in a transaction was handed out again");
}
