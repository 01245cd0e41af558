//! Zone operators as docs/language.md states them: `&` binds tighter than
//! `|` and `-`, which apply left to right.

use vdl_runtime::PlayerId;

/// The cells (by name, White's view) of the zone `z = expr` on a 5x5 board.
fn cells(expr: &str) -> Vec<String> {
    let source = format!(
        "board {{\n    axis file = a..e\n    axis rank = 1..5\n    name file rank\n}}\nforward +rank\nplayer White\n\
         player Black = mirror rank\nzone z = {expr}\ndirection orth = (0,1)*\npiece King K {{\n    royal\n    step orth\n    \
         confined to z | not z\n}}\nsetup \"2k2/5/5/5/2K2 w\"\n"
    );
    let game = vdl_compiler::compile("zones.vdl", &source)
        .unwrap_or_else(|d| panic!("{}", vdl_compiler::render_diagnostics("zones.vdl", &source, &d)));
    let zone = game.zones.iter().find(|z| z.name == "z").expect("the zone");
    game.cell_ids().filter(|&c| zone.cells[PlayerId::FIRST][c.index()]).map(|c| game.board.cells[c].name.clone()).collect()
}

#[test]
fn intersection_binds_tighter_than_union() {
    // (a1 & rank 1) | (b2 & rank 2): a1 and b2. Left to right it would be
    // ((file a & rank 1) | file b) & rank 2: b2 alone.
    assert_eq!(cells("file a & rank 1 | file b & rank 2"), ["a1", "b2"]);
    assert_eq!(cells("(file a & rank 1 | file b) & rank 2"), ["b2"]);
    // a - (b & c): file a without a1.
    assert_eq!(cells("file a - file a & rank 1"), ["a2", "a3", "a4", "a5"]);
    // `|` and `-` left to right: (file a | file b) - rank 1..4.
    assert_eq!(cells("file a | file b - rank 1..4"), ["a5", "b5"]);
}
