"""`python -m wos_sdk generate`: write a module typed by a workspace's ontology."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ._sync.client import Client
from .codegen import render
from .errors import WosError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m wos_sdk")
    commands = parser.add_subparsers(dest="command", required=True)
    generate = commands.add_parser(
        "generate", help="write a Python module typed by a workspace's ontology"
    )
    generate.add_argument("--base-url", default=os.environ.get("WOS_BASE_URL"))
    generate.add_argument("--api-key", default=os.environ.get("WOS_API_KEY"))
    generate.add_argument("--workspace", default=os.environ.get("WOS_WORKSPACE_ID"))
    generate.add_argument("--out", required=True, help="the file to write, e.g. app/ontology.py")
    args = parser.parse_args(argv)
    missing = [n for n in ("base_url", "api_key", "workspace") if not getattr(args, n)]
    if missing:
        names = ", ".join("--" + n.replace("_", "-") for n in missing)
        parser.error(f"{names} missing (or WOS_BASE_URL, WOS_API_KEY, WOS_WORKSPACE_ID)")
    try:
        with Client(args.base_url, args.api_key, args.workspace) as client:
            ontology = client.ontology.get()
    except WosError as error:
        print(f"could not read the ontology of {args.base_url}: {error}", file=sys.stderr)
        return 1
    source = render(ontology, workspace_id=args.workspace, base_url=args.base_url)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(source)
    types = len(ontology["entityTypes"]) + len(ontology["relationshipTypes"])
    print(f"wrote {out} ({types} types)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
