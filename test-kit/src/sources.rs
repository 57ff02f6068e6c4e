//! Data sources of the api tests: databases made on the source Postgres server of `make test`
//! (not Quarry's own metadata server, which the network policy refuses as a source).

use serde_json::{Value, json};
use uuid::Uuid;

use crate::required_env;

/// The Postgres server the tests use as a data source.
pub fn source_postgres_url() -> String {
    required_env("QUARRY_TEST_SOURCE_POSTGRES_URL")
}

/// A fresh database on the source Postgres server with a small shop schema.
pub async fn shop_database() -> (String, Value) {
    use sqlx::{Connection, Executor, PgConnection};
    let admin_url = source_postgres_url();
    let url = url_parts(&admin_url);
    let name = format!("shop_{}", &Uuid::new_v4().simple().to_string()[..10]);
    let mut admin = PgConnection::connect(&admin_url).await.unwrap();
    admin.execute(format!("CREATE DATABASE {name}").as_str()).await.unwrap();
    let mut shop = PgConnection::connect(&format!("{}/{name}", url.base)).await.unwrap();
    shop.execute(
        "CREATE TABLE customers (id integer PRIMARY KEY, name text NOT NULL, country text);
         CREATE TABLE orders (id integer PRIMARY KEY, customer_id integer NOT NULL REFERENCES customers (id),
                              amount numeric(10,2), ordered_at timestamptz);
         CREATE TABLE products (product_id integer PRIMARY KEY, title text);
         CREATE TABLE order_items (order_id integer REFERENCES orders (id), product_id integer, quantity integer,
                                   PRIMARY KEY (order_id, product_id));
         INSERT INTO customers VALUES (1, 'Ada', 'UK'), (2, 'Grace', 'US');
         INSERT INTO orders VALUES (10, 1, 12.50, now()), (11, 2, 99.99, now());",
    )
    .await
    .unwrap();
    let properties = json!({
        "host": url.host, "port": url.port, "database": name, "user": url.user, "password": url.password,
    });
    (name, properties)
}

pub struct UrlParts {
    pub base: String,
    pub host: String,
    pub port: u16,
    pub user: String,
    pub password: String,
}

pub fn url_parts(url: &str) -> UrlParts {
    // postgres://user:password@host:port/db
    let rest = url.strip_prefix("postgres://").unwrap();
    let (auth, hostpart) = rest.split_once('@').unwrap();
    let (user, password) = auth.split_once(':').unwrap();
    let hostport = hostpart.split('/').next().unwrap();
    let (host, port) = hostport.split_once(':').unwrap();
    UrlParts { base: format!("postgres://{auth}@{hostport}"), host: host.into(), port: port.parse().unwrap(), user: user.into(), password: password.into() }
}

/// Runs statements in a database made by [`shop_database`].
pub async fn shop_execute(database: &str, sql: &str) {
    use sqlx::{Connection, Executor, PgConnection};
    let url = url_parts(&source_postgres_url());
    let mut shop = PgConnection::connect(&format!("{}/{database}", url.base)).await.unwrap();
    shop.execute(sql).await.unwrap();
}
