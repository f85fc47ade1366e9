//! `intrigue-core`: every rule, deal and bot of Intrigue.
//!
//! This crate never depends on anything web: the app in `src/` only renders views that
//! come from here and sends actions back. See `../shared/DESIGN.md` for the layout.

pub mod catalogue;

pub use catalogue::GameKind;
