//! The api's tests: the real router on a random port against the Postgres, Redis, Temporal
//! and SMTP sink `make test` starts, and a real `quarry-worker` process where a test needs
//! one (`quarry_test_kit::TestApp`). One binary, so the workspace links it once; one module
//! per area, each test named for the one behaviour it checks (`asking::...`).

mod api_keys;
mod asking;
mod auth;
mod authorization;
mod csv_import;
mod dashboards;
mod data_security;
mod data_sync;
mod folders;
mod fuzz;
mod isolation;
mod knowledge;
mod limits;
mod llm;
mod modeling;
mod organisations;
mod parity;
mod permissions;
mod projects;
mod rest_authorization;
mod retrieval;
mod secrets;
mod setup;
mod spreadsheets;
mod sql_guard;
mod warehouses;
