package org.cgsuite.core.misere.solver;

import java.util.ArrayList;
import java.util.List;

/** Stand-in for CGSuite's Scala HeapRuleset: the heap options of an octal code 0.d1d2d3...
 *  (bit 1 of digit d_k: take k tokens leaving no heap; bit 2: leaving one heap; bit 4: leaving
 *  two nonempty heaps), so that MisereSolver.java compiles with javac alone. */
public class OctalRules {
    private final String code;
    private final int[] digits;

    public OctalRules(String code) {
        this.code = code;
        String frac = code.substring(code.indexOf('.') + 1);
        digits = new int[frac.length() + 1];
        for (int k = 1; k <= frac.length(); k++) digits[k] = frac.charAt(k - 1) - '0';
    }

    public List<int[]> heapOptionsOf(int n) {
        List<int[]> out = new ArrayList<>();
        for (int k = 1; k < digits.length && k <= n; k++) {
            int d = digits[k], rest = n - k;
            if ((d & 1) != 0 && rest == 0) out.add(new int[0]);
            if ((d & 2) != 0 && rest > 0) out.add(new int[]{rest});
            if ((d & 4) != 0) for (int a = 1; 2 * a <= rest; a++) out.add(new int[]{a, rest - a});
        }
        return out;
    }

    public List<int[]> allOptions(int n) { return heapOptionsOf(n); }

    @Override public String toString() { return code; }
}
