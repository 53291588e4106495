//! The engine log: the engines' standard error, line by line, and
//! beachcomber's notes (handshakes, failures), in one file appended to.
//!
//! What a run writes to it is capped, so that an engine flooding its
//! standard error fills neither the disk nor the memory: the first
//! [`LOG_HEAD`] bytes go to the file as they come; after that only the last
//! [`LOG_TAIL`] bytes are kept (in memory) and written at the end of the
//! run, after a note of how many bytes were left out between. A standard
//! error line longer than [`MAX_STDERR_LINE`] is cut there, with a note.

use std::collections::VecDeque;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex};

use super::EngineError;

/// The bytes a run writes to the log file as they come.
pub const LOG_HEAD: u64 = 8 << 20;

/// The last bytes a run wrote past [`LOG_HEAD`], kept for the end of the
/// run.
pub const LOG_TAIL: usize = 8 << 20;

/// The longest standard error line copied to the log (the rest of the line
/// is left out, with a note).
pub const MAX_STDERR_LINE: u64 = 64 << 10;

/// The log file shared by the engines of a run (see the module docs).
pub type Log = Arc<Mutex<EngineLog>>;

/// A log file with its cap (see the module docs).
#[derive(Debug)]
pub struct EngineLog {
    file: File,
    /// Bytes written to the file so far (at most [`LOG_HEAD`]), or `None`
    /// once the head is full.
    head: Option<u64>,
    /// The last bytes written since the head was full.
    tail: VecDeque<u8>,
    /// Bytes left out between the head and the tail.
    cut: u64,
    /// Whether the tail starts at the start of a line.
    whole: bool,
}

/// Open (append to) the log file.
pub fn open_log(path: &Path) -> Result<Log, EngineError> {
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map(|file| {
            Arc::new(Mutex::new(EngineLog {
                file,
                head: Some(0),
                tail: VecDeque::new(),
                cut: 0,
                whole: true,
            }))
        })
        .map_err(|e| EngineError::Log {
            path: path.to_path_buf(),
            why: e.to_string(),
        })
}

impl EngineLog {
    /// Write one entry (whole lines): to the file while the head has room
    /// for all of it, else to the tail. Write errors are ignored (the log
    /// is an aid, not an output).
    pub fn write(&mut self, entry: &[u8]) {
        if let Some(written) = self.head {
            let after = written + entry.len() as u64;
            if after <= LOG_HEAD {
                let _ = self.file.write_all(entry);
                self.head = Some(after);
                return;
            }
            self.head = None;
        }
        let entry = if entry.len() > LOG_TAIL {
            let skip = entry.len() - LOG_TAIL;
            self.cut += (skip + self.tail.len()) as u64;
            self.tail.clear();
            self.whole = entry[skip - 1] == b'\n';
            &entry[skip..]
        } else {
            entry
        };
        let over = (self.tail.len() + entry.len()).saturating_sub(LOG_TAIL);
        if over > 0 {
            self.whole = self.tail[over - 1] == b'\n';
            self.tail.drain(..over);
            self.cut += over as u64;
        }
        self.tail.extend(entry);
    }

    /// Write the kept tail, after a note of what was left out (from a line
    /// start on), and flush. Called at the end of a run; entries written
    /// later form a new tail.
    pub fn finish(&mut self) {
        if self.cut > 0 {
            // The tail starts at a whole line.
            let partial = match self.tail.iter().position(|&b| b == b'\n') {
                _ if self.whole => 0,
                Some(end) => end + 1,
                None => self.tail.len(),
            };
            self.tail.drain(..partial);
            let note = format!(
                "[beachcomber: the log is cut here: {} bytes left out (a run keeps the first and \
                 the last {} MiB it writes)]\n",
                self.cut + partial as u64,
                LOG_TAIL >> 20
            );
            let _ = self.file.write_all(note.as_bytes());
            self.cut = 0;
        }
        let (a, b) = self.tail.as_slices();
        let _ = self.file.write_all(a).and_then(|()| self.file.write_all(b));
        self.tail = VecDeque::new();
        self.whole = true;
        let _ = self.file.flush();
    }
}

impl Drop for EngineLog {
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_keeps_its_head_and_tail_and_notes_the_cut() {
        let dir = std::env::temp_dir().join(format!("beachcomber-log-test-{}", std::process::id()));
        let _ = std::fs::remove_file(&dir);
        let log = open_log(&dir).unwrap();
        let line = [b'a'; 1023]
            .iter()
            .chain(b"\n")
            .copied()
            .collect::<Vec<u8>>();
        let lines = (LOG_HEAD + LOG_TAIL as u64) / 1024 + 100;
        {
            let mut log = log.lock().unwrap();
            for _ in 0..lines {
                log.write(&line);
            }
            log.finish();
        }
        drop(log);
        let text = std::fs::read(&dir).unwrap();
        std::fs::remove_file(&dir).unwrap();
        let note =
            b"[beachcomber: the log is cut here: 102400 bytes left out (a run keeps the first \
                     and the last 8 MiB it writes)]\n";
        assert_eq!(text.len(), (LOG_HEAD as usize) + note.len() + LOG_TAIL);
        let head = &text[..LOG_HEAD as usize];
        assert!(head.chunks(1024).all(|c| c == line.as_slice()));
        assert_eq!(&text[LOG_HEAD as usize..][..note.len()], note);
        let tail = &text[LOG_HEAD as usize + note.len()..];
        assert!(tail.chunks(1024).all(|c| c == line.as_slice()));
    }

    #[test]
    fn a_tail_cut_in_a_line_starts_at_the_next_line() {
        let path =
            std::env::temp_dir().join(format!("beachcomber-log-test-lines-{}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let log = open_log(&path).unwrap();
        // Lines of 3000 bytes: the tail's start falls inside one.
        let line: Vec<u8> = b"L"
            .iter()
            .chain(&[b'a'; 2998])
            .chain(b"\n")
            .copied()
            .collect();
        let lines = 6000;
        {
            let mut log = log.lock().unwrap();
            for _ in 0..lines {
                log.write(&line);
            }
        }
        drop(log);
        let text = std::fs::read(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        let head_lines = LOG_HEAD as usize / 3000;
        let kept = LOG_TAIL / 3000;
        let note = format!(
            "[beachcomber: the log is cut here: {} bytes left out (a run keeps the first and \
             the last 8 MiB it writes)]\n",
            (lines - head_lines - kept) * 3000
        );
        let head = &text[..head_lines * 3000];
        assert!(head.chunks(3000).all(|c| c == line.as_slice()));
        let rest = &text[head.len()..];
        assert_eq!(&rest[..note.len()], note.as_bytes());
        let tail = &rest[note.len()..];
        assert_eq!(tail.len(), kept * 3000);
        assert!(tail.chunks(3000).all(|c| c == line.as_slice()));
    }
}
