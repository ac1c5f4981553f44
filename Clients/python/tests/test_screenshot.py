"""engine.screenshot(): a PNG of the state as it is, which the conformance kit
(Protocol/conformance/check.py) passes, probe for probe, for each of the six scenes on its
built-in data; and its path and scale. Needs Pillow (python3 -m pip install Pillow; Scripts/test
installs it) and the DejaVu fonts (fonts-dejavu-core).

    SCENERY_BIN=.build/release/scenery PYTHONPATH=Clients/python python3 -m unittest -v Clients/python/tests/test_screenshot.py
"""

import asyncio
import json
import os
import pathlib
import struct
import subprocess
import sys
import tempfile
import unittest
import zlib

from scenery import AsyncSceneryClient, SceneryClient, find_engine

REPO_ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO_ROOT / "Protocol" / "conformance"))
import check  # noqa: E402  (the kit's judge)

ENGINE = find_engine()
NO_ENGINE = "scenery binary not found: set SCENERY_BIN or run `swift build`"
SCENES = ["directory", "hoo", "exhibition", "shelf", "photos", "testcard"]


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


@unittest.skipIf(ENGINE is None, NO_ENGINE)
class ScreenshotTest(unittest.TestCase):
    def judge(self, engine: SceneryClient, name: str, folder: pathlib.Path) -> dict:
        """The kit's verdict on a screenshot of what the engine shows now: the state file is made
        as collect.py makes it, from a snapshot and asset.read at the same rev."""
        snapshot = engine.snapshot()
        picture = engine.screenshot(folder / f"{name}.png")
        self.assertEqual(engine.rev, snapshot["rev"], "the state moved between the snapshot and the screenshot")
        document = snapshot["state"]
        from scenery.render import asset_ids
        assets = {}
        for asset in asset_ids(document):
            read = engine.asset_read(id=asset)
            assets[asset] = {key: read[key] for key in ("mime", "width", "height", "data")}  # type: ignore[literal-required]
        state = {"name": name, "scale": document["viewport"]["scale"], "nowMs": snapshot["nowMs"],
                 "document": document, "assets": assets}
        path = folder / f"{name}.state.json"
        path.write_text(json.dumps(state))
        self.assertEqual((folder / f"{name}.png").read_bytes(), picture, "the file holds the returned PNG")
        return check.check_state(str(path), renders=str(folder))

    def test_a_screenshot_of_each_scene_passes_the_conformance_kit(self):
        with tempfile.TemporaryDirectory() as name, SceneryClient(ENGINE, cwd=REPO_ROOT) as engine:
            folder = pathlib.Path(name)
            engine.initialize()
            for scene in SCENES:
                with self.subTest(scene=scene):
                    engine.scene_open(scene=scene)  # type: ignore[call-overload]
                    engine.drain(wait=0.2)  # the images that load right after opening
                    result = self.judge(engine, scene, folder)
                    failures = [f"{f['node']} {f['rule']} at {f['point']}: expected {f['expected']}, got {f['got']}"
                                for f in result["failures"][:10]]
                    self.assertIsNone(result["error"])
                    self.assertGreater(result["total"], 10, f"{scene}: too few probes to judge")
                    self.assertEqual(result["passed"], result["total"], f"{scene}: " + "; ".join(failures))

    @unittest.skipIf(os.environ.get("SCENERY_SANITIZED"), "under AddressSanitizer: the first pass judges the same pictures")
    def test_the_renderer_passes_the_kit_on_every_collected_state(self):
        """Every state the kit collects (41 with ../shared, fewer without), drawn by scenery.render
        (what screenshot() draws with) and judged by check.py, probe for probe."""
        from scenery.render import main as render_main
        with tempfile.TemporaryDirectory() as name:
            states, renders = pathlib.Path(name) / "states", pathlib.Path(name) / "renders"
            collected = subprocess.run([sys.executable, str(REPO_ROOT / "Protocol" / "conformance" / "collect.py"),
                                        "--scenery", str(ENGINE), "--out", str(states)], capture_output=True, text=True)
            self.assertEqual(collected.returncode, 0, collected.stdout + collected.stderr)
            self.assertEqual(render_main(["--states", str(states), "--out", str(renders)]), 0)
            judged = subprocess.run([sys.executable, str(REPO_ROOT / "Protocol" / "conformance" / "check.py"),
                                     "--states", str(states), "--renders", str(renders)], capture_output=True, text=True)
            total = judged.stdout.strip().splitlines()[-1] if judged.stdout.strip() else judged.stderr
            self.assertEqual(judged.returncode, 0, judged.stdout[-3000:] + judged.stderr[-2000:])
            self.assertRegex(total, r"^total: (\d+) of \1 probes pass in \d+ states$")

    def test_path_and_scale(self):
        with tempfile.TemporaryDirectory() as name, SceneryClient(ENGINE) as engine:
            engine.initialize(viewport={"width": 200, "height": 300, "scale": 2})
            engine.scene_open(scene="testcard")
            at_two = engine.screenshot()
            self.assertEqual(png_size(at_two), (400, 600))
            path = pathlib.Path(name) / "one.png"
            at_one = engine.screenshot(path, scale=1)
            self.assertEqual(png_size(at_one), (200, 300))
            self.assertEqual(path.read_bytes(), at_one)

    def test_the_asyncio_client_takes_one_too(self):
        async def walk() -> bytes:
            async with AsyncSceneryClient(ENGINE) as engine:
                await engine.initialize()
                await engine.scene_open(scene="testcard")
                return await engine.screenshot(scale=1)
        self.assertEqual(png_size(asyncio.run(walk())), (375, 812))


if __name__ == "__main__":
    unittest.main()
