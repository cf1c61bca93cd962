//! The server's connections (crate note 6): each accepted while fewer than
//! [`Limits::connections`](crate::Limits::connections) are open, served by hyper's HTTP/1 with
//! a time for the headers, and a request for a name that is not this server's refused
//! ([`crate::host`]) before it reaches the pages.
//!
//! Sources: hyper 1's `server::conn::http1::Builder` (`header_read_timeout` runs from the
//! moment a request is awaited, so it bounds both a half-sent header and an idle kept-alive
//! connection), RFC 9110 §15.5.20 (421 Misdirected Request).
//!
//! Implementation notes:
//!
//! 1. A connection holds its place in the cap for as long as its socket lives, after a
//!    WebSocket upgrade too: the place goes with the socket ([`Counted`]). A connection over
//!    the cap is closed at once, unread.
//! 2. Refusals are logged (`log::warn!`, the server's standard error under `retro serve`); a
//!    flood of connections over the cap gives one line a second with their count.
//! 3. When the process runs out of file descriptors, accepting pauses 100 ms, so that the
//!    loop does not spin while connections close.

use crate::shared::Shared;
use axum::http::{header, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::OwnedSemaphorePermit;
use tower_service::Service;

/// Accept and serve connections until `stop` is sent.
pub(crate) async fn accept(
    listener: TcpListener,
    app: Router,
    shared: Arc<Shared>,
    mut stop: tokio::sync::oneshot::Receiver<()>,
) {
    let over = Over::default();
    loop {
        let (tcp, peer) = tokio::select! {
            _ = &mut stop => return,
            r = listener.accept() => match r {
                Ok(c) => c,
                Err(e) => {
                    // Note 3.
                    log::warn!("retro serve: accepting a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
        };
        let Ok(place) = shared.connections.clone().try_acquire_owned() else {
            over.refused(peer, shared.limits.connections);
            drop(tcp);
            continue;
        };
        let _ = tcp.set_nodelay(true);
        let local = tcp.local_addr().ok().map(|a| a.ip());
        let io = TokioIo::new(Counted { tcp, _place: place });
        let app = app.clone();
        let shared = shared.clone();
        let timeout = shared.limits.header_timeout;
        let service = hyper::service::service_fn(move |req: Request<Incoming>| {
            let mut app = app.clone();
            let shared = shared.clone();
            async move { Ok::<_, Infallible>(request(req, &mut app, &shared, local, peer).await) }
        });
        tokio::spawn(async move {
            let mut b = http1::Builder::new();
            b.timer(TokioTimer::new())
                .header_read_timeout(timeout)
                .keep_alive(true);
            if let Err(e) = b.serve_connection(io, service).with_upgrades().await {
                log::debug!("retro serve: the connection from {peer}: {e}");
            }
        });
    }
}

/// One request: refused unless its `Host` names this server, else the pages' router's.
async fn request(
    req: Request<Incoming>,
    app: &mut Router,
    shared: &Shared,
    local: Option<IpAddr>,
    peer: SocketAddr,
) -> Response {
    let host = req
        .headers()
        .get(header::HOST)
        .map(|h| String::from_utf8_lossy(h.as_bytes()).into_owned());
    if !shared.hosts.allows(host.as_deref(), local) {
        log::warn!(
            "retro serve: refused a request from {peer} for Host {}: not a name of this \
             server (retro serve --host NAME adds one)",
            host.as_deref()
                .map_or("(none)".into(), |h| format!("{h:?}"))
        );
        return (
            StatusCode::MISDIRECTED_REQUEST,
            "this server does not answer to that name (retro serve --host NAME adds one)",
        )
            .into_response();
    }
    match app.call(req.map(axum::body::Body::new)).await {
        Ok(r) => r,
        Err(e) => match e {},
    }
}

/// A connection's socket with its place in the cap (note 1).
struct Counted {
    tcp: TcpStream,
    _place: OwnedSemaphorePermit,
}

impl AsyncRead for Counted {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().tcp).poll_write(cx, buf)
    }
    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_flush(cx)
    }
    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_shutdown(cx)
    }
    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().tcp).poll_write_vectored(cx, bufs)
    }
    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }
}

/// Connections refused over the cap, logged once a second (note 2).
#[derive(Default)]
struct Over {
    count: AtomicU64,
    last: std::sync::Mutex<Option<Instant>>,
}

impl Over {
    fn refused(&self, peer: SocketAddr, cap: usize) {
        let n = self.count.fetch_add(1, Ordering::Relaxed) + 1;
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        if last.is_none_or(|t| t.elapsed() >= Duration::from_secs(1)) {
            *last = Some(Instant::now());
            self.count.store(0, Ordering::Relaxed);
            log::warn!(
                "retro serve: {cap} connections open, the most: closed {n} more (the last \
                 from {peer})"
            );
        }
    }
}
