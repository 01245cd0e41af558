//! A piece's moves in Betza notation as XBoard reads it (its `piece`
//! command), derived from the IR's move rules on a [`Grid`]:
//!
//! * a step or a limited ride along one vector is its atom (`W` (0,1), `F`
//!   (1,1), `D` (0,2), `N` (1,2), `A` (2,2), `H` (0,3), `C` (1,3), `Z` (2,3),
//!   `G` (3,3)) with the range as a number (`W2`); an unlimited ride is `R`,
//!   `B` or the atom with `0` (`N0`);
//! * a hop (over one piece, landing anywhere beyond) is `p` before the rider
//!   (`cpR` for Xiang Qi's Cannon);
//! * `m` and `c` mark move-only and capture-only rules; a leap that one cell
//!   can block is `n` when that cell is the one XBoard checks (the middle of
//!   the leap: `nN` is Xiang Qi's Horse, `nA` its Elephant);
//! * directions come first, from the moving side's view (`f`, `b`, `l`, `r`;
//!   `fr` for one diagonal; `rf`/`fr` for the narrow and wide oblique ones);
//! * `i` before a move of an unmoved piece only (`ifmnD`, a Pawn's double
//!   step), `e` after the `c` of a capture-only move of a piece that captures
//!   in passing (`fceF`), and `ON` for castling `by N` (`O2`), as
//!   Fairy-Stockfish writes them.
//!
//! What Betza cannot say is left out and listed in [`Description::unsaid`]:
//! rules that hold only inside a zone are given without the condition, a
//! confinement is not given, leaps longer than 3 cells or blocked elsewhere
//! are not given. Swaps, leaps that capture on their way and castling to
//! given files are not moves XBoard can play; games with them are not
//! offered to XBoard at all.

use super::grid::Grid;
use std::collections::{BTreeMap, BTreeSet};
use vdl_runtime::ir::{CastleEnds, DirId, Game, Mode, MoveKind, MoveRule, PieceId, PlayerId};

/// One player's moves of a piece type in Betza notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    pub betza: String,
    /// What the notation leaves out or loosens, for people.
    pub unsaid: Vec<String>,
}

/// A family of moves that differ only in direction.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Family {
    /// `i`: only as the piece's first move (`when unmoved`), written first.
    initial: bool,
    /// `m`, `c`, `p`, `mp`, `cp`, `ce` or nothing: written after the directions.
    modality: &'static str,
    lame: bool,
    /// The atom and its range suffix, such as `W`, `R`, `N0`, `F2`.
    atom: String,
}

/// The Betza atom of a step of `(x, y)` (any signs, either order).
fn atom_letter(x: i32, y: i32) -> Option<char> {
    let (a, b) = (x.abs().min(y.abs()), x.abs().max(y.abs()));
    Some(match (a, b) {
        (0, 1) => 'W',
        (1, 1) => 'F',
        (0, 2) => 'D',
        (1, 2) => 'N',
        (2, 2) => 'A',
        (0, 3) => 'H',
        (1, 3) => 'C',
        (2, 3) => 'Z',
        (3, 3) => 'G',
        _ => return None,
    })
}

/// How many directions an atom has: 4 (orthogonal, diagonal) or 8 (oblique).
fn directions_of(x: i32, y: i32) -> usize {
    if x == 0 || y == 0 || x.abs() == y.abs() {
        4
    } else {
        8
    }
}

/// The modifiers that select the one direction `(x, y)` of its atom.
fn direction_letters(x: i32, y: i32) -> String {
    let vertical = if y > 0 { "f" } else { "b" };
    let horizontal = if x > 0 { "r" } else { "l" };
    if x == 0 {
        vertical.to_string()
    } else if y == 0 {
        horizontal.to_string()
    } else if x.abs() == y.abs() || x.abs() > y.abs() {
        // A diagonal, or a wide oblique move: XBoard reads the first letter wide.
        format!("{vertical}{horizontal}")
    } else {
        format!("{horizontal}{vertical}")
    }
}

fn rider(x: i32, y: i32, range: Option<u32>) -> Option<String> {
    let letter = atom_letter(x, y)?;
    Some(match (letter, range) {
        ('W', None) => "R".to_string(),
        ('F', None) => "B".to_string(),
        (letter, None) => format!("{letter}0"),
        (letter, Some(1)) => letter.to_string(),
        (letter, Some(n)) => format!("{letter}{n}"),
    })
}

/// `passing`: the piece captures in passing with its capture-only moves
/// (`e`, as XBoard writes a Pawn's `fceF`).
fn modality(mode: Mode, hop: bool, passing: bool) -> &'static str {
    match (mode, hop) {
        (Mode::Both, false) => "",
        (Mode::MoveOnly, false) => "m",
        (Mode::CaptureOnly, false) if passing => "ce",
        (Mode::CaptureOnly, false) => "c",
        (Mode::Both, true) => "p",
        (Mode::MoveOnly, true) => "mp",
        (Mode::CaptureOnly, true) => "cp",
    }
}

/// Castling `by N` as XBoard's `ON` (the royal moves `N` cells toward its
/// partner); castling to given files (Chess960's) has no Betza.
fn castling(rule: &MoveRule) -> Option<String> {
    match rule.kind {
        MoveKind::Castle { ends: CastleEnds::By(n), .. } => Some(format!("O{n}")),
        _ => None,
    }
}

/// Can XBoard play this rule's moves at all (as a move from one cell to
/// another that changes nothing else)?
pub fn playable(rule: &MoveRule) -> Result<(), String> {
    match &rule.kind {
        MoveKind::Swap { .. } => Err("a swap with a friendly piece".to_string()),
        MoveKind::CapturingLeap { .. } => Err("a leap that captures on its way".to_string()),
        MoveKind::Castle { .. } if castling(rule).is_none() => Err("castling to given files".to_string()),
        _ => Ok(()),
    }
}

/// The moves of `kind` for `player`, seen from that player's side (XBoard
/// turns the second player's description half round).
pub fn describe(game: &Game, grid: &Grid, kind: PieceId, player: PlayerId) -> Description {
    let piece = &game.pieces[kind];
    let turn = if player.is_first() { 1 } else { -1 };
    let step = |dir: DirId| {
        let (x, y) = grid.step(&game.directions[dir].vector);
        (x * turn, y * turn)
    };
    let mut families: BTreeMap<Family, BTreeSet<(i32, i32)>> = BTreeMap::new();
    let mut unsaid = Vec::new();
    let mut castlings = BTreeSet::new();
    let passing = piece_captures_in_passing(game, kind);
    let modality = |mode: Mode, hop: bool| modality(mode, hop, passing);
    for rule in &piece.moves[player] {
        if let Some(zone) = rule.only_in {
            unsaid.push(format!("a rule that holds only in zone `{}` is given everywhere", game.zones[zone].name));
        }
        let initial = rule.gate.needs_unmoved();
        let (family, direction) = match &rule.kind {
            MoveKind::Ride { dir, range, .. } => {
                let (x, y) = step(*dir);
                let Some(atom) = rider(x, y, *range) else {
                    unsaid.push(format!("a ride by ({x},{y}) has no Betza atom"));
                    continue;
                };
                (Family { initial, modality: modality(rule.mode, false), lame: false, atom }, (x, y))
            }
            MoveKind::Hop { dir, not_over, spares } => {
                if !not_over.is_empty() || !spares.is_empty() {
                    unsaid.push("a hop limited in its screens or captures is given unlimited".to_string());
                }
                let (x, y) = step(*dir);
                let Some(atom) = rider(x, y, None) else {
                    unsaid.push(format!("a hop along ({x},{y}) has no Betza atom"));
                    continue;
                };
                (Family { initial, modality: modality(rule.mode, true), lame: false, atom }, (x, y))
            }
            MoveKind::Leap { target, routes } => {
                let (x, y) = step(*target);
                let Some(atom) = atom_letter(x, y) else {
                    unsaid.push(format!("a leap by ({x},{y}) has no Betza atom"));
                    continue;
                };
                let never_blocked = routes.is_empty() || routes.iter().any(|r| r.cells.is_empty() && r.crossing.is_none());
                let blocked_in_the_middle = match routes.as_slice() {
                    [route] if route.crossing.is_none() => route.cells.iter().map(|&c| step(c)).eq([(x / 2, y / 2)]),
                    _ => false,
                };
                if !never_blocked && !blocked_in_the_middle {
                    unsaid.push(format!("a leap by ({x},{y}) blocked other than on its middle cell"));
                    continue;
                }
                (Family { initial, modality: modality(rule.mode, false), lame: !never_blocked, atom: atom.to_string() }, (x, y))
            }
            MoveKind::Castle { .. } if castling(rule).is_some() => {
                castlings.extend(castling(rule));
                continue;
            }
            // A pass is not a piece's move in Betza: XBoard passes with `@@@@`.
            MoveKind::Pass => continue,
            MoveKind::CapturingLeap { .. } | MoveKind::Swap { .. } | MoveKind::Castle { .. } => {
                unsaid.push(playable(rule).unwrap_err());
                continue;
            }
        };
        families.entry(family).or_default().insert(direction);
    }
    if let Some(zone) = piece.confined {
        unsaid.push(format!("the confinement to zone `{}`", game.zones[zone].name));
    }
    let mut betza = String::new();
    for (family, directions) in &families {
        let (x, y) = *directions.iter().next().expect("a family has a direction");
        if family.initial {
            betza.push('i');
        }
        if directions.len() < directions_of(x, y) {
            for &(x, y) in directions {
                betza.push_str(&direction_letters(x, y));
            }
        }
        betza.push_str(family.modality);
        if family.lame {
            betza.push('n');
        }
        betza.push_str(&family.atom);
    }
    castlings.iter().for_each(|castle| betza.push_str(castle));
    Description { betza, unsaid }
}

/// Does a piece of type `kind` capture in passing (named in some rule's
/// `en passant by`)? Its capture-only moves do.
fn piece_captures_in_passing(game: &Game, kind: PieceId) -> bool {
    game.pieces.iter().flat_map(|p| p.moves.iter().flatten()).any(|rule| rule.en_passant.contains(&kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn describe_all(name: &str) -> BTreeMap<String, (String, String)> {
        let game = (vdl_variants::by_name(name).unwrap().engine)().game().clone();
        let grid = Grid::of(&game).unwrap();
        game.piece_ids()
            .map(|k| {
                (
                    game.pieces[k].symbol.clone(),
                    (describe(&game, &grid, k, PlayerId::FIRST).betza, describe(&game, &grid, k, PlayerId::SECOND).betza),
                )
            })
            .collect()
    }

    fn same_for_both(betza: &str) -> (String, String) {
        (betza.to_string(), betza.to_string())
    }

    /// The Betza descriptions of Xiang Qi's pieces are the textbook ones (as
    /// XBoard's own Xiang Qi pieces move), up to the order of the parts.
    #[test]
    fn xiangqi_pieces_read_as_their_textbook_betza() {
        let pieces = describe_all("xiangqi");
        assert_eq!(pieces["K"], same_for_both("W"));
        assert_eq!(pieces["A"], same_for_both("F"));
        assert_eq!(pieces["B"], same_for_both("nA"));
        assert_eq!(pieces["N"], same_for_both("nN"));
        assert_eq!(pieces["R"], same_for_both("R"));
        assert_eq!(pieces["C"], same_for_both("cpRmR"));
        // Forward and sideways (sideways given everywhere: Betza has no zones).
        assert_eq!(pieces["P"], same_for_both("lfrW"));
    }

    #[test]
    fn shogi_pieces_are_seen_from_their_own_side() {
        let pieces = describe_all("shogi");
        assert_eq!(pieces["N"], same_for_both("lfrfN"));
        assert_eq!(pieces["L"], same_for_both("fR"));
        assert_eq!(pieces["S"], same_for_both("FfW"));
        assert_eq!(pieces["G"], same_for_both("flfrFW"));
        assert_eq!(pieces["+R"], same_for_both("FR"));
    }

    /// XBoard's reading of a Betza string, for the letters this module writes:
    /// the squares a piece of the first player on `from` reaches on an empty
    /// board by moves that do not capture. A direction letter selects the
    /// vectors with a component that way; of two, the second is the way the
    /// vector mostly goes (XBoard's "wide" and "narrow" sets).
    fn xboard_quiet_targets(betza: &str, from: (i32, i32), size: (i32, i32)) -> BTreeSet<(i32, i32)> {
        let mut targets = BTreeSet::new();
        let mut rest = betza;
        while !rest.is_empty() {
            let lower = rest.find(|c: char| c.is_ascii_uppercase()).unwrap();
            let (prefix, tail) = rest.split_at(lower);
            let atom = tail.chars().next().unwrap();
            let digits: String = tail[1..].chars().take_while(char::is_ascii_digit).collect();
            rest = &tail[1 + digits.len()..];
            let (x, y, slide) = match atom {
                'W' => (0, 1, false),
                'F' => (1, 1, false),
                'D' => (0, 2, false),
                'N' => (1, 2, false),
                'A' => (2, 2, false),
                'R' => (0, 1, true),
                'B' => (1, 1, true),
                other => panic!("atom {other} not read here"),
            };
            let range = if slide || digits == "0" { 99 } else { digits.parse().unwrap_or(1) };
            let directions: String = prefix.chars().filter(|c| "fblr".contains(*c)).collect();
            if prefix.contains('c') || prefix.contains('p') {
                continue; // captures and hops reach nothing on an empty board
            }
            let toward = |c: char, (vx, vy): (i32, i32)| match c {
                'f' => vy > 0,
                'b' => vy < 0,
                'l' => vx < 0,
                _ => vx > 0,
            };
            let mostly = |c: char, (vx, vy): (i32, i32)| {
                toward(c, (vx, vy)) && if "fb".contains(c) { vy.abs() > vx.abs() } else { vx.abs() > vy.abs() }
            };
            let mut vectors: BTreeSet<(i32, i32)> = BTreeSet::new();
            for (a, b) in [(x, y), (y, x)] {
                for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    vectors.insert((a * sa, b * sb));
                }
            }
            let chosen: Vec<(i32, i32)> = if directions.is_empty() {
                vectors.into_iter().collect()
            } else {
                let letters: Vec<char> = directions.chars().collect();
                let oblique = x != 0 && x != y;
                let mut chosen = Vec::new();
                let mut i = 0;
                while i < letters.len() {
                    let pair = letters.get(i + 1).filter(|&&next| x != 0 && "fb".contains(letters[i]) != "fb".contains(next));
                    for &v in &vectors {
                        let selected = match pair {
                            Some(&next) if oblique => toward(letters[i], v) && mostly(next, v),
                            Some(&next) => toward(letters[i], v) && toward(next, v),
                            None => toward(letters[i], v) && (x != 0 || v.0 == 0 || v.1 == 0),
                        };
                        if selected && (x != 0 || (v.0 == 0) != (v.1 == 0)) {
                            chosen.push(v);
                        }
                    }
                    i += if pair.is_some() { 2 } else { 1 };
                }
                chosen
            };
            for (vx, vy) in chosen {
                for step in 1..=range {
                    let (tx, ty) = (from.0 + vx * step, from.1 + vy * step);
                    if tx < 0 || ty < 0 || tx >= size.0 || ty >= size.1 {
                        break;
                    }
                    targets.insert((tx, ty));
                }
            }
        }
        targets
    }

    /// On an empty board, XBoard reading each piece's Betza finds exactly the
    /// quiet moves the engine generates (pieces whose rules Betza says fully).
    #[test]
    fn xboard_reads_the_moves_the_engine_makes() {
        use vdl_runtime::{Piece, Position};
        for name in ["xiangqi", "shogi", "minishogi", "taijitu-qi"] {
            let engine = (vdl_variants::by_name(name).unwrap().engine)();
            let game = engine.game();
            let grid = Grid::of(game).unwrap();
            let size = (grid.files as i32, grid.ranks as i32);
            for kind in game.piece_ids() {
                let description = describe(game, &grid, kind, PlayerId::FIRST);
                if !description.unsaid.is_empty() {
                    continue;
                }
                for cell in game.cell_ids() {
                    let mut pos = Position::empty(game);
                    pos.put(cell, Piece::new(kind, PlayerId::FIRST));
                    let mut moves = Vec::new();
                    engine.generate(&pos, &mut moves);
                    let engine_targets: BTreeSet<(i32, i32)> = moves
                        .iter()
                        .filter(|m| m.from() == Some(cell))
                        .map(|m| grid.square(m.to()))
                        .map(|(f, r)| (f as i32, r as i32))
                        .collect();
                    let (f, r) = grid.square(cell);
                    let read = xboard_quiet_targets(&description.betza, (f as i32, r as i32), size);
                    assert_eq!(
                        read, engine_targets,
                        "{name}: {} `{}` on {}",
                        game.pieces[kind].name, description.betza, game.board.cells[cell].name
                    );
                }
            }
        }
    }

    #[test]
    fn oblique_directions_follow_xboard_reading() {
        assert_eq!(direction_letters(1, 2), "rf");
        assert_eq!(direction_letters(2, 1), "fr");
        assert_eq!(direction_letters(-2, -1), "bl");
        assert_eq!(direction_letters(-1, 1), "fl");
        assert_eq!(direction_letters(0, -1), "b");
    }
}
