"""The Qt front end's JSON Patch applier against the RFC 6902 suite json-patch-tests, read from
../shared/conformance/json-patch-tests beside the checkout (skipped, naming that path, where it
is missing), plus the structural sharing the renderer relies on.

    python3 -m unittest -v Examples/qt/test_json_patch.py
"""

import copy
import json
import pathlib
import sys
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from json_patch import PatchError, apply_patch  # noqa: E402

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
SUITE = REPO_ROOT.parent / "shared" / "conformance" / "json-patch-tests"


def outcome(record):
    """What applying a suite record gives: None when it behaves as the record says, else why not."""
    doc = copy.deepcopy(record["doc"])
    try:
        result = apply_patch(doc, record["patch"])
    except PatchError as error:
        return None if "error" in record else f"refused: {error}"
    if "error" in record:
        return f"applied, but should fail: {record['error']}"
    if "expected" in record and result != record["expected"]:
        return f"gave {result!r}, expected {record['expected']!r}"
    return None if doc == record["doc"] else "modified its input"


class PatchConformanceTest(unittest.TestCase):
    """Every enabled record of json-patch-tests behaves as it says, its input left unchanged."""

    def check_suite(self, name):
        path = SUITE / name
        if not path.is_file():
            self.skipTest(f"needs ../shared/conformance/json-patch-tests (the RFC 6902 suite), not found at {path}")
        records = [record for record in json.loads(path.read_text()) if not record.get("disabled")]
        self.assertGreater(len(records), 10)
        failures = [f"{number} ({record.get('comment', '')}): {why}"
                    for number, record in enumerate(records) if (why := outcome(record)) is not None]
        self.assertEqual(failures, [], f"{len(failures)} of {len(records)} records of {name} fail")

    def test_tests_json(self):
        self.check_suite("tests.json")

    def test_spec_tests_json(self):
        self.check_suite("spec_tests.json")


class SharingTest(unittest.TestCase):
    def test_a_patch_copies_only_the_path_it_changes(self):
        doc = {"display": {"nodes": {"a": {"frame": [0, 0, 1, 1]}, "b": {"frame": [1, 1, 1, 1]}}}}
        result = apply_patch(doc, [{"op": "replace", "path": "/display/nodes/a/frame", "value": [2, 2, 2, 2]}])
        self.assertIs(result["display"]["nodes"]["b"], doc["display"]["nodes"]["b"])
        self.assertIsNot(result["display"]["nodes"]["a"], doc["display"]["nodes"]["a"])
        self.assertEqual(doc["display"]["nodes"]["a"]["frame"], [0, 0, 1, 1])


if __name__ == "__main__":
    unittest.main()
