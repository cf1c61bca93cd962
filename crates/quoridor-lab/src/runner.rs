//! Playing many games on a pool of threads, handing each result to one writer as it finishes.
//!
//! `jobs` workers of a rayon pool take the next game from a shared counter, so games start in
//! the given order; results come back over a channel to the calling thread, which alone writes
//! files and the progress bar. A game's result depends only on its own seed, never on which
//! worker played it or when, so the results are the same for any number of jobs.
//!
//! Notes:
//! 1. After the first error (an illegal move, a full disk) no new game is started; the games
//!    already written stay in their files for `--resume`.
//! 2. A panic inside a player is caught and reported as that game's error rather than taking
//!    the whole run down.

use crate::error::{LabError, Result};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// The default number of jobs: the number of cores.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Play `tasks` on `jobs` threads with `play`, calling `done` on this thread for each result in
/// the order they finish. Stops at the first error of either.
pub fn run<T, R, P, D>(tasks: &[T], jobs: usize, play: P, mut done: D) -> Result<()>
where
    T: Sync,
    R: Send,
    P: Fn(&T) -> Result<R> + Sync,
    D: FnMut(&T, R) -> Result<()>,
{
    if tasks.is_empty() {
        return Ok(());
    }
    let jobs = jobs.clamp(1, tasks.len());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .thread_name(|i| format!("game-{i}"))
        .build()
        .map_err(|e| LabError::Parameter(format!("--jobs {jobs}: {e}")))?;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, Result<R>)>();
    pool.in_place_scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (next, stop, play) = (&next, &stop, &play);
            scope.spawn(move |_| loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(task) = tasks.get(i) else { break };
                let r = catch_unwind(AssertUnwindSafe(|| play(task))).unwrap_or_else(|p| {
                    let what = p
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| p.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "unknown cause".into());
                    Err(LabError::Parameter(format!("a player failed: {what}")))
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
            if let Err(e) = r.and_then(|r| done(&tasks[i], r)) {
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
    fn every_task_once_whatever_the_jobs() {
        let tasks: Vec<u64> = (0..40).collect();
        for jobs in [1, 2, 3, 8] {
            let mut seen = Vec::new();
            run(
                &tasks,
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
            assert_eq!(seen, tasks);
        }
    }

    #[test]
    fn errors_and_panics_stop_the_run() {
        let tasks: Vec<u64> = (0..1000).collect();
        let mut done = 0;
        let e = run(
            &tasks,
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
    }
}
