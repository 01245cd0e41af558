//! The moves of a piece form a set: when two of its rules reach the same
//! destination (two rides round a ring both ways, a step and a slide along one
//! direction, two leaps that wrap onto one cell), the interpreter gives the move
//! once. Most games have no such pair, so the generated code checks for an
//! earlier move only in the rules that might repeat one, as found here by
//! comparing, start cell by start cell, every destination each rule could ever
//! reach. A rule that only repeats an earlier one (the same move where the
//! earlier one applies too, as Xiang Qi's soldier's forward step across the
//! river) is left out altogether.

use super::Ctx;
use vdl_runtime::ir::{DirId, Mode, MoveKind, MoveRule, PieceId, PlayerId};

/// How a rule may reach a destination, to tell pairs that can never reach it
/// in the same position.
#[derive(Clone, Copy)]
struct Reach {
    rule: usize,
    mode: Mode,
    /// Along a line: its direction, and whether over a screen (a hop).
    line: Option<(DirId, bool)>,
}

/// Can `a` and `b` both reach one destination in one position?
fn compatible(a: &Reach, b: &Reach) -> bool {
    let exclusive_modes = matches!((a.mode, b.mode), (Mode::MoveOnly, Mode::CaptureOnly) | (Mode::CaptureOnly, Mode::MoveOnly));
    // Along one direction, a ride ends at the first piece and a hop starts
    // beyond it.
    let ride_and_hop = matches!((a.line, b.line), (Some((d, h)), Some((e, k))) if d == e && h != k);
    !exclusive_modes && !ride_and_hop
}

/// How a rule's destinations relate to those of the rules before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repeats {
    /// It never reaches a destination an earlier rule may also give.
    Never,
    /// It sometimes may: each destination must be checked.
    Maybe,
    /// It only ever gives what an earlier rule gives too: no code at all.
    Always,
}

/// For each rule of `kind` for `player`: might it reach a destination that an
/// earlier rule has already given, from some start?
pub fn repeats(ctx: &Ctx, kind: PieceId, player: PlayerId) -> Vec<Repeats> {
    let game = ctx.game;
    let piece = &game.pieces[kind as usize];
    let Some(rules) = piece.moves.get(player as usize) else { return Vec::new() };
    let cells = ctx.cells();
    // An earlier rule of the same move, with no narrower mode, that applies
    // wherever this one does.
    let mut repeats: Vec<Repeats> = (0..rules.len())
        .map(|index| {
            let rule = &rules[index];
            let covered = rules[..index].iter().any(|earlier| {
                earlier.kind == rule.kind
                    && (earlier.mode == rule.mode || earlier.mode == Mode::Both)
                    && (0..cells).all(|c| !ctx.in_zone(rule.only_in, player, c) || ctx.in_zone(earlier.only_in, player, c))
            });
            if covered {
                Repeats::Always
            } else {
                Repeats::Never
            }
        })
        .collect();
    // What reaches each destination from the current start: (cell captured
    // on the way, swap, how). Nearly every destination is reached once, so the
    // first reach is kept per cell, marked with its start (nothing to clear),
    // and any further ones in a short list. Maps and lists per cell cost more
    // than the rest of code generation on a large board.
    let none = Reach { rule: usize::MAX, mode: Mode::Both, line: None };
    let mut first: Vec<(usize, Option<usize>, bool, Reach)> = vec![(usize::MAX, None, false, none); cells];
    let mut more: Vec<(usize, Option<usize>, bool, Reach)> = Vec::new();
    for from in 0..cells {
        more.clear();
        for (index, rule) in rules.iter().enumerate() {
            if repeats[index] == Repeats::Always || !ctx.in_zone(rule.only_in, player, from) {
                continue;
            }
            let swap = matches!(rule.kind, MoveKind::Swap { .. });
            destinations(ctx, from, index, rule, &mut |to, extra, reach| {
                // Rides back to their start are null moves, given once; a swap
                // there (with the piece itself) is a move like any other.
                if (to == from && !swap) || !ctx.in_zone(piece.confined, player, to) {
                    return;
                }
                if first[to].0 != from {
                    first[to] = (from, extra, swap, reach);
                    return;
                }
                let clash = |&(_, e, s, r): &(usize, Option<usize>, bool, Reach)| {
                    e == extra && s == swap && r.rule != index && compatible(&r, &reach)
                };
                if clash(&first[to]) || more.iter().any(|m| m.0 == to && clash(m)) {
                    repeats[index] = Repeats::Maybe;
                }
                more.push((to, extra, swap, reach));
            });
        }
    }
    repeats
}

/// Calls `out` with every destination `rule` could reach from `from` on some
/// board: (destination, cell captured on the way, how).
fn destinations(ctx: &Ctx, from: usize, index: usize, rule: &MoveRule, out: &mut impl FnMut(usize, Option<usize>, Reach)) {
    let dirs = &ctx.dirs;
    let reach = |line| Reach { rule: index, mode: rule.mode, line };
    let (dir, range, hop) = match &rule.kind {
        MoveKind::Ride { dir, range, .. } => (*dir, *range, false),
        MoveKind::Hop { dir } => (*dir, None, true),
        // A swap reaches a friend: never what another kind of rule reaches.
        MoveKind::Swap { dir, .. } => {
            if let Some(to) = dirs[*dir as usize].forward[from] {
                out(to, None, reach(None));
            }
            return;
        }
        MoveKind::Leap { target, routes, capturing } => {
            if let Some(to) = dirs[*target as usize].forward[from] {
                out(to, None, reach(None));
                if *capturing {
                    if let Some(via) = dirs[routes[0].cells[0] as usize].forward[from] {
                        // A capture on the way makes it a capture whatever the mode.
                        out(to, Some(via), Reach { rule: index, mode: Mode::Both, line: None });
                    }
                }
            }
            return;
        }
    };
    let forward = &dirs[dir as usize].forward;
    let mut cell = from;
    let mut steps = 0usize;
    while range.is_none_or(|r| steps < r as usize) && steps < ctx.cells() {
        let Some(next) = forward[cell] else { break };
        if next == from {
            break;
        }
        // A hop's first cell can only be its screen.
        if !(hop && steps == 0) {
            out(next, None, reach(Some((dir, hop))));
        }
        cell = next;
        steps += 1;
    }
}
