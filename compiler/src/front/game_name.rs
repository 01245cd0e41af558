//! The game's name: the `game "..."` statement's text, else the file's stem.
//! Front ends print it in terminals and web pages, and `vdl build` writes it
//! into a cargo project's comments and manifest, so it holds no control
//! characters: a carriage return, NUL, escape or DEL would break a line,
//! change what a terminal shows or make the project unreadable to cargo.

use crate::diag::codes::Code;
use crate::diag::diagnostic::Diagnostic;
use vdl_dsl::ast;

/// The name the file gives, or its stem; a stem's control characters (a file
/// name may hold any) become U+FFFD, as unreadable bytes already do.
pub fn of(game: Option<&ast::Text>, file_name: &str) -> String {
    match game {
        Some(text) => text.value.clone(),
        None => file_stem(file_name).chars().map(|c| if c.is_control() { char::REPLACEMENT_CHARACTER } else { c }).collect(),
    }
}

/// Reports the first control character of a `game` statement's name, at its
/// place in the string.
pub fn check(game: &ast::Text, diags: &mut Vec<Diagnostic>) {
    let Some((at, c)) = game.value.char_indices().find(|(_, c)| c.is_control()) else {
        return;
    };
    let start = game.span.start + at;
    diags.push(
        Diagnostic::error(
            Code::ControlInName,
            ast::Span::new(start, start + c.len_utf8()),
            format!("the game's name holds the control character U+{:04X}", c as u32),
        )
        .with_label("not a visible character")
        .with_help("a game's name is shown in terminals, web pages and generated programs; write it in visible characters"),
    );
}

fn file_stem(file_name: &str) -> String {
    std::path::Path::new(file_name).file_stem().map_or_else(|| file_name.to_string(), |s| s.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_stem_keeps_no_control_character() {
        assert_eq!(of(None, "dir/bad\nname\u{1b}[31m.vdl"), "bad\u{fffd}name\u{fffd}[31m");
        assert_eq!(of(None, "Xiang Qi.vdl"), "Xiang Qi");
    }
}
