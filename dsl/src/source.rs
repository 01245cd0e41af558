//! Bytes to source text: the limits on what the checker reads, a UTF-8 check
//! that says where the first bad byte is, and a byte-order mark accepted.

use crate::ast::Span;
use crate::syntax_error::{ErrorKind, SyntaxError};

/// The largest file the checker reads: ten times the largest real variant
/// file would still be far below it, and reading stops here, so that
/// `vdl check /dev/zero` ends.
pub const MAX_SOURCE_BYTES: usize = 10 * 1024 * 1024;

/// Bytes that are not a source text, with a text to show the error against:
/// the bytes decoded with each bad sequence replaced by `�`, so that the
/// error's line and column are those of the bad byte in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undecodable {
    pub shown: String,
    pub error: SyntaxError,
}

/// The text of `bytes`, which must be UTF-8 and at most [`MAX_SOURCE_BYTES`]
/// long. A byte-order mark stays in the text: the grammar skips it, and spans
/// stay byte offsets into the file.
pub fn decode(bytes: &[u8]) -> Result<&str, Box<Undecodable>> {
    if bytes.len() > MAX_SOURCE_BYTES {
        let kept = &bytes[..MAX_SOURCE_BYTES];
        let shown = String::from_utf8_lossy(kept).into_owned();
        let at = shown.len();
        return Err(Box::new(Undecodable { shown, error: too_large(Span::new(at, at)) }));
    }
    std::str::from_utf8(bytes).map_err(|error| {
        let at = error.valid_up_to();
        let shown = String::from_utf8_lossy(bytes).into_owned();
        let width = '\u{FFFD}'.len_utf8();
        let message = format!("the file is not UTF-8 text: byte 0x{:02X} is not valid UTF-8 here", bytes[at]);
        let help = Some("save the file as UTF-8".to_string());
        Box::new(Undecodable { shown, error: SyntaxError { kind: ErrorKind::Encoding, span: Span::new(at, at + width), message, help } })
    })
}

/// The error for a text longer than [`MAX_SOURCE_BYTES`], at `span`.
pub(crate) fn too_large(span: Span) -> SyntaxError {
    SyntaxError {
        kind: ErrorKind::Limit,
        span,
        message: format!("the file is larger than {} MB; reading stopped here", MAX_SOURCE_BYTES / (1024 * 1024)),
        help: Some("a variant file is a few kilobytes: is this the right file?".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_bad_byte_is_located_in_the_shown_text() {
        let bytes = b"game \"x\"\nzone a\xff = rank 1\n";
        let undecodable = decode(bytes).unwrap_err();
        assert_eq!(undecodable.error.kind, ErrorKind::Encoding);
        assert_eq!(&undecodable.shown[undecodable.error.span.start..undecodable.error.span.end], "\u{FFFD}");
        assert_eq!(&undecodable.shown[..undecodable.error.span.start], "game \"x\"\nzone a");
        assert!(undecodable.error.message.contains("0xFF"), "{}", undecodable.error.message);
    }

    #[test]
    fn a_text_over_the_limit_is_refused_where_the_limit_falls() {
        let bytes = vec![b' '; MAX_SOURCE_BYTES + 1];
        let undecodable = decode(&bytes).unwrap_err();
        assert_eq!(undecodable.error.kind, ErrorKind::Limit);
        assert_eq!(undecodable.error.span.start, MAX_SOURCE_BYTES);
        assert_eq!(decode(&bytes[..MAX_SOURCE_BYTES]).map(str::len), Ok(MAX_SOURCE_BYTES));
    }

    #[test]
    fn a_byte_order_mark_is_accepted() {
        let source = "\u{FEFF}game \"x\"\n";
        let text = decode(source.as_bytes()).unwrap();
        assert!(crate::parse(text).is_ok());
    }
}
