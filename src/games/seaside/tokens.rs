//! Faces and token sets: the seven faces, the token set as data (a manifest
//! in a small text format), and the unordered token *kinds* that
//! determinization deals.
//!
//! ## The manifest format
//!
//! One token kind per line: `FACE_A FACE_B COUNT`, the three fields separated
//! by spaces or tabs. Face names are exactly `Isopod`, `Shell`, `Crab`,
//! `Sandpiper`, `Beach`, `Wave`, `Rock`; `COUNT` is an integer ≥ 0. A `#`
//! starts a comment that runs to the end of the line; blank lines are
//! ignored. The same kind may appear on several lines (the counts add up).
//! Token ids follow the lines: the first line's tokens get the first ids.
//! A set holds 1 to [`MAX_TOKENS`] tokens. The default set (docs/rules.md, Seaside) is
//! `src/games/seaside/default_tokens.txt`, compiled into the program.
//!
//! ## The inline form
//!
//! The same lines written in a spec value ([`TokenSet::parse_inline`],
//! [`TokenSet::inline`]): `[FACE_A/FACE_B:COUNT;...]`, e.g.
//! `[Beach/Wave:20;Isopod/Crab:20;Rock/Shell:10]`. Items are separated by
//! `;` (no commas, so the form fits in a spec and in a sweep's `--vary`
//! list), spaces around items are ignored, counts are integers ≥ 0 and the
//! same kind may appear in several items. Token ids follow the items, as
//! they follow a manifest's lines, so the inline form of a set parses back
//! to the same set, ids included.

use std::fmt;
use std::path::Path;

/// The largest token set an engine state can hold (ids are `u8`, and the
/// per-token tables of a state have this many entries).
pub const MAX_TOKENS: usize = 128;

/// Number of faces.
pub const FACES: usize = Face::COUNT;

/// Number of unordered kinds `{a, b}` of two faces (doubles included): 7·8/2.
pub const KINDS: usize = 28;

/// The largest token-set manifest [`TokenSet::read_manifest`] (and
/// [`crate::spec_files::resolve_spec_files`]) reads: 1 MiB
/// (a 128-token set needs a few kilobytes, comments included). A larger
/// file, or an endless one such as `/dev/zero`, is refused after reading
/// this many bytes and one more, so memory stays bounded.
pub const MAX_MANIFEST_BYTES: usize = 1 << 20;

/// The manifest of the default 70-token set.
pub const DEFAULT_MANIFEST: &str = include_str!("default_tokens.txt");

crate::named_enum! {
    /// A token face. The three sea faces come first; a face's code (its
    /// index, `0..7`) is its place in this list.
    pub enum Face {
        /// Sea face: goes to the Sea; Sandpipers collect them.
        Isopod = "Isopod",
        /// Sea face: goes to the Sea; Beaches collect them.
        Shell = "Shell",
        /// Sea face: goes to the Sea; Crab Habitats collect them.
        Crab = "Crab",
        /// Seaside face: forms a stack with Isopods from the Sea.
        Sandpiper = "Sandpiper",
        /// Seaside face: takes Shells from the Sea; Waves flip Beaches.
        Beach = "Beach",
        /// Seaside face: flips a Beach; the Wave leaders take the Sea.
        Wave = "Wave",
        /// Seaside face: every second Rock makes a Crab Habitat.
        Rock = "Rock",
    }
}

impl Face {
    /// The face with index `i` (`i` is taken modulo 8; 7 maps to Rock).
    /// Total and branch-light, for the hot paths that unpack a token byte
    /// ([`Face::from_code`] is the checked form).
    #[inline]
    pub const fn from_index(i: u8) -> Face {
        match i & 7 {
            0 => Face::Isopod,
            1 => Face::Shell,
            2 => Face::Crab,
            3 => Face::Sandpiper,
            4 => Face::Beach,
            5 => Face::Wave,
            _ => Face::Rock,
        }
    }

    /// The face's index, `0..7`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether this is a sea face (Isopod, Shell, Crab).
    #[inline]
    pub const fn is_sea(self) -> bool {
        (self as u8) < 3
    }
}

/// The kind index of the unordered pair `{a, b}` (`0..KINDS`).
#[inline]
pub const fn kind_of(a: u8, b: u8) -> usize {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    // Rows of the upper triangle: row `lo` starts at lo*7 - lo*(lo-1)/2.
    let lo = lo as usize;
    lo * FACES - lo * lo.saturating_sub(1) / 2 + (hi as usize - lo)
}

/// The two faces `(lo, hi)` of kind `k` (inverse of [`kind_of`]).
pub const fn kind_faces(k: usize) -> (u8, u8) {
    let mut lo = 0u8;
    while lo < 7 {
        let mut hi = lo;
        while hi < 7 {
            if kind_of(lo, hi) == k {
                return (lo, hi);
            }
            hi += 1;
        }
        lo += 1;
    }
    (0, 0)
}

/// The faces `(lo, hi)` of every kind, by kind index.
pub const KIND_TABLE: [(u8, u8); KINDS] = {
    let mut t = [(0u8, 0u8); KINDS];
    let mut k = 0;
    while k < KINDS {
        t[k] = kind_faces(k);
        k += 1;
    }
    t
};

/// The kind of a packed token (see [`pack`]), by packed byte (0 for a byte
/// that is not a packed token).
pub const KIND_OF_PACKED: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut p = 0;
    while p < 256 {
        let (a, b) = ((p & 15) as u8, (p >> 4) as u8);
        if a < 7 && b < 7 {
            t[p] = kind_of(a, b) as u8;
        }
        p += 1;
    }
    t
};

/// Whether the packed token `p` (see [`pack`]) has a seaside face
/// (Sandpiper, Beach, Wave or Rock) on either side.
#[inline]
pub const fn has_seaside_face(p: u8) -> bool {
    !Face::from_index(p & 15).is_sea() || !Face::from_index(p >> 4).is_sea()
}

/// Pack a token's two faces in one byte: face A in the low nibble.
#[inline]
pub const fn pack(a: Face, b: Face) -> u8 {
    a as u8 | (b as u8) << 4
}

/// What is wrong with a token-set manifest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenSetError {
    /// A line is not `FACE_A FACE_B COUNT` with known faces and a count ≥ 0.
    Line {
        /// 1-based line number.
        line: usize,
        /// The line's text (comment removed, trimmed).
        text: String,
        /// What is wrong.
        why: String,
    },
    /// The set holds more than [`MAX_TOKENS`] tokens.
    TooMany {
        /// Tokens in the set.
        total: u64,
    },
    /// The set holds no token.
    Empty,
    /// An item of the inline form is not `FACE_A/FACE_B:COUNT`.
    Item {
        /// 1-based item number.
        item: usize,
        /// The item's text (trimmed).
        text: String,
        /// What is wrong.
        why: String,
    },
    /// The inline form is not enclosed in `[` `]`.
    NotInline,
    /// The manifest file cannot be opened or read.
    Unreadable {
        /// The system's reason.
        why: String,
    },
    /// The manifest file is larger than [`MAX_MANIFEST_BYTES`].
    TooLarge,
    /// The manifest is not UTF-8 text.
    NotUtf8 {
        /// 1-based number of the first line holding a byte sequence that
        /// is not UTF-8.
        line: usize,
    },
}

impl fmt::Display for TokenSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenSetError::Line { line, text, why } => {
                write!(f, "line {line} `{text}`: {why}")
            }
            TokenSetError::Item { item, text, why } => {
                write!(f, "item {item} `{text}`: {why}")
            }
            TokenSetError::NotInline => write!(
                f,
                "an inline token set is `[FACE_A/FACE_B:COUNT;...]`, in square brackets"
            ),
            TokenSetError::TooMany { total } => write!(
                f,
                "the set holds {total} tokens; an engine state holds at most {MAX_TOKENS}"
            ),
            TokenSetError::Empty => write!(f, "the set holds no token"),
            TokenSetError::Unreadable { why } => {
                write!(f, "the token-set manifest cannot be read ({why})")
            }
            TokenSetError::TooLarge => write!(
                f,
                "the token-set manifest is larger than 1 MiB ({MAX_MANIFEST_BYTES} bytes)"
            ),
            TokenSetError::NotUtf8 { line } => {
                write!(f, "line {line} of the token-set manifest is not UTF-8 text")
            }
        }
    }
}

impl std::error::Error for TokenSetError {}

/// A token set: the tokens by id (faces A and B) with their face and kind
/// totals. Fixed-size and `Copy`, so a game configuration never allocates.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct TokenSet {
    /// Packed faces (see [`pack`]) by token id; entries `len..` are unused.
    tokens: [u8; MAX_TOKENS],
    /// Number of tokens.
    len: u8,
    /// Faces of each kind in the set, over both sides of every token.
    face_counts: [u16; FACES],
    /// Tokens of each unordered kind.
    kind_counts: [u8; KINDS],
}

impl fmt::Debug for TokenSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TokenSet")
            .field("len", &self.len)
            .field("face_counts", &self.face_counts)
            .finish()
    }
}

impl Default for TokenSet {
    fn default() -> Self {
        TokenSet::standard()
    }
}

impl TokenSet {
    /// The default 70-token set (docs/rules.md, Seaside).
    pub fn standard() -> TokenSet {
        match TokenSet::parse(DEFAULT_MANIFEST) {
            Ok(set) => set,
            // The manifest is compiled in and checked by the tests.
            Err(e) => panic!("the compiled-in token manifest is invalid: {e}"),
        }
    }

    /// Read and parse the manifest file at `path`, which must be a regular
    /// file (opened without blocking, see
    /// [`crate::regular_file::read_regular_file`]): at most
    /// [`MAX_MANIFEST_BYTES`] are read (a larger file is
    /// [`TokenSetError::TooLarge`]), and text that is not UTF-8 is
    /// [`TokenSetError::NotUtf8`] naming the line. Game specs never call it:
    /// the command line resolves `tokens=PATH` before parsing.
    pub fn read_manifest(path: &Path) -> Result<TokenSet, TokenSetError> {
        use crate::regular_file::{FileError, read_regular_file};
        match read_regular_file(path, MAX_MANIFEST_BYTES) {
            Ok(bytes) => TokenSet::parse_manifest_bytes(&bytes),
            Err(FileError::TooLarge { .. }) => Err(TokenSetError::TooLarge),
            Err(e) => Err(TokenSetError::Unreadable { why: e.to_string() }),
        }
    }

    /// Parse a manifest's bytes: more than [`MAX_MANIFEST_BYTES`] is
    /// [`TokenSetError::TooLarge`], text that is not UTF-8 is
    /// [`TokenSetError::NotUtf8`] naming the line.
    pub fn parse_manifest_bytes(bytes: &[u8]) -> Result<TokenSet, TokenSetError> {
        if bytes.len() > MAX_MANIFEST_BYTES {
            return Err(TokenSetError::TooLarge);
        }
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let valid = &bytes[..e.valid_up_to()];
            TokenSetError::NotUtf8 {
                line: 1 + valid.iter().filter(|&&b| b == b'\n').count(),
            }
        })?;
        TokenSet::parse(text)
    }

    /// Parse the inline form `[FACE_A/FACE_B:COUNT;...]` (see the module
    /// docs); errors name the item.
    pub fn parse_inline(text: &str) -> Result<TokenSet, TokenSetError> {
        let body = text
            .trim()
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .ok_or(TokenSetError::NotInline)?;
        let mut tokens: Vec<[Face; 2]> = Vec::new();
        if !body.trim().is_empty() {
            for (n, raw) in body.split(';').enumerate() {
                let item = raw.trim();
                let bad = |why: String| TokenSetError::Item {
                    item: n + 1,
                    text: item.to_string(),
                    why,
                };
                let Some((faces, count)) = item.split_once(':') else {
                    let why = if item.contains(',') {
                        "expected `FACE_A/FACE_B:COUNT`; separate items with `;`, not `,`".into()
                    } else {
                        "expected `FACE_A/FACE_B:COUNT`".to_string()
                    };
                    return Err(bad(why));
                };
                let Some((a, b)) = faces.split_once('/') else {
                    return Err(bad("expected `FACE_A/FACE_B:COUNT`".into()));
                };
                let face = |name: &str| {
                    Face::from_name(name.trim()).ok_or_else(|| {
                        bad(format!(
                            "unknown face `{}` (faces: {})",
                            name.trim(),
                            Face::ALL.map(Face::name).join(", ")
                        ))
                    })
                };
                let (a, b) = (face(a)?, face(b)?);
                let count = count.trim().parse::<u64>().map_err(|_| {
                    let why = if count.contains(',') {
                        format!(
                            "the count `{}` is not an integer ≥ 0 (separate items with `;`, \
                             not `,`)",
                            count.trim()
                        )
                    } else {
                        format!("the count `{}` is not an integer ≥ 0", count.trim())
                    };
                    bad(why)
                })?;
                let total = (tokens.len() as u64).saturating_add(count);
                if total > MAX_TOKENS as u64 {
                    return Err(TokenSetError::TooMany { total });
                }
                tokens.extend(std::iter::repeat_n([a, b], count as usize));
            }
        }
        TokenSet::from_tokens(&tokens)
    }

    /// The set in the inline form (`[Beach/Wave:20;...]`): the merged
    /// [`TokenSet::lines`], which [`TokenSet::parse_inline`] reads back to
    /// this set, ids included.
    pub fn inline(&self) -> String {
        let items: Vec<String> = self
            .lines()
            .iter()
            .map(|(a, b, n)| format!("{}/{}:{n}", a.name(), b.name()))
            .collect();
        format!("[{}]", items.join(";"))
    }

    /// Parse a manifest (see the module docs for the format).
    pub fn parse(text: &str) -> Result<TokenSet, TokenSetError> {
        let mut lines: Vec<(Face, Face, u64)> = Vec::new();
        for (n, raw) in text.lines().enumerate() {
            let body = raw.split('#').next().unwrap_or("").trim();
            if body.is_empty() {
                continue;
            }
            let bad = |why: String| TokenSetError::Line {
                line: n + 1,
                text: body.to_string(),
                why,
            };
            let fields: Vec<&str> = body.split_whitespace().collect();
            if fields.len() != 3 {
                return Err(bad(format!(
                    "expected `FACE_A FACE_B COUNT`, found {} field(s)",
                    fields.len()
                )));
            }
            let face = |name: &str| {
                Face::from_name(name).ok_or_else(|| {
                    bad(format!(
                        "unknown face `{name}` (faces: {})",
                        Face::ALL.map(Face::name).join(", ")
                    ))
                })
            };
            let (a, b) = (face(fields[0])?, face(fields[1])?);
            let count = fields[2]
                .parse::<u64>()
                .map_err(|_| bad(format!("the count `{}` is not an integer ≥ 0", fields[2])))?;
            lines.push((a, b, count));
        }
        let total: u64 = lines.iter().map(|l| l.2).fold(0, u64::saturating_add);
        if total > MAX_TOKENS as u64 {
            return Err(TokenSetError::TooMany { total });
        }
        if total == 0 {
            return Err(TokenSetError::Empty);
        }
        let mut tokens = Vec::with_capacity(total as usize);
        for (a, b, count) in lines {
            for _ in 0..count {
                tokens.push([a, b]);
            }
        }
        TokenSet::from_tokens(&tokens)
    }

    /// A set from its tokens by id.
    pub fn from_tokens(tokens: &[[Face; 2]]) -> Result<TokenSet, TokenSetError> {
        if tokens.len() > MAX_TOKENS {
            return Err(TokenSetError::TooMany {
                total: tokens.len() as u64,
            });
        }
        if tokens.is_empty() {
            return Err(TokenSetError::Empty);
        }
        let mut set = TokenSet {
            tokens: [0; MAX_TOKENS],
            len: tokens.len() as u8,
            face_counts: [0; FACES],
            kind_counts: [0; KINDS],
        };
        for (id, &[a, b]) in tokens.iter().enumerate() {
            set.tokens[id] = pack(a, b);
            set.face_counts[a.index()] += 1;
            set.face_counts[b.index()] += 1;
            set.kind_counts[kind_of(a as u8, b as u8)] += 1;
        }
        Ok(set)
    }

    /// Number of tokens.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the set is empty (never, for a parsed set).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The faces `[A, B]` of token `id`.
    pub fn token(&self, id: usize) -> [Face; 2] {
        let p = self.tokens[id];
        [Face::from_index(p & 15), Face::from_index(p >> 4)]
    }

    /// The packed faces of every token, by id.
    #[inline]
    pub fn packed(&self) -> &[u8] {
        &self.tokens[..self.len()]
    }

    /// How many faces of `face` the set holds (both sides of every token).
    #[inline]
    pub fn face_count(&self, face: Face) -> u32 {
        self.face_counts[face.index()] as u32
    }

    /// Face totals by face index.
    #[inline]
    pub fn face_counts(&self) -> [u16; FACES] {
        self.face_counts
    }

    /// The tokens with at least one seaside face (those a seaside can
    /// start with, `start_tokens`).
    pub fn seaside_tokens(&self) -> usize {
        self.packed()
            .iter()
            .filter(|&&p| has_seaside_face(p))
            .count()
    }

    /// Tokens by unordered kind (see [`kind_of`]).
    #[inline]
    pub fn kind_counts(&self) -> &[u8; KINDS] {
        &self.kind_counts
    }

    /// The set as manifest lines `(A, B, count)`: consecutive equal tokens
    /// merged, in id order.
    pub fn lines(&self) -> Vec<(Face, Face, u32)> {
        let mut out: Vec<(Face, Face, u32)> = Vec::new();
        for id in 0..self.len() {
            let [a, b] = self.token(id);
            match out.last_mut() {
                Some(last) if last.0 == a && last.1 == b => last.2 += 1,
                _ => out.push((a, b, 1)),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_a_bijection() {
        let mut seen = [false; KINDS];
        for a in 0..7u8 {
            for b in a..7u8 {
                let k = kind_of(a, b);
                assert_eq!(k, kind_of(b, a));
                assert!(!seen[k]);
                seen[k] = true;
                assert_eq!(kind_faces(k), (a, b));
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn default_set_matches_the_rulebook() {
        let set = TokenSet::standard();
        assert_eq!(set.len(), 70);
        assert_eq!(set.face_counts(), [21, 21, 20, 17, 22, 20, 19]);
        assert_eq!(set.token(0), [Face::Beach, Face::Wave]);
        assert_eq!(set.token(69), [Face::Shell, Face::Wave]);
        assert_eq!(set.lines().len(), 20);
    }

    #[test]
    fn manifest_errors_name_the_line() {
        let e = TokenSet::parse("# c\nBeach Wave 2\nBeech Rock 1\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3 `Beech Rock 1`: unknown face `Beech` (faces: Isopod, Shell, Crab, \
             Sandpiper, Beach, Wave, Rock)"
        );
        let e = TokenSet::parse("Beach Wave -1").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1 `Beach Wave -1`: the count `-1` is not an integer ≥ 0"
        );
        let e = TokenSet::parse("Beach Wave\n").unwrap_err();
        assert!(e.to_string().starts_with("line 1 "), "{e}");
        assert_eq!(
            TokenSet::parse("Beach Wave 100\nRock Rock 29").unwrap_err(),
            TokenSetError::TooMany { total: 129 }
        );
        assert_eq!(
            TokenSet::parse("Beach Wave 0  # none").unwrap_err(),
            TokenSetError::Empty
        );
        let set = TokenSet::parse("Rock Rock 128").unwrap();
        assert_eq!(set.len(), 128);
        assert_eq!(set.face_count(Face::Rock), 256);
    }

    #[test]
    fn inline_sets_round_trip_ids_included() {
        let set = TokenSet::parse_inline("[Beach/Wave:2; Rock/Crab:1 ;Beach/Wave:1]").unwrap();
        assert_eq!(set.len(), 4);
        assert_eq!(set.token(0), [Face::Beach, Face::Wave]);
        assert_eq!(set.token(2), [Face::Rock, Face::Crab]);
        assert_eq!(set.token(3), [Face::Beach, Face::Wave]);
        assert_eq!(set.inline(), "[Beach/Wave:2;Rock/Crab:1;Beach/Wave:1]");
        assert_eq!(TokenSet::parse_inline(&set.inline()).unwrap(), set);
        // The default set, 20 lines, in id order.
        let standard = TokenSet::standard();
        let text = standard.inline();
        assert_eq!(text.matches(';').count(), 19);
        assert!(text.starts_with("[Beach/Wave:"), "{text}");
        assert_eq!(TokenSet::parse_inline(&text).unwrap(), standard);
        // A face pair's order is kept (face A first).
        let flipped = TokenSet::parse_inline("[Wave/Beach:1]").unwrap();
        assert_eq!(flipped.token(0), [Face::Wave, Face::Beach]);
        assert_eq!(
            TokenSet::parse_inline("[Rock/Rock:128]").unwrap().len(),
            128
        );
    }

    #[test]
    fn inline_errors_name_the_item() {
        let err = |text: &str| TokenSet::parse_inline(text).unwrap_err().to_string();
        assert_eq!(
            err("[Beach/Wave:2;Beech/Rock:1]"),
            "item 2 `Beech/Rock:1`: unknown face `Beech` (faces: Isopod, Shell, Crab, \
             Sandpiper, Beach, Wave, Rock)"
        );
        assert_eq!(
            err("[Beach/Wave:-1]"),
            "item 1 `Beach/Wave:-1`: the count `-1` is not an integer ≥ 0"
        );
        assert_eq!(
            err("[Beach/Wave:2,Rock/Crab:1]"),
            "item 1 `Beach/Wave:2,Rock/Crab:1`: the count `2,Rock/Crab:1` is not an integer \
             ≥ 0 (separate items with `;`, not `,`)"
        );
        assert_eq!(
            err("[Beach Wave 2]"),
            "item 1 `Beach Wave 2`: expected `FACE_A/FACE_B:COUNT`"
        );
        assert_eq!(
            err("[BeachWave:2]"),
            "item 1 `BeachWave:2`: expected `FACE_A/FACE_B:COUNT`"
        );
        assert_eq!(
            err("[Beach/Wave:2;]"),
            "item 2 ``: expected `FACE_A/FACE_B:COUNT`"
        );
        assert_eq!(
            TokenSet::parse_inline("Beach/Wave:2").unwrap_err(),
            TokenSetError::NotInline
        );
        assert_eq!(
            TokenSet::parse_inline("[]").unwrap_err(),
            TokenSetError::Empty
        );
        assert_eq!(
            TokenSet::parse_inline("[Beach/Wave:0]").unwrap_err(),
            TokenSetError::Empty
        );
        assert_eq!(
            TokenSet::parse_inline("[Rock/Rock:100;Beach/Wave:29]").unwrap_err(),
            TokenSetError::TooMany { total: 129 }
        );
        // A huge count is refused before any token is made.
        assert_eq!(
            TokenSet::parse_inline("[Rock/Rock:18446744073709551615]").unwrap_err(),
            TokenSetError::TooMany { total: u64::MAX }
        );
    }
}
