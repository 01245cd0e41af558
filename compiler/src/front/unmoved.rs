//! What a position says about unmoved pieces beyond their moves (part of
//! the check phase): `unmoved lost when enemy PIECES lands in line along
//! DIRS` in a piece, which takes a piece's first moves without its moving,
//! and `unmoved listed in ZONE`, which writes the zone's unmoved pieces in
//! the castling field by file letter.

use crate::diag::codes::Code;
use crate::diag::diagnostic::Diagnostic;
use crate::front::draft::DraftPiece;
use crate::front::pieces::{PieceLowering, MAX_TABLE_ENTRIES};
use vdl_dsl::ast::{self, Span};
use vdl_runtime::ir::{self, PieceId, ZoneId};
use vdl_runtime::state::unmoved_loss::LossLines;

/// A piece's `unmoved lost when ...`, resolved: the landing types and each
/// player's directions from its own side.
pub struct DraftUnmovedLoss {
    pub landers: Vec<PieceId>,
    pub directions: ir::PerPlayer<Vec<ir::DirId>>,
    pub span: Span,
}

impl PieceLowering<'_> {
    /// The loss a piece states, or `None` after reporting unknown pieces or
    /// directions (E0101) or lines too many to keep (E0305).
    pub fn unmoved_loss(&mut self, stmt: &ast::UnmovedLossStmt, diags: &mut Vec<Diagnostic>) -> Option<DraftUnmovedLoss> {
        let landers = self.sets.resolve(&stmt.landers, diags);
        let vectors = self.directions.eval(&stmt.directions, diags);
        let (landers, vectors) = (landers?, vectors?);
        let directions: ir::PerPlayer<Vec<ir::DirId>> = (0..self.players.list.len())
            .map(|player| vectors.iter().map(|v| self.table.intern(self.board, &self.players.map_vector(player, v))).collect())
            .collect();
        for dirs in &directions {
            if let Err(entries) = LossLines::check_size(&self.table.ir, dirs, self.board.cells.len(), MAX_TABLE_ENTRIES) {
                diags.push(
                    Diagnostic::error(
                        Code::TooMuchWork,
                        stmt.span,
                        format!("the lines would hold more than {entries} cells ({MAX_TABLE_ENTRIES} at most)"),
                    )
                    .with_help("give fewer directions"),
                );
                return None;
            }
        }
        Some(DraftUnmovedLoss { landers, directions, span: stmt.span })
    }
}

/// The game's losses, one per piece that states one. A piece with no first
/// move and no castling has nothing to lose (W0115).
pub fn unmoved_losses(pieces: &[DraftPiece], diags: &mut Vec<Diagnostic>) -> Vec<ir::UnmovedLoss> {
    let mut losses = Vec::new();
    for (index, piece) in pieces.iter().enumerate() {
        let Some(loss) = &piece.unmoved_loss else { continue };
        let first_moves = piece.moves.iter().flatten().any(|rule| rule.gate.needs_unmoved());
        if !first_moves {
            diags.push(
                Diagnostic::warning(
                    Code::LossWithoutFirstMoves,
                    loss.span,
                    format!("the {} has no first move or castling, so this loses it nothing", piece.name),
                )
                .with_help("give the piece a `when unmoved` move or a `castle`, or remove this statement"),
            );
        }
        losses.push(ir::UnmovedLoss {
            loser: PieceId::from_index(index),
            landers: loss.landers.clone(),
            directions: loss.directions.clone(),
        });
    }
    losses
}

/// The zone of `unmoved listed in ZONE`, if stated. Its pieces are named by
/// their file's letter, so every file's label must be one letter (E0313),
/// and a game that gates lists its zone already (E0313).
pub fn unmoved_listing(
    listings: &[(&ast::ZoneExpr, Span)],
    gating: Option<ZoneId>,
    lowering: &mut PieceLowering,
    diags: &mut Vec<Diagnostic>,
) -> Option<ZoneId> {
    let &(zone, span) = listings.first()?;
    let zone = lowering.zone(zone, diags)?;
    let files = lowering.board.axes.first().map_or(&[][..], |axis| axis.labels.as_slice());
    if let Some(label) = files.iter().find(|label| label.chars().count() != 1 || !label.chars().all(|c| c.is_ascii_alphabetic())) {
        diags.push(
            Diagnostic::error(
                Code::BadUnmovedListing,
                span,
                format!("`unmoved listed in` names pieces by the letter of their file, and the file `{label}` is not one letter"),
            )
            .with_help("name the first axis's labels with single letters (`axis file = a..h`), or remove this statement"),
        );
        return None;
    }
    if gating.is_some() {
        diags.push(
            Diagnostic::error(Code::BadUnmovedListing, span, "a game that gates lists its gating zone's unmoved pieces already")
                .with_help("remove this statement: `gate from hand in ZONE` writes the zone's pieces by file letter"),
        );
        return None;
    }
    Some(zone)
}
