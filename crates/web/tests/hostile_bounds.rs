//! The second round of attacks from loopback (`docs/web.md`, "Under attack"): keys flooded at
//! a halted machine, Boot DOS-M pressed again and again, the server ended by a signal with
//! discs in its folder, and one client holding every connection it can. Each test reproduces
//! the attack, asserts its bound (memory, bytes written, files left, pages served to a second
//! client) with room for a loaded machine, and prints its figures
//! (`cargo test --release -p web --test hostile_bounds -- --nocapture`).
//!
//! Each flood is as long as still shows its bound many times over (each test's note gives the
//! figures): the keys flood 82 MiB of keys in about 1.5 s, each Boot DOS-M flood 0.5 s, the
//! connections held 2 s; with the lock the binary takes about 2.5 s instead of 14.6.
//!
//! The tests that measure this process take a lock, so that one test's memory and writes are
//! not another's: the keys flood (resident memory) and the Boot DOS-M flood (bytes written).
//! The other two measure what their own server does (the connections it holds, the pages it
//! answers to a second client, the files a child server leaves) and run beside them, as most
//! of their time is spent waiting. The server ended by signals is this test binary run again
//! as a child (`child_serves_until_a_signal`, ignored unless its variable is set), in a
//! temporary folder of its own.
//!
//! HP's software is checked when the tests run (crate `needs`): the Boot DOS-M flood needs it
//! and reports itself ignored without it (`RETRO_REQUIRE_HP_TAPES=1` makes that a failure);
//! the signal test gives its tab a disc when it is there.

#[allow(dead_code)] // each test binary uses part of the shared module
mod common;

use common::*;
use futures_util::{FutureExt, SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{BufRead, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;
use web::{Limits, ServeOptions, Server};

needs::tests! {
    threads = 4;
    keys_flooded_at_a_halted_machine_are_bounded,
    #[needs("hp-software")] boot_dos_again_and_again_writes_one_disc_a_tab,
    #[ignore = "the server the signal test runs as its child"] child_serves_until_a_signal,
    a_signal_ends_the_server_and_its_discs_folder_goes,
    one_client_holding_every_connection_leaves_the_index_to_others,
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// A field of a `/proc/self` file (`status`: memory in KiB; `io`: bytes).
fn proc_field(file: &str, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/self/{file}"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// Resident memory now, in KiB.
fn rss() -> u64 {
    proc_field("status", "VmRSS:")
}

/// Bytes this process has written (files and sockets alike), `/proc/self/io`'s `wchar`.
fn written() -> u64 {
    proc_field("io", "wchar:")
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The most resident memory seen while it runs, sampled every 5 ms, in KiB.
struct PeakRss {
    peak: Arc<AtomicU64>,
    done: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl PeakRss {
    fn start() -> PeakRss {
        let peak = Arc::new(AtomicU64::new(0));
        let done = Arc::new(AtomicBool::new(false));
        let (p, d) = (peak.clone(), done.clone());
        let thread = std::thread::spawn(move || {
            while !d.load(Ordering::Relaxed) {
                p.fetch_max(rss(), Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(5));
            }
        });
        PeakRss {
            peak,
            done,
            thread: Some(thread),
        }
    }

    fn stop(mut self) -> u64 {
        self.done.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            t.join().unwrap();
        }
        self.peak.load(Ordering::Relaxed)
    }
}

/// Whether `what` comes true within `secs` seconds.
fn within(secs: u64, what: impl Fn() -> bool) -> bool {
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(secs) {
        if what() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    what()
}

/// The index page's status code and time, on a connection `c` already made.
fn index_on(mut c: TcpStream, addr: SocketAddr) -> (u16, Duration) {
    let t = Instant::now();
    let _ = c.set_read_timeout(Some(Duration::from_secs(10)));
    if write!(
        c,
        "GET / HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .is_err()
    {
        return (0, t.elapsed());
    }
    let mut answer = Vec::new();
    let _ = c.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer);
    let code = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (code, t.elapsed())
}

/// The index page, asked from loopback's 127.0.0.1.
fn index(addr: SocketAddr) -> (u16, Duration) {
    index_on(TcpStream::connect(addr).unwrap(), addr)
}

async fn open(s: &Server, kind: &str) -> Socket {
    connect_async(format!("ws://{}/ws/{kind}", s.addr()))
        .await
        .unwrap()
        .0
}

async fn say(ws: &mut Socket, v: Value) -> bool {
    ws.send(Message::Text(v.to_string().into())).await.is_ok()
}

/// The rounds of the keys flood, a message from each of its 9 tabs a round
/// ([`keys_flooded_at_a_halted_machine_are_bounded`]).
const KEYS_ROUNDS: usize = 600;

/// How long each Boot DOS-M flood lasts ([`boot_dos_again_and_again_writes_one_disc_a_tab`]).
const BOOT_FLOOD: Duration = Duration::from_millis(500);

/// How long one client holds every connection it can
/// ([`one_client_holding_every_connection_leaves_the_index_to_others`]).
const HOLDING: Duration = Duration::from_secs(2);

/// The errors on `ws` until the console's answer to `examine P`, waited for (at most 20 s);
/// refusals are written on the console's output too, so the answer is known by its command.
async fn answered(ws: &mut Socket) -> u64 {
    let mut errors = 0;
    loop {
        let m = tokio::time::timeout(Duration::from_secs(20), ws.next())
            .await
            .expect("a tab answers after the flood");
        let Some(Ok(Message::Text(t))) = m else {
            panic!("a tab answers after the flood: {m:?}");
        };
        let v: Value = serde_json::from_str(&t).unwrap();
        if v["ev"] == "error" {
            errors += 1;
        } else if v["ev"] == "console" && v["text"].as_str().unwrap().contains("sim> examine P") {
            return errors;
        }
    }
}

/// The errors among the events waiting on `ws` now, without waiting for more.
fn drain(ws: &mut Socket) -> u64 {
    let mut errors = 0;
    while let Some(Some(Ok(Message::Text(t)))) = ws.next().now_or_never() {
        if serde_json::from_str::<Value>(&t).is_ok_and(|v| v["ev"] == "error") {
            errors += 1;
        }
    }
    errors
}

/// Item 1 of the issue: `{"op":"key","text":"A"*16000}` from 8 tabs to a halted machine, and
/// the console's `send` from a ninth, [`KEYS_ROUNDS`] times each, a round a millisecond.
/// Unbounded, the server's memory grew by the keys sent (about 11 MiB a second at the default
/// rate of 100 messages a second a tab); bounded, each tab holds at most `Limits::keys_bytes`.
///
/// The test's server takes up to 1,000 messages a second a tab, so that the flood's 5,400
/// messages, 82 MiB of keys (more than the 48 MiB the memory may grow by, and 2,000 times a
/// tab's bound), reach the machines in about 1.5 s on the 2-core machine rather than the 6 s
/// the default rate of 100 takes for 72 MiB.
fn keys_flooded_at_a_halted_machine_are_bounded() {
    let _one = alone();
    let s = server(Limits {
        messages_per_second: 1000,
        burst: 1000,
        ..Limits::default()
    });
    let before = rss();
    let peak = PeakRss::start();
    let text = "A".repeat(16_000);
    let (sent, refused, took) = runtime().block_on(async {
        let mut tabs = Vec::new();
        for _ in 0..9 {
            tabs.push(open(&s, "hp2100").await);
        }
        let (mut sent, mut refused) = (0u64, 0u64);
        let t = Instant::now();
        for _ in 0..KEYS_ROUNDS {
            for (i, ws) in tabs.iter_mut().enumerate() {
                let m = if i < 8 {
                    json!({"op": "key", "text": text})
                } else {
                    json!({"op": "console", "line": format!("send \"{}\"", &text[..15_000])})
                };
                assert!(say(ws, m).await, "the tab lives");
                sent += 1;
                refused += drain(ws);
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        // The tabs live on: each still answers, after the refusals of what it was sent (a
        // tab's messages are taken in order).
        for ws in &mut tabs {
            say(ws, json!({"op": "console", "line": "examine P"})).await;
        }
        for ws in &mut tabs {
            refused += answered(ws).await;
        }
        (sent, refused, t.elapsed())
    });
    let peak = peak.stop();
    let (code, under) = index(s.addr());
    assert_eq!(code, 200);
    let grown = peak.saturating_sub(before);
    eprintln!(
        "keys flood: 9 tabs (8 typing 16 000 bytes, 1 sending 15 000 with the console's send) \
         for {:.1} s: {sent} messages ({:.0} MiB of keys), {refused} refused (bound {} bytes \
         a tab); resident {:.1} MiB before, {:.1} MiB at the peak (+{:.1} MiB); index page {:.1} \
         ms",
        took.as_secs_f64(),
        sent as f64 * 16_000.0 / 1048576.0,
        Limits::default().keys_bytes,
        mib(before),
        mib(peak),
        mib(grown),
        ms(under)
    );
    // All but each tab's first are refused (the rate limit refuses some first).
    assert!(
        refused >= sent - 9 - sent / 10,
        "{refused} of {sent} refused"
    );
    // Unbounded, the keys alone would be the 82 MiB sent.
    assert!(mib(grown) < 48.0, "memory grew by {:.1} MiB", mib(grown));
}

/// DOS-M's disc with TAM, made once in the target folder, when HP's software is here now.
fn dos_image() -> Option<PathBuf> {
    static IMAGE: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    IMAGE
        .get_or_init(|| {
            if needs::need("hp-software").missing().is_some() {
                return None;
            }
            let image = needs::root().join("target/hostile-dosm-tam.dsk");
            let folder = hp2100_software::Folder::at(needs::folder("hp-software"));
            nhex_hp2100::dos::prepare(&folder, &image).unwrap_or_else(|e| panic!("{e}"));
            Some(image)
        })
        .clone()
}

/// The files in `dir`, and their bytes.
fn files_in(dir: &Path) -> (usize, u64) {
    std::fs::read_dir(dir).map_or((0, 0), |d| {
        d.flatten().fold((0, 0), |(n, b), e| {
            (n + 1, b + e.metadata().map_or(0, |m| m.len()))
        })
    })
}

/// Item 2 of the issue: Boot DOS-M pressed every 10 ms, within the rate limit, by one tab and
/// then by 8 at once. Unbounded, each boot copied the 2.4 MiB image (3.2 GB in 15 s from one
/// tab); bounded, a tab writes its copy once. Each flood lasts [`BOOT_FLOOD`]: about 44 boots
/// a tab on the 2-core machine, which unbounded would write some 100 MiB a tab against the
/// bound of one 2.4 MiB copy (4 s, the earlier length, showed the same figures eightfold).
fn boot_dos_again_and_again_writes_one_disc_a_tab() {
    let _one = alone();
    let image = dos_image().expect("HP's software");
    // Read by the sessions (`nhex_hp2100::dos::default_image`); set while no session runs.
    std::env::set_var("RETRO_DOSM_IMAGE", &image);
    let s = server(Limits::default());
    let dir = s.discs_dir().unwrap().to_path_buf();
    let disc = hp2100::io::IMAGE_BYTES;
    for tabs in [1usize, 8] {
        let seconds = BOOT_FLOOD;
        let before = written();
        let most_files = Arc::new(AtomicU64::new(0));
        let sampling = Arc::new(AtomicBool::new(true));
        let sampler = {
            let (most, on, dir) = (most_files.clone(), sampling.clone(), dir.clone());
            std::thread::spawn(move || {
                while on.load(Ordering::Relaxed) {
                    most.fetch_max(files_in(&dir).0 as u64, Ordering::Relaxed);
                    std::thread::sleep(Duration::from_millis(5));
                }
            })
        };
        let mut worst = Duration::ZERO;
        let addr = s.addr();
        let (presses, booted) = runtime().block_on(async {
            let mut ws = Vec::new();
            for _ in 0..tabs {
                ws.push(open(&s, "hp2100").await);
            }
            let (mut presses, mut booted) = (0u64, 0u64);
            let t = Instant::now();
            let mut next_index = Instant::now();
            while t.elapsed() < seconds {
                for w in &mut ws {
                    say(w, json!({"op": "boot_dos"})).await;
                    presses += 1;
                    while let Some(Some(Ok(Message::Text(m)))) = w.next().now_or_never() {
                        if m.contains("DOS-M: S = 000000, RUN") {
                            booted += 1;
                        }
                    }
                }
                if next_index.elapsed() > Duration::from_millis(250) {
                    next_index = Instant::now();
                    let (code, d) = tokio::task::spawn_blocking(move || index(addr))
                        .await
                        .unwrap();
                    assert_eq!(code, 200);
                    worst = worst.max(d);
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            (presses, booted)
        });
        sampling.store(false, Ordering::Relaxed);
        sampler.join().unwrap();
        let bytes = written() - before;
        let most = most_files.load(Ordering::Relaxed);
        let left = within(20, || files_in(&dir).0 == 0);
        eprintln!(
            "boot DOS-M flood: {tabs} tab(s) pressing it every 10 ms for {:.1} s: {presses} \
             presses, {booted} boots; {:.1} MiB written by the process (a disc is {:.1} MiB); at \
             most {most} disc(s) in the folder; {} left after the tabs closed; index page at \
             most {:.1} ms",
            seconds.as_secs_f64(),
            bytes as f64 / 1048576.0,
            disc as f64 / 1048576.0,
            files_in(&dir).0,
            ms(worst)
        );
        assert!(booted >= 10, "{booted} boots");
        assert!(most <= tabs as u64, "{most} discs for {tabs} tabs");
        // One copy a tab, and the rest the pages' own traffic.
        assert!(
            bytes < (tabs as u64 + 2) * disc,
            "{bytes} bytes written by {tabs} tab(s)"
        );
        assert!(left, "discs left after their tabs closed");
    }
    drop(s);
    assert!(!dir.exists(), "the folder goes with the server");
}

/// The variable that makes [`child_serves_until_a_signal`] serve.
const CHILD: &str = "WEB_HOSTILE_BOUNDS_CHILD";

/// Run as a child by [`a_signal_ends_the_server_and_its_discs_folder_goes`]: `web::serve`
/// until a signal, in the temporary folder it is given.
fn child_serves_until_a_signal() {
    if std::env::var_os(CHILD).is_none() {
        return;
    }
    let o = ServeOptions::new("127.0.0.1:0".parse().unwrap(), Limits::default());
    let mut out = std::io::stdout();
    let signal = web::serve(&o, &mut out).unwrap();
    println!("retro: ended by {signal}");
}

/// Item 3 of the issue: the server ended by SIGINT, SIGTERM or SIGHUP with a tab's disc in its
/// folder (when the server has DOS-M's disc); unbounded, the copies stayed for ever. Also a
/// stale folder and an older version's copy of a dead server, removed at the start.
fn a_signal_ends_the_server_and_its_discs_folder_goes() {
    // Made under the lock: making it would count in a measuring test's memory and writes.
    let image = {
        let _one = alone();
        dos_image()
    };
    let tmp = std::env::temp_dir().join(format!("web-signals-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    let dead = dead_pid();
    let mut results = Vec::new();
    for signal in ["INT", "TERM", "HUP"] {
        // What a server killed by SIGKILL left behind.
        let stale = tmp.join(format!("retro-serve-{dead}-0"));
        std::fs::create_dir_all(&stale).unwrap();
        std::fs::write(stale.join("dosm-0.dsk"), vec![0u8; 4096]).unwrap();
        std::fs::write(tmp.join(format!("retro-dosm-{dead}-7.dsk")), b"old").unwrap();
        let mut child = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "child_serves_until_a_signal",
                "--exact",
                "--ignored",
                "--nocapture",
            ])
            .env(CHILD, "1")
            .env("TMPDIR", &tmp)
            .env("RETRO_DOSM_IMAGE", image.clone().unwrap_or_default())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
        let addr: SocketAddr = lines
            .by_ref()
            .map_while(Result::ok)
            .find_map(|l| {
                l.strip_prefix("retro: serving on http://")?
                    .split_whitespace()
                    .next()?
                    .trim_end_matches('/')
                    .parse()
                    .ok()
            })
            .expect("the child serves");
        let folder = tmp.join(format!("retro-serve-{}-0", child.id()));
        assert!(folder.is_dir(), "the child's folder {}", folder.display());
        assert!(
            !stale.exists(),
            "the dead server's folder removed at the start"
        );
        assert!(!tmp.join(format!("retro-dosm-{dead}-7.dsk")).exists());
        // A tab with a disc, when the server has DOS-M's.
        let rt = runtime();
        let tab = image.as_ref().map(|_| {
            rt.block_on(async {
                let (mut ws, _) = connect_async(format!("ws://{addr}/ws/hp2100"))
                    .await
                    .unwrap();
                say(&mut ws, json!({"op": "boot_dos"})).await;
                ws
            })
        });
        let discs = || files_in(&folder).0;
        if tab.is_some() {
            assert!(within(20, || discs() == 1), "the tab's disc");
        }
        let with = discs();
        let kill = std::process::Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(kill.success());
        // A server that did not end on the signal is killed, and the test fails.
        let t = Instant::now();
        let status = loop {
            if let Some(st) = child.try_wait().unwrap() {
                break st;
            }
            if t.elapsed() > Duration::from_secs(20) {
                let _ = child.kill();
                let _ = child.wait();
                panic!("the server did not end within 20 s of SIG{signal}");
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let said: Vec<String> = lines.map_while(Result::ok).collect();
        assert!(
            said.iter()
                .any(|l| l == &format!("retro: ended by SIG{signal}")),
            "{said:?} {status}"
        );
        drop(tab);
        let left: Vec<_> = std::fs::read_dir(&tmp)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert!(left.is_empty(), "left after SIG{signal}: {left:?}");
        results.push(format!("SIG{signal}: {with} disc(s) before, nothing left"));
    }
    std::fs::remove_dir_all(&tmp).unwrap();
    eprintln!(
        "signals: {}; a dead server's folder and an older copy removed at each start",
        results.join("; ")
    );
}

/// A process number that is not running (one far past the highest running).
fn dead_pid() -> u32 {
    let highest = std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .max()
        .unwrap();
    (highest + 1000..)
        .find(|p| !Path::new(&format!("/proc/{p}")).exists())
        .unwrap()
}

/// A connection to `addr` from the loopback address `from`.
fn connect_from(rt: &tokio::runtime::Runtime, from: &str, addr: SocketAddr) -> Option<TcpStream> {
    rt.block_on(async {
        let s = tokio::net::TcpSocket::new_v4().ok()?;
        s.bind(format!("{from}:0").parse().ok()?).ok()?;
        let c = s.connect(addr).await.ok()?.into_std().ok()?;
        c.set_nonblocking(false).ok()?;
        Some(c)
    })
}

/// Item 5 of the issue: one client (127.0.0.1) holds every connection it can, each with half
/// a header, and opens a new one as soon as one closes; another (127.0.0.2) asks for the
/// index page every 100 ms. Unbounded, the first took all 128 places and 0 of 59 requests of
/// the other were answered; with its share, every one is. The other client asks for
/// [`HOLDING`] once the first holds its share: 20 requests, while the first opens 2,000 to
/// 22,000 connections on the 2-core machine (8 s, the earlier length, showed the same with 80
/// requests).
fn one_client_holding_every_connection_leaves_the_index_to_others() {
    let limits = Limits::default();
    let s = server(limits.clone());
    let addr = s.addr();
    let seconds = HOLDING;
    let stop = Arc::new(AtomicBool::new(false));
    let most_open = Arc::new(AtomicU64::new(0));
    let attacker = {
        let stop = stop.clone();
        let most = most_open.clone();
        std::thread::spawn(move || {
            let mut held: Vec<TcpStream> = Vec::new();
            let mut opened = 0u64;
            while !stop.load(Ordering::Relaxed) {
                // Replace what the server closed, up to 200.
                held.retain_mut(|c| {
                    let mut b = [0u8; 64];
                    match c.read(&mut b) {
                        Ok(0) => false,
                        Ok(_) => true,
                        Err(e) => e.kind() == std::io::ErrorKind::WouldBlock,
                    }
                });
                while held.len() < 200 {
                    let Ok(mut c) = TcpStream::connect(addr) else {
                        break;
                    };
                    opened += 1;
                    let _ = c.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Wait: ");
                    let _ = c.set_nonblocking(true);
                    held.push(c);
                }
                most.fetch_max(held.len() as u64, Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(2));
            }
            opened
        })
    };
    assert!(within(20, || s.open_connections() >= limits.connections_per_client));
    let rt = runtime();
    let (mut asked, mut answered, mut worst) = (0, 0, Duration::ZERO);
    let mut most_server = 0;
    let t = Instant::now();
    while t.elapsed() < seconds {
        most_server = most_server.max(s.open_connections());
        asked += 1;
        if let Some(c) = connect_from(&rt, "127.0.0.2", addr) {
            let (code, d) = index_on(c, addr);
            if code == 200 {
                answered += 1;
                worst = worst.max(d);
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    stop.store(true, Ordering::Relaxed);
    let opened = attacker.join().unwrap();
    eprintln!(
        "one client's connections: it opened {opened} in {:.1} s, holding up to 200 with \
         half a header each; the server held at most {most_server} open (the client's share {} \
         of {}); the other client's index page answered {answered} of {asked} times, at most \
         {:.1} ms",
        seconds.as_secs_f64(),
        limits.connections_per_client,
        limits.connections,
        ms(worst)
    );
    assert_eq!(answered, asked, "the other client's pages");
    assert!(
        most_server <= limits.connections_per_client + 1,
        "{most_server} open"
    );
    assert!(within(20, || s.open_connections() == 0));
}
