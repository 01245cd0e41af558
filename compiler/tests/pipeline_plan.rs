//! Code generation reads the move plan the compiler's pipeline made (of the
//! game of movement, before the finishing step) rather than planning the
//! finished game again: both must say the same thing, step for step, for
//! every bundled variant.

use vdl_runtime::plan::{Castle, Hop, Leap, Plan, Ride, SidePlan, StepKind};
use vdl_runtime::{CellId, Game, PieceId};

/// Every step of `side` written out with the cells it names.
fn steps_of(game: &Game, side: &SidePlan) -> Vec<String> {
    let mut out = Vec::new();
    for kind in PieceId::first(game.pieces.len()) {
        for from in CellId::first(game.cell_count()) {
            for (gated, steps) in [(false, side.steps(kind, from)), (true, side.unmoved_steps(kind, from))] {
                for step in steps {
                    let cells = match step.kind {
                        StepKind::Ride(Ride { cells, .. })
                        | StepKind::Hop(Hop { cells, .. })
                        | StepKind::Castle(Castle { line: cells, .. }) => {
                            format!("{:?}", side.line(cells))
                        }
                        StepKind::Leap(Leap { routes, .. }) => format!("{:?}", side.routes(routes).collect::<Vec<_>>()),
                        _ => String::new(),
                    };
                    out.push(format!("{kind:?} {from:?} {gated} {:?} {:?} {:?} {cells}", step.rule, step.mode, step.kind));
                }
            }
        }
    }
    out
}

#[test]
fn the_pipelines_plan_is_the_finished_games_plan() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../variants");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).expect("the variants directory") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "vdl") {
            continue;
        }
        let source = std::fs::read_to_string(&path).expect("a variant file");
        let (game, plan) = vdl_compiler::compile_with_plan("v.vdl", &source).expect("a bundled variant checks");
        let again = Plan::of(&game);
        for player in game.player_ids() {
            assert_eq!(steps_of(&game, plan.side(player)), steps_of(&game, again.side(player)), "{}", path.display());
        }
        checked += 1;
    }
    assert!(checked >= 16, "every bundled variant: {checked}");
}
