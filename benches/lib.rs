//! criterion benchmarks live in `benches/benches/*.rs`; run `cargo bench -p beachcomber-benches`.
