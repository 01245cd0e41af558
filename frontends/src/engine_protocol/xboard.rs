//! xboard.
use super::variants::Variants;
use std::io::{self, BufRead, Write};
use std::sync::Arc;
pub fn run(_variants: Arc<Variants>, _input: impl BufRead, _output: impl Write + Send + 'static) -> io::Result<()> {
    Ok(())
}
