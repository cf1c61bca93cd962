//! The names a request may give as its `Host` (crate note 5): the defence against DNS
//! rebinding, where a page of another site has its own name resolve to this machine and
//! then talks to the server as a page of that name.
//!
//! Sources: RFC 9110 §7.2 (`Host` is the authority: a name or address and an optional port),
//! RFC 3986 §3.2.2 (an IPv6 address in brackets), RFC 6761 §6.3 (`localhost` and names
//! under it are loopback), RFC 9110 §15.5.20 (421 Misdirected Request).
//!
//! Implementation notes:
//!
//! 1. Accepted: `localhost` and any name under it; a loopback address (127.0.0.0/8, ::1); the
//!    address given to `--listen` (not 0.0.0.0 or ::, which no browser is sent to); the
//!    address the connection itself reached (a server on 0.0.0.0 is reached by an address
//!    of this machine, which no other site's name can be made to give); and each name given
//!    with `--host`. Names compare without case and without a final dot; the port is not
//!    compared, as a proxy in front may change it and rebinding changes only the name.
//! 2. A request without `Host` (HTTP/1.0) is refused as well: every browser sends one.

use std::net::IpAddr;

/// The names and addresses of this server.
#[derive(Clone, Debug, Default)]
pub struct Hosts {
    /// The address the server listens on.
    pub listen: Option<IpAddr>,
    /// Names given with `--host`, lower-cased, without a final dot.
    pub names: Vec<String>,
}

impl Hosts {
    /// The server on `listen`, also called by each of `names`.
    pub fn new(listen: IpAddr, names: &[String]) -> Hosts {
        Hosts {
            listen: Some(listen),
            names: names.iter().map(|n| normal(n)).collect(),
        }
    }

    /// Whether `host` (a `Host` header's value) names this server, reached at `local`
    /// (note 1).
    pub fn allows(&self, host: Option<&str>, local: Option<IpAddr>) -> bool {
        let Some(name) = host.and_then(host_name) else {
            return false;
        };
        if let Ok(ip) = name.parse::<IpAddr>() {
            let ip = ip.to_canonical();
            return ip.is_loopback()
                || self
                    .listen
                    .filter(|l| !l.is_unspecified())
                    .map(|a| a.to_canonical())
                    == Some(ip)
                || local.map(|a| a.to_canonical()) == Some(ip);
        }
        let name = normal(name);
        name == "localhost" || name.ends_with(".localhost") || self.names.contains(&name)
    }
}

/// A name lower-cased, without a final dot.
fn normal(name: &str) -> String {
    name.trim_end_matches('.').to_ascii_lowercase()
}

/// The name or address of a `Host` value, without its port or an IPv6 address's brackets;
/// `None` when it is not one.
fn host_name(host: &str) -> Option<&str> {
    let host = host.trim();
    if let Some(rest) = host.strip_prefix('[') {
        let (ip, after) = rest.split_once(']')?;
        return (after.is_empty() || port(after.strip_prefix(':')?)).then_some(ip);
    }
    let name = match host.rsplit_once(':') {
        Some((name, p)) if port(p) => name,
        Some(_) => return None,
        None => host,
    };
    let ok = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
    ok.then_some(name)
}

fn port(p: &str) -> bool {
    !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_the_listen_address_the_reached_address_and_given_names_only() {
        let h = Hosts::new("0.0.0.0".parse().unwrap(), &["Retro.Example.".into()]);
        let local: Option<IpAddr> = Some("192.168.1.5".parse().unwrap());
        for ok in [
            "localhost",
            "LOCALHOST:8033",
            "app.localhost:1",
            "127.0.0.1:8033",
            "127.3.4.5",
            "[::1]:8033",
            "[::ffff:127.0.0.1]",
            "192.168.1.5:8033",
            "retro.example",
            "retro.example.:80",
        ] {
            assert!(h.allows(Some(ok), local), "{ok}");
        }
        for bad in [
            "evil.example:8033",
            "localhost.evil.example",
            "192.168.1.6",
            "0.0.0.0:8033",
            "retro.example.evil",
            "",
            "127.0.0.1:80:80",
            "[::1",
            "local host",
        ] {
            assert!(!h.allows(Some(bad), local), "{bad}");
        }
        assert!(!h.allows(None, local));
        let named = Hosts::new("10.0.0.2".parse().unwrap(), &[]);
        assert!(named.allows(Some("10.0.0.2:8033"), None));
    }
}
