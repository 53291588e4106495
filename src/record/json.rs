// The module `record::json` (documented where `record/mod.rs` declares it).

use serde_json::Value;

/// Append `v` as `serde_json` writes it.
pub fn value(out: &mut Vec<u8>, v: &Value) {
    serde_json::to_writer(out, v).expect("a JSON value serializes into memory");
}

/// Append an unsigned integer.
#[inline]
pub fn uint(out: &mut Vec<u8>, mut n: u64) {
    if n < 10 {
        out.push(b'0' + n as u8);
        return;
    }
    if n < 100 {
        out.extend_from_slice(&[b'0' + (n / 10) as u8, b'0' + (n % 10) as u8]);
        return;
    }
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    while n > 0 {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
    }
    out.extend_from_slice(&buf[i..]);
}

/// Append a signed integer.
#[inline]
pub fn int(out: &mut Vec<u8>, n: i64) {
    if n < 0 {
        out.push(b'-');
    }
    uint(out, n.unsigned_abs());
}

/// Append `true` or `false`.
#[inline]
pub fn bool(out: &mut Vec<u8>, b: bool) {
    out.extend_from_slice(if b { b"true" } else { b"false" });
}

/// Append `null`.
#[inline]
pub fn null(out: &mut Vec<u8>) {
    out.extend_from_slice(b"null");
}

/// Append a string literal, escaped as `serde_json` escapes it: `"`,
/// `\`, and control characters below U+0020 (`\b \t \n \f \r` by
/// name, others as `\u00XX` with lower-case hex); everything else,
/// U+007F and non-ASCII included, as is.
pub fn string(out: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    if !bytes.iter().any(|&b| b < 0x20 || b == b'"' || b == b'\\') {
        out.extend_from_slice(bytes);
        out.push(b'"');
        return;
    }
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            0x00..=0x1f => b"",
            _ => continue,
        };
        out.extend_from_slice(&bytes[start..i]);
        start = i + 1;
        if escape.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.extend_from_slice(b"\\u00");
            out.push(HEX[usize::from(b >> 4)]);
            out.push(HEX[usize::from(b & 0xf)]);
        } else {
            out.extend_from_slice(escape);
        }
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// Append an array of integers (`[1,2,3]`).
pub fn int_array<I: IntoIterator<Item = i64>>(out: &mut Vec<u8>, items: I) {
    out.push(b'[');
    for (i, n) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        int(out, n);
    }
    out.push(b']');
}

/// Append an array of string literals (`["a","b"]`).
pub fn str_array<'s, I: IntoIterator<Item = &'s str>>(out: &mut Vec<u8>, items: I) {
    out.push(b'[');
    for (i, s) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        string(out, s);
    }
    out.push(b']');
}
