//! The HTTP and WebSocket server (axum on tokio): the page's files, and `/ws/KIND` for a
//! tab's session (crate notes 1-4).

use crate::limits::{Limits, Rate};
use crate::session::{drive, Inbound};
use crate::{assets, pages};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// Where and how to serve.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    pub addr: SocketAddr,
    pub limits: Limits,
}

/// A host error of the server (a port that could not be bound, a runtime that did not start).
pub type Error = Box<dyn std::error::Error + Send + Sync>;

struct Shared {
    limits: Limits,
    live: AtomicUsize,
}

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
        let listener = rt.block_on(tokio::net::TcpListener::bind(o.addr))?;
        let addr = listener.local_addr()?;
        let shared = Arc::new(Shared {
            limits: o.limits.clone(),
            live: AtomicUsize::new(0),
        });
        let app = router(shared.clone());
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("retro-serve".into())
            .spawn(move || {
                rt.block_on(async move {
                    let r = axum::serve(listener, app)
                        .with_graceful_shutdown(async {
                            let _ = stopped.await;
                        })
                        .await;
                    if let Err(e) = r {
                        log::error!("the server stopped: {e}");
                    }
                });
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

    /// Sessions open now.
    pub fn live_sessions(&self) -> usize {
        self.shared.live.load(Ordering::SeqCst)
    }

    /// Serve until the process is ended.
    pub fn wait(mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
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
    }
}

/// `retro serve`: start, say where to point a browser, serve until ended.
///
/// # Errors
/// The address cannot be bound.
pub fn serve(o: &ServeOptions, say: &mut dyn std::io::Write) -> Result<(), Error> {
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
    server.wait();
    Ok(())
}

fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .route("/assets/{file}", get(asset))
        .route("/ws/{kind}", get(socket))
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

async fn socket(
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
    let limits = &shared.limits;
    let taken = shared
        .live
        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
            (n < limits.sessions).then_some(n + 1)
        });
    if taken.is_err() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "the server has as many sessions as it takes; try again later",
        )
            .into_response();
    }
    // A message over a limit gets an error in words; the socket itself takes four times the
    // larger limit, beyond which it is closed before the message is read whole.
    let bytes = 4 * limits.message_bytes.max(limits.upload_bytes);
    ws.max_message_size(bytes)
        .max_frame_size(bytes)
        .on_upgrade(move |s| async move {
            run_socket(s, page, shared.clone()).await;
            shared.live.fetch_sub(1, Ordering::SeqCst);
        })
}

/// Carry one tab's messages between its socket and its session's thread.
async fn run_socket(mut socket: WebSocket, page: &'static pages::Page, shared: Arc<Shared>) {
    let limits = shared.limits.clone();
    let (in_tx, in_rx) = std::sync::mpsc::sync_channel::<Inbound>(64);
    let (out_tx, mut out_rx) = tokio::sync::mpsc::channel::<Value>(256);
    let worker_out = out_tx.clone();
    let worker_limits = limits.clone();
    let open = page.open;
    let worker = std::thread::Builder::new()
        .name(format!("retro-{}", page.name))
        .spawn(move || {
            let session = open(&worker_limits);
            drive(
                session,
                &in_rx,
                |v| worker_out.blocking_send(v).is_ok(),
                &worker_limits,
            );
        });
    if worker.is_err() {
        let _ = socket
            .send(Message::Text(
                json!({"ev": "ended", "why": "the server could not start a machine"})
                    .to_string()
                    .into(),
            ))
            .await;
        return;
    }
    drop(worker);
    let mut rate = Rate::new(&limits);
    loop {
        tokio::select! {
            ev = out_rx.recv() => {
                let Some(ev) = ev else { break };
                let ended = ev["ev"] == "ended";
                if socket.send(Message::Text(ev.to_string().into())).await.is_err() || ended {
                    break;
                }
            }
            m = socket.recv() => {
                let Some(Ok(m)) = m else { break };
                let inbound = match m {
                    Message::Text(t) if t.len() > limits.message_bytes => {
                        Err(format!("a message is at most {} bytes", limits.message_bytes))
                    }
                    Message::Text(t) => serde_json::from_str::<Value>(&t)
                        .map(Inbound::Message)
                        .map_err(|e| format!("not a JSON message: {e}")),
                    Message::Binary(b) if b.len() > limits.upload_bytes => {
                        Err(format!("an upload is at most {} bytes", limits.upload_bytes))
                    }
                    Message::Binary(b) => Ok(Inbound::Upload(b.to_vec())),
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) => continue,
                };
                let r = if rate.allow(std::time::Instant::now()) {
                    inbound.and_then(|i| in_tx.try_send(i).map_err(|_| {
                        "the machine is busy; a message was dropped".to_string()
                    }))
                } else {
                    Err("too many messages; slow down".to_string())
                };
                if let Err(msg) = r {
                    let _ = out_tx.try_send(json!({"ev": "error", "msg": msg}));
                }
            }
        }
    }
    // Dropping the inbound channel ends the session's thread (session note 1).
    drop(in_tx);
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
