//! criterion benchmarks: shell_dash (filled in by its issue).
fn main() {}
