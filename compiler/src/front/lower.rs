//! Phase 4, lower: the checked draft becomes IR. It cannot fail. Its product
//! is the game of movement alone (a [`Movement`]: no promotions, hands or
//! limits; the analysis asks it what each piece can do) and the rest of the
//! rules, which join it in the finishing step, the only maker of the file's
//! [`Game`].

use crate::front::board::{BoardModel, NamePart, Place};
use crate::front::cell_classes::CellClasses;
use crate::front::draft::{Draft, DraftInPlace, DraftPromotion, LimitScope};
use crate::front::movement::Movement;
use crate::front::players::Players;
use vdl_runtime::ir::{self, Game, PieceId, ZoneId};

pub struct Lowered {
    /// Only movement: no piece type promotes, and captured pieces leave the
    /// game.
    pub movement: Movement,
    /// The rest of each piece type, in the same order.
    pub pieces: Vec<PieceRules>,
    pub limits: Vec<LoweredLimit>,
    pub no_drop_mate: Vec<PieceId>,
    pub drop_bans: Vec<(PieceId, ZoneId)>,
    /// `may drop anywhere`: drops are not kept off the cells where a piece
    /// could never move.
    pub drop_anywhere: bool,
}

/// What a piece type has besides its movement.
pub struct PieceRules {
    pub royal: bool,
    pub promotions: Vec<DraftPromotion>,
    pub in_place: Option<DraftInPlace>,
    /// With hands: the type a captured piece of this type joins the hand as.
    pub captured_as: Option<PieceId>,
    /// With `may drop promoted`: the other types that join the hand as this
    /// one, which a piece of it in hand may be dropped as.
    pub drop_forms: Vec<PieceId>,
}

pub struct LoweredLimit {
    pub piece: PieceId,
    pub max: u8,
    pub classes: LimitClasses,
}

pub enum LimitClasses {
    Known(CellClasses),
    /// The piece's bindings, which the analysis finds.
    Bindings,
}

pub fn lower(draft: Draft) -> Lowered {
    let captured_as = captured_forms(&draft);
    let drop_forms = drop_forms(&captured_as, draft.drop_promoted);
    let limits = draft
        .limits
        .iter()
        .map(|limit| LoweredLimit { piece: limit.piece, max: limit.max, classes: limit_classes(&draft.board, limit.scope) })
        .collect();
    let mut pieces = Vec::with_capacity(draft.pieces.len());
    let mut movers = Vec::with_capacity(draft.pieces.len());
    for ((piece, captured_as), drop_forms) in draft.pieces.into_iter().zip(captured_as).zip(drop_forms) {
        pieces.push(PieceRules { royal: piece.royal, promotions: piece.promotions, in_place: piece.in_place, captured_as, drop_forms });
        movers.push(ir::PieceType {
            name: piece.name,
            symbol: piece.symbol,
            // Royals face along the facing lines, which the plan keeps as
            // their attacks (`vdl_runtime::plan::SidePlan::facing_lines`).
            royal: piece.royal,
            confined: piece.confined,
            moves: piece.moves.into(),
            promotions: Vec::new(),
            in_place: None,
            captured_as: None,
            no_drop: None,
            drop_forms: Vec::new(),
            glyphs: piece.glyphs,
        });
    }
    let movement = Movement::new(Game {
        name: draft.name,
        board: ir::Board {
            axes: draft.board.ir_axes(),
            layout: layout(&draft.board, &draft.players, draft.drawing),
            cells: draft.board.cells.clone(),
        },
        players: draft.players.ir_players(),
        directions: draft.directions,
        zones: draft.zones,
        pieces: movers,
        rules: ir::Rules {
            facing: draft.facing,
            facing_allowed: draft.facing_allowed,
            stalemate: draft.stalemate,
            limits: Vec::new(),
            no_drop_mate: Vec::new(),
            proxy_promotions: draft.proxy_promotions,
            obligations: draft.obligations,
            goals: draft.goals,
            checks_forbidden: draft.checks_forbidden,
            must_capture: draft.must_capture,
            must_drop: draft.must_drop,
            explosion: draft.explosion,
            material: draft.material,
            gating: draft.gating,
            unmoved_listed: draft.unmoved_listed,
            unmoved_losses: draft.unmoved_losses,
            blocker: draft.blocker,
        },
        setup: draft.setup,
    });
    Lowered { movement, pieces, limits, no_drop_mate: draft.no_drop_mate, drop_bans: draft.drop_bans, drop_anywhere: draft.drop_anywhere }
}

/// Per piece type, the other types whose captured pieces join the hand as
/// it: what it may be dropped as, with `may drop promoted` (none without).
fn drop_forms(captured_as: &[Option<PieceId>], drop_promoted: bool) -> Vec<Vec<PieceId>> {
    let forms_of = |kind: usize| {
        let others = captured_as.iter().enumerate().filter(move |&(other, held)| other != kind && held.is_some_and(|h| h.index() == kind));
        others.map(|(other, _)| PieceId::from_index(other)).collect()
    };
    (0..captured_as.len()).map(|kind| if drop_promoted { forms_of(kind) } else { Vec::new() }).collect()
}

/// With hands, a captured piece joins the hand in its unpromoted form: `+P`
/// as `P` (as itself when there is no such piece).
pub(crate) fn captured_forms(draft: &Draft) -> Vec<Option<PieceId>> {
    let by_symbol = |symbol: &str| draft.pieces.iter().position(|p| p.symbol.eq_ignore_ascii_case(symbol));
    let form = |kind: usize| {
        let symbol = &draft.pieces[kind].symbol;
        let base = if symbol.ends_with('~') { promoted_from(draft, kind) } else { by_symbol(symbol.trim_start_matches('+')) };
        PieceId::from_index(base.unwrap_or(kind))
    };
    (0..draft.pieces.len()).map(|kind| draft.hands.then(|| form(kind))).collect()
}

/// The piece type that promotes to `kind` (only one may: E0106): what a
/// captured `X~` joins the hand as.
fn promoted_from(draft: &Draft, kind: usize) -> Option<usize> {
    draft.pieces.iter().position(|p| p.promotions.iter().any(|promotion| promotion.to.iter().any(|to| to.index() == kind)))
}

fn limit_classes(board: &BoardModel, scope: LimitScope) -> LimitClasses {
    let cells = board.cells.len();
    match scope {
        LimitScope::Board => LimitClasses::Known(CellClasses::from_keys(cells, |_| 0)),
        LimitScope::Line(axis) => LimitClasses::Known(CellClasses::from_keys(cells, |cell| {
            let mut coords = board.cells[cell].coords.clone();
            coords[axis] = 0;
            coords
        })),
        LimitScope::Bindings => LimitClasses::Bindings,
    }
}

/// Position-string order, over the parts of cell names (so a folded board is
/// written in its named layout): rows run across the forward axis (or fold)
/// from the first player's far side, along the first other part; further parts
/// make blocks of rows separated by `|`. Walls (`without`) keep their place in
/// their rows; places outside the board (`cells`) have none.
fn layout(board: &BoardModel, players: &Players, drawing: ir::Drawing) -> ir::Layout {
    let row_part = players.forward_part;
    let col_part = board.naming.iter().copied().find(|&p| p != row_part);
    let others: Vec<NamePart> = board.naming.iter().copied().filter(|&p| p != row_part && Some(p) != col_part).collect();
    let row_size = board.part_size(row_part);
    let key = |place: usize| -> Option<Vec<usize>> {
        let mut key: Vec<usize> = others.iter().map(|&p| board.place_part_index(p, place)).collect::<Option<_>>()?;
        let row = board.place_part_index(row_part, place)?;
        key.push(if players.forward_sign > 0 { row_size - 1 - row } else { row });
        key.push(match col_part {
            Some(p) => board.place_part_index(p, place)?,
            None => 0,
        });
        Some(key)
    };
    let mut order: Vec<(Vec<usize>, usize)> = (0..board.places.len())
        .filter(|&place| !matches!(board.places[place], Place::Outside))
        .filter_map(|place| Some((key(place)?, place)))
        .collect();
    order.sort();
    let label = |part: NamePart, place: usize| -> String {
        board.place_part_index(part, place).map_or(String::new(), |i| board.part_labels(part)[i].clone())
    };
    let mut rows: Vec<Vec<Option<ir::CellId>>> = Vec::new();
    let mut separators = Vec::new();
    let mut row_labels = Vec::new();
    let mut block_labels = Vec::new();
    let mut first_row_places = Vec::new();
    let mut last_key: Option<Vec<usize>> = None;
    for (k, place) in order {
        let row_key = &k[..k.len() - 1];
        let new_block = last_key.as_ref().is_none_or(|prev| prev[..others.len()] != k[..others.len()]);
        match &last_key {
            Some(prev) if prev[..prev.len() - 1] == *row_key => {}
            Some(_) => {
                separators.push(if new_block { "|" } else { "/" }.to_string());
                rows.push(Vec::new());
            }
            None => rows.push(Vec::new()),
        }
        if rows.last().is_some_and(Vec::is_empty) {
            row_labels.push(label(row_part, place));
            if new_block && !others.is_empty() {
                let text: Vec<String> = others.iter().map(|&p| format!("{} {}", board.part_name(p), label(p, place))).collect();
                block_labels.push(text.join(", "));
            }
        }
        if rows.len() == 1 {
            first_row_places.push(place);
        }
        rows.last_mut().expect("a row was started").push(match board.places[place] {
            Place::Cell(id) => Some(id),
            Place::Wall | Place::Outside => None,
        });
        last_key = Some(k);
    }
    let column_labels = match col_part {
        Some(part) if !board.is_shaped() => first_row_places.iter().map(|&p| label(part, p)).collect(),
        Some(part) => board.part_labels(part).to_vec(),
        None => Vec::new(),
    };
    let wraps = |part: Option<NamePart>| matches!(part, Some(NamePart::Axis(a)) if board.axes[a].wrap);
    let centres = crate::front::centres::centres(board, players, drawing, col_part);
    ir::Layout {
        rows,
        separators,
        row_labels,
        column_labels,
        block_labels,
        rows_wrap: wraps(Some(row_part)),
        columns_wrap: wraps(col_part),
        drawing,
        centres,
    }
}
