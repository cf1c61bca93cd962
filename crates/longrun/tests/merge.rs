//! A merge that finds one share in two folders (copied by hand, or written by a run that was
//! resumed elsewhere): each item counts once, so a share is complete only when its distinct
//! items are, whole or partial in either folder. A game counted twice would report a share
//! with 4 of its 5 games complete.

use longrun::merge::Gathered;
use longrun::share::Share;

/// Ten games in two shares: share 1/2 plays games 0, 2, 4, 6, 8.
const GAMES: std::ops::Range<u64> = 0..10;
const N: u32 = 2;

fn share(k: u32) -> Share {
    Share::new(k, N).unwrap()
}

fn quota(s: Share) -> u64 {
    s.count(GAMES)
}

/// A folder's file of share `k`: the first `games` of its games, each game's result its number.
fn read_folder(g: &mut Gathered<u64, u64>, k: u32, games: usize) {
    g.file_of(share(k));
    for i in share(k).items(GAMES).take(games) {
        g.add(share(k), i, i * 7).unwrap();
    }
}

#[test]
fn a_partial_share_in_two_folders_is_still_partial() {
    let mut g = Gathered::new(N);
    read_folder(&mut g, 1, 4); // folder A
    read_folder(&mut g, 1, 4); // folder B: the same four games
    read_folder(&mut g, 2, 5);
    assert_eq!(g.items.len(), 9);
    assert_eq!(
        g.problems(quota, "games"),
        ["share 1/2 incomplete (4 of 5 games)"]
    );
}

#[test]
fn a_whole_share_in_two_folders_counts_its_games_once() {
    let mut g = Gathered::new(N);
    read_folder(&mut g, 1, 5);
    read_folder(&mut g, 1, 5);
    read_folder(&mut g, 2, 5);
    assert_eq!(g.items.len(), 10);
    assert!(g.problems(quota, "games").is_empty());
}

#[test]
fn a_partial_and_a_whole_copy_make_the_share_whole() {
    for (first, second) in [(3, 5), (5, 3)] {
        let mut g = Gathered::new(N);
        read_folder(&mut g, 1, first);
        read_folder(&mut g, 1, second);
        read_folder(&mut g, 2, 5);
        assert_eq!(g.items.len(), 10, "{first} then {second}");
        assert!(
            g.problems(quota, "games").is_empty(),
            "{first} then {second}"
        );
    }
}

#[test]
fn a_share_in_two_folders_with_another_result_is_a_conflict() {
    let mut g = Gathered::new(N);
    read_folder(&mut g, 1, 2);
    assert!(g.add(share(1), 0, 1).is_err());
    // The refused copy changed nothing: still 2 of 5.
    read_folder(&mut g, 2, 5);
    assert_eq!(
        g.problems(quota, "games"),
        ["share 1/2 incomplete (2 of 5 games)"]
    );
}
