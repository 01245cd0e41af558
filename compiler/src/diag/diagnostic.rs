//! Diagnostics: what is wrong, where, and how to fix it.
//!
//! Rendering is written here rather than delegated to a reporting crate because
//! the first line of every message is a contract other tools parse:
//! `FILE:LINE:COL: error: MESSAGE`.

use crate::diag::codes::Code;
use vdl_dsl::ast::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
}

/// A further place involved in a diagnostic (the earlier duplicate, say).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub span: Span,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable identifier of the kind of problem, listed in docs/errors.md.
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    pub span: Span,
    /// Short text under the underline.
    pub label: Option<String>,
    pub notes: Vec<Note>,
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn error(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { code, severity: Severity::Error, message: message.into(), span, label: None, notes: Vec::new(), help: None }
    }

    pub fn warning(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(code, span, message) }
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    pub fn with_note(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.notes.push(Note { span, message: message.into() });
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    pub fn with_help_opt(mut self, help: Option<String>) -> Diagnostic {
        self.help = help;
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl From<vdl_dsl::SyntaxError> for Diagnostic {
    fn from(error: vdl_dsl::SyntaxError) -> Diagnostic {
        let code = match error.kind {
            vdl_dsl::ErrorKind::Grammar => Code::Syntax,
            vdl_dsl::ErrorKind::Encoding => Code::NotText,
            vdl_dsl::ErrorKind::Limit => Code::BeyondLimits,
        };
        Diagnostic::error(code, error.span, error.message).with_help_opt(error.help)
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    Lines::of(source).line_col(offset)
}

/// Where each line of a source starts, so that the places of many
/// diagnostics are found without reading the file from its start for each.
pub struct Lines<'s> {
    source: &'s str,
    starts: Vec<usize>,
}

impl<'s> Lines<'s> {
    pub fn of(source: &'s str) -> Lines<'s> {
        let starts = std::iter::once(0).chain(source.match_indices('\n').map(|(i, _)| i + 1)).collect();
        Lines { source, starts }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(self.source, offset.min(self.source.len()));
        let line = self.starts.partition_point(|&start| start <= offset);
        let line_start = self.starts[line - 1];
        (line, self.source[line_start..offset].chars().count() + 1)
    }
}

fn floor_char_boundary(source: &str, mut offset: usize) -> usize {
    while !source.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Renders one diagnostic: the contract line, then the source line with the
/// span underlined, then notes and help.
pub fn render(file_name: &str, source: &str, diagnostic: &Diagnostic) -> String {
    render_at(file_name, &Lines::of(source), diagnostic)
}

fn render_at(file_name: &str, lines: &Lines, diagnostic: &Diagnostic) -> String {
    let (line, col) = lines.line_col(diagnostic.span.start);
    let severity = match diagnostic.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let mut out = format!("{file_name}:{line}:{col}: {severity}: {}\n", diagnostic.message);
    let gutter = digits(line).max(diagnostic.notes.iter().map(|n| digits(lines.line_col(n.span.start).0)).max().unwrap_or(1));
    out.push_str(&snippet(lines, diagnostic.span, '^', diagnostic.label.as_deref(), gutter));
    for note in &diagnostic.notes {
        let (line, col) = lines.line_col(note.span.start);
        out.push_str(&format!("{:gutter$} = note: {} ({file_name}:{line}:{col})\n", "", note.message));
        out.push_str(&snippet(lines, note.span, '-', None, gutter));
    }
    if let Some(help) = &diagnostic.help {
        out.push_str(&format!("{:gutter$} = help: {help}\n", ""));
    }
    out.push_str(&format!("{:gutter$} = code: {}\n", "", diagnostic.code));
    out
}

fn digits(n: usize) -> usize {
    n.to_string().len()
}

/// The most characters of a source line a snippet shows: a long line is cut to
/// a window around the span, so that a 10 MB line prints as one screen line.
const SHOWN_CHARS: usize = 100;
/// How many characters before the span a cut line keeps.
const SHOWN_BEFORE: usize = 30;

/// The line holding `span.start`, with the part of `span` on that line marked.
fn snippet(lines: &Lines, span: Span, mark: char, label: Option<&str>, gutter: usize) -> String {
    let source = lines.source;
    let start = floor_char_boundary(source, span.start.min(source.len()));
    let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = source[start..].find('\n').map_or(source.len(), |i| start + i);
    let text = source[line_start..line_end].trim_end_matches('\r');
    let (line, col) = lines.line_col(start);
    let end = floor_char_boundary(source, span.end.clamp(start, line_end));
    let width = source[start..end].chars().count().max(1);
    let line_chars = text.chars().count();
    let (first, shown) = if line_chars <= SHOWN_CHARS {
        (0, line_chars)
    } else {
        let first = (col - 1).saturating_sub(SHOWN_BEFORE).min(line_chars.saturating_sub(SHOWN_CHARS));
        (first, SHOWN_CHARS)
    };
    let before = if first > 0 { "..." } else { "" };
    let after = if first + shown < line_chars { "..." } else { "" };
    // Control characters (a stream of NULs, say) would garble the terminal.
    let window: String = text.chars().skip(first).take(shown).map(|c| if c.is_control() && c != '\t' { '\u{FFFD}' } else { c }).collect();
    let pad: String =
        before.chars().map(|_| ' ').chain(window.chars().take(col - 1 - first).map(|c| if c == '\t' { '\t' } else { ' ' })).collect();
    let marks: String = std::iter::repeat_n(mark, width.min(first + shown + 1 - (col - 1)).max(1)).collect();
    let label = label.map(|l| format!(" {l}")).unwrap_or_default();
    format!("{:gutter$} |\n{line:>gutter$} | {before}{window}{after}\n{:gutter$} | {pad}{marks}{label}\n", "", "")
}

/// Renders all diagnostics, in source order.
pub fn render_all(file_name: &str, source: &str, diagnostics: &[Diagnostic]) -> String {
    let mut sorted: Vec<&Diagnostic> = diagnostics.iter().collect();
    sorted.sort_by_key(|d| (d.span.start, d.severity));
    let lines = Lines::of(source);
    sorted.iter().map(|d| render_at(file_name, &lines, d)).collect::<Vec<_>>().join("\n")
}

/// "did you mean `x`?" for the closest of `candidates`, if any is close.
pub fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let lower = name.to_lowercase();
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(&lower, &c.to_lowercase()), c))
        .filter(|&(distance, c)| distance <= (c.chars().count().max(name.chars().count()) / 3).max(1))
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, c)| format!("did you mean `{c}`?"))
}

/// One diagnostic as a JSON object for editors and tools: `code`, `severity`,
/// `file`, `line`, `column`, `end_line`, `end_column` (1-based; the end is
/// exclusive), `message`, `help` (or null), `notes` (each with a place and a
/// message).
pub fn to_json(file_name: &str, lines: &Lines, diagnostic: &Diagnostic) -> serde_json::Value {
    let place = |span: Span| {
        let (line, column) = lines.line_col(span.start);
        let (end_line, end_column) = lines.line_col(span.end.max(span.start));
        serde_json::json!({ "line": line, "column": column, "end_line": end_line, "end_column": end_column })
    };
    let mut object = serde_json::json!({
        "code": diagnostic.code.id(),
        "severity": match diagnostic.severity { Severity::Error => "error", Severity::Warning => "warning" },
        "file": file_name,
        "message": diagnostic.message,
        "help": diagnostic.help,
        "notes": diagnostic.notes.iter().map(|n| {
            let mut note = place(n.span);
            note["message"] = serde_json::Value::from(n.message.clone());
            note
        }).collect::<Vec<_>>(),
    });
    if let (Some(target), serde_json::Value::Object(at)) = (object.as_object_mut(), place(diagnostic.span)) {
        target.extend(at);
    }
    object
}
