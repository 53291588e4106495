//! A [`Reporter`] that shows no progress and keeps the notes: for a front
//! end without a terminal (Python), which hands them back when the run
//! ends.

use std::sync::{Arc, Mutex};

use beachcomber::progress::WorkTable;

use crate::execute::{GameCounter, Reporter, Silent, SprtProgress};

/// Keeps every note, in order; counts no game.
#[derive(Debug, Default)]
pub struct Notes(Mutex<Vec<String>>);

impl Notes {
    /// The notes kept so far.
    pub fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

impl Reporter for Notes {
    fn note(&self, note: &str) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(note.to_string());
    }

    fn start(
        &self,
        first: u64,
        total: u64,
        sprt: Option<SprtProgress>,
        work: Arc<WorkTable>,
    ) -> Box<dyn GameCounter> {
        Silent.start(first, total, sprt, work)
    }
}
