//! apalis-redis job handlers: short, idempotent, fire-and-forget work.

pub mod email;
