/** How the clusters a threshold would make agree with the probe: every pair two linked records put in one cluster is claimed, not only the links. */
import { buildClusters, type ClusterInput, type ClusterLimits } from '../engine/clustering/cluster-builder.js';
import type { PairList } from '../engine/run.js';
import { seededStream } from '../engine/probabilistic/seeded-random.js';
import { reaches } from '../engine/scoring/matchkey-math.js';
import type { LikelyMatches } from './likely-matches.js';
import { countedAgreement, judgedVerdict, likelyMatchesEligible, type CountedAgreement } from './probe-agreement.js';

/** Claimed pairs judged per threshold, drawn uniformly from all the pairs its clusters claim: a precision to about ±0.01. */
const JUDGED_PER_THRESHOLD = 4000;

/**
 * The probe's agreement with the clusters each threshold of `thresholds`
 * would make: the run's own clustering (`limits`, as the configuration
 * sets them) of the pairs scoring at least it. A threshold's links claim
 * more than themselves: two records joined through a third are claimed a
 * match too, so a threshold that keeps a few doubtful links between groups
 * claims every pair across them (unless the clustering's limits refuse the
 * join), and one that drops a true link loses only what no other path
 * holds. Judged on links alone, the sweep sees neither, and on a person
 * table it chose 0.75 where the clusters were best at 0.8 (F1 0.856
 * against 0.909).
 *
 * `precision` is the share of the claimed pairs (every pair inside a
 * cluster) the probe's judge calls likely matches, pairs it cannot judge
 * left out: counted on every claimed pair when a threshold claims at most
 * {@link JUDGED_PER_THRESHOLD}, else estimated from that many drawn with a
 * fixed seed. `recall` is the share of the probe's likely matches
 * inside one cluster. `accepted` counts the claimed pairs. `eligible` names
 * the pairs a run may match at all (across tables in a link-only run; the
 * others are neither claimed nor likely). `pairs` must hold every pair
 * scoring at least the lowest threshold.
 *
 * @example
 * const at = clusteredAgreement(run.pairs, uniform.rowCount, PROBE_THRESHOLDS, clusterLimits(config.clustering), probe, probeJudge(uniform, probe));
 * at(0.8).f1; // 0.91
 */
export function clusteredAgreement(
  pairs: PairList,
  rowCount: number,
  thresholds: readonly number[],
  limits: ClusterLimits,
  probe: LikelyMatches,
  judge: (x: number, y: number) => number,
  eligible: (x: number, y: number) => boolean = () => true,
): (threshold: number) => CountedAgreement {
  const likely = likelyMatchesEligible(probe, eligible);
  const lowest = Math.min(...thresholds);
  const order: number[] = [];
  for (let i = 0; i < pairs.count; i++) if (reaches(pairs.score[i], lowest)) order.push(i);
  order.sort((x, y) => pairs.score[y] - pairs.score[x] || x - y);
  // Strongest first, so the links of any threshold are a prefix.
  const sorted: ClusterInput['links'] = {
    a: Int32Array.from(order, (i) => pairs.a[i]),
    b: Int32Array.from(order, (i) => pairs.b[i]),
    score: Float64Array.from(order, (i) => pairs.score[i]),
    count: order.length,
  };
  // A pair's verdict is judged once however many thresholds draw it: 1 likely match, 0 not, -1 cannot say, -2 not eligible.
  const verdicts = new Map<number, number>();
  const verdictOf = (x: number, y: number): number => {
    const k = Math.min(x, y) * rowCount + Math.max(x, y);
    let v = verdicts.get(k);
    if (v === undefined) {
      v = eligible(x, y) ? judgedVerdict(judge(x, y), probe) : -2;
      verdicts.set(k, v);
    }
    return v;
  };

  const at = new Map<number, CountedAgreement>();
  for (const t of new Set(thresholds.map(key))) {
    const threshold = t / 1_000_000;
    let count = 0;
    while (count < sorted.count && reaches(sorted.score[count], threshold)) count++;
    const links = { a: sorted.a.subarray(0, count), b: sorted.b.subarray(0, count), score: sorted.score.subarray(0, count), count };
    const clusterOf = buildClusters({ rowCount, links, ...limits });
    let found = 0;
    for (const i of likely) if (clusterOf[probe.a[i]] === clusterOf[probe.b[i]]) found++;
    const claim = drawClaimed(clusterOf, verdictOf, seededStream(7));
    at.set(t, countedAgreement(claim.agreed, claim.judged, found, likely.length, claim.claimed));
  }
  return (threshold) => {
    const agreement = at.get(key(threshold));
    if (agreement === undefined) throw new RangeError(`clusteredAgreement: ${threshold} is not one of the thresholds swept`);
    return agreement;
  };
}

/**
 * The claimed pairs' verdicts: every pair inside a cluster when there are at
 * most {@link JUDGED_PER_THRESHOLD} of them (exact, as a small table
 * deserves), else that many drawn uniformly from them, the eligible ones
 * claimed (an estimate, scaled to all).
 */
function drawClaimed(clusterOf: Int32Array, verdictOf: (x: number, y: number) => number, random: () => number): { claimed: number; judged: number; agreed: number } {
  const rowCount = clusterOf.length;
  const size = new Int32Array(rowCount);
  for (let r = 0; r < rowCount; r++) size[clusterOf[r]]++;
  // Members grouped by cluster (ids are rows), and the running count of pairs inside the clusters.
  const start = new Int32Array(rowCount + 1);
  for (let c = 0; c < rowCount; c++) start[c + 1] = start[c] + size[c];
  const fill = start.slice(0, rowCount);
  const members = new Int32Array(rowCount);
  for (let r = 0; r < rowCount; r++) members[fill[clusterOf[r]]++] = r;
  const clusters: number[] = [];
  const upTo: number[] = [];
  let total = 0;
  for (let c = 0; c < rowCount; c++) {
    if (size[c] < 2) continue;
    total += (size[c] * (size[c] - 1)) / 2;
    clusters.push(c);
    upTo.push(total);
  }
  if (total === 0) return { claimed: 0, judged: 0, agreed: 0 };
  let eligible = 0;
  let judged = 0;
  let agreed = 0;
  const count = (v: number): void => {
    if (v === -2) return;
    eligible++;
    if (v === -1) return;
    judged++;
    if (v === 1) agreed++;
  };
  if (total <= JUDGED_PER_THRESHOLD) {
    for (const c of clusters) for (let i = start[c]; i < start[c + 1]; i++) for (let j = i + 1; j < start[c + 1]; j++) count(verdictOf(members[i], members[j]));
    return { claimed: eligible, judged, agreed };
  }
  const draws = JUDGED_PER_THRESHOLD;
  for (let k = 0; k < draws; k++) {
    const p = random() * total;
    let lo = 0;
    let hi = upTo.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (upTo[mid] > p) hi = mid;
      else lo = mid + 1;
    }
    const c = clusters[lo];
    const n = size[c];
    const i = Math.floor(random() * n);
    const j = (i + 1 + Math.floor(random() * (n - 1))) % n;
    count(verdictOf(members[start[c] + i], members[start[c] + j]));
  }
  return { claimed: Math.round((total * eligible) / draws), judged, agreed };
}

/** Thresholds are looked up to the millionth: 0.75 and 0.7500000001 are one threshold. */
function key(threshold: number): number {
  return Math.round(threshold * 1_000_000);
}
