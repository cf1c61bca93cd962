//! `retro serve`: the machines and games in a web page (the `web` crate).

use crate::CliResult;
use clap::Args;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;

/// Serve the page on 127.0.0.1 (or ADDR with --listen).
#[derive(Args)]
#[command(
    after_help = "Open the printed address in a browser: each tab gets a machine or game \
of its own, which ends when the tab closes.\n\n\
Warning: --listen 0.0.0.0 (or any address not on loopback) offers the machines to every \
computer that can reach this one; the server has no passwords.\n\n\
A request is answered only when its Host is a loopback name or address, the --listen \
address or a --host NAME, so that a page of another name resolving here reaches nothing.\n\n\
Examples:\n  retro serve\n  retro serve --port 9000\n  retro serve --listen 0.0.0.0 --port 8033 --host retro.lan"
)]
pub struct Serve {
    /// Port to listen on (0: any free port)
    #[arg(long, default_value_t = 8033)]
    port: u16,
    /// Address to listen on; anything but loopback offers the page to the network
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    listen: IpAddr,
    /// Another name this server answers to (repeatable); loopback names and the --listen
    /// address always are, and a request for any other name is refused (421)
    #[arg(long, value_name = "NAME")]
    host: Vec<String>,
    /// Live sessions (tabs) at once
    #[arg(long, value_name = "N", default_value_t = web::Limits::default().sessions)]
    sessions: usize,
    /// A session with no message for this many seconds is ended
    #[arg(long, value_name = "SECONDS", default_value_t = web::Limits::default().idle.as_secs())]
    idle: u64,
    /// A machine's speed at most, in emulated seconds a second, when the page asks for fast
    #[arg(long, value_name = "X", default_value_t = web::Limits::default().max_speed)]
    max_speed: f64,
}

pub fn run(s: Serve) -> CliResult {
    let o = web::ServeOptions {
        addr: SocketAddr::new(s.listen, s.port),
        limits: web::Limits {
            sessions: s.sessions,
            idle: std::time::Duration::from_secs(s.idle),
            max_speed: s.max_speed,
            ..web::Limits::default()
        },
        hosts: s.host,
    };
    web::serve(&o, &mut std::io::stdout()).map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}
