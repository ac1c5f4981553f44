"""What the benchmark scripts in ``Benchmarks/`` share, so that each script holds only its own scene.

- ``bench.engine``: the command line every script takes (``--bin``, ``--quick``), finding the
  binary, the data generators, scenery driven over its pipes (requests, sessions, piped command
  streams and their checks) and helper processes.
- ``bench.measure``: statistics (median, percentiles, ratios), a process's memory and CPU time,
  CPU pinning, interleaved repetitions.
- ``bench.pingpong``: round trips of one command through scenery against the same line through
  ``cat``, the processes placed alike, and its report section.
- ``bench.report``: the Markdown report: the run's facts, targets, tables, the summary, and the
  file in ``bench-results/``.

The scripts run as ``python3 Benchmarks/NAME.py``, so this folder is on ``sys.path`` and
``import bench`` finds the package. Python 3 standard library, and the checkout's Python package
``scenery`` (``Clients/python``, put on ``sys.path`` here): its client (live.py's engines, their
mirror), its patch applier (live.py's tabs), its engine finding and its request framing
(``bench.engine``).
"""

import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "Clients", "python"))


class BenchError(Exception):
    """A benchmark could not measure what it meant to; a section that raises it is reported as a
    failed target (``report.run_sections``)."""
