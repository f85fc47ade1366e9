//! One module per screen.

pub mod game_file;
mod handout;
mod home;
mod join;
mod lab;
mod new_deal;
mod peek;
mod problem;
mod rules;
mod seat;
pub mod secrets;
pub(crate) mod table;
mod unknown;

pub use handout::{Handout, HandoutRounds};
pub use home::Home;
pub use join::Join;
pub use lab::Lab;
pub use new_deal::{NewDeal, PlayAlone};
pub use peek::Peek;
pub use problem::Problem;
pub use rules::RulesPage;
pub use seat::SeatScreen;
pub use table::TableScreen;
pub use unknown::UnknownPage;
