//! Finds the prebuilt `libduckdb.so` that `scripts/deps.sh` fetches and makes every binary
//! that links the engine find it, with no environment to set:
//!
//! - link time: a `-L` search path (propagated by Cargo to every crate that depends on us);
//! - run time: a symlink `<target>/<profile>/deps/libduckdb.so`, found through the rpath
//!   `$ORIGIN:$ORIGIN/deps` that `.cargo/config.toml` gives every binary (and through the
//!   deps dir Cargo puts on `LD_LIBRARY_PATH` for `cargo run` / `cargo test`).
//!
//! `DUCKDB_LIB_DIR` overrides the location (it is also what `libduckdb-sys` reads).
use std::{
    env,
    path::{Path, PathBuf},
};

/// Keep in step with `DUCKDB_VERSION` in scripts/deps.sh and the `duckdb` crate version.
const DUCKDB_VERSION: &str = "1.5.6";
const LIB: &str = "libduckdb.so";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=DUCKDB_LIB_DIR");
    println!("cargo:rerun-if-env-changed=HOME");

    if env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("linux") {
        // Elsewhere libduckdb-sys' own discovery (DUCKDB_LIB_DIR, pkg-config) applies.
        return;
    }

    let dir = match env::var_os("DUCKDB_LIB_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => {
            let home = env::var_os("HOME").map(PathBuf::from).unwrap_or_default();
            home.join(".cache/quarry/duckdb").join(DUCKDB_VERSION)
        }
    };
    let lib = dir.join(LIB);
    if !lib.is_file() {
        panic!(
            "\n\n{} not found.\nRun `make deps` (scripts/deps.sh), which fetches DuckDB {DUCKDB_VERSION}'s \
             shared library into ~/.cache/quarry/duckdb/{DUCKDB_VERSION}/, or set DUCKDB_LIB_DIR to a \
             directory holding libduckdb.so.\n\n",
            lib.display()
        );
    }
    println!("cargo:rerun-if-changed={}", lib.display());
    println!("cargo:rustc-link-search=native={}", dir.display());

    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));
    if let Some(deps) = profile_deps_dir(&out_dir) {
        link_into(&lib, &deps.join(LIB));
    }
}

/// `<target>/<profile>/build/<pkg>-<hash>/out` → `<target>/<profile>/deps`.
fn profile_deps_dir(out_dir: &Path) -> Option<PathBuf> {
    let build = out_dir.parent()?.parent()?;
    if build.file_name()? != "build" {
        return None;
    }
    Some(build.parent()?.join("deps"))
}

fn link_into(lib: &Path, dest: &Path) {
    if std::fs::read_link(dest).is_ok_and(|target| target == lib) {
        return;
    }
    let _ = std::fs::create_dir_all(dest.parent().unwrap_or(Path::new(".")));
    // Atomic replace: parallel builds (debug tests, release) may race here.
    let tmp = dest.with_extension(format!("so.{}", std::process::id()));
    let _ = std::fs::remove_file(&tmp);
    if let Err(err) = std::os::unix::fs::symlink(lib, &tmp).and_then(|()| std::fs::rename(&tmp, dest)) {
        let _ = std::fs::remove_file(&tmp);
        println!("cargo:warning=could not link {} to {}: {err}", dest.display(), lib.display());
    }
}
