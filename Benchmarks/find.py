#!/usr/bin/env python3
"""Scenery benchmark for finding nodes: a locator's tap on a row far down a 100,000-person list.

    python3 Benchmarks/find.py [--quick] [--bin PATH] [--reps N]

People and events from ``Examples/generators/directory_data.py`` (100,000 people; --quick: 20,000),
in a temporary folder. One figure, against a reference measured in the same run:

- ``engine.get_by_text(NAME, exact=True).tap()`` (the Python package's locator: a strict ``find``
  over the whole list, ``reveal``, then ``tap`` by id), where NAME is the name of a person in the
  last section of Contacts, taken each time from the top of the list (scrolled back to 0 between
  taps, so that every tap has to find, scroll and render the row), as a ratio to ``scene.open`` of
  the same data (request to response, fresh processes). Goal: at most 0.1x. The first search of a
  process makes the rows' texts (``DirectorySearchText``): its tap is shown on its own.

For information: the ``find`` alone (one request), and ``get_by_role("row").count()`` (every row
named).

Writes ``bench-results/find-report.md``. Python 3 standard library and the checkout's package.
"""

import os
import sys
import tempfile
import time

from bench.engine import argument_parser, generate, parse_arguments
from bench.measure import median, ratio
from bench.report import finish_report, ms, start_report

from scenery import SceneryClient


def make_people(folder, people):
    """people.json and events.json of `people` people in `folder`."""
    generate("directory_data.py", "--people", people, "--events", 10, "--out", folder)
    return os.path.join(folder, "people.json"), os.path.join(folder, "events.json")


def opened(binary, people, events):
    """A fresh engine with the Directory open on the files: (engine, ns from scene.open's request
    to its response)."""
    engine = SceneryClient(binary, timeout=600)
    engine.initialize(network=False)
    start = time.perf_counter_ns()
    engine.scene_open(scene="directory", people=people, events=events)
    return engine, time.perf_counter_ns() - start


def last_section_name(engine):
    """The name of a person in the last section of Contacts whose name no one else has."""
    rows = engine.find(role="row")["matches"]
    for row in reversed(rows):
        name = engine.find(id=row["id"] + ".name", limit=1)["matches"][0]["text"]
        if engine.find(text=name, exact=True, limit=0)["count"] == 1:
            return name
    raise SystemExit("no person with a name of their own in the list")


def main():
    parser = argument_parser("Scenery: a locator's tap on a row far down a long list, against scene.open",
                             quick_help="20,000 people instead of 100,000, fewer repetitions")
    parser.add_argument("--reps", type=int, default=None, help="repetitions of each measurement (default 5; --quick 3)")
    args, binary = parse_arguments(parser, reference_cat=False)
    count = 20_000 if args.quick else 100_000
    reps = args.reps or (3 if args.quick else 5)
    started = time.monotonic()
    report = start_report("Scenery find benchmark", binary, args.quick)

    with tempfile.TemporaryDirectory(prefix="scenery-find-") as folder:
        people, events = make_people(folder, count)
        opens, taps, firsts, finds, counts = [], [], [], [], []
        name = None
        for _ in range(reps):
            engine, open_ns = opened(binary, people, events)
            opens.append(open_ns)
            try:
                engine.tap(id="tab.contacts")
                name = name or last_section_name(engine)
                for attempt in range(2):
                    engine.scroll(offset_y=0)
                    start = time.perf_counter_ns()
                    engine.get_by_text(name, exact=True).tap()
                    (firsts if attempt == 0 else taps).append(time.perf_counter_ns() - start)
                    selection = engine.model("directory")["selection"]
                    assert selection and engine.locator(selection).count() == 1, selection
                start = time.perf_counter_ns()
                engine.find(text=name, exact=True)
                finds.append(time.perf_counter_ns() - start)
                start = time.perf_counter_ns()
                rows = engine.get_by_role("row").count()
                counts.append(time.perf_counter_ns() - start)
                assert rows == count, rows
            finally:
                engine.close()

    report.add("## A locator's tap far down %s people" % format(count, ","))
    report.add()
    report.add("NAME: %r, in the last section of Contacts. Medians of %d fresh processes; each taps twice, and its first" % (name, reps))
    report.add("search makes the rows' texts, which later ones reuse (the first taps are shown on their own).")
    report.add()
    report.table(["measure", "median", "against scene.open"], [
        ["`scene.open` of %s people (the reference)" % format(count, ","), ms(median(opens)), "1.00x"],
        ["`get_by_text(NAME, exact=True).tap()`, from the top of the list", ms(median(taps)), "%.3fx" % ratio(median(taps), median(opens))],
        ["the same, the first search of the process (the rows' texts made)", ms(median(firsts)), "%.3fx" % ratio(median(firsts), median(opens))],
        ["`find {text: NAME, exact: true}` alone", ms(median(finds)), "%.3fx" % ratio(median(finds), median(opens))],
        ["`get_by_role(\"row\").count()`", ms(median(counts)), "%.3fx" % ratio(median(counts), median(opens))],
    ])
    report.add()
    tap_ratio = ratio(median(taps), median(opens))
    report.target("locator tap / scene.open", "%.3fx" % tap_ratio, "at most 0.1x", tap_ratio <= 0.1)
    report.add()
    finish_report(report, started, "find-report.md")
    return 0 if all(ok for _, ok, _, _ in report.targets) else 1


if __name__ == "__main__":
    sys.exit(main())
