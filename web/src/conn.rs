//! One open connection's state, shared by the serve loop ([`crate::server`]),
//! its request bodies ([`crate::bodies`]) and its socket ([`crate::stream`]).

use std::sync::atomic::AtomicBool;

use tokio::sync::Notify;

/// One open connection, as the serve loop sees it.
pub(crate) struct Conn {
    /// Whether the connection waits for a request (just accepted, idle
    /// between requests, or still receiving a request's body): the ones
    /// closed first at the cap. It is cleared once a request's headers and
    /// body are in, and set again only once the whole answer is written to
    /// the socket (not when the handler returns: a large body may still be
    /// on its way to a slow reader, and closing it then would cut the
    /// answer short).
    pub(crate) waiting: AtomicBool,
    /// A request was handed to the router and its answer is not written
    /// out yet: bytes hyper writes otherwise are its own error answer
    /// ([`crate::stream`]).
    pub(crate) answering: AtomicBool,
    /// The last answer's body was handed to hyper in full (dropped); the
    /// next completed flush of the socket makes the connection waiting.
    pub(crate) body_sent: AtomicBool,
    /// Closes the connection when notified.
    pub(crate) evict: Notify,
}

impl Conn {
    /// A connection just accepted: waiting for its first request.
    pub(crate) fn new() -> Conn {
        Conn {
            waiting: AtomicBool::new(true),
            answering: AtomicBool::new(false),
            body_sent: AtomicBool::new(false),
            evict: Notify::new(),
        }
    }
}
