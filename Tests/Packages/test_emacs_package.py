"""The Emacs package as a user installs it: dist/scenery-emacs-*.tar (Scripts/package-emacs) with
``package-install-file`` into a clean HOME, the engine from the wheel (dist/*.whl in a fresh
venv, its ``scenery`` command on the PATH), the Swift toolchain and the checkout hidden (the
``Hidden`` runs of test_installed.py: a private mount namespace with tmpfs over both).

In ``emacs -Q --batch``: the tarball installs offline (package.el byte-compiles it and writes its
autoloads); ``(require 'scenery)`` loads the installed copy; ``M-x scenery``'s session runs the
wheel's engine (found on the PATH, no $SCENERY_BIN) and a tap on Contacts changes the model; a
golden opened from a file is in ``scenery-stepper-mode`` by the installed autoloads, stepped
through (the state after its tap) and replayed clean with the wheel's ``scenery replay``.

    python3 -m unittest -v Tests/Packages/test_emacs_package.py
"""

from __future__ import annotations

import glob
import shutil
import subprocess
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_installed import DIST, NO_DIST, NO_HIDING, REPO, WHEELS, Hidden  # noqa: E402

TARS = sorted(glob.glob(str(DIST / "scenery-emacs-*.tar")))
NO_EMACS = shutil.which("emacs") is None

# Run by the installed Emacs: every step prints a line the test looks for.
SESSION = r"""
(require 'package)
(setq package-check-signature nil)
(package-initialize)
(package-install-file (car command-line-args-left))
(setq command-line-args-left (cdr command-line-args-left))
(require 'scenery)
(require 'scenery-stepper)
(princ (format "installed: %s\n" (locate-library "scenery")))
(princ (format "engine: %s\n" (executable-find "scenery")))
(princ (format "SCENERY_BIN: %S\n" (getenv "SCENERY_BIN")))
(scenery)
(unless (scenery-wait-until (lambda () (equal (scenery-json-get (scenery-session-state) "scene") "directory")) 60)
  (error "The session did not open the directory"))
(scenery-request "tap" '((id . "tab.contacts")))
(unless (scenery-wait-until (lambda () (equal (scenery-json-get (scenery-session-state) "model" "tab") "contacts")) 30)
  (error "The tap on Contacts changed nothing"))
(princ (format "session: rev %d, tab %s\n" (scenery-session-rev)
               (scenery-json-get (scenery-session-state) "model" "tab")))
(kill-buffer "*scenery*")
(with-current-buffer (find-file-noselect (car command-line-args-left))
  (princ (format "mode: %s\n" major-mode))
  (unless (scenery-stepper-wait scenery-stepper--run 60) (error "The stepper's replay did not end"))
  (goto-char (point-min))
  (re-search-forward "^> tap {\"id\":\"tab.contacts\"}")
  (princ (format "stepper: after line %d the tab is %s\n" (line-number-at-pos)
                 (scenery-json-get (scenery-stepper-state-at) "model" "tab")))
  (princ (format "replay: status %s\n" (scenery-stepper-check))))
"""


@unittest.skipUnless(TARS and WHEELS, NO_DIST)
@unittest.skipIf(NO_HIDING, NO_HIDING or "")
@unittest.skipIf(NO_EMACS, "skipped: needs emacs 28 (apt-get install -y emacs-gtk; Scripts/test installs it)")
class EmacsPackageTest(unittest.TestCase):
    def test_the_tarball_installs_offline_and_runs_a_session_and_the_stepper_on_the_wheels_engine(self) -> None:
        hidden = Hidden(self)
        venv = hidden.folder / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "pip"), "install", "--quiet", "--no-index", WHEELS[-1]], check=True)
        tar = hidden.folder / Path(TARS[-1]).name
        shutil.copy(TARS[-1], tar)
        golden = hidden.folder / "directory.golden"
        shutil.copy(REPO / "Examples" / "goldens" / "directory.golden", golden)
        (hidden.folder / "session.el").write_text(SESSION)
        home = hidden.folder / "home"
        home.mkdir()
        run = hidden.run("env", f"HOME={home}", "emacs", "-Q", "--batch", "-l", str(hidden.folder / "session.el"),
                         str(tar), str(golden), timeout=300)
        output = run.stdout.decode() + run.stderr.decode()
        self.assertEqual(run.returncode, 0, output)
        installed = home / ".emacs.d" / "elpa" / "scenery-0.1.0"
        self.assertIn(f"installed: {installed}/scenery.elc", output)
        self.assertTrue((installed / "scenery-autoloads.el").is_file(), output)
        self.assertIn(f"engine: {venv}/bin/scenery", output)
        self.assertIn("SCENERY_BIN: nil", output)
        self.assertIn("session: rev", output)
        self.assertIn("tab contacts", output)
        self.assertIn("mode: scenery-stepper-mode", output)
        self.assertIn("the tab is contacts", output)
        self.assertIn("replay: status 0", output)
        print("\n  " + "\n  ".join(line for line in output.splitlines()
                                   if line.split(":")[0] in ("installed", "engine", "session", "mode", "stepper", "replay")),
              file=sys.stderr)


if __name__ == "__main__":
    unittest.main()
