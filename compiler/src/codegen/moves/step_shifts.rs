//! The steps of all of a type's pieces at once. Where every move of a piece
//! is a step of the sets of `leap_sets` (or a first move such a set could
//! hold but for its gate, see below), each step from a start goes some
//! number of cells up or down the cells' numbers; the pieces on the starts
//! of the steps that go the same number ("a shift") reach the same set
//! shifted by it. A counter counts the shifted sets at once
//! (`vdl_runtime::state::sink::MoveSink::plain_shifts`), for the pieces it
//! takes in bulk (`MoveSink::in_bulk`: those on cells whose vacating does
//! not matter); the others keep the piece's own function, and so do the
//! pieces on starts from which a step may promote, or that reach one
//! destination in two modes (the piece's sets give it once). A list takes
//! no piece in bulk: its moves come piece by piece, as they always did.
//!
//! Worth it for a type of many pieces with few shifts, such as a line of
//! soldiers stepping forward: five pieces' destinations, each read from a
//! table, tested and counted, become a few shifts of one set.
//!
//! A leap that one cell blocks (a Pawn's double step, a Xiang Qi
//! Elephant's) shifts the pieces whose cell that far along is empty; one
//! that holds only while its piece is unmoved (`when unmoved`) shifts only
//! the pieces on the cells the position keeps as unmoved. The steps of a
//! start that may promote, or that reach one destination twice, keep the
//! piece's function for the pieces there.

use crate::codegen::moves::leap_sets::SetStep;
use crate::codegen::moves::promotion::Promotions;
use crate::codegen::Ctx;
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use std::collections::HashMap;
use vdl_runtime::ir::{Mode, PieceId, PlayerId};

/// The steps of one piece type and player as shifts of its pieces' cells.
pub struct StepShifts {
    /// The starts whose every step is in a shift, none promoting (but the
    /// first moves from `moved_only`).
    starts: u128,
    /// Of `starts`, those where a first move may promote or repeat a
    /// destination: only the pieces there that have moved are shifted.
    moved_only: u128,
    shifts: Vec<Shift>,
}

/// The steps that go `offset` cells up the cells' numbers, from the starts
/// `from`, alike in all else (`way`).
struct Shift {
    way: Way,
    offset: isize,
    from: u128,
}

/// What the steps of one shift share besides their offset.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Way {
    mode: Mode,
    /// The cell that must be empty, as an offset from the start (a leap
    /// one cell blocks); `None` where nothing blocks the step.
    via: Option<isize>,
    /// Only an unmoved piece takes it (`when unmoved`).
    first_move: bool,
}

/// Most shifts per piece the setup gives the type: more, and the shifts
/// cost more than the pieces' own code.
const SHIFTS_PER_PIECE: usize = 2;

/// The shifts of a type whose every move is one of `steps` (those of its
/// sets, see `leap_sets`) or, while the piece is unmoved, of `first_moves`;
/// `promotions` saying where a move may promote. `None` when its `pieces`
/// (in the setup) are too few for its shifts to pay.
pub fn of(steps: &[SetStep], first_moves: &[SetStep], promotions: Option<&Promotions>, pieces: usize) -> Option<StepShifts> {
    let all = || steps.iter().map(|step| (step, false)).chain(first_moves.iter().map(|step| (step, true)));
    // The starts of steps, and those of steps that may promote or repeat
    // a destination: their pieces keep their function; where only a first
    // move may, only the unmoved pieces do.
    let (mut reached, mut starts) = (HashMap::<usize, u128>::new(), 0u128);
    let (mut kept, mut kept_unmoved) = (0u128, 0u128);
    for (step, first_move) in all() {
        let reached = reached.entry(step.from).or_default();
        let promotes = promotions.is_some_and(|promotions| promotions.outcome(step.from, step.to) != 0);
        if promotes || *reached >> step.to & 1 != 0 {
            *(if first_move { &mut kept_unmoved } else { &mut kept }) |= 1 << step.from;
        }
        *reached |= 1 << step.to;
        starts |= 1 << step.from;
    }
    // A piece on a cell without steps has no move: its function finds none
    // at little cost, and the shifts from every start need no mask.
    let starts = starts & !kept;
    let mut shifts = StepShifts { starts, moved_only: kept_unmoved & starts, shifts: Vec::new() };
    for (step, first_move) in all() {
        let kept = if first_move { kept | kept_unmoved } else { kept };
        if kept >> step.from & 1 == 0 {
            let via = step.via.map(|via| via as isize - step.from as isize);
            shifts.add(Way { mode: step.mode, via, first_move }, step.to as isize - step.from as isize, step.from);
        }
    }
    let pays = pieces >= 2 && shifts.shifts.len() <= SHIFTS_PER_PIECE * pieces;
    (!shifts.shifts.is_empty() && pays).then_some(shifts)
}

impl StepShifts {
    fn add(&mut self, way: Way, offset: isize, from: usize) {
        match self.shifts.iter_mut().find(|shift| shift.way == way && shift.offset == offset) {
            Some(shift) => shift.from |= 1 << from,
            None => self.shifts.push(Shift { way, offset, from: 1 << from }),
        }
    }

    /// Does some shift hold only while its pieces are unmoved? Then the
    /// code reads the position.
    pub fn reads_position(&self) -> bool {
        self.moved_only != 0 || self.shifts.iter().any(|shift| shift.way.first_move)
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
        let shifts = self
            .shifts
            .iter()
            .enumerate()
            .map(|(k, shift)| {
                // The pieces taken in bulk stand on `starts`: a shift from all
                // of them needs no mask.
                let mut from = if shift.from & self.starts == self.starts {
                    quote!(bulk)
                } else {
                    let doc = format!("{label}: the cells from which {}, as bits.", shift.describe());
                    let mask = ctx.tables.set(&format!("{upper}_SHIFT_{k}"), &doc, shift.from);
                    quote!((bulk & #mask))
                };
                if shift.way.first_move {
                    from = quote!((#from & unmoved));
                }
                if let Some(via) = shift.way.via {
                    let empty = shifted(quote!(occupancy.empty), -via);
                    from = quote!((#from & #empty));
                }
                let shifted = shifted(from, shift.offset);
                let landing = match shift.way.mode {
                    Mode::Both => quote!(!occupancy.own),
                    Mode::MoveOnly => quote!(occupancy.empty),
                    Mode::CaptureOnly => quote!(occupancy.enemy),
                };
                let offset = Literal::isize_unsuffixed(shift.offset);
                quote!((#shifted & #landing, #offset))
            })
            .collect::<Vec<_>>();
        let unmoved = self.reads_position().then(|| quote!(let unmoved = pos.unmoved_bits(CELLS);));
        // The unmoved pieces whose first move may promote are left out
        // after the sink has chosen: they seldom stand there, and the
        // position is read only for shifts that are taken.
        let moved_only = (self.moved_only != 0).then(|| {
            let doc = format!(
                "{label}: the cells of its steps taken in bulk from which a first move may promote or repeat a destination, as bits: its unmoved pieces there are not taken in bulk."
            );
            let moved_only = ctx.tables.set(&format!("{upper}_MOVED_ONLY"), &doc, self.moved_only);
            quote!(bulk &= !(unmoved & #moved_only);)
        });
        let binding = if moved_only.is_some() { quote!(let mut bulk) } else { quote!(let bulk) };
        quote! {{
            let cells = #cells;
            #binding = out.in_bulk(#kind_name, cells & #starts);
            if bulk != 0 {
                #unmoved
                #moved_only
                out.plain_shifts(board, #kind_name, [#(#shifts),*]);
            }
            #rest
        }}
    }
}

impl Shift {
    /// Its steps in words, for the docs of its table.
    fn describe(&self) -> String {
        let first = if self.way.first_move { "an unmoved piece's first move" } else { "a step" };
        let mut words = format!("{first} goes {}", cells_along(self.offset));
        if let Some(via) = self.way.via {
            words += &format!(" if the cell {} is empty", cells_along(via));
        }
        words
    }
}

/// "`n` cells up (or down) the cells' numbers".
fn cells_along(offset: isize) -> String {
    let way = if offset >= 0 { "up" } else { "down" };
    format!("{} cells {way} the cells' numbers", offset.unsigned_abs())
}

/// The set `set` (an expression) moved `offset` cells up the cells' numbers.
fn shifted(set: TokenStream, offset: isize) -> TokenStream {
    let by = Literal::usize_unsuffixed(offset.unsigned_abs());
    if offset >= 0 {
        quote!(#set << #by)
    } else {
        quote!(#set >> #by)
    }
}
