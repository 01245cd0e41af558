//! vdl's chess against python-chess, an independent chess library
//! (tests/python_chess/check_chess.py): along random games every legal move
//! list and position string must be python-chess's, and python-chess must be
//! able to drive `vdl uci` as a chess engine, MultiPV analysis included.
//!
//! It needs the Python package `chess` (`pip install chess`), so it runs only
//! when VDL_PYTHON_CHESS_TESTS=1 (`.ci/run` installs it and sets it).

mod skip;

use std::path::Path;
use std::process::Command;

#[test]
fn chess_agrees_with_python_chess_and_python_chess_drives_vdl_uci() {
    if !skip::enabled(
        "VDL_PYTHON_CHESS_TESTS",
        "chess_agrees_with_python_chess_and_python_chess_drives_vdl_uci",
        "compare with python-chess (needs `pip install chess`)",
    ) {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = Command::new("python3")
        .arg(root.join("tests/python_chess/check_chess.py"))
        .arg(env!("CARGO_BIN_EXE_vdl"))
        .arg(root.join("variants/chess.vdl"))
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the python-chess check failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("positions agree with python-chess"), "{stdout}");
    assert!(stdout.contains("MultiPV gave 3 lines"), "{stdout}");
}
