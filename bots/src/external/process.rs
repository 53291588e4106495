//! A running engine process and everything that keeps it from hanging a
//! run or eating its memory:
//!
//! - it runs in its own process group (as do the processes it starts, a
//!   wrapper script's bot or a helper), and ending it kills the whole group
//!   (`SIGKILL`) and reaps it; nothing waits without bound on a pipe a
//!   descendant may still hold;
//! - every wait (an answer, room in its input) has the time limit, notices
//!   that the process exited even when a descendant holds its output, and
//!   ends early when the run is interrupted (the cancel flag);
//! - its output is read one line ahead at most (a line of at most
//!   [`MAX_LINE`] bytes), so a line it was not asked for is a protocol
//!   error at the next request, never a growing queue;
//! - its standard error goes to the capped log ([`super::log`]), a line at
//!   most [`MAX_STDERR_LINE`] bytes; its last non-empty line is also kept
//!   (at most [`LAST_LINE_CHARS`] characters, escaped) for the message that
//!   says it died.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use beachcomber::bot::BotError;
use beachcomber::record::strict::strict_value;
use beachcomber::spec::one_line;
use serde_json::Value;

use super::log::{Log, MAX_STDERR_LINE};
use super::{EngineSpec, clip};

/// The longest line read from a process (longer is a malformed answer).
pub const MAX_LINE: u64 = 1 << 20;

/// The most characters of the engine's last standard error line quoted
/// when it dies (the rest is cut, marked `...`).
pub const LAST_LINE_CHARS: usize = 200;

/// How long a process that closed its output has to exit before it is
/// reported without its exit status, how long a process has to exit by
/// itself at shutdown before it is killed, and how long the last lines of
/// its standard error have to reach the log once it is dead.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// How often a wait looks at the cancel flag and whether the process
/// exited.
const POLL: Duration = Duration::from_millis(50);

/// A running engine process (see the module docs).
pub(super) struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    /// The answer lines, read one ahead at most.
    lines: Receiver<Result<String, BotError>>,
    /// The time limit of the next wait.
    pub(super) timeout: Duration,
    cancel: Option<&'static AtomicBool>,
    /// Set when another engine's failure stops the run.
    halt: Option<Arc<AtomicBool>>,
    /// Disconnected when the standard error copier ends.
    stderr_done: Option<Receiver<()>>,
    /// Its last non-empty standard error line, escaped and capped.
    last_stderr: Arc<Mutex<String>>,
    /// Whether the child was reaped (its group killed before).
    reaped: bool,
}

impl Process {
    /// Start the engine's command in a new process group.
    pub(super) fn spawn(
        spec: &EngineSpec,
        log: &Log,
        timeout: Duration,
        cancel: Option<&'static AtomicBool>,
        halt: Option<Arc<AtomicBool>>,
    ) -> Result<Process, BotError> {
        let mut child = Command::new(&spec.command[0])
            .args(&spec.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .map_err(|e| BotError::Start(format!("`{}`: {e}", spec.command.join(" "))))?;
        let pid = child.id();
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(BotError::Start("no pipes to the process".into()));
        };
        // Writes never block: a process that does not read its input
        // times out like one that does not answer.
        // SAFETY: fcntl(2) on the open pipe `stdin` owns; it only changes
        // the flags of our end.
        let nonblocking = unsafe {
            let fd = stdin.as_raw_fd();
            let flags = libc::fcntl(fd, libc::F_GETFL);
            flags >= 0 && libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) == 0
        };
        let (send, lines) = mpsc::sync_channel(1);
        std::thread::spawn(move || read_answers(stdout, send));
        let (done, stderr_done) = mpsc::channel();
        let prefix = format!("[{} pid {pid}] ", spec.name);
        let log = log.clone();
        let last_stderr = Arc::new(Mutex::new(String::new()));
        let last = Arc::clone(&last_stderr);
        std::thread::spawn(move || copy_stderr(stderr, &log, prefix.as_bytes(), &last, done));
        let mut process = Process {
            child,
            stdin: Some(stdin),
            lines,
            timeout,
            cancel,
            halt,
            stderr_done: Some(stderr_done),
            last_stderr,
            reaped: false,
        };
        if !nonblocking {
            process.kill();
            return Err(BotError::Start("cannot set up its input".into()));
        }
        Ok(process)
    }

    /// The process id (also its process group's).
    pub(super) fn id(&self) -> u32 {
        self.child.id()
    }

    fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
            || self
                .halt
                .as_ref()
                .is_some_and(|h| h.load(Ordering::Relaxed))
    }

    /// Write one message (one line), within the time limit.
    pub(super) fn send(&mut self, message: &Value) -> Result<(), BotError> {
        let mut line = message.to_string().into_bytes();
        line.push(b'\n');
        let deadline = Instant::now() + self.timeout;
        let mut rest = &line[..];
        while !rest.is_empty() {
            let Some(stdin) = self.stdin.as_mut() else {
                return Err(BotError::Crashed(self.exit_text()));
            };
            match stdin.write(rest) {
                Ok(0) => return Err(BotError::Crashed(self.exit_text())),
                Ok(n) => rest = &rest[n..],
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    if self.cancelled() {
                        return Err(BotError::Interrupted);
                    }
                    if Instant::now() >= deadline {
                        return Err(self.timed_out());
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                    return Err(BotError::Crashed(self.exit_text()));
                }
                Err(e) => return Err(BotError::Io(e.to_string())),
            }
        }
        Ok(())
    }

    fn timed_out(&self) -> BotError {
        BotError::Timeout {
            ms: self.timeout.as_millis() as u64,
        }
    }

    /// Fail if the process wrote a line nobody asked for (call before a
    /// request).
    pub(super) fn expect_silence(&mut self) -> Result<(), BotError> {
        match self.lines.try_recv() {
            Ok(Ok(line)) => Err(BotError::Malformed(format!(
                "a line it was not asked for: `{}`",
                clip(line.trim_end_matches(['\n', '\r']))
            ))),
            Ok(Err(why)) => Err(why),
            Err(TryRecvError::Empty | TryRecvError::Disconnected) => Ok(()),
        }
    }

    /// Read one message within the time limit.
    pub(super) fn receive(&mut self) -> Result<Value, BotError> {
        let deadline = Instant::now() + self.timeout;
        let line = loop {
            let wait = deadline.saturating_duration_since(Instant::now()).min(POLL);
            match self.lines.recv_timeout(wait) {
                Ok(Ok(line)) => break line,
                Ok(Err(why)) => return Err(why),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(BotError::Crashed(self.exit_text()));
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            if self.cancelled() {
                return Err(BotError::Interrupted);
            }
            if self.exited() {
                // Its last words may still be on their way (a descendant
                // holding the pipe keeps it from closing).
                match self.lines.recv_timeout(POLL) {
                    Ok(Ok(line)) => break line,
                    Ok(Err(why)) => return Err(why),
                    Err(_) => return Err(BotError::Crashed(self.exit_text())),
                }
            }
            if Instant::now() >= deadline {
                return Err(self.timed_out());
            }
        };
        let text = line.trim_end_matches(['\n', '\r']);
        match parse_object(text) {
            Ok(value @ Value::Object(_)) => Ok(value),
            Ok(_) => Err(BotError::Malformed(format!(
                "not a JSON object: `{}`",
                clip(text)
            ))),
            // A key given twice (what the value would be is ambiguous).
            Err(e) if e.is_data() => Err(BotError::Malformed(format!(
                "refused JSON ({e}): `{}`",
                clip(text)
            ))),
            Err(e) => Err(BotError::Malformed(format!(
                "not JSON ({e}): `{}`",
                clip(text)
            ))),
        }
    }

    /// Whether the child exited (without reaping it, so that its process
    /// group's id stays reserved until the group is killed).
    fn exited(&self) -> bool {
        if self.reaped {
            return true;
        }
        // SAFETY: waitid(2) with WNOWAIT only looks at the state of our own
        // child (not reaped yet) and writes into `info`, a zeroed
        // siginfo_t we own; `si_pid` is valid to read after it returned 0.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let rc = libc::waitid(
                libc::P_PID,
                self.child.id() as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            );
            rc == 0 && info.si_pid() != 0
        }
    }

    /// How the process ended: `exit status 3`, or that it closed its output.
    fn exit_text(&mut self) -> String {
        let deadline = Instant::now() + EXIT_GRACE;
        while !self.exited() {
            if Instant::now() >= deadline {
                return "it closed its output".to_string();
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.end();
        let how = match self.child.try_wait() {
            Ok(Some(status)) => format!("it exited ({status})"),
            _ => "it closed its output".to_string(),
        };
        let last = self
            .last_stderr
            .lock()
            .map(|l| l.clone())
            .unwrap_or_default();
        if last.is_empty() {
            how
        } else {
            format!("{how}; its last stderr line: `{last}`")
        }
    }

    /// Say `quit` (within a moment: a process that does not read gets no
    /// longer), close the input, wait a moment, then end its group.
    pub(super) fn quit(&mut self) {
        self.timeout = EXIT_GRACE;
        let _ = self.send(&serde_json::json!({"type": "quit"}));
        self.close();
    }

    /// Close the input (the process should exit), wait a moment, then end
    /// its group.
    fn close(&mut self) {
        self.stdin = None;
        let deadline = Instant::now() + EXIT_GRACE;
        while !self.exited() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        self.end();
    }

    /// End the process now, with its group.
    pub(super) fn kill(&mut self) {
        self.stdin = None;
        self.end();
    }

    /// Kill the process group, reap the child, and give the last lines of
    /// standard error a moment to reach the log.
    fn end(&mut self) {
        if !self.reaped {
            // SAFETY: killpg(2) of the group the child leads (created at
            // spawn); the child is not reaped yet, so the group's id cannot
            // have been reused.
            unsafe { libc::killpg(self.child.id() as libc::pid_t, libc::SIGKILL) };
            let _ = self.child.wait();
            self.reaped = true;
        }
        if let Some(done) = self.stderr_done.take() {
            // A descendant outside the group may hold the pipe: never wait
            // without bound (the copier then ends with that descendant).
            let _ = done.recv_timeout(EXIT_GRACE);
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Forward the process's output, line by line, to `send` (one line ahead
/// at most: the channel holds one).
fn read_answers(stdout: ChildStdout, send: SyncSender<Result<String, BotError>>) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut line = Vec::new();
        let read = (&mut reader).take(MAX_LINE).read_until(b'\n', &mut line);
        let message = match read {
            Ok(0) => break,
            Ok(_) if !line.ends_with(b"\n") && line.len() as u64 >= MAX_LINE => Err(
                BotError::Malformed(format!("a line longer than {MAX_LINE} bytes")),
            ),
            Ok(_) => String::from_utf8(line)
                .map_err(|_| BotError::Malformed("a line that is not UTF-8".into())),
            Err(e) => Err(BotError::Malformed(e.to_string())),
        };
        let stop = message.is_err();
        if send.send(message).is_err() || stop {
            break;
        }
    }
}

/// Copy the process's standard error to the log, each line prefixed, a
/// line cut at [`MAX_STDERR_LINE`] bytes; keep the last non-empty line in
/// `last` ([`last_line_text`]). `done` is dropped at the end.
fn copy_stderr(
    stderr: ChildStderr,
    log: &Log,
    prefix: &[u8],
    last: &Mutex<String>,
    done: mpsc::Sender<()>,
) {
    let mut reader = BufReader::new(stderr);
    let mut line = Vec::new();
    loop {
        line.clear();
        line.extend_from_slice(prefix);
        let read = (&mut reader)
            .take(MAX_STDERR_LINE)
            .read_until(b'\n', &mut line);
        let n = match read {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        let cut = !line.ends_with(b"\n") && n as u64 >= MAX_STDERR_LINE;
        if let Some(text) = last_line_text(&line[prefix.len()..])
            && let Ok(mut last) = last.lock()
        {
            *last = text;
        }
        if cut {
            let note =
                format!(" [beachcomber: line cut at {MAX_STDERR_LINE} bytes, the rest left out]");
            line.extend_from_slice(note.as_bytes());
        }
        if !line.ends_with(b"\n") {
            line.push(b'\n');
        }
        if let Ok(mut log) = log.lock() {
            log.write(&line);
        }
        if cut && !skip_line(&mut reader) {
            break;
        }
    }
    drop(done);
}

/// A standard error line as quoted in the message that says the engine
/// died: trimmed, escaped ([`one_line`]), at most [`LAST_LINE_CHARS`]
/// characters (then `...`); `None` for a blank line.
fn last_line_text(line: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(line);
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let kept: String = text.chars().take(LAST_LINE_CHARS).collect();
    let more = text.chars().nth(LAST_LINE_CHARS).is_some();
    Some(format!(
        "{}{}",
        one_line(&kept),
        if more { "..." } else { "" }
    ))
}

/// An answer line as JSON, refusing an object that holds a key twice at any
/// depth (`{"action":1,"action":2}` would be ambiguous), as the records'
/// reader does ([`strict_value`]), and anything after the value.
fn parse_object(text: &str) -> Result<Value, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = strict_value(&mut de)?;
    de.end()?;
    Ok(value)
}

/// Read past the end of the current line; false at the end of the input.
fn skip_line(reader: &mut impl BufRead) -> bool {
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) if !buf.is_empty() => buf,
            _ => return false,
        };
        match buf.iter().position(|&b| b == b'\n') {
            Some(end) => {
                reader.consume(end + 1);
                return true;
            }
            None => {
                let n = buf.len();
                reader.consume(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log_file(name: &str) -> (std::path::PathBuf, Log) {
        let path = std::env::temp_dir().join(format!(
            "beachcomber-process-test-{name}-{}",
            std::process::id()
        ));
        let log = super::super::open_log(&path).unwrap();
        (path, log)
    }

    #[test]
    fn an_answer_holding_a_key_twice_is_refused() {
        assert_eq!(
            parse_object(r#"{"action":1,"action":2}"#)
                .unwrap_err()
                .to_string(),
            "duplicate key `action` at line 1 column 20"
        );
        assert!(parse_object(r#"{"a":{"b":1,"b":1}}"#).is_err());
        assert!(parse_object(r#"{"a":1} {"a":2}"#).is_err());
        assert_eq!(
            parse_object(r#" {"type":"action","action":"b6"} "#).unwrap(),
            serde_json::json!({"type": "action", "action": "b6"})
        );
    }

    #[test]
    fn the_last_stderr_line_is_trimmed_escaped_and_capped() {
        assert_eq!(last_line_text(b"  \n"), None);
        assert_eq!(
            last_line_text(b"bad move\x1b[2J\n").as_deref(),
            Some("bad move\\u{1b}[2J")
        );
        let long = "y".repeat(LAST_LINE_CHARS + 5);
        assert_eq!(
            last_line_text(long.as_bytes()),
            Some(format!("{}...", "y".repeat(LAST_LINE_CHARS)))
        );
    }

    #[test]
    fn a_process_that_does_not_read_times_out_instead_of_blocking_a_write() {
        let (path, log) = log_file("deaf");
        let spec = EngineSpec::parse("deaf=sleep 1000").unwrap();
        let mut process =
            Process::spawn(&spec, &log, Duration::from_millis(300), None, None).unwrap();
        // Far more than a pipe holds.
        let big = Value::String("x".repeat(4 << 20));
        let start = Instant::now();
        assert_eq!(process.send(&big), Err(BotError::Timeout { ms: 300 }));
        assert!(start.elapsed() < Duration::from_secs(5));
        let pid = process.id();
        process.kill();
        assert!(!std::path::Path::new(&format!("/proc/{pid}")).exists());
        drop(log);
        let _ = std::fs::remove_file(path);
    }
}
