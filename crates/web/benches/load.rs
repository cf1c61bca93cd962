//! The server under load: many tabs' worth of WebSocket clients at once against one server on
//! loopback, each playing its page as a person would, for a fixed time; then each tab's
//! messages, errors and reply times, each machine's emulated speed, and the process's memory.
//!
//! Then the hostile row: 32 tabs churned for a minute, each opening a Quoridor tab, asking
//! `ucb:playouts=50000` to move first with more games queued behind, and closing it within
//! a moment, again and again; with the peak threads, the peak memory and the index page's
//! latency meanwhile.
//!
//! `cargo bench -p web --bench load` (20 tabs for 60 s, then 32 churned for 60 s);
//! `LOAD_SECONDS`, `LOAD_MIX` (`hp2100:8,t3300:4,gomoku:4,quoridor:4`), `LOAD_HOSTILE_SECONDS`
//! (0 leaves the hostile row out) and `LOAD_HOSTILE_TABS` change it. The figures are in
//! `docs/web.md`.
//!
//! Implementation notes:
//!
//! 1. A client waits for each answer before its next message, and a quarter of a second
//!    more on a board, as a person at a page does, so the load is the machines' and engines'
//!    work, not a flood the rate limit would cut. Board clicks fall anywhere, so many are
//!    refused (a taken point, an illegal move): those are the "refused" column.
//! 2. The machines run at the page's fast speed, bounded by `Limits::max_speed`: NHEX is
//!    answered at each question with random cells; the classifier runs to its halt again and
//!    again. Their "reply" is NHEX's answer and a whole classification.
//! 3. Memory is the whole process's (server and clients): resident now and at its peak, from
//!    `/proc/self/status`; the hostile row's peak is sampled (every 5 ms, with the threads),
//!    as `VmHWM` holds the first part's peak too.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use splitmix::SplitMix64;
use std::time::{Duration, Instant};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// What one tab did.
#[derive(Debug, Default)]
struct Tab {
    kind: String,
    messages: u64,
    errors: u64,
    replies: Vec<Duration>,
    /// Emulated seconds run, for a machine's tab.
    emulated: f64,
    ended: Option<String>,
}

async fn send(ws: &mut Socket, v: Value, tab: &mut Tab) -> bool {
    tab.messages += 1;
    ws.send(Message::Text(v.to_string().into())).await.is_ok()
}

/// The next event, or `None` when the socket ended.
async fn next(ws: &mut Socket, tab: &mut Tab) -> Option<Value> {
    loop {
        match ws.next().await? {
            Ok(Message::Text(t)) => {
                let v: Value = serde_json::from_str(&t).ok()?;
                match v["ev"].as_str() {
                    Some("error") => tab.errors += 1,
                    Some("ended") => {
                        tab.ended = v["why"].as_str().map(String::from);
                        return None;
                    }
                    _ => {}
                }
                return Some(v);
            }
            Ok(_) => continue,
            Err(_) => return None,
        }
    }
}

/// Send `v` and wait for its answer, timing it.
async fn ask(ws: &mut Socket, v: Value, tab: &mut Tab) -> Option<Value> {
    let t = Instant::now();
    if !send(ws, v, tab).await {
        return None;
    }
    let r = next(ws, tab).await;
    tab.replies.push(t.elapsed());
    r
}

/// A person's time between clicks on a board page.
const THINK: Duration = Duration::from_millis(250);

/// A person at a board page: random clicks on the board, a new game when one ends.
async fn board_page(
    ws: &mut Socket,
    tab: &mut Tab,
    new: Value,
    side: f64,
    until: Instant,
    mix: &mut SplitMix64,
) {
    let _ = ask(ws, new.clone(), tab).await;
    while Instant::now() < until {
        tokio::time::sleep(THINK).await;
        let (x, y) = (
            mix.below(side as usize) as f64,
            mix.below(side as usize) as f64,
        );
        let Some(b) = ask(ws, json!({"op": "click", "x": x, "y": y}), tab).await else {
            return;
        };
        if b["over"] == true && ask(ws, new.clone(), tab).await.is_none() {
            return;
        }
    }
}

/// The next event within `until`, or `None` when the time is up or the socket ended.
async fn next_until(ws: &mut Socket, tab: &mut Tab, until: Instant) -> Option<Value> {
    let left = until.saturating_duration_since(Instant::now());
    tokio::time::timeout(left, next(ws, tab))
        .await
        .ok()
        .flatten()
}

/// A person at the HP 2100A: NHEX booted with one button at the fast speed, then answered
/// at each question (two digits, who moves first, then random cells); a reply's time is from
/// the keys to NHEX's next question.
async fn hp2100_page(ws: &mut Socket, tab: &mut Tab, until: Instant, mix: &mut SplitMix64) {
    for op in [json!({"op": "speed", "fast": true}), json!({"op": "boot"})] {
        if !send(ws, op, tab).await {
            return;
        }
    }
    let mut asked = 0;
    let mut waiting = false;
    let mut since: Option<Instant> = None;
    while let Some(ev) = next_until(ws, tab, until).await {
        if ev["ev"] != "panel" {
            continue;
        }
        tab.emulated = ev["seconds"].as_f64().unwrap_or(tab.emulated);
        let now_waiting = ev["waiting"] == true;
        if now_waiting && !waiting {
            if let Some(t) = since.take() {
                tab.replies.push(t.elapsed());
            }
            let keys = match asked {
                0 => "12\r".to_string(),
                1 => "00\r".to_string(),
                _ => format!("{:02}{:02}\r", 1 + mix.below(8), 1 + mix.below(8)),
            };
            asked += 1;
            since = Some(Instant::now());
            if !send(ws, json!({"op": "key", "text": keys}), tab).await {
                return;
            }
        }
        waiting = now_waiting;
    }
}

/// A person at the T3300-R: the classifier run to its halt at the fast speed, again and
/// again; a reply's time is a whole run's.
async fn t3300_page(ws: &mut Socket, tab: &mut Tab, until: Instant) {
    let mut done = 0.0;
    let mut seconds = 0.0;
    let mut started = Instant::now();
    for op in [
        json!({"op": "speed", "speed": "fast"}),
        json!({"op": "run"}),
    ] {
        if !send(ws, op, tab).await {
            return;
        }
    }
    while let Some(ev) = next_until(ws, tab, until).await {
        match ev["ev"].as_str() {
            Some("state") => seconds = ev["seconds"].as_f64().unwrap_or(seconds),
            Some("done") => {
                tab.replies.push(started.elapsed());
                done += seconds;
                seconds = 0.0;
                started = Instant::now();
                for op in [json!({"op": "reset"}), json!({"op": "run"})] {
                    if !send(ws, op, tab).await {
                        return;
                    }
                }
            }
            _ => {}
        }
        tab.emulated = done + seconds;
    }
}

async fn tab(addr: std::net::SocketAddr, kind: String, seconds: u64, seed: u64) -> Tab {
    let mut t = Tab {
        kind: kind.clone(),
        ..Tab::default()
    };
    let Ok((mut ws, _)) = connect_async(format!("ws://{addr}/ws/{kind}")).await else {
        t.ended = Some("could not connect".into());
        return t;
    };
    let until = Instant::now() + Duration::from_secs(seconds);
    let mut mix = SplitMix64::new(seed);
    match kind.as_str() {
        "gomoku" => {
            let new = json!({"op": "new", "engine": "search"});
            board_page(&mut ws, &mut t, new, 520.0, until, &mut mix).await;
        }
        "quoridor" => {
            let new = json!({"op": "new", "player": "ucb:playouts=5000"});
            board_page(&mut ws, &mut t, new, 470.0, until, &mut mix).await;
        }
        "hp2100" => hp2100_page(&mut ws, &mut t, until, &mut mix).await,
        "t3300" => t3300_page(&mut ws, &mut t, until).await,
        other => t.ended = Some(format!("no load script for {other}")),
    }
    let _ = ws.close(None).await;
    t
}

fn memory_kib(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// One churning tab's loop: open, think, close, until `until`; (opened, refused).
async fn churn(addr: std::net::SocketAddr, until: Instant, seed: u64) -> (u64, u64) {
    let mut mix = SplitMix64::new(seed);
    let (mut opened, mut refused) = (0, 0);
    while Instant::now() < until {
        match connect_async(format!("ws://{addr}/ws/quoridor")).await {
            Ok((mut ws, _)) => {
                opened += 1;
                for _ in 0..8 {
                    let new =
                        json!({"op": "new", "side": "second", "player": "ucb:playouts=50000"});
                    if ws
                        .send(Message::Text(new.to_string().into()))
                        .await
                        .is_err()
                    {
                        break;
                    }
                }
                tokio::time::sleep(Duration::from_millis(mix.below(300) as u64)).await;
                // Closed without a word, as a tab is.
                drop(ws);
            }
            Err(_) => {
                refused += 1;
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
    }
    (opened, refused)
}

/// The index page's latency on a connection of its own.
fn index_latency(addr: std::net::SocketAddr) -> Option<Duration> {
    use std::io::{Read, Write};
    let t = Instant::now();
    let mut c = std::net::TcpStream::connect(addr).ok()?;
    write!(
        c,
        "GET / HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut answer = Vec::new();
    c.read_to_end(&mut answer).ok()?;
    answer.starts_with(b"HTTP/1.1 200").then(|| t.elapsed())
}

fn status_field(field: &str) -> u64 {
    memory_kib(field)
}

/// The hostile row: `tabs` churned for `seconds` against a fresh server.
fn hostile(tabs: usize, seconds: u64) {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::sync::Arc;
    let server = web::Server::start(&web::ServeOptions::new(
        "127.0.0.1:0".parse().unwrap(),
        web::Limits::default(),
    ))
    .expect("the server starts");
    let addr = server.addr();
    let base_threads = status_field("Threads:");
    let base_rss = memory_kib("VmRSS:");
    let done = Arc::new(AtomicBool::new(false));
    let peak_threads = Arc::new(AtomicU64::new(0));
    let peak_rss = Arc::new(AtomicU64::new(0));
    let sampler = {
        let (done, pt, pr) = (done.clone(), peak_threads.clone(), peak_rss.clone());
        std::thread::spawn(move || {
            let mut index = Vec::new();
            let mut last = Instant::now();
            while !done.load(Ordering::Relaxed) {
                pt.fetch_max(status_field("Threads:"), Ordering::Relaxed);
                pr.fetch_max(memory_kib("VmRSS:"), Ordering::Relaxed);
                if last.elapsed() >= Duration::from_millis(500) {
                    last = Instant::now();
                    index.push(index_latency(addr));
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            index
        })
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(seconds);
    let (opened, refused) = rt.block_on(async {
        let hs: Vec<_> = (0..tabs)
            .map(|i| tokio::spawn(churn(addr, until, 1000 + i as u64)))
            .collect();
        let (mut o, mut r) = (0, 0);
        for h in hs {
            let (a, b) = h.await.unwrap();
            o += a;
            r += b;
        }
        (o, r)
    });
    let gone = Instant::now();
    while server.live_sessions() > 0 && gone.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(5));
    }
    let ended = gone.elapsed();
    done.store(true, Ordering::Relaxed);
    let index = sampler.join().unwrap();
    let mut ok: Vec<Duration> = index.iter().flatten().copied().collect();
    ok.sort();
    let failed = index.len() - ok.len();
    // Less the sampler's own thread and the client runtime's (2 workers).
    let peak = peak_threads.load(Ordering::Relaxed).saturating_sub(3);
    println!();
    println!(
        "hostile: {tabs} tabs churned for {seconds} s (quoridor, ucb:playouts=50000 moving first, \
         8 games queued, closed within 0-300 ms): {opened} tabs opened, {refused} refused (503)"
    );
    println!(
        "| threads before | threads at the peak | resident before | resident at the peak | \
         index median | index max | index failed | sessions ended after the last tab |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    println!(
        "| {base_threads} | {peak} | {:.1} MiB | {:.1} MiB | {:.1} ms | {:.1} ms | {failed} of {} | {:.0} ms ({} live) |",
        base_rss as f64 / 1024.0,
        peak_rss.load(Ordering::Relaxed) as f64 / 1024.0,
        ok.get(ok.len() / 2).map_or(0.0, |d| d.as_secs_f64() * 1e3),
        ok.last().map_or(0.0, |d| d.as_secs_f64() * 1e3),
        index.len(),
        ended.as_secs_f64() * 1e3,
        server.live_sessions()
    );
}

fn main() {
    let seconds: u64 = std::env::var("LOAD_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let mix =
        std::env::var("LOAD_MIX").unwrap_or_else(|_| "hp2100:8,t3300:4,gomoku:4,quoridor:4".into());
    let mut kinds = Vec::new();
    for part in mix.split(',') {
        let (k, n) = part.split_once(':').expect("LOAD_MIX is KIND:N,...");
        kinds.extend(std::iter::repeat_n(
            k.to_string(),
            n.parse().expect("a count"),
        ));
    }
    let server = web::Server::start(&web::ServeOptions::new(
        "127.0.0.1:0".parse().unwrap(),
        web::Limits::default(),
    ))
    .expect("the server starts");
    let addr = server.addr();
    let before = memory_kib("VmRSS:");
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let started = Instant::now();
    let tabs: Vec<Tab> = rt.block_on(async {
        let handles: Vec<_> = kinds
            .iter()
            .enumerate()
            .map(|(i, k)| tokio::spawn(tab(addr, k.clone(), seconds, i as u64 + 1)))
            .collect();
        let mut out = Vec::new();
        for h in handles {
            out.push(h.await.unwrap());
        }
        out
    });
    let wall = started.elapsed().as_secs_f64();
    let during = memory_kib("VmRSS:");
    // Closed tabs end their machines.
    let gone = Instant::now();
    while server.live_sessions() > 0 && gone.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    println!(
        "{} tabs for {wall:.1} s on loopback; {} sessions live 10 s after they closed",
        tabs.len(),
        server.live_sessions()
    );
    println!(
        "memory (whole process): {} KiB resident before, {} KiB at the end, {} KiB at the peak",
        before,
        during,
        memory_kib("VmHWM:")
    );
    println!();
    println!(
        "| tab | page | messages | refused | reply median | reply max | emulated s / s | ended |"
    );
    println!("|---:|---|---:|---:|---:|---:|---:|---|");
    for (i, t) in tabs.iter().enumerate() {
        let mut r = t.replies.clone();
        r.sort();
        let med = r.get(r.len() / 2).copied().unwrap_or_default();
        let max = r.last().copied().unwrap_or_default();
        let speed = if t.emulated > 0.0 {
            format!("{:.2}", t.emulated / wall)
        } else {
            "-".into()
        };
        println!(
            "| {} | {} | {} | {} | {:.0} ms | {:.0} ms | {} | {} |",
            i + 1,
            t.kind,
            t.messages,
            t.errors,
            med.as_secs_f64() * 1e3,
            max.as_secs_f64() * 1e3,
            speed,
            t.ended.as_deref().unwrap_or("closed by the client")
        );
    }
    drop(server);
    let hostile_seconds: u64 = std::env::var("LOAD_HOSTILE_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let hostile_tabs: usize = std::env::var("LOAD_HOSTILE_TABS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(32);
    if hostile_seconds > 0 {
        hostile(hostile_tabs, hostile_seconds);
    }
}
