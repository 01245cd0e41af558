//! Attacks tested as bits, on boards whose cells fit in one word: for each
//! group of piece types that attack every target from the same cells, a
//! table of those cells per target, met with the cells of the group's
//! pieces (`vdl_runtime::state::piece_cells::PieceCells`). Two uses:
//!
//! * the leaps and steps that nothing blocks (`attack_lists`' open list),
//!   met with the attacker's cells;
//! * the rides, met with the first piece on each line out from the target
//!   (`attack_lines`), where each cell attacks the target along one line
//!   only or the same way along each.
//!
//! Either test is a few loads and `&`s with one branch, where a loop over
//! a target's origins, or a walk per line, reads the board and branches on
//! what it finds: branches the processor mostly guesses wrong (in
//! Minishogi, the attack test had a quarter of the compiled engine's
//! mispredicted branches).
//!
//! The group's cells are those the position keeps, so the answer is met
//! with the attacker's cells as the caller gives them (`gate`), which must
//! then be exact: on a copy of the board after the other side's move, they
//! are those before it less the cell it took (see `safety`).

use crate::codegen::Ctx;
use proc_macro2::{Ident, TokenStream};
use quote::quote;
use std::collections::BTreeMap;
use vdl_runtime::ir::{PieceId, PlayerId};

/// Sets of piece types, a bit per type.
pub type Kinds = u128;

/// Per target, the cells pieces attack it from, each with its types.
pub type Origins = [BTreeMap<usize, Kinds>];

/// More groups than this are tested the other way: each group is a load
/// and an `&` more, however few origins a target has.
const MAX_GROUPS: usize = 8;

/// Attacks of one player as groups of types.
pub struct AttackerBits {
    /// Per group: its table of origins per target, and its pieces.
    groups: Vec<(Ident, Vec<Ident>)>,
}

impl AttackerBits {
    /// The attacks `origins` of `player` (described by `about`, tables
    /// named after `name`) as groups; `None` where none attacks or there
    /// are more than [`MAX_GROUPS`] groups.
    pub fn new(ctx: &mut Ctx, player: PlayerId, (name, about): (&str, &str), origins: &Origins) -> Option<AttackerBits> {
        let groups = groups(origins);
        if groups.is_empty() || groups.len() > MAX_GROUPS {
            return None;
        }
        let upper = ctx.names.players[player.index()].clone();
        let who = ctx.game.players[player.index()].name.clone();
        let groups = groups
            .into_iter()
            .enumerate()
            .map(|(n, (cells, kinds))| {
                let names: Vec<&str> = kinds.iter().map(|&k| ctx.game.pieces[k].name.as_str()).collect();
                let doc = format!("The {about} of {who}'s {}: the cells they attack each target from, as bits.", names.join(", "));
                let table = crate::codegen::attacks::attack::gate_table(ctx, &format!("{name}_{upper}_{}", n + 1), doc, cells);
                let pieces = kinds.into_iter().map(|kind| ctx.piece(kind, player)).collect();
                (table, pieces)
            })
            .collect();
        Some(AttackerBits { groups })
    }

    /// The cells of the pieces (read from `pieces`, a `PieceCells`) that
    /// attack `target`, as a word, before they are met with `gate` (and,
    /// for rides, with the first pieces on the lines).
    /// (In parentheses: one group's term has its own.)
    fn attackers(&self) -> TokenStream {
        let terms: Vec<TokenStream> = self
            .groups
            .iter()
            .map(|(table, pieces)| {
                let cells = pieces.iter().map(|piece| quote!(pieces.of(#piece, CELLS)));
                quote!((#table[target] & (#(#cells)|*) as u64))
            })
            .collect();
        match terms.as_slice() {
            [one] => one.clone(),
            _ => quote!((#(#terms)|*)),
        }
    }

    /// `true` from the function when a piece attacks `target` from among
    /// the cells `among` (a word), if given.
    pub fn test(&self, among: Option<TokenStream>) -> TokenStream {
        let attackers = self.attackers();
        let among = among.map(|cells| quote!(& #cells));
        quote! {
            if #attackers #among & gate != 0 {
                return true;
            }
        }
    }

    /// Adds to `cells` (two words) the cells of the pieces attacking
    /// `target`.
    pub fn cells(&self) -> TokenStream {
        let attackers = self.attackers();
        quote!(cells |= u128::from(#attackers & gate);)
    }
}

/// The attacks as groups of types with the same origins for every target:
/// per group, the origins per target as bits (those below 128) and its
/// types, in the order of the types' first appearance.
fn groups(origins: &Origins) -> Vec<(Vec<u128>, Vec<PieceId>)> {
    let kinds = origins.iter().flat_map(|entries| entries.values()).fold(0, |all, &kinds| all | kinds);
    let mut by_origins: BTreeMap<Vec<u128>, Vec<PieceId>> = BTreeMap::new();
    for kind in (0..Kinds::BITS as usize).filter(|&k| kinds >> k & 1 != 0).map(PieceId::from_index) {
        let cells: Vec<u128> = origins
            .iter()
            .map(|entries| {
                entries
                    .iter()
                    .filter(|&(&from, &kinds)| from < 128 && kinds >> kind.index() & 1 != 0)
                    .fold(0, |bits, (&from, _)| bits | 1 << from)
            })
            .collect();
        by_origins.entry(cells).or_default().push(kind);
    }
    let mut groups: Vec<(Vec<u128>, Vec<PieceId>)> = by_origins.into_iter().collect();
    groups.sort_by_key(|(_, kinds)| kinds[0]);
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_with_the_same_origins_everywhere_are_one_group() {
        // Two targets on a row of three: types 0 and 2 attack each from
        // both neighbours, type 1 only target 0, from cell 1.
        let both = 0b101;
        let origins = vec![BTreeMap::from([(1, both | 0b010)]), BTreeMap::from([(0, both), (2, both)])];
        let found = groups(&origins);
        assert_eq!(
            found,
            vec![
                (vec![0b010, 0b101], vec![PieceId::from_index(0), PieceId::from_index(2)]),
                (vec![0b010, 0], vec![PieceId::from_index(1)])
            ]
        );
    }
}
