//! `place PIECE after every move` (part of the check phase): the blocker,
//! a type no side moves, which the mover places on another empty cell
//! after each of its moves (see `vdl_runtime::plan::blocker`).

use crate::diag::codes::Code;
use crate::diag::diagnostic::Diagnostic;
use crate::front::draft::DraftPiece;
use crate::front::groups::PieceSets;
use vdl_dsl::ast::{self, Span};
use vdl_runtime::ir::{MoveKind, PieceId};
use vdl_runtime::state::position::BlockerCell;

/// What else the game has that a move with a blocker cannot carry.
pub struct BlockerContext<'a> {
    pub pieces: &'a [DraftPiece],
    pub cells: usize,
    pub hands: bool,
    pub gating: bool,
    pub proxies: bool,
}

/// The blocker's type, or `None` (after reporting E0311 or E0101): it
/// must be a declared piece without moves, promotions or royalty, in a game
/// whose moves can carry the blocker's cell.
pub fn blocker(decl: (&ast::Ident, Span), sets: &PieceSets, context: &BlockerContext, diags: &mut Vec<Diagnostic>) -> Option<PieceId> {
    let (name, span) = decl;
    let set = ast::PieceSet { items: vec![(ast::SetOp::Union, name.clone())], span: name.span };
    let kinds = sets.resolve(&set, diags)?;
    let [kind] = kinds[..] else {
        diags.push(Diagnostic::error(Code::BadBlocker, name.span, format!("`{}` is a group: the blocker is one piece type", name.text)));
        return None;
    };
    let piece = &context.pieces[kind.index()];
    let refuse = |at: Span, message: String, help: &str| Diagnostic::error(Code::BadBlocker, at, message).with_help(help);
    let mut errors = Vec::new();
    if piece.royal || piece.moves.iter().any(|rules| !rules.is_empty()) || !piece.promotions.is_empty() {
        errors.push(refuse(
            name.span,
            format!("the blocker `{}` has moves, promotions or royalty", name.text),
            "declare the blocker as a piece with no statement but `draw`: no side moves it",
        ));
    }
    if context.cells > BlockerCell::MAX_CELLS {
        errors.push(refuse(
            span,
            format!("a blocker needs a board of at most {} cells; this one has {}", BlockerCell::MAX_CELLS, context.cells),
            "a move keeps the blocker's cell in one byte",
        ));
    }
    let swaps = context.pieces.iter().flat_map(|p| p.moves.iter().flatten()).any(|rule| matches!(rule.kind, MoveKind::Swap { .. }));
    for (present, what) in
        [(context.hands, "drops"), (context.gating, "gating"), (context.proxies, "promotions by proxy"), (swaps, "swaps")]
    {
        if present {
            errors.push(refuse(
                span,
                format!("a blocker cannot follow {what}: a move holds the blocker's cell only after a piece's move, capture on the way or castling"),
                "leave out the blocker or the other rule",
            ));
        }
    }
    let ok = errors.is_empty();
    diags.extend(errors);
    ok.then_some(kind)
}
