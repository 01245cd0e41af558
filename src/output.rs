//! Standard output that may be closed under us: `vdl compile FILE | head -1`
//! closes the pipe after one line. Rust ignores SIGPIPE, so a write then fails
//! with `BrokenPipe`, and `print!` would panic. Commands write with [`out!`]
//! and [`outln!`] instead, which return the error; `?` turns it into a
//! [`Failure`](crate::load::Failure) that ends the command quietly (see
//! `Failure::from`).

/// `print!` that returns the write's `io::Result` instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout(), $($arg)*)
    }};
}

/// `println!` that returns the write's `io::Result` instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout(), $($arg)*)
    }};
}

pub(crate) use {out, outln};
