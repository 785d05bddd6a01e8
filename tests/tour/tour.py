"""Runs the commands of README.md's tour against a running demo and checks what they print.

  python3 tests/tour/tour.py --readme README.md --port 18080 --jar JAR [--timeout 120]

run.sh starts the demo and calls this; tests/tour/README.md says how to write a tour step.

Which commands. Everything between a line `<!-- tour:start -->` and the next
`<!-- tour:end -->` (several such regions run in README order) whose lines are indented by four
spaces (markdown's indented code blocks, after a blank line). In a code block:
  - a line that starts with `#` is expected output of the command above it (the `# ` is removed;
    several such lines are one text, joined by newlines): see expect.py for how it is compared;
  - a line that starts with spaces and then `#` continues the comment at the end of the line
    above: prose, not checked (so is a `# …` at the end of a command line: bash ignores it);
  - a blank line right after a command (no `#` line between) starts the command's printed
    output, which runs to the end of the code block (the headers and body after `curl -i`);
  - any other line starts a command, which goes on over lines ending in `\\` and through a
    here-document (`<<'PY'` … `PY`).

How they run. In order, in one bash session (variables and `cd` carry over) started in the clone
root, with TMPDIR set to a scratch folder (so `mktemp -d` makes `T` there), stdin from /dev/null,
`localhost:8080` in each command replaced by `localhost:PORT` and
`registry-server/target/registry-server.jar` by the jar under test. A step passes when the
command exits 0 and its stdout matches the expected text (when the README gives one); stderr is
shown on failure only. One line per step, `ok` or `FAIL`, the differences under a `FAIL`, then
`N passed, N failed`; the exit status is 1 when a step failed or the README breaks the grammar.
"""

import argparse
import os
import queue
import re
import shlex
import subprocess
import sys
import tempfile
import threading
import uuid

from expect import check

START, END = "<!-- tour:start -->", "<!-- tour:end -->"
DEMO_JAR = "registry-server/target/registry-server.jar"
HEREDOC = re.compile(r"<<-?\s*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\1")


class TourError(Exception):
    """The README does not follow the tour's grammar."""


class Step:
    def __init__(self, line, command):
        self.line, self.command, self.expected, self.output_block = line, command, [], False


def read_steps(path):
    """The tour's steps, in README order."""
    with open(path, encoding="utf-8") as readme:
        lines = readme.read().split("\n")
    steps, inside, block, regions = [], False, [], 0
    for number, text in enumerate(lines + [""], start=1):
        if text.strip() == START:
            inside, regions = True, regions + 1
        elif text.strip() == END:
            steps += parse_block(block)
            inside, block = False, []
        elif inside and (text.startswith("    ") or (block and not text.strip())):
            if block or not lines[number - 2].strip():
                block.append((number, text[4:]))
        elif inside:
            steps += parse_block(block)
            block = []
    if not regions:
        raise TourError(f"{path}: no {START} … {END} region")
    if inside:
        raise TourError(f"{path}: {START} without {END}")
    return steps


def parse_block(block):
    while block and not block[-1][1].strip():
        block = block[:-1]
    steps, i = [], 0
    while i < len(block):
        number, text = block[i]
        step = steps[-1] if steps else None
        if step and step.output_block:
            step.expected.append((number, text))
        elif not text.strip():
            if step and not step.expected:
                step.output_block = True
        elif text.startswith("#"):
            if not step:
                raise TourError(f"line {number}: expected output before any command")
            step.expected.append((number, text[2:] if text.startswith("# ") else text[1:]))
        elif not text.lstrip().startswith("#"):
            i = read_command(block, i, steps)
            continue
        i += 1
    return steps


def read_command(block, i, steps):
    """Appends the command that starts at block[i]; returns the index after it."""
    number, text = block[i]
    command = [text]
    i += 1
    while command[-1].endswith("\\") and i < len(block):
        command.append(block[i][1])
        i += 1
    for heredoc in HEREDOC.finditer("\n".join(command)):
        word = heredoc.group(2)
        while i < len(block) and block[i][1].strip() != word:
            command.append(block[i][1])
            i += 1
        if i == len(block):
            raise TourError(f"line {number}: here-document {word} is not closed")
        command.append(block[i][1])
        i += 1
    steps.append(Step(number, "\n".join(command)))
    return i


class Shell:
    """One bash session; run() feeds it a command and waits for a marker printed after it."""

    def __init__(self, cwd, env, errors):
        # bash appends its stderr to the file; this side reads it through its own file offset
        with open(errors, "ab") as stderr:
            self.proc = subprocess.Popen(["bash", "--noprofile", "--norc"], cwd=cwd, env=env,
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=stderr, start_new_session=True)
        self.errors = open(errors, "rb")
        self.chunks, self.buffer = queue.Queue(), b""
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        try:
            while chunk := os.read(self.proc.stdout.fileno(), 65536):
                self.chunks.put(chunk)
        except (OSError, ValueError):
            pass  # closed by close()
        self.chunks.put(None)

    def run(self, command, timeout):
        """(exit status, stdout, stderr) of the command; raises TimeoutError or EOFError."""
        marker = f"__tour_{uuid.uuid4().hex}__".encode()
        start = self.errors.seek(0, os.SEEK_END)
        self.proc.stdin.write(f"{{ {command}\n}} </dev/null\nprintf '\\n%s %s\\n' {marker.decode()} \"$?\"\n".encode())
        self.proc.stdin.flush()
        done = re.compile(b"\n" + marker + rb" (\d+)\n")
        while not (found := done.search(self.buffer)):
            chunk = self.chunks.get(timeout=timeout)
            if chunk is None:
                raise EOFError("the shell exited")
            self.buffer += chunk
        out, self.buffer = self.buffer[: found.start()], self.buffer[found.end():]
        self.errors.seek(start)
        err = self.errors.read()
        return int(found.group(1)), out.decode("utf-8", "replace"), err.decode("utf-8", "replace")

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            os.killpg(self.proc.pid, 9)
        self.proc.stdout.close()
        self.errors.close()


def run_tour(args):
    steps = read_steps(args.readme)
    name, root = os.path.basename(args.readme), os.path.dirname(os.path.abspath(args.readme))
    print(f"tour: {len(steps)} steps of {name} against http://localhost:{args.port}")
    env = dict(os.environ, TMPDIR=args.tmp)
    os.makedirs(args.tmp, exist_ok=True)
    errors = os.path.join(args.tmp, "tour-stderr.txt")
    shell, passed, failed, broken = Shell(root, env, errors), 0, 0, None
    try:
        for step in steps:
            command = step.command.replace("localhost:8080", f"localhost:{args.port}")
            command = command.replace(DEMO_JAR, shlex.quote(args.jar))
            if broken:
                problems, out, err = [(step.line, f"not run: {broken}")], "", ""
            else:
                try:
                    status, out, err = shell.run(command, args.timeout)
                    problems = [] if status == 0 else [(step.line, f"exited with status {status}")]
                    problems += check(step.expected, out) if step.expected else []
                except (queue.Empty, EOFError) as e:
                    broken = str(e) or f"no answer within {args.timeout} s"
                    problems, out, err = [(step.line, broken)], "", ""
            passed, failed = passed + (not problems), failed + bool(problems)
            report(name, step, problems, out, err)
    finally:
        shell.close()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def report(name, step, problems, out, err):
    first = step.command.split("\n")[0]
    first = first if len(first) <= 110 else first[:110] + " …"
    print(f"{'FAIL' if problems else 'ok  '} {name}:{step.line}  {first}")
    for line, message in problems:
        print(f"       {name}:{line}: {message}")
    if problems:
        for label, text in (("output", out), ("stderr", err)):
            if text.strip():
                text = text.strip() if len(text) < 3000 else text.strip()[:3000] + " …"
                print(f"       {label}: " + text.replace("\n", "\n               "))


def main():
    parser = argparse.ArgumentParser(description="Runs README.md's tour and checks its output.")
    parser.add_argument("--readme", required=True)
    parser.add_argument("--port", required=True, type=int)
    parser.add_argument("--jar", required=True)
    parser.add_argument("--tmp", default=os.path.join(tempfile.gettempdir(), "tollgate-tour"))
    parser.add_argument("--timeout", default=120, type=float, help="seconds a step may take")
    args = parser.parse_args()
    try:
        return run_tour(args)
    except (TourError, OSError) as e:
        print(f"tour: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
