//! One module per screen.

mod home;
mod rules;
mod unknown;

pub use home::Home;
pub use rules::RulesPage;
pub use unknown::UnknownPage;
