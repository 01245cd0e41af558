//! What the printed moves and attacks need from the module's prelude.

use crate::codegen::spec::generate_inputs::GenerateInputs;
use crate::codegen::spec::helpers::Helpers;

/// What the printers of the moves and the attacks report they read, so that
/// the prelude defines and passes exactly that: plain data, handed from the
/// printers to the prelude rather than set on the context as they go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Needs {
    pub generate: GenerateInputs,
    pub helpers: Helpers,
    /// The module finds the cells the attacks on a target depend on
    /// (`attack_cells`, see `attack`).
    pub attack_cells: bool,
    /// The code names pieces or piece types by constants (`KIND_ROOK`,
    /// `WHITE_PAWN`), which the piece items define.
    pub piece_constants: bool,
}
