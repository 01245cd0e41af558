//! What the page learns about a variant to draw it: the style, the glyphs and
//! the zones the rules use, with their cells (docs/web.md).

use serde_json::Value;
use std::collections::BTreeSet;
use vdl_frontends::json::game_description;

fn description(name: &str) -> Value {
    let engine = (vdl_variants::by_name(name).unwrap().engine)();
    game_description(engine.game())
}

/// The cells of a zone for each player, by name, sorted.
fn zone_cells(desc: &Value, zone: &str) -> Vec<BTreeSet<String>> {
    let found = desc["zones"].as_array().unwrap().iter().find(|z| z["name"] == zone).unwrap_or_else(|| panic!("no zone {zone}"));
    found["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cells| {
            cells
                .as_array()
                .unwrap()
                .iter()
                .map(|c| desc["cells"][c.as_u64().unwrap() as usize]["name"].as_str().unwrap().to_string())
                .collect()
        })
        .collect()
}

fn names(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn xiangqi_is_drawn_on_points_with_its_palaces_and_halves() {
    let desc = description("xiangqi");
    assert_eq!(desc["drawing"], serde_json::json!({"cells": "points", "pieces": "discs"}));
    let general = desc["pieces"].as_array().unwrap().iter().find(|p| p["name"] == "General").unwrap();
    assert_eq!(general["glyphs"], serde_json::json!(["帥", "將"]));
    let palace = zone_cells(&desc, "palace");
    assert_eq!(palace[0], names(&["d1", "e1", "f1", "d2", "e2", "f2", "d3", "e3", "f3"]));
    assert_eq!(palace[1], names(&["d8", "e8", "f8", "d9", "e9", "f9", "d10", "e10", "f10"]));
    let half = zone_cells(&desc, "half");
    assert_eq!(half[0].len(), 45);
    assert!(half[0].contains("e5") && !half[0].contains("e6") && half[1].contains("e6"));
    for zone in desc["zones"].as_array().unwrap() {
        assert_eq!(zone["uses"], serde_json::json!(["confinement"]), "{zone}");
    }
}

#[test]
fn shogi_shades_its_camps_and_draws_tiles() {
    let desc = description("shogi");
    assert_eq!(desc["drawing"]["pieces"], "tiles");
    let camp = desc["zones"].as_array().unwrap().iter().find(|z| z["name"] == "camp").unwrap();
    assert_eq!(camp["uses"], serde_json::json!(["promotion"]));
    let camp = zone_cells(&desc, "camp");
    assert!(camp[0].contains("a7") && camp[0].contains("i9") && !camp[0].contains("a6"));
    assert!(camp[1].contains("a1") && camp[1].contains("i3") && !camp[1].contains("a4"));
}

#[test]
fn three_dimensional_boards_give_their_level_labels() {
    let desc = description("triaxial-qi");
    assert_eq!(desc["axes"][1]["labels"], serde_json::json!(["v", "w", "x", "y", "z"]));
    let desc = description("switchback-xiangqi");
    assert_eq!(desc["axes"][1]["labels"], serde_json::json!(["top", "middle", "bottom"]));
}
