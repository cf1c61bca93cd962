//! The line between a device and its host: the device owns the host while it is attached, and
//! the caller takes it back, with its own type, to read what it recorded.

use crate::{Key, Nanos, TtyHost};
use std::any::Any;

/// A host the line can hand back with its own type.
trait AnyHost: TtyHost {
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
}

impl<T: TtyHost + Any> AnyHost for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

/// A host that prints nowhere and never types: the teletype switched off the line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Offline;

impl TtyHost for Offline {
    fn print(&mut self, _ch: u8, _at: Nanos) {}
    fn key(&mut self, _at: Nanos) -> Key {
        Key::Wait
    }
}

/// The teletype line of a machine (the HP 12531C card, the T3300-R console typewriter). It owns
/// the attached host; [`Line::host`] reads it in place and [`Line::detach`] gives it back, both
/// with the type it was attached with, so a caller reads a [`crate::Transcript`] or a
/// [`crate::Scripted`] back without sharing it.
pub struct Line {
    host: Box<dyn AnyHost>,
}

impl Default for Line {
    fn default() -> Self {
        Self::new(Offline)
    }
}

impl std::fmt::Debug for Line {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Line")
    }
}

impl Line {
    /// A line with `host` attached.
    pub fn new<H: TtyHost + 'static>(host: H) -> Self {
        Self {
            host: Box::new(host),
        }
    }

    /// Attach `host` in place of the current one (which is dropped).
    pub fn attach<H: TtyHost + 'static>(&mut self, host: H) {
        self.host = Box::new(host);
    }

    /// The attached host, if it is an `H`.
    pub fn host<H: 'static>(&self) -> Option<&H> {
        // `*` names the boxed host: the box is itself a host and would answer for itself.
        (*self.host).as_any().downcast_ref()
    }

    /// The attached host, if it is an `H`.
    pub fn host_mut<H: 'static>(&mut self) -> Option<&mut H> {
        (*self.host).as_any_mut().downcast_mut()
    }

    /// Take the host back if it is an `H`, leaving the line [`Offline`]; another host stays
    /// attached and the answer is `None`.
    pub fn detach<H: 'static>(&mut self) -> Option<H> {
        self.host::<H>()?;
        let host = std::mem::replace(&mut self.host, Box::new(Offline));
        AnyHost::into_any(host).downcast().ok().map(|b| *b)
    }
}

impl TtyHost for Line {
    #[inline]
    fn print(&mut self, ch: u8, at: Nanos) {
        (*self.host).print(ch, at)
    }
    #[inline]
    fn key(&mut self, at: Nanos) -> Key {
        (*self.host).key(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Scripted, Transcript};

    #[test]
    fn the_host_comes_back_with_its_type() {
        let mut line = Line::new(Transcript::new(Scripted::from_lines("12\n")));
        for b in b"?\r\n" {
            line.print(*b, 0);
        }
        assert_eq!(line.key(0), Key::Char(b'1'));
        assert!(line.host::<Scripted>().is_none());
        assert!(
            line.detach::<Scripted>().is_none(),
            "a wrong type leaves it attached"
        );
        let t: Transcript<Scripted> = line.detach().unwrap();
        assert_eq!(t.paper(), "?\n");
        assert_eq!(t.typed(), &[(0, b'1')]);
        assert_eq!(line.key(0), Key::Wait, "offline after the detach");
        assert!(line.host::<Offline>().is_some());
    }
}
