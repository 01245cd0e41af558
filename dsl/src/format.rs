//! `vdl fmt`: the canonical layout of a file. The formatter works on tokens, so
//! it keeps every comment and can never change what the file means: one
//! statement per line, four spaces per block level, single spaces between
//! words, none inside vectors, at most one blank line in a row, and a blank line
//! before each block (board, piece, proxy) and between statements of different
//! kinds.

use crate::parser::parse;
use crate::syntax_error::SyntaxError;
use crate::tokens::{lex, Token};
use crate::words::{opens_statement, Block};

struct Line {
    depth: usize,
    text: String,
    blank_before: bool,
    /// A comment alone on its line.
    comment: bool,
    /// The line ends with a comment: nothing more may be added to it.
    closed: bool,
    /// Where the trailing comment starts in `text`, if the line has one.
    trailing_comment: Option<usize>,
}

impl Line {
    fn new(depth: usize, text: impl Into<String>, blank_before: bool) -> Line {
        Line { depth, text: text.into(), blank_before, comment: false, closed: false, trailing_comment: None }
    }
}

/// Formats `source`; a file that does not parse is returned as its error.
pub fn format(source: &str) -> Result<String, SyntaxError> {
    parse(source)?;
    let tokens: Vec<_> = lex(source).collect();
    let mut lines: Vec<Line> = Vec::new();
    let mut blocks = vec![Block::Top];
    let mut statement_word = String::new();
    let mut previous_top_word = String::new();
    let mut parens = 0usize;
    let mut previous: Option<&Token> = None;
    for (index, lexed) in tokens.iter().enumerate() {
        let block = *blocks.last().expect("the top block is never left");
        let depth = blocks.len() - 1;
        let blank = lexed.breaks_before >= 2;
        match &lexed.token {
            Token::Comment(text) => match lines.last_mut() {
                Some(last) if lexed.breaks_before == 0 => {
                    last.trailing_comment = Some(last.text.len());
                    last.text.push_str(text);
                    last.closed = true;
                }
                _ => lines.push(Line { comment: true, closed: true, ..Line::new(depth, *text, blank) }),
            },
            Token::Punct("}") => {
                blocks.pop();
                let depth = blocks.len() - 1;
                match lines.last_mut() {
                    Some(last) if matches!(previous, Some(Token::Punct("{"))) && !last.closed => last.text.push('}'),
                    _ => lines.push(Line::new(depth, "}", false)),
                }
            }
            // `when unmoved` continues a move; no statement ends in `when`.
            Token::Word(word)
                if opens_statement(block, word) && !matches!(previous, Some(Token::Word("where" | "and" | "not" | "when"))) =>
            {
                // Blocks stand apart; otherwise the author's blank lines stay.
                let after_block = matches!(previous_top_word.as_str(), "board" | "piece" | "proxy");
                let is_block = matches!(*word, "board" | "piece" | "proxy");
                let mut blank_before = blank || (block == Block::Top && !lines.is_empty() && (is_block || after_block));
                if block == Block::Top {
                    previous_top_word = word.to_string();
                }
                statement_word = word.to_string();
                if attach_blank_to_comments(&mut lines, depth, blank_before) {
                    blank_before = false;
                }
                lines.push(Line::new(depth, *word, blank_before));
            }
            token => {
                if lines.last().is_none_or(|l| l.closed) {
                    // A statement continued after a comment goes on a new line.
                    let continuation = lines.last().is_some_and(|l| !l.comment);
                    lines.push(Line::new(depth + continuation as usize, String::new(), blank));
                }
                let line = lines.last_mut().expect("a line exists");
                let text = match token {
                    Token::Word(w) | Token::Text(w) | Token::Other(w) => w,
                    Token::Punct(p) => p,
                    Token::Comment(_) => unreachable!("handled above"),
                };
                if space_between(previous, token, parens, &statement_word) && !line.text.is_empty() {
                    line.text.push(' ');
                }
                line.text.push_str(text);
                match token {
                    Token::Punct("(") => parens += 1,
                    Token::Punct(")") => parens = parens.saturating_sub(1),
                    Token::Punct("{") => blocks.push(match statement_word.as_str() {
                        "board" => Block::Board,
                        "proxy" => Block::Proxy,
                        _ => Block::Piece,
                    }),
                    _ => {}
                }
            }
        }
        previous = Some(&tokens[index].token);
    }
    align_trailing_comments(&mut lines);
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        if line.blank_before && i > 0 {
            out.push('\n');
        }
        out.push_str(&"    ".repeat(line.depth));
        out.push_str(&line.text);
        out.push('\n');
    }
    Ok(out)
}

/// Trailing comments of consecutive lines start in one column, two spaces after
/// the longest code among them, so that a run of commented statements reads as
/// a table.
fn align_trailing_comments(lines: &mut [Line]) {
    let mut start = 0;
    while start < lines.len() {
        let mut end = start;
        while end < lines.len() && lines[end].trailing_comment.is_some() && (end == start || !lines[end].blank_before) {
            end += 1;
        }
        if end == start {
            start += 1;
            continue;
        }
        let code_width = |line: &Line| 4 * line.depth + line.trailing_comment.unwrap_or(0);
        let column = lines[start..end].iter().map(code_width).max().unwrap_or(0) + 2;
        for line in &mut lines[start..end] {
            let at = line.trailing_comment.unwrap_or(0);
            let padding = " ".repeat(column - code_width(line));
            line.text.insert_str(at, &padding);
        }
        start = end;
    }
}

/// A blank line wanted before a statement goes before the comments right above
/// it, so that they stay with the statement they describe. Returns whether
/// there were such comments.
fn attach_blank_to_comments(lines: &mut [Line], depth: usize, blank: bool) -> bool {
    let mut first = lines.len();
    while first > 0 && lines[first - 1].comment && lines[first - 1].depth == depth {
        first -= 1;
        if lines[first].blank_before {
            break;
        }
    }
    if first == lines.len() {
        return false;
    }
    lines[first].blank_before |= blank;
    true
}

fn space_between(previous: Option<&Token>, token: &Token, parens: usize, statement: &str) -> bool {
    let Some(previous) = previous else { return false };
    match (previous, token) {
        (_, Token::Punct(")" | "]" | "," | "*" | "..")) => false,
        (Token::Punct("(" | "[" | ".."), _) => false,
        (Token::Punct(","), _) => parens == 0,
        (Token::Punct("+" | "-"), _) if statement == "forward" => false,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::format;

    #[test]
    fn squeezes_vectors_and_spaces_statements() {
        let source = "game \"x\"\nboard {axis file = a .. e axis rank=1..5}\nforward + rank\ndirection d = ( 1 , -2 ) * | (0,1)\n";
        let formatted = format(source).unwrap();
        assert_eq!(
            formatted,
            "game \"x\"\n\nboard {\n    axis file = a..e\n    axis rank = 1..5\n}\n\nforward +rank\ndirection d = (1,-2)* | (0,1)\n"
        );
        assert_eq!(format(&formatted).unwrap(), formatted);
    }

    #[test]
    fn aligns_the_trailing_comments_of_consecutive_lines() {
        let source = "direction orth = (0,1)* // four\ndirection diag = (1,1)*   | (2,2)* // eight\n\nzone z = rank 1 // apart\n";
        let formatted = format(source).unwrap();
        assert_eq!(
            formatted,
            "direction orth = (0,1)*           // four\ndirection diag = (1,1)* | (2,2)*  // eight\n\nzone z = rank 1  // apart\n"
        );
        assert_eq!(format(&formatted).unwrap(), formatted);
    }

    #[test]
    fn keeps_negative_labels_and_coordinate_conditions_whole() {
        let source = "board {axis x = -5 .. 5 axis y=[-1 0 1] cells x+y== -4 without x -5..-4, y -1}\n";
        let formatted = format(source).unwrap();
        assert_eq!(formatted, "board {\n    axis x = -5..5\n    axis y = [-1 0 1]\n    cells x + y == -4\n    without x -5..-4, y -1\n}\n");
        assert_eq!(format(&formatted).unwrap(), formatted);
    }

    #[test]
    fn drops_a_byte_order_mark() {
        assert_eq!(format("\u{FEFF}hands\n").unwrap(), "hands\n");
    }
}
