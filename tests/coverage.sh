#!/bin/sh
# The coverage report of make coverage: the lines and branches of src/ and
# grammar/ that the tests ran, from the counts of a build configured with
# --enable-coverage, for each layer of doc/design.md and each file.
#
# Writes, in BUILD/coverage/: layers.md (the table of the layers, also
# printed), files.txt (each file's lines and branches, the lines never
# run), summary.json (gcovr's), and index.html with a page for each file.
# The grammar's layer counts the lines of lexer.l and parser.y (the rules
# and actions written there); the scanner's and parser's own code, that
# flex and bison add to lexer.c and parser.c, is left out. The counts are
# not atomic (configure.ac): the few that threads race on can be wrong,
# such as a branch taken -5 times, which gcov prints and gcovr cannot
# read; such lines are passed over.
#
# Usage: tests/coverage.sh SRCDIR BUILD   (GCOVR: the gcovr to run)
set -eu
src=$1 build=$2
gcovr=${GCOVR:-gcovr}
command -v "$gcovr" > /dev/null 2>&1 ||
    { echo "coverage.sh: gcovr is needed (Debian: apt-get install gcovr)" >&2; exit 1; }
command -v python3 > /dev/null 2>&1 || { echo "coverage.sh: python3 is needed" >&2; exit 1; }
out="$build/coverage"
rm -rf "$out"
mkdir -p "$out"
cd "$build"
"$gcovr" --root "$src" --filter "$src/src/" --filter "$src/grammar/.*\.[ly]$" \
    --filter "$build/grammar/.*\.[ly]$" -j 2 --gcov-ignore-parse-errors \
    --json-summary "$out/summary.json" --json-summary-pretty \
    --html-details "$out/index.html" \
    --txt "$out/files.txt" "$build" > /dev/null
python3 - "$out/summary.json" "$out/layers.md" << 'EOF'
import json, re, sys

# The layers of doc/design.md, by their files (a file of none fails).
layers = [
    ("base", r"src/base/"),
    ("AST", r"src/lang/"),
    ("grammar", r"grammar/(lexer\.l|parser\.y|lexer_extra\.h)$"),
    ("IR", r"src/ir/"),
    ("executor", r"src/(kernel|game|solve)/"),
    ("players", r"src/players/"),
    ("command line", r"src/cli/"),
    ("web page", r"src/web/"),
]
summary = json.load(open(sys.argv[1]))
total = {name: [0, 0, 0, 0, 0] for name, _ in layers}
unknown = []
for f in summary["files"]:
    name = f["filename"]
    for layer, pattern in layers:
        if re.search(pattern, name):
            t = total[layer]
            t[0] += f["line_covered"]; t[1] += f["line_total"]
            t[2] += f["branch_covered"]; t[3] += f["branch_total"]; t[4] += 1
            break
    else:
        unknown.append(name)
if unknown:
    sys.exit("coverage.sh: files of no layer (add them to its table): " + ", ".join(unknown))

def pct(a, b):
    return "%.1f%%" % (100.0 * a / b) if b else "-"

rows = ["| layer | files | lines | lines run | branches | branches taken |",
        "| --- | ---: | ---: | ---: | ---: | ---: |"]
all_ = [0, 0, 0, 0, 0]
for layer, _ in layers:
    t = total[layer]
    all_ = [x + y for x, y in zip(all_, t)]
    rows.append("| %s | %d | %d | %s | %d | %s |" % (layer, t[4], t[1], pct(t[0], t[1]), t[3],
                                                    pct(t[2], t[3])))
rows.append("| all | %d | %d | %s | %d | %s |" % (all_[4], all_[1], pct(all_[0], all_[1]), all_[3],
                                                 pct(all_[2], all_[3])))
text = "\n".join(rows) + "\n"
open(sys.argv[2], "w").write(text)
sys.stdout.write(text)
EOF
echo "coverage.sh: each file's figures in $out/files.txt, pages in $out/index.html"
