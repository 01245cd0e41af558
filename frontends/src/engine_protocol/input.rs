//! Reading command lines: a line that is not UTF-8 is read with replacement
//! characters (and then rejected as an unknown command or a bad move), so one
//! bad line never ends a session.

use std::io::{self, BufRead};

/// The next line without its line end, `None` at the end of the input.
pub fn next_line(input: &mut impl BufRead) -> io::Result<Option<String>> {
    let mut bytes = Vec::new();
    if input.read_until(b'\n', &mut bytes)? == 0 {
        return Ok(None);
    }
    let text = String::from_utf8_lossy(&bytes);
    Ok(Some(text.trim_end_matches(['\n', '\r']).to_string()))
}
