#!/usr/bin/env python3
"""Input conformance: judges the requests that reached the engine against gestures.json.

    python3 Protocol/conformance/gestures.py --logs LOGS [--scripts gestures.json] [--json]

A front end's harness plays each script of ``gestures.json`` (user actions in screen points and
milliseconds) on a fresh session of the script's scene, with the engine recording the session as
a transcript (``scenery record -o FILE``, ``scenery serve --record FOLDER``: ``> `` each request
as received, ``< `` each line the engine sent, in the order they happened), and puts the
transcripts of the sessions the script used in ``LOGS/NAME/`` (``*.transcript``, read in natural
order of their names: ``session-9`` before ``session-10``). This program keeps the judged methods
of those requests (``gestures.json``'s ``judged``), each with the rev the engine had last sent
before it arrived and whether the engine answered it with an error, compares them with the
script's ``expect`` within its ``tolerances`` (``"baseRev": "seen"``: that rev), prints each
failure and ``N of M gesture scripts pass``, and exits 0 when all pass, 1 when one fails, 2 when
a script's logs are missing. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def natural(path: Path):
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", path.name)]


def sent_rev(message: dict) -> int | None:
    """The rev a line the engine sent brings the client to (a result's or a patch's), or None."""
    carrier = message.get("result") if "id" in message else message.get("params")
    rev = carrier.get("rev") if isinstance(carrier, dict) else None
    return rev if isinstance(rev, int) and not isinstance(rev, bool) else None


def read_requests(folder: Path, judged: set[str]) -> list[dict]:
    """The judged requests of every session transcript in ``folder``, in order: ``{method,
    params, seenRev, error}``: ``seenRev`` the rev of the last line the engine sent before the
    request arrived (None before any), ``error`` the code the engine answered it with (None)."""
    out = []
    for log in sorted(folder.glob("*.transcript"), key=natural):
        seen, by_id = None, {}
        for line in log.read_text(encoding="utf-8").splitlines():
            prefix, _, text = line.partition(" ")
            try:
                message = json.loads(text) if prefix in (">", "<") else None
            except ValueError:
                continue
            if not isinstance(message, dict):
                continue
            if prefix == "<":
                if isinstance(message.get("error"), dict) and message.get("id") in by_id:
                    by_id[message["id"]]["error"] = message["error"].get("code")
                rev = sent_rev(message)
                seen = seen if rev is None else rev
            elif message.get("method") in judged:
                params = message.get("params")
                request = {"method": message["method"], "params": params if isinstance(params, dict) else {},
                           "seenRev": seen, "error": None}
                out.append(request)
                if isinstance(message.get("id"), (int, str)):
                    by_id[message["id"]] = request
    return out


def show(request: dict | None) -> str:
    return "nothing" if request is None else f"{request['method']} {json.dumps(request['params'], sort_keys=True)}"


class Mismatch(Exception):
    pass


class Judge:
    def __init__(self, requests: list[dict], tolerances: dict):
        self.requests = requests
        self.at = 0
        self.point = tolerances["pointPt"]
        self.speed = tolerances["releaseSpeedPtPerMs"]
        self.window = tolerances["releaseWindowMs"]

    def peek(self) -> dict | None:
        return self.requests[self.at] if self.at < len(self.requests) else None

    def take(self, what: str) -> dict:
        request = self.peek()
        if request is None:
            raise Mismatch(f"expected {what}, got nothing more")
        self.at += 1
        return request

    def near(self, got, want) -> bool:
        return isinstance(got, (int, float)) and not isinstance(got, bool) and abs(got - want) <= self.point

    def method(self, expected: dict) -> None:
        request = self.take(f"{expected['method']} {json.dumps(expected.get('params', {}), sort_keys=True)}")
        if request["method"] != expected["method"]:
            raise Mismatch(f"expected {expected['method']}, got {show(request)} (request {self.at})")
        for key, want in expected.get("params", {}).items():
            got = request["params"].get(key)
            if want == "seen":  # the rev the engine had last sent when the request arrived
                want = request["seenRev"]
            ok = self.near(got, want) if key in ("x", "y") else got == want
            if not ok:
                tolerance = f" (within {self.point} pt)" if key in ("x", "y") else ""
                seen = " (the rev the engine had last sent when it arrived)" if expected["params"][key] == "seen" else ""
                raise Mismatch(f"{expected['method']}: params.{key} expected {json.dumps(want)}{seen}{tolerance}, got {json.dumps(got)} in {show(request)} (request {self.at})")
        if request["error"] is not None:
            raise Mismatch(f"{expected['method']}: the engine answered {show(request)} with error {request['error']} (request {self.at})")

    def pan(self, expected: dict) -> None:
        (fx, fy), (tx, ty), ms = expected["from"], expected["to"], expected["ms"]
        events = [self.take("pan began")]
        while events[-1]["method"] == "pan" and events[-1]["params"].get("phase") in ("began", "changed"):
            events.append(self.take("pan ended"))
        phases = [e["params"].get("phase") if e["method"] == "pan" else e["method"] for e in events]
        if events[0]["method"] != "pan" or phases[0] != "began":
            raise Mismatch(f"a drag from {fx},{fy} to {tx},{ty} in {ms} ms: expected pan began, got {show(events[0])}")
        if phases[-1] != "ended" or "changed" not in phases:
            raise Mismatch(f"a drag: expected pan began, changed…, ended, got {phases}")
        began, ended = events[0]["params"], events[-1]["params"]
        for name, event, (x, y) in (("began", began, (fx, fy)), ("ended", ended, (tx, ty))):
            if not (self.near(event.get("x"), x) and self.near(event.get("y"), y)):
                raise Mismatch(f"pan {name}: expected x {x}, y {y} (within {self.point} pt), got {show({'method': 'pan', 'params': event})}")
        times = [e["params"].get("t") for e in events]
        if any(not isinstance(t, (int, float)) for t in times):
            raise Mismatch(f"pan: every event needs t (ms) for the release speed, got {times}")
        if any(b < a for a, b in zip(times, times[1:])):
            raise Mismatch(f"pan: t decreases: {times}")
        duration = times[-1] - times[0]
        if not (ms - 20 <= duration <= 2 * ms + 300):
            raise Mismatch(f"pan: ended t - began t is {duration:g} ms for a {ms} ms drag (expected {ms - 20} … {2 * ms + 300})")
        if "speed" in expected:
            direction = 1 if tx >= fx else -1
            samples = [(e["params"]["t"], e["params"]["x"]) for e in events]
            last = samples[-1]
            reference = next(s for s in samples if last[0] - s[0] <= self.window)
            speed = 0.0 if last[0] <= reference[0] else (last[1] - reference[1]) / (last[0] - reference[0]) * direction
            over = speed >= self.speed
            if over != (expected["speed"] == "over"):
                raise Mismatch(f"pan: release speed {speed:.3f} pt/ms, expected {expected['speed']} {self.speed} (samples t, x: {samples[-4:]})")

    def scrolls(self, what: str, keep) -> list[float]:
        deltas = []
        while (r := self.peek()) is not None and r["method"] == "scroll" and keep(r["params"].get("deltaY")):
            deltas.append(r["params"]["deltaY"])
            self.at += 1
        if not deltas:
            raise Mismatch(f"expected {what}, got {show(self.peek())}")
        return deltas

    def scroll_by(self, expected: dict) -> None:
        want = expected["deltaY"]
        deltas = self.scrolls(f"scroll requests adding up to deltaY {want}", lambda d: isinstance(d, (int, float)))
        if abs(sum(deltas) - want) > self.point:
            raise Mismatch(f"scroll: deltaY adds up to {sum(deltas)}, expected {want} (within {self.point} pt): {deltas}")

    def wheel(self, expected: dict) -> None:
        sign = expected["sign"]
        self.scrolls(f"scroll requests with deltaY of sign {sign:+d}", lambda d: isinstance(d, (int, float)) and d * sign > 0)

    def judge(self, expect: list[dict]) -> None:
        for expected in expect:
            if "method" in expected:
                self.method(expected)
            elif "pan" in expected:
                self.pan(expected["pan"])
            elif "scrollBy" in expected:
                self.scroll_by(expected["scrollBy"])
            elif "wheel" in expected:
                self.wheel(expected["wheel"])
            else:
                raise ValueError(f"unknown expectation {expected}")
        if self.peek() is not None:
            raise Mismatch(f"unexpected {show(self.peek())} (request {self.at + 1}) after everything expected")


def check(scripts: dict, logs: Path) -> list[dict]:
    """One result per script: ``{name, status: pass|fail|missing, reason, requests}``."""
    judged = set(scripts["judged"])
    results = []
    for script in scripts["scripts"]:
        folder = logs / script["name"]
        if not folder.is_dir() or not list(folder.glob("*.transcript")):
            results.append({"name": script["name"], "status": "missing", "reason": f"no session transcripts in {folder}"})
            continue
        requests = read_requests(folder, judged)
        try:
            Judge(requests, scripts["tolerances"]).judge(script["expect"])
            results.append({"name": script["name"], "status": "pass", "reason": "", "requests": len(requests)})
        except Mismatch as mismatch:
            results.append({"name": script["name"], "status": "fail", "reason": str(mismatch), "requests": len(requests)})
    return results


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Judge recorded session transcripts against the gesture scripts.")
    parser.add_argument("--logs", required=True, type=Path, help="LOGS/NAME/*.transcript: the recorded sessions of each script")
    parser.add_argument("--scripts", type=Path, default=HERE / "gestures.json")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    scripts = json.loads(args.scripts.read_text(encoding="utf-8"))
    results = check(scripts, args.logs)
    passed = sum(r["status"] == "pass" for r in results)
    if args.json:
        print(json.dumps({"passed": passed, "scripts": len(results), "results": results}, indent=1))
    else:
        for r in results:
            print(f"{r['status']:7} {r['name']}" + (f": {r['reason']}" if r["reason"] else ""))
        print(f"{passed} of {len(results)} gesture scripts pass")
    if any(r["status"] == "missing" for r in results):
        return 2
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
