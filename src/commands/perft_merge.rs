//! `vdl perft --merge`: the outputs of `vdl perft --shard K/N` (with
//! `--divide` or without) added up into the output of one unsharded run.

use crate::load::Failure;
use crate::output::outln;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What one shard printed: its divide lines (maybe none) and its total.
struct ShardOutput {
    lines: Vec<(String, u64)>,
    total: u64,
}

pub fn run(paths: &[PathBuf], divide: bool) -> Result<ExitCode, Failure> {
    let mut lines: BTreeMap<String, u64> = BTreeMap::new();
    let mut total = 0u64;
    for path in paths {
        let output = parse(path, &crate::load::read_text_or_stdin(path, "the perft output")?)?;
        for (mv, n) in output.lines {
            if lines.insert(mv.clone(), n).is_some() {
                return Err(Failure::usage(format!(
                    "{}: error: the move {mv} is in two outputs: were two of them the same shard?",
                    path.display()
                )));
            }
        }
        total += output.total;
    }
    if divide {
        for (mv, n) in &lines {
            outln!("{mv}: {n}")?;
        }
    }
    outln!("{total}")?;
    Ok(ExitCode::SUCCESS)
}

/// Lines `MOVE: COUNT`, then the total alone on the last line; the total must
/// be the lines' sum when there are lines (a truncated output is refused).
fn parse(path: &Path, text: &str) -> Result<ShardOutput, Failure> {
    let bad = |line_number: usize, why: &str| Failure::usage(format!("{}:{line_number}: error: {why}", path.display()));
    let mut lines = Vec::new();
    let mut total = None;
    for (number, line) in text.lines().enumerate().map(|(i, line)| (i + 1, line.trim())) {
        if line.is_empty() {
            continue;
        }
        if total.is_some() {
            return Err(bad(number, "a line after the total: expected the total last"));
        }
        match line.rsplit_once(": ") {
            Some((mv, n)) => {
                let n = n.parse().map_err(|_| bad(number, &format!("expected \"MOVE: COUNT\", found \"{line}\"")))?;
                lines.push((mv.to_string(), n));
            }
            None => total = Some(line.parse::<u64>().map_err(|_| bad(number, &format!("expected a count, found \"{line}\"")))?),
        }
    }
    let total = total.ok_or_else(|| bad(text.lines().count(), "no total line: is the output complete?"))?;
    if !lines.is_empty() && lines.iter().map(|(_, n)| n).sum::<u64>() != total {
        return Err(bad(text.lines().count(), "the total is not the sum of the move lines"));
    }
    Ok(ShardOutput { lines, total })
}
