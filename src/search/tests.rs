//! Tests of the search module (written with the race).
