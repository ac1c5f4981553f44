#!/usr/bin/env python3
"""Instructions per command on the hot paths, counted by valgrind (callgrind).

Time on a shared machine is noisy; instruction counts repeat to the instruction, so this is the
tool for checking that a change to a hot path made it cheaper. It is information, not a target:
the targets are the ratios in run.py and hoo.py.

Each case is a stream that sets a scene up and then repeats one command. The count per command is
the difference between a run with 5,000 repeats and one with 1,000, divided by 4,000, so start-up
and set-up cancel out. The engine runs with --spin-microseconds 0 (polling would count too).

    python3 Benchmarks/instructions.py [--bin .build/release/scenery]
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

from bench.engine import argument_parser, parse_arguments, request_text

SETUP_DIRECTORY = [("initialize", '{}'), ("scene.open", '{"scene":"directory"}'), ("tap", '{"id":"tab.contacts"}')]
SETUP_HOO = [("initialize", '{}'), ("scene.open", '{"scene":"hoo"}'), ("scroll", '{"offsetY":0}')]

CASES = [
    ("directory: tap a row (moves the selection)", SETUP_DIRECTORY,
     [("tap", '{"id":"contacts.person.0"}'), ("tap", '{"id":"contacts.person.10"}')]),
    ("directory: a command that changes nothing", SETUP_DIRECTORY, [("scroll", '{"offsetY":0}')]),
    ("directory: tap an unknown id (error)", SETUP_DIRECTORY, [("tap", '{"id":"nope"}')]),
    ("hoo (sample): tap a cell (moves the selection)", SETUP_HOO,
     [("tap", '{"id":"cell.1.1"}'), ("tap", '{"id":"cell.1.2"}')]),
    ("hoo (sample): a command that changes nothing", SETUP_HOO, [("scroll", '{"offsetY":0}')]),
]


def stream(setup, repeated, count):
    """The setup's requests, then `count` of the repeated ones in turn, one a line."""
    lines = [request_text(i + 1, m, p) for i, (m, p) in enumerate(setup)]
    for i in range(count):
        method, params = repeated[i % len(repeated)]
        lines.append(request_text(1000 + i, method, params))
    return "\n".join(lines) + "\n"


def instructions(binary, text, scratch):
    """The instructions callgrind counts for the engine reading `text` on stdin."""
    path = os.path.join(scratch, "stream.ndjson")
    with open(path, "w") as f:
        f.write(text)
    with open(path, "rb") as stdin:
        run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary, "run",
                              "--spin-microseconds", "0"], stdin=stdin, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if not found:
        raise SystemExit("valgrind gave no count:\n" + run.stderr[-2000:])
    return int(found.group(1))


def main():
    _, binary = parse_arguments(argument_parser(__doc__.splitlines()[0], quick=False), reference_cat=False)
    if not shutil.which("valgrind"):
        print("valgrind is not installed; nothing to count", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        # Valgrind 3.19 cannot read the DWARF 5 that Swift 6 writes ("Possibly corrupted
        # debuginfo file"): count a copy without debug info (the code is the same).
        if shutil.which("strip"):
            stripped = os.path.join(scratch, "scenery")
            subprocess.run(["strip", "--strip-debug", "-o", stripped, binary], check=True)
            binary = stripped
        for name, setup, repeated in CASES:
            many = instructions(binary, stream(setup, repeated, 5000), scratch)
            few = instructions(binary, stream(setup, repeated, 1000), scratch)
            print("%-50s %8.0f instructions per command" % (name, (many - few) / 4000), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
