//! The runner: a run's items played on `jobs` threads, each result handed to the calling
//! thread as it finishes.
//!
//! Workers take the next item from a shared counter, so items start in the order given;
//! results come back over a channel to the calling thread, which alone writes files and the
//! progress. An item's result depends only on its own seed (`seed`), never on which worker
//! played it or when, so the results are the same for any number of jobs; only the order in
//! which they finish (and are written) changes.
//!
//! Notes:
//! 1. After the first error (an illegal move, a full disk, a refused file) no new item is
//!    started; the items already written stay in their files for `--resume`.
//! 2. A panic while playing an item is caught and reported as that item's error rather than
//!    taking the whole run down.
//! 3. Results are written as they finish, not held back to be written in item order: a run
//!    killed then loses only the items being played, never finished ones waiting their turn.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// The default number of jobs: the number of cores.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The jobs asked for (`--jobs N`), else [`default_jobs`].
pub fn jobs(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(default_jobs)
}

/// A panic while playing an item (note 2), in words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Panicked(pub String);

/// Play `items` on `jobs` threads with `play`, calling `done` on this thread for each result in
/// the order they finish. Stops at the first error of either (note 1).
///
/// # Errors
/// The first error of `play` or `done`, or a panic of `play` (note 2).
pub fn run<T, R, E, P, D>(items: &[T], jobs: usize, play: P, mut done: D) -> Result<(), E>
where
    T: Sync,
    R: Send,
    E: Send + From<Panicked>,
    P: Fn(&T) -> Result<R, E> + Sync,
    D: FnMut(&T, R) -> Result<(), E>,
{
    if items.is_empty() {
        return Ok(());
    }
    let jobs = jobs.clamp(1, items.len());
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, Result<R, E>)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (next, stop, play) = (&next, &stop, &play);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = catch_unwind(AssertUnwindSafe(|| play(item))).unwrap_or_else(|p| {
                    let what = p
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| p.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "unknown cause".into());
                    Err(Panicked(format!("a player failed: {what}")).into())
                });
                if tx.send((i, r)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut first_error = None;
        for (i, r) in rx {
            if first_error.is_some() {
                continue;
            }
            if let Err(e) = r.and_then(|r| done(&items[i], r)) {
                stop.store(true, Ordering::Relaxed);
                first_error = Some(e);
            }
        }
        first_error.map_or(Ok(()), Err)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_once_whatever_the_jobs() {
        let items: Vec<u64> = (0..40).collect();
        for jobs in [0, 1, 2, 3, 8, 100] {
            let mut seen = Vec::new();
            run::<_, _, Panicked, _, _>(
                &items,
                jobs,
                |t| Ok(t * t),
                |t, r| {
                    assert_eq!(r, t * t);
                    seen.push(*t);
                    Ok(())
                },
            )
            .unwrap();
            seen.sort();
            assert_eq!(seen, items);
        }
    }

    #[test]
    fn errors_and_panics_stop_the_run() {
        let items: Vec<u64> = (0..1000).collect();
        let mut done = 0;
        let e: Panicked = run(
            &items,
            2,
            |t| {
                if *t == 3 {
                    panic!("boom at {t}");
                }
                Ok(*t)
            },
            |_, _| {
                done += 1;
                Ok(())
            },
        )
        .unwrap_err();
        assert!(e.to_string().contains("boom at 3"), "{e}");
        assert!(done < 1000);
        let e = run(
            &items,
            1,
            |t| Ok(*t),
            |t, _| match t {
                5 => Err(Panicked("full disk".into())),
                _ => Ok(()),
            },
        );
        assert_eq!(e, Err(Panicked("full disk".into())));
    }
}
