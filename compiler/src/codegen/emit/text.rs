//! Items written as text directly instead of as tokens: the constant tables,
//! which are most of a large game's module. Parsing them with `syn` only to
//! print them again with `prettyplease` took most of `generate_rust`'s time,
//! and their layout (rows of the board) is ours anyway.

use std::fmt::Write as _;

/// `///` lines, one per line of `lines`.
pub fn doc(out: &mut String, lines: &[impl AsRef<str>]) {
    for line in lines {
        let line = line.as_ref();
        if line.is_empty() {
            out.push_str("///\n");
        } else {
            writeln!(out, "/// {line}").unwrap();
        }
    }
}

/// `static NAME: [TYPE; LEN] = [...];` with its doc, the values `per_row` to a
/// line (a row of the board), right-aligned.
pub fn array(out: &mut String, docs: &[impl AsRef<str>], name: &str, ty: &str, len: &str, values: &[String], per_row: usize) {
    doc(out, docs);
    writeln!(out, "static {name}: [{ty}; {len}] = [").unwrap();
    let width = values.iter().map(|v| v.len() + 1).max().unwrap_or(0);
    for row in values.chunks(per_row.max(1)) {
        out.push_str("   ");
        for value in row {
            out.push(' ');
            out.extend(std::iter::repeat_n(' ', width - value.len() - 1));
            out.push_str(value);
            out.push(',');
        }
        out.push('\n');
    }
    out.push_str("];\n");
}

#[cfg(test)]
mod tests {
    #[test]
    fn arrays_are_laid_out_in_right_aligned_rows() {
        let mut out = String::new();
        let values: Vec<String> = ["1", "NONE", "10"].iter().map(|v| v.to_string()).collect();
        super::array(&mut out, &["Doc."], "T", "u16", "CELLS", &values, 2);
        assert_eq!(out, "/// Doc.\nstatic T: [u16; CELLS] = [\n       1, NONE,\n      10,\n];\n");
    }
}
