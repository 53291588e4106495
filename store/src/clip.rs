//! Text from a file quoted in an error, cut short ([`clipped`]): a cell or
//! a column name of a hostile file can be megabytes, and an error is one
//! line of at most a few hundred bytes.

use beachcomber::spec::one_line;

/// The most characters of a quoted text an error shows.
pub const CLIP_CHARS: usize = 80;

/// `text` on one line ([`one_line`]), cut after [`CLIP_CHARS`] characters
/// of the escaped text (then `...` and the text's length in bytes follow).
pub fn clipped(text: &str) -> String {
    clipped_to(text, CLIP_CHARS)
}

/// [`clipped`] after `chars` characters.
pub fn clipped_to(text: &str, chars: usize) -> String {
    let end = text.char_indices().nth(chars).map(|(end, _)| end);
    let escaped = one_line(&text[..end.unwrap_or(text.len())]);
    match escaped.char_indices().nth(chars) {
        None if end.is_none() => escaped,
        None => format!("{escaped}... ({} bytes)", text.len()),
        Some((cut, _)) => format!("{}... ({} bytes)", &escaped[..cut], text.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_and_short_text_kept() {
        assert_eq!(clipped("a\nb"), "a\\nb");
        let long = "é".repeat(1000);
        let cut = clipped(&long);
        assert_eq!(cut, format!("{}... (2000 bytes)", "é".repeat(CLIP_CHARS)));
        assert_eq!(clipped(&"x".repeat(CLIP_CHARS)), "x".repeat(CLIP_CHARS));
        let controls = "\u{1}".repeat(100);
        assert_eq!(
            clipped(&controls),
            format!("{}... (100 bytes)", &"\\u{1}".repeat(16))
        );
    }
}
