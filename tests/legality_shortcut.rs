//! The legality shortcut of the compiled engines (`vdl_runtime::legal::Legality`
//! with `vdl_runtime::legality::influence::Influence`): a move that changes no cell an
//! attack on its side's royals depends on skips the attack test. These tests
//! check the shortcut's classification on Xiang Qi positions built to exercise
//! each kind of dependence (a slider's line, a cannon's screen, a horse's leg,
//! the generals' facing), and its soundness on every position of random games
//! of every bundled variant: whatever it calls safe is safe.

mod common;
use common::{all_moves, engines, place, unreachable_position, REFERENCE};
use rand::prelude::*;
use vdl_runtime::legal::Legality;
use vdl_runtime::legality::influence::Watch;
use vdl_runtime::PlayerId;
use vdl_runtime::{notation, Engine, Move, Position};

const V: &str = "xiangqi";

fn compiled(name: &str) -> Box<dyn Engine> {
    (vdl_variants::by_name(name).expect("bundled").engine)()
}

/// Does the shortcut call the move `text` safe without testing it?
fn quiet(engine: &dyn Engine, pos: &Position, text: &str) -> bool {
    let mut moves = Vec::new();
    engine.generate(pos, &mut moves);
    let mv = moves.into_iter().find(|&mv| notation::move_text(engine.game(), mv) == text);
    let mv = mv.unwrap_or_else(|| panic!("`{text}` is not a pseudo-legal move"));
    Legality::new(engine, pos).keeps_royals_safe(pos, mv)
}

/// Both engines give `expected` as the legal moves of the piece on `from`.
fn assert_moves_of(pieces: &str, from: &str, expected: &[&str]) {
    for (name, engine) in engines(V) {
        let pos = place(&*engine, pieces, PlayerId::FIRST);
        let moves: Vec<String> = all_moves(&*engine, &pos).into_iter().filter(|m| m.starts_with(&format!("{from}-"))).collect();
        assert_eq!(moves, expected, "{name}: {pieces}");
    }
}

#[test]
fn a_move_off_a_chariots_line_needs_the_test() {
    // "Chariot: any distance orthogonally" — the soldier on e4 shields the
    // General on e1 from the chariot on e9; a soldier elsewhere does not.
    let engine = compiled(V);
    let pos = place(&*engine, "Ke1 Pe4 Pa4 re9 kd10", PlayerId::FIRST);
    assert!(quiet(&*engine, &pos, "a4-a5"));
    assert!(!quiet(&*engine, &pos, "e4-e5"), "a move along the line is still tested");
    // The soldier cannot step sideways before the river, so test a chariot.
    let pos = place(&*engine, "Ke1 Re4 re9 kd10", PlayerId::FIRST);
    assert!(!quiet(&*engine, &pos, "e4-d4"));
    assert_moves_of("Ke1 Re4 re9 kd10", "e4", &["e4-e2", "e4-e3", "e4-e5", "e4-e6", "e4-e7", "e4-e8", "e4-e9"]);
}

#[test]
fn a_piece_arriving_on_a_cannons_line_needs_the_test() {
    // "Cannon: moves like a Chariot, but captures only by jumping over exactly
    // one piece" — a piece put between the General and an enemy Cannon becomes
    // its screen.
    let engine = compiled(V);
    let pos = place(&*engine, "Ke1 Ra5 Ri2 ce9 kd10", PlayerId::FIRST);
    assert!(!quiet(&*engine, &pos, "a5-e5"), "filling the cannon's line is tested");
    assert!(quiet(&*engine, &pos, "a5-f5"));
    assert!(quiet(&*engine, &pos, "i2-h2"));
    assert_moves_of(
        "Ke1 Ra5 ce9 kd10",
        "a5",
        &[
            "a5-a1", "a5-a10", "a5-a2", "a5-a3", "a5-a4", "a5-a6", "a5-a7", "a5-a8", "a5-a9", "a5-b5", "a5-c5", "a5-d5", "a5-f5", "a5-g5",
            "a5-h5", "a5-i5",
        ],
    );
}

#[test]
fn a_piece_leaving_a_horses_leg_needs_the_test_only_with_a_horse_beyond() {
    // "a piece on the first point ('hobbling the Horse's leg') blocks the move"
    // — the Horse on g2 reaches e1 once f2 is empty.
    let engine = compiled(V);
    let pos = place(&*engine, "Ke1 Pf2 Pa4 ng2 kd10", PlayerId::FIRST);
    assert!(!quiet(&*engine, &pos, "f2-f3"));
    assert!(quiet(&*engine, &pos, "a4-a5"));
    assert_moves_of("Ke1 Pf2 ng2 kd10", "f2", &[]);
    // f2 is the leg of the leaps to e1 from g2 and f3 alone: with no Horse
    // on either (the Chariot on g3 attacks along lines, not by this leap),
    // emptying it opens nothing.
    let pos = place(&*engine, "Ke1 Pf2 Pa4 rg3 kd10", PlayerId::FIRST);
    assert!(quiet(&*engine, &pos, "f2-f3"));
    assert_moves_of("Ke1 Pf2 rg3 kd10", "f2", &["f2-f3"]);
}

#[test]
fn a_piece_leaving_the_generals_file_needs_the_test() {
    // "The two Generals may not face each other on the same file with no
    // pieces between them."
    let engine = compiled(V);
    let pos = place(&*engine, "Ke1 Pe7 Pa7 ke10", PlayerId::FIRST);
    assert!(!quiet(&*engine, &pos, "e7-d7"));
    assert!(quiet(&*engine, &pos, "a7-b7"));
    assert_moves_of("Ke1 Pe7 ke10", "e7", &["e7-e8"]);
}

#[test]
fn moves_of_royals_and_moves_in_check_are_always_tested() {
    let engine = compiled(V);
    let pos = place(&*engine, "Ke1 Pa4 kd10", PlayerId::FIRST);
    assert!(!quiet(&*engine, &pos, "e1-e2"), "a General's own move");
    let pos = place(&*engine, "Ke1 Pa4 re9 kd10", PlayerId::FIRST);
    assert!(!quiet(&*engine, &pos, "a4-a5"), "every move when in check");
}

#[test]
fn the_reference_tests_every_move() {
    // The reference engine has no influence sets, so it checks the shortcut,
    // which the interpreter takes as the compiled engine does.
    for (name, engine) in engines(V) {
        let pos = place(&*engine, "Ke1 Pa4 kd10", PlayerId::FIRST);
        assert_eq!(quiet(&*engine, &pos, "a4-a5"), name != REFERENCE, "{name}");
    }
}

/// The bundled engines with the shortcut: all but those whose hops are
/// limited in their screens (Janggi's Cannon), which have no influence sets
/// by design and judge every move by making it.
fn engines_with_influence() -> impl Iterator<Item = (&'static str, Box<dyn Engine>)> {
    vdl_variants::all().iter().filter_map(|bundled| {
        let engine = (bundled.engine)();
        let limited_hops = engine
            .game()
            .move_rules()
            .any(|rule| matches!(&rule.kind, vdl_runtime::ir::MoveKind::Hop { not_over, .. } if !not_over.is_empty()));
        assert_eq!(engine.influence().is_none(), limited_hops, "{}: influence sets exactly without limited hops", bundled.name);
        (!limited_hops).then_some((bundled.name, engine))
    })
}

/// Positions along random games, with the side to move's pseudo-legal moves.
fn random_positions(engine: &dyn Engine, games: u64, plies: usize) -> Vec<Position> {
    let game = engine.game();
    let mut positions = Vec::new();
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut pos = vdl_runtime::fen::parse(game, &game.setup).expect("valid setup");
        for _ in 0..plies {
            positions.push(pos.clone());
            let moves = vdl_runtime::legal::legal_moves(engine, &pos);
            // Captures first, half the time, so that games open up.
            let captures: Vec<Move> = moves.iter().copied().filter(|mv| !pos.at(mv.to()).is_empty()).collect();
            let pool = if !captures.is_empty() && rng.gen_bool(0.5) { &captures } else { &moves };
            let Some(&mv) = pool.choose(&mut rng) else { break };
            pos.make(mv);
        }
    }
    positions
}

#[test]
fn whatever_the_shortcut_calls_safe_is_safe() {
    for (name, engine) in engines_with_influence() {
        if engine.game().rules.explosion.is_some() || engine.game().blocker().is_some() {
            // Explosions and a blocker's placing are what the shortcut
            // cannot judge: every move of such a game is made and judged
            // (the legality page of docs/architecture.md), which the
            // engines-agree test checks.
            for pos in random_positions(&*engine, 2, 20) {
                let legality = Legality::new(&*engine, &pos);
                let mut moves = Vec::new();
                engine.generate(&pos, &mut moves);
                assert!(moves.iter().all(|&mv| !legality.keeps_royals_safe(&pos, mv)), "{}", name);
            }
            continue;
        }
        let (games, plies) = if engine.game().cell_count() > 200 { (3, 40) } else { (12, 80) };
        let (mut quiet_moves, mut tested) = (0, 0);
        for mut pos in random_positions(&*engine, games, plies) {
            let legality = Legality::new(&*engine, &pos);
            let mut moves = Vec::new();
            engine.generate(&pos, &mut moves);
            for mv in moves {
                tested += 1;
                if !legality.keeps_royals_safe(&pos, mv) {
                    continue;
                }
                quiet_moves += 1;
                let mover = pos.side;
                let undo = pos.make(mv);
                let safe = engine.is_safe(&pos, mover);
                pos.unmake(mv, undo);
                assert!(safe, "{}: {} called safe but is not", name, notation::move_text(engine.game(), mv));
            }
        }
        println!("{name}: {quiet_moves} of {tested} moves skip the test");
        // Every bundled game with the shortcut should find most moves quiet.
        assert!(quiet_moves * 2 >= tested, "{name}: only {quiet_moves} of {tested} quiet");
    }
}

#[test]
fn generated_walks_find_checks_and_mark_what_the_plans_tries_mark() {
    // Compiled engines walk their rides' and hops' lines and their leaps
    // along their own tables (`Engine::watch`); the runtime walks the
    // plan's tries and leaps. Both mark the first piece on a ride's line
    // when an attacker stands next beyond it, on a hop's line the empty
    // cells before a first piece that would attack over a screen and the
    // two pieces before a third that attacks, and the cells a leap needs
    // when its start holds a piece that makes it, so the two sets must be
    // equal, not merely both safe.
    // The same walk finds the lines' checks and the facing royals
    // (`Engine::watch_if_safe`): it must answer as the safety test
    // does. A watch is asked for only while the royals are safe. The random
    // games reach many checks; the test counts them so that it cannot pass
    // on safe positions alone.
    let mut checks = 0;
    for (name, engine) in engines_with_influence() {
        let influence = engine.influence().expect("influence sets");
        let (games, plies) = if engine.game().cell_count() > 200 { (3, 40) } else { (12, 80) };
        for pos in random_positions(&*engine, games, plies) {
            let royals: Vec<_> = pos.royal_cells(pos.side).collect();
            let safe = engine.is_safe(&pos, pos.side);
            checks += usize::from(!safe);
            let fen = vdl_runtime::fen::format(engine.game(), &pos);
            let mut found = Watch::NONE;
            assert_eq!(engine.watch_if_safe(influence, &pos, &royals, &mut found), safe, "{}: {fen}", name);
            if safe {
                let mut generated = Watch::NONE;
                engine.watch(influence, &pos, &royals, &mut generated);
                let walked = influence.watch(&pos, &royals);
                assert_eq!(generated.without_pins(), walked, "{}: {fen}", name);
                assert_eq!(found, generated, "{}: {fen}", name);
            }
        }
    }
    assert!(checks > 100, "only {checks} positions in check");
}

#[test]
fn a_pinned_pieces_moves_are_safe_exactly_along_its_line() {
    // `Watch::pin_line`: the counter counts a pinned piece's plain moves
    // onto its line (to cells that matter for nothing else) as safe, and
    // drops those off it as exposing a royal. Both must hold of the
    // position after the move, on every bundled game's random positions;
    // the test counts both kinds so that it cannot pass on none.
    let (mut along, mut off) = (0, 0);
    for (name, engine) in engines_with_influence() {
        let influence = engine.influence().expect("influence sets");
        let (games, plies) = if engine.game().cell_count() > 200 { (3, 40) } else { (12, 80) };
        for mut pos in random_positions(&*engine, games, plies) {
            let royals: Vec<_> = pos.royal_cells(pos.side).collect();
            let mut watch = Watch::NONE;
            if !engine.watch_if_safe(influence, &pos, &royals, &mut watch) {
                continue;
            }
            let mut moves = Vec::new();
            engine.generate(&pos, &mut moves);
            for mv in moves {
                let Move::Normal { to, from, promote: None } = mv else { continue };
                let Some(line) = watch.pin_line(from.index()) else { continue };
                let on_line = line >> to.index() & 1 != 0;
                if on_line && watch.low_cells() >> to.index() & 1 != 0 {
                    continue;
                }
                let mover = pos.side;
                let undo = pos.make(mv);
                let safe = engine.is_safe(&pos, mover);
                pos.unmake(mv, undo);
                let text = notation::move_text(engine.game(), mv);
                let fen = vdl_runtime::fen::format(engine.game(), &pos);
                assert_eq!(safe, on_line, "{}: {text} in {fen}", name);
                if on_line {
                    along += 1;
                } else {
                    off += 1;
                }
            }
        }
    }
    println!("{along} moves along a pin's line, {off} off one");
    assert!(along > 50 && off > 50, "only {along} moves along a pin's line and {off} off one");
}

/// Does a royal on `from`, with `pos`'s pieces, face an enemy royal along
/// one of the game's facing lines (the first piece out from it)?
fn faces_along_lines(engine: &dyn Engine, pos: &Position, from: vdl_runtime::CellId) -> bool {
    let game = engine.game();
    game.rules.facing.iter().any(|&dir| {
        let next = &game.directions[dir].target;
        let mut cell = from;
        while let Some(step) = next[cell.index()].filter(|&step| step != from) {
            let piece = pos.at(step);
            if !piece.is_empty() {
                return piece.owner() != pos.side && game.pieces[piece.kind()].royal;
            }
            cell = step;
        }
        false
    })
}

#[test]
fn a_royals_step_that_would_face_is_to_a_cell_the_enemy_royal_attacks() {
    // Facing is kept as an attack (`SidePlan::facing_lines`): the counter
    // and `Legality` judge a royal's step by whether its destination is
    // attacked now, so a step after which the royal faces an enemy royal
    // along a facing line must be to a cell attacked now. (A line from an
    // enemy royal through the royal's own cell to the destination would
    // face it now: such positions are left out.)
    let (mut facing, mut steps) = (0, 0);
    for bundled in vdl_variants::all() {
        let engine = (bundled.engine)();
        let game = engine.game();
        if game.rules.facing.is_empty() {
            continue;
        }
        let influence = engine.influence().expect("influence sets");
        for pos in random_positions(&*engine, 12, 80) {
            let royals: Vec<_> = pos.royal_cells(pos.side).collect();
            // Only where its royals are safe and face none now.
            let mut watch = Watch::NONE;
            if !engine.watch_if_safe(influence, &pos, &royals, &mut watch) {
                continue;
            }
            let mut moves = Vec::new();
            engine.generate(&pos, &mut moves);
            for mv in moves {
                let Move::Normal { to, from, promote: None } = mv else { continue };
                if !game.pieces[pos.at(from).kind()].royal {
                    continue;
                }
                // After the step, seen from the stepping side.
                let mut after = pos.clone();
                let _ = after.make(mv);
                after.side = pos.side;
                let faces = faces_along_lines(&*engine, &after, to);
                let fen = vdl_runtime::fen::format(game, &pos);
                let attacked_now = engine.attacked(&pos, to, pos.side.opponent());
                assert!(!faces || attacked_now, "{}: {} faces, unattacked, in {fen}", bundled.name, notation::move_text(game, mv));
                steps += 1;
                facing += usize::from(faces);
            }
        }
    }
    println!("{facing} of {steps} royal steps face");
    assert!(facing > 20 && steps > facing, "{facing} of {steps} royal steps face");
}

#[test]
fn a_quiet_move_still_meets_the_countdowns_deadline() {
    // Taijitu Qi: "once all these are captured or promoted, must return to the
    // Fortress within two moves". White's countdown is at 1 and its King stands
    // on e4, outside: the Rook's moves (which cannot expose the King) are safe
    // without the test but still illegal, since the King must end inside.
    for (name, engine) in engines("taijitu-qi") {
        let game = engine.game();
        let pos = vdl_runtime::fen::parse(game, "k8/9/9/9/9/9/4K4/9/9/r7R w 1/-").expect("valid position");
        assert_eq!(quiet(&*engine, &pos, "i1-i2"), name != REFERENCE, "{name}");
        assert_eq!(all_moves(&*engine, &pos), ["e4-d3", "e4-e3", "e4-f3"], "{name}");
    }
}

#[test]
fn a_royals_step_is_judged_unmade_only_where_no_line_can_open() {
    // Chess's attacks are rides and unblockable leaps: a King's step is
    // judged by whether its destination is attacked now. So are Turn Qi's,
    // whose Elephants and Fezbabas are blocked only by their own side's
    // pieces, with its facing rule asked from the destination. Xiang Qi's
    // Cannons (screens) and Horses (legs) could change when the royal leaves
    // its cell, so its steps are made and tested.
    for (variant, judged) in [("chess", true), ("shogi", true), ("turn-qi", true), ("xiangqi", false), ("taijitu-qi", false)] {
        let engine = compiled(variant);
        let influence = engine.influence().expect("influence sets");
        for enemy in PlayerId::BOTH {
            assert_eq!(influence.royal_steps_judged_unmade(enemy), judged, "{variant}");
        }
    }
    // "The king can never move to a square attacked by an enemy piece": the
    // Rook on a2 holds the second rank, so the King on e1 keeps to the first.
    for (name, engine) in engines("chess") {
        let pos = place(&*engine, "Ke1 ra2 ke8", PlayerId::FIRST);
        let moves: Vec<String> = all_moves(&*engine, &pos).into_iter().filter(|m| m.starts_with("e1-")).collect();
        assert_eq!(moves, ["e1-d1", "e1-f1"], "{name}");
    }
}

#[test]
fn a_walk_stopped_by_an_attacker_an_obligation_holds_back_leaves_no_mark_out() {
    // Taijitu Qi, Black to move, White's countdown run out: White's King on
    // c6 "must return to the Fortress ... and remain in it thereafter", so it
    // attacks only Fortress cells, not the Black King on b5. The walk of the
    // line b5-c6 meets that King first and stops; the marks of the lines
    // walked after it must still be made: b2-c4 fills the one cell between
    // the King on b5 and White's Arrow on d3, which "requires exactly one
    // intervening piece" to capture, so it is illegal.
    // (Set up so: White's King on e3 stands attacked from a7 with Black to
    // move, which play never leaves.)
    let fen = "4F2kd/FW1fnCNd1/1f1fw1WN1/b1wN3ND/W1KR4D/Dk2aF3/6w2/w2AK3d/1n1D1C3/1rb1cEnDA b 0/-";
    for (name, engine) in engines("taijitu-qi") {
        let pos = unreachable_position(&*engine, fen);
        let moves = all_moves(&*engine, &pos);
        assert!(moves.iter().any(|m| m == "b2-d1") && !moves.iter().any(|m| m == "b2-c4"), "{name}: {moves:?}");
    }
    let engine = compiled("taijitu-qi");
    let pos = unreachable_position(&*engine, fen);
    let influence = engine.influence().expect("influence sets");
    let royals: Vec<_> = pos.royal_cells(pos.side).collect();
    let mut generated = Watch::NONE;
    engine.watch(influence, &pos, &royals, &mut generated);
    assert_eq!(generated, influence.watch(&pos, &royals));
}

#[test]
fn a_royal_facing_an_enemy_royal_is_not_safe() {
    // Xiang Qi (variants/xiangqi.vdl): "The Generals may not face each
    // other on a file with nothing between them." With nothing between e1 and e10 the
    // side to move stands facing, which the watch's walk along the facing
    // line finds as the safety test does; with a Soldier between, neither
    // finds it.
    let compiled = (vdl_variants::by_name("xiangqi").expect("bundled").engine)();
    let influence = compiled.influence().expect("influence sets");
    // The interpreter answers by the trait's default (the safety test,
    // then the runtime's watch); the compiled engine by its own walk.
    for (name, engine) in engines("xiangqi") {
        for (fen, safe) in [("4k4/9/9/9/9/9/9/9/9/4K4 w", false), ("4k4/9/9/9/4P4/9/9/9/9/4K4 w", true)] {
            // Facing Generals: set up so, as play never leaves them.
            let pos = unreachable_position(&*engine, fen);
            let royals: Vec<_> = pos.royal_cells(pos.side).collect();
            assert_eq!(engine.is_safe(&pos, pos.side), safe, "{name}: {fen}");
            let mut watch = Watch::NONE;
            assert_eq!(engine.watch_if_safe(influence, &pos, &royals, &mut watch), safe, "{name}: {fen}");
        }
    }
}
