//! criterion benchmarks: mcts (filled in by its issue).
fn main() {}
