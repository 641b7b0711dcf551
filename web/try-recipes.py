#!/usr/bin/env python3
"""Follows docs/web-recipes.md word for word, as a new user would, and says whether each recipe works.

Usage, from the repository's root: python3 web/try-recipes.py [gwt|teavm|all]

- "The library": runs the install command in this checkout (the page's clone of the repository).
- Each recipe: a new empty temporary folder; every "File `path`:" block written to that path, every
  sh block's lines run there in order with bash, each timed; then the line the page says it prints
  ("It prints `...`", or "the first `...`") must be in the commands' output.
Exits 0 if every recipe asked for works, 1 if one does not, 2 on a bad argument.
"""
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PAGE = Path("docs/web-recipes.md")
RECIPES = {"gwt": "## GWT", "teavm": "## TeaVM"}


def sections(text):
    """The page's sections by their '## ' headings: heading -> body."""
    parts = re.split(r"(?m)^(## .*)$", text)
    return {parts[i].strip(): parts[i + 1] for i in range(1, len(parts), 2)}


def blocks(body):
    """The section's steps in order: ('file', path, text) and ('sh', None, text)."""
    steps = []
    for match in re.finditer(r"(?ms)^(?:File `([^`]+)`:\s*\n\s*)?```(\w+)\n(.*?)^```", body):
        path, language, text = match.groups()
        if path:
            steps.append(("file", path, text))
        elif language == "sh":
            steps.append(("sh", None, text))
    return steps


def expected(body):
    match = re.search(r"(?:It prints|the first) `([^`]+)`", body)
    return match.group(1) if match else None


def run(line, folder):
    start = time.monotonic()
    done = subprocess.run(["bash", "-c", line], cwd=folder, capture_output=True, text=True)
    seconds = time.monotonic() - start
    shown = [text for text in (done.stdout + done.stderr).splitlines() if text.strip()]
    print(f"  $ {line}\n    exit {done.returncode} in {seconds:.1f} s" + "".join(f"\n    > {text}" for text in shown[-3:]))
    return done, seconds


def install_library():
    body = sections(PAGE.read_text())["## The library"]
    for kind, _, text in blocks(body):
        for line in text.strip().splitlines():
            if line.startswith("git clone"):
                print(f"  (this checkout is the clone: {line.split('&&')[0].strip()} is not run)")
                continue
            done, _ = run(line, Path("."))
            if done.returncode != 0:
                print(done.stdout + done.stderr)
                return False
    return True


def try_recipe(name):
    parts = sections(PAGE.read_text())
    heading = next(h for h in parts if h.startswith(RECIPES[name]))
    body = parts[heading]
    folder = Path(tempfile.mkdtemp(prefix=f"recipe-{name}-"))
    print(f"{heading[3:]}: in the empty folder {folder}")
    total = 0.0
    output = ""
    for kind, path, text in blocks(body):
        if kind == "file":
            target = folder / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
            print(f"  wrote {path}")
            continue
        for line in text.strip().splitlines():
            done, seconds = run(line, folder)
            total += seconds
            output += done.stdout + done.stderr
            if done.returncode != 0:
                print(done.stdout + done.stderr)
                print(f"{name}: FAILED at: {line}")
                return False
    want = expected(body)
    found = want is not None and want in output
    print(f"{name}: {'works' if found else 'FAILED'}: the page says it prints '{want}'; "
          f"{total:.0f} s of commands")
    return found


def main(args):
    if len(args) > 1 or (args and args[0] not in ("gwt", "teavm", "all")):
        print(f"usage: python3 web/try-recipes.py [gwt|teavm|all]; was: {' '.join(args)}", file=sys.stderr)
        return 2
    if not PAGE.is_file():
        print(f"web/try-recipes.py: run it from the repository's root ({PAGE} is missing)", file=sys.stderr)
        return 2
    asked = ["gwt", "teavm"] if not args or args[0] == "all" else [args[0]]
    print("The library")
    if not install_library():
        return 1
    results = [try_recipe(name) for name in asked]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
