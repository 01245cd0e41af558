//! Promotions for some players only (`... for PLAYER`), on a small game built
//! for the test and run on the interpreter, and (with VDL_BUILD_TESTS=1) on
//! its own compiled program made by `vdl build` (tests/grand_chess.rs runs
//! `lost` on both engines of a bundled game). The rule, from
//! docs/language.md: "the promotion is only for the named players' pieces; the
//! others' moves never meet it (nor its `must`)".

mod skip;

mod common;
use common::{moves_from, place};
use vdl_runtime::Interpreter;
use vdl_runtime::PlayerId;

const GAME: &str = r#"
game "Per player"
board {
    axis file = a..e
    axis rank = 1..5
    name file rank
}
forward +rank
player white
player black = mirror rank
zone far = rank 4..5
direction orth = (0,1)*
direction diag = (1,1)*
piece King K {
    royal
    step orth | diag
}
piece Queen Q {
    slide orth | diag
}
piece Rook R {
    slide orth
}
piece Bishop B {
    slide diag
}
piece Pawn P {
    step (0,1) move only
    may promote to Queen, Rook in far for white
    may promote to Queen, Bishop in far for black
    must promote to lost Rook in far for black
}
setup "r1k1b/5/p3p/P3P/R1K1B w"
"#;

fn engine() -> Interpreter {
    Interpreter::new(vdl_compiler::compile("per-player.vdl", GAME).expect("the test game checks"))
}

#[test]
fn each_player_has_its_own_choices() {
    let engine = engine();
    // White's pawn: "player A's pawn may become X, Y".
    let pos = place(&engine, "Ka1 kc5 Pb3", PlayerId::FIRST);
    assert_eq!(moves_from(&engine, &pos, "b3"), ["b3-b4", "b3-b4=Q", "b3-b4=R"]);
    // Black's pawn: "and player B's X, Z"; Black has lost its Rook, so its
    // own compulsory promotion to a lost Rook is open too.
    let pos = place(&engine, "Ka1 kc5 pb3", PlayerId::SECOND);
    assert_eq!(moves_from(&engine, &pos, "b3"), ["b3-b2=B", "b3-b2=Q", "b3-b2=R"]);
}

#[test]
fn a_compulsory_promotion_for_one_player_binds_only_it() {
    let engine = engine();
    // Black still has its Rook: the compulsory promotion's choice is closed,
    // yet it still takes away the plain move; the optional choices remain.
    let pos = place(&engine, "Ka1 kc5 ra5 pb3", PlayerId::SECOND);
    assert_eq!(moves_from(&engine, &pos, "b3"), ["b3-b2=B", "b3-b2=Q"]);
    // White's moves never meet Black's `must`: its plain move stays.
    let pos = place(&engine, "Ka1 kc5 Pb3", PlayerId::FIRST);
    assert!(moves_from(&engine, &pos, "b3").contains(&"b3-b4".to_string()));
}

/// The manual's example writes `for white` and `for black`; a file that
/// declares `player White` and `player Black` means the same players (names
/// are matched in any case), and gives the same game.
#[test]
fn player_names_are_matched_in_any_case() {
    let capitalised = GAME.replace("player white\n", "player White\n").replace("player black = mirror rank", "player Black = mirror rank");
    assert!(capitalised.contains("player White") && capitalised.contains("for white"), "the test game changed");
    let game = vdl_compiler::compile("capitalised.vdl", &capitalised)
        .unwrap_or_else(|d| panic!("{}", vdl_compiler::render_diagnostics("capitalised.vdl", &capitalised, &d)));
    let lower = vdl_compiler::compile("per-player.vdl", GAME).expect("the test game checks");
    assert_eq!(game.pieces, lower.pieces, "the same promotions for the same players");
    // A name no player has in any case is still unknown.
    let unknown = capitalised.replacen("for white", "for whyte", 1);
    let diagnostics = vdl_compiler::compile("unknown.vdl", &unknown).unwrap_err();
    let text = vdl_compiler::render_diagnostics("unknown.vdl", &unknown, &diagnostics);
    assert!(text.contains("unknown player `whyte`") && text.contains("White"), "{text}");
}

/// A player-only promotion zone: the page shades the zone for the players
/// whose pieces promote there (`promotes_for`); here, whose choices there are
/// not empty. A zone every player promotes in (Shogi's camp) lists both.
#[test]
fn the_page_learns_whose_pieces_promote_in_a_zone() {
    let only_white =
        GAME.replace("    may promote to Queen, Bishop in far for black\n    must promote to lost Rook in far for black\n", "");
    let game = vdl_compiler::compile("only-white.vdl", &only_white).expect("the test game checks");
    let desc = vdl_frontends::json::game_description(&game);
    let far = desc["zones"].as_array().unwrap().iter().find(|z| z["name"] == "far").expect("the promotion zone");
    assert_eq!(far["uses"], serde_json::json!(["promotion"]));
    assert_eq!(far["promotes_for"], serde_json::json!([0]));
    let both = vdl_compiler::compile("per-player.vdl", GAME).expect("the test game checks");
    let desc = vdl_frontends::json::game_description(&both);
    let far = desc["zones"].as_array().unwrap().iter().find(|z| z["name"] == "far").expect("the promotion zone");
    assert_eq!(far["promotes_for"], serde_json::json!([0, 1]));
}

/// The same positions on the game's compiled engine: `vdl build` makes its
/// program (a cargo build, about a minute), whose `moves` must list what the
/// interpreter lists, and the choices worked out above.
#[test]
fn the_compiled_engine_gives_each_player_its_own_choices() {
    if !skip::enabled(
        "VDL_BUILD_TESTS",
        "the_compiled_engine_gives_each_player_its_own_choices",
        "build the test game's program with `vdl build`",
    ) {
        return;
    }
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("per-player");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("per-player.vdl");
    std::fs::write(&file, GAME).unwrap();
    let vdl = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_vdl")).args(args).output().unwrap();
        assert!(out.status.success(), "vdl {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let file = file.to_str().unwrap();
    let built = vdl(&["build", file, "-o", dir.join("program").to_str().unwrap()]);
    let program = built.trim();
    let pawn_moves = |fen: &str| -> Vec<String> {
        let out = std::process::Command::new(program).args(["moves", "--fen", fen]).output().unwrap();
        assert!(out.status.success(), "{program} moves --fen {fen}");
        let compiled = String::from_utf8(out.stdout).unwrap();
        assert_eq!(compiled, vdl(&["moves", file, "--fen", fen]), "compiled and interpreted moves differ in {fen}");
        compiled.lines().filter(|m| m.starts_with("b3-")).map(str::to_string).collect()
    };
    assert_eq!(pawn_moves("2k2/5/1P3/5/K4 w"), ["b3-b4", "b3-b4=Q", "b3-b4=R"]);
    assert_eq!(pawn_moves("2k2/5/1p3/5/K4 b"), ["b3-b2=B", "b3-b2=Q", "b3-b2=R"]);
    // Black still has its Rook (on e5, where it does not check White's King):
    // `lost` leaves it Bishop and Queen.
    assert_eq!(pawn_moves("2k1r/5/1p3/5/K4 b"), ["b3-b2=B", "b3-b2=Q"]);
}
