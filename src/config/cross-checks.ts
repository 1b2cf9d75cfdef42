/** Rules that relate several keys of a configuration (names, bands, levels), checked after the schema. */
import type { Issue } from '../errors/registry.js';
import type { ConfigInput } from './schema.js';
import { learnsFromColumn } from '../engine/scorers/registry.js';
import { MAX_SWAPS } from '../engine/scoring/swap-readings.js';

/**
 * Every rule the schema cannot express key by key: unique matchkey names,
 * `review.lo ≤ review.hi`, one key for `static` blocking, block splitting
 * only where there are blocks to split, unordered keys of two fields, `levels` agreeing with
 * `level_thresholds`, and no matching on an excluded column.
 *
 * @example
 * checkConfigRelations(input); // [{ path: 'matchkeys[1].name', message: 'duplicate matchkey name "a"; matchkeys[0] already uses it' }]
 */
export function checkConfigRelations(input: ConfigInput): Issue[] {
  return [
    ...duplicateNames(input),
    ...reviewBand(input),
    ...staticBlocking(input),
    ...blockSplitting(input),
    ...unorderedKeys(input),
    ...levelCounts(input),
    ...swapPairs(input),
    ...excludedButUsed(input),
  ];
}

function duplicateNames(input: ConfigInput): Issue[] {
  const firstIndex = new Map<string, number>();
  const issues: Issue[] = [];
  input.matchkeys.forEach((mk, i) => {
    const seen = firstIndex.get(mk.name);
    if (seen === undefined) firstIndex.set(mk.name, i);
    else issues.push({ path: `matchkeys[${i}].name`, message: `duplicate matchkey name "${mk.name}"; matchkeys[${seen}] already uses it` });
  });
  return issues;
}

function reviewBand(input: ConfigInput): Issue[] {
  const lo = input.review?.lo;
  const hi = input.review?.hi;
  if (typeof lo === 'number' && typeof hi === 'number' && lo > hi) {
    return [{ path: 'review.lo', message: `expected lo at most hi (${hi}), got ${lo}` }];
  }
  return [];
}

/** A static pass blocks on one key; several keys mean several passes, which is multi_pass. */
function staticBlocking(input: ConfigInput): Issue[] {
  const keys = input.blocking?.keys ?? [];
  if (input.blocking?.strategy === 'static' && keys.length > 1) {
    return [{
      path: 'blocking.strategy',
      message: `strategy static blocks on one key, got ${keys.length} keys; use multi_pass to run one pass per key`,
    }];
  }
  return [];
}

/**
 * `split_by` names the key that splits oversized blocks, so it means nothing
 * unless splitting is on; and a sorted-neighbourhood pass has no blocks to
 * split (its window already bounds each record's comparisons).
 */
function blockSplitting(input: ConfigInput): Issue[] {
  const b = input.blocking;
  if (!b) return [];
  const issues: Issue[] = [];
  if (b.split_oversized === true && b.strategy === 'sorted_neighborhood') {
    issues.push({
      path: 'blocking.split_oversized',
      message: 'strategy sorted_neighborhood has no blocks to split (each record meets at most 2 × (window − 1) neighbours); remove split_oversized or use multi_pass',
    });
  }
  if (b.split_oversized !== true) {
    (b.keys ?? []).forEach((key, k) => {
      if (key.split_by !== undefined) {
        issues.push({
          path: `blocking.keys[${k}].split_by`,
          message: 'split_by only applies with blocking.split_oversized: true (it names the secondary key that splits this key\'s oversized blocks)',
        });
      }
    });
  }
  return issues;
}

/** An unordered key reads its two values as a set: it needs exactly two fields. */
function unorderedKeys(input: ConfigInput): Issue[] {
  const issues: Issue[] = [];
  (input.blocking?.keys ?? []).forEach((key, k) => {
    if (key.unordered === true && key.fields.length !== 2) {
      issues.push({
        path: `blocking.keys[${k}].unordered`,
        message: `an unordered key pairs two fields (its two values are compared as a set), got ${key.fields.length} field${key.fields.length === 1 ? '' : 's'}`,
      });
    }
  });
  return issues;
}

/** `level_thresholds` fixes the level count, so an explicit `levels` must agree with it. */
function levelCounts(input: ConfigInput): Issue[] {
  const issues: Issue[] = [];
  input.matchkeys.forEach((mk, i) => {
    if (mk.type !== 'probabilistic') return;
    mk.fields.forEach((f, j) => {
      if (f.levels !== undefined && f.level_thresholds !== undefined && f.levels !== f.level_thresholds.length + 1) {
        issues.push({
          path: `matchkeys[${i}].fields[${j}].levels`,
          message: `expected ${f.level_thresholds.length + 1} (one more than the number of level_thresholds), got ${f.levels}`,
        });
      }
    });
  });
  return issues;
}


/**
 * A swap crosses two fields of the same matchkey, compared alike: each
 * column must be the field of exactly one entry, the two must share scorer
 * and transforms (a crossed comparison uses them on both columns), and a
 * column may be crossed with one other only.
 */
function swapPairs(input: ConfigInput): Issue[] {
  const issues: Issue[] = [];
  input.matchkeys.forEach((mk, i) => {
    if (mk.type !== 'weighted' || mk.swaps === undefined) return;
    if (mk.swaps.length > MAX_SWAPS) {
      issues.push({ path: `matchkeys[${i}].swaps`, message: `expected at most ${MAX_SWAPS} pairs (each pair doubles the readings scored), got ${mk.swaps.length}` });
    }
    const crossed = new Map<string, number>();
    mk.swaps.forEach((pair, k) => {
      if (pair.length !== 2) return; // the schema reported it
      const path = `matchkeys[${i}].swaps[${k}]`;
      const entries = pair.map((column) => mk.fields.filter((f) => f.field === column));
      const problems: string[] = [];
      pair.forEach((column, side) => {
        if (entries[side].length === 0) problems.push(`"${column}" is not a field of this matchkey`);
        else if (entries[side].length > 1) problems.push(`"${column}" is the field of ${entries[side].length} entries of this matchkey, so which one is crossed is ambiguous`);
        const earlier = crossed.get(column);
        if (earlier !== undefined) problems.push(`"${column}" is already crossed in swaps[${earlier}]`);
      });
      if (pair[0] === pair[1]) problems.push('a column cannot be crossed with itself');
      if (problems.length === 0) {
        const [a, b] = [entries[0][0], entries[1][0]];
        if (a.scorer !== b.scorer) problems.push(`the two fields must share a scorer to be compared crossed, got ${a.scorer} and ${b.scorer}`);
        else if (learnsFromColumn(a.scorer)) problems.push(`${a.scorer} learns from each column's own values, so its number for two values would depend on which column's scorer compared them; use a scorer that compares the values alone`);
        const ta = JSON.stringify(a.transforms ?? []);
        const tb = JSON.stringify(b.transforms ?? []);
        if (ta !== tb) problems.push(`the two fields must share transforms to be compared crossed, got ${ta} and ${tb}`);
      }
      // Negative evidence reads the pair as written: it would penalise the very pairs the swap reads crossed.
      (mk.negative_evidence ?? []).forEach((ne, j) => {
        if (pair.includes(ne.field)) problems.push(`"${ne.field}" is also negative evidence (negative_evidence[${j}]), which judges it as written and would penalise exactly the transposed pairs`);
      });
      for (const message of problems) issues.push({ path, message });
      pair.forEach((column) => crossed.set(column, crossed.get(column) ?? k));
    });
  });
  return issues;
}

/** An excluded column is one the user said must never be matched on; using it anyway is a contradiction. */
function excludedButUsed(input: ConfigInput): Issue[] {
  const excluded = new Set(input.exclude_columns ?? []);
  if (excluded.size === 0) return [];
  const issues: Issue[] = [];
  const flag = (path: string, column: string): void => {
    if (excluded.has(column)) issues.push({ path, message: `column "${column}" is listed in exclude_columns, so it cannot be used here` });
  };
  input.matchkeys.forEach((mk, i) => {
    mk.fields.forEach((f, j) => flag(`matchkeys[${i}].fields[${j}].field`, f.field));
    if (mk.type === 'weighted') (mk.swaps ?? []).forEach((pair, k) => pair.forEach((c, side) => flag(`matchkeys[${i}].swaps[${k}][${side}]`, c)));
    (mk.negative_evidence ?? []).forEach((ne, j) => flag(`matchkeys[${i}].negative_evidence[${j}].field`, ne.field));
  });
  (input.blocking?.keys ?? []).forEach((key, k) => {
    key.fields.forEach((f, j) => flag(`blocking.keys[${k}].fields[${j}].field`, f.field));
    (key.split_by ?? []).forEach((f, j) => flag(`blocking.keys[${k}].split_by[${j}].field`, f.field));
  });
  return issues;
}
