//! Slurm end to end: a real single-node cluster (tests/slurm/cluster.sh) runs the work as a
//! job array plus a merge job, and the merged result must equal an unsplit run.
//!
//! The cluster needs Slurm and munge installed (`.ci/run` installs them). Where they are
//! missing the test reports itself ignored (checked when it runs, crate `needs`), so `cargo
//! test` names and counts it; `RETRO_REQUIRE_SLURM=1`, which CI sets before installing them, turns their
//! absence into a failure. All scenarios share one cluster
//! inside one test, since a cluster owns its ports; they are submitted at once, each from a
//! thread of its own and into a folder of its own, and the cluster queues their jobs as it
//! would any users'. Within a scenario the unsplit run plays while the array runs.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

needs::tests! {
    #[needs("slurm")] work_split_over_a_slurm_array_merges_to_the_unsplit_result,
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn script() -> PathBuf {
    repo().join("tests/slurm/cluster.sh")
}

/// The cluster, taken down when dropped (also when a scenario fails).
struct Cluster {
    dir: PathBuf,
    conf: String,
}

impl Cluster {
    fn up(dir: &Path) -> Cluster {
        let out = Command::new("bash")
            .arg(script())
            .arg("up")
            .arg(dir)
            .output()
            .expect("bash runs");
        assert!(
            out.status.success(),
            "the cluster did not come up: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout);
        let conf = text
            .lines()
            .find_map(|l| l.strip_prefix("SLURM_CONF="))
            .expect("cluster.sh prints SLURM_CONF")
            .to_string();
        Cluster {
            dir: dir.to_path_buf(),
            conf,
        }
    }

    fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut c = Command::new(program);
        c.env("SLURM_CONF", &self.conf);
        c
    }

    /// Wait until the job has left the queue; its final state.
    fn wait(&self, id: &str, limit: Duration) -> String {
        let start = Instant::now();
        loop {
            let out = self
                .command("scontrol")
                .args(["-o", "show", "job", id])
                .output()
                .expect("scontrol runs");
            let text = String::from_utf8_lossy(&out.stdout).to_string();
            let state = text
                .split_whitespace()
                .find_map(|w| w.strip_prefix("JobState="))
                .unwrap_or("UNKNOWN")
                .to_string();
            if text.contains("Reason=DependencyNeverSatisfied") {
                return "DEPENDENCY_NEVER_SATISFIED (an array task failed)".into();
            }
            if !matches!(
                state.as_str(),
                "PENDING" | "RUNNING" | "CONFIGURING" | "COMPLETING"
            ) {
                return state;
            }
            assert!(
                start.elapsed() < limit,
                "job {id} still {state} after {limit:?}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let out = Command::new("bash")
            .arg(script())
            .arg("down")
            .arg(&self.dir)
            .output();
        if let Ok(o) = out {
            if !o.status.success() {
                eprintln!("cluster.sh down: {}", String::from_utf8_lossy(&o.stderr));
            }
        }
    }
}

fn slurm_installed() -> bool {
    Command::new("bash")
        .arg(script())
        .arg("check")
        .status()
        .is_ok_and(|s| s.success())
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("retro-slurm-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn work_split_over_a_slurm_array_merges_to_the_unsplit_result() {
    assert!(slurm_installed(), "tests/slurm/cluster.sh check fails");
    let base = temp("cluster");
    let cluster = Cluster::up(&base.join("cluster"));
    // For `slurm::submit`, which reads it; set before the threads start.
    std::env::set_var("SLURM_CONF", &cluster.conf);
    side_by_side(vec![
        Box::new(|| plain_array(&cluster, &base.join("plain"))),
        Box::new(|| quoridor_experiment(&cluster, &base.join("quoridor"))),
        Box::new(|| gomoku_tournament(&cluster, &base.join("gomoku"))),
    ]);
    // All passed: the cluster goes down and its folder with it (a failure keeps the logs).
    drop(cluster);
    let _ = std::fs::remove_dir_all(&base);
}

/// Run the `work` in threads of their own; all end before the first failure is passed on
/// (the cluster is taken down only when no scenario uses it any more).
fn side_by_side<'a>(work: Vec<Box<dyn FnOnce() + Send + 'a>>) {
    std::thread::scope(|s| {
        let runs: Vec<_> = work.into_iter().map(|w| s.spawn(w)).collect();
        let ends: Vec<_> = runs.into_iter().map(|r| r.join()).collect();
        for end in ends {
            if let Err(panic) = end {
                std::panic::resume_unwind(panic);
            }
        }
    });
}

/// Two cells of Table 2 at a small budget, split into three shares: the merged table and plot
/// equal the unsplit run's.
fn quoridor_experiment(cluster: &Cluster, base: &Path) {
    let run = |out: &Path| -> Vec<String> {
        let mut a: Vec<String> = [
            "quoridor",
            "experiment",
            "table2",
            "--playouts",
            "40",
            "--games",
            "4",
            "--d",
            "0.01,0.08",
            "--seed",
            "11",
            "--quiet",
            "--out",
        ]
        .map(String::from)
        .to_vec();
        a.push(out.display().to_string());
        a
    };
    same_split_and_whole(cluster, base, run, &["table2.md", "table2.svg"]);
}

const RETRO: &str = env!("CARGO_BIN_EXE_retro");

/// Run retro; its standard output.
fn retro(cluster: &Cluster, args: &[&str]) -> String {
    let out = cluster
        .command(RETRO)
        .args(args)
        .output()
        .expect("retro runs");
    assert!(
        out.status.success(),
        "retro {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// Submit with `--slurm 3`, wait for the merge job, and return its final state.
fn through_slurm(cluster: &Cluster, args: &[&str]) -> String {
    let mut all = args.to_vec();
    all.extend(["--slurm", "3"]);
    let said = retro(cluster, &all);
    let merge = said
        .split_whitespace()
        .skip_while(|w| *w != "merge")
        .nth(2)
        .unwrap_or_else(|| panic!("no merge job in {said:?}"))
        .to_string();
    cluster.wait(&merge, Duration::from_secs(600))
}

/// A round robin of our engines (three programs, three protocols) split into three shares:
/// the merged crosstable equals the unsplit run's. Games are drawn after 24 moves: the
/// crosstable still has matches won, lost and drawn, and the run costs 3 s of CPU instead of
/// 4 s at 40 (the file and command-line programs start afresh each move).
fn gomoku_tournament(cluster: &Cluster, base: &Path) {
    let progs = [
        format!("pbrain:{RETRO} gomoku engine --protocol pbrain --engine eval --nodes 50"),
        format!("file:{RETRO} gomoku engine --protocol file --engine search --nodes 300"),
        format!("cmdline:{RETRO} gomoku engine --protocol cmdline --engine eval --nodes 100"),
    ];
    let run = |out: &Path| -> Vec<String> {
        let mut a: Vec<String> = ["gomoku", "tournament"].map(String::from).to_vec();
        a.extend(progs.iter().cloned());
        a.extend(["--seed", "7", "--draw-after", "24", "--quiet", "--out"].map(String::from));
        a.push(out.display().to_string());
        a
    };
    same_split_and_whole(cluster, base, run, &["crosstable.txt", "crosstable.json"]);
}

/// Run the command unsplit into `base/one` and through a 3-task array into `base/split`
/// (`run` gives the arguments for an output folder); the `files` must be equal.
fn same_split_and_whole(
    cluster: &Cluster,
    base: &Path,
    run: impl Fn(&Path) -> Vec<String>,
    files: &[&str],
) {
    let (one, split) = (base.join("one"), base.join("split"));
    let (whole, split_args) = (run(&one), run(&split));
    let mut state = String::new();
    side_by_side(vec![
        Box::new(|| {
            retro(
                cluster,
                &whole.iter().map(String::as_str).collect::<Vec<_>>(),
            );
        }),
        Box::new(|| {
            state = through_slurm(
                cluster,
                &split_args.iter().map(String::as_str).collect::<Vec<_>>(),
            )
        }),
    ]);
    assert_eq!(
        state,
        "COMPLETED",
        "the merge job (logs in {})",
        split.join("slurm").display()
    );
    for file in files {
        let want = std::fs::read_to_string(one.join(file)).unwrap();
        let got = std::fs::read_to_string(split.join(file))
            .unwrap_or_else(|e| panic!("{}: {e}", split.join(file).display()));
        assert_eq!(got, *want, "{file}");
    }
}

/// The submission mechanism alone: three tasks write their share, the merge collects them.
fn plain_array(cluster: &Cluster, out: &Path) {
    let o = out.display().to_string();
    let job = slurm::ArrayJob {
        name: "plain".into(),
        shares: 3,
        task: vec![
            slurm::Arg::text("bash"),
            slurm::Arg::text("-c"),
            slurm::Arg::text(format!("echo \"$1 on $3 cpu\" > \"{o}/share-$2\"")),
            slurm::Arg::text("_"),
            slurm::Arg::var(slurm::Placeholder::Share),
            slurm::Arg::var(slurm::Placeholder::TaskId),
            slurm::Arg::var(slurm::Placeholder::Cpus),
        ],
        merge: vec![
            slurm::Arg::text("bash"),
            slurm::Arg::text("-c"),
            slurm::Arg::text(format!("cat \"{o}\"/share-* > \"{o}/merged\"")),
        ],
        out: out.to_path_buf(),
        options: slurm::Options {
            cpus_per_task: 1,
            ..Default::default()
        },
    };
    let s = slurm::submit(&job).expect("sbatch accepts the jobs");
    assert_eq!(cluster.wait(&s.merge, Duration::from_secs(60)), "COMPLETED");
    assert_eq!(
        std::fs::read_to_string(out.join("merged")).unwrap(),
        "1/3 on 1 cpu\n2/3 on 1 cpu\n3/3 on 1 cpu\n"
    );
}
