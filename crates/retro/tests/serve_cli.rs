//! `retro serve` as a user starts it: it says where to point a browser, serves the index and
//! the pages there, refuses a WebSocket from another site, and warns when it listens beyond
//! loopback.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// A `retro serve` that is killed when dropped.
struct Serving(Child);

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Start `retro serve ARGS --port 0`; the server and the lines it printed up to the address.
fn serve(args: &[&str]) -> (Serving, Vec<String>, u16) {
    let child = Command::new(env!("CARGO_BIN_EXE_retro"))
        .arg("serve")
        .args(args)
        .args(["--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut s = Serving(child);
    let mut out = BufReader::new(s.0.stdout.take().unwrap());
    let mut lines = Vec::new();
    let mut port = None;
    for _ in 0..3 {
        let mut line = String::new();
        if out.read_line(&mut line).unwrap() == 0 {
            break;
        }
        if let Some(rest) = line.split("http://").nth(1) {
            let addr = rest.split('/').next().unwrap();
            port = addr.rsplit(':').next().and_then(|p| p.parse().ok());
        }
        lines.push(line);
        if lines.iter().any(|l| l.contains("warning")) || (port.is_some() && args.is_empty()) {
            break;
        }
    }
    let port = port.unwrap_or_else(|| panic!("no address in {lines:?}"));
    (s, lines, port)
}

/// `GET path` with `headers`: the status line and the body.
fn get(port: u16, path: &str, headers: &str) -> (String, String) {
    let mut c = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        c,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{headers}Connection: close\r\n\r\n"
    )
    .unwrap();
    // An upgraded socket stays open: read to the end, or only the head of a 101.
    let mut bytes = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = c.read(&mut buf).unwrap();
        bytes.extend_from_slice(&buf[..n]);
        let head_done = bytes.windows(4).any(|w| w == b"\r\n\r\n");
        if n == 0 || (head_done && bytes.starts_with(b"HTTP/1.1 101")) {
            break;
        }
    }
    let text = String::from_utf8_lossy(&bytes);
    let status = text.lines().next().unwrap_or_default().to_string();
    let body = text
        .split("\r\n\r\n")
        .nth(1)
        .unwrap_or_default()
        .to_string();
    (status, body)
}

#[test]
fn it_says_where_and_serves_the_pages() {
    let (_s, lines, port) = serve(&[]);
    assert!(
        lines[0].starts_with("retro: serving on http://127.0.0.1:"),
        "{lines:?}"
    );
    let (status, body) = get(port, "/", "");
    assert!(status.contains("200"), "{status}");
    for page in ["/gomoku", "/quoridor"] {
        assert!(body.contains(&format!("href=\"{page}\"")), "{body}");
        let (status, page_body) = get(port, page, "");
        assert!(
            status.contains("200") && page_body.contains("<script"),
            "{page}: {status}"
        );
    }
    assert!(get(port, "/no-such-page", "").0.contains("404"));
    assert!(get(port, "/assets/../Cargo.toml", "").0.contains("404"));
    let upgrade = "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\
                   Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";
    let (status, _) = get(
        port,
        "/ws/gomoku",
        &format!("{upgrade}Origin: http://evil.example\r\n"),
    );
    assert!(status.contains("403"), "{status}");
    let (status, _) = get(
        port,
        "/ws/gomoku",
        &format!("{upgrade}Origin: http://127.0.0.1:{port}\r\n"),
    );
    assert!(status.contains("101"), "{status}");
}

#[test]
fn listening_beyond_loopback_is_warned_of() {
    let (_s, lines, _) = serve(&["--listen", "0.0.0.0"]);
    assert!(lines.iter().any(|l| l.contains("warning")), "{lines:?}");
    let (code, help, _) = common::retro(&["serve", "--help"]);
    assert_eq!(code, 0);
    assert!(help.contains("Warning: --listen"), "{help}");
}

/// `GET /` for `host` on a server at `port`: the status line.
fn get_as(port: u16, host: &str) -> String {
    let mut c = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        c,
        "GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    let _ = c.read_to_string(&mut text);
    text.lines().next().unwrap_or_default().to_string()
}

#[test]
fn only_the_servers_names_are_answered_and_a_refusal_is_logged() {
    let child = Command::new(env!("CARGO_BIN_EXE_retro"))
        .args(["serve", "--port", "0", "--host", "retro.example"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut s = Serving(child);
    let mut out = BufReader::new(s.0.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    let port: u16 = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next()?.rsplit(':').next()?.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("retro.example:{port}"),
    ] {
        assert!(get_as(port, &host).contains("200"), "{host}");
    }
    // DNS rebinding: another name resolving to this machine.
    let status = get_as(port, &format!("evil.example:{port}"));
    assert!(status.contains("421"), "{status}");
    // The server's log says so, on standard error.
    let err = s.0.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for l in BufReader::new(err).lines().map_while(Result::ok) {
            if tx.send(l).is_err() {
                break;
            }
        }
    });
    let logged = rx
        .recv_timeout(std::time::Duration::from_secs(30))
        .expect("a line in the server's log");
    assert!(
        logged.contains("refused a request") && logged.contains("evil.example"),
        "{logged}"
    );
    let (code, help, _) = common::retro(&["serve", "--help"]);
    assert_eq!(code, 0);
    assert!(help.contains("--host <NAME>"), "{help}");
}
