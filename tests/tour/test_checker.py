"""The checker's own tests (run.sh runs them before the tour): each rule of the grammar passes
what it should and names the README line of what it should not."""

import os
import tempfile
import unittest

from expect import check
from tour import Shell, TourError, read_steps


def lines(text, first=10):
    return [(first + i, t) for i, t in enumerate(text.split("\n"))]


class StatusTest(unittest.TestCase):
    def test_sameStatus_passes(self):
        self.assertEqual(check(lines('{"a":1} -> 404'), '{"a":1} -> 404\n'), [])

    def test_otherStatus_namesLineAndBoth(self):
        self.assertEqual(check(lines('{"a":1}\n -> 404'), '{"a":1} -> 200\n'),
                         [(11, "expected status -> 404, got -> 200")])

    def test_noStatusPrinted_saysHowToPrintIt(self):
        [(line, message)] = check(lines('{"a":1} -> 201'), '{"a":1}')
        self.assertEqual(line, 10)
        self.assertIn("%{http_code}", message)

    def test_statusOnly_wantsEmptyBody(self):
        self.assertEqual(check(lines("-> 304"), " -> 304\n"), [])
        self.assertEqual(check(lines("-> 304"), "x -> 304\n"), [(10, "expected no body, got 'x'")])


class JsonTest(unittest.TestCase):
    def test_objectWithoutEllipsis_wantsExactlyItsMembers(self):
        self.assertEqual(check(lines('{"a":1,"b":2}'), '{"b":2,"a":1}'), [])
        [(_, message)] = check(lines('{"a":1}'), '{"a":1,"c":3}')
        self.assertEqual(message, "$: unexpected member(s) c (add … to allow others)")

    def test_ellipsisMember_allowsOthers(self):
        self.assertEqual(check(lines('{"a":1,…}'), '{"a":1,"c":3}'), [])
        self.assertEqual(check(lines('{…,"a":1}'), '{"c":3,"a":1}'), [])

    def test_missingMember_namesPathAndLine(self):
        expected = lines('{"data":…,\n "extensions":{"cost":{"estimated":23,"max":1000}}}')
        self.assertEqual(check(expected, '{"data":null,"extensions":{"cost":{"max":1000}}}'),
                         [(11, "$.extensions.cost.estimated: missing")])

    def test_ellipsisValue_matchesAnyValue(self):
        self.assertEqual(check(lines('{"a":…,"b":[…]}'), '{"a":{"x":[1]},"b":[1,2]}'), [])

    def test_ellipsisInString_matchesAnyText(self):
        self.assertEqual(check(lines('{"id":"6aae4ea5…"}'), '{"id":"6aae4ea5ff42"}'), [])
        [(_, message)] = check(lines('{"id":"6aae4ea5…"}'), '{"id":"a703699c"}')
        self.assertEqual(message, "$.id: expected '6aae4ea5…', got 'a703699c'")

    def test_ellipsisElements_keepOrder(self):
        self.assertEqual(check(lines('[1,…,3,…]'), "[1,2,3,4]"), [])
        self.assertEqual(check(lines("[…,1]"), "[1,1]"), [])  # the last 1, not the first
        [(_, message)] = check(lines("[3,…,1]"), "[1,2,3]")
        self.assertIn("not in the output in that order", message)

    def test_arrayWithoutEllipsis_wantsItsLength(self):
        [(_, message)] = check(lines("[1,2]"), "[1,2,3]")
        self.assertEqual(message, "$: expected 2 element(s), got 3")

    def test_scalars_compareByValueAndType(self):
        self.assertEqual(check(lines('{"r":100}'), '{"r":100.0}'), [])
        self.assertNotEqual(check(lines('{"r":1}'), '{"r":true}'), [])
        self.assertNotEqual(check(lines('{"r":"1"}'), '{"r":1}'), [])
        self.assertNotEqual(check(lines('{"r":null}'), '{"r":0}'), [])

    def test_stringWrappedOverLines_isOneSpace(self):
        self.assertEqual(check(lines('{"m":"schema a7…;\n   retire them"}'), '{"m":"schema a70; retire them"}'), [])
        self.assertNotEqual(check(lines('{"m":"a\n b"}'), '{"m":"ab"}'), [])

    def test_expectedNotJson_isAGrammarError(self):
        [(line, message)] = check(lines('{"a":1,,}'), '{"a":1}')
        self.assertEqual(line, 10)
        self.assertIn("not JSON with …", message)

    def test_outputNotJson_fails(self):
        [(_, message)] = check(lines('{"a":1}'), "Not Found")
        self.assertEqual(message, "expected JSON, got 'Not Found'")


class HeadersTest(unittest.TestCase):
    RESPONSE = ('HTTP/1.1 200 OK\r\nDate: x\r\netag: "1df08"\r\nVary: X-API-Key, Accept\r\n\r\n'
                '{"data":1}')

    def test_headersShown_areASubset(self):
        expected = lines('HTTP/1.1 200 OK\nETag: "…"\nVary: X-API-Key,  Accept\n\n{"data":1}')
        self.assertEqual(check(expected, self.RESPONSE), [])

    def test_missingOrDifferentHeader_namesItsLine(self):
        expected = lines('HTTP/1.1 200 OK\nAge: 0\nVary: X-API-Key\n\n{"data":2}')
        self.assertEqual(check(expected, self.RESPONSE), [
            (11, "header Age missing"),
            (12, "expected 'Vary: X-API-Key', got 'Vary: X-API-Key, Accept'"),
            (14, "$.data: expected 2, got 1")])


class TextTest(unittest.TestCase):
    def test_whitespaceAndEllipsis(self):
        self.assertEqual(check(lines("Wrote 3 operation(s) to …/manifest.json"),
                               "Wrote  3 operation(s) to /tmp/t.x/manifest.json\n"), [])
        self.assertEqual(check(lines("… # EOF"), "a 1\n# EOF\n"), [])
        self.assertEqual(check(lines("a … b"), "a b"), [])

    def test_missingPiece_namesItsLine(self):
        expected = lines("OPERATION TYPE COST\n…\nAll 3 operation(s) pass")
        self.assertEqual(check(expected, "OPERATION TYPE COST\nx\nAll 2 operation(s) pass"),
                         [(12, "expected 'All 3 operation(s) pass', but no line of the output "
                               "matches it")])
        self.assertEqual(check(lines("a 1\nb 2"), "a 1\nb 3"),
                         [(11, "expected 'b 2', but no line of the output matches it")])


README = """# Title

    echo outside the tour

<!-- tour:start -->
Some prose:

    X=1   # prose after a command
    echo "$X" \\
      two
    # 1 two
    python3 - <<'PY'
    print("#", 3)
    PY
    # # 3
    curl -i localhost:8080/health
                        # a continued comment, prose

    HTTP/1.1 200 OK
    # not a comment here

    {"ok":true}

More prose.

    cat <<EOF
<!-- tour:end -->
"""


class ReadStepsTest(unittest.TestCase):
    def read(self, text):
        with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False) as f:
            f.write(text)
        try:
            return read_steps(f.name)
        finally:
            os.unlink(f.name)

    def test_commandsAndTheirExpectedOutput(self):
        with self.assertRaisesRegex(TourError, "line 26: here-document EOF is not closed"):
            self.read(README)
        steps = self.read(README.replace("    cat <<EOF\n", ""))
        self.assertEqual([s.line for s in steps], [8, 9, 12, 16])
        self.assertEqual(steps[1].command, 'echo "$X" \\\n  two')
        self.assertEqual(steps[1].expected, [(11, "1 two")])
        self.assertEqual(steps[2].command, "python3 - <<'PY'\nprint(\"#\", 3)\nPY")
        self.assertEqual(steps[2].expected, [(15, "# 3")])
        self.assertEqual([t for _, t in steps[3].expected],
                         ["HTTP/1.1 200 OK", "# not a comment here", "", '{"ok":true}'])

    def test_noRegion_isAnError(self):
        with self.assertRaisesRegex(TourError, "no <!-- tour:start -->"):
            self.read("    echo hi\n")


class ShellTest(unittest.TestCase):
    def test_oneSession_keepsVariables_separatesStderr_reportsStatus(self):
        with tempfile.TemporaryDirectory() as tmp:
            shell = Shell(tmp, dict(os.environ), os.path.join(tmp, "err"))
            try:
                self.assertEqual(shell.run("A=7; echo hi >&2", 10), (0, "", "hi\n"))
                self.assertEqual(shell.run("printf '%s' \"$A\"", 10), (0, "7", ""))
                self.assertEqual(shell.run("false", 10)[0], 1)
            finally:
                shell.close()


if __name__ == "__main__":
    unittest.main()
