//! `needs check`: each outside dependency of the tests, present or missing, the switch that
//! requires it and the tests that use it; exit status 1 when a required one is missing.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args != ["check"] {
        eprintln!("usage: needs check");
        std::process::exit(2);
    }
    let (text, failed) = needs::report();
    print!("{text}");
    if failed {
        eprintln!(
            "needs: a required dependency is missing (above): the tests that use it would fail"
        );
        std::process::exit(1);
    }
}
