//! Learned evaluations: the model file a `learned` bot plays with and
//! `beachcomber train` writes ([`model`]), the features it reads
//! ([`features`]), and the models a process has loaded ([`loaded`]).
//! docs/learning.md has the file's layout and how a model is trained.

pub mod features;
pub mod loaded;
pub mod model;
