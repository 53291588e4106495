//! The three games. Each lives in its own module and implements
//! [`crate::game::Game`] and [`crate::record::RecordFormat`].
pub mod shell_dash;
