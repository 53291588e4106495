//! What a bot's configuration gives the registry ([`crate::registry`]):
//! its spec name, its options parsed and printed canonically, and how the
//! bot is built. Each bot's module implements it for its configuration.

use std::fmt;

use beachcomber::bot::Bot;
use beachcomber::game::Evaluate;
use beachcomber::spec::{Spec, SpecError};

/// What the registry needs of a bot's configuration.
pub trait BotKind: Clone + fmt::Debug + PartialEq + Sized {
    /// The name spec strings use (`ismcts`).
    const NAME: &'static str;
    /// Whether the bot sees hidden information (never a fair opponent).
    const CHEATS: bool = false;
    /// The configuration of a spec named [`Self::NAME`]: its options
    /// checked, defaults filled in.
    fn from_spec(spec: &Spec) -> Result<Self, SpecError>;
    /// The canonical spec, every option spelled out, so that parsing it
    /// gives this configuration back.
    fn write_spec(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// An upper bound of the playouts one decision costs (see
    /// [`crate::work`]); `None` where the work is not the library's to
    /// know (an external engine).
    fn work_per_decision(&self) -> Option<u64>;
    /// The learned model the bot plays with, if any
    /// ([`beachcomber::learn::loaded`]).
    fn model(&self) -> Option<&beachcomber::learn::loaded::LoadedModel> {
        None
    }
    /// A fresh bot for game `G`.
    fn build<G: Evaluate>(&self) -> Box<dyn Bot<G>>;
}
