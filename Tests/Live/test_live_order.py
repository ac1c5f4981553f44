"""Every line that carries a rev arrives in rev order, on every transport, whatever the clock
(PROTOCOL.md section 2), tried on the real clock from outside:

- a randomized stress test: 12 engines on pipes and 12 sessions of one ``scenery serve``, every
  scene, pictures and covers from ``file:`` URLs and from a local HTTP server answering after
  random delays (so loads finish in random order), Hoo archives and folders, the photos
  endpoint, and commands sent while the loads run (taps at random points with no ``baseRev`` or
  the mirror's, taps on ids, scrolls, sections, pages, pans, long presses, ``sets.load``,
  ``viewport.set``, snapshots). Errors are expected (a gesture a scene does not take is -32007,
  a stale ``baseRev`` -32004); only lines with a ``rev`` are checked: each is the previous rev
  (empty patch, snapshot) or the previous + 1 (non-empty patch), each patch applies to the
  mirror, each snapshot equals the mirror when it arrives, and once the loads have settled the
  mirror equals a last ``snapshot``;
- the reported bug directly: ``initialize {"clock":"real"}`` then ``scene.open`` on a shelf
  whose covers are ``file:`` URLs, and on a Hoo archive, 30 times each on pipes and over
  WebSockets: the ``scene.open`` response (rev 1) always arrives before the ``patch`` with rev 2.

    SCENERY_BIN=.build/debug/scenery python3 -m unittest -v Tests/Live/test_live_order.py

The run's seed is printed and named in every failure; ``LIVE_SEED=N`` replays that seed (the
commands and data; the timing is the machine's). Python 3 standard library plus ``jsonpatch``.
"""

import json
import os
import shutil
import sys
import tempfile
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from live_support import (BINARY, SLOW, FaultServer, PipeSession, SocketSession, hoo_sets, make_pictures,  # noqa: E402
                          random_seed_rng, short, start_server, stop_server, test_seed, write_json)

SEED = test_seed()
PIPES = int(os.environ.get("LIVE_PIPES", "8" if SLOW else "12"))
SOCKETS = int(os.environ.get("LIVE_SOCKETS", "8" if SLOW else "12"))
# Every session's commands, settling and last snapshot, all sessions at once.
STRESS_SECONDS = int(os.environ.get("LIVE_SECONDS", "90" if SLOW else "45"))
SCRIPT_SECONDS = 30 if SLOW else 15  # each session opens scenes and sends commands for this long
DIRECTED_SECONDS = 120 if SLOW else 60  # the 4 x 30 sessions of the directed test
SCENES = ["directory", "hoo", "exhibition", "shelf", "photos"]
VIEWPORT = (375, 812)
HOO_SOURCES = ["sets", "sets-unzipped", "big", "sets/03.zip", "sets/07.zip"]


def setUpModule():
    print("\nlive order tests: seed %d (LIVE_SEED=%d replays it), binary %s" % (SEED, SEED, BINARY), file=sys.stderr)


class Data:
    """The data root: Hoo sets, pictures, and per-session people, books and photo lists whose
    pictures come from `file:` URLs and from the local server after random delays."""

    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="live-order-")
        self.server = FaultServer()
        hoo_sets(os.path.join(self.root, "sets"), sets=9, hoos=12, seed=4)
        hoo_sets(os.path.join(self.root, "sets-unzipped"), sets=3, hoos=9, seed=7, unzipped=True)
        hoo_sets(os.path.join(self.root, "big"), sets=24, hoos=30, seed=9)
        make_pictures(self.root)
        os.makedirs(os.path.join(self.root, "cache"))

    def picture(self, rng, allow_none=True):
        roll = rng.random()
        if roll < 0.5:
            return self.server.late(rng.choice([0, 0, 5, 20, 50, 100, 200, 400, 700]))
        if roll < 0.75:
            return "file:images/pic-%d.png" % rng.randrange(6)
        if roll < 0.8:
            return "file:images/missing-%d.png" % rng.randrange(3)
        if roll < 0.85:
            return "%s/%s" % (self.server.base, rng.choice(["status/404", "text"]))
        if roll < 0.9:
            return "file:images/tiny-4x3.png"
        return None if allow_none else "file:images/pic-0.png"

    def session_files(self, name, rng):
        people = []
        for k in range(rng.randrange(12, 40)):
            person = {"firstName": rng.choice(["Ada", "Grace", "Alan", "Edsger", "Barbara", "Niklaus", "Donald", "Ken"]) + str(k),
                      "lastName": rng.choice(["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Wirth", "Knuth", "Zuse", "Backus"]),
                      "age": rng.randrange(18, 99)}
            picture = self.picture(rng)
            if picture:
                person["profilePicture"] = picture
            people.append(person)
        write_json(os.path.join(self.root, "people-%s.json" % name), people)
        books = [{"title": "Book %d" % k, "isbn": "97800000%05d" % k, "coverImageUrl": self.picture(rng) or ""}
                 for k in range(rng.randrange(10, 40))]
        write_json(os.path.join(self.root, "books-%s.json" % name), {"books": books})
        photos = [{"imageName": "Photo %d" % k, "imageDescription": "a photo", "imageURL": self.picture(rng, allow_none=False)}
                  for k in range(rng.randrange(6, 30))]
        write_json(os.path.join(self.root, "photos-%s.json" % name), photos)

    def close(self):
        self.server.stop()
        shutil.rmtree(self.root, ignore_errors=True)


def open_params(scene, name, rng, root, socket):
    if scene == "directory":
        return rng.choice([{"people": "people-%s.json" % name}, {"people": "people-%s.json" % name, "events": "events.json"}, {}])
    if scene == "hoo":
        return rng.choice([{"sets": rng.choice(HOO_SOURCES)}, {}])
    if scene == "shelf":
        return rng.choice([{"books": "books-%s.json" % name}] * 3 + [{}])
    if scene == "photos":
        cache = os.path.join("cache", name) if socket else os.path.join(root, "cache", name)
        return rng.choice([{"endpoint": "file:photos-%s.json" % name, "cacheDir": cache}] * 3 + [{}])
    return {}


def random_command(session, scene, rng):
    """One command for the open scene (or one it does not take: -32007 is expected)."""
    with session.mirror.cond:
        state = session.mirror.state or {}
        rev = session.mirror.rev
        nodes = sorted(((state.get("display") or {}).get("nodes") or {}).keys())
    roll = rng.random()
    if roll < 0.25:
        params = {"x": round(rng.uniform(0, VIEWPORT[0]), 1), "y": round(rng.uniform(0, VIEWPORT[1]), 1)}
        if rng.random() < 0.5 and rev is not None:
            params["baseRev"] = rev
        return "tap", params
    if roll < 0.42 and nodes:
        return rng.choice(["tap"] * 4 + ["longPress"]), {"id": rng.choice(nodes)}
    if roll < 0.55:
        return "scroll", rng.choice([{"deltaY": rng.randrange(-600, 900)}, {"offsetY": rng.randrange(0, 2000)}])
    if roll < 0.62:
        return "snapshot", {}
    if roll < 0.66:
        return "viewport.set", {"width": rng.choice([320, 375, 414, 768]), "height": rng.choice([480, 667, 812, 1024])}
    if roll < 0.68 and nodes:
        return "asset.read", {"id": "hoo.logo" if scene == "hoo" else "directory.placeholder"}
    if roll < 0.70:
        return "clock.advance", {"ms": 16}  # -32008 on the real clock
    # The scene's own gestures (sometimes sent to another scene: -32007).
    if rng.random() < 0.1:
        scene = rng.choice(SCENES)
    if scene == "directory":
        return rng.choice([("section", {"index": rng.randrange(0, 8)}), ("section", {"title": rng.choice("ABKTZ#")}),
                           ("tap", {"id": rng.choice(["tab.contacts", "tab.featured", "tab.recents"])})])
    if scene == "hoo":
        if rng.random() < 0.4:
            return "sets.load", {"path": rng.choice(HOO_SOURCES)}
        return "pan", None  # a whole pan, below
    if scene == "exhibition":
        return "reshuffle", {}
    if scene == "shelf":
        return "longPress", {"x": round(rng.uniform(0, VIEWPORT[0]), 1), "y": round(rng.uniform(100, 700), 1)}
    return rng.choice([("page", {"direction": "next"}), ("page", {"direction": "previous"}),
                       ("tap", {"id": "photo.%d" % rng.randrange(6)}), ("tap", {"id": "gallery.back"})])


def send_pan(session, rng):
    """A pan in the grid: began, a few changes 16 ms apart, ended (a scrub or a flick)."""
    x, y, t = rng.uniform(40, 300), rng.uniform(150, 600), rng.randrange(0, 100000)
    horizontal = rng.random() < 0.5
    session.send("pan", {"phase": "began", "x": round(x, 1), "y": round(y, 1), "t": t})
    for _ in range(rng.randrange(2, 7)):
        t += 16
        if horizontal:
            x += rng.uniform(-40, 40)
        else:
            y += rng.uniform(-60, 60)
        session.send("pan", {"phase": "changed", "x": round(x, 1), "y": round(y, 1), "t": t})
    session.send("pan", {"phase": rng.choice(["ended"] * 4 + ["cancelled"]), "x": round(x, 1), "y": round(y, 1), "t": t + 16})


def run_script(session, rng, data, socket, deadline, outcome):
    """A session's life: initialize on the real clock, then scenes opened one after another with
    commands sent while their loads run, then settle and a last snapshot."""
    try:
        session.send("initialize", {"clock": "real", "seed": rng.randrange(1 << 31)})
        ends = min(time.monotonic() + SCRIPT_SECONDS, deadline - 15)
        while time.monotonic() < ends:
            scene = rng.choice(SCENES)
            session.send("scene.open", {"scene": scene, **open_params(scene, session.name, rng, data.root, socket)})
            for _ in range(rng.randrange(8, 24)):
                time.sleep(rng.choice([0, 0, 0.002, 0.01, 0.03, 0.08, 0.3]))
                method, params = random_command(session, scene, rng)
                if method == "pan":
                    send_pan(session, rng)
                else:
                    session.send(method, params)
            if rng.random() < 0.3:  # sometimes a barrier before the next scene
                session.request("snapshot", timeout=max(1, deadline - time.monotonic()))
        bound = max(1, deadline - 4 - time.monotonic())
        settled = session.settle(bound)
        if not settled:
            with session.mirror.cond:
                outcome["loading"] = "after %.1f s: %s" % (bound, still_loading(session.mirror.state))
        last = session.request("snapshot", timeout=max(1, deadline - time.monotonic()))
        outcome.update(settled=settled, last=last)
    except Exception as error:  # noqa: BLE001  (reported with the session's name)
        outcome["error"] = repr(error)


def still_loading(state):
    """What keeps a state busy: the image nodes still loading and the model's loading members."""
    model = (state or {}).get("model") or {}
    nodes = sorted(i for i, n in ((state or {}).get("display") or {}).get("nodes", {}).items() if (n.get("style") or {}).get("imageState") == "loading")
    return "scene %s, model.loading %s, model.downloads %s, %d image nodes loading %s" % (
        (state or {}).get("scene"), json.dumps(model.get("loading")), json.dumps(model.get("downloads")), len(nodes), nodes[:6])


def directory_events(root):
    write_json(os.path.join(root, "events.json"), [{"date": "2018-%02d-1%dT10:00:00Z" % (m, m % 10), "name": "Event %d" % m} for m in range(1, 13)])


class LiveOrderTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.data = Data()
        directory_events(cls.data.root)
        cls.server, cls.port = start_server(cls.data.root)

    @classmethod
    def tearDownClass(cls):
        stop_server(cls.server)
        cls.data.close()

    def env(self):
        env = dict(os.environ)
        env["XDG_CACHE_HOME"] = os.path.join(self.data.root, "xdg-cache")  # no shared default cache
        return env

    def test_every_line_with_a_rev_arrives_in_rev_order_under_random_real_clock_load(self):
        started = time.monotonic()
        deadline = started + STRESS_SECONDS
        sessions, outcomes, threads = [], [], []
        for k in range(PIPES + SOCKETS):
            socket = k >= PIPES
            name = ("ws%d" if socket else "pipe%d") % k
            rng = random_seed_rng(SEED, name)
            self.data.session_files(name, rng)
            session = SocketSession(name, self.port) if socket else PipeSession(name, self.data.root, self.env())
            outcome = {}
            sessions.append(session)
            outcomes.append(outcome)
            threads.append(threading.Thread(target=run_script, args=(session, rng, self.data, socket, deadline, outcome), daemon=True))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(max(0.1, deadline + 2 - time.monotonic()))
        problems = []
        totals = {}
        for session, outcome, thread in zip(sessions, outcomes, threads):
            mirror = session.mirror
            problems += mirror.problems
            if thread.is_alive():
                problems.append("%s: still running at the deadline (%d s)" % (session.name, STRESS_SECONDS))
            elif "error" in outcome:
                problems.append("%s: the script failed: %s" % (session.name, outcome["error"]))
            elif not mirror.problems:
                last = outcome.get("last")
                if last is None:
                    problems.append("%s: no answer to the last snapshot (%d requests unanswered)" % (session.name, len(session.unanswered())))
                elif "result" not in last:
                    problems.append("%s: the last snapshot failed: %s" % (session.name, short(str(last))))
                # (The mirror compared it with itself when it arrived: a difference is a problem above.)
                if not outcome.get("settled"):
                    problems.append("%s: the loads never settled (a load that never ends?): %s" % (session.name, outcome.get("loading")))
            for key, value in mirror.counts.items():
                totals[key] = totals.get(key, 0) + value
        for session in sessions:
            status = session.close()  # a pipe: `shutdown`, then end of input
            if isinstance(session, PipeSession) and status != 0:
                problems.append("%s: the engine exited with %s; its stderr ends: %s" % (session.name, status, session.stderr_tail()))
            unanswered = session.unanswered()
            if unanswered and not session.mirror.problems:
                problems.append("%s: requests never answered (one response per request): ids %s" % (session.name, unanswered[:10]))
        elapsed = time.monotonic() - started
        print("\nstress (seed %d): %d sessions (%d pipes, %d sockets) in %.1f s; %s" % (
            SEED, len(sessions), PIPES, SOCKETS, elapsed, ", ".join("%s %d" % item for item in sorted(totals.items()))), file=sys.stderr)
        if problems:
            self.fail("seed %d (LIVE_SEED=%d replays it): %d problems:\n%s" % (SEED, SEED, len(problems), "\n".join(problems[:12])))
        self.assertGreater(totals.get("notifications", 0), 0, "seed %d: no notification arrived at all" % SEED)

    def first_revs(self, sessions, expect_cause):
        """Each session's first lines with a rev (after initialize) once rev 2 arrived; the
        sessions where rev 2 came before rev 1, with their lines."""
        overtaken, problems = [], []
        deadline = time.monotonic() + (40 if SLOW else 20)
        for session in sessions:
            mirror = session.mirror
            done = mirror.wait_for(lambda m: any(rev >= 2 for rev, _ in m.revs) or bool(m.problems), max(0.1, deadline - time.monotonic()))
            with mirror.cond:
                revs = [item for item in mirror.revs if item[1] != "initialize"]
                lines = list(mirror.first)
                found = list(mirror.problems)
            if not done:
                problems.append("%s: no rev 2 in time (revs %s)" % (session.name, revs))
                continue
            if revs and revs[0][0] == 2:
                overtaken.append("%s: first revs %s; its first lines:\n      %s" % (session.name, revs[:3], "\n      ".join(short(line, 240) for line in lines[:3])))
                continue
            problems += found
            if len(revs) < 2 or revs[0] != (1, "result") or not revs[1][1].startswith("patch " + expect_cause):
                problems.append("%s: unexpected first revs %s" % (session.name, revs[:3]))
        return overtaken, problems

    def directed(self, make_session, params, cause, transport):
        sessions = []
        overtaken, problems = [], []
        for batch in range(3):
            group = [make_session("%s-%s-%d" % (transport, params["scene"], batch * 10 + k)) for k in range(10)]
            for session in group:
                # The first batch waits for initialize's answer; the others pipeline both, as a
                # front end may.
                if batch == 0:
                    session.request("initialize", {"clock": "real"})
                else:
                    session.send("initialize", {"clock": "real"})
                session.send("scene.open", params)
            late, found = self.first_revs(group, cause)
            overtaken += late
            problems += found
            for session in group:
                session.close()
            sessions += group
        return overtaken, problems

    def test_the_open_response_always_arrives_before_the_patches_it_starts(self):
        started = time.monotonic()
        root = self.data.root
        books = [{"title": "Book %d" % k, "isbn": "97800000000%02d" % k, "coverImageUrl": "file:images/pic-%d.png" % (k % 6)} for k in range(12)]
        write_json(os.path.join(root, "books-covers.json"), {"books": books})
        cases = [({"scene": "shelf", "books": "books-covers.json"}, "image.loaded"), ({"scene": "hoo", "sets": "sets/03.zip"}, "job.sets.load")]
        report, problems = [], []
        for transport, make in [("pipe", lambda name: PipeSession(name, root, self.env())),
                                ("ws", lambda name: SocketSession(name, self.port))]:
            for params, cause in cases:
                late, found = self.directed(make, params, cause, transport)
                report.append("%s %s: rev 2 before rev 1 in %d of 30" % (transport, params["scene"], len(late)))
                problems += ["rev 2 (%s) arrived before the scene.open response (rev 1): %s" % (cause, line) for line in late] + found
                self.assertLess(time.monotonic() - started, DIRECTED_SECONDS, "the directed test ran past its bound")
        print("\ndirected (%.1f s): %s" % (time.monotonic() - started, "; ".join(report)), file=sys.stderr)
        if problems:
            self.fail("%d problems:\n%s" % (len(problems), "\n".join(problems[:10])))


if __name__ == "__main__":
    unittest.main()
