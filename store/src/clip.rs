//! Text from a file quoted in an error, cut short ([`clipped`]): a cell or
//! a column name of a hostile file can be megabytes, and an error is one
//! line of at most a few hundred bytes. The cut is the library's own
//! ([`one_line_max`]), at a tighter length: a message may quote several
//! such texts.

use beachcomber::spec::one_line_max;

/// The most bytes of a quoted text (escaped) an error shows.
pub const CLIP_BYTES: usize = 80;

/// `text` on one line, cut after [`CLIP_BYTES`] bytes of the escaped text
/// ([`one_line_max`]: then `…[N more bytes]` follows).
pub fn clipped(text: &str) -> String {
    one_line_max(text, CLIP_BYTES)
}

/// [`clipped`] after `bytes` bytes.
pub fn clipped_to(text: &str, bytes: usize) -> String {
    one_line_max(text, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_and_short_text_kept() {
        assert_eq!(clipped("a\nb"), "a\\nb");
        let long = "é".repeat(1000);
        assert_eq!(
            clipped(&long),
            format!("{}…[1920 more bytes]", "é".repeat(40))
        );
        assert_eq!(clipped(&"x".repeat(CLIP_BYTES)), "x".repeat(CLIP_BYTES));
        let controls = "\u{1}".repeat(100);
        assert_eq!(
            clipped(&controls),
            format!("{}…[84 more bytes]", &"\\u{1}".repeat(16))
        );
    }
}
