"""Locators, waits and expect against the real engine (its find and reveal), on each of the six
scenes: the first script of the package README, a row found and tapped past the first screen of
a 2,000-people directory, the photos gallery awaited on the virtual clock (exact, instant) and on
the real one (as patches arrive), strictness, and what timeouts and failed assertions say.

    SCENERY_BIN=.build/release/scenery PYTHONPATH=Clients/python python3 -m unittest -v Clients/python/tests/test_locators.py
"""

import asyncio
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time
import unittest

from scenery import (AsyncSceneryClient, ExpectationFailed, SceneryClient, StrictModeViolation, TimeoutError, expect,
                     find_engine)

REPO_ROOT = pathlib.Path(__file__).resolve().parents[3]
ENGINE = find_engine()
NO_ENGINE = "scenery binary not found: set SCENERY_BIN or run `swift build`"


def has_find() -> bool:
    if ENGINE is None:
        return False
    schema = subprocess.run([ENGINE, "--schema"], capture_output=True, text=True, timeout=60).stdout
    return '"params.find"' in schema


if ENGINE is not None and not has_find():
    raise RuntimeError(f"{ENGINE} has no find method: the locators need an engine built with it")


def start(**options) -> SceneryClient:
    return SceneryClient(ENGINE, **options)


@unittest.skipIf(ENGINE is None, NO_ENGINE)
class FirstScriptTest(unittest.TestCase):
    def test_the_first_script(self):
        with start() as engine:
            engine.initialize()
            engine.scene_open(scene="directory")
            engine.get_by_role("button", name="Contacts").tap()
            row = engine.get_by_role("row", name="Ines Nakamura")
            self.assertFalse(row.is_visible(), "the row starts below the first screen")
            row.tap()  # waits for it, scrolls it into view, taps it by id
            expect(row).to_be_visible()
            expect(engine).to_have_model("tab", "contacts")
            self.assertEqual(engine.model("directory")["selection"], "contacts.person.32")
            self.assertEqual(row.text_content(), "Ines Nakamura Age: 56")
            box = row.bounding_box()
            assert box is not None
            self.assertTrue(0 <= box["y"] and box["y"] + box["height"] <= 812, box)
            engine.verify()

    def test_strictness_names_the_locator_and_its_first_matches_at_once(self):
        with start() as engine:
            engine.initialize()
            engine.scene_open(scene="directory")
            engine.locator("tab.contacts").tap()
            before = engine.snapshot()["nowMs"]
            with self.assertRaises(StrictModeViolation) as caught:
                engine.get_by_role("row", name="Nakamura").tap()
            message = str(caught.exception)
            self.assertIn("get_by_role('row', name='Nakamura') matches 3 nodes", message)
            self.assertIn("contacts.person.3 ('Émile Nakamura Age: 69')", message)
            self.assertEqual(engine.snapshot()["nowMs"], before, "raised at once: no clock advanced")
            self.assertIsNone(engine.model("directory")["selection"], "nothing tapped")
            self.assertEqual(engine.get_by_role("row", name="Nakamura").count(), 3)
            ids = [each.description for each in engine.get_by_role("row", name="Nakamura").all()]
            self.assertEqual(ids, ["locator('contacts.person.3')", "locator('contacts.person.5')",
                                   "locator('contacts.person.32')"], "screen order")
            engine.get_by_role("row", name="Nakamura").last.tap()
            self.assertEqual(engine.model("directory")["selection"], "contacts.person.32")

    def test_a_locator_resolves_when_used_never_when_made(self):
        with start() as engine:
            engine.initialize()
            contacts = engine.get_by_role("row", name="Ines Nakamura")  # made before the scene exists
            engine.scene_open(scene="directory")
            self.assertEqual(contacts.count(), 0, "the recents tab shows no contacts")
            engine.get_by_role("button", name="Contacts").tap()
            self.assertEqual(contacts.count(), 1)


@unittest.skipIf(ENGINE is None, NO_ENGINE)
class LongListTest(unittest.TestCase):
    """A row past the first screen of 2,000 people: virtualized (not a node), still found by
    text, scrolled into view and tapped."""

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        subprocess.run([sys.executable, str(REPO_ROOT / "Examples" / "generators" / "directory_data.py"),
                        "--people", "2000", "--events", "10", "--out", cls.folder.name],
                       check=True, capture_output=True, timeout=120)
        cls.people = json.loads((pathlib.Path(cls.folder.name) / "people.json").read_text())

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()

    def test_a_row_far_down_the_list_is_found_scrolled_to_and_tapped(self):
        # network: the generated people's pictures are on example.invalid, not to be looked up.
        with start(cwd=self.folder.name) as engine:
            engine.initialize(network=False)
            engine.scene_open(scene="directory", people="people.json", events="events.json")
            engine.get_by_role("button", name="Contacts").tap()
            self.assertEqual(engine.get_by_role("row").count(), 2000)
            last = engine.get_by_role("row").last
            name = last.text_content()
            row = engine.get_by_role("row", name=name, exact=True)
            ident = last.all()[0].description
            self.assertEqual(row.count(), 1, name)
            self.assertIsNone(row.bounding_box(), "the last row is not a node before it is revealed")
            self.assertFalse(row.is_visible())
            self.assertNotIn(ident[len("locator('"):-2], engine.state["display"]["nodes"])
            started = time.monotonic()
            result = row.tap()
            tapped = time.monotonic() - started
            self.assertTrue(result["target"].startswith(ident[len("locator('"):-2]), result)
            expect(row).to_be_visible()
            self.assertEqual(engine.model("directory")["selection"], ident[len("locator('"):-2])
            self.assertGreater(engine.model("directory")["offsetY"], 10000, "scrolled far down")
            self.assertLess(tapped, 10, "found, revealed and tapped in a few requests")
            engine.verify()

    def test_a_name_by_text_in_the_middle_of_the_list(self):
        with start(cwd=self.folder.name) as engine:
            engine.initialize(network=False)
            engine.scene_open(scene="directory", people="people.json", events="events.json")
            engine.get_by_role("button", name="Contacts").tap()
            rows = engine.get_by_role("row")
            middle = rows.nth(1000).text_content()
            person = engine.get_by_role("row", name=middle, exact=True)
            self.assertEqual(person.count(), 1)
            person.scroll_into_view_if_needed()
            expect(person).to_be_visible()
            expect(engine.get_by_role("row").nth(1000)).to_have_text(middle)


@unittest.skipIf(ENGINE is None, NO_ENGINE)
class GalleryWaitTest(unittest.TestCase):
    """The gallery advances a photo every 2 s of scene time: "3/16" 4 s after opening on the first."""

    def test_on_the_virtual_clock_the_wait_advances_the_scene_clock_exactly_and_takes_no_real_time(self):
        with start() as engine:
            engine.initialize()
            engine.scene_open(scene="photos")
            engine.locator("photo.0").tap()
            expect(engine.get_by_text("1/16")).to_be_visible()
            before = engine.snapshot()["nowMs"]
            started = time.monotonic()
            expect(engine.get_by_text("3/16")).to_be_visible(timeout=5)
            self.assertLess(time.monotonic() - started, 2.0, "4 s of scene time, not 4 s of real time")
            self.assertEqual(engine.snapshot()["nowMs"] - before, 4000, "stops at the first check that holds")
            expect(engine.locator("gallery.title")).to_have_text("3/16")
            expect(engine.locator("gallery.title")).to_have_text(re.compile(r"^\d+/16$"))
            expect(engine).to_have_model("title", "3/16")
            engine.get_by_text("3/16").wait_for(state="hidden", timeout=2.5)
            expect(engine.get_by_text("4/16")).to_be_visible(timeout=0)

    def test_negated_assertions_wait_for_the_opposite(self):
        with start() as engine:
            engine.initialize()
            engine.scene_open(scene="photos")
            engine.locator("photo.0").tap()
            title = engine.locator("gallery.title")
            before = engine.snapshot()["nowMs"]
            expect(title).not_to_have_text("1/16")
            self.assertEqual(engine.snapshot()["nowMs"] - before, 2000, "the first photo moves on after 2 s")
            expect(engine.get_by_text("2/16")).not_to_be_hidden()
            expect(engine.get_by_text("1/16")).not_to_be_visible(timeout=0)
            expect(engine).not_to_have_model("screen", "home", timeout=0)
            expect(engine.get_by_role("button")).not_to_have_count(16, timeout=0)
            with self.assertRaises(AssertionError) as caught:
                expect(title).not_to_have_count(1, timeout=0.1)
            self.assertIn("expect(locator('gallery.title')).not_to_have_count", str(caught.exception))
            self.assertIn("expected: not 1 nodes", str(caught.exception))
            with self.assertRaises(AssertionError) as caught:
                expect(engine).not_to_have_model("screen", "gallery", timeout=0.1)
            self.assertIn("expected: not 'gallery'", str(caught.exception))

    def test_on_the_real_clock_the_wait_follows_the_patches_as_they_arrive(self):
        with start() as engine:
            engine.initialize(clock="real")
            engine.scene_open(scene="photos")
            engine.locator("photo.0").tap()
            started, first_id = time.monotonic(), engine.send("snapshot")
            expect(engine.get_by_text("2/16")).to_be_visible(timeout=8)
            waited, requests = time.monotonic() - started, engine.send("snapshot") - first_id - 1
            self.assertTrue(1.5 < waited < 6, f"the 2 s timer, not the 8 s timeout: {waited:.2f} s")
            # A find after each patch (the timer's, images loading), not a poll.
            self.assertLess(requests, 40, f"{requests} requests in {waited:.2f} s: a poll, not a wait on patches")
            with self.assertRaises(ExpectationFailed):
                expect(engine.get_by_text("9/16")).to_be_visible(timeout=0.3)

    def test_a_timeout_says_what_was_awaited_and_what_the_screen_shows(self):
        with start() as engine:
            engine.initialize()
            engine.scene_open(scene="photos")
            engine.locator("photo.0").tap()
            with self.assertRaises(TimeoutError) as caught:
                engine.get_by_text("9/16").wait_for(timeout=1)
            message = str(caught.exception)
            self.assertIn("wait_for get_by_text('9/16') to be visible within 1 s of scene time", message)
            # The engine's own text of the screen (snapshot as "text"), indented.
            self.assertIn('The screen shows:\n  button "Photos"  #gallery.back\n', message)
            self.assertIn('  text "1/16"  #gallery.title\n', caught.exception.screen)
            with self.assertRaises(TimeoutError) as caught:
                engine.get_by_text("no such words").tap(timeout=0.1)
            self.assertIn("tap: get_by_text('no such words'): it matched no node", str(caught.exception))

    def test_a_failed_assertion_prints_expected_found_and_the_screen(self):
        with start() as engine:
            engine.initialize()
            engine.scene_open(scene="photos")
            engine.locator("photo.0").tap()
            with self.assertRaises(AssertionError) as caught:
                expect(engine.locator("gallery.title")).to_have_text("16/16", timeout=1)
            message = str(caught.exception)
            self.assertIn("expected: text '16/16'", message)
            self.assertIn("found:    text '1/16'", message)
            self.assertIn("The screen shows:", message)
            with self.assertRaises(AssertionError) as caught:
                expect(engine).to_have_model("screen", "home", timeout=0.1)
            self.assertIn("found:    'gallery'", str(caught.exception))
            with self.assertRaises(AssertionError) as caught:
                expect(engine).to_have_model("no/such/key", 1, timeout=0)
            self.assertIn("no such key in the model", str(caught.exception))


@unittest.skipIf(ENGINE is None, NO_ENGINE)
class EachSceneTest(unittest.TestCase):
    """A locator, an action and an assertion on each of the six scenes."""

    def test_each_scene(self):
        with start() as engine:
            engine.initialize()
            engine.scene_open(scene="directory")
            expect(engine.get_by_role("button")).to_have_count(3)
            engine.get_by_role("button", name="Featured").tap()
            expect(engine).to_have_model("tab", "featured")

            engine.scene_open(scene="hoo")
            last = engine.locator("cell").last  # a cell far below: not a node yet
            self.assertFalse(last.is_visible())
            last.tap()
            self.assertTrue(last.is_visible())
            self.assertEqual(engine.model("hoo")["offsetY"], engine.model("hoo")["maxOffsetY"])
            self.assertIsNotNone(engine.model("hoo")["selection"])

            engine.scene_open(scene="exhibition")
            engine.locator("mode.nearme").tap()
            expect(engine).to_have_model("cause", "reshuffle")

            engine.scene_open(scene="shelf")
            with self.assertRaises(StrictModeViolation):
                engine.get_by_role("button", name="Linear Algebra").tap()
            engine.get_by_role("button", name="Psychology: The Core").long_press()
            expect(engine).to_have_model("jiggling/book", "book.4")

            engine.scene_open(scene="photos")
            expect(engine.get_by_role("button")).to_have_count(16)
            engine.get_by_role("button").nth(4).tap()
            expect(engine.locator("gallery.title")).to_have_text("5/16")

            engine.scene_open(scene="testcard")
            expect(engine.locator("header.title")).to_have_text("Fills")
            engine.page(direction="next")
            expect(engine.locator("header.title")).to_have_text("Text")
            expect(engine.get_by_text("nothing like this")).to_be_hidden()
            engine.verify()


@unittest.skipIf(ENGINE is None, NO_ENGINE)
class AsyncLocatorTest(unittest.TestCase):
    def test_the_same_on_asyncio(self):
        async def walk():
            async with AsyncSceneryClient(ENGINE) as engine:
                await engine.initialize()
                await engine.scene_open(scene="directory")
                await engine.get_by_role("button", name="Contacts").tap()
                row = engine.get_by_role("row", name="Ines Nakamura")
                await row.tap()
                await expect(row).to_be_visible()
                await expect(engine).to_have_model("selection", "contacts.person.32")
                self.assertEqual(await row.text_content(), "Ines Nakamura Age: 56")
                self.assertEqual(len(await engine.get_by_role("row", name="Nakamura").all()), 3)
                await engine.scene_open(scene="photos")
                await engine.locator("photo.0").tap()
                before = (await engine.snapshot())["nowMs"]
                await expect(engine.get_by_text("3/16")).to_be_visible(timeout=5)
                self.assertEqual((await engine.snapshot())["nowMs"] - before, 4000)
                with self.assertRaises(AssertionError):
                    await expect(engine.get_by_text("9/16")).to_be_visible(timeout=1)
                await expect(engine.locator("gallery.title")).not_to_have_text("3/16")
                await expect(engine).not_to_have_model("title", "3/16", timeout=0)
                await expect(engine.get_by_text("4/16")).not_to_be_hidden()
                await engine.verify()
        asyncio.run(walk())

    def test_a_real_clock_wait_on_asyncio_follows_the_patches(self):
        async def walk():
            async with AsyncSceneryClient(ENGINE) as engine:
                await engine.initialize(clock="real")
                await engine.scene_open(scene="photos")
                await engine.locator("photo.0").tap()
                started = time.monotonic()
                await engine.get_by_text("2/16").wait_for(timeout=8)
                return time.monotonic() - started
        waited = asyncio.run(walk())
        self.assertTrue(1.5 < waited < 6, f"the 2 s timer, not the 8 s timeout: {waited:.2f} s")


def readme_blocks() -> list[str]:
    """The ``python`` code blocks of the package's README."""
    text = (REPO_ROOT / "Clients" / "python" / "README.md").read_text()
    return re.findall(r"```python\n(.*?)```", text, re.S)


@unittest.skipIf(ENGINE is None, NO_ENGINE)
class ReadmeTest(unittest.TestCase):
    def test_every_python_block_of_the_readme_runs_as_written(self):
        blocks = readme_blocks()
        self.assertGreaterEqual(len(blocks), 4)
        package = str(pathlib.Path(__file__).resolve().parents[1])
        for number, block in enumerate(blocks):
            with self.subTest(block=number), tempfile.TemporaryDirectory() as folder:
                run = subprocess.run([sys.executable, "-c", block], cwd=folder, capture_output=True, text=True,
                                     timeout=120, env={**os.environ, "SCENERY_BIN": ENGINE, "PYTHONPATH": package})
                self.assertEqual(run.returncode, 0, f"README block {number}:\n{block}\n{run.stderr}")


if __name__ == "__main__":
    unittest.main()
