//! What the web crate's socket tests share: a server on a loopback port of the system's
//! choosing, the WebSocket type, and a lock that keeps tests which measure the server (memory,
//! bytes written, pages served) from running beside each other.

use std::sync::Mutex;
use web::{Limits, ServeOptions, Server};

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Hold while a test measures the server alone.
pub fn alone() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// A server with `limits` on 127.0.0.1, its port chosen by the system.
pub fn server(limits: Limits) -> Server {
    Server::start(&ServeOptions::new("127.0.0.1:0".parse().unwrap(), limits)).unwrap()
}
