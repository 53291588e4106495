//! criterion benchmarks: seaside (filled in by its issue).
fn main() {}
