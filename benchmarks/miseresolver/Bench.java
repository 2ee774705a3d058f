package org.cgsuite.core.misere.solver;

/** java Bench CODE HEAP: MisereSolver's partial quotient of an octal code to HEAP, timed. */
public class Bench {
    public static void main(String[] args) {
        OctalRules rules = new OctalRules(args[0]);
        int heap = Integer.parseInt(args[1]);
        long start = System.nanoTime();
        MisereSolver solver = new MisereSolver(rules);
        while (solver.currentPretension().prefn.size() <= heap) solver.next();
        double secs = (System.nanoTime() - start) / 1e9;
        Pretension p = solver.currentPretension();
        System.out.printf("%s heap %d: |Q| = %d, |P| = %d, %.2f s%n", args[0], heap,
                          p.quotient.monoid.size(), p.quotient.pPortionSize(), secs);
    }
}
