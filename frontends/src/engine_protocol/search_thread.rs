//! A search on its own thread, so that the protocol keeps reading commands:
//! `isready` and `ping` are answered while it runs, `stop` ends it at once
//! (within a few hundred nodes) and the best move found so far is given;
//! abandoning it (XBoard's `quit`, a closed output) drops its move.

use crate::session::SharedEngine;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use vdl_runtime::search::{eval::Evaluator, table::Table, Limits, PositionKey, SearchResult, Searcher, StopFlag};
use vdl_runtime::Position;

/// A transposition table a session keeps between its searches; each search
/// takes it for its duration and gives it back.
pub type SharedTable = Arc<Mutex<Table>>;

/// A new shared table of about `megabytes` (allocated by its first search).
pub fn shared_table(megabytes: usize) -> SharedTable {
    Arc::new(Mutex::new(Table::new(megabytes)))
}

/// What to search.
pub struct SearchTask {
    pub engine: SharedEngine,
    pub eval: Evaluator,
    /// The keys of the game's earlier positions (a line that repeats one
    /// scores a draw).
    pub history: Vec<PositionKey>,
    pub position: Position,
    /// Its limits; the stop flag is the search thread's own.
    pub limits: Limits,
    /// The transposition table, kept from search to search by the session.
    pub table: SharedTable,
    /// Hold the result until [`RunningSearch::stop`] (UCI's `go infinite`).
    pub hold: bool,
}

/// How a search ended, for the code that reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Its limits were reached, or `stop` asked for the move now.
    Finished,
    /// It was abandoned: its result must not be used.
    Abandoned,
}

pub struct RunningSearch {
    stop: StopFlag,
    abandoned: Arc<AtomicBool>,
    /// Raised when the search is over and its result is being reported: a
    /// client may already have it (and send the next command).
    over: Arc<AtomicBool>,
    /// Lets a held result go (sent on stop; dropped on abandon).
    release: Option<Sender<()>>,
    handle: Option<JoinHandle<()>>,
}

impl RunningSearch {
    /// Starts `task`: `report` gets every finished iteration, `finish` the
    /// result (both on the search thread).
    pub fn start(
        mut task: SearchTask,
        mut report: impl FnMut(&SearchResult) + Send + 'static,
        finish: impl FnOnce(SearchResult, Ending) + Send + 'static,
    ) -> RunningSearch {
        let stop = StopFlag::new();
        task.limits.stop = Some(stop.clone());
        let abandoned = Arc::new(AtomicBool::new(false));
        let (release, released): (Sender<()>, Receiver<()>) = mpsc::channel();
        let gone = abandoned.clone();
        let over = Arc::new(AtomicBool::new(false));
        let over_here = over.clone();
        let handle = thread::spawn(move || {
            let table = std::mem::replace(&mut *task.table.lock().unwrap_or_else(|e| e.into_inner()), Table::new(0));
            let mut searcher = Searcher::with_evaluator(&*task.engine, task.eval).with_table(table);
            let result = searcher.search_reporting(&task.history, &task.position, &task.limits, &mut |r| {
                if !gone.load(Ordering::Relaxed) {
                    report(r)
                }
            });
            if task.hold {
                // Returns on stop, or with an error when the search is abandoned.
                let _ = released.recv();
            }
            // Given back before the move is, so that the next search finds it.
            *task.table.lock().unwrap_or_else(|e| e.into_inner()) = searcher.into_table();
            let ending = if gone.load(Ordering::Relaxed) { Ending::Abandoned } else { Ending::Finished };
            over_here.store(true, Ordering::Release);
            finish(result, ending);
        });
        RunningSearch { stop, abandoned, over, release: Some(release), handle: Some(handle) }
    }

    /// Ends the search now; its result is reported. Returns once it has been.
    pub fn stop(mut self) {
        self.stop.raise();
        if let Some(release) = self.release.take() {
            let _ = release.send(());
        }
        self.join();
    }

    /// Lets the search run to its limits; returns once its result is reported.
    pub fn wait(mut self) {
        self.join();
    }

    /// Ends the search now without using its result.
    pub fn abandon(mut self) {
        self.abandon_now();
    }

    fn abandon_now(&mut self) {
        self.abandoned.store(true, Ordering::Relaxed);
        self.stop.raise();
        self.release = None;
        self.join();
    }

    /// Is the search over (its result reported, or being reported: dropping
    /// it then waits for the report)?
    pub fn is_done(&self) -> bool {
        self.over.load(Ordering::Acquire)
    }

    fn join(&mut self) {
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
    }
}

impl Drop for RunningSearch {
    fn drop(&mut self) {
        if self.handle.is_some() {
            self.abandon_now();
        }
    }
}
