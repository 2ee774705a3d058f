#!/usr/bin/env bash
# Build Plambeck's MisereSolver from CGSuite's public source with javac alone, for side-by-side
# timings (issue 21 item 4). Usage: build.sh CGSUITE_CHECKOUT [OUTDIR]
# (git clone https://github.com/aaron-siegel/cgsuite; measured at commit e909ab8).
# The Scala rules classes are replaced by OctalRules.java; the solver's own files are copied
# unchanged except for the lines that name those classes. Run: java -cp OUTDIR/classes
# org.cgsuite.core.misere.solver.Bench 0.07 33
set -euo pipefail
src="$1/lib/core/src/main/scala/org/cgsuite/core/misere/solver"
out="${2:-/tmp/miseresolver}"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out/src" "$out/classes"
for f in BipartiteMonoid CommutativeMonoid DirectSumMonoid ExplicitFiniteMonoid Pretension \
         Relation Word MisereSolver; do
    cp "$src/$f.java" "$out/src/"
done
ms="$out/src/MisereSolver.java"
# Drop the Scala imports and the .msv-loading constructor; route heapOptions to OctalRules.
python3 - "$ms" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path).read()
text = re.sub(r"import (org\.cgsuite\.core\.impartial|scala)[^;]*;\n", "", text)
text = text.replace("HeapRuleset", "OctalRules")
start = text.index("    public MisereSolver(InputStream msvInputStream)")
end = text.index("    public OctalRules getRules()")
text = text[:start] + text[end:]
start = text.index("    public List<int[]> heapOptions(int heapSize) {")
end = text.index("    public void next()")
text = text[:start] + ("    public List<int[]> heapOptions(int heapSize) {\n"
                       "        return rules.heapOptionsOf(heapSize);\n    }\n\n") + text[end:]
open(path, "w").write(text)
PY
cp "$here/OctalRules.java" "$here/Bench.java" "$out/src/"
# The interrupt exception the solver throws lives in CommandLineInterface.java (not built).
printf 'package org.cgsuite.core.misere.solver;\nclass TimeoutException extends RuntimeException {}\n' \
    > "$out/src/TimeoutException.java"
javac -nowarn -d "$out/classes" "$out/src/"*.java 2>&1 | grep -v "^Note:" || true
echo "built $out/classes"
