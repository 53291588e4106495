//! Bot strategies for beachcomber games. Every bot uses only the public
//! game API ([`beachcomber::Game`]); none contains game rules.

pub mod random;

pub use random::RandomBot;
