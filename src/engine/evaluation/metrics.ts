/** Match quality against ground truth: pairwise precision/recall/F1 and B-cubed, from cluster assignments. */

/** Quality figures of one evaluation. */
export interface QualityReport {
  pairwise: { precision: number; recall: number; f1: number; true_positives: number; predicted_pairs: number; true_pairs: number };
  bcubed: { precision: number; recall: number; f1: number };
}

const f1 = (p: number, r: number): number => (p + r > 0 ? (2 * p * r) / (p + r) : 0);

/** Groups rows by label: label → rows. */
function groups(labels: Int32Array): Map<number, number[]> {
  const g = new Map<number, number[]>();
  for (let r = 0; r < labels.length; r++) {
    let list = g.get(labels[r]);
    if (!list) g.set(labels[r], (list = []));
    list.push(r);
  }
  return g;
}

/**
 * Compares predicted clusters with true clusters (both as a label per row).
 * Pairwise figures count pairs of rows in the same cluster (the transitive
 * closure of each side); B-cubed averages per-row precision and recall.
 *
 * @example
 * evaluateClusters(Int32Array.of(0, 0, 2), Int32Array.of(0, 0, 0)).pairwise.recall; // 1/3
 */
export function evaluateClusters(predicted: Int32Array, truth: Int32Array): QualityReport {
  const n = predicted.length;
  const pred = groups(predicted);
  const tru = groups(truth);
  let predictedPairs = 0;
  let truePairs = 0;
  for (const m of pred.values()) predictedPairs += (m.length * (m.length - 1)) / 2;
  for (const m of tru.values()) truePairs += (m.length * (m.length - 1)) / 2;
  // Pairs in both = Σ over (predicted, true) cell sizes of C(k, 2).
  let tp = 0;
  let bp = 0;
  let br = 0;
  for (const members of pred.values()) {
    const cells = new Map<number, number>();
    for (const r of members) cells.set(truth[r], (cells.get(truth[r]) ?? 0) + 1);
    for (const [label, k] of cells) {
      tp += (k * (k - 1)) / 2;
      // Every row of this cell has precision k/|pred| and recall k/|true|.
      bp += (k * k) / members.length;
      br += (k * k) / (tru.get(label) as number[]).length;
    }
  }
  const precision = predictedPairs > 0 ? tp / predictedPairs : 1;
  const recall = truePairs > 0 ? tp / truePairs : 1;
  const bP = n > 0 ? bp / n : 1;
  const bR = n > 0 ? br / n : 1;
  return {
    pairwise: { precision, recall, f1: f1(precision, recall), true_positives: tp, predicted_pairs: predictedPairs, true_pairs: truePairs },
    bcubed: { precision: bP, recall: bR, f1: f1(bP, bR) },
  };
}

/**
 * Turns truth pairs into a cluster label per row (connected components;
 * label = smallest row of the component).
 *
 * @example
 * truthLabelsFromPairs(4, [[0, 2]]); // Int32Array [0, 1, 0, 3]
 */
export function truthLabelsFromPairs(rowCount: number, pairs: ReadonlyArray<readonly [number, number]>): Int32Array {
  const parent = Int32Array.from({ length: rowCount }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  for (const [a, b] of pairs) {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
  const labels = new Int32Array(rowCount);
  for (let r = 0; r < rowCount; r++) labels[r] = find(r);
  return labels;
}
