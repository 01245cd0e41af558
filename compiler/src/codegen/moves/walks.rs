//! Rules of a piece whose code is the same but for the tables it reads (a
//! ride's direction, a step's destinations and promotion outcomes: their
//! spec entries' constructs are equal, see `spec::rules`) share one
//! loop over their tables when there are many of them: the 20 rides of Ladies
//! and Generals' Governor are one ride in a `for table in [&DIR_1_1_0, ...]`
//! loop. On 3D boards, with up to 26 directions, unrolled rules were most of
//! the module, of the time spent formatting it and of rustc's time.
//!
//! A few rules stay unrolled, the loop costing more there than it saves.
//! Perft, averaged over five random orders of the binary's functions (the
//! order alone moves Xiang Qi's speed by up to 10 %): a loop over four rides
//! cost Xiang Qi 5 %, over six Switchback Xiang Qi 5 %; loops over nine or
//! more (3D pieces) cost Ladies and Generals and Switchback Xiang Qi nothing
//! measurable.

use crate::codegen::spec::rules::{Role, RuleEntry};
use proc_macro2::Ident;

/// The fewest rules alike that share a loop: more than the eight directions of
/// a square board.
const FEWEST_IN_LOOP: usize = 9;

/// The rules of a piece as their code walks them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Walk {
    /// One rule, its code reading its own tables.
    One(RuleEntry),
    /// Rules alike (`entry` the first of them), in one loop binding each
    /// role's name to each rule's table in turn: `tables[rule][role]`.
    Loop { entry: RuleEntry, tables: Vec<Vec<Ident>> },
}

/// The walks of `rules`, in order: enough consecutive rules alike (equal
/// but for the tables they read by role) become one loop over their tables.
pub fn merge(rules: Vec<RuleEntry>) -> Vec<Walk> {
    let mut out = Vec::new();
    let mut rules = rules.into_iter().peekable();
    while let Some(rule) = rules.next() {
        if !rule.construct.shares_loops() {
            out.push(Walk::One(rule));
            continue;
        }
        let mut group = vec![rule];
        while let Some(next) = rules.peek() {
            if !alike(&group[0], next) {
                break;
            }
            group.extend(rules.next());
        }
        if group.len() < FEWEST_IN_LOOP {
            out.extend(group.into_iter().map(Walk::One));
            continue;
        }
        let tables = group.iter().map(|rule| rule.tables.iter().map(|(_, table)| table.clone()).collect()).collect();
        out.push(Walk::Loop { entry: group.swap_remove(0), tables });
    }
    out
}

/// Do `a` and `b` print the same code but for their tables, read by the
/// same roles?
fn alike(a: &RuleEntry, b: &RuleEntry) -> bool {
    let roles = |rule: &RuleEntry| rule.tables.iter().map(|(role, _)| *role).collect::<Vec<Role>>();
    a.construct == b.construct && a.gate == b.gate && a.reads_back == b.reads_back && roles(a) == roles(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::spec::rules::{Construct, Landing, LineWalk};
    use quote::format_ident;
    use vdl_runtime::ir::{Gate, Mode};

    fn ride(mode: Mode) -> Construct {
        let walk = LineWalk::Table { range: None, stop_at_start: false };
        Construct::Ride { walk, landing: Landing { mode, lands: None }, round: None }
    }

    fn rule(table: &str) -> RuleEntry {
        RuleEntry {
            construct: ride(Mode::Both),
            tables: vec![(Role::Table, format_ident!("{}", table))],
            gate: Gate::Always,
            reads_back: false,
        }
    }

    fn swap() -> RuleEntry {
        RuleEntry { construct: Construct::Swap(Vec::new()), tables: Vec::new(), gate: Gate::Always, reads_back: false }
    }

    #[test]
    fn many_rules_alike_share_a_loop_and_few_stay_unrolled() {
        let many: Vec<RuleEntry> = (0..FEWEST_IN_LOOP).map(|i| rule(&format!("DIR_{i}"))).collect();
        let merged = merge(many);
        let [Walk::Loop { entry, tables }] = merged.as_slice() else { panic!("one loop: {merged:?}") };
        assert_eq!(*entry, rule("DIR_0"));
        let names: Vec<String> = tables.iter().map(|t| t[0].to_string()).collect();
        assert_eq!(names, (0..FEWEST_IN_LOOP).map(|i| format!("DIR_{i}")).collect::<Vec<_>>());
        let few = merge(vec![rule("DIR_A"), swap(), rule("DIR_B"), rule("DIR_C")]);
        assert_eq!(few, [rule("DIR_A"), swap(), rule("DIR_B"), rule("DIR_C")].map(Walk::One));
    }

    #[test]
    fn rules_that_differ_beyond_their_tables_stay_apart() {
        // Nine rides alike but one moving only, or one reading back.
        let mut rules: Vec<RuleEntry> = (0..FEWEST_IN_LOOP).map(|i| rule(&format!("DIR_{i}"))).collect();
        rules[4].construct = ride(Mode::MoveOnly);
        assert!(merge(rules.clone()).iter().all(|walk| matches!(walk, Walk::One(_))));
        rules[4] = rule("DIR_4");
        rules[4].reads_back = true;
        assert!(merge(rules).iter().all(|walk| matches!(walk, Walk::One(_))));
        assert!(!swap().construct.shares_loops());
    }
}
