//! The git repository holding an experiment file, read by running `git`
//! (the locked rule's provenance: [`super::lock`]).
//!
//! `git` is run as a child process (`std::process::Command`) rather than
//! linked: `gix` or `git2` would add hundreds of crates (or a C library) to
//! the build the README's test command must finish in 4 minutes, for a
//! handful of read-only questions (`rev-parse`, `log`, `show`, `status`,
//! `cat-file`, `merge-base`). A missing `git`, or a file outside any repository, is
//! "no git provenance" ([`Repository::holding`] gives `None`), not an
//! error.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use beachcomber::spec::one_line;

use crate::manifest::CommitDate;

/// Environment variables that would point `git` at another repository
/// than the one holding the file (set, e.g., inside a git hook): removed
/// for every call.
const REDIRECTING: [&str; 6] = [
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
    "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_COMMON_DIR",
];

/// A `git` command that failed in a repository that exists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GitError {
    /// The arguments, as typed after `git`.
    pub command: String,
    /// Its standard error, on one line (or why it did not start).
    pub message: String,
}

impl fmt::Display for GitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`git {}` failed: {}", self.command, self.message)
    }
}

impl std::error::Error for GitError {}

/// A git repository's work tree, found from a file in it.
#[derive(Clone, Debug)]
pub struct Repository {
    /// The top of the work tree (canonical).
    pub root: PathBuf,
}

/// `git args` to run in `dir`, on literal paths (no glob patterns), in
/// the repository holding `dir` whatever the environment says.
fn git_command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new("git");
    command
        .arg("--literal-pathspecs")
        .arg("-C")
        .arg(dir)
        .args(args)
        .stdin(Stdio::null());
    for name in REDIRECTING {
        command.env_remove(name);
    }
    command
}

/// The output of `git args` run in `dir`: `Ok(None)` when it exits with
/// an error status, `Err` when it cannot start.
fn run_git(dir: &Path, args: &[&str]) -> Result<Option<Vec<u8>>, std::io::Error> {
    let output = git_command(dir, args).stderr(Stdio::null()).output()?;
    Ok(output.status.success().then_some(output.stdout))
}

impl Repository {
    /// The repository holding `file` and the file's path in it (with `/`),
    /// or `None` when git is missing, the file is outside any repository,
    /// or its path is not UTF-8.
    pub fn holding(file: &Path) -> Option<(Repository, String)> {
        let file = file.canonicalize().ok()?;
        let dir = file.parent()?;
        let top = run_git(dir, &["rev-parse", "--show-toplevel"]).ok()??;
        let top = String::from_utf8(top).ok()?;
        let root = PathBuf::from(top.trim_end_matches('\n'))
            .canonicalize()
            .ok()?;
        let relative = file.strip_prefix(&root).ok()?;
        let parts: Option<Vec<&str>> = relative
            .components()
            .map(|c| c.as_os_str().to_str())
            .collect();
        Some((Repository { root }, parts?.join("/")))
    }

    /// The standard output of `git args` in the work tree's top.
    fn git(&self, args: &[&str]) -> Result<Vec<u8>, GitError> {
        let fail = |message: String| GitError {
            command: args.join(" "),
            message,
        };
        let output = git_command(&self.root, args)
            .output()
            .map_err(|e| fail(e.to_string()))?;
        if !output.status.success() {
            return Err(fail(one_line(
                String::from_utf8_lossy(&output.stderr).trim(),
            )));
        }
        Ok(output.stdout)
    }

    /// The same as [`Repository::git`], as text.
    fn git_text(&self, args: &[&str]) -> Result<String, GitError> {
        let bytes = self.git(args)?;
        String::from_utf8(bytes).map_err(|_| GitError {
            command: args.join(" "),
            message: "its output is not UTF-8".to_string(),
        })
    }

    /// Whether the repository has a commit (`HEAD` resolves).
    pub fn has_commits(&self) -> bool {
        run_git(&self.root, &["rev-parse", "--verify", "--quiet", "HEAD"])
            .is_ok_and(|out| out.is_some())
    }

    /// The commits reachable from `HEAD` that changed `path` (with
    /// `--diff-filter=A`: that added it), newest first, with their dates.
    pub fn log(&self, path: &str, added_only: bool) -> Result<Vec<CommitDate>, GitError> {
        if !self.has_commits() {
            return Ok(Vec::new());
        }
        let mut args = vec!["log", "--format=%H%x09%cI"];
        if added_only {
            args.push("--diff-filter=A");
        }
        args.extend(["--", path]);
        let text = self.git_text(&args)?;
        Ok(text
            .lines()
            .filter_map(|line| line.split_once('\t'))
            .map(|(commit, date)| CommitDate {
                commit: commit.to_string(),
                date: date.to_string(),
            })
            .collect())
    }

    /// The text of `path` at `commit`, `None` when the commit does not
    /// hold it (or it is not UTF-8).
    pub fn show(&self, commit: &str, path: &str) -> Option<String> {
        let spec = format!("{commit}:{path}");
        let bytes = run_git(&self.root, &["show", &spec]).ok()??;
        String::from_utf8(bytes).ok()
    }

    /// The full hash of the commit `rev` names, `None` when it names none.
    pub fn commit_of(&self, rev: &str) -> Option<String> {
        let spec = format!("{rev}^{{commit}}");
        let out = run_git(&self.root, &["rev-parse", "--verify", "--quiet", &spec]).ok()??;
        let hash = String::from_utf8(out).ok()?;
        Some(hash.trim().to_string())
    }

    /// Whether `ancestor` is `commit` or one of its ancestors.
    pub fn is_ancestor(&self, ancestor: &str, commit: &str) -> Result<bool, GitError> {
        run_git(
            &self.root,
            &["merge-base", "--is-ancestor", ancestor, commit],
        )
        .map(|out| out.is_some())
        .map_err(|e| GitError {
            command: format!("merge-base --is-ancestor {ancestor} {commit}"),
            message: e.to_string(),
        })
    }
}

/// One committed version of a file: its path, the commit that brought it
/// (the oldest reachable from `HEAD` with these bytes) and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileVersion {
    /// The path from the top (with `/`).
    pub path: String,
    /// The full hash of the commit that added or changed it to this text.
    pub commit: String,
    /// Its text (lossy UTF-8).
    pub text: String,
}

impl Repository {
    /// The full hash of `HEAD`, `None` without a commit.
    pub fn head(&self) -> Option<String> {
        self.commit_of("HEAD")
    }

    /// The paths (from the top) that `git status` shows changed: tracked
    /// files modified, added, deleted or renamed, and untracked files
    /// (ignored paths are not shown), in git's order.
    pub fn changes(&self) -> Result<Vec<String>, GitError> {
        let bytes = self.git(&["status", "--porcelain", "-z", "--untracked-files=all"])?;
        let text = String::from_utf8_lossy(&bytes);
        let mut entries = text.split('\0').filter(|e| !e.is_empty());
        let mut paths = Vec::new();
        while let Some(entry) = entries.next() {
            let (status, path) = (entry.get(..2).unwrap_or(""), entry.get(3..).unwrap_or(""));
            // A rename or copy is followed by its source path.
            if status.contains('R') || status.contains('C') {
                entries.next();
            }
            paths.push(path.to_string());
        }
        Ok(paths)
    }

    /// Every version of every file named `name` under the folder `dir`
    /// (with `/`) in the commits reachable from `HEAD` (merges included),
    /// oldest commit first per text: one `git log --raw` pass and one
    /// `git cat-file --batch`, whatever the number of versions.
    pub fn versions_under(&self, dir: &str, name: &str) -> Result<Vec<FileVersion>, GitError> {
        if !self.has_commits() {
            return Ok(Vec::new());
        }
        let log = self.git(&[
            "log",
            "-m",
            "--root",
            "--no-renames",
            "--diff-filter=AM",
            "--format=%x01%H",
            "--raw",
            "-z",
            "--no-abbrev",
            "HEAD",
            "--",
            dir,
        ])?;
        let log = String::from_utf8_lossy(&log);
        // (blob, path, commit), the newest commit first; a blob seen again
        // in an older commit takes that commit.
        let mut found: Vec<(String, String, String)> = Vec::new();
        let mut commit = String::new();
        let mut tokens = log.split('\0').map(|t| t.trim_start_matches('\n'));
        while let Some(token) = tokens.next() {
            if let Some(hash) = token.strip_prefix('\u{1}') {
                commit = hash.to_string();
            } else if token.starts_with(':') {
                let Some(path) = tokens.next() else { break };
                let blob = token.split(' ').nth(3).unwrap_or("");
                if path.rsplit('/').next() != Some(name) || blob.is_empty() {
                    continue;
                }
                match found.iter_mut().find(|(b, p, _)| b == blob && p == path) {
                    Some(seen) => seen.2 = commit.clone(),
                    None => found.push((blob.to_string(), path.to_string(), commit.clone())),
                }
            }
        }
        let blobs: Vec<&str> = found.iter().map(|(b, _, _)| b.as_str()).collect();
        let texts = self.blobs(&blobs)?;
        Ok(found
            .into_iter()
            .zip(texts)
            .filter_map(|((_, path, commit), text)| {
                text.map(|text| FileVersion { path, commit, text })
            })
            .collect())
    }

    /// The texts of the blobs `hashes` (lossy UTF-8; `None`: missing), by
    /// one `git cat-file --batch`.
    fn blobs(&self, hashes: &[&str]) -> Result<Vec<Option<String>>, GitError> {
        use std::io::{Read, Write};
        if hashes.is_empty() {
            return Ok(Vec::new());
        }
        let fail = |message: String| GitError {
            command: "cat-file --batch".to_string(),
            message,
        };
        let mut child = git_command(&self.root, &["cat-file", "--batch"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| fail(e.to_string()))?;
        let input: String = hashes.iter().map(|h| format!("{h}\n")).collect();
        let mut stdin = child.stdin.take().ok_or_else(|| fail("no stdin".into()))?;
        let mut stdout = child
            .stdout
            .take()
            .ok_or_else(|| fail("no stdout".into()))?;
        let mut out = Vec::new();
        let read = std::thread::scope(|scope| {
            let writer = scope.spawn(move || stdin.write_all(input.as_bytes()));
            let read = stdout.read_to_end(&mut out);
            let written = writer.join().unwrap_or(Ok(()));
            read.and(written)
        });
        let status = child.wait().map_err(|e| fail(e.to_string()))?;
        read.map_err(|e| fail(e.to_string()))?;
        if !status.success() {
            return Err(fail(format!("exit status {status}")));
        }
        let mut texts = Vec::with_capacity(hashes.len());
        let mut rest = out.as_slice();
        for _ in hashes {
            let Some(end) = rest.iter().position(|&b| b == b'\n') else {
                return Err(fail("its output ends early".into()));
            };
            let header = String::from_utf8_lossy(&rest[..end]).to_string();
            rest = &rest[end + 1..];
            let size = header
                .rsplit(' ')
                .next()
                .and_then(|s| s.parse::<usize>().ok());
            match size.filter(|_| !header.ends_with(" missing")) {
                Some(size) if size < rest.len() => {
                    texts.push(Some(String::from_utf8_lossy(&rest[..size]).to_string()));
                    rest = &rest[size + 1..];
                }
                Some(_) => return Err(fail("its output ends early".into())),
                None => texts.push(None),
            }
        }
        Ok(texts)
    }
}
