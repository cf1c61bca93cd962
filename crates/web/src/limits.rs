//! What one server and each of its sessions may use (module note 1 of the crate).

use std::time::Duration;

/// The server's limits.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Live sessions (tabs) at once; a further tab is told the server is full. A session
    /// counts until its thread has ended, not only while its tab is open.
    pub sessions: usize,
    /// Open connections at once, WebSockets included; a further one is closed at once.
    pub connections: usize,
    /// Open connections at once from one client (an IPv4 address, or an IPv6 /64 network),
    /// so that one client cannot take every place of [`Limits::connections`].
    pub connections_per_client: usize,
    /// A request's headers must arrive whole within this time, and a kept-alive connection
    /// with no request for this long is closed.
    pub header_timeout: Duration,
    /// The largest text message a page may send, in bytes; a larger one gets an error, and
    /// one over four times the larger of this and [`Limits::upload_bytes`] closes the socket.
    pub message_bytes: usize,
    /// Messages a page may send a second, on average over [`Limits::burst`].
    pub messages_per_second: u32,
    /// Messages a page may send at once before the rate applies.
    pub burst: u32,
    /// The largest upload (a tape), in bytes.
    pub upload_bytes: usize,
    /// The most keys a page may have waiting for a machine (typed on the page's keyboard, or
    /// queued by the console's `send` and `expect`), in bytes; more are refused with a
    /// message until the machine has taken them.
    pub keys_bytes: usize,
    /// The most a page keeps of a machine's output that only grows (a punched tape), in
    /// bytes; a machine that punches beyond it is stopped and told so.
    pub tape_bytes: usize,
    /// A session with no message for this long is ended.
    pub idle: Duration,
    /// A running machine's speed at most, in emulated seconds a wall-clock second
    /// ("fast"); real time is 1.
    pub max_speed: f64,
    /// How often a running machine's lights and paper are sent to its page.
    pub frame: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            sessions: 32,
            connections: 128,
            connections_per_client: 64,
            header_timeout: Duration::from_secs(10),
            message_bytes: 16 * 1024,
            messages_per_second: 100,
            burst: 200,
            upload_bytes: 64 * 1024,
            keys_bytes: 4 * 1024,
            tape_bytes: 64 * 1024,
            idle: Duration::from_secs(15 * 60),
            max_speed: 50.0,
            frame: Duration::from_millis(33),
        }
    }
}

/// A page's message budget: a token bucket of [`Limits::burst`] messages refilled at
/// [`Limits::messages_per_second`].
#[derive(Debug)]
pub struct Rate {
    tokens: f64,
    burst: f64,
    per_second: f64,
    last: std::time::Instant,
}

impl Rate {
    pub fn new(l: &Limits) -> Rate {
        Rate {
            tokens: f64::from(l.burst),
            burst: f64::from(l.burst),
            per_second: f64::from(l.messages_per_second),
            last: std::time::Instant::now(),
        }
    }

    /// Whether one more message is within the budget at `now`.
    pub fn allow(&mut self, now: std::time::Instant) -> bool {
        let dt = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.per_second).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn a_burst_is_allowed_then_the_rate_applies() {
        let l = Limits {
            burst: 3,
            messages_per_second: 10,
            ..Limits::default()
        };
        let mut r = Rate::new(&l);
        let t = Instant::now();
        assert!(r.allow(t) && r.allow(t) && r.allow(t));
        assert!(!r.allow(t));
        assert!(r.allow(t + Duration::from_millis(100)));
        assert!(!r.allow(t + Duration::from_millis(100)));
    }
}
