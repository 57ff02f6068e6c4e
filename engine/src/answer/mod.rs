//! What the embedded engine says about a result: the chart that fits its shape
//! ([`chart`]) and a short written answer in the project's language ([`text`]).

pub mod chart;
pub mod format;
pub mod text;

pub use chart::{ChartSpec, ChartType};
pub use text::{data_span, describe, from_saved_question, is_empty_result, left_out, measure_of, saved_question_of};
