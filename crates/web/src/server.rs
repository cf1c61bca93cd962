//! The HTTP and WebSocket server (axum on tokio): the page's files, the index's pictures,
//! and `/ws/KIND` for a tab's session (crate notes 1-7); its connections are
//! [`crate::listen`]'s, a tab's socket [`crate::socket`]'s. `retro serve` ([`serve`]) runs
//! until SIGINT, SIGTERM or SIGHUP, then stops and removes the folder of the tabs' discs
//! ([`crate::discs`]).

use crate::host::Hosts;
use crate::limits::Limits;
use crate::shared::Shared;
use crate::{assets, pages, socket};
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// Where and how to serve.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    pub addr: SocketAddr,
    pub limits: Limits,
    /// Names this server also answers to as `Host`, besides loopback and `addr`
    /// (`retro serve --host NAME`; [`crate::host`]).
    pub hosts: Vec<String>,
}

impl ServeOptions {
    /// Serve on `addr` under `limits`, answering to loopback names and `addr` only.
    pub fn new(addr: SocketAddr, limits: Limits) -> ServeOptions {
        ServeOptions {
            addr,
            limits,
            hosts: Vec::new(),
        }
    }
}

/// Connections the listening socket holds before they are accepted (`listen.rs` note 5).
const BACKLOG: u32 = 1024;

/// A socket listening on `addr` with room for [`BACKLOG`] connections not yet accepted,
/// reusing the address as the standard library's listener does. Called within the runtime.
fn listen(addr: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(BACKLOG)
}

/// A host error of the server (a port that could not be bound, a runtime that did not start).
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// A running server: its address; dropping it stops it.
pub struct Server {
    addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
    shared: Arc<Shared>,
}

impl Server {
    /// Bind `o.addr` (port 0: any free port) and serve on a thread of its own.
    ///
    /// # Errors
    /// The address cannot be bound, or the runtime cannot start.
    pub fn start(o: &ServeOptions) -> Result<Server, Error> {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()?;
        let listener = rt.block_on(async { listen(o.addr) })?;
        let addr = listener.local_addr()?;
        let shared = Arc::new(Shared {
            limits: o.limits.clone(),
            live: AtomicUsize::new(0),
            hosts: Hosts::new(o.addr.ip(), &o.hosts),
            connections: Arc::new(tokio::sync::Semaphore::new(o.limits.connections)),
            clients: crate::listen::Clients::default(),
            discs: match crate::discs::Discs::create() {
                Ok(d) => Some(d),
                Err(e) => {
                    log::warn!("retro serve: no folder for DOS-M's discs ({e}): Boot DOS-M is off");
                    None
                }
            },
        });
        let app = router(shared.clone());
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let accepting = shared.clone();
        let thread = std::thread::Builder::new()
            .name("retro-serve".into())
            .spawn(move || {
                rt.block_on(crate::listen::accept(listener, app, accepting, stopped));
                rt.shutdown_timeout(std::time::Duration::from_secs(1));
            })?;
        Ok(Server {
            addr,
            stop: Some(stop),
            thread: Some(thread),
            shared,
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Sessions whose thread has not ended.
    pub fn live_sessions(&self) -> usize {
        self.shared.live.load(Ordering::SeqCst)
    }

    /// Connections open now, WebSockets included.
    pub fn open_connections(&self) -> usize {
        self.shared.limits.connections - self.shared.connections.available_permits()
    }

    /// The folder of the tabs' discs (`crate::discs`), if the server could make it.
    pub fn discs_dir(&self) -> Option<&std::path::Path> {
        self.shared.discs.as_deref().map(crate::discs::Discs::dir)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        // Sessions still ending hold the folder; it goes now, not with the last of them.
        if let Some(d) = &self.shared.discs {
            d.remove();
        }
    }
}

/// `retro serve`: start, say where to point a browser, serve until SIGINT (Ctrl-C), SIGTERM
/// or SIGHUP ends it, then stop, removing the folder of the tabs' discs (`crate::discs`
/// note 3); which signal ended it comes back.
///
/// # Errors
/// The address cannot be bound, or the signals cannot be caught.
pub fn serve(o: &ServeOptions, say: &mut dyn std::io::Write) -> Result<&'static str, Error> {
    // Caught before the address is said, so that a signal as soon as it is seen is caught.
    let signals = Signals::catch()?;
    let server = Server::start(o)?;
    let shown = if o.addr.ip().is_unspecified() {
        SocketAddr::new(std::net::Ipv4Addr::LOCALHOST.into(), server.addr().port())
    } else {
        server.addr()
    };
    writeln!(say, "retro: serving on http://{shown}/ (Ctrl-C ends it)")?;
    if !o.addr.ip().is_loopback() {
        writeln!(
            say,
            "retro: warning: listening on {}, so other machines on the network can use it",
            o.addr
        )?;
    }
    say.flush()?;
    let signal = signals.wait();
    drop(server);
    writeln!(say, "retro: stopped by {signal}")?;
    Ok(signal)
}

/// SIGINT, SIGTERM and SIGHUP, caught (tokio's signal handling, on a runtime of its own).
struct Signals {
    rt: tokio::runtime::Runtime,
    caught: [(tokio::signal::unix::Signal, &'static str); 3],
}

impl Signals {
    fn catch() -> Result<Signals, Error> {
        use tokio::signal::unix::{signal, SignalKind};
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        let caught = rt.block_on(async {
            Ok::<_, std::io::Error>([
                (signal(SignalKind::interrupt())?, "SIGINT"),
                (signal(SignalKind::terminate())?, "SIGTERM"),
                (signal(SignalKind::hangup())?, "SIGHUP"),
            ])
        })?;
        Ok(Signals { rt, caught })
    }

    /// Wait for one; its name.
    fn wait(self) -> &'static str {
        let Signals { rt, caught } = self;
        let [(mut int, i), (mut term, t), (mut hup, h)] = caught;
        rt.block_on(async {
            tokio::select! {
                _ = int.recv() => i,
                _ = term.recv() => t,
                _ = hup.recv() => h,
            }
        })
    }
}

fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .route("/assets/{file}", get(asset))
        .route("/pictures/{file}", get(picture))
        .route("/ws/{kind}", get(upgrade))
        .route("/{page}", get(page))
        .with_state(shared)
}

/// A file's response, with the headers every page gets.
fn file(a: &assets::Asset) -> Response {
    let mut r = a.body.into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(a.mime));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'",
        ),
    );
    r
}

async fn index() -> Response {
    match assets::find("index.html") {
        Some(a) => file(a),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

async fn asset(Path(name): Path<String>) -> Response {
    match assets::find(&name) {
        Some(a) if !name.ends_with(".html") => file(a),
        _ => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}

/// A picture of the index (`crate::pictures`).
async fn picture(Path(name): Path<String>) -> Response {
    let found = name.strip_suffix(".svg").and_then(crate::pictures::find);
    match found {
        Some(svg) => file(&assets::Asset {
            name: "",
            mime: "image/svg+xml",
            body: svg,
        }),
        None => (StatusCode::NOT_FOUND, "no such picture").into_response(),
    }
}

async fn page(Path(name): Path<String>) -> Response {
    match pages::find(&name).and_then(|p| assets::find(&format!("{}.html", p.name))) {
        Some(a) => file(a),
        None => (StatusCode::NOT_FOUND, "no such page").into_response(),
    }
}

/// Whether the upgrade comes from a page of this server (crate note 3): no `Origin` (not a
/// browser), or one whose host is the request's `Host`.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin = origin.to_str().ok().and_then(|o| {
        o.strip_prefix("http://")
            .or_else(|| o.strip_prefix("https://"))
    });
    matches!((origin, host), (Some(o), Some(h)) if o == h)
}

async fn upgrade(
    Path(kind): Path<String>,
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let Some(page) = pages::find(&kind) else {
        return (StatusCode::NOT_FOUND, "no such page").into_response();
    };
    if !same_origin(&headers) {
        return (StatusCode::FORBIDDEN, "a page of another site").into_response();
    }
    let Some(place) = socket::Place::take(&shared) else {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "the server has as many sessions as it takes; try again later",
        )
            .into_response();
    };
    // A message over a limit gets an error in words; the socket itself takes four times the
    // larger limit, beyond which it is closed (1009) before the message is read whole.
    let limits = &shared.limits;
    let bytes = 4 * limits.message_bytes.max(limits.upload_bytes);
    ws.max_message_size(bytes)
        .max_frame_size(bytes)
        .on_upgrade(move |s| socket::run(s, page, shared, place))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_upgrade_from_another_site_is_not_same_origin() {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8033"));
        assert!(same_origin(&h));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://127.0.0.1:8033"),
        );
        assert!(same_origin(&h));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://evil.example"),
        );
        assert!(!same_origin(&h));
    }
}
