//! The protocol's output, shared by the thread that reads commands and the
//! thread that searches: one line at a time, flushed at once (a GUI waits for
//! each line). A closed output is not an error here: the session ends when
//! its input does.

use std::io::Write;
use std::sync::{Arc, Mutex};

#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    pub fn new(writer: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new(Box::new(writer))))
    }

    /// Writes `text` and a newline as one line.
    pub fn line(&self, text: impl AsRef<str>) {
        let mut writer = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let _ = writeln!(writer, "{}", text.as_ref());
        let _ = writer.flush();
    }
}
