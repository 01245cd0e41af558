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
