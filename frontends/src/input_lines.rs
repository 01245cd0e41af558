//! Request lines read on their own thread, as bytes: a line that is not UTF-8
//! or is too long is reported as such (the protocol answers it with an error
//! and goes on) instead of ending the input, and the reading never blocks the
//! thread that answers, so that a request such as `stop` is seen while a
//! search runs.

use std::io::{self, BufRead, BufReader, Read};
use std::sync::mpsc::Sender;

/// The longest request line, newline excluded; longer lines are skipped.
pub const MAX_LINE: usize = 1 << 20;

/// One line of input.
#[derive(Debug)]
pub enum InputLine {
    /// A line, without its line ending.
    Text(String),
    /// A line that is not valid UTF-8; the byte offset of the first bad byte.
    NotUtf8 { at: usize },
    /// A line longer than [`MAX_LINE`] bytes (skipped).
    TooLong,
}

/// What the reading thread reports.
#[derive(Debug)]
pub enum Input {
    Line(InputLine),
    /// The input ended (or could not be read: the error).
    Ended(Option<io::Error>),
}

/// Reads `input` on a new thread, sending each line as `wrap(Input)` until the
/// input ends or nobody listens any more.
pub fn spawn<R, E>(input: R, events: Sender<E>, wrap: fn(Input) -> E)
where
    R: Read + Send + 'static,
    E: Send + 'static,
{
    std::thread::spawn(move || {
        let mut reader = BufReader::new(input);
        loop {
            let event = match next_line(&mut reader) {
                Ok(Some(line)) => Input::Line(line),
                Ok(None) => Input::Ended(None),
                Err(e) => Input::Ended(Some(e)),
            };
            let last = matches!(event, Input::Ended(_));
            if events.send(wrap(event)).is_err() || last {
                return;
            }
        }
    });
}

/// The next line, `None` at the end of the input.
fn next_line(reader: &mut impl BufRead) -> io::Result<Option<InputLine>> {
    let mut bytes = Vec::new();
    let read = loop {
        match reader.by_ref().take(MAX_LINE as u64 + 1).read_until(b'\n', &mut bytes) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            other => break other?,
        }
    };
    if read == 0 {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
    } else if bytes.len() > MAX_LINE {
        reader.skip_until(b'\n')?;
        return Ok(Some(InputLine::TooLong));
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    Ok(Some(match String::from_utf8(bytes) {
        Ok(text) => InputLine::Text(text),
        Err(e) => InputLine::NotUtf8 { at: e.utf8_error().valid_up_to() },
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<String> {
        let mut reader = BufReader::new(input);
        std::iter::from_fn(|| next_line(&mut reader).unwrap()).map(|l| format!("{l:?}")).collect()
    }

    #[test]
    fn lines_are_text_or_say_what_is_wrong() {
        let mut input = b"one\r\n\xff\xfe two\n\ntwo".to_vec();
        input.extend(vec![b'x'; MAX_LINE + 10]);
        input.extend(b"\nlast\n");
        assert_eq!(
            lines(&input),
            ["Text(\"one\")", "NotUtf8 { at: 0 }", "Text(\"\")", "TooLong", "Text(\"last\")"].map(String::from).to_vec()
        );
        assert_eq!(lines(&[b'y'; MAX_LINE]), [format!("Text({:?})", "y".repeat(MAX_LINE))]);
    }
}
