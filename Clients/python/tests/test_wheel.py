"""The package as pip builds and installs it (without the engine: Tests/Packages/test_installed.py
tries the platform wheel Scripts/package makes): the distribution is scenery-engine with a
screenshot extra, the wheel carries the scene guide and the type marker, and installed alone into
a fresh venv outside the checkout it runs the README's first script on $SCENERY_BIN. Needs
hatchling (python3 -m pip install hatchling; Scripts/test installs it).

    SCENERY_BIN=.build/release/scenery python3 -m unittest -v Clients/python/tests/test_wheel.py
"""

import os
import pathlib
import re
import subprocess
import sys
import tempfile
import unittest
import zipfile

from scenery import find_engine

PACKAGE = pathlib.Path(__file__).resolve().parents[1]
ENGINE = find_engine()


@unittest.skipIf(ENGINE is None, "scenery binary not found: set SCENERY_BIN or run `swift build`")
class WheelTest(unittest.TestCase):
    def test_the_wheel_is_scenery_engine_and_runs_the_first_script_from_a_fresh_venv(self):
        with tempfile.TemporaryDirectory() as name:
            folder = pathlib.Path(name)
            env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SCENERY_ENGINE_DIR")}
            build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                                    "--wheel-dir", str(folder / "dist"), str(PACKAGE)],
                                   capture_output=True, text=True, env=env, timeout=300)
            subprocess.run(["rm", "-rf", str(PACKAGE / "build")], check=False)
            self.assertEqual(build.returncode, 0, "needs hatchling (python3 -m pip install hatchling):\n" + build.stderr)
            wheels = sorted((folder / "dist").glob("*.whl"))
            self.assertEqual([w.name for w in wheels], ["scenery_engine-0.1.0-py3-none-any.whl"])
            with zipfile.ZipFile(wheels[0]) as wheel:
                names = set(wheel.namelist())
                metadata = wheel.read("scenery_engine-0.1.0.dist-info/METADATA").decode()
            for shipped in ("scenery/SCENES.md", "scenery/py.typed", "scenery/render.py", "scenery/_render_draw.py",
                            "scenery/_render_text.py", "scenery/_methods.py"):
                self.assertIn(shipped, names)
            self.assertIn("Name: scenery-engine", metadata)
            self.assertIn("Provides-Extra: screenshot", metadata)
            self.assertRegex(metadata, r"Requires-Dist: [Pp]illow; extra == ['\"]screenshot['\"]")

            subprocess.run([sys.executable, "-m", "venv", str(folder / "venv")], check=True, timeout=300)
            python = str(folder / "venv" / "bin" / "python")
            install = subprocess.run([python, "-m", "pip", "install", "--quiet", "--no-index", str(wheels[0])],
                                     capture_output=True, text=True, timeout=300)
            self.assertEqual(install.returncode, 0, install.stderr)
            readme = (PACKAGE / "README.md").read_text()
            first = re.search(r"```python\n(.*?)```", readme, re.S)
            assert first is not None
            (folder / "first.py").write_text(first.group(1))
            run = subprocess.run([python, "first.py"], cwd=folder, capture_output=True, text=True, timeout=120,
                                 env={**env, "SCENERY_BIN": str(ENGINE)})
            self.assertEqual(run.returncode, 0, run.stderr)
            self.assertEqual(run.stdout.strip(), "contacts.person.32")
            where = subprocess.run([python, "-c", "import scenery, pathlib; print(pathlib.Path(scenery.__file__).parent)"],
                                   cwd=folder, capture_output=True, text=True, check=True, env=env)
            self.assertTrue(where.stdout.strip().startswith(str(folder / "venv")), where.stdout)


if __name__ == "__main__":
    unittest.main()
