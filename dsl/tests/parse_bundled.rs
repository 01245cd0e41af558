use vdl_dsl::ast::Item;

#[test]
fn xiangqi_parses_into_every_kind_of_item() {
    let source = include_str!("../../variants/xiangqi.vdl");
    let file = vdl_dsl::parse(source).expect("xiangqi.vdl parses");
    let pieces = file.items.iter().filter(|i| matches!(i, Item::Piece(_))).count();
    assert_eq!(pieces, 7);
    assert!(file.items.iter().any(|i| matches!(i, Item::Facing(_))));
    assert!(file.items.iter().any(|i| matches!(i, Item::Setup(s) if s.value.starts_with("rnbakabnr/"))));
}

#[test]
fn syntax_error_points_at_the_unexpected_word() {
    let source = "game \"x\"\npiece General {\n}\n";
    let error = vdl_dsl::parse(source).unwrap_err();
    assert_eq!(&source[error.span.start..error.span.end], "{");
    assert!(error.message.contains("piece symbol"), "{}", error.message);
}

#[test]
fn a_promotion_reads_lost_and_its_players() {
    use vdl_dsl::ast::PieceStmt;
    let source = "piece Pawn P {\n    may promote to lost Queen, Rook in far for white, red\n    must promote to Queen in far\n}\n";
    let file = vdl_dsl::parse(source).expect("parses");
    let Some(Item::Piece(piece)) = file.items.first() else { panic!("a piece") };
    let promotions: Vec<_> = piece.body.iter().filter_map(|s| if let PieceStmt::Promotion(p) = s { Some(p) } else { None }).collect();
    let [first, second] = promotions[..] else { panic!("two promotions") };
    assert_eq!(first.lost.map(|span| &source[span.start..span.end]), Some("lost"));
    assert_eq!(first.to.items.iter().map(|(_, name)| name.text.as_str()).collect::<Vec<_>>(), ["Queen", "Rook"]);
    assert_eq!(first.players.iter().map(|p| p.text.as_str()).collect::<Vec<_>>(), ["white", "red"]);
    assert!(second.lost.is_none() && second.players.is_empty());
}

#[test]
fn lost_and_for_are_reserved_and_a_bare_for_is_an_error() {
    let error = vdl_dsl::parse("piece Pawn P {\n    may promote to Queen in far for\n}\n").unwrap_err();
    assert!(error.message.contains("a name"), "{}", error.message);
    assert!(vdl_dsl::parse("piece lost L {}\n").is_err());
    assert!(vdl_dsl::parse("zone for = rank 1\n").is_err());
}
