//! The bounds that keep `vdl serve` up whatever its clients send: how many
//! connections, searches and games it holds, how big and how slow a request
//! may be, and how long an idle game is kept.

use std::time::Duration;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerLimits {
    /// Connections open at once; further clients wait in the listen queue.
    pub max_connections: usize,
    /// Connections open at once from one client address (an IPv6 client's
    /// /64 network); a further one is answered 503 and closed, so that one
    /// client's idle or slow connections cannot take all the others'.
    pub max_connections_per_address: usize,
    /// Computer searches at once; a further `computer` request is refused
    /// (503) rather than queued.
    pub max_searches: usize,
    /// Games kept at once; a further new game is refused (503) until games
    /// expire. Games are never dropped to make room.
    pub max_games: usize,
    /// A game nobody has used for this long is forgotten.
    pub game_idle: Duration,
    /// Moves a game may have (a new game's `moves` count too).
    pub max_plies: usize,
    /// Moves all games may hold together: each keeps 40 bytes (its undo
    /// record and a position's key), so this and `max_games` (one position
    /// each) bound the games' memory. A move beyond it is refused (503).
    pub max_moves_held: usize,
    /// The request line and headers must arrive within this time (and an
    /// idle kept-alive connection is closed after it).
    pub header_timeout: Duration,
    /// The body must arrive within this time after the headers.
    pub body_timeout: Duration,
    /// When more than half the connections are taken, a new connection has
    /// this long (instead of `header_timeout` and `body_timeout`) for each
    /// request's headers and for its body: idle and slow clients then give
    /// their places back quickly.
    pub busy_timeout: Duration,
    /// The request line and headers together, in bytes.
    pub max_header_bytes: usize,
    /// A request body, in bytes.
    pub max_body_bytes: usize,
    /// The longest thinking time a request may ask for, in milliseconds.
    pub max_movetime_ms: u64,
}

impl Default for ServerLimits {
    fn default() -> Self {
        ServerLimits {
            max_connections: 256,
            max_connections_per_address: 32,
            max_searches: std::thread::available_parallelism().map_or(1, usize::from),
            max_games: 4096,
            game_idle: Duration::from_secs(2 * 60 * 60),
            max_plies: 2000,
            max_moves_held: 1_000_000,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            busy_timeout: Duration::from_secs(2),
            max_header_bytes: 16 * 1024,
            max_body_bytes: 1 << 20,
            max_movetime_ms: 60_000,
        }
    }
}

impl ServerLimits {
    /// Are so many connections taken that new ones get [`Self::busy_timeout`]?
    pub fn is_busy(&self, connections_free: usize) -> bool {
        connections_free < self.max_connections / 2
    }

    /// The longest any request may take: the longest search plus time to
    /// read its body and play its move.
    pub fn request_timeout(&self) -> Duration {
        Duration::from_millis(self.max_movetime_ms) + self.body_timeout + Duration::from_secs(10)
    }
}
