"""The typed methods type: wrong snippets fail ``mypy --strict`` on the line that is wrong, and a
right one passes. Needs mypy (python3 -m pip install mypy; Scripts/test installs it).

    PYTHONPATH=Clients/python python3 -m unittest -v Clients/python/tests/test_types.py
"""

import os
import pathlib
import re
import subprocess
import sys
import tempfile
import unittest

from scenery import find_engine

PACKAGE = pathlib.Path(__file__).resolve().parents[1]
REPO = PACKAGE.parents[1]

HEADER = "from scenery import AsyncSceneryClient, SceneryClient, expect\nengine = SceneryClient()\n"

# name -> (the wrong line, what mypy's message must say about it)
WRONG = {
    "misspelt_method": ('engine.tapp(id="tab.contacts")', '"SceneryClient" has no attribute "tapp"'),
    "misspelt_param": ("engine.tap(idd=3)", 'Unexpected keyword argument "idd"'),
    "misspelt_model_key": ('print(engine.model("directory")["modle"])', '"DirectoryModel" has no key "modle"'),
    "model_key_of_another_scene": ('print(engine.model("hoo")["tab"])', '"HooModel" has no key "tab"'),
    "param_of_another_scene": ('engine.scene_open(scene="directory", sets="Examples/hoo")', "No overload variant"),
    "unknown_scene": ('engine.scene_open(scene="directroy")', "No overload variant"),
    "wrong_param_type": ('engine.scroll(delta_y="far")', "No overload variant"),
    "both_tap_alternatives": ('engine.tap(id="tab.contacts", x=3, y=4)', "No overload variant"),
    "result_key": ('print(engine.tap(id="tab.contacts")["targt"])', '"TapResult" has no key "targt"'),
    "clock_advance_without_ms": ("engine.clock_advance()", 'Missing named argument "ms"'),
    "params_not_a_mapping": ('engine.request("tap", ["tab.contacts"])', "incompatible type"),
    "async_misspelt_param": ("async def main(a: AsyncSceneryClient) -> None:\n    await a.tap(idd=3)", 'Unexpected keyword argument "idd"'),
    "locator_misspelt_method": ('engine.get_by_text("Nakamura").tapp()', '"Locator" has no attribute "tapp"'),
    "locator_result_key": ('print(engine.get_by_text("Nakamura").tap()["targt"])', '"TapResult" has no key "targt"'),
    "find_unknown_role": ('engine.find(role="link")', "incompatible type"),
    "get_by_role_unknown_role": ('engine.get_by_role("link")', "incompatible type"),
    "wait_for_state": ('engine.get_by_text("Nakamura").wait_for(state="shown")', "incompatible type"),
}

RIGHT = HEADER + '''
import asyncio
import re
from scenery.types import DirectoryModel, TapResult

engine.initialize()
engine.initialize(clock="real", seed=3, viewport={"width": 375, "height": 812})
opened = engine.scene_open(scene="directory", people="people.json", time_zone="+02:00")
gestures: list[str] = list(opened["gestures"])
engine.scene_open(scene="hoo", sets="Examples/hoo")
engine.scene_open(scene="testcard", page=3)
tapped: TapResult = engine.tap(id="tab.contacts")
rev: int = tapped["rev"]
engine.tap(x=10, y=20, base_rev=rev)
engine.scroll(delta_y=250)
engine.scroll(offset_y=0)
now: int = engine.clock_advance(ms=2000)["nowMs"]
engine.viewport_set(width=400, safe_area={"top": 20})
engine.long_press(id="book.4")
data: str = engine.asset_read(id="directory.portrait.4")["data"]
found = engine.find(role="row", name="Nakamura", exact=True, limit=2)
first_id: str = found["matches"][0]["id"]
engine.reveal(id=first_id)
model: DirectoryModel = engine.model("directory")
print(model["selection"], engine.model("hoo")["selection"], engine.model("photos")["gallery"])
row = engine.get_by_role("row", name="Nakamura")
target: str | None = row.tap()["target"]
row.first.tap(timeout=2)
box = row.bounding_box()
if box is not None:
    print(box["x"] + box["width"])
text: str = engine.get_by_text("Ada").nth(1).text_content()
count: int = engine.locator("contacts.person").count()
for each in engine.locator("contacts.person").all():
    each.scroll_into_view_if_needed()
engine.get_by_text("3/16").wait_for(state="hidden", timeout=5)
expect(row).to_be_visible()
expect(row).to_have_text(re.compile("Naka"))
expect(engine.locator("x")).to_have_count(0)
expect(engine).to_have_model("tab", "contacts")
engine.set_default_timeout(10)
picture: bytes = engine.screenshot("shot.png", scale=1)
engine.request("anything.new", {"free": [1, 2]})


async def main() -> None:
    async with AsyncSceneryClient() as other:
        await other.initialize()
        await other.scene_open(scene="photos", endpoint="file:///tmp/photos.json")
        result: TapResult = await other.tap(id="photo.0")
        print(result["target"])
        await other.get_by_text("3/16").wait_for()
        await expect(other.get_by_text("3/16")).to_be_visible(timeout=5)
        await expect(other).to_have_model("screen", "gallery")
        print((await other.get_by_role("button").all())[0].description)

asyncio.run(main())
'''


def mypy(folder: pathlib.Path) -> str:
    """mypy --strict's report on every file in ``folder``, the package from this checkout."""
    env = dict(os.environ, MYPYPATH=str(PACKAGE))
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--show-error-codes",
                          "--cache-dir", str(folder / ".mypy_cache"), str(folder)],
                         capture_output=True, text=True, env=env, cwd=folder, timeout=600)
    if "No module named mypy" in run.stderr:
        raise AssertionError("needs mypy: python3 -m pip install mypy (Scripts/test installs it)")
    return run.stdout + run.stderr


class TypedMethodsTest(unittest.TestCase):
    def test_wrong_snippets_fail_mypy_strict_on_their_line_and_a_right_one_passes(self):
        with tempfile.TemporaryDirectory() as name:
            folder = pathlib.Path(name)
            for snippet, (line, _) in WRONG.items():
                (folder / f"wrong_{snippet}.py").write_text(HEADER + line + "\n")
            (folder / "right.py").write_text(RIGHT)
            readme = (PACKAGE / "README.md").read_text()
            for number, block in enumerate(re.findall(r"```python\n(.*?)```", readme, re.S)):
                (folder / f"right_readme_{number}.py").write_text(block)
            report = mypy(folder)
        errors: dict[str, list[tuple[int, str]]] = {}
        for found in re.finditer(r"^(?:.*/)?(\w+)\.py:(\d+): error: (.*)$", report, re.M):
            errors.setdefault(found.group(1), []).append((int(found.group(2)), found.group(3)))
        for name in [name for name in errors if name.startswith("right")]:
            self.assertEqual(errors[name], [], f"{name} (right.py, or a README block) fails mypy --strict:\n{report}")
        first_line = HEADER.count("\n") + 1
        for snippet, (line, message) in WRONG.items():
            with self.subTest(snippet=snippet):
                wrong_line = first_line + line.count("\n")
                found = errors.get(f"wrong_{snippet}", [])
                self.assertTrue(any(at == wrong_line and message in text for at, text in found),
                                f"{line!r} does not fail mypy --strict with {message!r} on line {wrong_line}; "
                                f"mypy said: {found}")


class GeneratedFilesTest(unittest.TestCase):
    """The generated files are what their generators make now: the typed methods and types from
    the schema, the scene guide (SCENES.md) from the schema and the engine's own output."""

    def test_the_typed_methods_and_types_are_up_to_date(self):
        run = subprocess.run([sys.executable, str(REPO / "Scripts" / "generate-types"), "--check"],
                             capture_output=True, text=True, timeout=120)
        self.assertEqual(run.returncode, 0, run.stderr)

    @unittest.skipIf(find_engine() is None, "scenery binary not found: set SCENERY_BIN or run `swift build`")
    def test_the_scene_guide_is_up_to_date_with_the_engine(self):
        run = subprocess.run([sys.executable, str(REPO / "Scripts" / "generate-scenes"), "--check"],
                             capture_output=True, text=True, timeout=300,
                             env={**os.environ, "SCENERY_BIN": str(find_engine())})
        self.assertEqual(run.returncode, 0, run.stderr)
        guide = (PACKAGE / "scenery" / "SCENES.md").read_text()
        for scene in ("directory", "hoo", "exhibition", "shelf", "photos", "testcard"):
            self.assertIn(f"## `{scene}`", guide)
        self.assertIn("| `contacts.person.N` | rect | row |", guide)


if __name__ == "__main__":
    unittest.main()
