//! The steps of all of a type's pieces at once. Where every move of a piece
//! is an unblockable step (the open sets of `leap_sets`), each step from a
//! start goes some number of cells up or down the cells' numbers; the
//! pieces on the starts of the steps that go the same number ("a shift")
//! reach the same set shifted by it. A counter counts the shifted sets at
//! once (`vdl_runtime::state::sink::MoveSink::plain_shifts`), for the pieces it
//! takes in bulk (`MoveSink::in_bulk`: those on cells whose vacating does
//! not matter); the others keep the piece's own function, and so do the
//! pieces on starts from which a step may promote, or that reach one
//! destination in two modes (the piece's sets give it once). A list takes
//! no piece in bulk: its moves come piece by piece, as they always did.
//!
//! Worth it for a type of many pieces with few shifts, such as a line of
//! soldiers stepping forward: five pieces' destinations, each read from a
//! table, tested and counted, become a few shifts of one set.

use crate::codegen::moves::leap_sets::LeapSets;
use crate::codegen::Ctx;
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use vdl_runtime::ir::{Mode, PieceId, PlayerId};

/// The steps of one piece type and player as shifts of its pieces' cells.
pub struct StepShifts {
    /// The starts whose every step is in a shift, none promoting.
    starts: u128,
    shifts: Vec<Shift>,
}

/// The steps of one mode that go `offset` cells up the cells' numbers, from
/// the starts `from`.
struct Shift {
    mode: Mode,
    offset: isize,
    from: u128,
}

/// Most shifts per piece the setup gives the type: more, and the shifts
/// cost more than the pieces' own code.
const SHIFTS_PER_PIECE: usize = 2;

/// The shifts of a type whose every move is a step of `leaps`' open sets,
/// `promoting` the destinations from each start where a move may promote;
/// `None` when the type has gated leaps, or when its `pieces` (in the
/// setup) are too few for its shifts to pay.
pub fn of(leaps: &LeapSets, promoting: &[u128], pieces: usize) -> Option<StepShifts> {
    let sets = leaps.open_only()?;
    let mut shifts = StepShifts { starts: 0, shifts: Vec::new() };
    for (from, &promotes) in promoting.iter().enumerate() {
        let [both, move_only, capture_only] = sets.map(|(_, set)| set[from]);
        if promotes != 0 || both & move_only != 0 || both & capture_only != 0 || move_only & capture_only != 0 {
            continue;
        }
        shifts.starts |= 1 << from;
        for (mode, set) in sets {
            let mut targets = set[from];
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                shifts.add(mode, to as isize - from as isize, from);
            }
        }
    }
    let pays = pieces >= 2 && shifts.shifts.len() <= SHIFTS_PER_PIECE * pieces;
    (shifts.starts != 0 && pays).then_some(shifts)
}

impl StepShifts {
    fn add(&mut self, mode: Mode, offset: isize, from: usize) {
        match self.shifts.iter_mut().find(|shift| shift.mode == mode && shift.offset == offset) {
            Some(shift) => shift.from |= 1 << from,
            None => self.shifts.push(Shift { mode, offset, from: 1 << from }),
        }
    }

    /// The statements giving the moves of the pieces of `kind` for `player`
    /// on the cells `cells` (an expression): those the sink takes in bulk
    /// as shifts, then the others by `each` (a call of the piece's function
    /// with `from`).
    pub fn code(&self, ctx: &mut Ctx, kind: PieceId, player: PlayerId, cells: TokenStream, each: &TokenStream) -> TokenStream {
        let label = ctx.piece_label(kind, player);
        let upper = format!("{}_{}", ctx.names.pieces[kind.index()], ctx.names.players[player.index()]);
        let kind_name = ctx.kind(kind);
        let rest = ctx.for_each_cell(quote!(cells ^ bulk), quote!(from), each.clone());
        let doc = format!("{label}: the cells from which its steps are taken in bulk, as shifts, as bits.");
        let starts = ctx.tables.set(&format!("{upper}_SHIFTED"), &doc, self.starts);
        let shifts = self.shifts.iter().enumerate().map(|(k, shift)| {
            let way = if shift.offset >= 0 { "up" } else { "down" };
            let doc = format!(
                "{label}: the cells from which a step goes {} cells {way} the cells' numbers, as bits.",
                shift.offset.unsigned_abs()
            );
            // The pieces taken in bulk stand on `starts`: a shift from all
            // of them needs no mask.
            let from = if shift.from & self.starts == self.starts {
                quote!(bulk)
            } else {
                let mask = ctx.tables.set(&format!("{upper}_SHIFT_{k}"), &doc, shift.from);
                quote!((bulk & #mask))
            };
            let by = Literal::usize_unsuffixed(shift.offset.unsigned_abs());
            let shifted = if shift.offset >= 0 { quote!(#from << #by) } else { quote!(#from >> #by) };
            let landing = match shift.mode {
                Mode::Both => quote!(!occupancy.own),
                Mode::MoveOnly => quote!(occupancy.empty),
                Mode::CaptureOnly => quote!(occupancy.enemy),
            };
            let offset = Literal::isize_unsuffixed(shift.offset);
            quote!((#shifted & #landing, #offset))
        });
        quote! {{
            let cells = #cells;
            let bulk = out.in_bulk(#kind_name, cells & #starts);
            if bulk != 0 {
                out.plain_shifts(board, #kind_name, [#(#shifts),*]);
            }
            #rest
        }}
    }
}
