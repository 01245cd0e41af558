//! Perft from the start of the seed variants, which no other program plays.
//! The numbers were recorded from vdl's compiled engine; the test checks that
//! both engines still agree with them (the interpreter to a smaller depth).
//! Depth 1 was worked out by hand for Switchback Xiang Qi (40, see
//! tests/switchback_xiangqi.rs) and Turn Qi (18: the King's 4 diagonal steps,
//! one step along rank l or n for each of the 4 Rooks, 5 Clockwazir and 5
//! Anticlockwazir steps; everything else is blocked by its own army), and for
//! Gliński's hexagonal chess (51, itemized in tests/glinski_hexchess.rs). The other
//! numbers have no independent source: they guard against change, and the rules
//! behind them are tested piece by piece on hand-built positions.

use vdl_runtime::{fen, perft::perft, Interpreter};

/// (variant, counts from depth 1, deepest depth for the interpreter)
const RECORDS: &[(&str, &[u64], usize)] = &[
    ("switchback-xiangqi", &[40, 1586, 61254], 3),
    ("triaxial-qi", &[234, 52952, 12232018], 2),
    ("turn-qi", &[18, 324, 5688, 99856], 3),
    ("ladies-and-generals", &[302, 91204], 2),
    ("glinski-hexchess", &[51, 2586, 137858], 3),
];

#[test]
fn seed_variants_keep_their_perft_on_both_engines() {
    for &(name, counts, interp_depth) in RECORDS {
        let bundled = vdl_variants::by_name(name).unwrap();
        let compiled = (bundled.engine)();
        let interp = Interpreter::new(compiled.game().clone());
        let start = fen::parse(compiled.game(), &compiled.game().setup).unwrap();
        for (depth, &expected) in counts.iter().enumerate() {
            let depth = depth as u32 + 1;
            assert_eq!(perft(&*compiled, &mut start.clone(), depth), expected, "{name} compiled, depth {depth}");
            if depth as usize <= interp_depth {
                assert_eq!(perft(&interp, &mut start.clone(), depth), expected, "{name} interpreter, depth {depth}");
            }
        }
    }
}
