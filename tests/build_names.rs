//! `vdl build` writes a cargo project whatever the file is called: a name
//! holding a newline, a carriage return, an escape, DEL or quotes stays inside
//! the comments and strings of the generated `src/main.rs` and `Cargo.toml`,
//! and a game name with a control character is refused before anything is
//! written (E0105).

use std::path::Path;
use std::process::{Command, Output};

fn vdl(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vdl")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().expect("vdl runs")
}

/// Writes the project of `source` saved as `file_name` (without building it)
/// and returns the project's directory.
fn project(tmp: &Path, file_name: &str, source: &str) -> (Output, std::path::PathBuf) {
    let file = tmp.join(file_name);
    std::fs::write(&file, source).unwrap();
    let dir = tmp.join("project");
    let out = vdl(&["build".as_ref(), file.as_os_str(), "--no-build".as_ref(), "-o".as_ref(), dir.as_os_str()]);
    (out, dir)
}

/// The names of the functions `main.rs` declares at its top level.
fn functions(main_rs: &str) -> Vec<String> {
    let file = syn::parse_file(main_rs).unwrap_or_else(|e| panic!("main.rs does not parse: {e}\n{main_rs}"));
    file.items.iter().filter_map(|item| if let syn::Item::Fn(f) = item { Some(f.sig.ident.to_string()) } else { None }).collect()
}

/// Cargo reads the manifest (`cargo metadata` parses it and the path
/// dependencies' manifests; nothing is downloaded).
fn cargo_accepts(dir: &Path) -> Result<(), String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--no-deps", "--offline", "--format-version", "1", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .output()
        .expect("cargo runs");
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

#[test]
fn hostile_file_names_stay_inside_comments_and_strings() {
    let named = include_str!("../variants/xiangqi.vdl");
    // Without a `game` statement the file's stem names the game.
    let unnamed = named.replacen("game \"Xiang Qi\"", "", 1);
    let names = ["evil\n}\nfn injected() {}\n.vdl", "cr\rescape\u{1b}[2Jdel\u{7f}\"quote\\.vdl", "tab\tform\u{c}feed.vdl", "Cargo.toml"];
    for (name, source) in names.iter().flat_map(|name| [(name, named), (name, unnamed.as_str())]) {
        let tmp = tempfile::tempdir().unwrap();
        let (out, dir) = project(tmp.path(), name, source);
        assert!(out.status.success(), "{name:?}: {}", String::from_utf8_lossy(&out.stderr));
        let main_rs = std::fs::read_to_string(dir.join("src/main.rs")).unwrap();
        assert_eq!(functions(&main_rs), ["main"], "{name:?}:\n{main_rs}");
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
        assert!(manifest.contains("[package]"), "{name:?}: the manifest was overwritten:\n{manifest}");
        cargo_accepts(&dir).unwrap_or_else(|e| panic!("{name:?}: cargo refuses the manifest: {e}\n{manifest}"));
    }
}

#[test]
fn a_game_name_with_a_control_character_is_refused_before_anything_is_written() {
    let source = include_str!("../variants/xiangqi.vdl");
    for c in ['\r', '\0', '\u{c}', '\u{1b}', '\u{7f}'] {
        let tmp = tempfile::tempdir().unwrap();
        let hostile = source.replacen("game \"Xiang Qi\"", &format!("game \"Xiang{c}Qi\""), 1);
        assert_ne!(hostile, source);
        let (out, dir) = project(tmp.path(), "xiangqi.vdl", &hostile);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{c:?}: {stderr}");
        assert!(stderr.contains(&format!("error: the game's name holds the control character U+{:04X}", c as u32)), "{c:?}: {stderr}");
        assert!(stderr.contains("code: E0105"), "{stderr}");
        assert!(!dir.exists(), "{c:?}: a project was written");
    }
}

/// The features cargo resolves for `vdl-frontends` in the project `vdl build`
/// writes, and whether tokio (the web server's runtime) is among its packages.
fn frontends_features(dir: &Path) -> (Vec<String>, bool) {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--offline", "--format-version", "1", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .output()
        .expect("cargo runs");
    assert!(out.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&out.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let nodes = metadata["resolve"]["nodes"].as_array().unwrap();
    let frontends = nodes.iter().find(|node| node["id"].as_str().unwrap().contains("frontends")).expect("vdl-frontends is a dependency");
    let features = frontends["features"].as_array().unwrap().iter().map(|f| f.as_str().unwrap().to_string()).collect();
    let tokio =
        nodes.iter().any(|node| node["id"].as_str().unwrap().contains("/tokio#") || node["id"].as_str().unwrap().contains("tokio@"));
    (features, tokio)
}

/// A built program leaves the web server (and tokio, hyper, axum) out, which
/// keeps a cold build short, unless `--serve` asks for it.
#[test]
fn the_web_server_is_built_only_when_asked_for() {
    let source = include_str!("../variants/xiangqi.vdl");
    for (serve, expected) in [(false, vec![]), (true, vec!["serve".to_string()])] {
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("xiangqi.vdl");
        std::fs::write(&file, source).unwrap();
        let dir = tmp.path().join("project");
        let mut args = vec!["build".as_ref(), file.as_os_str(), "--no-build".as_ref(), "-o".as_ref(), dir.as_os_str()];
        if serve {
            args.push("--serve".as_ref());
        }
        let out = vdl(&args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(frontends_features(&dir), (expected, serve), "--serve: {serve}");
    }
}
