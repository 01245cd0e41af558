//! The browser test (tests/browser/): plays `vdl serve`'s page in headless
//! Chromium. It installs Chromium and an npm package, so it runs only when
//! VDL_BROWSER_TESTS=1; otherwise it says it was skipped.

mod skip;

use std::process::Command;

#[test]
fn the_page_plays_every_variant_in_a_browser() {
    if !skip::enabled("VDL_BROWSER_TESTS", "the_page_plays_every_variant_in_a_browser", "run the browser test (tests/browser/run.sh)") {
        return;
    }
    let status = Command::new("bash")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/browser/run.sh"))
        .env("VDL_BIN", env!("CARGO_BIN_EXE_vdl"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .expect("bash runs tests/browser/run.sh");
    assert!(status.success(), "the browser test failed (screenshots in target/browser/)");
}
