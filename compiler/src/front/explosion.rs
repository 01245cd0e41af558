//! `captures explode within N steps along DIRS [sparing PIECES]` (part of
//! the check phase): the reach, each player's directions from its own side,
//! and the spared types, as [`ir::Explosion`].

use crate::diag::codes::Code;
use crate::diag::diagnostic::Diagnostic;
use crate::front::pieces::{PieceLowering, MAX_TABLE_ENTRIES};
use vdl_dsl::ast;
use vdl_runtime::ir;
use vdl_runtime::state::explosion::Blasts;

impl PieceLowering<'_> {
    /// The explosion of a `captures explode` statement, or `None` after
    /// reporting: a reach outside 0..=255 (E0310), unknown directions or
    /// pieces (E0101), blast areas too large to keep (E0305).
    pub fn explosion(&mut self, decl: &ast::ExplosionDecl, diags: &mut Vec<Diagnostic>) -> Option<ir::Explosion> {
        let reach = u8::try_from(decl.reach.value).ok();
        if reach.is_none() {
            diags.push(
                Diagnostic::error(
                    Code::BadExplosion,
                    decl.reach.span,
                    format!("a blast reaches from 0 to 255 steps, not {}", decl.reach.value),
                )
                .with_help("give how many steps from the capture's cell the blast reaches (1: the cells next to it)"),
            );
        }
        let vectors = self.directions.eval(&decl.directions, diags);
        let spared = match &decl.spared {
            Some(set) => self.sets.resolve(set, diags),
            None => Some(Vec::new()),
        };
        let (reach, vectors, spared) = (reach?, vectors?, spared?);
        let directions: ir::PerPlayer<Vec<ir::DirId>> = (0..self.players.list.len())
            .map(|player| vectors.iter().map(|v| self.table.intern(self.board, &self.players.map_vector(player, v))).collect())
            .collect();
        for dirs in &directions {
            if let Err(too_large) = Blasts::check_size(&self.table.ir, dirs, self.board.cells.len(), reach, MAX_TABLE_ENTRIES) {
                diags.push(
                    Diagnostic::error(
                        Code::TooMuchWork,
                        decl.reach.span,
                        format!("the blast areas would hold more than {} cells ({MAX_TABLE_ENTRIES} at most)", too_large.entries),
                    )
                    .with_help("give a smaller reach, or fewer directions"),
                );
                return None;
            }
        }
        Some(ir::Explosion { reach, directions, spared })
    }
}
