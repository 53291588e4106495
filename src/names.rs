//! Enums whose values have fixed names (card kinds, token faces, option
//! words): one declaration gives the enum, its list of values, the name of
//! each, the parse from a name and from a code, and `Display`, so every game
//! spells and reads its names the same way.
//!
//! ```
//! beachcomber::named_enum! {
//!     /// A tide.
//!     pub enum Tide {
//!         /// Water in.
//!         High = "high",
//!         /// Water out.
//!         Low = "low",
//!     }
//! }
//! assert_eq!(Tide::ALL, [Tide::High, Tide::Low]);
//! assert_eq!(Tide::Low.name(), "low");
//! assert_eq!(Tide::from_name("high"), Some(Tide::High));
//! assert_eq!(Tide::from_name("High"), None);
//! assert_eq!(Tide::from_code(1), Some(Tide::Low));
//! assert_eq!(Tide::from_code(2), None);
//! assert_eq!(Tide::High.to_string(), "high");
//! assert_eq!(Tide::NAMES.join("|"), "high|low");
//! ```

/// Declare a `#[repr(u8)]` enum whose variants have fixed names; codes are
/// `0, 1, 2...` in declaration order. See the [module docs](crate::names).
#[macro_export]
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $Name:ident {
            $( $(#[$vmeta:meta])* $Variant:ident = $text:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        $vis enum $Name {
            $( $(#[$vmeta])* $Variant ),+
        }

        impl $Name {
            /// How many values there are.
            pub const COUNT: usize = [$( stringify!($Variant) ),+].len();
            /// Every value, in code order.
            pub const ALL: [$Name; $Name::COUNT] = [$( $Name::$Variant ),+];
            /// Every value's name, in code order.
            pub const NAMES: [&'static str; $Name::COUNT] = [$( $text ),+];

            /// The value's name (exact spelling, as in rules, specs and records).
            #[inline]
            pub const fn name(self) -> &'static str {
                Self::NAMES[self as usize]
            }

            /// The value with this exact name.
            pub fn from_name(name: &str) -> Option<$Name> {
                Self::NAMES
                    .iter()
                    .position(|&n| n == name)
                    .map(|i| Self::ALL[i])
            }

            /// The value with this code (`0..COUNT`).
            #[inline]
            pub const fn from_code(code: u8) -> Option<$Name> {
                if (code as usize) < Self::COUNT {
                    Some(Self::ALL[code as usize])
                } else {
                    None
                }
            }
        }

        impl ::std::fmt::Display for $Name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}
