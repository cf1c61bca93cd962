fn main() {
    for m in quoridor::bench::standard(4, 50_000) {
        println!("{m}");
    }
}
