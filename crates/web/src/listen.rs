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
//! 4. A client (an IPv4 address, or an IPv6 /64 network, the least a site is given) holds at
//!    most [`Limits::connections_per_client`](crate::Limits::connections_per_client) of the
//!    places, so that one client holding all it can, and opening a new connection as soon as
//!    one closes, leaves the rest to everyone else: their pages, the index among them, are
//!    answered. Its place goes with the socket, as the cap's (note 1).
//! 5. The listening socket holds up to 1,024 connections not yet accepted (`server.rs`;
//!    the standard library's listener holds 128), so that a burst of connections waits for
//!    this loop, which closes those over the caps at once, rather than some being dropped
//!    by the system and tried again by their client a second later.

use crate::shared::Shared;
use axum::http::{header, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
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
    let over_client = Over::default();
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
        let Some(client) = ClientPlace::take(&shared, peer.ip()) else {
            over_client.refused(
                peer,
                shared.limits.connections_per_client,
                "from one client",
            );
            drop(tcp);
            continue;
        };
        let Ok(place) = shared.connections.clone().try_acquire_owned() else {
            over.refused(peer, shared.limits.connections, "");
            drop(tcp);
            continue;
        };
        let _ = tcp.set_nodelay(true);
        let local = tcp.local_addr().ok().map(|a| a.ip());
        let io = TokioIo::new(Counted {
            tcp,
            _place: place,
            _client: client,
        });
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

/// A connection's socket with its place in the cap (note 1) and its client's (note 4).
struct Counted {
    tcp: TcpStream,
    _place: OwnedSemaphorePermit,
    _client: ClientPlace,
}

/// The open connections of each client (note 4).
#[derive(Debug, Default)]
pub(crate) struct Clients(std::sync::Mutex<HashMap<IpAddr, usize>>);

/// The client an address belongs to (note 4): an IPv4 address (also when mapped into IPv6),
/// or an IPv6 address's /64 network.
fn client_of(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
        },
    }
}

/// A place among a client's connections, given back when dropped (note 4).
struct ClientPlace {
    shared: Arc<Shared>,
    client: IpAddr,
}

impl ClientPlace {
    /// A place for a connection from `ip`, if its client has one free.
    fn take(shared: &Arc<Shared>, ip: IpAddr) -> Option<ClientPlace> {
        let client = client_of(ip);
        let mut open = shared.clients.0.lock().unwrap_or_else(|e| e.into_inner());
        let n = open.entry(client).or_insert(0);
        if *n >= shared.limits.connections_per_client {
            return None;
        }
        *n += 1;
        Some(ClientPlace {
            shared: shared.clone(),
            client,
        })
    }
}

impl Drop for ClientPlace {
    fn drop(&mut self) {
        let mut open = self
            .shared
            .clients
            .0
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.client);
            }
        }
    }
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
    fn refused(&self, peer: SocketAddr, cap: usize, whose: &str) {
        let n = self.count.fetch_add(1, Ordering::Relaxed) + 1;
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        if last.is_none_or(|t| t.elapsed() >= Duration::from_secs(1)) {
            *last = Some(Instant::now());
            self.count.store(0, Ordering::Relaxed);
            log::warn!(
                "retro serve: {cap} connections open{}, the most: closed {n} more (the last \
                 from {peer})",
                if whose.is_empty() {
                    String::new()
                } else {
                    format!(" {whose}")
                }
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_is_an_ipv4_address_or_an_ipv6_network() {
        let c = |s: &str| client_of(s.parse().unwrap()).to_string();
        assert_eq!(c("192.0.2.7"), "192.0.2.7");
        assert_eq!(c("::ffff:192.0.2.7"), "192.0.2.7");
        assert_eq!(c("2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::");
        assert_eq!(c("2001:db8:1:2:ffff::1"), c("2001:db8:1:2::9"));
        assert_ne!(c("2001:db8:1:3::1"), c("2001:db8:1:2::1"));
    }
}
