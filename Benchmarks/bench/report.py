"""The Markdown report every script prints and writes to ``bench-results/``: the run's facts,
targets with PASS or FAIL, tables, the comparison of one stream on two data sets, the summary."""

import os
import platform
import subprocess
import sys
import time

from . import REPO, BenchError
from .measure import ratio

QUICK_NOTE = " (--quick: smaller counts, targets are meant for the full run)"


# MARK: - Formatting


def us(ns):
    """Nanoseconds as microseconds, one decimal."""
    return "%.1f µs" % (ns / 1000.0)


def ms(ns):
    """Nanoseconds as milliseconds, one decimal."""
    return "%.1f ms" % (ns / 1e6)


def secs(ns):
    """Nanoseconds as seconds, three decimals."""
    return "%.3f s" % (ns / 1e9)


def verdict(ok):
    """PASS or FAIL."""
    return "PASS" if ok else "FAIL"


def share_summary(kinds):
    """"kind N%, ..." for a list of kinds (one a command), the most frequent first."""
    counts = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    return ", ".join("%s %.0f%%" % (k, 100.0 * v / len(kinds)) for k, v in sorted(counts.items(), key=lambda kv: -kv[1]))


# MARK: - The report


class Report:
    """Lines printed as they are added and kept for the file, and the targets met or not."""

    def __init__(self):
        self.lines = []
        self.targets = []

    def add(self, text=""):
        """Prints a line and keeps it."""
        self.lines.append(text)
        print(text, flush=True)

    def target(self, name, figure, target, ok, note=""):
        """A target's line: the figure, the target, PASS or FAIL (and an optional note)."""
        line = "- **%s**: %s; target %s: **%s**%s" % (name, figure, target, verdict(ok), (" (" + note + ")") if note else "")
        self.targets.append((name, ok, figure, target))
        self.add(line)

    def table(self, header, rows):
        """A Markdown table."""
        self.add("| " + " | ".join(header) + " |")
        self.add("|" + "|".join(["---"] * len(header)) + "|")
        for row in rows:
            self.add("| " + " | ".join(str(c) for c in row) + " |")


def git_head():
    """The checkout's short commit, marked when tracked files have uncommitted changes."""
    try:
        head = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True).stdout.strip()
        return head + (" (uncommitted changes)" if dirty else "")
    except OSError:
        return "unknown"


def add_run_info(report, binary):
    """The date, binary, commit and machine lines under a report's title."""
    mtime = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(os.path.getmtime(binary)))
    try:
        load = "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        load = "n/a"
    report.add("- date: %s; binary: `%s` (built %s); commit: %s" % (time.strftime("%Y-%m-%d %H:%M:%S"), os.path.relpath(binary, REPO)
                                                                   if binary.startswith(REPO) else binary, mtime, git_head()))
    report.add("- machine: %s, %s CPUs, load average at start %s; Python %s"
               % (platform.platform(), os.cpu_count(), load, platform.python_version()))
    report.add()


def start_report(title, binary, quick=False):
    """A report headed `title` (marked as a --quick run with `quick`) and the run's facts (binary,
    commit, machine, load)."""
    report = Report()
    report.add("# " + title + (QUICK_NOTE if quick else ""))
    report.add()
    add_run_info(report, binary)
    return report


def run_sections(report, sections):
    """Runs (name, callable) sections in turn; one that raises is reported as a failed target."""
    for name, run in sections:
        try:
            run()
        except (BenchError, OSError, ValueError, KeyError) as e:
            report.add("- **%s**: could not run: %s: %s: **FAIL**" % (name, type(e).__name__, e))
            report.targets.append((name, False, "error", ""))
            report.add()


def finish_report(report, started, filename):
    """The summary section (with the time since `started`, a ``time.monotonic()``), then the whole
    report written to bench-results/`filename`."""
    report.add("## Summary")
    report.add()
    try:
        report.add("Load average at the end: %.2f %.2f %.2f (the benchmark itself keeps one to two of the cores busy; more means other work competed)."
                   % os.getloadavg())
    except OSError:
        pass
    passed = sum(1 for t in report.targets if t[1])
    report.add("%d of %d targets met%s. Total benchmark time %.0f s."
               % (passed, len(report.targets),
                  "" if passed == len(report.targets) else "; failing: " + ", ".join(t[0] for t in report.targets if not t[1]),
                  time.monotonic() - started))

    out_dir = os.path.join(REPO, "bench-results")
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, filename), "w", encoding="utf-8") as f:
        f.write("\n".join(report.lines) + "\n")
    print("\n(written to %s)" % os.path.relpath(os.path.join(out_dir, filename), os.getcwd()))


# MARK: - One stream on two data sets


def report_same_stream(report, small_label, large_label, same, free, limit=1.5, warn=0.10):
    """The per-command cost target on the same command stream piped through a session on each of
    two data sets, checked for doing the same work there; the free-range comparison as information.

    `same` and `free` are (small run, large run); a run is a dict with `per_cmd_ns`, `stream_ns`,
    `out_bytes`, `commands` and `errors`. The runs of `same` must have no error responses and
    write within `warn` of the same bytes per command, else a loud warning and the target fails.
    """
    sa, sb = same
    ba, bb = sa["out_bytes"] / sa["commands"], sb["out_bytes"] / sb["commands"]
    bytes_ratio = ratio(bb, ba)
    report.add("- same stream on both: %d commands; output per command %.0f B (%s) and %.0f B (%s) = %.3fx; "
               "error responses %d and %d" % (sa["commands"], ba, small_label, bb, large_label, bytes_ratio,
                                             sa["errors"], sb["errors"]))
    problems = []
    if sa["errors"] or sb["errors"]:
        problems.append("%d and %d error responses" % (sa["errors"], sb["errors"]))
    if abs(bytes_ratio - 1.0) > warn:
        problems.append("output per command differs by %.0f%% (more than %.0f%%)" % (100 * abs(bytes_ratio - 1.0), 100 * warn))
    if problems:
        message = ("WARNING: the same-stream runs do not do the same work (%s), so their per-command ratio is not the "
                   "cost of the data size alone" % "; ".join(problems))
        report.add("- **%s**" % message)
        print("\n*** %s ***\n" % message, file=sys.stderr, flush=True)
    per = ratio(sb["per_cmd_ns"], sa["per_cmd_ns"])
    per_byte = ratio(sb["stream_ns"] / sb["out_bytes"], sa["stream_ns"] / sa["out_bytes"])
    report.target("Per-command cost, %s vs %s (same stream)" % (large_label, small_label),
                  "%.2fx (%s vs %s; per byte written %.2fx)" % (per, us(sb["per_cmd_ns"]), us(sa["per_cmd_ns"]), per_byte),
                  "<= %gx" % limit, per <= limit and not problems,
                  "not comparable: " + "; ".join(problems) if problems else "")
    fa, fb = free
    report.add("- info (not a target): free-range streams, %.2fx (%s vs %s per command): each generated on its own data "
               "set over that set's whole offset range, so on the larger one (%s) scrolls are longer, never stop at the "
               "ends and draw new content: it writes %.2fx the bytes (%.0f vs %.0f B per command), %d and %d error "
               "responses"
               % (ratio(fb["per_cmd_ns"], fa["per_cmd_ns"]), us(fb["per_cmd_ns"]), us(fa["per_cmd_ns"]), large_label,
                  ratio(fb["out_bytes"] / fb["commands"], fa["out_bytes"] / fa["commands"]),
                  fb["out_bytes"] / fb["commands"], fa["out_bytes"] / fa["commands"], fb["errors"], fa["errors"]))
