/** POST /explain: the deciding matchkey's field-by-field scoring of a pair, with a deterministic sentence. */
import type { Hono } from 'hono';
import type { ServerEnv } from '../middleware/chain/index.js';
import { safeJson } from '../http-errors.js';
import type { ServerState } from '../server-state.js';
import { ExplainSchema, parseRequest, toCells } from '../request-schemas.js';
import { KindredError } from '../../errors/registry.js';
import { explanationSentence } from '../explanation-sentence.js';
import { round6 } from '../../engine/scoring/round-score.js';

/** Registers `/explain`. */
export function registerExplain(app: Hono<ServerEnv>, state: ServerState): void {
  app.post('/explain', (c) => {
    const body = parseRequest(ExplainSchema, c.var.body ?? null);
    const results = state.current;
    const side = (row: number | undefined, rec: Record<string, string | number | boolean | null> | undefined, name: 'a' | 'b') => {
      if (row !== undefined && rec !== undefined) {
        throw new KindredError('invalid_request', `give either row_id_${name} or record_${name}, not both`, [{ path: `row_id_${name}`, message: 'conflicts with record_' + name }]);
      }
      if (row !== undefined) {
        results.requireRow(row, `row_id_${name}`);
        return row;
      }
      if (rec !== undefined) return toCells(rec);
      throw new KindredError('invalid_request', `missing record_${name} or row_id_${name}`, [{ path: `record_${name}`, message: 'required (or row_id_' + name + ')' }]);
    };
    const a = side(body.row_id_a, body.record_a, 'a');
    const b = side(body.row_id_b, body.record_b, 'b');
    const e = results.explain(a, b);
    const fields = e.fields.map((f) => ({
      field: f.field,
      scorer: f.scorer,
      score: f.score === null ? null : round6(f.score),
      weight: round6(f.weight),
      value_a: f.value_a,
      value_b: f.value_b,
      ...(f.penalty !== undefined ? { penalty: round6(f.penalty) } : {}),
      ...(f.compared_with !== undefined ? { compared_with: f.compared_with } : {}),
      ...(f.rarity_share !== undefined ? { rarity_share: round6(f.rarity_share) } : {}),
    }));
    return safeJson(c, {
      overall_score: round6(e.score),
      threshold: round6(e.threshold),
      is_match: e.isMatch,
      matchkey: e.matchkey,
      explanation: explanationSentence(e),
      field_scores: fields,
      ...(e.evidence_floor !== undefined ? { evidence_floor: { min_weight: round6(e.evidence_floor.min_weight), counted: round6(e.evidence_floor.counted) } } : {}),
    });
  });
}
