//! Final touches on prettyplease's output: the few array literals left in the
//! code (the promotion rows of a piece, by class) laid out in rows instead of
//! one value per line, and a blank line between items. The tables proper are
//! written as text in rows of the board (see `text`).

/// Reflows `static` array literals to `per_row` values a line, right-aligned,
/// and separates top-level items with blank lines.
pub fn tidy(text: &str, per_row: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::with_capacity(text.len());
    let mut previous: Option<&str> = None;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some(prev) = previous {
            if starts_item(line) && ends_item(prev) && !(line.starts_with("use ") && prev.starts_with("use ")) {
                out.push('\n');
            }
        }
        out.push_str(line);
        out.push('\n');
        previous = Some(line);
        i += 1;
        if line.starts_with("static ") && line.ends_with("= [") {
            let values: Vec<&str> = lines[i..]
                .iter()
                .take_while(|l| l.starts_with("    ") && l.ends_with(',') && !l.trim().contains(' '))
                .map(|l| l.trim())
                .collect();
            if lines.get(i + values.len()) == Some(&"];") {
                let width = values.iter().map(|v| v.len()).max().unwrap_or(0);
                for row in values.chunks(per_row.max(1)) {
                    let cells: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
                    out.push_str("    ");
                    out.push_str(&cells.join(" "));
                    out.push('\n');
                }
                i += values.len();
            }
        }
    }
    out
}

/// A line at the top level that begins an item (or its doc comment).
fn starts_item(line: &str) -> bool {
    !line.starts_with(char::is_whitespace) && !line.starts_with(['}', ']', ')']) && !line.is_empty()
}

/// A line at the top level that ends an item.
fn ends_item(line: &str) -> bool {
    !line.starts_with(char::is_whitespace)
        && !line.starts_with("//")
        && !line.starts_with("#[")
        && (line.ends_with('}') || line.ends_with(';'))
}

#[cfg(test)]
mod tests {
    use super::tidy;

    #[test]
    fn tables_become_rows_and_items_get_blank_lines() {
        let text =
            "use a::b;\nconst X: u8 = 1;\n/// Doc;\nstatic T: [u16; CELLS] = [\n    1,\n    NONE,\n    10,\n];\nfn f() {\n    g();\n}\n";
        let expected = "use a::b;\n\nconst X: u8 = 1;\n\n/// Doc;\nstatic T: [u16; CELLS] = [\n       1, NONE,\n      10,\n];\n\nfn f() {\n    g();\n}\n";
        assert_eq!(tidy(text, 2), expected);
    }
}
