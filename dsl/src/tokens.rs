//! The text as tokens: words, signs, strings and comments, with where each
//! starts. `vdl fmt` lays tokens out; the parser counts them and measures their
//! brackets' nesting before it parses.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Token<'a> {
    Word(&'a str),
    Punct(&'static str),
    /// A string with its quotes.
    Text(&'a str),
    Comment(&'a str),
    /// A character that starts no token of the language.
    Other(&'a str),
}

/// A token with the line breaks that came before it in the source.
pub(crate) struct Lexed<'a> {
    pub token: Token<'a>,
    /// Where the token starts in the source.
    pub start: usize,
    pub breaks_before: usize,
}

const PUNCT: [&str; 22] =
    ["..", "==", "!=", "<=", ">=", "<", ">", "{", "}", "(", ")", "[", "]", ",", "*", "|", "&", "-", "+", "=", ":", ";"];

/// The tokens of `source`, in order.
pub(crate) fn lex(source: &str) -> Lexer<'_> {
    // A byte-order mark is not a token.
    let at = if source.starts_with('\u{FEFF}') { '\u{FEFF}'.len_utf8() } else { 0 };
    Lexer { source, at, previous: None }
}

pub(crate) struct Lexer<'a> {
    source: &'a str,
    at: usize,
    previous: Option<Token<'a>>,
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Lexed<'a>;

    fn next(&mut self) -> Option<Lexed<'a>> {
        let (source, bytes) = (self.source, self.source.as_bytes());
        let mut i = self.at;
        let mut breaks = 0;
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            breaks += usize::from(bytes[i] == b'\n');
            i += 1;
        }
        if i == bytes.len() {
            self.at = i;
            return None;
        }
        let (start, c) = (i, bytes[i]);
        let token = if source[i..].starts_with("//") {
            i = source[i..].find('\n').map_or(bytes.len(), |n| i + n);
            Token::Comment(source[start..i].trim_end())
        } else if c == b'"' {
            i = source[i + 1..].find('"').map_or(bytes.len(), |n| i + 1 + n + 1);
            Token::Text(&source[start..i])
        } else if c.is_ascii_alphanumeric() || c == b'_' || (c == b'-' && negative_number(self.previous, bytes.get(i + 1))) {
            i += 1;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            // A promoted form's symbol: `Q~`.
            i += usize::from(bytes.get(i) == Some(&b'~'));
            // Points with a decimal: `1.5` (never a range's `1..8`).
            if bytes[start..i].iter().all(u8::is_ascii_digit)
                && bytes.get(i) == Some(&b'.')
                && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)
            {
                i += 1;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
            }
            Token::Word(&source[start..i])
        } else if c == b'+' && bytes.get(i + 1).is_some_and(u8::is_ascii_uppercase) {
            // A promoted piece's symbol: `+P`.
            i += 2;
            Token::Word(&source[start..i])
        } else if let Some(punct) = PUNCT.iter().find(|p| source[i..].starts_with(**p)) {
            i += punct.len();
            Token::Punct(punct)
        } else {
            // No token of the language; the parser will say so.
            i += source[i..].chars().next().map_or(1, char::len_utf8);
            Token::Other(&source[start..i])
        };
        self.at = i;
        self.previous = Some(token);
        Some(Lexed { token, start, breaks_before: breaks })
    }
}

/// A `-` right before a digit starts a negative number (a vector's component,
/// a label such as `-5`, a comparison's value) where a number can stand: after
/// `(`, `,`, `=`, `..`, `[`, a comparison or a word. After a word it cannot be
/// a zone difference, whose right side never starts with a digit.
fn negative_number(previous: Option<Token<'_>>, next: Option<&u8>) -> bool {
    next.is_some_and(u8::is_ascii_digit)
        && matches!(previous, Some(Token::Punct("(" | "," | "=" | ".." | "[" | "==" | "!=" | "<=" | ">=" | "<" | ">") | Token::Word(_)))
}
