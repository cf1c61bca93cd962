//! What the server's connections (`listen.rs`) and a tab's socket (`socket.rs`) share with
//! the server that made them (`server.rs`): the limits, the count of live sessions, the names
//! the server answers to, the connections' places, and the folder of the tabs' discs.

use crate::host::Hosts;
use crate::limits::Limits;
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;

/// What the server's connections and sessions share.
pub(crate) struct Shared {
    pub(crate) limits: Limits,
    /// Sessions whose thread has not ended (crate note 4).
    pub(crate) live: AtomicUsize,
    pub(crate) hosts: Hosts,
    /// A place for each connection (`listen.rs` note 1).
    pub(crate) connections: Arc<tokio::sync::Semaphore>,
    /// Each client's open connections (`listen.rs` note 4).
    pub(crate) clients: crate::listen::Clients,
    /// The folder of the tabs' discs (`crate::discs`), if it could be made.
    pub(crate) discs: Option<Arc<crate::discs::Discs>>,
}
