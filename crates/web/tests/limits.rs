//! The server's limits and its care of sessions, from a WebSocket client on loopback: a closed
//! tab ends its session, a full server refuses a further tab, and a message too large, too
//! frequent or not JSON gets an error while the session goes on.

#[allow(dead_code)] // each test binary uses part of the shared module
mod common;

use common::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;
use web::{Limits, Server};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

async fn open(s: &Server, kind: &str) -> Result<Socket, String> {
    connect_async(format!("ws://{}/ws/{kind}", s.addr()))
        .await
        .map(|(ws, _)| ws)
        .map_err(|e| e.to_string())
}

/// The next event, within 10 s.
async fn next(ws: &mut Socket) -> Value {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("an answer within 10 s")
            .expect("the socket open")
            .unwrap();
        if let Message::Text(t) = m {
            return serde_json::from_str(&t).unwrap();
        }
    }
}

async fn say(ws: &mut Socket, text: String) {
    ws.send(Message::Text(text.into())).await.unwrap();
}

fn wait_until(what: impl Fn() -> bool) -> bool {
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(5) {
        if what() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    false
}

#[test]
fn a_closed_tab_ends_its_session_and_a_full_server_refuses_another() {
    let s = server(Limits {
        sessions: 1,
        ..Limits::default()
    });
    runtime().block_on(async {
        let mut ws = open(&s, "quoridor").await.unwrap();
        say(&mut ws, json!({"op": "show"}).to_string()).await;
        assert_eq!(next(&mut ws).await["ev"], "board");
        assert_eq!(s.live_sessions(), 1);
        let e = open(&s, "gomoku").await.unwrap_err();
        assert!(e.contains("503"), "{e}");
        ws.close(None).await.unwrap();
    });
    assert!(
        wait_until(|| s.live_sessions() == 0),
        "the session outlived its tab"
    );
    runtime().block_on(async {
        assert!(open(&s, "gomoku").await.is_ok(), "a place is free again");
    });
}

#[test]
fn bad_messages_get_errors_and_the_session_goes_on() {
    let s = server(Limits {
        message_bytes: 100,
        upload_bytes: 10,
        ..Limits::default()
    });
    runtime().block_on(async {
        let mut ws = open(&s, "gomoku").await.unwrap();
        for (text, says) in [
            ("not json".to_string(), "not a JSON message"),
            (
                format!("{{\"op\": \"show\", \"pad\": \"{}\"}}", "x".repeat(200)),
                "at most 100 bytes",
            ),
            (json!({"op": "dance"}).to_string(), "unknown op"),
        ] {
            say(&mut ws, text).await;
            let e = next(&mut ws).await;
            assert_eq!(e["ev"], "error", "{e}");
            assert!(e["msg"].as_str().unwrap().contains(says), "{e}");
        }
        ws.send(Message::Binary(vec![0u8; 50].into()))
            .await
            .unwrap();
        let e = next(&mut ws).await;
        assert!(
            e["msg"].as_str().unwrap().contains("upload is at most 10"),
            "{e}"
        );
        say(&mut ws, json!({"op": "play", "point": "h8"}).to_string()).await;
        let b = next(&mut ws).await;
        assert_eq!(b["ev"], "board", "{b}");
        assert!(b["record"].as_str().unwrap().starts_with("h8"));
    });
}

#[test]
fn a_page_over_its_message_rate_is_told_to_slow_down() {
    // No refill at all, so that the count does not hang on how fast a loaded machine
    // delivers the six messages: the burst of 3 passes and the other 3 are refused,
    // whatever the time between them. The refill itself is the unit test of `Rate`
    // (`limits.rs`), on logical time.
    let s = server(Limits {
        burst: 3,
        messages_per_second: 0,
        ..Limits::default()
    });
    runtime().block_on(async {
        let mut ws = open(&s, "quoridor").await.unwrap();
        for _ in 0..6 {
            say(&mut ws, json!({"op": "show"}).to_string()).await;
        }
        let mut slowed = 0;
        let mut boards = 0;
        for _ in 0..6 {
            let e = next(&mut ws).await;
            match e["ev"].as_str() {
                Some("board") => boards += 1,
                Some("error") if e["msg"].as_str().unwrap().contains("slow down") => slowed += 1,
                _ => panic!("{e}"),
            }
        }
        assert_eq!((boards, slowed), (3, 3), "boards, told to slow down");
    });
}

#[test]
fn an_idle_tab_is_ended_with_word_to_its_page() {
    let s = server(Limits {
        idle: Duration::from_millis(200),
        ..Limits::default()
    });
    runtime().block_on(async {
        let mut ws = open(&s, "gomoku").await.unwrap();
        let e = next(&mut ws).await;
        assert_eq!(e, json!({"ev": "ended", "why": "idle"}));
    });
    assert!(wait_until(|| s.live_sessions() == 0));
}
