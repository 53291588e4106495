//! criterion benchmarks: seashells (filled in by its issue).
fn main() {}
