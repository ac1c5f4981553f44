"""A newcomer's scripts on each scene, as test_installed.py runs them: the wheel alone in a fresh
venv outside the checkout, the Swift toolchain hidden. Standard library and the package only.

Locators, waits and assertions on all six scenes on their built-in data; a row tapped far down a
long list the script writes itself (2,000 people: the row is not a node until it is revealed);
the photo gallery awaited on the virtual clock (milliseconds for 4 s of scene time); an error
answer and a strictness error. Prints one line per check and "tour: every check holds"; exits 1
naming the first check that failed.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

from scenery import SceneryClient, SceneryError, StrictModeViolation, expect


def check(ok: bool, what: str) -> None:
    if not ok:
        sys.exit(f"tour: FAILED: {what}")
    print("ok", what)


with SceneryClient() as engine:
    engine.initialize()

    # directory: a tab by its label, a row by its name, the model.
    engine.scene_open(scene="directory")
    engine.get_by_role("button", name="Contacts").tap()
    expect(engine).to_have_model("tab", "contacts")
    row = engine.get_by_role("row", name="Ines Nakamura")
    row.tap()
    expect(row).to_be_visible()
    check(engine.model("directory")["selection"] is not None, "directory: a row found by name and tapped")
    try:
        engine.get_by_role("row", name="Nakamura").tap()
        check(False, "directory: three Nakamuras make a strictness error")
    except StrictModeViolation as error:
        check("Nakamura" in str(error), "directory: three Nakamuras make a strictness error naming them")

    # hoo: the last cell of the sample's grid, far below the first screen.
    engine.scene_open(scene="hoo")
    cells = engine.get_by_text("1", exact=True)
    check(cells.count() >= 1, "hoo: the cells' numbers are found")
    last = engine.locator("cell").last
    last.tap()
    check(engine.model("hoo")["selection"] is not None, "hoo: the last cell tapped selects a Hoo")

    # exhibition: an image button by its id.
    engine.scene_open(scene="exhibition")
    before = engine.model("exhibition")["circles"]
    engine.locator("mode.nearme").tap()
    check(engine.model("exhibition")["circles"] != before, "exhibition: Near Me reshuffles the circles")

    # shelf: a book by its ISBN, long-pressed: it jiggles.
    engine.scene_open(scene="shelf")
    book = engine.get_by_role("button", name="9786581411664")
    book.long_press()
    check(engine.model("shelf")["jiggling"] is not None, "shelf: a long press on a book found by its ISBN makes it jiggle")

    # photos: the gallery moves on every 2 s of scene time; waited for on the virtual clock.
    engine.scene_open(scene="photos")
    engine.locator("photo.0").tap()
    start = time.monotonic()
    expect(engine.get_by_text("3/16")).to_be_visible(timeout=5)
    check(time.monotonic() - start < 2.0, "photos: 3/16 awaited on the virtual clock in milliseconds")

    # testcard: the next page, then its title.
    engine.scene_open(scene="testcard")
    engine.page(direction="next")
    expect(engine.get_by_text("2 / 8")).to_be_visible()
    check(True, "testcard: page 2 of 8 shows")

    # An error answer names the field.
    try:
        engine.tap(id="no.such.node")
        check(False, "an unknown id is refused")
    except SceneryError as error:
        check(error.code == -32003, "an unknown id is refused with -32003")

# A long list the script writes: the last person is far down, not a node until revealed.
with tempfile.TemporaryDirectory() as folder:
    people = [{"firstName": f"Person{n:04d}", "lastName": f"Family{n:04d}", "age": n % 90} for n in range(2000)]
    Path(folder, "people.json").write_text(json.dumps(people))
    Path(folder, "events.json").write_text("[]")
    with SceneryClient(cwd=folder) as engine:
        engine.initialize()
        engine.scene_open(scene="directory", people="people.json", events="events.json")
        engine.get_by_role("button", name="Contacts").tap()
        last = engine.get_by_text("Person1999 Family1999", exact=True)
        check(last.bounding_box() is None, "long list: the last row is not rendered before the tap")
        last.tap()
        check(engine.model("directory")["offsetY"] > 10000, "long list: the tap scrolled far down")
        expect(last).to_be_visible()

print("tour: every check holds")
