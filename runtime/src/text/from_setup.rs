//! From a [`Setup`] (a position as written) to a [`Position`], refusing what
//! the game's rules make impossible. Every front end reads positions through
//! here ([`crate::text::fen::parse`]), so that no engine ever plays from a
//! position its game cannot reach: the rules below are those a position
//! reached by legal moves from the setup always keeps.

use crate::ir::{CellId, Game, PieceId, PlayerId};
use crate::legality::engine::Engine;
use crate::state::piece::Piece;
use crate::state::position::{Position, NOT_COUNTING};
use crate::text::position_error::{Clock, PositionError};
use crate::text::setup::{CheckCounts, Setup};

/// Which rules [`Position::build`] judges by.
enum Judge<'e> {
    /// Every rule; the engine, if given, answers the attack test.
    Fully(Option<&'e dyn Engine>),
    /// Only what a position cannot hold.
    StorableOnly,
}

impl Position {
    /// Judges `setup` against `game`'s rules and builds the position, or
    /// says which rule it breaks: a hand over [`crate::state::position::HAND_CAP`], a missing royal,
    /// a piece where it must promote, a castling right whose pieces have
    /// moved, an en-passant cell nothing passed, a countdown, check count or
    /// clock out of range, the side not to move in check. Whether a royal is
    /// attacked is asked of an interpreter of `game`, built for it; a caller
    /// with an engine at hand saves that with [`Position::from_setup_with`].
    pub fn from_setup(game: &Game, setup: &Setup) -> Result<Position, PositionError> {
        Position::build(game, setup, Judge::Fully(None))
    }

    /// [`Position::from_setup`], asking `engine` (an engine of the game)
    /// whether a royal is attacked.
    pub fn from_setup_with(engine: &dyn Engine, setup: &Setup) -> Result<Position, PositionError> {
        Position::build(engine.game(), setup, Judge::Fully(Some(engine)))
    }

    /// Builds the position without the rules that only say whether the game
    /// can reach it (royals, promotion zones, castling pieces that have
    /// moved, the side not to move in check): for tests and tools that probe
    /// positions no game reaches. What a position cannot hold (a hand over
    /// [`crate::state::position::HAND_CAP`], a right no piece can use, an en-passant cell no piece
    /// passed, counts out of range) is still refused.
    pub fn from_setup_unchecked(game: &Game, setup: &Setup) -> Result<Position, PositionError> {
        Position::build(game, setup, Judge::StorableOnly)
    }

    fn build(game: &Game, setup: &Setup, judge: Judge) -> Result<Position, PositionError> {
        let mut pos = Position::empty(game);
        check_shape(game, setup)?;
        for (cell, &piece) in game.cell_ids().zip(&setup.board) {
            if !piece.is_empty() {
                pos.put(cell, piece);
            }
        }
        pos.side = setup.side;
        pos.place_read_blocker(game)?;
        pos.fill_hands(game, setup)?;
        // The game's own setup: where pieces start, which decides what has
        // moved. `None` if it does not read (the compiler reports that).
        let start = crate::text::fen::parse_setup(game, &game.setup).ok();
        let start_board = start.as_ref().map(|s| s.board.as_slice());
        if let Some(start) = start_board {
            crate::text::fen_state::mark_first_movers(game, start, &mut pos);
        }
        let fully = matches!(judge, Judge::Fully(_));
        if fully {
            missing_royal(game, start_board, &pos)?;
            must_promote(game, start_board, &pos)?;
        }
        crate::text::fen_state::apply_castling(game, &setup.castling, start_board.filter(|_| fully), &mut pos)?;
        crate::text::fen_state::apply_en_passant(game, &setup.en_passant, start_board.filter(|_| fully), &mut pos)?;
        pos.set_countdowns(game, setup)?;
        pos.set_checks(game, setup)?;
        pos.read_clocks(game, setup)?;
        if let Judge::Fully(engine) = judge {
            side_not_to_move_safe(game, engine, &pos)?;
        }
        Ok(pos)
    }

    /// The blocker, read as a piece of either side, becomes the side to
    /// move's (see [`Position::blocker`]); there is at most one.
    fn place_read_blocker(&mut self, game: &Game) -> Result<(), PositionError> {
        let Some(kind) = game.blocker() else {
            return Ok(());
        };
        let cells: Vec<CellId> =
            self.cells().filter(|(_, piece)| !piece.is_empty() && piece.kind() == kind).map(|(cell, _)| cell).collect();
        if let [_, second, ..] = cells[..] {
            return Err(PositionError::SecondBlocker { cell: second, cell_name: game.board.cells[second].name.clone() });
        }
        if let Some(&cell) = cells.first() {
            self.set_blocker(cell);
        }
        Ok(())
    }

    /// Each count up to [`crate::state::position::HAND_CAP`], the most a count's byte holds.
    fn fill_hands(&mut self, game: &Game, setup: &Setup) -> Result<(), PositionError> {
        for (player, hand) in setup.hands.each() {
            for (kind, &count) in game.piece_ids().zip(hand) {
                let piece = Piece::new(kind, player);
                let held = u8::try_from(count).ok().ok_or_else(|| PositionError::HandOverCap {
                    player,
                    player_name: game.players[player.index()].name.clone(),
                    kind,
                    symbol: crate::text::fen::piece_symbol(game, piece),
                    count,
                })?;
                if let Some(slot) = self.hands[player].get_mut(kind.index()) {
                    *slot = held;
                }
            }
        }
        Ok(())
    }

    /// A countdown runs from its obligation's delay down to 0.
    fn set_countdowns(&mut self, game: &Game, setup: &Setup) -> Result<(), PositionError> {
        let obligations = &game.rules.obligations;
        for (player, values) in setup.countdowns.each() {
            for (slot, (obligation, &value)) in obligations.iter().zip(values).enumerate() {
                let Some(value) = value else { continue };
                self.countdowns[player][slot] = u8::try_from(value)
                    .ok()
                    .filter(|&n| n <= obligation.delay && n != NOT_COUNTING)
                    .ok_or_else(|| PositionError::CountdownOutOfRange {
                        player_name: game.players[player.index()].name.clone(),
                        piece: game.pieces[obligation.piece].name.clone(),
                        value,
                        delay: obligation.delay,
                    })?;
            }
        }
        Ok(())
    }

    /// Each count from 0 to the game's number of checks.
    fn set_checks(&mut self, game: &Game, setup: &Setup) -> Result<(), PositionError> {
        let (Some(checks), Some(counts)) = (game.checks_to_win(), setup.checks) else { return Ok(()) };
        let (values, given) = match counts {
            CheckCounts::Left(values) => (values, false),
            CheckCounts::Given(values) => (values, true),
        };
        for (player, &value) in values.each() {
            let count = u8::try_from(value).ok().filter(|&n| n <= checks).ok_or_else(|| PositionError::ChecksOutOfRange {
                player_name: game.players[player.index()].name.clone(),
                value,
                checks,
                given,
            })?;
            self.checks_left[player] = if given { checks - count } else { count };
        }
        Ok(())
    }

    /// The clocks fit a position's; they are kept in games whose position
    /// strings carry them (elsewhere, as Fairy-Stockfish writes `0 1`
    /// after any game, they are read and let go).
    fn read_clocks(&mut self, game: &Game, setup: &Setup) -> Result<(), PositionError> {
        let fit = |value: u64, clock: Clock| u16::try_from(value).map_err(|_| PositionError::ClockOutOfRange { clock, value });
        let (halfmove, fullmove) = (fit(setup.halfmove, Clock::Halfmove)?, fit(setup.fullmove, Clock::Fullmove)?);
        if game.has_move_history_fields() {
            // Some programs write 0 for the first move: read as 1.
            self.set_clocks(halfmove, fullmove);
        }
        Ok(())
    }
}

/// A setup built by hand, not read, may not fit the game at all.
fn check_shape(game: &Game, setup: &Setup) -> Result<(), PositionError> {
    let fits = setup.board.len() == game.cell_count()
        && setup.side.index() < game.players.len()
        && setup.hands.iter().all(|hand| hand.len() == if game.has_hands() { game.pieces.len() } else { 0 })
        && setup.countdowns.iter().all(|countdowns| countdowns.len() == game.rules.obligations.len())
        && setup.board.iter().all(|piece| piece.is_empty() || piece.kind().index() < game.pieces.len())
        && setup.en_passant.iter().all(|cell| cell.index() < game.cell_count());
    if fits {
        Ok(())
    } else {
        Err(PositionError::Malformed)
    }
}

/// Royals are never captured (no move may leave one attacked), so a player
/// whose setup gives it a royal has one ever after, unless a royal can turn
/// into a type that is not (a promotion, a promotion by proxy).
fn missing_royal(game: &Game, start: Option<&[Piece]>, pos: &Position) -> Result<(), PositionError> {
    let Some(start) = start.filter(|_| game.has_royals()) else { return Ok(()) };
    for player in game.player_ids() {
        let royals: Vec<PieceId> = royal_kinds_in(game, start, player);
        if royals.is_empty() || pos.royal_count(player) > 0 || royals_can_change(game, player) || game.rules.explosion.is_some() {
            continue;
        }
        return Err(PositionError::MissingRoyal {
            player,
            player_name: game.players[player.index()].name.clone(),
            royals: royals.iter().map(|&kind| game.pieces[kind].name.clone()).collect(),
        });
    }
    Ok(())
}

/// The royal types the setup gives `player`, in order.
fn royal_kinds_in(game: &Game, board: &[Piece], player: PlayerId) -> Vec<PieceId> {
    game.piece_ids().filter(|&kind| game.pieces[kind].royal && board.contains(&Piece::new(kind, player))).collect()
}

/// Can a royal of `player` become a piece that is not royal?
fn royals_can_change(game: &Game, player: PlayerId) -> bool {
    let not_royal = |kind: PieceId| !game.pieces[kind].royal;
    let promoted = game
        .pieces
        .iter()
        .filter(|p| p.royal)
        .flat_map(|p| &p.promotions)
        .any(|promotion| promotion.choices(player).iter().any(|choice| not_royal(choice.kind)));
    let by_proxy =
        game.rules.proxy_promotions.iter().any(|p| p.targets.iter().any(|&t| game.pieces[t].royal) && p.into.iter().any(|&k| not_royal(k)));
    promoted || by_proxy
}

/// No piece stands where it could never stand unpromoted
/// ([`crate::plan::forced_promotion`]), except where the setup puts it.
fn must_promote(game: &Game, start: Option<&[Piece]>, pos: &Position) -> Result<(), PositionError> {
    if game.pieces.iter().all(|p| p.promotions.is_empty()) {
        return Ok(());
    }
    let forced = crate::plan::forced_promotion::ForcedPromotion::of(game, start);
    for (cell, piece) in pos.cells() {
        if piece.is_empty() || start.is_some_and(|start| start[cell.index()] == piece) || !forced.binds(piece, cell) {
            continue;
        }
        let symbol = |kind| crate::text::fen::piece_symbol(game, Piece::new(kind, piece.owner()));
        return Err(PositionError::MustPromote {
            cell,
            cell_name: game.board.cells[cell].name.clone(),
            player_name: game.players[piece.owner().index()].name.clone(),
            piece: game.pieces[piece.kind()].name.clone(),
            symbol: symbol(piece.kind()),
            choices: forced.choices(piece, cell).into_iter().map(|kind| format!("`{}`", symbol(kind))).collect(),
        });
    }
    Ok(())
}

/// The side that has just moved is not in check: a move may not leave its
/// own royal attacked (facing royals among the attacks). Judged with the
/// caller's engine, or an interpreter, which any game runs on. Where
/// captures explode, a move that blasted the enemy's last royal is legal
/// whatever attacks the mover's: then the side to move has none.
fn side_not_to_move_safe(game: &Game, engine: Option<&dyn Engine>, pos: &Position) -> Result<(), PositionError> {
    let other = pos.side.opponent();
    let blasted = game.rules.explosion.is_some() && pos.royal_count(pos.side) == 0;
    if !game.has_royals() || pos.royal_count(other) == 0 || blasted {
        return Ok(());
    }
    let built;
    let engine = match engine {
        Some(engine) => engine,
        None => {
            built = crate::Interpreter::new(game.clone());
            &built
        }
    };
    let Some(cell) = pos.royal_cells(other).find(|&cell| engine.attacked(pos, cell, pos.side) && !pos.shielded(cell, pos.side)) else {
        return Ok(());
    };
    let mut moves = Vec::new();
    engine.generate(pos, &mut moves);
    let mut attackers: Vec<String> = Vec::new();
    for from in moves.iter().filter(|mv| mv.to() == cell && !mv.is_castle()).filter_map(|mv| mv.from()) {
        let name = &game.board.cells[from].name;
        if !attackers.contains(name) {
            attackers.push(name.clone());
        }
    }
    Err(PositionError::SideNotToMoveInCheck {
        cell,
        cell_name: game.board.cells[cell].name.clone(),
        player_name: game.players[other.index()].name.clone(),
        royal: game.pieces[pos.at(cell).kind()].name.clone(),
        mover_name: game.players[pos.side.index()].name.clone(),
        facing_rule: !game.rules.facing.is_empty(),
        attackers,
    })
}
