//! What every request must be before a route sees it, so that no other web
//! page in the user's browser can drive the server (issue 34):
//!
//! - its `Host` is a loopback name (`localhost`, `127.0.0.1`, `[::1]`, any
//!   port) or the `--bind` address (any IP address when bound to the
//!   unspecified address): a page of another site that points its own name
//!   at 127.0.0.1 (DNS rebinding) is refused with 421;
//! - an `Origin` header, when given, is the server's own origin
//!   (`http://` and the request's `Host`): 403 otherwise;
//! - a `POST` says `Content-Type: application/json` (a form or `text/plain`,
//!   which any page may send without asking, gets 415);
//! - its URI is at most [`MAX_URI`] bytes (414);
//! - its `Content-Length`, when given, is at most
//!   [`crate::limits::MAX_BODY`] (413 at once, before any byte of the body
//!   is read: with `Expect: 100-continue`, no `100 Continue` is sent).
//!
//! Every refusal is a JSON error (`{"error": "one line"}`), like
//! [`crate::ApiError`]'s.

use std::net::IpAddr;

use axum::extract::Request;
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// The longest URI accepted, in bytes (the API's URIs are under 200).
pub const MAX_URI: usize = 8 * 1024;

/// Why a request is refused before any route sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No `Host`, or not a loopback name nor the bound address.
    Host(String),
    /// A cross-origin `Origin`.
    Origin(String),
    /// A `POST` without `Content-Type: application/json`.
    ContentType(String),
    /// The URI is longer than [`MAX_URI`].
    UriTooLong(usize),
    /// The `Content-Length` is over [`crate::limits::MAX_BODY`].
    BodyTooLarge(u64),
}

impl Refusal {
    /// The HTTP status of the refusal.
    pub fn status(&self) -> StatusCode {
        match self {
            Refusal::Host(_) => StatusCode::MISDIRECTED_REQUEST,
            Refusal::Origin(_) => StatusCode::FORBIDDEN,
            Refusal::ContentType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Refusal::UriTooLong(_) => StatusCode::URI_TOO_LONG,
            Refusal::BodyTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let line = beachcomber::spec::one_line;
        match self {
            Refusal::Host(h) => write!(
                f,
                "Host `{}`: this server answers only to localhost, 127.0.0.1, [::1] or its \
                 --bind address",
                line(h)
            ),
            Refusal::Origin(o) => write!(
                f,
                "Origin `{}`: requests from other sites' pages are refused",
                line(o)
            ),
            Refusal::ContentType(t) => write!(
                f,
                "Content-Type `{}`: a POST must send `application/json`",
                line(t)
            ),
            Refusal::UriTooLong(n) => {
                write!(f, "the URI is {n} bytes long (at most {MAX_URI})")
            }
            Refusal::BodyTooLarge(n) => write!(
                f,
                "request body too large: Content-Length {n} (at most {} bytes)",
                crate::limits::MAX_BODY
            ),
        }
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        (
            self.status(),
            axum::Json(json!({ "error": self.to_string() })),
        )
            .into_response()
    }
}

/// Check a request's URI length, `Host`, `Origin`, `Content-Length` and
/// (for a `POST`) `Content-Type`; `bind` is the address the server listens
/// on.
pub fn check(
    method: &Method,
    uri_len: usize,
    headers: &HeaderMap,
    bind: IpAddr,
) -> Result<(), Refusal> {
    if uri_len > MAX_URI {
        return Err(Refusal::UriTooLong(uri_len));
    }
    let text = |name: header::HeaderName| {
        headers
            .get(name)
            .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
    };
    let host = text(header::HOST).unwrap_or_default();
    if !host_allowed(&host, bind) {
        return Err(Refusal::Host(host));
    }
    if let Some(origin) = text(header::ORIGIN)
        && origin != format!("http://{host}")
    {
        return Err(Refusal::Origin(origin));
    }
    // hyper has checked the header is one number (400 otherwise).
    if let Some(n) = text(header::CONTENT_LENGTH).and_then(|n| n.trim().parse::<u64>().ok())
        && n > crate::limits::MAX_BODY as u64
    {
        return Err(Refusal::BodyTooLarge(n));
    }
    if method == Method::POST {
        let kind = text(header::CONTENT_TYPE).unwrap_or_default();
        let essence = kind.split(';').next().unwrap_or("").trim();
        if !essence.eq_ignore_ascii_case("application/json") {
            return Err(Refusal::ContentType(kind));
        }
    }
    Ok(())
}

/// Whether `host` (a `Host` header: a name or address, maybe a port) names
/// this server: a loopback name, or the bound address (any IP address when
/// bound to the unspecified address: an address cannot be rebound).
pub fn host_allowed(host: &str, bind: IpAddr) -> bool {
    let name = match host.strip_prefix('[') {
        // `[::1]` or `[::1]:8080`
        Some(rest) => match rest.split_once(']') {
            Some((addr, port)) if port.is_empty() || valid_port(port) => addr,
            _ => return false,
        },
        None => match host.split_once(':') {
            Some((name, port)) if valid_port(port) => name,
            Some(_) => return false,
            None => host,
        },
    };
    if name.eq_ignore_ascii_case("localhost") {
        return true;
    }
    match name.parse::<IpAddr>() {
        Ok(ip) => ip.is_loopback() || ip == bind || bind.is_unspecified(),
        Err(_) => false,
    }
}

/// `:PORT`'s digits.
fn valid_port(port: &str) -> bool {
    let digits = port.strip_prefix(':').unwrap_or(port);
    !digits.is_empty() && digits.len() <= 5 && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The middleware: refuse a request that fails [`check`].
pub async fn layer(
    axum::extract::State(bind): axum::extract::State<IpAddr>,
    request: Request,
    next: Next,
) -> Response {
    let uri_len = request.uri().to_string().len();
    match check(request.method(), uri_len, request.headers(), bind) {
        Ok(()) => next.run(request).await,
        Err(refusal) => refusal.into_response(),
    }
}

/// The answer to a method a route does not take (a JSON 405).
pub async fn method_not_allowed(method: Method) -> Response {
    (
        StatusCode::METHOD_NOT_ALLOWED,
        axum::Json(json!({
            "error": format!("method {} is not allowed here", beachcomber::spec::one_line(method.as_str()))
        })),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOOPBACK: IpAddr = IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

    #[test]
    fn hosts() {
        for ok in [
            "localhost",
            "LOCALHOST:8080",
            "127.0.0.1",
            "127.0.0.1:1",
            "[::1]",
            "[::1]:65535",
        ] {
            assert!(host_allowed(ok, LOOPBACK), "{ok}");
        }
        for bad in [
            "",
            "evil.example",
            "evil.example:8080",
            "localhost.evil.example",
            "127.0.0.1:x",
            "127.0.0.1:",
            "[::1]x",
            "192.168.1.5",
            "::1",
        ] {
            assert!(!host_allowed(bad, LOOPBACK), "{bad}");
        }
        let lan: IpAddr = "192.168.1.5".parse().unwrap();
        assert!(host_allowed("192.168.1.5:8080", lan));
        assert!(!host_allowed("192.168.1.6:8080", lan));
        let any: IpAddr = "0.0.0.0".parse().unwrap();
        assert!(host_allowed("10.0.0.1:80", any));
        assert!(!host_allowed("evil.example", any));
    }

    #[test]
    fn origins_and_content_types() {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, "127.0.0.1:8080".parse().unwrap());
        assert_eq!(check(&Method::GET, 10, &h, LOOPBACK), Ok(()));
        assert_eq!(
            check(&Method::POST, 10, &h, LOOPBACK),
            Err(Refusal::ContentType(String::new()))
        );
        h.insert(
            header::CONTENT_TYPE,
            "Application/JSON; charset=utf-8".parse().unwrap(),
        );
        assert_eq!(check(&Method::POST, 10, &h, LOOPBACK), Ok(()));
        h.insert(header::ORIGIN, "http://127.0.0.1:8080".parse().unwrap());
        assert_eq!(check(&Method::POST, 10, &h, LOOPBACK), Ok(()));
        h.insert(header::ORIGIN, "http://evil.example".parse().unwrap());
        assert_eq!(
            check(&Method::GET, 10, &h, LOOPBACK),
            Err(Refusal::Origin("http://evil.example".into()))
        );
        assert_eq!(
            check(&Method::GET, MAX_URI + 1, &h, LOOPBACK),
            Err(Refusal::UriTooLong(MAX_URI + 1))
        );
    }
}
