"""Validates every line of every golden transcript against Protocol/scenery.schema.json.

Engine output lines must match the schema's response or notification, and each result must
match `result.<method>` of the request that caused it. Request lines that parse as JSON and
were answered with a result must match `params.<method>`. Hostile request lines are exempt:
they are invalid by design and their error responses are checked instead.
Exit status 0 when all lines validate.
"""
import glob
import json
import os
import sys

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    with open(os.path.join(ROOT, "Protocol", "scenery.schema.json")) as f:
        schema = json.load(f)
    validator_cls = jsonschema.validators.validator_for(schema)
    validator_cls.check_schema(schema)

    def check(instance, definition, where):
        sub = {"$ref": "#/$defs/" + definition, "$defs": schema["$defs"]}
        errors = list(validator_cls(sub).iter_errors(instance))
        for error in errors[:3]:
            print(f"{where}: {definition}: {error.message} at {list(error.absolute_path)}")
        return not errors

    files = sorted(glob.glob(os.path.join(ROOT, "Tests", "Transcripts", "**", "*.transcript"), recursive=True))
    ok = True
    lines_checked = 0
    for path in files:
        rel = os.path.relpath(path, ROOT)
        pending = {}
        with open(path, "rb") as f:
            for number, raw in enumerate(f.read().split(b"\n"), start=1):
                where = f"{rel}:{number}"
                if raw.startswith(b"> "):
                    try:
                        request = json.loads(raw[2:].decode("utf-8"))
                    except (ValueError, UnicodeDecodeError):
                        continue
                    if isinstance(request, dict) and "id" in request and isinstance(request.get("method"), str):
                        pending[json.dumps(request["id"])] = request
                elif raw.startswith(b"< "):
                    lines_checked += 1
                    message = json.loads(raw[2:].decode("utf-8"))
                    if "id" not in message:
                        ok &= check(message, "notification", where)
                        continue
                    ok &= check(message, "response", where)
                    request = pending.pop(json.dumps(message["id"]), None)
                    if request is not None and "result" in message:
                        method = request["method"]
                        ok &= check(message["result"], "result." + method, where)
                        ok &= check(request, "request", where + " (its request)")
    print(f"{len(files)} transcripts, {lines_checked} engine lines checked")
    return 0 if ok and files else 1


if __name__ == "__main__":
    sys.exit(main())
