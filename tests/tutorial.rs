//! docs/tutorial.md runs as written: its `vdl file=NAME` blocks are written to
//! their files (each block adds to its file) in a fresh directory, and each
//! `console` block's `$ vdl ...` command is run there once the blocks before it
//! are written; what it prints (standard output, then standard error without
//! `note:` lines, the directory written `.`) must be the block's text. The perft counts the tutorial
//! compares with are Fairy-Stockfish's, written into the text by hand.

use std::path::Path;
use std::process::Command;

/// One step of the tutorial, in order.
enum Step {
    /// Text added to a file.
    Write { file: String, text: String },
    /// A command line and what it prints.
    Run { line: usize, command: String, expected: String },
}

fn steps(markdown: &str) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut lines = markdown.lines().enumerate();
    while let Some((number, line)) = lines.next() {
        let Some(info) = line.strip_prefix("```") else { continue };
        let body: Vec<&str> = lines.by_ref().map(|(_, l)| l).take_while(|l| *l != "```").collect();
        if let Some(file) = info.strip_prefix("vdl file=") {
            steps.push(Step::Write { file: file.to_string(), text: body.iter().map(|l| format!("{l}\n")).collect() });
        } else if info == "console" {
            let command = body[0].strip_prefix("$ ").unwrap_or_else(|| panic!("line {}: a console block starts with `$ `", number + 2));
            let expected = body[1..].iter().map(|l| format!("{l}\n")).collect();
            steps.push(Step::Run { line: number + 2, command: command.to_string(), expected });
        }
    }
    steps
}

/// The words of a command line; double quotes group words.
fn words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    for (i, part) in command.split('"').enumerate() {
        if i % 2 == 1 {
            words.push(part.to_string());
        } else {
            words.extend(part.split_whitespace().map(String::from));
        }
    }
    words
}

fn run(dir: &Path, command: &str) -> String {
    let words = words(command);
    assert_eq!(words[0], "vdl", "the tutorial's console blocks run vdl: {command}");
    let output = Command::new(env!("CARGO_BIN_EXE_vdl")).args(&words[1..]).current_dir(dir).output().expect("vdl runs");
    let stderr: String =
        String::from_utf8_lossy(&output.stderr).lines().filter(|l| !l.starts_with("note: ")).map(|l| format!("{l}\n")).collect();
    format!("{}{stderr}", String::from_utf8_lossy(&output.stdout)).replace(&dir.display().to_string(), ".")
}

#[test]
fn every_command_of_the_tutorial_prints_what_the_tutorial_shows() {
    let markdown = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/tutorial.md")).unwrap();
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let mut commands = 0;
    for step in steps(&markdown) {
        match step {
            Step::Write { file, text } => {
                let path = dir.join(file);
                let before = std::fs::read_to_string(&path).unwrap_or_default();
                std::fs::write(&path, before + &text).unwrap();
            }
            Step::Run { line, command, expected } => {
                commands += 1;
                let printed = run(dir, &command);
                assert_eq!(printed, expected, "docs/tutorial.md:{line}: `{command}` printed something else");
            }
        }
    }
    assert!(commands >= 8, "only {commands} commands found");
}

#[test]
fn the_tutorial_is_in_canonical_layout_and_its_game_agrees_with_fairy_stockfish() {
    let markdown = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/tutorial.md")).unwrap();
    let makruk: String = steps(&markdown)
        .into_iter()
        .filter_map(|s| match s {
            Step::Write { file, text } if file == "makruk.vdl" => Some(text),
            _ => None,
        })
        .collect();
    assert_eq!(vdl_dsl_format(&makruk), makruk, "the tutorial's makruk.vdl is not in canonical layout");
    // Fairy-Stockfish 11.x, `UCI_Variant makruk`, `go perft 1` .. `go perft 3` from the start.
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    std::fs::write(dir.join("makruk.vdl"), &makruk).unwrap();
    for (depth, fairy_stockfish) in [(1, "23"), (2, "529"), (3, "12012")] {
        assert_eq!(run(dir, &format!("vdl perft makruk.vdl {depth}")).trim(), fairy_stockfish, "depth {depth}");
    }
}

/// The file as `vdl fmt` lays it out.
fn vdl_dsl_format(source: &str) -> String {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    std::fs::write(dir.join("makruk.vdl"), source).unwrap();
    run(dir, "vdl fmt makruk.vdl")
}
