//! Promotions past what the generated engine numbers in a byte are refused
//! by the checker (E0305, with the failing examples in tests/ui/fail); a
//! piece with many promotions that stays within the bounds is accepted, and
//! its engine is generated.

/// Nine promotions, more than the seven under which no bound can be
/// reached, all in one zone: two outcomes (the plain move alone, or it and
/// the nine types), so the piece is accepted.
#[test]
fn many_promotions_in_one_zone_are_generated() {
    let prizes: String = (0..9).map(|i| format!("piece Prize{i} {} {{\n    step orth\n}}\n", (b'A' + i) as char)).collect();
    let promotions: String = (0..9).map(|i| format!("    may promote to Prize{i} in last\n")).collect();
    let source = format!(
        "board {{\n    axis file = a..h\n    axis rank = 1..8\n    name file rank\n}}\n\
         forward +rank\nplayer White\nplayer Black = mirror rank\n\
         zone last = rank 8\ndirection orth = (0,1)*\n\
         piece King K {{\n    royal\n    step orth\n}}\n\
         piece Pawn P {{\n    step (0,1)\n{promotions}}}\n{prizes}\
         setup \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"\n"
    );
    let game = vdl_compiler::compile("prizes.vdl", &source).unwrap_or_else(|errors| panic!("{errors:?}"));
    let text = vdl_compiler::generate_rust(&game);
    syn::parse_file(&text).expect("the generated module parses");
    assert!(text.contains("fn promote_pawn_white"), "the Pawn's promotions helper is generated");
}
