//! The bodies the serve loop and the routes hand hyper: a request body that
//! must arrive in full within the body read timeout ([`DeadlineBody`],
//! issue 53 item 4), and a file streamed from disk in chunks
//! ([`FileBody`], item 5), so that a reader that takes its answer slowly
//! holds a chunk of it in memory, not all of it.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};

use axum::body::Bytes;
use hyper::body::{Body, Frame, Incoming, SizeHint};
use tokio::io::{AsyncRead, ReadBuf};
use tokio::time::{Instant, Sleep};

use crate::conn::Conn;

/// The error of a body (hyper's, or the deadline's).
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// A request's body, which must be read in full by `deadline`: past it,
/// reading it fails (and `expired` is set, for the serve loop to answer
/// 408). Until its last byte is in, its connection counts as waiting for
/// a request (the first closed at the connection cap), so connections
/// trickling bodies cannot lock fresh requests out.
pub(crate) struct DeadlineBody {
    inner: Incoming,
    conn: Arc<Conn>,
    deadline: Instant,
    sleep: Option<Pin<Box<Sleep>>>,
    expired: Arc<AtomicBool>,
}

impl DeadlineBody {
    /// `inner`, due by `deadline`.
    pub(crate) fn new(
        inner: Incoming,
        conn: Arc<Conn>,
        deadline: Instant,
        expired: Arc<AtomicBool>,
    ) -> DeadlineBody {
        DeadlineBody {
            inner,
            conn,
            deadline,
            sleep: None,
            expired,
        }
    }
}

impl Body for DeadlineBody {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        let this = self.get_mut();
        if let Poll::Ready(frame) = Pin::new(&mut this.inner).poll_frame(cx) {
            if frame.is_none() || this.inner.is_end_stream() {
                this.conn.waiting.store(false, Ordering::SeqCst);
            }
            return Poll::Ready(frame.map(|f| f.map_err(BoxError::from)));
        }
        let deadline = this.deadline;
        let sleep = this
            .sleep
            .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
        match sleep.as_mut().poll(cx) {
            Poll::Ready(()) => {
                this.expired.store(true, Ordering::SeqCst);
                Poll::Ready(Some(Err("the request body did not arrive in time".into())))
            }
            Poll::Pending => Poll::Pending,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// The size of the chunks a [`FileBody`] reads.
pub const CHUNK: usize = 64 * 1024;

/// The first `len` bytes of an open file, read a chunk at a time as hyper
/// can send them (its length is the answer's `Content-Length`). A file
/// that shrinks meanwhile ends the answer with an error (the connection is
/// closed: the reader sees a short body, never other bytes).
pub struct FileBody {
    file: tokio::fs::File,
    left: u64,
    buf: Box<[u8]>,
}

impl FileBody {
    /// The first `len` bytes of `file`.
    pub fn new(file: std::fs::File, len: u64) -> FileBody {
        FileBody {
            file: tokio::fs::File::from_std(file),
            left: len,
            buf: vec![0; CHUNK].into_boxed_slice(),
        }
    }
}

impl Body for FileBody {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, std::io::Error>>> {
        let this = self.get_mut();
        if this.left == 0 {
            return Poll::Ready(None);
        }
        let want = this
            .buf
            .len()
            .min(usize::try_from(this.left).unwrap_or(usize::MAX));
        let mut read = ReadBuf::new(&mut this.buf[..want]);
        match Pin::new(&mut this.file).poll_read(cx, &mut read) {
            Poll::Pending => Poll::Pending,
            Poll::Ready(Err(e)) => Poll::Ready(Some(Err(e))),
            Poll::Ready(Ok(())) if read.filled().is_empty() => {
                Poll::Ready(Some(Err(std::io::Error::new(
                    std::io::ErrorKind::UnexpectedEof,
                    "the file shrank while it was sent",
                ))))
            }
            Poll::Ready(Ok(())) => {
                let chunk = Bytes::copy_from_slice(read.filled());
                this.left -= chunk.len() as u64;
                Poll::Ready(Some(Ok(Frame::data(chunk))))
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.left == 0
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.left)
    }
}
