/** Renders the intermediate form as SQL statements of one dialect: prepared records, candidate pairs, kept edges. */
import { KindredError } from '../errors/registry.js';
import type { Dialect } from './dialect.js';
import type { PlanComparison, PlanMatchkey, SqlPlan } from './plan.js';
import { transformSql } from './transform-sql.js';

/**
 * The name the embedded DuckDB engine registers kindred's transforms under (src/engine/sql/engine-functions.ts).
 *
 * @example
 * `${TRANSFORM_FUNCTION}('soundex', c0)`; // "kindred_transform('soundex', c0)"
 */
export const TRANSFORM_FUNCTION = 'kindred_transform';

/**
 * The name the embedded DuckDB engine registers kindred's scorers under.
 *
 * @example
 * `${SCORE_FUNCTION}('token_sort', l.c1, r.c1)`;
 */
export const SCORE_FUNCTION = 'kindred_score';

/** Where the records come from and what to call the tables made. */
export interface RenderOptions {
  /** The input table (already a SQL name or table expression). */
  source: string;
  /** The column (SQL expression) that identifies a record: pairs and clusters name records by it. */
  id: string;
  /** Prefix of the tables created (`<prefix>records`, `<prefix>candidates`, `<prefix>edges`). */
  prefix: string;
  /**
   * True when kindred's engine functions are available (the embedded DuckDB
   * engine): what has no exact SQL form calls them. False: such a scorer is
   * a compile error, and a transform or scorer exact on ASCII only fails the
   * query on other text, naming the field.
   */
  engineFunctions: boolean;
  /** The call of a function the script creates for a scorer the dialect lacks (exact on all text) on two SQL expressions, or null. */
  scorerFunction?: (scorer: string) => ((a: string, b: string) => string) | null;
  /** The call of a function the script creates for a transform the dialect has no SQL for (exact on all text), or null. */
  transformFunction?: (spec: string) => ((x: string) => string) | null;
}

/** One statement of the compiled pipeline. */
export interface SqlStatement {
  /** The table it creates. */
  table: string;
  /** What the table holds (printed as a comment). */
  purpose: string;
  sql: string;
}

/**
 * The pipeline as statements, in order: the prepared records (row id and
 * one column per transformed field), the candidate pairs (union of passes,
 * each pair once: a pass leaves out pairs an earlier pass holds), and the
 * kept edges (`a < b`, score, deciding matchkey index, matched flag).
 *
 * @throws KindredError `sql_unsupported` naming the field and dialect of a scorer that has no form there.
 * @example
 * const stmts = renderSql(planSql(config), duckdb, { source: 'people', id: 'rowid', prefix: 'kindred_', engineFunctions: false });
 * stmts.map((s) => s.table); // ['kindred_records', 'kindred_candidates', 'kindred_edges']
 */
export function renderSql(plan: SqlPlan, d: Dialect, opts: RenderOptions): SqlStatement[] {
  const records = `${opts.prefix}records`;
  const candidates = `${opts.prefix}candidates`;
  const edges = `${opts.prefix}edges`;
  return [
    { table: records, purpose: 'one row per record: its id and every prepared (transformed) field', sql: d.createTable(records, recordsSelect(plan, d, opts)) },
    { table: candidates, purpose: 'candidate pairs (a < b): the union of the blocking passes, each pair once', sql: d.createTable(candidates, candidatesSelect(plan, d, records)) },
    {
      table: edges,
      purpose: 'kept pairs: matched or in the review band, with the score and the deciding matchkey (index in the configuration)',
      sql: d.createTable(edges, edgesSelect(plan, d, opts, records, candidates)),
    },
  ];
}

/** Transform chains as stacked SELECTs, one step per level, so no expression nests another step's text. */
function recordsSelect(plan: SqlPlan, d: Dialect, opts: RenderOptions): string {
  const depth = Math.max(0, ...plan.columns.map((c) => c.ref.transforms.length));
  const stringType = d.name === 'spark' || d.name === 'bigquery' ? 'STRING' : 'VARCHAR';
  const base = plan.columns.map((c) => `NULLIF(CAST(${d.ident(c.ref.field)} AS ${stringType}), '') AS ${c.name}`);
  let sql = `SELECT ${opts.id} AS row_id${base.map((b) => `,\n  ${b}`).join('')}\nFROM ${opts.source}`;
  for (let level = 0; level < depth; level++) {
    const cols = plan.columns.map((c) => {
      const spec = c.ref.transforms[level];
      if (spec === undefined) return c.name;
      return `NULLIF(CASE WHEN ${c.name} IS NULL THEN NULL ELSE ${stepSql(d, opts, spec, c.name, c.origin)} END, '') AS ${c.name}`;
    });
    sql = `SELECT row_id${cols.map((c) => `,\n  ${c}`).join('')}\nFROM (\n${indent(sql)}\n) AS step${level + 1}`;
  }
  // Unordered passes: each row's two key values, smaller first (code-point order: every dialect compares strings so), null when either is missing.
  const unordered = plan.passes.flatMap((p) => {
    if (p.unordered === null) return [];
    const [a, b] = p.unordered.of;
    const missing = `${a} IS NULL OR ${b} IS NULL`;
    return [`CASE WHEN ${missing} THEN NULL ELSE ${d.least(a, b)} END AS ${p.columns[0]}`, `CASE WHEN ${missing} THEN NULL ELSE ${d.greatest(a, b)} END AS ${p.columns[1]}`];
  });
  if (unordered.length > 0) sql = `SELECT keyed.*${unordered.map((u) => `,\n  ${u}`).join('')}\nFROM (\n${indent(sql)}\n) AS keyed`;
  // Whether each value a built-in scorer compares is ASCII, once per row instead of twice per pair.
  const asciiColumns = [...new Set(plan.comparisons.filter((c) => d.builtinScorer(c.scorer, 'a', 'b') !== null).flatMap((c) => [c.column, c.right]))];
  // oversized: skip — a row of a block over the limit is not blocked by that pass (nor counted as found by it).
  const extras: string[] =
    plan.skipBlocksOver === null ? [] : plan.passes.flatMap((p, i) => (p.window === null ? [`count(*) OVER (PARTITION BY ${p.columns.join(', ')}) AS n${i}`] : []));
  // Sorted neighbourhood: each row's position among the rows holding every key column, sorted by them, ties by id.
  plan.passes.forEach((p, i) => {
    if (p.window === null) return;
    const missing = p.columns.map((c) => `${c} IS NULL`).join(' OR ');
    extras.push(`CASE WHEN ${missing} THEN NULL ELSE row_number() OVER (PARTITION BY CASE WHEN ${missing} THEN 1 ELSE 0 END ORDER BY ${p.columns.join(', ')}, row_id) END AS p${i}`);
  });
  // Term-frequency bits of each row's value (see TermFrequencyTable): clip(log2(C / freq(v)), -10, 10),
  // freq(v) = n_v / T over the rows holding a value, C = Σ_v freq(v)² = Σ_rows n_v / T² (integer sums; T² is exact
  // in a double below 9.4e7 rows, as the engine's). Window functions do not nest, so the counts come one level below
  // the bits, once per column whether tf_adjustment or min_weight_by_rarity reads it.
  const counted = [...new Set([...plan.tfColumns, ...plan.rarity.columns])];
  if (counted.length > 0) {
    const counts = counted.map((c) => `count(${c}) OVER (PARTITION BY ${c}) AS nv_${c},\n  count(${c}) OVER () AS nt_${c}`);
    sql = `SELECT counted.*${counts.map((x) => `,\n  ${x}`).join('')}\nFROM (\n${indent(sql)}\n) AS counted`;
  }
  const agreement = (c: string): string => `(sum(CASE WHEN ${c} IS NULL THEN 0 ELSE nv_${c} END) OVER () * 1e0 / (nt_${c} * 1e0 * nt_${c}))`;
  const tfBits = (c: string): string => d.least('10e0', d.greatest('-10e0', d.log2(`${agreement(c)} / (nv_${c} * 1e0 / nt_${c})`)));
  for (const c of plan.tfColumns) extras.push(`CASE WHEN ${c} IS NULL THEN NULL ELSE ${tfBits(c)} END AS tf_${c}`);
  // Each value's share of its column's evidence (ValueRarity): 1 + tf bits / log2(1 / C), in [0, 1]; 1 when the column holds one value.
  for (const c of plan.rarity.columns) {
    const columnBits = `(-${d.log2(agreement(c))})`;
    const share = d.least('1e0', d.greatest('0e0', `1e0 + ${tfBits(c)} / ${columnBits}`));
    extras.push(`CASE WHEN ${c} IS NULL THEN NULL WHEN ${columnBits} > 0e0 THEN ${share} ELSE 1e0 END AS rar_${c}`);
  }
  for (const c of asciiColumns) extras.push(`${d.isAscii(c)} AS ascii_${c}`);
  if (extras.length === 0) return sql;
  return `SELECT prepared.*${extras.map((s) => `,\n  ${s}`).join('')}\nFROM (\n${indent(sql)}\n) AS prepared`;
}

function stepSql(d: Dialect, opts: RenderOptions, spec: string, x: string, origin: string): string {
  const step = transformSql(d, spec, x);
  const viaFunction = `${TRANSFORM_FUNCTION}(${d.str(spec)}, ${x})`;
  if (step.kind === 'exact') return step.sql;
  if (step.kind === 'ascii') {
    const other = opts.engineFunctions ? viaFunction : d.fail(`kindred: ${origin}: transform ${spec} is compiled for ASCII text only in ${d.name}; got another character`);
    return `CASE WHEN ${d.isAscii(x)} THEN ${step.sql} ELSE ${other} END`;
  }
  if (opts.engineFunctions) return viaFunction;
  const created = opts.transformFunction?.(spec) ?? null;
  if (created !== null) return created(x);
  throw new KindredError('sql_unsupported', `cannot compile to SQL: ${origin}: transform "${spec}" has no ${d.name} form (the embedded duckdb engine runs it as an engine function)`);
}

/** Whether rows l and r are paired by pass i (symmetric in l and r). */
function passMatch(plan: SqlPlan, i: number): string {
  const p = plan.passes[i];
  if (p.window !== null) return `abs(l.p${i} - r.p${i}) < ${p.window}`;
  const eq = p.columns.map((c) => `l.${c} = r.${c}`);
  if (plan.skipBlocksOver !== null) eq.push(`l.n${i} <= ${plan.skipBlocksOver}`);
  return eq.join(' AND ');
}

function candidatesSelect(plan: SqlPlan, d: Dialect, records: string): string {
  // No pass, no candidate pair (as in the worker-pool engine): an empty table of the right column types.
  if (plan.passes.length === 0) return `SELECT l.row_id AS a, r.row_id AS b\nFROM ${records} AS l JOIN ${records} AS r ON l.row_id = r.row_id\nWHERE FALSE`;
  return plan.passes
    .map((p, i) => {
      // A window pass joins each row with the next window − 1 in its order (a range join), naming the pair by its ids.
      const on = p.window === null ? [passMatch(plan, i), 'l.row_id < r.row_id'] : [`r.p${i} > l.p${i}`, `r.p${i} < l.p${i} + ${p.window}`];
      if (plan.link?.linkOnly) on.push(d.distinct(`l.${plan.link.column}`, `r.${plan.link.column}`));
      const earlier = plan.passes.slice(0, i).map((_, q) => `COALESCE(${passMatch(plan, q)}, FALSE)`);
      const where = earlier.length > 0 ? `\nWHERE NOT (${earlier.join('\n  OR ')})` : '';
      const pair = p.window === null ? 'l.row_id AS a, r.row_id AS b' : `${d.least('l.row_id', 'r.row_id')} AS a, ${d.greatest('l.row_id', 'r.row_id')} AS b`;
      return `-- ${p.label}\nSELECT ${pair}\nFROM ${records} AS l JOIN ${records} AS r ON ${on.join(' AND ')}${where}`;
    })
    .join('\nUNION ALL\n');
}

function comparisonSql(d: Dialect, opts: RenderOptions, c: PlanComparison): string {
  const a = `l.${c.column}`;
  const b = `r.${c.right}`;
  const head = `CASE WHEN ${a} IS NULL OR ${b} IS NULL THEN NULL WHEN ${a} = ${b} THEN 1e0`;
  if (c.scorer === 'exact') return `${head} ELSE 0e0 END AS ${c.name}`;
  const viaFunction = `${SCORE_FUNCTION}(${d.str(c.scorer)}, ${a}, ${b})`;
  const builtin = d.builtinScorer(c.scorer, a, b);
  if (builtin !== null) {
    const other = opts.engineFunctions
      ? viaFunction
      : d.fail(`kindred: ${c.origin}: scorer ${c.scorer} is compiled for ASCII text only in ${d.name}; got another character`);
    return `${head} WHEN l.ascii_${c.column} AND r.ascii_${c.right} THEN ${builtin} ELSE ${other} END AS ${c.name}`;
  }
  const created = opts.scorerFunction?.(c.scorer) ?? null;
  if (created !== null) return `${head} ELSE ${created(a, b)} END AS ${c.name}`;
  if (opts.engineFunctions && c.scorer.split(':')[0] !== 'tfidf_cosine') return `${head} ELSE ${viaFunction} END AS ${c.name}`;
  throw new KindredError(
    'sql_unsupported',
    `cannot compile to SQL: ${c.origin}: scorer "${c.scorer}" has no ${d.name} form` +
      (c.scorer.startsWith('tfidf_cosine') ? ' (its weights come from the whole column)' : opts.engineFunctions ? '' : ' (the embedded duckdb engine runs it as an engine function)'),
  );
}

/** Sums in configuration order, left to right, as the worker does: the same doubles. */
function leftSum(terms: string[]): string {
  return terms.reduce((acc, t) => `(${acc} + ${t})`, '0e0');
}

/** A Fellegi–Sunter matchkey's normalised score (as `FellegiSunterModel.scorePair`): W over observed fields, scaled between their weight bounds. */
function probabilisticSql(d: Dialect, p: NonNullable<PlanMatchkey['probabilistic']>): string {
  const observed = (s: string): string => (p.missingDisagrees ? 'TRUE' : `${s} IS NOT NULL`);
  const terms = p.fields.map((f) => {
    const s = f.comparison;
    const level =
      f.level.kind === 'three'
        ? `CASE WHEN ${s} >= ${d.num(f.level.top)} THEN 2 WHEN ${s} >= ${d.num(f.level.partial)} THEN 1 ELSE 0 END`
        : `(${f.level.cuts.map((c) => `CASE WHEN ${s} >= ${d.num(c)} THEN 1 ELSE 0 END`).join(' + ')})`;
    const lvl = p.missingDisagrees ? `CASE WHEN ${s} IS NULL THEN 0 ELSE ${level} END` : level;
    const weight = `CASE ${lvl} ${f.weights.map((w, k) => `WHEN ${k} THEN ${d.num(w)}`).join(' ')} END`;
    const withTf = f.tfColumn === null ? weight : `(${weight} + CASE WHEN ${lvl} = ${f.weights.length - 1} AND tf_${f.tfColumn} IS NOT NULL THEN tf_${f.tfColumn} ELSE 0e0 END)`;
    return {
      w: `CASE WHEN ${observed(s)} THEN ${withTf} ELSE 0e0 END`,
      lo: `CASE WHEN ${observed(s)} THEN ${d.num(f.minWeight)} ELSE 0e0 END`,
      hi: `CASE WHEN ${observed(s)} THEN ${d.num(f.maxWeight)} ELSE 0e0 END`,
      observed: observed(s),
    };
  });
  const w = leftSum(terms.map((t) => t.w));
  const lo = leftSum(terms.map((t) => t.lo));
  const hi = leftSum(terms.map((t) => t.hi));
  const scaled = `(${w} - ${lo}) / (${hi} - ${lo})`;
  const anyObserved = terms.map((t) => t.observed).join(' OR ');
  return `CASE WHEN NOT (${anyObserved}) OR NOT ((${hi} - ${lo}) > 0e0) THEN 0.5e0 WHEN ${scaled} <= 0e0 THEN 0e0 WHEN ${scaled} >= 1e0 THEN 1e0 ELSE ${scaled} END`;
}

/**
 * The weighted mean over the present terms (as `weightedMean`), over at
 * least `minWeight`; 0 when none is present. With `byRarity`, a term counts
 * toward `minWeight` at its weight times its pair's value share (`sh_`).
 */
function weightedMeanSql(d: Dialect, terms: PlanMatchkey['fields'], minWeight: number, byRarity: boolean): string {
  const num = leftSum(terms.map((f) => `CASE WHEN ${f.comparison} IS NULL THEN 0e0 ELSE ${d.num(f.weight)} * ${f.comparison} END`));
  const den = leftSum(terms.map((f) => `CASE WHEN ${f.comparison} IS NULL THEN 0e0 ELSE ${d.num(f.weight)} END`));
  if (!byRarity) return `CASE WHEN ${den} > 0e0 THEN ${num} / ${d.greatest(den, d.num(minWeight))} ELSE 0e0 END`;
  const counted = leftSum(terms.map((f) => `CASE WHEN ${f.comparison} IS NULL THEN 0e0 ELSE ${d.num(f.weight)} * sh_${f.comparison} END`));
  return `CASE WHEN ${den} > 0e0 THEN ${num} / (${den} + ${d.greatest('0e0', `${d.num(minWeight)} - ${counted}`)}) ELSE 0e0 END`;
}

function matchkeySql(d: Dialect, mk: PlanMatchkey): string {
  let base: string;
  if (mk.probabilistic !== null) {
    base = probabilisticSql(d, mk.probabilistic);
  } else if (mk.type === 'exact') {
    base = `CASE WHEN ${mk.fields.map((f) => `COALESCE(${f.comparison} = 1e0, FALSE)`).join(' AND ')} THEN 1e0 ELSE 0e0 END`;
  } else {
    base = weightedMeanSql(d, mk.fields, mk.minWeight, mk.byRarity);
    // Swapped columns: the best reading (bestReading). A reading crossing a swap that agrees fully as written is
    // not scored, as in the engine: equal in exact arithmetic, its doubles could beat the reading as written by an ulp.
    for (const reading of mk.crossed) {
      const agreeing = reading.unlessAgreeing.map(([x, y]) => `(${x} = 1e0 AND ${y} = 1e0)`).join(' OR ');
      base = d.greatest(base, `CASE WHEN ${agreeing} THEN 0e0 ELSE ${weightedMeanSql(d, reading.fields, mk.minWeight, mk.byRarity)} END`);
    }
  }
  if (mk.negatives.length === 0) return base;
  // Penalties subtract in order; an exact matchkey that failed stays 0 (the worker returns before them).
  let s = base;
  for (const ne of mk.negatives) s = `(${s} - CASE WHEN ${ne.comparison} IS NOT NULL AND ${ne.comparison} < ${d.num(ne.threshold)} THEN ${d.num(ne.penalty)} ELSE 0e0 END)`;
  const penalised = `${d.greatest(s, '0e0')}`;
  return mk.type === 'exact' ? `CASE WHEN (${base}) = 0e0 THEN 0e0 ELSE ${penalised} END` : penalised;
}

/**
 * The deciding matchkey (as in `decide`): the accepting one with the
 * highest score, ties to the first; when none accepts, the highest-scoring
 * non-exact one (any, when all are exact), ties to the first.
 */
function deciderSql(plan: SqlPlan, d: Dialect): string {
  const mks = plan.matchkeys;
  const acc = (k: number): string => `m${k} >= ${d.num(mks[k].acceptAt)}`;
  const anyFuzzy = mks.some((m) => m.type !== 'exact');
  const candidates = (eligible: (k: number) => string | null): string[] =>
    mks.flatMap((_, k) => {
      const self = eligible(k);
      if (self === null) return [];
      const beats = mks.flatMap((__, j) => {
        if (j === k) return [];
        const other = eligible(j);
        if (other === null) return [];
        return [`(NOT (${other}) OR m${k} ${j < k ? '>' : '>='} m${j})`];
      });
      return [`WHEN ${[self, ...beats].join(' AND ')} THEN ${k}`];
    });
  const accepting = candidates((k) => acc(k));
  const fallback = candidates((k) => (anyFuzzy && mks[k].type === 'exact' ? null : 'TRUE'));
  const anyAccepts = mks.map((_, k) => acc(k)).join(' OR ');
  return `CASE WHEN ${anyAccepts} THEN CASE ${accepting.join(' ')} END ELSE CASE ${fallback.join(' ')} END END`;
}

function edgesSelect(plan: SqlPlan, d: Dialect, opts: RenderOptions, records: string, candidates: string): string {
  const sims = plan.comparisons.map((c) => comparisonSql(d, opts, c));
  for (const c of plan.tfColumns) sims.push(`CASE WHEN l.${c} = r.${c} THEN l.tf_${c} END AS tf_${c}`);
  // The share of the commoner of the two values a comparison reads (a's column, b's right column).
  for (const name of plan.rarity.comparisons) {
    const c = plan.comparisons.find((x) => x.name === name) as PlanComparison;
    sims.push(`${d.least(`l.rar_${c.column}`, `r.rar_${c.right}`)} AS sh_${name}`);
  }
  const scored = `SELECT c.a, c.b${sims.map((s) => `,\n  ${s}`).join('')}\nFROM ${candidates} AS c\nJOIN ${records} AS l ON l.row_id = c.a\nJOIN ${records} AS r ON r.row_id = c.b`;
  const mkCols = plan.matchkeys.map((mk, k) => `${matchkeySql(d, mk)} AS m${k}`);
  const perMatchkey = `SELECT a, b${mkCols.map((m) => `,\n  ${m}`).join('')}\nFROM (\n${indent(scored)}\n) AS compared`;
  const decided = `SELECT a, b, ${plan.matchkeys.map((_, k) => `m${k}`).join(', ')},\n  ${deciderSql(plan, d)} AS decider\nFROM (\n${indent(perMatchkey)}\n) AS scored`;
  const pick = (values: (k: number) => string): string =>
    plan.matchkeys.length === 1 ? values(0) : `CASE decider ${plan.matchkeys.map((_, k) => `WHEN ${k} THEN ${values(k)}`).join(' ')} END`;
  const final =
    `SELECT a, b, ${pick((k) => `m${k}`)} AS score, decider,\n  ${pick((k) => `m${k}`)} >= ${pick((k) => d.num(plan.matchkeys[k].acceptAt))} AS matched,\n` +
    `  ${pick((k) => `m${k}`)} >= ${pick((k) => d.num(plan.matchkeys[k].keepAt))} AS kept\nFROM (\n${indent(decided)}\n) AS decided`;
  return `SELECT a, b, score, decider, matched\nFROM (\n${indent(final)}\n) AS outcome\nWHERE matched OR kept`;
}

function indent(sql: string): string {
  return sql.replace(/^/gm, '  ');
}
