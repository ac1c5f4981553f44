"""What the window's pickers offer, as the page's (Sources/SceneryServe/Presets.swift): the
photos scene on ``--photos-endpoint``'s URL when one is given, the briefs' real data found under
``--data-root`` (the engine then runs in that folder, so the paths are relative to it), then every
scene the engine names on its built-in sample; and the devices. The window opens on the first.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple, Optional


class Preset(NamedTuple):
    """A picker entry: its title, the scene, the scene's ``scene.open`` params."""

    title: str
    scene: str
    params: dict[str, Any]


# The briefs' data under a data root, each with the paths it needs (Presets.swift, `briefs`).
BRIEFS = [
    (Preset("Directory: GoTest data", "directory", {"events": "GoTest/events.json", "people": "GoTest/people.json"}),
     ["GoTest/events.json", "GoTest/people.json"]),
    (Preset("Hoo: the nine sets", "hoo", {"sets": "HooView/HooSets"}), ["HooView/HooSets"]),
    (Preset("Exhibition: the original art", "exhibition", {"resources": "Exhibition/resources"}), ["Exhibition/resources"]),
    (Preset("Shelf: example_books.json and the original art", "shelf",
            {"books": "SladerChallenge/example_books.json", "resources": "SladerChallenge/image_assets"}),
     ["SladerChallenge/example_books.json", "SladerChallenge/image_assets"]),
    (Preset("Photos: the brief's endpoint sample", "photos", {"endpoint": "file:AVPhotoApp/homework.sample.json"}),
     ["AVPhotoApp/homework.sample.json"]),
]

# The devices (Presets.swift, `devices`): `viewport.set`'s params.
DEVICES: list[tuple[str, dict[str, Any]]] = [
    ("iPhone X (375x812)", {"width": 375, "height": 812, "scale": 3, "safeArea": {"top": 44, "left": 0, "bottom": 34, "right": 0}}),
    ("iPhone 16e (390x844)", {"width": 390, "height": 844, "scale": 3, "safeArea": {"top": 47, "left": 0, "bottom": 34, "right": 0}}),
    ("iPhone 17 Pro Max (440x956)", {"width": 440, "height": 956, "scale": 3, "safeArea": {"top": 62, "left": 0, "bottom": 34, "right": 0}}),
    ("iPhone X landscape (812x375)", {"width": 812, "height": 375, "scale": 3, "safeArea": {"top": 0, "left": 44, "bottom": 21, "right": 44}}),
    ("HooView mocks (320x480 @2x)", {"width": 320, "height": 480, "scale": 2, "safeArea": {"top": 20, "left": 0, "bottom": 0, "right": 0}}),
    ("Exhibition mock (375x667 @2x)", {"width": 375, "height": 667, "scale": 2, "safeArea": {"top": 0, "left": 0, "bottom": 0, "right": 0}}),
]


def sample(scene: str) -> Preset:
    """A scene on its built-in sample."""
    return Preset(f"{scene[:1].upper()}{scene[1:]}: built-in sample", scene, {})


def photos_on(endpoint: str) -> Preset:
    """The photos scene on ``endpoint`` (``--photos-endpoint``; Presets.swift, `photos(endpoint:)`)."""
    return Preset(f"Photos: {endpoint}", "photos", {"endpoint": endpoint})


def named(data_root: Optional[Path], photos_endpoint: Optional[str] = None) -> list[Preset]:
    """What the user named: the photos endpoint, then the briefs whose files are all under
    ``data_root``, in that order (a user who names the data wants to see it first)."""
    found = [preset for preset, needs in BRIEFS
             if data_root is not None and all((data_root / need).exists() for need in needs)]
    return ([photos_on(photos_endpoint)] if photos_endpoint else []) + found


def presets(scenes: list[str], data_root: Optional[Path], photos_endpoint: Optional[str] = None) -> list[Preset]:
    """What the user named (``named``), then every scene's sample."""
    return named(data_root, photos_endpoint) + [sample(scene) for scene in scenes]


def first(scene: Optional[str], data_root: Optional[Path], photos_endpoint: Optional[str] = None) -> Optional[Preset]:
    """The preset the window opens on: the first the user named (of ``scene`` when one is asked
    for), else ``scene``'s sample, else None (the engine's first scene)."""
    for preset in named(data_root, photos_endpoint):
        if scene is None or preset.scene == scene:
            return preset
    return sample(scene) if scene else None
