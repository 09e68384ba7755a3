"""The request examples of the README and the client guide, as TypeScript for ``tsc`` to check.

Each typed as the generated type it stands for:

- every ``curl`` in a ``sh`` block whose ``-d`` body is written out (``-d '{...}'``) is a request
  body of that path's operation (the bodies a shell builds from the last answer, ``-d "..."`` with
  ``$(field ...)``, are programs rather than examples and are left to the scenarios);
- every code span that is one request member (``computer: [{"seat": 1}]``, ``"match": {...}``) is
  that member of the first game operation's request that has it (``/v1/games`` before the others);
- every ``ts`` block is a module of its own, next to the generated ``api.ts`` it imports;
- every exchange written out in a plain block (``A → /v1/games/act {...}``, ``← ... events [...]``):
  the requests typed as their operation's body, the events as game events;

and the contract's own request examples (``examples`` of each request body), which a reader of
``/docs`` copies as they are, each typed as the request body of its operation.

:func:`write` writes them into the generated directory and returns where each came from, so a
``tsc`` error can be told against the line of the document it concerns.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
CURL = re.compile(r"curl (?:[^\n]|\\\n)*?localhost:8000(/[\w/-]+)(?:[^\n]|\\\n)*?-d '([^']*)'")
SENT = re.compile(r"→ (/v1/[\w/-]+) (\{.*\})$", re.MULTILINE)
EVENTS = re.compile(r"\bevents \[")
PLACEHOLDER = re.compile(r"(?<=: )([A-Z][A-Z0-9]*)(?=[,}\]])")
MEMBER = re.compile(r'`"?([a-z_]+)"?: ([\[{][^`]*)`')
BODY = 'paths[P]["post"] extends { requestBody: { content: { "application/json": infer B } } } ? B : never'


@dataclass(frozen=True)
class Example:
    source: str  # "docs/client-guide.md:33"
    kind: str  # "request", "member", "module", "exchange" or "contract"
    code: str


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def find(root: Path, documents: tuple[str, ...], contract: dict[str, Any]) -> list[Example]:
    examples = []
    for name in documents:
        text = (root / name).read_text()
        for block in BLOCK.finditer(text):
            language, body, line = block.group(1), block.group(2), _line(text, block.start(2))
            if language == "ts":
                examples.append(Example(f"{name}:{line}", "module", body))
            elif language == "sh":
                examples += _curls(body, f"{name}:{line}")
            elif language == "":
                examples += _exchange(body, f"{name}:{line}")
        prose = BLOCK.sub(lambda block: "\n" * block.group(0).count("\n"), text)  # the same lines, no code
        for member in MEMBER.finditer(prose):
            key, value = member.group(1), member.group(2)
            path = _game_operation_taking(contract, key)
            if path is not None:
                code = f'const example: Pick<Body<"{path}">, "{key}"> = {{ {key}: {value} }};'
                examples.append(Example(f"{name}:{_line(prose, member.start())}", "member", code))
    return examples


def _at(source: str, body: str, offset: int) -> str:
    """``source`` (``document:line`` of a block's first line) moved to ``offset`` in the block."""
    document, line = source.rsplit(":", 1)
    return f"{document}:{int(line) + body.count(chr(10), 0, offset)}"


def _curls(body: str, source: str) -> list[Example]:
    examples = []
    for curl in CURL.finditer(body):
        path, data = curl.group(1), curl.group(2)
        json.loads(data)  # written out as JSON, as curl sends it
        examples.append(Example(_at(source, body, curl.start()), "request", f'const example: Body<"{path}"> = {data};'))
    return examples


def _exchange(body: str, source: str) -> list[Example]:
    """An exchange written out (``A → /v1/games/act {...}``, ``← view.move 1, events [...]``): each
    request typed as its operation's body, each list of events as game events; the names standing
    for a token or a credential (``S0``, ``A``) are strings."""
    examples = []
    for request in SENT.finditer(body):
        data = PLACEHOLDER.sub(r'"\1"', request.group(2))
        json.loads(data)
        code = f'const example: Body<"{request.group(1)}"> = {data};'
        examples.append(Example(_at(source, body, request.start()), "exchange", code))
    for events in EVENTS.finditer(body):
        depth, end = 0, events.end() - 1
        for end in range(events.end() - 1, len(body)):  # the list runs to its closing bracket
            depth += {"[": 1, "]": -1}.get(body[end], 0)
            if depth == 0:
                break
        data = PLACEHOLDER.sub(r'"\1"', body[events.end() - 1 : end + 1])
        json.loads(data)
        code = f'const example: components["schemas"]["GameEvent"][] = {data};'
        examples.append(Example(_at(source, body, events.start()), "exchange", code))
    return examples


def from_contract(contract: dict[str, Any]) -> list[Example]:
    named = contract["components"].get("examples", {})
    examples = []
    for path, item in contract["paths"].items():
        for method, operation in item.items():
            content = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
            for name, example in content.get("examples", {}).items():
                assert method == "post", (path, method)  # every operation with a body is a POST
                if "$ref" in example:
                    example = named[example["$ref"].rsplit("/", 1)[1]]
                code = f'const example: Body<"{path}"> = {json.dumps(example["value"])};'
                examples.append(Example(f"openapi.yaml: POST {path} example {name}", "contract", code))
    return examples


def _game_operation_taking(contract: dict[str, Any], key: str) -> str | None:
    """The first game operation (in the contract's order) whose request body has member ``key``."""
    schemas = contract["components"]["schemas"]
    for path, item in contract["paths"].items():
        body = item.get("post", {}).get("requestBody")
        if not path.startswith("/v1/games") or body is None:
            continue
        schema = body["content"]["application/json"]["schema"]
        while "$ref" in schema:
            schema = schemas[schema["$ref"].rsplit("/", 1)[1]]
        if key in schema.get("properties", {}):
            return str(path)
    return None


def write(directory: Path, examples: list[Example]) -> dict[str, str]:
    """Write the examples as TypeScript modules; answers {file name: source} for every module, and
    {"file name:line": source} for each example inside the one module that holds the requests."""
    sources: dict[str, str] = {}
    lines = [
        "// Generated by tests/typescript/doc_examples.py from the README and the client guide: do not edit.",
        'import type { components, paths } from "./api.js";',
        "",
        f"type Body<P extends keyof paths> = {BODY};",
        "",
    ]
    for number, example in enumerate(examples):
        if example.kind == "module":
            module = f"doc_module_{number}.ts"
            (directory / module).write_text(example.code)
            sources[module] = example.source
            continue
        sources[f"doc_examples.ts:{len(lines) + 2}"] = example.source
        lines += [f"// {example.source}", "{", "  " + example.code.replace("\n", "\n  "), "  void example;", "}"]
    (directory / "doc_examples.ts").write_text("\n".join(lines) + "\n")
    return sources


def source_of(sources: dict[str, str], file: str, line: int) -> str:
    """Which example of the documents a tsc error in ``file`` at ``line`` belongs to."""
    if file in sources:  # a ts block: the same line of the document
        document, start = sources[file].rsplit(":", 1)
        return f"{document}:{int(start) + line - 1}"
    starts = sorted((int(at.rsplit(":", 1)[1]), source) for at, source in sources.items() if at.startswith(f"{file}:"))
    found = [source for start, source in starts if start <= line]
    return found[-1] if found else file
