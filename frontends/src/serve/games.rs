//! The games the server holds: each under an unguessable id (128 random
//! bits), each behind its own lock (a request on one game never waits for
//! another), forgotten after a time unused. A full store refuses new games
//! instead of dropping someone else's. The store also counts the moves all
//! its games hold (each keeps 40 bytes a move) and refuses moves beyond a
//! total, so that the games' memory is bounded by their number (one position
//! each) and that total, not by their number times the longest game.

use crate::session::Session;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// A game's id: 128 bits from the operating system's secure random source
/// (through `rand`'s thread generator), written as 32 lowercase hex digits.
/// Knowing one id tells nothing about another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameId(u128);

impl GameId {
    pub fn random() -> GameId {
        GameId(rand::random())
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:032x}", self.0)
    }
}

impl FromStr for GameId {
    type Err = ();

    /// Exactly 32 hex digits (either case).
    fn from_str(text: &str) -> Result<GameId, ()> {
        if text.len() != 32 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(());
        }
        u128::from_str_radix(text, 16).map(GameId).map_err(|_| ())
    }
}

/// One game: its variant, its moves, and when it was last used.
pub struct Game {
    pub variant: usize,
    pub session: Session,
    last_used: Instant,
}

/// A game locked for one request; the lock marks it used.
pub type GameGuard<'a> = MutexGuard<'a, Game>;

/// Why a game could not be had.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No game has this id (never had, or it expired).
    Unknown,
    /// The store is full of games in use.
    Full { capacity: usize },
    /// The games hold as many moves in all as the store keeps.
    TooManyMoves { max_moves: usize },
}

pub struct GameStore {
    games: Mutex<HashMap<GameId, Arc<Mutex<Game>>>>,
    capacity: usize,
    idle: Duration,
    /// The moves all games hold, and the most they may.
    moves: AtomicUsize,
    max_moves: usize,
}

impl GameStore {
    pub fn new(capacity: usize, max_moves: usize, idle: Duration) -> GameStore {
        GameStore { games: Mutex::new(HashMap::new()), capacity, idle, moves: AtomicUsize::new(0), max_moves }
    }

    /// Counts a game going from `before` to `after` moves: refused when it
    /// would take the moves of all games over the total (taking moves back
    /// always succeeds). Call it before the change, and make the change only
    /// if it succeeds.
    pub fn count_moves(&self, before: usize, after: usize) -> Result<(), Refusal> {
        if after <= before {
            self.release_moves(before - after);
            return Ok(());
        }
        let added = after - before;
        self.moves
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |held| held.checked_add(added).filter(|&total| total <= self.max_moves))
            .map(drop)
            .map_err(|_| Refusal::TooManyMoves { max_moves: self.max_moves })
    }

    /// Counts `moves` moves less (taken back, or a game forgotten).
    pub fn release_moves(&self, moves: usize) {
        self.moves.fetch_sub(moves, Ordering::Relaxed);
    }

    #[cfg(test)]
    fn moves_held(&self) -> usize {
        self.moves.load(Ordering::Relaxed)
    }

    fn map(&self) -> MutexGuard<'_, HashMap<GameId, Arc<Mutex<Game>>>> {
        self.games.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Stores a new game under a fresh id.
    pub fn insert(&self, variant: usize, session: Session) -> Result<GameId, Refusal> {
        let mut games = self.map();
        if games.len() >= self.capacity {
            self.drop_expired(&mut games);
            if games.len() >= self.capacity {
                return Err(Refusal::Full { capacity: self.capacity });
            }
        }
        if self.count_moves(0, session.ply()).is_err() {
            self.drop_expired(&mut games);
            self.count_moves(0, session.ply())?;
        }
        let game = Arc::new(Mutex::new(Game { variant, session, last_used: Instant::now() }));
        let id = loop {
            let id = GameId::random();
            if !games.contains_key(&id) {
                break id;
            }
        };
        games.insert(id, game);
        Ok(id)
    }

    /// The game `id`, if it exists and has not expired; using it keeps it
    /// alive. Call [`lock`] on the result to read or change it.
    pub fn get(&self, id: GameId) -> Result<Arc<Mutex<Game>>, Refusal> {
        let mut games = self.map();
        let game = games.get(&id).cloned().ok_or(Refusal::Unknown)?;
        // A game locked right now is in use by another request, which marked
        // it used; waiting for it here would hold every other game up.
        if let Ok(mut locked) = game.try_lock() {
            if locked.last_used.elapsed() > self.idle {
                self.release_moves(locked.session.ply());
                drop(locked);
                games.remove(&id);
                return Err(Refusal::Unknown);
            }
            locked.last_used = Instant::now();
        }
        Ok(game)
    }

    /// Forgets every game unused for longer than the idle time.
    pub fn expire(&self) {
        let mut games = self.map();
        self.drop_expired(&mut games);
    }

    fn drop_expired(&self, games: &mut HashMap<GameId, Arc<Mutex<Game>>>) {
        // A game locked right now is in use: keep it.
        games.retain(|_, game| {
            game.try_lock().map_or(true, |g| {
                let kept = g.last_used.elapsed() <= self.idle;
                if !kept {
                    self.release_moves(g.session.ply());
                }
                kept
            })
        });
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.map().len()
    }

    /// How often [`GameStore::expire`] should run.
    pub fn sweep_interval(&self) -> Duration {
        (self.idle / 2).clamp(Duration::from_millis(10), Duration::from_secs(60))
    }
}

/// Locks one game (a request that panicked while holding it left it as it
/// was: every change is made on a copy first).
pub fn lock(game: &Mutex<Game>) -> GameGuard<'_> {
    game.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        Session::new(Arc::from((vdl_variants::all()[0].engine)()))
    }

    #[test]
    fn ids_are_random_hex_and_parse_back() {
        let ids: Vec<GameId> = (0..100).map(|_| GameId::random()).collect();
        for id in &ids {
            let text = id.to_string();
            assert_eq!(text.len(), 32);
            assert_eq!(text.parse::<GameId>(), Ok(*id));
            assert_eq!(text.to_uppercase().parse::<GameId>(), Ok(*id));
        }
        let distinct: std::collections::HashSet<_> = ids.iter().collect();
        assert_eq!(distinct.len(), ids.len());
        for bad in ["", "0", "1234", &"g".repeat(32), &"0".repeat(33), "+0000000000000000000000000000001"] {
            assert!(bad.parse::<GameId>().is_err(), "{bad}");
        }
    }

    /// A session with `plies` moves: the first legal move each time.
    fn session_of(plies: usize) -> Session {
        let mut session = session();
        for _ in 0..plies {
            let first = session.legal_texts().remove(0);
            session.play(&first).unwrap();
        }
        session
    }

    #[test]
    fn the_store_counts_the_moves_of_all_games_and_refuses_more_than_its_total() {
        let store = GameStore::new(10, 5, Duration::from_millis(100));
        let id = store.insert(0, session_of(3)).unwrap();
        assert_eq!(store.moves_held(), 3);
        assert_eq!(store.insert(0, session_of(3)), Err(Refusal::TooManyMoves { max_moves: 5 }));
        assert_eq!(store.moves_held(), 3, "a refused game counts nothing");
        store.insert(0, session_of(0)).unwrap();
        // The first game would play two moves, then a third, then take two back.
        assert_eq!(store.count_moves(3, 5), Ok(()));
        assert_eq!(store.count_moves(5, 6), Err(Refusal::TooManyMoves { max_moves: 5 }));
        assert_eq!(store.moves_held(), 5);
        assert_eq!(store.count_moves(5, 3), Ok(()), "taking back always succeeds");
        assert_eq!(store.moves_held(), 3);
        std::thread::sleep(Duration::from_millis(150));
        assert_eq!(store.get(id).err(), Some(Refusal::Unknown));
        store.expire();
        assert_eq!(store.moves_held(), 0, "forgotten games hold no moves");
        store.insert(0, session_of(5)).unwrap();
    }

    #[test]
    fn games_expire_by_idle_time_and_a_full_store_refuses() {
        let store = GameStore::new(3, 1000, Duration::from_millis(150));
        let kept = store.insert(0, session()).unwrap();
        let idle = store.insert(0, session()).unwrap();
        store.insert(0, session()).unwrap();
        assert_eq!(store.insert(0, session()), Err(Refusal::Full { capacity: 3 }));
        assert!(store.get(kept).is_ok() && store.get(idle).is_ok(), "a full store drops nothing");
        for _ in 0..4 {
            std::thread::sleep(Duration::from_millis(50));
            store.get(kept).unwrap();
        }
        assert_eq!(store.get(idle).err(), Some(Refusal::Unknown), "unused for longer than the idle time");
        store.insert(0, session()).unwrap();
        store.expire();
        assert_eq!(store.len(), 2);
        assert!(store.get(kept).is_ok());
    }
}
