"""The conformance kit's own mutation score (issue 27, section 2): the kit must fail a front end
that draws wrong, with the node whose pixels are wrong and the rule it broke.

The Python package's renderer, `scenery.render` (Clients/python/scenery/render.py, the one
`engine.screenshot()` draws with; written for these tests from PROTOCOL.md section 4, not from
either front end) draws the kit's states; clean, it must pass every probe of every state. Then each fault
below is switched on alone, the states that show it are drawn again, and the kit must report at
least one failing probe in a declared state, on a declared node, under a declared rule. Faults
the kit misses today are named in KNOWN_ESCAPES: they are reported as expected failures, and a
known escape that gets caught fails the test, so the set only shrinks.

    SCENERY_BIN=.build/debug/scenery python3 -m pytest Tests/Conformance/test_mutations.py

Needs Pillow (python3 -m pip install Pillow) and the DejaVu fonts (fonts-dejavu-core). The
states are collected once (only those the faults need); each state's probes are derived once and
every render of it is judged by check.py's check_state (the function behind `check.py --json`).
"""

import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import namedtuple
from concurrent.futures import ProcessPoolExecutor

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
KIT = os.path.join(REPO, "Protocol", "conformance")
sys.path.insert(0, KIT)
sys.path.insert(0, os.path.join(REPO, "Clients", "python"))  # the package scenery, from this checkout

pytest.importorskip("PIL", reason="needs Pillow (python3 -m pip install Pillow; Scripts/test installs it)")
if not os.path.exists("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"):
    pytest.skip("needs the DejaVu fonts (apt-get install -y fonts-dejavu-core)", allow_module_level=True)

import check  # noqa: E402
import probes  # noqa: E402
from scenery import render as reference_renderer  # noqa: E402
from png import write_png  # noqa: E402

Fault = namedtuple("Fault", "name what switches states nodes rules each")
BACKDROP_NODE = "(backdrop)"  # how a failure blamed on no node (the backdrop) is named here
# Rules that judge a shape's own pixels (not text over it).
SHAPE = ["fill", "z-order", "edge.*", "cornerRadius.*", "circle.outside", "image.*", "tint", "clip"]


def fault(name, what, states, nodes, rules, switches=None, each=False):
    """A fault: its renderer switches, the states that show it, and what the kit must report in
    them: a failing probe on one of `nodes` under one of `rules` (fnmatch patterns; the [..] tags
    of a rule are not matched), in at least one state, or with `each` in every one of them."""
    return Fault(name, what, tuple(switches or [name]), tuple(states), tuple(nodes), tuple(rules), each)


FAULTS = [
    # The table.
    fault("no-text", "draws no text at all",
          ["testcard-02", "directory-contacts", "photos-offline"], ["*"], ["text.ink"], each=True),
    fault("text-align-ignored", "ignores `align`", ["testcard-02"], ["text.align.1", "text.align.2"], ["text.align"]),
    fault("text-valign-ignored", "ignores `verticalAlign`", ["testcard-02"],
          ["text.verticalAlign.0", "text.verticalAlign.2"], ["text.verticalAlign"]),
    fault("text-lines-ignored", "ignores `lines` (no clamp, no ellipsis)", ["testcard-03"],
          ["wrap.lines1.text", "wrap.lines2.text"], ["text.lines", "text.ellipsis"]),
    fault("text-rotation-ignored", "ignores static text `rotation`", ["testcard-06"],
          ["motion.rotation.0", "motion.rotation.1", "motion.rotation.2"], ["text.*"]),
    fault("line-width-ignored", "ignores `lineWidth`", ["testcard-01"], ["fills.lines.1", "fills.lines.2", "fills.lines.3"], ["line*"]),
    fault("shift-rounded-6", "a rounded rect drawn 6 device px right of its frame", ["testcard-01"], ["fills.corners.1"], SHAPE,
          switches=["shift:fills.corners.1:6"]),
    fault("shift-circle-6", "a circle drawn 6 device px right of its frame", ["testcard-01"], ["fills.circle.square"], SHAPE,
          switches=["shift:fills.circle.square:6"]),
    fault("shift-rect-6", "a plain rect drawn 6 device px right of its frame", ["testcard-01"], ["fills.background.1"], SHAPE,
          switches=["shift:fills.background.1:6"]),
    fault("shift-rounded-2", "a rounded rect drawn 2 device px right of its frame", ["testcard-01"], ["fills.corners.1"], SHAPE,
          switches=["shift:fills.corners.1:2"]),
    fault("shift-circle-2", "a circle drawn 2 device px right of its frame", ["testcard-01"], ["fills.circle.square"], SHAPE,
          switches=["shift:fills.circle.square:2"]),
    fault("shift-rect-2", "a plain rect drawn 2 device px right of its frame", ["testcard-01"], ["fills.background.1"], SHAPE,
          switches=["shift:fills.background.1:2"]),
    fault("animation-ignored", "ignores every animation", ["testcard-motion-t700", "shelf-jiggle-2500"],
          ["motion.centre.bar", "motion.anchor.hand", "motion.anchor.tip", "book.4", "book.4.*"], SHAPE),
    fault("backdrop-only", "draws nothing but the backdrop",
          ["testcard-01", "directory-contacts", "photos-offline"], ["*"], SHAPE + ["text.ink"], each=True),
    fault("hairline-grey", "draws hairlines in #DCDCE0 instead of their colour", ["testcard-01"], ["fills.hairlines.*"], ["hairline*"]),
    fault("selected-row-off-30", "a selected row's background off by 30", ["directory-contacts-selected"],
          ["contacts.person.5"], SHAPE, switches=["recolour:contacts.person.5:30"]),
    # More a front end could get wrong.
    fault("text-valign-default-top", "a text without `verticalAlign` at the top (the default is centre)", ["testcard-02", "testcard-05"],
          ["text.colors.light", "text.colors.runs", "states.*.title", "text.align.*"], ["text.verticalAlign"]),
    fault("text-rotation-box-unswapped", "a text turned by 90 laid out in the frame's width by height", ["testcard-06"],
          ["motion.rotation.0", "motion.rotation.1"], ["text.*"]),
    fault("text-unclipped", "text drawn past its frame", ["shelf-open"], ["book.8.title"], ["text.clip"]),
    fault("text-wrap-ignored", "text never wraps", ["testcard-03"], ["wrap.free.text", "wrap.runs.text", "wrap.lines2.text"], ["text.*"]),
    fault("text-colour-ignored", "every run drawn black", ["testcard-02"], ["text.colors.light"], ["text.ink"]),
    fault("line-caps-square", "strokes end in square caps", ["testcard-01"], ["fills.lines.*"], ["line*"]),
    fault("line-ends-relative", "`from`/`to` taken relative to the frame's origin", ["testcard-01"], ["fills.lines.*"], ["line*"]),
    fault("animation-about-centre", "animations turn about the frame's centre, not `anchor`", ["testcard-motion-t700", "shelf-jiggle-t2750"],
          ["motion.anchor.hand", "motion.anchor.tip", "book.4", "book.4.*"], SHAPE),
    fault("animation-reversed", "animations turn anticlockwise", ["testcard-motion-t700", "shelf-jiggle-2500"],
          ["motion.centre.bar", "motion.anchor.hand", "motion.anchor.tip", "book.4", "book.4.*"], SHAPE),
    fault("animation-no-repeat", "`repeat` ignored: the last keyframe holds after one pass", ["testcard-motion-t5300", "shelf-jiggle-t2750"],
          ["motion.centre.bar", "motion.anchor.hand", "motion.anchor.tip", "book.4", "book.4.*"], SHAPE),
    fault("image-animation-ignored", "images do not turn (a jiggling book's cover)", ["shelf-jiggle-2500"], ["book.4.cover"], SHAPE),
    fault("ring-still", "images do not turn (the exhibition's ring)", ["exhibition-ring-t5000", "exhibition-ring-t13000"],
          ["circle.0.ring"], SHAPE, switches=["image-animation-ignored"]),
    fault("backdrop-grey", "the backdrop #F0F0F0, not white", ["photos-offline"], [BACKDROP_NODE], ["backdrop"]),
    fault("z-ignored", "draw order by id alone, not z first", ["testcard-07"], ["order.z.*"], SHAPE),
    fault("id-order-reversed", "equal z drawn in reverse id order", ["testcard-07"], ["order.id.*"], SHAPE),
    fault("content-clip-ignored", "content nodes not clipped to content.frame", ["testcard-08"], ["scroll.content.*"], ["clip"]),
    fault("content-offset-ignored", "content drawn without offsetY", ["directory-contacts-selected"], ["contacts.*"], SHAPE),
    fault("opacity-ignored", "every node opaque", ["testcard-01"], ["fills.opacity.1", "fills.opacity.2", "fills.opacity.3"], SHAPE),
    fault("opacity-squared", "opacity applied twice", ["testcard-01"], ["fills.opacity.1", "fills.opacity.2", "fills.opacity.3"], SHAPE),
    fault("device-scale-ignored", "drawn at scale 1, not the viewport's", ["testcard-01"], ["fills.*"], SHAPE),
    fault("corner-radius-ignored", "square corners", ["testcard-01"], ["fills.corners.1", "fills.corners.2", "fills.corners.3"],
          ["cornerRadius.outside"]),
    fault("circle-as-rect", "a circle fills its whole frame", ["testcard-01"], ["fills.circle.*"], ["circle.outside"]),
    fault("aspect-fill-as-fit", "aspectFill images drawn as aspectFit", ["testcard-04"], ["images.aspectFill.0", "images.aspectFill.1"], ["image.aspectFill"]),
    fault("content-mode-default-fill", "an image without contentMode stretched", ["testcard-04"], ["images.default.0", "images.default.1"], SHAPE),
    fault("image-align-ignored", "aspectFit images always centred", ["testcard-04"], ["images.align.0", "images.align.2"], ["image.aspectFit"]),
    fault("tint-ignored", "template images in their own colours", ["testcard-04"], ["images.tint.1", "images.tint.2"], ["tint"]),
    fault("movie-background-ignored", "a movie's background not drawn", ["testcard-06"], ["motion.movie.0", "motion.movie.1", "motion.movie.2"],
          ["movie.background"]),
]

# Faults the kit does not catch yet (issue 27, section 1: the probe rules are being added now).
# Each is reported as an expected failure; one that gets caught fails the test (XPASS strict),
# so take it out of this set then. Empty it: every fault must be caught.
KNOWN_ESCAPES = set()


def state_names():
    return sorted({state for f in FAULTS for state in f.states})


def render_and_judge(state_path, groups, renders):
    """Draws one state clean and with each group's faults and judges each render with check.py's
    check_state, the state's probes derived once. Returns {group: check_state's result}. The PNGs
    are written by the kit's png.write_png (filter 0): check.py's reader is plain Python, and the
    adaptive filters of Pillow's writer cost it about 2 s a picture."""
    with open(state_path) as file:
        state = json.load(file)
    items = probes.derive(state)
    results = {}
    for group, switches in groups:
        folder = os.path.join(renders, group)
        os.makedirs(folder, exist_ok=True)
        image = reference_renderer.render(state, switches).convert("RGBA")
        with open(os.path.join(folder, state["name"] + ".png"), "wb") as file:
            file.write(write_png(image.width, image.height, image.tobytes()))
        check.derive = lambda _state, items=items: items  # the probes derived above, not again
        results[group] = check.check_state(state_path, renders=folder)
    return state["name"], results


def matches(value, patterns):
    return any(fnmatch.fnmatchcase(value, pattern) for pattern in patterns)


def outcome(f, results):
    """(caught, states judged, the matching failures, every failure) of a fault."""
    judged = [s for s in f.states if s in results]
    hits, failures = {}, []
    for s in judged:
        for failure in results[s]["failures"]:
            node = failure["node"] if failure["node"] is not None else BACKDROP_NODE
            failures.append((s, node, failure["rule"]))
            if matches(node, f.nodes) and matches(failure["rule"].split("[")[0], f.rules):
                hits.setdefault(s, []).append(failure)
    caught = bool(judged) and (all(s in hits for s in judged) if f.each else bool(hits))
    return caught, judged, hits, failures


@pytest.fixture(scope="module")
def kit():
    """Collects the states, draws and judges them clean and with every fault; reports the score."""
    binary = os.environ.get("SCENERY_BIN") or os.path.join(REPO, ".build", "debug", "scenery")
    if not os.access(binary, os.X_OK):
        pytest.skip(f"needs the scenery binary: set SCENERY_BIN (no {binary})")
    folder = tempfile.mkdtemp(prefix="scenery-mutations-")
    started = time.monotonic()
    try:
        states = os.path.join(folder, "states")
        # collect.py's --only matches a timed state (NAME-tMS) by its NAME.
        only = [arg for name in state_names() for arg in ("--only", re.sub(r"-t[0-9]+$", "", name))]
        run = subprocess.run([sys.executable, os.path.join(KIT, "collect.py"), "--scenery", binary, "--out", states] + only,
                             capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, f"collect.py failed:\n{run.stdout}{run.stderr}"
        collecting = time.monotonic() - started
        collected = {name[:-len(".state.json")] for name in os.listdir(states)}
        groups = {}
        for state in collected:
            groups[state] = [("clean", ())] + [(f.name, f.switches) for f in FAULTS if state in f.states]
        paths = sorted(collected, key=lambda s: -len(groups[s]))  # the busiest first
        with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            done = dict(pool.map(render_and_judge, [os.path.join(states, s + ".state.json") for s in paths],
                                 [groups[s] for s in paths], [os.path.join(folder, "renders")] * len(paths)))
        seconds = (collecting, time.monotonic() - started - collecting)
        clean = {s: r["clean"] for s, r in done.items()}
        outcomes = {f.name: outcome(f, {s: r[f.name] for s, r in done.items() if f.name in r}) for f in FAULTS}
        yield {"clean": clean, "outcomes": outcomes, "collected": collected, "seconds": seconds, "log": run.stderr}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_the_clean_renderer_passes_every_probe_of_every_state(kit):
    bad = {s: r for s, r in kit["clean"].items() if r["error"] or r["passed"] != r["total"] or not r["total"]}
    report = [f"{s}: {r['error'] or ''} {r['passed']} of {r['total']}: "
              + "; ".join(f"{x['node']} {x['rule']} at {x['point']}: expected {x['expected']}, got {x['got']}" for x in r["failures"][:5])
              for s, r in sorted(bad.items())]
    assert not bad, "the clean reference renderer fails the kit:\n" + "\n".join(report)


def test_every_fault_has_a_state_to_show_it(kit):
    missing = [f"{f.name}: none of {', '.join(f.states)} was collected" for f in FAULTS if not kit["outcomes"][f.name][1]]
    assert not missing, "\n".join(missing) + "\ncollect.py said:\n" + kit["log"]


@pytest.mark.parametrize("f", [pytest.param(f, id=f.name, marks=[pytest.mark.xfail(strict=True, reason="a known escape")]
                                            if f.name in KNOWN_ESCAPES else []) for f in FAULTS])
def test_the_kit_catches_the_fault(kit, f):
    caught, judged, hits, failures = kit["outcomes"][f.name]
    others = sorted(set(failures))[:12]
    if f.each:
        missed = [s for s in judged if s not in hits]
        assert caught, (f"{f.name} ({f.what}) escapes in {', '.join(missed)}: no failing probe on {', '.join(f.nodes)} "
                        f"under {', '.join(f.rules)}; what failed instead: {others or 'nothing'}")
    assert caught, (f"{f.name} ({f.what}) escapes the kit in {', '.join(judged)}: no failing probe on {', '.join(f.nodes)} "
                    f"under {', '.join(f.rules)}; what failed instead: {others or 'nothing'}")


def first_hit(hits):
    """The first matching failure as 'state: node rule'."""
    state = sorted(hits)[0]
    failure = hits[state][0]
    return f"{state}: {failure['node'] or BACKDROP_NODE} {failure['rule']}"


def test_the_score(kit, capsys):
    """Prints the score (Docs/conformance.md quotes it) and what each fault did; fails when a fault
    escapes that is not a known escape, or a known escape is caught."""
    outcomes = kit["outcomes"]
    caught = [f.name for f in FAULTS if outcomes[f.name][0]]
    escaped = [f.name for f in FAULTS if not outcomes[f.name][0]]
    lines = []
    for f in FAULTS:
        if f.name in caught:
            lines.append(f"  caught          {f.name:28} {f.what}: {first_hit(outcomes[f.name][2])}")
        else:
            label = "ESCAPES (known)" if f.name in KNOWN_ESCAPES else "ESCAPES (NEW)  "
            lines.append(f"  {label} {f.name:28} {f.what}")
    clean = kit["clean"].values()
    summary = (f"{len(caught)} of {len(FAULTS)} faults caught; the clean reference renderer passes "
               f"{sum(r['passed'] for r in clean)} of {sum(r['total'] for r in clean)} probes in {len(kit['clean'])} states "
               f"(collected in {kit['seconds'][0]:.0f} s, drawn and judged in {kit['seconds'][1]:.0f} s)")
    with capsys.disabled():
        print("\nThe kit's mutation score (Tests/Conformance/test_mutations.py):\n" + "\n".join(lines) + "\n" + summary)
    new = sorted(set(escaped) - KNOWN_ESCAPES)
    fixed = sorted(KNOWN_ESCAPES & set(caught))
    assert KNOWN_ESCAPES <= {f.name for f in FAULTS}, f"KNOWN_ESCAPES names no fault: {KNOWN_ESCAPES - {f.name for f in FAULTS}}"
    assert not new, f"escape the kit and are not known escapes: {', '.join(new)}"
    assert not fixed, f"now caught, take them out of KNOWN_ESCAPES: {', '.join(fixed)}"
