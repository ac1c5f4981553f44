"""`image.turn`: where a turning image's detail lies at its angle now."""

from .basics import INK_CONTRAST, MARGIN, TURNING_GRID, TURNING_NEAR, UNKNOWN, blend, distance, parse_colour
from .collector import local_points, uniform_under


def turning_image_probes(probes, node):
    """`image.turn`: where a turning image's detail lies at its angle now (a ring's dashes, a
    cover's lettering), over a grid of TURNING_GRID points a side. Where its asset is opaque and
    one colour a source pixel around, some pixel of the device pixels around moves at least
    halfway toward that colour from the known one under it (an `ink` quad: any resampling filter
    passes); where it is clear within its reach but has ink within TURNING_NEAR source pixels,
    what is under shows (blamed on the image when the render moved toward that ink). An image
    drawn unturned, turned the wrong way or about the wrong point puts its detail elsewhere."""
    scene = probes.scene
    decoded = node.decoded
    if decoded is None or decoded.image is None or node.opacity <= 0:
        return
    tint = parse_colour(node.style.get("tint"))
    half = 1.5 / scene.scale  # points: the ink quad reaches 1.5 device pixels each way
    fractions = tuple((i + 0.5) / TURNING_GRID for i in range(TURNING_GRID))
    for x, y in local_points(node, fractions):
        if node.distance(x, y) < 2 * MARGIN / scene.scale:
            continue
        source = node.image_source(x, y, scene.scale)
        if source in (None, UNKNOWN):
            continue
        u, v, reach = source
        window = decoded.uniform(u, v, reach)
        if window not in (None, UNKNOWN):
            if window[3] == 0:
                near = decoded.ink_near(u, v, reach + TURNING_NEAR)
                if near is not None:
                    probes.colour(x, y, owner=node, rule="image.turn", inks=[tint or near])
            continue
        core = decoded.uniform(u, v, 1)
        if core in (None, UNKNOWN) or core[3] < 250:
            continue
        under = uniform_under(scene, node, [(x, y)])
        if under is None:
            continue
        target = blend(under, tint or core[:3], node.opacity)
        if distance(under, target) < INK_CONTRAST:
            continue
        quad = [(a * scene.scale, b * scene.scale) for a, b in ((x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half))]
        probes.ink(node, "image.turn", quad, under, target)
