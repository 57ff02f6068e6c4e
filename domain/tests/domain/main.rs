//! The domain's rules against a real Postgres: each `#[sqlx::test]` gets a fresh database
//! with `migrations/` applied (on the server of `DATABASE_URL`, which `make test` points at
//! its Postgres). One module per domain module; each test names the one behaviour it checks.

mod asking;
mod csv_import;
mod db;
mod deploy;
mod generation;
mod knowledge;
mod project;
mod purge;
mod retrieval;
mod seed;
