//! Quarry's domain: entities, the permission matrix (PRODUCT.md §6), the error catalogue
//! (PRODUCT.md §8) and persistence on Postgres. Shared by the api and the workers.

pub mod access;
pub mod activity;
pub mod api_history;
pub mod api_key;
pub mod asking;
pub mod config;
pub mod csv_import;
pub mod dashboard;
pub mod data_security;
pub mod datasource;
pub mod db;
pub mod deploy;
pub mod error;
pub mod folder;
pub mod generation;
pub mod group;
pub mod invitation;
pub mod knowledge;
pub mod limits;
pub mod llm;
pub mod mail;
pub mod metrics;
pub mod modeling;
pub mod on_worker;
pub mod org;
pub mod permissions;
pub mod project;
pub mod recommend;
pub mod retrieval;
pub mod secret;
pub mod services;
pub mod spreadsheet;
pub mod subscription;
pub mod user;

pub use error::{Error, ErrorCode, Result, TaskErrorCode};
