//! The semantic layer (MDL, compiler, SQL safety) and the data-source connectors.
//! Filled in by the data-source and semantic-layer work; the foundation only reserves
//! its place in the workspace so the crates' boundaries are fixed from the start.
