//! The browser test (tests/browser/): plays `vdl serve`'s page in headless
//! Chromium. It installs Chromium and an npm package, so it runs only when
//! VDL_BROWSER_TESTS=1; otherwise it says it was skipped.

use std::process::Command;

#[test]
fn the_page_plays_every_variant_in_a_browser() {
    if std::env::var("VDL_BROWSER_TESTS").as_deref() != Ok("1") {
        eprintln!("skipped: set VDL_BROWSER_TESTS=1 to run the browser test (tests/browser/run.sh)");
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
