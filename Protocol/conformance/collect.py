#!/usr/bin/env python3
"""Drives the engine to a set of states and writes each as DIR/NAME.state.json.

    collect.py --scenery BIN --out DIR [--data DIR] [--only SUBSTRING]

A state file is {"name", "scale", "nowMs", "document", "assets"}: the full state document of
`snapshot`, the scene clock at that point, and every asset a node names (an image node's `image`,
a movie node's `style.movie`), read with `asset.read`, as {"mime", "width", "height", "data"}.

The states are checkpoints of the golden transcripts (their requests replayed up to a request
id, in the transcript's folder, where its relative paths point), some of them again at later clock
times where declared animations have turned (the exhibition's ring, the shelf's jiggle), and every
page of the `testcard` scene when the engine has one, its Motion page at several times. The
briefs' data the transcripts name as `../shared/...` beside the checkout is read from `--data`
(default: that folder); a transcript whose `# needs:` data is missing there is skipped with a
message naming the path. A request the golden transcript answers with a result and the engine
with an error fails the collection (exit status 1), naming both. Standard library only: the
engine is driven by the checkout's Python package `scenery` (Clients/python, itself standard
library only), imported from there, so nothing needs installing.
"""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "Clients", "python"))
from scenery import ProtocolError, SceneryClient, SceneryError, asset_ids  # noqa: E402

TRANSCRIPTS = os.path.join(REPO, "Tests", "Transcripts")
SHARED = "../../../../shared/"  # how a transcript names the briefs' data beside the checkout

# (transcript, [(state name, the request id after which the state is taken), ...]): after open,
# a tap, a scroll, an alert, a jiggle at a known phase, a selection, the photo grid and gallery.
CHECKPOINTS = [
    ("directory/sample.transcript", [("directory-recents", 2), ("directory-events", 3), ("directory-contacts", 4),
                                     ("directory-contacts-selected", 26),
                                     ("directory-small-phone", 40)]),
    ("directory/file-pictures.transcript", [("directory-file-pictures", 4)]),
    ("directory/gotest-data.transcript", [("directory-gotest-recents", 2), ("directory-gotest-events", 7)]),
    ("hoo/sample.transcript", [("hoo-grid", 2), ("hoo-selected", 5)]),
    ("hoo/pan-scroll.transcript", [("hoo-scrolled", 6)]),
    ("hoo/real-sets.transcript", [("hoo-real-selected", 3)]),
    ("exhibition/mock.transcript", [("exhibition-open", 2)]),
    ("exhibition/phones.transcript", [("exhibition-ring-225", 8)]),
    ("shelf/sample.transcript", [("shelf-open", 2), ("shelf-alert", 3), ("shelf-jiggle-2500", 18), ("shelf-landscape", 34)]),
    ("shelf/real-books.transcript", [("shelf-real-jiggle", 6)]),
    ("photos/sample.transcript", [("photos-grid", 2), ("photos-gallery", 4)]),
    ("photos/offline.transcript", [("photos-offline", 2)]),
]

# (transcript, the request id after which the clock starts to move, state name, [scene clock
# advances in ms]): a state after each advance, named NAME-tMS (the scene clock then), where
# declared rotations are not at zero, so a frozen or mis-anchored animation shows.
# A state of the list that marks `movie` leaves its movie's asset out: the movie is then not
# loaded, so its `background` shows (PROTOCOL.md, section 4) and every pixel of the translucent
# ring turning over it is known.
TIMED = [
    ("exhibition/mock.transcript", 2, "exhibition-ring", [5000, 8000, 18000], "movie"),  # 45, 117, 279 degrees
    ("shelf/sample.transcript", 18, "shelf-jiggle", [250, 250, 400, 350], None),        # +2.9, -2.9, +1.1, +2.9 (2nd pass)
]
# The test card's Motion page at 700, 1900, 3300 and 5300 ms: 63, 171, 297 and 117 degrees (its
# second turn: an animation that does not repeat holds 360 there).
MOTION = [700, 1200, 1400, 2000]


class CollectError(RuntimeError):
    """A transcript the engine does not answer as its golden file does."""


def start(binary, cwd):
    """The engine on a pipe, in folder `cwd`, its logs discarded; each answer awaited up to 600 s
    (a sanitized debug engine is slow)."""
    return SceneryClient(binary, cwd=cwd, stderr=subprocess.DEVNULL, timeout=600)


def take_state(engine, name, without=None):
    """The state file's object for what the engine shows now; `without` "movie": the movies'
    assets left out (not loaded)."""
    snapshot = engine.request("snapshot")
    document = snapshot["state"]
    assets = {}
    nodes = (document.get("display") or {}).get("nodes", {}).values()
    left_out = {(n.get("style") or {}).get("movie") for n in nodes if n.get("kind") == "movie"} if without == "movie" else set()
    for asset in asset_ids(document):
        if asset in left_out:
            continue
        read = engine.request("asset.read", {"id": asset})
        assets[asset] = {key: read[key] for key in ("mime", "width", "height", "data")}
    return {"name": name, "scale": document["viewport"]["scale"], "nowMs": snapshot["nowMs"],
            "document": document, "assets": assets}


def write_state(out, state):
    with open(os.path.join(out, state["name"] + ".state.json"), "w") as file:
        json.dump(state, file, sort_keys=True)


def relocate(text, data):
    """`text` with the transcripts' `../shared/` prefix pointing into `data` instead."""
    return text.replace(SHARED, os.path.abspath(data) + os.sep)


def needs(path, data):
    """The `# needs: PATH` paths of a transcript (relative to its folder, or absolute in `data`)."""
    with open(path) as file:
        return [relocate(line.split(":", 1)[1].strip(), data) for line in file if line.startswith("# needs:")]


def requests(path, data):
    """The transcript's requests, each with the ids of its golden replies that are errors."""
    with open(path) as file:
        lines = file.readlines()
    errors = set()
    for line in lines:
        if line.startswith("< "):
            reply = json.loads(line[2:])
            if "error" in reply and "id" in reply:
                errors.add(reply["id"])
    return [(json.loads(relocate(line[2:], data)), errors) for line in lines if line.startswith("> ")]


def replay(engine, transcript, request, golden_errors):
    """Sends one request of a transcript under its own id and waits for its answer; an error the
    golden transcript does not have fails."""
    try:
        engine.request(request["method"], request.get("params"), id=request["id"])
    except SceneryError as error:
        if request["id"] not in golden_errors:
            raise CollectError(f"{transcript}: request {request['id']} ({request['method']}) was answered with an "
                               f"error where the golden transcript has a result: {error.message}") from None


def has_needs(path, names, data):
    """Whether the transcript's `# needs:` data is there; says which states are skipped if not."""
    folder = os.path.dirname(path)
    for need in needs(path, data):
        if not os.path.exists(os.path.join(folder, need)):
            shown = os.path.normpath(os.path.join(folder, need))
            print(f"skipped {', '.join(names)}: needs {shown}, which is not there (--data DIR)", file=sys.stderr)
            return False
    return True


def collect_transcript(binary, out, transcript, points, wanted, data):
    """Replays `transcript` and writes a state at each checkpoint; returns the names written."""
    path = os.path.join(TRANSCRIPTS, transcript)
    folder = os.path.dirname(path)
    points = [(name, after) for name, after in points if wanted(name)]
    if not points or not has_needs(path, [n for n, _ in points], data):
        return []
    written = []
    with start(binary, folder) as engine:
        due = dict((after, []) for _, after in points)
        for name, after in points:
            due[after].append(name)
        for request, errors in requests(path, data):
            replay(engine, transcript, request, errors)
            for name in due.pop(request["id"], []):
                write_state(out, take_state(engine, name))
                written.append(name)
            if not due:
                break
    return written


def collect_timed(binary, out, transcript, after, name, advances, without, wanted, data):
    """Replays `transcript` up to request `after`, then advances the clock step by step and
    writes a state after each step, NAME-tMS (`without`: as take_state's)."""
    path = os.path.join(TRANSCRIPTS, transcript)
    if not has_needs(path, [name + "-t*"], data):
        return []
    written = []
    with start(binary, os.path.dirname(path)) as engine:
        for request, errors in requests(path, data):
            replay(engine, transcript, request, errors)
            if request["id"] == after:
                break
        for step in advances:
            now = engine.request("clock.advance", {"ms": step})["nowMs"]
            state = f"{name}-t{now}"
            if wanted(state):
                write_state(out, take_state(engine, state, without))
                written.append(state)
    return written


def collect_testcard(binary, out, wanted):
    """Every page of the `testcard` scene, when the engine has it (the `page` method moves on)."""
    written = []
    with start(binary, REPO) as engine:
        scenes = engine.request("initialize", {"seed": 1, "network": False})["scenes"]
        if "testcard" not in scenes:
            print(f"skipped testcard: the engine has no testcard scene (its scenes: {', '.join(scenes)})", file=sys.stderr)
            return []
        engine.request("scene.open", {"scene": "testcard"})
        model = engine.request("snapshot")["state"]["model"]
        count = model.get("pageCount", model.get("pages"))
        if isinstance(count, list):
            count = len(count)
        if not isinstance(count, int) or count < 1:
            print(f"testcard: no page count in its model ({sorted(model)}); only its first page", file=sys.stderr)
            count = 1
        for page in range(count):
            if page:
                try:
                    engine.request("section", {"index": page})
                except SceneryError:
                    engine.request("page", {"direction": "next"})
            name = f"testcard-{page + 1:02d}"
            if wanted(name):
                write_state(out, take_state(engine, name))
                written.append(name)
        names = engine.request("snapshot")["state"]["model"].get("pageNames") or []
    if "Motion" in names and wanted("testcard-motion"):
        # The Motion page again as its clock runs: the bar and the hand turned, the text still.
        with start(binary, REPO) as engine:
            engine.request("initialize", {"seed": 1, "network": False})
            engine.request("scene.open", {"scene": "testcard", "page": "Motion"})
            for step in MOTION:
                now = engine.request("clock.advance", {"ms": step})["nowMs"]
                name = f"testcard-motion-t{now}"
                write_state(out, take_state(engine, name))
                written.append(name)
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenery", required=True, help="the scenery binary")
    parser.add_argument("--out", required=True, help="the folder for NAME.state.json")
    parser.add_argument("--data", default=os.path.join(os.path.dirname(REPO), "shared"),
                        help="the briefs' data the transcripts name as ../shared (default: ../shared beside the checkout)")
    parser.add_argument("--only", action="append", default=[], help="only states whose name contains this (repeatable)")
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    binary = os.path.abspath(args.scenery)

    def wanted(name):
        return not args.only or any(part in name for part in args.only)

    written = []
    try:
        for transcript, points in CHECKPOINTS:
            written += collect_transcript(binary, args.out, transcript, points, wanted, args.data)
        for transcript, after, name, advances, without in TIMED:
            if args.only and not any(part in name or name in part for part in args.only):
                continue
            written += collect_timed(binary, args.out, transcript, after, name, advances, without, wanted, args.data)
        written += collect_testcard(binary, args.out, wanted)
    except (CollectError, ProtocolError) as error:  # ProtocolError: the engine broke the protocol or failed
        print(f"collect.py: {error}", file=sys.stderr)
        return 1
    print(f"{len(written)} states in {args.out}: {' '.join(written)}")
    return 0 if written else 1


if __name__ == "__main__":
    sys.exit(main())
