//! Learned evaluations: the model file a `learned` bot plays with and
//! `beachcomber train` writes ([`model`]), and the features it reads
//! ([`features`]). docs/learning.md has the file's layout and how a model
//! is trained.

pub mod features;
pub mod fit;
pub mod model;
pub mod positions;
