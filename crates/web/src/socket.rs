//! One tab's WebSocket: its messages carried between the socket and its session's thread
//! (crate notes 1 and 4), its place among the live sessions, and its end.
//!
//! Sources: RFC 6455 §7.4.1 (close codes: 1002 a protocol error, 1007 data not consistent
//! with the message's type, such as a text message that is not UTF-8, 1009 a message too big
//! to process).
//!
//! Implementation notes:
//!
//! 1. A session's place among [`Limits::sessions`](crate::Limits::sessions) is held by its
//!    thread ([`Place`]): it is given back when the thread ends, not when the tab closes, so
//!    that tabs closed while their engine thinks cannot start more threads than the cap.
//! 2. When the tab goes, the session's stop signal is set ([`Stop`]): its players and
//!    engines end a search in progress (`quoridor::Stop`, `gomoku_engines::Stop`), and the
//!    messages still queued for it are dropped unread (`tab::drive`).
//! 3. A socket that breaks the protocol is closed with the close code RFC 6455 gives for
//!    it, so that the page can say why.

use crate::limits::Rate;
use crate::pages::Page;
use crate::shared::Shared;
use crate::tab::{drive, Inbound, Stop};
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A place among the live sessions, given back when dropped (note 1).
pub(crate) struct Place(Arc<Shared>);

impl Place {
    /// A place, if the server has one free.
    pub(crate) fn take(shared: &Arc<Shared>) -> Option<Place> {
        let cap = shared.limits.sessions;
        shared
            .live
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < cap).then_some(n + 1)
            })
            .ok()
            .map(|_| Place(shared.clone()))
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        self.0.live.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Carry one tab's messages between its socket and its session's thread until either ends.
pub(crate) async fn run(
    mut socket: WebSocket,
    page: &'static Page,
    shared: Arc<Shared>,
    place: Place,
) {
    let limits = shared.limits.clone();
    let stop: Stop = Arc::new(AtomicBool::new(false));
    let (in_tx, in_rx) = std::sync::mpsc::sync_channel::<Inbound>(64);
    let (out_tx, mut out_rx) = tokio::sync::mpsc::channel::<Value>(256);
    let worker_out = out_tx.clone();
    let env = crate::tab::Env {
        limits: limits.clone(),
        stop: stop.clone(),
        discs: shared.discs.clone(),
    };
    let open = page.open;
    let worker = std::thread::Builder::new()
        .name(format!("retro-{}", page.name))
        .spawn(move || {
            // Note 1: the place goes when this thread ends.
            let _place = place;
            let session = open(&env);
            drive(
                session,
                &in_rx,
                |v| worker_out.blocking_send(v).is_ok(),
                &env.limits,
                &env.stop,
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
                let m = match m {
                    None => break,
                    Some(Ok(m)) => m,
                    Some(Err(e)) => {
                        close_for(&mut socket, e).await;
                        break;
                    }
                };
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
    // Note 2: the session stops its work, and its thread ends with its inbound channel.
    stop.store(true, Ordering::Relaxed);
    drop(in_tx);
}

/// Close `socket` with the code for the protocol error `e`, if it has one (note 3).
async fn close_for(socket: &mut WebSocket, e: axum::Error) {
    use tungstenite::Error as E;
    let inner = e.into_inner();
    let (code, reason) = match inner.downcast_ref::<E>() {
        Some(E::Capacity(_)) => (1009, "a message too big"),
        Some(E::Utf8(_)) => (1007, "a text message that is not UTF-8"),
        Some(E::Protocol(_)) => (1002, "a frame against the WebSocket protocol"),
        _ => return,
    };
    log::debug!("retro serve: a socket closed with {code}: {inner}");
    let _ = socket
        .send(Message::Close(Some(CloseFrame {
            code,
            reason: reason.into(),
        })))
        .await;
}
