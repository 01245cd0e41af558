//! Ladies and Generals (the 3D Okisaki expansion) on hand-built positions: each
//! test quotes the seed (../shared/seeds/003_*.txt) or the rules note
//! (../shared/rules/okisaki-3d.md). Cells are filestack, rank, level (`d5w`).

mod common;
use common::{all_moves, engines, moves_from, place};
use vdl_runtime::PlayerId;
use vdl_runtime::{fen, Engine};

const V: &str = "ladies-and-generals";
/// The Emperors out of every ray through d5w.
const EMPERORS: &str = "Ka1u kf9z";

/// The directions (reduced vectors) of the moves of the piece on `from`, and
/// whether any move goes further than one step.
fn directions(engine: &dyn Engine, pieces: &str, from: &str) -> (usize, bool) {
    let game = engine.game();
    let pos = place(engine, pieces, PlayerId::FIRST);
    let start = &game.board.cells[game.cell_by_name(from).unwrap()].coords;
    let mut dirs: Vec<Vec<i32>> = Vec::new();
    let mut slides = false;
    for mv in moves_from(engine, &pos, from) {
        let to = mv.split('-').nth(1).unwrap().split('=').next().unwrap();
        let end = &game.board.cells[game.cell_by_name(to).unwrap()].coords;
        let delta: Vec<i32> = end.iter().zip(start).map(|(a, b)| a - b).collect();
        let size = delta.iter().map(|d| d.abs()).max().unwrap();
        slides |= size > 1;
        let dir: Vec<i32> = delta.iter().map(|d| d / size).collect();
        if !dirs.contains(&dir) {
            dirs.push(dir);
        }
    }
    (dirs.len(), slides)
}

#[test]
fn every_piece_has_its_directions() {
    // "The EMPEROR moves along any of the 26 radials", "The EMPRESS moves along any
    // of the 26 radials", "The DUCHESS moves along any of the 6 orthogonals and 8
    // NDs", "The GOVERNOR moves along any of the 12 SDs and 8 NDs", "The QUEEN moves
    // along any of the 6 orthogonals and 12 SDs", "The ROOK moves along any of the 6
    // orthogonals", "The BISHOP moves along any of the 12 SDs", "The UNICORN moves
    // along any of the 8 NDs", "The SKYGENERAL moves along any of the 6
    // orthogonals, 12 SDs, and 4 forward NDs", "The BRASSGENERAL moves along any of
    // the 6 orthogonals and 4 forward NDs", "The STEELGENERAL moves along any of the
    // 12 SDs and 4 forward NDs", "The COASTGENERAL moves along any of the 8 NDs, the
    // forward orthogonal, and the 4 forward SDs", "The AZUREGENERAL moves along any
    // of the 8 NDs and the forward orthogonal", "The JADEGENERAL moves along any of
    // the 8 NDs and 4 forward SDs", "The QUEENRANKER moves along any of the forward
    // orthogonal, backward orthogonal, and 4 forward and 4 backward SDs", "The
    // ROOKRANKER moves along the forward orthogonal and backward orthogonal", "The
    // BISHORANKER moves along any of the 4 forward and 4 backward SDs", "The
    // PRINCELING moves along any of the forward orthogonal and 4 forward SDs".
    // note: the rankers slide.
    let expected: [(&str, usize, bool); 18] = [
        ("E", 26, true),
        ("D", 14, true),
        ("G", 20, true),
        ("Q", 18, true),
        ("R", 6, true),
        ("B", 12, true),
        ("U", 8, true),
        ("S", 22, false),
        ("A", 10, false),
        ("T", 16, false),
        ("C", 13, false),
        ("Z", 9, false),
        ("J", 12, false),
        ("O", 10, true),
        ("L", 2, true),
        ("Y", 8, true),
        ("P", 5, false),
        ("+P", 18, false),
    ];
    for (name, engine) in engines(V) {
        for (symbol, count, slides) in expected {
            let got = directions(&*engine, &format!("{EMPERORS} {symbol}d5w"), "d5w");
            assert_eq!(got, (count, slides), "{name}: {symbol}");
        }
        // "The EMPEROR moves along any of the 26 radials" (one step).
        assert_eq!(directions(&*engine, "Kd5w kf9z", "d5w"), (26, false), "{name}");
    }
}

#[test]
fn promoted_forms_add_the_missing_emperor_steps() {
    // "promotable to DOWAGER by adding remaining Emperor moves" (and so on):
    // every promoted slider has all 26 directions; "promotable to SUNGENERAL by
    // adding remaining forward Emperor moves": the Brassgeneral's 10 and the 4
    // forward SDs.
    for (name, engine) in engines(V) {
        for symbol in ["+D", "+G", "+Q", "+R", "+B", "+U"] {
            assert_eq!(directions(&*engine, &format!("{EMPERORS} {symbol}d5w"), "d5w").0, 26, "{name}: {symbol}");
        }
        for (symbol, count) in [("+A", 14), ("+T", 17), ("+Z", 13), ("+J", 13), ("+L", 10), ("+Y", 13)] {
            assert_eq!(directions(&*engine, &format!("{EMPERORS} {symbol}d5w"), "d5w"), (count, false), "{name}: {symbol}");
        }
    }
}

#[test]
fn promotion_is_offered_entering_within_and_leaving_the_camp() {
    // "Promotable pieces can be promoted at the end of any move entering, moving
    // within, or leaving the three ranks of the enemy camp."
    for (name, engine) in engines(V) {
        let pos = place(&*engine, &format!("{EMPERORS} Rc6w"), PlayerId::FIRST);
        let moves = moves_from(&*engine, &pos, "c6w");
        assert!(moves.contains(&"c6w-c7w".to_string()) && moves.contains(&"c6w-c7w=+R".to_string()), "{name}");
        assert!(!moves.contains(&"c6w-c5w=+R".to_string()), "{name}: outside the camp");
        let pos = place(&*engine, &format!("{EMPERORS} Rc8w"), PlayerId::FIRST);
        let moves = moves_from(&*engine, &pos, "c8w");
        assert!(moves.contains(&"c8w-c9w=+R".to_string()) && moves.contains(&"c8w-c2w=+R".to_string()), "{name}");
    }
}

#[test]
fn rankers_switch_either_way() {
    // "In the case of the Rookranker/Goldgeneral and Bishoranker/Silvergeneral the
    // switch can be made either way at the end of such a move"
    for (name, engine) in engines(V) {
        let pos = place(&*engine, &format!("{EMPERORS} +Lc7w +Yd7x"), PlayerId::FIRST);
        assert!(moves_from(&*engine, &pos, "c7w").contains(&"c7w-c8w=L".to_string()), "{name}");
        assert!(moves_from(&*engine, &pos, "d7x").contains(&"d7x-d8x=Y".to_string()), "{name}");
        let pos = place(&*engine, &format!("{EMPERORS} Lc6w"), PlayerId::FIRST);
        assert!(moves_from(&*engine, &pos, "c6w").contains(&"c6w-c7w=+L".to_string()), "{name}");
    }
}

#[test]
fn a_princeling_reaching_the_far_rank_must_promote() {
    // "A Princeling reaching the far rank must be promoted."
    for (name, engine) in engines(V) {
        let pos = place(&*engine, &format!("{EMPERORS} Pc8w"), PlayerId::FIRST);
        assert_eq!(moves_from(&*engine, &pos, "c8w"), ["c8w-b9w=+P", "c8w-c9v=+P", "c8w-c9w=+P", "c8w-c9x=+P", "c8w-d9w=+P"], "{name}");
        let pos = place(&*engine, &format!("{EMPERORS} Pc7w"), PlayerId::FIRST);
        assert_eq!(moves_from(&*engine, &pos, "c7w").len(), 10, "{name}: promotion optional before the far rank");
    }
}

/// The drops of `symbol` in a position with one such piece in White's hand.
fn drops(engine: &dyn Engine, board: &str, hand: &str) -> Vec<String> {
    let pos = fen::parse(engine.game(), &format!("{board}[{hand}] w")).unwrap();
    all_moves(engine, &pos).into_iter().filter(|m| m.contains('*')).collect()
}

/// An otherwise empty board with the Emperors, and `extra` rows for level w.
fn board(level_w: &str) -> String {
    let empty = "6/6/6/6/6/6/6/6/6";
    let u = "6/6/6/6/6/6/6/6/K5";
    let z = "5k/6/6/6/6/6/6/6/6";
    [u, empty, level_w, empty, empty, z].join("|")
}

#[test]
fn captured_pieces_are_dropped_but_never_where_they_must_promote() {
    // "A player capturing an enemy piece may later, in place of a normal move, add
    // that piece to their own army, in its array form on a cell where promotion
    // would not be compulsory."
    for (name, engine) in engines(V) {
        let empty_board = board("6/6/6/6/6/6/6/6/6");
        let princeling = drops(&*engine, &empty_board, "P");
        // 324 cells, 2 Emperors, and no drop on the 35 empty cells of rank 9 (the
        // Black Emperor stands on f9z).
        assert_eq!(princeling.len(), 324 - 2 - 35, "{name}");
        assert!(princeling.iter().all(|m| !m.contains('9')), "{name}");
        assert_eq!(drops(&*engine, &empty_board, "R").len(), 322, "{name}");
    }
}

#[test]
fn limits_on_files_and_bindings() {
    // "a player may not have three or more unpromoted Princelings on the same
    // file. Nor can they have more than four unpromoted Rookrankers on a file, more
    // than two unpromoted Bishops on the same Bishop binding, or more than two
    // unpromoted Unicorns on the same Unicorn binding."
    for (name, engine) in engines(V) {
        // Two Princelings on file c-w (c3w, c4w): a third may not join them.
        let with_two = drops(&*engine, &board("6/6/6/6/6/2P3/2P3/6/6"), "P");
        assert!(!with_two.contains(&"P*c5w".to_string()) && with_two.contains(&"P*c5x".to_string()), "{name}");
        // Four Rookrankers on file a-w: no fifth.
        let with_four = drops(&*engine, &board("6/6/6/6/L5/L5/L5/L5/6"), "L");
        assert!(!with_four.contains(&"L*a7w".to_string()) && with_four.contains(&"L*b7w".to_string()), "{name}");
        // Two Bishops on a1w's binding (even coordinate sum): a third only on the
        // other binding.
        let bishops = drops(&*engine, &board("6/6/6/6/6/6/6/6/B1B3"), "B");
        assert!(!bishops.contains(&"B*e1w".to_string()) && bishops.contains(&"B*d1w".to_string()), "{name}");
        // Unicorns: four bindings (the parities of filestack, level and rank).
        let unicorns = drops(&*engine, &board("6/6/6/6/6/6/6/6/U1U3"), "U");
        assert!(!unicorns.contains(&"U*e1w".to_string()) && unicorns.contains(&"U*d1w".to_string()), "{name}");
    }
}

#[test]
fn a_princeling_may_not_step_onto_a_file_holding_two() {
    // "a player may not have three or more unpromoted Princelings on the same
    // file" — with Princelings on c3w and c5w, the one on b3w may step forward
    // (b4w) and along its forward diagonals (a4w, b4v, b4x) but not to c4w,
    // the third on file c-w. The count of legal moves, which judges such steps
    // by the limits alone, agrees.
    for (name, engine) in engines(V) {
        let pos = fen::parse(engine.game(), &format!("{}[-] w", board("6/6/6/6/2P3/6/1PP3/6/6"))).unwrap();
        assert_eq!(moves_from(&*engine, &pos, "b3w"), ["b3w-a4w", "b3w-b4v", "b3w-b4w", "b3w-b4x"], "{name}");
        let listed = all_moves(&*engine, &pos).len() as u64;
        assert_eq!(engine.count_legal(&mut pos.clone(), &mut Default::default()), listed, "{name}");
    }
}
