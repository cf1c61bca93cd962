#!/usr/bin/env bash
# A real single-node Slurm cluster for tests, in a folder of its own.
#
#   tests/slurm/cluster.sh up DIR     configure and start munged, slurmctld and slurmd under DIR,
#                                     wait until the node is idle, print the SLURM_CONF to use
#   tests/slurm/cluster.sh down DIR   stop what `up` started (by the PIDs it recorded) and wait
#   tests/slurm/cluster.sh check      exit 0 when the Slurm and munge programs are installed
#
# Everything lives under DIR: configuration, munge key and socket, state, spool, logs, PID files.
# The cluster listens on loopback only, on ports 16817/16818 (not Slurm's defaults, so it never
# meets a cluster the machine may already belong to). `down` stops only the daemons whose PIDs
# `up` wrote, never processes found by name. Clients find the cluster through SLURM_CONF.
#
# Notes (measured on Debian 12 with Slurm 22.05, no systemd, running as root):
# 1. munged runs as the munge user with its own key and socket; slurm.conf points at that socket
#    through AuthInfo, so a munged the machine may run is left alone.
# 2. No cgroups in a container: process tracking by /proc, no task plugin, no accounting.
#    Finished jobs stay visible to `scontrol show job` for an hour (MinJobAge).
# 3. A stopped daemon may linger as a zombie where PID 1 is not a real init: state Z counts as
#    exited.
# 4. The node offers 8 CPUs whatever the machine has (config_overrides lets slurmd take the
#    configured count): the tests submit a dozen one-CPU tasks at once, and on a 2-CPU node
#    they queued behind each other, each start waiting for the next scheduling pass (the
#    test's run took 9.4 s instead of 6.4 s). The tasks are small; what is tested is the
#    arrays, their dependencies and the merge, not the node's size.
set -euo pipefail

cmd=${1:-}
dir=${2:-}

have() { command -v "$1" >/dev/null 2>&1; }
installed() { have slurmctld && have slurmd && have sbatch && have munged && have mungekey; }

alive() { # PID: running and not a zombie
  local pid=$1 state
  [ -r "/proc/$pid/stat" ] || return 1
  state=$(sed 's/^[^)]*) //' "/proc/$pid/stat" | cut -d' ' -f1)
  [ "$state" != Z ]
}

wait_for_file() { # FILE SECONDS
  local i
  for ((i = 0; i < $2 * 10; i++)); do [ -s "$1" ] && return 0; sleep 0.1; done
  return 1
}

up() {
  installed || { echo "cluster.sh: Slurm or munge is not installed" >&2; exit 3; }
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  if [ -e "$dir/slurm.conf" ]; then
    echo "cluster.sh: $dir already holds a cluster; run 'down' first" >&2
    exit 2
  fi
  mkdir -p "$dir"/{munge,state,spool,log}
  local host cpus mem
  host=$(hostname -s)
  cpus=8 # note 4
  mem=$(awk '/MemTotal/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)

  # munge: its own key and socket, run as the munge user (note 1).
  chown munge:munge "$dir/munge"
  chmod 0755 "$dir"/munge
  runuser -u munge -- mungekey --create --keyfile="$dir/munge/munge.key" >/dev/null
  runuser -u munge -- munged --socket="$dir/munge/munge.socket" \
    --key-file="$dir/munge/munge.key" --pid-file="$dir/munge/munged.pid" \
    --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munged.seed" \
    --origin=127.0.0.1
  wait_for_file "$dir/munge/munged.pid" 10 || { echo "cluster.sh: munged did not start" >&2; exit 1; }
  cp "$dir/munge/munged.pid" "$dir/munged.pid"

  cat >"$dir/slurm.conf" <<CONF
ClusterName=retro-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MailProg=/bin/true
ReturnToService=2
MinJobAge=3600
SchedulerParameters=sched_interval=1,bf_interval=1
SlurmdParameters=config_overrides
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF=$dir/slurm.conf
  slurmctld -f "$dir/slurm.conf"
  wait_for_file "$dir/slurmctld.pid" 10 || { echo "cluster.sh: slurmctld did not start (see $dir/log)" >&2; exit 1; }
  slurmd -f "$dir/slurm.conf"
  wait_for_file "$dir/slurmd.pid" 10 || { echo "cluster.sh: slurmd did not start (see $dir/log)" >&2; exit 1; }
  local i state
  for ((i = 0; i < 300; i++)); do
    state=$(sinfo -h -N -o %t 2>/dev/null | head -n 1 || true)
    [ "$state" = idle ] && { echo "SLURM_CONF=$dir/slurm.conf"; return 0; }
    sleep 0.1
  done
  echo "cluster.sh: the node did not become idle (state '$state'; see $dir/log)" >&2
  exit 1
}

down() {
  [ -d "$dir" ] || { echo "cluster.sh: no cluster in $dir" >&2; exit 2; }
  local name pid i
  for name in slurmd slurmctld munged; do
    [ -s "$dir/$name.pid" ] || continue
    pid=$(cat "$dir/$name.pid")
    if alive "$pid"; then kill -TERM "$pid" 2>/dev/null || true; fi
    for ((i = 0; i < 100; i++)); do alive "$pid" || break; sleep 0.1; done
    if alive "$pid"; then kill -KILL "$pid" 2>/dev/null || true; sleep 0.2; fi
    alive "$pid" && { echo "cluster.sh: $name (PID $pid) did not stop" >&2; exit 1; }
    rm -f "$dir/$name.pid"
  done
  rm -f "$dir/slurm.conf"
}

case "$cmd" in
  up) [ -n "$dir" ] || { echo "usage: $0 up DIR" >&2; exit 2; }; up ;;
  down) [ -n "$dir" ] || { echo "usage: $0 down DIR" >&2; exit 2; }; down ;;
  check) installed ;;
  *) sed -n '2,8p' "$0" >&2; exit 2 ;;
esac
