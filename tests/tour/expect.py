"""The grammar of the expected output that README.md writes under each tour command.

check(expected, actual) compares what a command printed with what the README says it prints and
returns the differences as (README line, message) pairs, none when they agree. `expected` is a
list of (README line number, text), so that each difference names the line it comes from.

  1. Status. Expected text that ends with `-> NNN` (what `curl -w ' -> %{http_code}\\n'` prints)
     wants that status exactly: the output must end with ` -> NNN` too. The rest is the body,
     compared by the rules below; nothing left (`# -> 304`) means an empty body.
  2. Headers. Expected text that starts with `HTTP/` (the output of `curl -i`) is a status line,
     header lines up to a blank line, then the body. The status line is matched as text (rule 4).
     The headers are a subset: each header the README shows must be in the answer (name in any
     case) with a value that matches it as text (rule 4, so `ETag: "…"` takes any ETag);
     headers the README leaves out are not checked.
  3. JSON. A body that starts with `{` or `[` is JSON in which `…` may stand:
       - as a value (`"trackingId":…`): any value;
       - as an object member (`{"code":"X",…}`): any other members; without it the object must
         have exactly the members shown (in any order: JSON objects are unordered);
       - as an array element (`[{"name":"A"},…]`): any number of elements, zero included; the
         elements shown must appear in that order;
       - inside a string (`"6aae4ea5…"`): any text.
     A string may be wrapped over README lines: the line break and the indentation after it are
     one space.
     Numbers, strings, true/false/null compare exactly (100 and 100.0 are equal). The output
     must be one JSON value.
  4. Text. Anything else is text: runs of whitespace are one space, the ends are trimmed, `…`
     matches any text (none included; the whitespace beside it is optional), and the whole
     output must match.

Only the ellipsis character `…` (U+2026) is a wildcard; three dots `...` are literal text.
"""

import json
import re

ELLIPSIS = "\u2026"
_ANY = "\u0000any"  # a `…` value or array element, once the expected JSON is parsed
_OPEN = "\u0000open"  # a `…` member of an object
_STATUS = re.compile(r"(?:^|\s)->\s*(\d{3})\s*$")


class Obj:
    """An expected JSON object: its members, and whether `…` allows others."""

    def __init__(self, pairs):
        self.open = any(key == _OPEN for key, _ in pairs)
        self.members = {key: value for key, value in pairs if key != _OPEN}


def check(expected, actual):
    """Differences between the expected lines [(line, text)] and the output, as (line, message)."""
    lines = [(n, t.rstrip()) for n, t in expected]
    actual = actual.replace("\r\n", "\n")
    problems = []
    lines, actual = _check_status(lines, actual, problems)
    if lines and lines[0][1].lstrip().startswith("HTTP/"):
        return problems + _check_response(lines, actual)
    return problems + check_body(lines, actual)


def _check_status(lines, actual, problems):
    text = "\n".join(t for _, t in lines)
    wanted = _STATUS.search(text)
    if not wanted:
        return lines, actual
    line = _last_line(lines)
    got = _STATUS.search(actual)
    if not got:
        problems.append((line, f"expected status -> {wanted.group(1)}, but the output does "
                        "not end with ' -> NNN' (curl -w ' -> %{http_code}\\n' prints it)"))
        return _strip_status(lines), actual
    if got.group(1) != wanted.group(1):
        problems.append((line, f"expected status -> {wanted.group(1)}, got -> {got.group(1)}"))
    return _strip_status(lines), actual[: got.start()]


def _strip_status(lines):
    *rest, (n, last) = lines
    return rest + [(n, _STATUS.sub("", last))]


def _check_response(lines, actual):
    head, body = _split_head(lines)
    actual_head, _, actual_body = actual.lstrip().partition("\n\n")
    actual_lines = actual_head.split("\n")
    problems = []
    status_line, headers = head[0], head[1:]
    if not match_text(status_line[1].strip(), actual_lines[0]):
        problems.append((status_line[0], f"expected {status_line[1].strip()!r}, "
                        f"got {actual_lines[0]!r}"))
    got = {}
    for header in actual_lines[1:]:
        name, _, value = header.partition(":")
        got.setdefault(name.strip().lower(), []).append(value.strip())
    for n, header in headers:
        name, _, value = header.strip().partition(":")
        values = got.get(name.strip().lower())
        if values is None:
            problems.append((n, f"header {name.strip()} missing"))
        elif not any(match_text(value.strip(), v) for v in values):
            problems.append((n, f"expected {header.strip()!r}, got "
                            + ", ".join(repr(f"{name.strip()}: {v}") for v in values)))
    return problems + check_body(body, actual_body)


def _split_head(lines):
    for i, (_, text) in enumerate(lines):
        if not text.strip():
            return lines[:i], lines[i + 1:]
    return lines, []


def check_body(lines, actual):
    """Differences between an expected body [(line, text)] and the actual body (rules 3 and 4)."""
    text = "\n".join(t for _, t in lines).strip()
    first = _first_line(lines)
    if not text:
        return [] if not actual.strip() else [(first, f"expected no body, got {_short(actual)}")]
    if text[0] not in "{[":
        return _check_text(lines, text, actual)
    try:
        wanted = json.loads(_mark_ellipses(text), object_pairs_hook=Obj)
    except ValueError as e:
        return [(first, f"the README's expected text is not JSON with … ({e})")]
    try:
        got = json.loads(actual)
    except ValueError:
        return [(first, f"expected JSON, got {_short(actual)}")]
    problem = compare(wanted, got, "$")
    if problem is None:
        return []
    path, message = problem
    return [(_line_of(lines, path), f"{path}: {message}")]


def _check_text(lines, text, actual):
    if match_text(text, actual):
        return []
    actual_lines = [line for line in actual.split("\n") if line.strip()]
    for n, line in lines:
        if line.strip() in ("", ELLIPSIS) or any(match_text(line, a) for a in actual_lines):
            continue
        if not match_text(ELLIPSIS + line + ELLIPSIS, actual):
            return [(n, f"expected {_short(line.strip())}, but no line of the output matches it")]
    return [(_first_line(lines), f"expected {_short(text)}, got {_short(actual)}")]


def match_text(pattern, actual):
    """Rule 4: whole-text match, whitespace normalised, `…` matching any text."""
    regex = []
    tokens = re.findall(r"\s+|" + ELLIPSIS + r"|[^\s" + ELLIPSIS + "]+", pattern.strip())
    for i, token in enumerate(tokens):
        if token == ELLIPSIS:
            regex.append(".*?")
        elif token.isspace():
            beside = ELLIPSIS in (tokens[i - 1], tokens[i + 1] if i + 1 < len(tokens) else "")
            regex.append(r"\s*" if beside else r"\s+")
        else:
            regex.append(re.escape(token))
    return re.fullmatch("".join(regex), actual.strip(), re.DOTALL) is not None


def compare(wanted, got, path):
    """The first difference between expected and actual JSON, as (path, message), else None."""
    if wanted == _ANY:
        return None
    if isinstance(wanted, Obj):
        return _compare_object(wanted, got, path)
    if isinstance(wanted, list):
        return _compare_array(wanted, got, path)
    if isinstance(wanted, str) and ELLIPSIS in wanted and isinstance(got, str):
        return None if match_text(wanted, got) else (path, f"expected {wanted!r}, got {got!r}")
    if type(wanted) is bool or type(got) is bool or wanted is None or got is None:
        same = wanted is got
    else:
        same = type(wanted) is type(got) or all(type(v) in (int, float) for v in (wanted, got))
        same = same and wanted == got
    return None if same else (path, f"expected {json.dumps(wanted)}, got {_clip(json.dumps(got))}")


def _compare_object(wanted, got, path):
    if not isinstance(got, dict):
        return path, f"expected an object, got {_clip(json.dumps(got))}"
    for key, value in wanted.members.items():
        if key not in got:
            return f"{path}.{key}", "missing"
        problem = compare(value, got[key], f"{path}.{key}")
        if problem:
            return problem
    extra = [key for key in got if key not in wanted.members]
    if extra and not wanted.open:
        return path, "unexpected member(s) " + ", ".join(extra) + " (add … to allow others)"
    return None


def _compare_array(wanted, got, path):
    if not isinstance(got, list):
        return path, f"expected an array, got {_clip(json.dumps(got))}"
    if _sequence_matches(wanted, got, path):
        return None
    if _ANY not in wanted and len(wanted) != len(got):
        return path, f"expected {len(wanted)} element(s), got {len(got)}"
    if _ANY not in wanted:
        for i, (w, g) in enumerate(zip(wanted, got)):
            problem = compare(w, g, f"{path}[{i}]")
            if problem:
                return problem
    shown = [w for w in wanted if w != _ANY]
    return path, (f"the {len(shown)} element(s) shown are not in the output in that order "
                  f"(with … where others may stand): {_clip(json.dumps(got))}")


def _sequence_matches(wanted, got, path):
    memo = {}

    def matches(i, j):
        if (i, j) not in memo:
            if i == len(wanted):
                memo[i, j] = j == len(got)
            elif wanted[i] == _ANY:
                memo[i, j] = matches(i + 1, j) or (j < len(got) and matches(i, j + 1))
            else:
                memo[i, j] = (j < len(got) and compare(wanted[i], got[j], path) is None
                              and matches(i + 1, j + 1))
        return memo[i, j]

    return matches(0, 0)


def _mark_ellipses(text):
    """Turns each `…` outside a JSON string into a sentinel that json.loads reads, and a line
    break inside a string (with the indentation after it) into one space."""
    out, stack, in_string, escaped, key_next = [], [], False, False, False
    for ch in re.sub(r'\n\s*', "\n", text):
        if in_string and ch == "\n":
            out.append(" ")
            continue
        if in_string:
            in_string = not (ch == '"' and not escaped)
            escaped = ch == "\\" and not escaped
        elif ch == '"':
            in_string = True
        elif ch in "{[":
            stack.append(ch)
            key_next = ch == "{"
        elif ch in "}]":
            if stack:
                stack.pop()
            key_next = False
        elif ch == ",":
            key_next = bool(stack) and stack[-1] == "{"
        elif ch == ":":
            key_next = False
        elif ch == ELLIPSIS:
            out.append(json.dumps(_OPEN) + ":null" if key_next else json.dumps(_ANY))
            continue
        out.append(ch)
    return "".join(out)


def _line_of(lines, path):
    """The README line that shows the last key of a JSON path, else the expectation's first."""
    key = re.findall(r"\.([^.\[]+)", path)
    for n, text in lines:
        if key and f'"{key[-1]}"' in text:
            return n
    return _first_line(lines)


def _first_line(lines):
    return lines[0][0] if lines else "?"


def _last_line(lines):
    return lines[-1][0] if lines else "?"


def _short(text):
    return repr(_clip(text))


def _clip(text, limit=300):
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + " …"
