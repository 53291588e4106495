//! Learned evaluations: the model file a `learned` bot plays with and
//! `beachcomber train` writes ([`model`]), the features it reads
//! ([`features`]), the models a process has loaded ([`loaded`]), the
//! teacher's self-play positions ([`positions`]), the deterministic fit
//! ([`fit`]) and the training run over them ([`train`]).
//! docs/learning.md has the file's layout and how a model is trained.

pub mod features;
pub mod fit;
pub mod loaded;
pub mod model;
pub mod positions;
pub mod train;
