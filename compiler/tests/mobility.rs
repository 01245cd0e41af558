//! Where a piece "could never move" is judged on an empty board, but moves that
//! need another piece (captures, hops over a screen) count where the cells they
//! need exist: such a piece may be dropped, and its optional promotion is not
//! forced, except where even those moves run off the board.

fn compile(source: &str) -> vdl_runtime::Game {
    vdl_compiler::compile("mobility.vdl", source)
        .unwrap_or_else(|e| panic!("{}", vdl_compiler::render_diagnostics("mobility.vdl", source, &e)))
}

const GAME: &str = r#"
board {
    axis file = a..e
    axis rank = 1..5
}
forward +rank
player White
player Black = mirror rank
zone camp = rank 4..5
direction orth = (0,1)*
piece King K {
    royal
    step orth
}
piece Biter B {
    step (0,1) capture only
    may promote to King in camp
}
piece Cannon C {
    hop (0,1)
    may promote to King in camp
}
hands
setup "2k2/5/5/5/BCK2[-] w"
"#;

fn cells(game: &vdl_runtime::Game, zone: Option<vdl_runtime::ir::ZoneId>) -> Vec<String> {
    let Some(zone) = zone else { return Vec::new() };
    game.cell_ids().filter(|&c| game.in_zone(zone, vdl_runtime::PlayerId::FIRST, c)).map(|c| game.board.cells[c].name.clone()).collect()
}

#[test]
fn a_capture_only_piece_is_dead_only_where_its_capture_leaves_the_board() {
    let game = compile(GAME);
    let biter = game.piece_by_symbol("B").unwrap();
    let last_rank: Vec<String> = ["a5", "b5", "c5", "d5", "e5"].map(String::from).to_vec();
    assert_eq!(cells(&game, game.pieces[biter].no_drop), last_rank);
    assert_eq!(cells(&game, game.pieces[biter].promotions[0].forced_at), last_rank);
}

#[test]
fn a_hopping_piece_needs_room_for_the_screen_and_the_landing() {
    let game = compile(GAME);
    let cannon = game.piece_by_symbol("C").unwrap();
    let last_two: Vec<String> = ["a4", "b4", "c4", "d4", "e4", "a5", "b5", "c5", "d5", "e5"].map(String::from).to_vec();
    assert_eq!(cells(&game, game.pieces[cannon].no_drop), last_two);
}
