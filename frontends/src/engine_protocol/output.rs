//! The protocol's output, shared by the thread that reads commands and the
//! thread that searches: one line at a time, flushed at once (a GUI waits for
//! each line). When the output is closed (the GUI went away), writes are
//! dropped and [`Output::is_closed`] tells the session to end.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

#[derive(Clone)]
pub struct Output {
    writer: Arc<Mutex<Box<dyn Write + Send>>>,
    closed: Arc<AtomicBool>,
}

impl Output {
    pub fn new(writer: impl Write + Send + 'static) -> Output {
        Output { writer: Arc::new(Mutex::new(Box::new(writer))), closed: Arc::new(AtomicBool::new(false)) }
    }

    /// Writes `text` and a newline as one line.
    pub fn line(&self, text: impl AsRef<str>) {
        let mut writer = self.writer.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if writeln!(writer, "{}", text.as_ref()).and_then(|()| writer.flush()).is_err() {
            self.closed.store(true, Ordering::Relaxed);
        }
    }

    /// Has a write failed (nobody reads any more)?
    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }
}
