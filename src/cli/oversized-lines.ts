/** Describes a run's oversized blocks for the command line: one line per block with its pass, key, size and what was done, capped. */
import type { OversizedBlock } from '../engine/blocking/block-index.js';

/** How many oversized blocks are listed before the rest are summarised in one line. */
const LISTED_BLOCKS = 20;

/**
 * Log lines for the oversized blocks of a run, so none goes unreported:
 * split blocks with their secondary key and sub-blocks, blocks scored whole
 * or skipped. At most `limit` lines, then one line counting the rest.
 *
 * @example
 * oversizedLines([{ pass: 'blocking.keys[0]', key: { zip: '10001' }, size: 6000, action: 'skipped', sub_block: false }], 5000);
 * // ['blocking.keys[0]: block zip="10001" has 6000 rows (max_block_size 5000): skipped, its pairs are not compared']
 */
export function oversizedLines(blocks: readonly OversizedBlock[], maxBlockSize: number, limit = LISTED_BLOCKS): string[] {
  const lines = blocks.slice(0, limit).map((o) => {
    const key = Object.entries(o.key).map(([field, value]) => `${field}=${JSON.stringify(value)}`).join(' ');
    const head = `${o.pass}: ${o.sub_block ? 'sub-block' : 'block'} ${key} has ${o.size} rows (max_block_size ${maxBlockSize})`;
    return `${head}: ${outcome(o)}`;
  });
  if (blocks.length > limit) lines.push(`… and ${blocks.length - limit} more oversized blocks`);
  return lines;
}

function outcome(o: OversizedBlock): string {
  if (o.action === 'skipped') return 'skipped, its pairs are not compared';
  if (o.action === 'scored') return 'scored whole';
  const s = o.split;
  if (s === undefined) return 'split';
  const by = s.by.join('+');
  const without = s.rows_without_split_key > 0 ? `; ${s.rows_without_split_key} rows without ${by} left out` : '';
  return `split by ${by} into ${s.sub_blocks} sub-blocks (largest ${s.largest_sub_block}${without})`;
}
