//! The HTTP routes: the embedded page, the JSON API (docs/web.md) and the
//! results' files. Every handler answers a JSON error with a 4xx status for
//! a bad request (bad JSON, unknown fields, a body over [`MAX_BODY`], an
//! unknown game, file or record) and never panics on input.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{DefaultBodyLimit, Path, RawQuery, State};
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use tokio::sync::Semaphore;

use crate::error::ApiError;
use crate::limits::{MAX_BODY, MAX_GAMES, MAX_REPLAYING, MAX_THINKING};
use crate::play::{self, Live, NewGame};
use crate::records::{Guard, RecordFile, WindowArg};
use crate::results::Results;
use crate::{ServeConfig, ServeError};

/// The server's shared state.
pub struct App {
    bind: std::net::IpAddr,
    files: Vec<RecordFile>,
    results: Option<Results>,
    save: PathBuf,
    games: Mutex<Games>,
    thinking: Arc<Semaphore>,
    /// Record files read and replays built at once ([`MAX_REPLAYING`]).
    replaying: Arc<Semaphore>,
    next_id: AtomicU64,
    request_timeout: std::time::Duration,
}

/// A game in play behind its lock.
type Slot = Arc<tokio::sync::Mutex<Box<dyn Live>>>;

/// The games in memory, with when each was last used.
#[derive(Default)]
struct Games {
    map: HashMap<u64, (Slot, u64)>,
    tick: u64,
}

impl App {
    /// Index the record files, check the results folder, create the save
    /// folder.
    pub fn new(config: &ServeConfig) -> Result<Arc<App>, ServeError> {
        let files = config
            .records
            .iter()
            .map(|p| RecordFile::index(p))
            .collect::<Result<Vec<_>, _>>()
            .map_err(ServeError::Records)?;
        let results = match &config.results {
            None => None,
            Some(dir) => Some(Results::new(dir).map_err(ServeError::Results)?),
        };
        std::fs::create_dir_all(&config.save).map_err(|e| {
            ServeError::Save(format!("cannot create `{}`: {e}", config.save.display()))
        })?;
        let start = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Ok(Arc::new(App {
            bind: config.addr.ip(),
            files,
            results,
            save: config.save.clone(),
            games: Mutex::new(Games::default()),
            thinking: Arc::new(Semaphore::new(MAX_THINKING)),
            replaying: Arc::new(Semaphore::new(MAX_REPLAYING)),
            // Game ids (and saved files' names) start at the server's start
            // time, and a name is taken only where no file has it
            // (`play::save_new`): neither a restarted server nor another
            // one sharing the folder overwrites a game.
            next_id: AtomicU64::new(start * 1000),
            request_timeout: config.limits.request_timeout,
        }))
    }

    /// Games in memory now (at most [`MAX_GAMES`]).
    pub fn games_in_memory(&self) -> usize {
        self.lock_games().map.len()
    }

    fn lock_games(&self) -> std::sync::MutexGuard<'_, Games> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn file(&self, id: &str) -> Result<&RecordFile, ApiError> {
        id.parse::<usize>()
            .ok()
            .and_then(|i| self.files.get(i))
            .ok_or_else(|| ApiError::NotFound(format!("no record file `{}`", one_line(id))))
    }

    fn game(&self, id: &str) -> Result<Slot, ApiError> {
        let mut games = self.lock_games();
        games.tick += 1;
        let tick = games.tick;
        let slot = id
            .parse::<u64>()
            .ok()
            .and_then(|id| games.map.get_mut(&id))
            .ok_or_else(|| {
                ApiError::NotFound(format!(
                    "no game `{}` in play (at most {MAX_GAMES} are kept; saved games are under \
                     Replays)",
                    one_line(id)
                ))
            })?;
        slot.1 = tick;
        Ok(slot.0.clone())
    }

    fn insert(&self, id: u64, live: Box<dyn Live>) {
        let mut games = self.lock_games();
        while games.map.len() >= MAX_GAMES {
            let oldest = games
                .map
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(k, _)| *k);
            match oldest {
                Some(k) => games.map.remove(&k),
                None => break,
            };
        }
        games.tick += 1;
        let tick = games.tick;
        games
            .map
            .insert(id, (Arc::new(tokio::sync::Mutex::new(live)), tick));
    }
}

/// The router of the app.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/api/info", get(info))
        .route("/api/files", get(files))
        .route("/api/files/{id}/records", get(records_page))
        .route("/api/files/{id}/records/{index}", get(record))
        .route("/api/saved", get(saved_list))
        .route("/api/saved/{name}", get(saved_record))
        .route("/api/games", post(new_game))
        .route("/api/games/{id}", get(game_view))
        .route("/api/games/{id}/move", post(game_move))
        .route("/api/games/{id}/undo", post(game_undo))
        .route("/api/games/{id}/hint", post(game_hint))
        .route("/api/results", get(studies))
        .route("/api/results/{study}", get(study_files))
        .route("/results/{*path}", get(result_file))
        .fallback(static_or_404)
        .method_not_allowed_fallback(crate::guard::method_not_allowed)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(
            app.bind,
            crate::guard::layer,
        ))
        // The request timeout above everything (its bodiless 503 made a
        // JSON error by `timed_out`).
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            app.request_timeout,
        ))
        .layer(axum::middleware::map_response_with_state(
            app.request_timeout,
            timed_out,
        ))
        .with_state(app)
}

/// The request timeout's answer as a JSON error: the only 503 without a
/// content type (every other answer has one).
async fn timed_out(State(after): State<std::time::Duration>, res: Response) -> Response {
    if res.status() == StatusCode::SERVICE_UNAVAILABLE
        && !res.headers().contains_key(header::CONTENT_TYPE)
    {
        return ApiError::TimedOut(after).into_response();
    }
    res
}

type Api = Result<axum::Json<Value>, ApiError>;

/// A path parameter, or a JSON error (bad percent-encoding, not UTF-8).
fn param<T>(p: Result<Path<T>, PathRejection>) -> Result<T, ApiError> {
    p.map(|Path(t)| t)
        .map_err(|e| ApiError::BadRequest(format!("bad path: {}", one_line(&e.body_text()))))
}

fn one_line(text: &str) -> String {
    beachcomber::spec::one_line(text)
}

/// The query's `key=value` pairs (values are numbers and words: no
/// percent-decoding needed; a malformed pair is ignored).
fn query(raw: &Option<String>) -> HashMap<&str, &str> {
    raw.as_deref()
        .unwrap_or("")
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .collect()
}

/// A numeric query parameter, `default` when absent.
fn number(q: &HashMap<&str, &str>, key: &str, default: usize) -> Result<usize, ApiError> {
    match q.get(key) {
        None => Ok(default),
        Some(v) => v.parse().map_err(|_| {
            ApiError::BadRequest(format!("query `{key}`: `{}` is not a number", one_line(v)))
        }),
    }
}

/// An optional numeric query parameter.
fn optional(q: &HashMap<&str, &str>, key: &str) -> Result<Option<usize>, ApiError> {
    q.get(key).map(|_| number(q, key, 0)).transpose()
}

/// The replay window a query asks for (`offset`, `limit`).
fn window(q: &HashMap<&str, &str>) -> Result<WindowArg, ApiError> {
    Ok(WindowArg {
        offset: optional(q, "offset")?,
        limit: optional(q, "limit")?,
    })
}

/// A JSON body, parsed strictly: size and syntax errors are 4xx JSON errors.
fn body<T: serde::de::DeserializeOwned>(
    bytes: Result<Bytes, BytesRejection>,
) -> Result<T, ApiError> {
    let bytes = bytes.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge
        } else {
            ApiError::BadRequest(format!("cannot read the request body: {e}"))
        }
    })?;
    let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        &bytes
    };
    serde_json::from_slice(bytes)
        .map_err(|e| ApiError::BadRequest(format!("request body: {}", one_line(&e.to_string()))))
}

async fn info(State(app): State<Arc<App>>) -> Api {
    let games: Vec<Value> = beachcomber::games::GAMES
        .iter()
        .map(|g| json!({"name": g.name, "players": [g.players.0, g.players.1], "options": g.options_help()}))
        .collect();
    Ok(axum::Json(json!({
        "version": env!("CARGO_PKG_VERSION"),
        "games": games,
        "bots": beachcomber_bots::BOT_NAMES,
        "files": app.files.len(),
        "results": app.results.is_some(),
        "max_games": MAX_GAMES,
        "hint_iterations": play::HINT_ITERATIONS,
        "max_work": play::MAX_WORK,
        "max_thinking": MAX_THINKING,
    })))
}

async fn files(State(app): State<Arc<App>>) -> Api {
    let list: Vec<Value> = app
        .files
        .iter()
        .enumerate()
        .map(|(i, f)| f.summary_json(i))
        .collect();
    Ok(axum::Json(json!({ "files": list })))
}

async fn records_page(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    RawQuery(raw): RawQuery,
) -> Api {
    let id = param(id)?;
    let q = query(&raw);
    let (offset, limit) = (number(&q, "offset", 0)?, number(&q, "limit", 50)?);
    let app2 = app.clone();
    replaying(&app, move || app2.file(&id)?.page(offset, limit)).await
}

async fn record(
    State(app): State<Arc<App>>,
    path: Result<Path<(String, String)>, PathRejection>,
    RawQuery(raw): RawQuery,
) -> Api {
    let (id, index) = param(path)?;
    let index: usize = index.parse().map_err(|_| {
        ApiError::BadRequest(format!("record `{}`: not a number", one_line(&index)))
    })?;
    let q = query(&raw);
    let view = q.get("view").map(|v| v.to_string());
    let window = window(&q)?;
    let app2 = app.clone();
    replaying(&app, move || {
        app2.file(&id)?
            .replay(index, view.as_deref(), window, Guard::Open)
    })
    .await
}

/// Run `f` (reading a record file, building a replay) on the blocking pool
/// once one of the [`MAX_REPLAYING`] places is free: more wait their turn,
/// so replays at once hold a bounded memory.
async fn replaying(app: &App, f: impl FnOnce() -> Result<Value, ApiError> + Send + 'static) -> Api {
    let permit = app
        .replaying
        .clone()
        .acquire_owned()
        .await
        .map_err(|_| ApiError::Busy("the server is stopping".into()))?;
    blocking(move || {
        let _permit = permit;
        f()
    })
    .await
}

/// Run `f` on the blocking pool (file reading, replays).
async fn blocking(f: impl FnOnce() -> Result<Value, ApiError> + Send + 'static) -> Api {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ApiError::Internal(format!("the request failed: {e}")))?
        .map(axum::Json)
}

/// A saved game's file name: `NUMBER-GAME.jsonl`, plain characters only.
fn saved_path(app: &App, name: &str) -> Result<PathBuf, ApiError> {
    let plain = !name.is_empty()
        && name.len() < 128
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.')
        && !name.starts_with('.')
        && name.ends_with(".jsonl");
    if !plain {
        return Err(ApiError::BadRequest(format!(
            "saved game `{}`: not a saved game's name",
            one_line(name)
        )));
    }
    Ok(app.save.join(name))
}

/// The saved games (newest first, at most a page), each as its first
/// record line's summary; what is not a regular file is left out and
/// nothing blocks ([`crate::saved`]).
async fn saved_list(State(app): State<Arc<App>>) -> Api {
    let app2 = app.clone();
    replaying(&app, move || {
        let app = app2;
        let folder = beachcomber::spec::one_line_path(&app.save);
        let names = crate::saved::list_saved(&app.save, crate::records::MAX_PAGE)
            .map_err(|e| ApiError::Internal(format!("cannot list `{folder}`: {e}")))?;
        let rows: Vec<Value> = names
            .iter()
            .filter_map(|n| {
                let line = crate::saved::read_saved(&app.save.join(n)).ok()?;
                let mut row =
                    crate::records::summary(0, 1, line.as_deref().unwrap_or(&[]), Guard::InPlay);
                row["name"] = n.clone().into();
                Some(row)
            })
            .collect();
        Ok(json!({ "folder": app.save.display().to_string(), "games": rows }))
    })
    .await
}

async fn saved_record(
    State(app): State<Arc<App>>,
    name: Result<Path<String>, PathRejection>,
    RawQuery(raw): RawQuery,
) -> Api {
    let name = param(name)?;
    let q = query(&raw);
    let view = q.get("view").map(|v| v.to_string());
    let window = window(&q)?;
    let app2 = app.clone();
    replaying(&app, move || {
        let path = saved_path(&app2, &name)?;
        let shown = one_line(&name);
        let line = crate::saved::read_saved(&path).map_err(|e| match e {
            crate::saved::SavedError::Missing => {
                ApiError::NotFound(format!("no saved game `{shown}`"))
            }
            e => ApiError::Forbidden(format!("saved game `{shown}`: {e}")),
        })?;
        let Some(line) = line else {
            return Err(ApiError::NotFound(format!(
                "record 0: `{shown}` holds 0 record(s)"
            )));
        };
        crate::records::replay_text(
            &path.display().to_string(),
            1,
            0,
            &line,
            view.as_deref(),
            window,
            Guard::InPlay,
        )
    })
    .await
}

/// Run `f` on a game in play, on the blocking pool once a thinking place
/// is free, then save the game's record.
async fn on_game(
    app: Arc<App>,
    id: &str,
    f: impl FnOnce(&mut dyn Live) -> Result<Value, ApiError> + Send + 'static,
) -> Api {
    let slot = app.game(id)?;
    let permit = app
        .thinking
        .clone()
        .acquire_owned()
        .await
        .map_err(|_| ApiError::Busy("the server is stopping".into()))?;
    let mut guard = slot.lock_owned().await;
    blocking(move || {
        let _permit = permit;
        let live: &mut dyn Live = &mut **guard;
        let mut out = f(live)?;
        play::save(live)?;
        if out.is_null() {
            out = live.view();
        }
        Ok(out)
    })
    .await
}

async fn new_game(State(app): State<Arc<App>>, bytes: Result<Bytes, BytesRejection>) -> Api {
    let req: NewGame = body(bytes)?;
    let game = beachcomber::spec::one_line(&req.game);
    let name: String = game
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    // Building the game and its bots, and the first save, on the blocking
    // pool: never on the threads that answer requests.
    let app2 = app.clone();
    let (id, live) = tokio::task::spawn_blocking(move || {
        let mut live = play::start(&req, PathBuf::new())?;
        let id = play::save_new(&mut *live, &app2.save, &name, || {
            app2.next_id.fetch_add(1, Ordering::SeqCst)
        })?;
        Ok::<_, ApiError>((id, live))
    })
    .await
    .map_err(|e| ApiError::Internal(format!("the request failed: {e}")))??;
    app.insert(id, live);
    on_game(app, &id.to_string(), move |live| {
        live.bots_move()?;
        let mut view = live.view();
        view["id"] = id.into();
        Ok(view)
    })
    .await
}

async fn game_view(State(app): State<Arc<App>>, id: Result<Path<String>, PathRejection>) -> Api {
    let id = param(id)?;
    let slot = app.game(&id)?;
    let guard = slot.lock().await;
    let mut view = guard.view();
    view["id"] = id.parse::<u64>().unwrap_or(0).into();
    Ok(axum::Json(view))
}

/// The body of a move.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Move {
    /// The action's text (or its number in the list, from 0).
    action: String,
}

async fn game_move(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    bytes: Result<Bytes, BytesRejection>,
) -> Api {
    let id = param(id)?;
    let m: Move = body(bytes)?;
    let n = id.parse::<u64>().unwrap_or(0);
    on_game(app, &id, move |live| {
        live.play(&m.action)?;
        live.bots_move()?;
        let mut view = live.view();
        view["id"] = n.into();
        Ok(view)
    })
    .await
}

async fn game_undo(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    bytes: Result<Bytes, BytesRejection>,
) -> Api {
    let id = param(id)?;
    let _: serde_json::Map<String, Value> = body(bytes)?;
    let n = id.parse::<u64>().unwrap_or(0);
    on_game(app, &id, move |live| {
        let undone = live.undo()?;
        let mut view = live.view();
        view["id"] = n.into();
        view["undone"] = undone.into();
        Ok(view)
    })
    .await
}

/// The body of a hint request.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct HintRequest {
    #[serde(default)]
    iterations: Option<u32>,
}

async fn game_hint(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    bytes: Result<Bytes, BytesRejection>,
) -> Api {
    let id = param(id)?;
    let req: HintRequest = body(bytes)?;
    let iterations = req.iterations.unwrap_or(play::HINT_ITERATIONS);
    if !(1..=play::MAX_WORK).contains(&u64::from(iterations)) {
        return Err(ApiError::BadRequest(format!(
            "iterations: {iterations} is not in 1..={}",
            play::MAX_WORK
        )));
    }
    on_game(app, &id, move |live| live.hint(iterations)).await
}

fn results(app: &App) -> Result<&Results, ApiError> {
    app.results
        .as_ref()
        .ok_or_else(|| ApiError::NotFound("no results folder (start with --results DIR)".into()))
}

async fn studies(State(app): State<Arc<App>>) -> Api {
    results(&app)?.studies().map(axum::Json)
}

async fn study_files(
    State(app): State<Arc<App>>,
    study: Result<Path<String>, PathRejection>,
) -> Api {
    let study = param(study)?;
    results(&app)?.files(&study).map(axum::Json)
}

async fn result_file(
    State(app): State<Arc<App>>,
    path: Result<Path<String>, PathRejection>,
) -> Response {
    match param(path).and_then(|p| results(&app).and_then(|r| r.file(&p))) {
        Ok((file, len, kind)) => (
            [
                (header::CONTENT_TYPE, kind),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
                (
                    header::CONTENT_SECURITY_POLICY,
                    "default-src 'none'; style-src 'unsafe-inline'",
                ),
            ],
            axum::body::Body::new(crate::bodies::FileBody::new(file, len)),
        )
            .into_response(),
        Err(e) => e.into_response(),
    }
}

async fn static_or_404(uri: Uri) -> Response {
    match crate::assets::find(uri.path()) {
        Some(a) => ([(header::CONTENT_TYPE, a.kind)], a.text).into_response(),
        None => ApiError::NotFound(format!("no page `{}`", one_line(uri.path()))).into_response(),
    }
}
