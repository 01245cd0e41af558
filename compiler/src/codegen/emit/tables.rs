//! The constant tables of a generated module. Tables are interned: asking twice
//! for the same contents gives the same `static`, whatever it was called for.
//! They are written as text (see `text`), not as tokens.

use crate::codegen::emit::text;
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use std::collections::{HashMap, HashSet};

#[derive(Clone, PartialEq, Eq, Hash)]
enum Data {
    /// One cell (or `NONE`) per cell.
    Cells(Vec<u16>),
    /// One flag per cell.
    Flags(Vec<bool>),
    /// One small number per cell.
    Bytes(Vec<u8>),
    /// A list of cells per cell.
    Lists(Vec<Vec<u16>>),
    /// A set of cells per cell, as bits (boards of up to 128 cells).
    Bits(Vec<u128>),
    /// A set of cells per cell, as bits (boards of up to 64 cells).
    Words(Vec<u64>),
}

struct Table {
    name: Ident,
    docs: Vec<String>,
    data: Data,
}

#[derive(Default)]
pub struct Tables {
    tables: Vec<Table>,
    /// Where each table's contents are, to give the same table again.
    index: HashMap<Data, usize>,
    names: HashSet<String>,
    /// Items added as text.
    text: String,
}

impl Tables {
    /// A `[u16; CELLS]` table, `data` as [`compact`] writes it.
    pub fn cells(&mut self, name: &str, doc: String, data: Vec<u16>) -> Ident {
        self.intern(name, doc, Data::Cells(data))
    }

    /// Is there a table of cells (which marks the off-board cell `NONE`)?
    pub fn has_cells(&self) -> bool {
        self.tables.iter().any(|table| matches!(table.data, Data::Cells(_)))
    }

    /// A `[bool; CELLS]` table.
    pub fn flags(&mut self, name: &str, doc: String, data: Vec<bool>) -> Ident {
        self.intern(name, doc, Data::Flags(data))
    }

    /// A `[u8; CELLS]` table.
    pub fn bytes(&mut self, name: &str, doc: String, data: Vec<u8>) -> Ident {
        self.intern(name, doc, Data::Bytes(data))
    }

    /// A `[&[u16]; CELLS]` table: a list of cells per cell.
    pub fn lists(&mut self, name: &str, doc: String, data: Vec<Vec<u16>>) -> Ident {
        self.intern(name, doc, Data::Lists(data))
    }

    /// A `[u64; CELLS]` table: a set of cells per cell, as bits, on a board
    /// of up to 64 cells.
    pub fn words(&mut self, name: &str, doc: String, data: Vec<u64>) -> Ident {
        self.intern(name, doc, Data::Words(data))
    }

    /// A `[u128; CELLS]` table: a set of cells per cell, as bits, two words
    /// even where the sets fit one (see [`Tables::sets`]).
    pub fn bits(&mut self, name: &str, doc: String, data: Vec<u128>) -> Ident {
        self.intern(name, doc, Data::Bits(data))
    }

    /// A table of a set of cells per cell, as bits, read as `u128`
    /// ([`SetTable::at`]). Kept as `[u64; CELLS]` where every set fits one
    /// word (every set on boards of up to 64 cells): the generated code then
    /// reads a word the compiler knows has no high half, and drops that
    /// half's work from every operation on the sets it reaches.
    pub fn sets(&mut self, name: &str, doc: String, data: Vec<u128>) -> SetTable {
        let in_one_word = data.iter().all(|&set| set >> 64 == 0);
        let data = if in_one_word { Data::Words(data.into_iter().map(|set| set as u64).collect()) } else { Data::Bits(data) };
        SetTable { name: self.intern(name, doc, data), in_one_word }
    }

    /// A `u128` constant: one set of cells, as bits, named `name` or, if
    /// that is taken, a name made from it.
    pub fn set(&mut self, name: &str, doc: &str, cells: u128) -> Ident {
        let name = self.unique_name(name);
        self.add_text(&format!("/// {doc}\nconst {name}: u128 = {cells:#x};\n"));
        format_ident!("{}", name)
    }

    /// The table holding `data`: the one made before if any (with `doc`
    /// added to its docs), else a new one named `name`.
    fn intern(&mut self, name: &str, doc: String, data: Data) -> Ident {
        match self.index.get(&data) {
            Some(&i) => self.reuse(i, doc),
            None => {
                let i = self.add(name, doc, data.clone());
                self.index.insert(data, i);
                self.tables[i].name.clone()
            }
        }
    }

    fn reuse(&mut self, i: usize, doc: String) -> Ident {
        let table = &mut self.tables[i];
        if !table.docs.contains(&doc) {
            table.docs.push(doc);
        }
        table.name.clone()
    }

    fn add(&mut self, name: &str, doc: String, data: Data) -> usize {
        let candidate = self.unique_name(name);
        self.tables.push(Table { name: format_ident!("{}", candidate), docs: vec![doc], data });
        self.tables.len() - 1
    }

    /// A name no table has yet, for a table built outside (see `add_text`).
    pub fn unique_name(&mut self, name: &str) -> String {
        let mut candidate = name.to_string();
        let mut n = 2;
        while !self.names.insert(candidate.clone()) {
            candidate = format!("{name}_{n}");
            n += 1;
        }
        candidate
    }

    /// Adds items already written as text (tables that are not per cell),
    /// written after the per-cell tables.
    pub fn add_text(&mut self, text: &str) {
        self.text.push('\n');
        self.text.push_str(text);
    }

    /// The `static` items as text, in the order they were first asked for,
    /// each laid out `per_row` values to a line, then those added as text.
    /// Does the module have no table at all?
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty() && self.text.is_empty()
    }

    pub fn render(&self, per_row: usize) -> String {
        let mut out = String::new();
        for (i, table) in self.tables.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            let (ty, values): (&str, Vec<String>) = match &table.data {
                Data::Cells(cells) => ("u16", cells.iter().map(|&c| if c == NONE { "NONE".to_string() } else { c.to_string() }).collect()),
                Data::Flags(flags) => ("bool", flags.iter().map(bool::to_string).collect()),
                Data::Bytes(bytes) => ("u8", bytes.iter().map(u8::to_string).collect()),
                Data::Lists(lists) => ("&[u16]", lists.iter().map(|list| format!("&{list:?}")).collect()),
                Data::Bits(sets) => ("u128", sets.iter().map(|&set| format!("{set:#x}")).collect()),
                Data::Words(sets) => ("u64", sets.iter().map(|&set| format!("{set:#x}")).collect()),
            };
            text::array(&mut out, &table.docs, &table.name.to_string(), ty, "CELLS", &values, per_row);
        }
        out.push_str(&self.text);
        out
    }
}

/// A table of sets of cells made by [`Tables::sets`].
#[derive(Clone)]
pub struct SetTable {
    name: Ident,
    /// Kept as `u64`s.
    in_one_word: bool,
}

impl SetTable {
    /// The set of `index` (an expression of the cell), as a `u128`.
    pub fn at(&self, index: TokenStream) -> TokenStream {
        let name = &self.name;
        if self.in_one_word {
            quote!(u128::from(#name[#index]))
        } else {
            quote!(#name[#index])
        }
    }
}

/// `NONE` in a table of cells.
const NONE: u16 = u16::MAX;

/// A table of cells as stored: `NONE` for `None` (the board has fewer cells).
pub fn compact(cells: &[Option<usize>]) -> Vec<u16> {
    cells.iter().map(|c| c.map_or(NONE, |c| c as u16)).collect()
}

/// `#[doc]` attributes, one per line, as `///` comments.
pub fn doc_lines<S: AsRef<str>>(lines: &[S]) -> TokenStream {
    lines
        .iter()
        .map(|line| {
            let line = line.as_ref();
            let text = if line.is_empty() { String::new() } else { format!(" {line}") };
            quote!(#[doc = #text])
        })
        .collect()
}
