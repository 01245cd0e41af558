//! Turn Qi on hand-built positions: each test quotes the seed
//! (../shared/seeds/004_*.txt) or the rules note (../shared/rules/turn-qi.md) and
//! asserts what the ring of ranks i..z (z next to i) allows.

mod common;
use common::{all_moves, assert_moves, engines, moves_from, place};
use vdl_runtime::PlayerId;
use vdl_runtime::{fen, legal, notation};

const V: &str = "turn-qi";
/// The Kings on their start cells, kept from facing along either arc of file c
/// by Wazirs on co and cx.
const KINGS: &str = "Kcm kcv Wco Wcx";

/// The cells a lone piece can reach by any number of its own moves.
fn reachable(pieces: &str, from: &str) -> Vec<String> {
    let (_, engine) = engines(V).remove(0);
    let game = engine.game();
    let mut seen = vec![from.to_string()];
    let mut queue = vec![place(&*engine, pieces, PlayerId::FIRST)];
    let mut cell_of = vec![from.to_string()];
    while let Some(pos) = queue.pop() {
        let here = cell_of.pop().unwrap();
        for mv in legal::legal_moves(&*engine, &pos) {
            let text = notation::move_text(game, mv);
            let Some(to) = text.strip_prefix(&format!("{here}-")) else { continue };
            if !seen.iter().any(|s| s == to) {
                seen.push(to.to_string());
                let mut next = pos.clone();
                next.make(mv);
                next.side = PlayerId::FIRST;
                queue.push(next);
                cell_of.push(to.to_string());
            }
        }
    }
    seen.sort();
    seen
}

#[test]
fn each_elephant_reaches_six_cells_and_the_two_cover_twelve() {
    // "Elephants start on cells cl/cn/cu/cw, which means that each Elephant can
    // reach only 6 cells, one less than in standard XQ, but as they reach
    // different sets of cells a player's two Elephants cover 12 cells between
    // them."
    let first = reachable(&format!("{KINGS} Ecl"), "cl");
    assert_eq!(first, ["aj", "an", "cl", "cp", "ej", "en"]);
    let second = reachable(&format!("{KINGS} Ecn"), "cn");
    assert_eq!(second, ["al", "ap", "cj", "cn", "el", "ep"]);
    assert!(first.iter().all(|c| !second.contains(c)));
}

#[test]
fn fezbaba_moves_round_or_through_the_king_cell() {
    // "moves one step diagonally round the King cell or two orthogonally through
    // it. The orthogonal move is blocked by an ally on the King cell, but captures
    // an enemy there just as it does an enemy on the destination cell."
    assert_moves(V, "Kdl kcv Wco Fbm", "bm", &["bm-cl", "bm-cn", "bm-dm"]);
    assert_moves(V, "Kcm kcv Wco Wcx Fbm", "bm", &["bm-cl", "bm-cn"]);
    for (name, engine) in engines(V) {
        let mut pos = place(&*engine, "Kdl kcv Wco Fbm wcm", PlayerId::FIRST);
        let mv = notation::parse_move(&*engine, &pos, "bm-dm").unwrap_or_else(|e| panic!("{name}: {e}"));
        pos.make(mv);
        assert_eq!(fen::format(engine.game(), &pos).split(' ').next().unwrap(), "5/5/5/5/2k2/5/5/5/5/5/5/2W2/5/3F1/3K1/5/5/5", "{name}");
    }
}

#[test]
fn one_move_can_capture_two_pieces() {
    // note: "On the two-step move the halfway cell blocks if it holds an ally and
    // is captured if it holds an enemy (as well as an enemy on the destination)."
    for (name, engine) in engines(V) {
        let mut pos = place(&*engine, "Kdl kcv Wco Fbm wcm wdm", PlayerId::FIRST);
        let mv = notation::parse_move(&*engine, &pos, "bm-dm").unwrap_or_else(|e| panic!("{name}: {e}"));
        let black_before = pos.board().iter().filter(|p| p.is_of(PlayerId::SECOND)).count();
        pos.make(mv);
        assert_eq!(pos.board().iter().filter(|p| p.is_of(PlayerId::SECOND)).count(), black_before - 2, "{name}");
    }
}

#[test]
fn knight_leaps_across_the_z_i_seam() {
    // "It makes a root-5 leap and can reach any part of the board." note: ranks
    // wrapping.
    assert_moves(V, &format!("{KINGS} Nai"), "ai", &["ai-bk", "ai-by", "ai-cj", "ai-cz"]);
}

#[test]
fn rook_null_move_round_an_empty_file() {
    // "on an otherwise empty file can make a null move crossing the River twice."
    for (name, engine) in engines(V) {
        let pos = place(&*engine, &format!("{KINGS} Rak"), PlayerId::FIRST);
        let moves = moves_from(&*engine, &pos, "ak");
        assert!(moves.contains(&"ak-ak".to_string()), "{name}: {moves:?}");
        // 17 other cells of the file, the null move, 4 along rank k.
        assert_eq!(moves.len(), 22, "{name}: {moves:?}");
        // A piece on the file, up from the Rook or past the seam of the
        // ring (on rank i, below it), leaves no null move.
        for blocker in ["war", "wai"] {
            let pos = place(&*engine, &format!("{KINGS} Rak {blocker}"), PlayerId::FIRST);
            assert!(!moves_from(&*engine, &pos, "ak").contains(&"ak-ak".to_string()), "{name}: {blocker}");
        }
    }
}

#[test]
fn check_is_given_round_the_ring() {
    // note: "ROOK: slides orthogonally through empty cells; along a file it wraps
    // around the ring." A Rook on cj attacks the Black King on cw through ci, cz,
    // cy and cx.
    for (name, engine) in engines(V) {
        let pos = place(&*engine, "Kbm Wcn Rcj kcw", PlayerId::SECOND);
        assert!(legal::in_check(&*engine, &pos), "{name}");
        let pos = place(&*engine, "Kbm Wcn Rcj kcw wcz", PlayerId::SECOND);
        assert!(!legal::in_check(&*engine, &pos), "{name}: a piece on cz screens it");
    }
}

#[test]
fn clockwazir_crossing_back_becomes_a_wazir() {
    // "On crossing the River to the enemy half of the board they can also move one
    // cell in or out along a rank ... Should either piece manage a second crossing
    // back to their own side of their River, it is promoted to a full Wazir."
    assert_moves(V, &format!("{KINGS} Cai"), "ai", &["ai-az"]);
    assert_moves(V, &format!("{KINGS} Car"), "ar", &["ar-aq=W", "ar-br"]);
    // "The WAZIR moves one step orthogonally throughout the board."
    assert_moves(V, &format!("{KINGS} Waq"), "aq", &["aq-ap", "aq-ar", "aq-bq"]);
}

#[test]
fn kings_may_not_face_across_the_seam() {
    // "Kings must be kept out of checkmate and not face each other across either
    // River." With the upper arc of file c blocked on cn, a King on cl would face
    // the King on cw across the z/i River.
    for (name, engine) in engines(V) {
        let pos = place(&*engine, "Kbl Wcn kcw", PlayerId::FIRST);
        let moves = all_moves(&*engine, &pos);
        assert!(!moves.contains(&"bl-cl".to_string()), "{name}: {moves:?}");
        assert!(moves.contains(&"bl-bm".to_string()), "{name}: {moves:?}");
        // On cm the King would face cw down the lower arc (cl .. cx), the
        // Wazir on cn closing only the upper one; the Wazir's four steps are
        // all legal. Counted as perft's last ply counts them too.
        assert_eq!(moves, ["bl-bm", "cn-bn", "cn-cm", "cn-co", "cn-dn"], "{name}");
        assert_eq!(engine.count_legal(&mut pos.clone(), &mut Default::default()), 5, "{name}");
    }
}
