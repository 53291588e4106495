//! The page: plain ES modules, CSS and HTML embedded in the binary with
//! `include_str!` (no separate install, no build step, nothing fetched from
//! the internet). Edit the files under `web/assets/` and rebuild.

/// An embedded file: its URL path, content type and text.
#[derive(Clone, Copy, Debug)]
pub struct Asset {
    /// The URL path (`/app.js`).
    pub path: &'static str,
    /// The content type.
    pub kind: &'static str,
    /// The content.
    pub text: &'static str,
}

macro_rules! assets {
    ($( $path:literal => $file:literal, $kind:literal; )+) => {
        /// Every embedded file.
        pub const ASSETS: &[Asset] = &[
            $( Asset { path: $path, kind: $kind, text: include_str!(concat!("../assets/", $file)) }, )+
        ];
    };
}

assets! {
    "/" => "index.html", "text/html; charset=utf-8";
    "/style.css" => "style.css", "text/css; charset=utf-8";
    "/app.js" => "app.js", "text/javascript; charset=utf-8";
    "/api.js" => "api.js", "text/javascript; charset=utf-8";
    "/replay.js" => "replay.js", "text/javascript; charset=utf-8";
    "/play.js" => "play.js", "text/javascript; charset=utf-8";
    "/results.js" => "results.js", "text/javascript; charset=utf-8";
    "/board.js" => "board.js", "text/javascript; charset=utf-8";
    "/svg.js" => "svg.js", "text/javascript; charset=utf-8";
    "/words.js" => "words.js", "text/javascript; charset=utf-8";
    "/seashells.js" => "seashells.js", "text/javascript; charset=utf-8";
    "/seaside.js" => "seaside.js", "text/javascript; charset=utf-8";
    "/shell_dash.js" => "shell_dash.js", "text/javascript; charset=utf-8";
}

/// The embedded file served at `path`, if any.
pub fn find(path: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.path == path)
}
