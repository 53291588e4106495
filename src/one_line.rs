//! Quoting user input in an error message: one line, nothing that steers
//! the terminal, and a bounded length.
//!
//! [`one_line`] writes as escapes (`\n`, `\u{202e}`) every character that
//! could break a message's single line or change how it reads: control
//! characters (general category Cc: newlines, tabs, escape), format
//! characters (Cf: the bidirectional controls U+202A-U+202E, U+2066-U+2069,
//! U+200E, U+200F and U+061C, zero-width characters, U+FEFF ...) and the
//! line and paragraph separators U+2028 and U+2029 (Zl, Zp). It keeps at
//! most [`ONE_LINE_MAX`] bytes of the escaped text and says how many bytes
//! of the input were left out, so no error quotes a huge value whole.
//!
//! ```
//! use beachcomber::spec::one_line;
//! assert_eq!(one_line("a\nb\u{202e}c"), "a\\nb\\u{202e}c");
//! ```

use std::fmt::Write;

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// The most bytes of escaped text [`one_line`] keeps; longer text is cut
/// there and ends in `…[N more bytes]` (N counts the input's bytes left
/// out).
pub const ONE_LINE_MAX: usize = 400;

/// Whether `c` is written as an escape: control and format characters,
/// line and paragraph separators.
fn is_escaped(c: char) -> bool {
    c.is_control()
        || matches!(
            c.general_category(),
            GeneralCategory::Format
                | GeneralCategory::LineSeparator
                | GeneralCategory::ParagraphSeparator
        )
}

/// `text` on one line: control and format characters (newlines, tabs,
/// bidirectional controls, U+2028 ...) are written as escapes, and at most
/// [`ONE_LINE_MAX`] bytes are kept (see the module's documentation), so an
/// error message that quotes user input stays one short line.
pub fn one_line(text: &str) -> String {
    one_line_max(text, ONE_LINE_MAX)
}

/// [`one_line`] keeping at most `max` bytes of escaped text (before the
/// `…[N more bytes]` that ends a cut text). A cut never splits a character
/// or an escape.
pub fn one_line_max(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max) + 24);
    for (at, c) in text.char_indices() {
        let before = out.len();
        if is_escaped(c) {
            let _ = write!(out, "{}", c.escape_default());
        } else {
            out.push(c);
        }
        if out.len() > max {
            out.truncate(before);
            let _ = write!(out, "…[{} more bytes]", text.len() - at);
            return out;
        }
    }
    out
}

/// [`one_line`] of a path as it is shown (`Path::display`), for messages
/// that quote a file name the user gave.
pub fn one_line_path(path: &std::path::Path) -> String {
    one_line(&path.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bidirectional_controls_and_separators_are_escaped() {
        assert_eq!(
            one_line("evil\u{202e}txt.exe\u{2028}next\u{2029}para"),
            "evil\\u{202e}txt.exe\\u{2028}next\\u{2029}para"
        );
        let every = "\u{202a}\u{202b}\u{202c}\u{202d}\u{202e}\u{2066}\u{2067}\u{2068}\u{2069}\
                     \u{200e}\u{200f}\u{061c}";
        assert_eq!(
            one_line(every),
            "\\u{202a}\\u{202b}\\u{202c}\\u{202d}\\u{202e}\\u{2066}\\u{2067}\\u{2068}\\u{2069}\
             \\u{200e}\\u{200f}\\u{61c}"
        );
        // Other format characters (zero width space, BOM, soft hyphen) and
        // controls (C0, DEL, C1).
        assert_eq!(
            one_line("a\u{200b}b\u{feff}c\u{ad}d\u{1b}[31m\u{7f}\u{85}"),
            "a\\u{200b}b\\u{feff}c\\u{ad}d\\u{1b}[31m\\u{7f}\\u{85}"
        );
        // Printable text, accents and emoji stay as they are.
        assert_eq!(one_line("Plage é 🐚 `x`"), "Plage é 🐚 `x`");
    }

    #[test]
    fn long_text_is_cut_with_the_count_of_bytes_left_out() {
        let text = "x".repeat(1000);
        let cut = one_line(&text);
        assert_eq!(cut, format!("{}…[600 more bytes]", "x".repeat(400)));
        assert_eq!(one_line(&"y".repeat(400)), "y".repeat(400));
        // The cap counts escaped bytes and never splits an escape or a
        // character: 3 x 8 bytes of escapes fit in 30, the 4th does not.
        assert_eq!(
            one_line_max("\u{202e}\u{202e}\u{202e}\u{202e}", 30),
            "\\u{202e}\\u{202e}\\u{202e}…[3 more bytes]"
        );
        assert_eq!(one_line_max("ééé", 5), "éé…[2 more bytes]");
        // A 400 MB value costs only what is kept.
        let huge = "z".repeat(50 << 20);
        assert_eq!(one_line(&huge).len(), 400 + "…[52428400 more bytes]".len());
    }
}
