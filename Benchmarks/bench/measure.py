"""Statistics, a process's memory and CPU time, CPU pinning, and interleaved repetitions."""

import math
import os
import re

TICKS = os.sysconf("SC_CLK_TCK")


# MARK: - Statistics


def percentile(sorted_values, p):
    """Nearest-rank percentile of an already sorted list."""
    if not sorted_values:
        return float("nan")
    k = max(0, min(len(sorted_values) - 1, math.ceil(p / 100.0 * len(sorted_values)) - 1))
    return sorted_values[k]


def median(values):
    """The median (the mean of the middle two for an even count); NaN for no values."""
    values = sorted(values)
    n = len(values)
    if n == 0:
        return float("nan")
    return values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2


def ratio(a, b):
    """a / b, infinite when b is 0."""
    return a / b if b else float("inf")


# MARK: - A process's memory and CPU time


def status_kib(pid, field):
    """A KiB field of ``/proc/PID/status`` (``VmHWM``, ``VmRSS``...), or None when it has none."""
    with open("/proc/%d/status" % pid) as f:
        found = re.search(r"^%s:\s+(\d+)" % field, f.read(), re.MULTILINE)
    return int(found.group(1)) if found else None


def peak_rss_kib(pid):
    """The peak resident memory (VmHWM) of a running process, KiB."""
    return status_kib(pid, "VmHWM")


def rss_kib(pid):
    """The resident memory (VmRSS) of a running process now, KiB."""
    return status_kib(pid, "VmRSS")


def cpu_seconds(pid):
    """The CPU time (user + system) a running process has used so far, seconds."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime


# MARK: - CPU pinning


def cpu_pair():
    """Two CPUs this process may use, or None when there is no affinity control or one CPU only."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    cpus = sorted(os.sched_getaffinity(0))
    return (cpus[0], cpus[1]) if len(cpus) >= 2 else None


def pin_process(pid, cpu):
    """Confines every thread of process `pid` to `cpu`."""
    for task in os.listdir("/proc/%d/task" % pid):
        os.sched_setaffinity(int(task), {cpu})


# MARK: - Repetitions


def interleaved(reps, keys, measure):
    """`reps` rounds, each calling ``measure(key, rep)`` for every key in turn, so that drift on a
    shared machine hits every case alike. Returns {key: [result of each round]}."""
    results = {key: [] for key in keys}
    for rep in range(reps):
        for key in keys:
            results[key].append(measure(key, rep))
    return results
