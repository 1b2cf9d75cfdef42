import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../../bench/lib/repo-paths.js';
import { CORRUPTED_SHARE } from '../../bench/lib/corrupt-column.js';
import { PROBE_THRESHOLD_RULE } from '../../src/autoconfig/probe-threshold.js';
import { seededStream } from '../../src/engine/probabilistic/seeded-random.js';
import { control } from './controller-run.js';
import { table } from './fixtures.js';

// Splink's fake_1000 (MIT, ../shared/data): people with typos in every column; `unique_id` and `cluster` state the truth and are dropped.
const RECORDS = join(REPO_ROOT, '..', 'shared', 'data', 'splink_fake_1000', 'records.csv');

function fake1000(blank: readonly string[]): ReturnType<typeof table> {
  const [header, ...lines] = readFileSync(RECORDS, 'utf8').trim().split('\n').map((l) => l.split(','));
  const keep = header.map((_, i) => i).filter((i) => header[i] !== 'unique_id' && header[i] !== 'cluster');
  const random = seededStream(1004);
  const rows = lines.map((cells) => keep.map((i) => (cells[i] === '' || (blank.includes(header[i]) && random() < CORRUPTED_SHARE) ? null : cells[i])));
  return table(keep.map((i) => header[i]), rows);
}

// E-mails alone blanked lost the valley until first name and surname were read crossed (the transposed pairs rose into the
// match hump and made one); with the cities blanked too, the scores have none again.
test('with 40% of the e-mails and cities blanked the scores lose their valley, and the probe moves v0\'s guessed threshold', async (t) => {
  if (!existsSync(RECORDS)) return t.skip('../shared/data/splink_fake_1000 is not present');
  const { config, telemetry } = await control(fake1000(['email', 'city']));
  const step = telemetry.decisions?.find((d) => d.rule_name === PROBE_THRESHOLD_RULE);
  assert.ok(step, JSON.stringify(telemetry.decisions));
  assert.equal(telemetry.decisions?.some((d) => d.rule_name === 'score_valley'), false, 'no valley to set it by');
  const diff = step.config_diff?.['matchkeys[0].threshold'] as { from: number; to: number };
  assert.equal(diff.from, 0.75);
  assert.ok(diff.to > 0.75 && diff.to <= 0.87, `moved to ${diff.to}`);
  assert.equal(config.matchkeys[0].threshold, diff.to);
  assert.equal(telemetry.committed_matchkeys?.[0]?.threshold, diff.to, 'the telemetry describes the committed threshold');
});

test('on the clean file a valley sets the threshold and the probe step stays out', async (t) => {
  if (!existsSync(RECORDS)) return t.skip('../shared/data/splink_fake_1000 is not present');
  const { telemetry } = await control(fake1000([]));
  assert.equal(telemetry.decisions?.some((d) => d.rule_name === PROBE_THRESHOLD_RULE), false, JSON.stringify(telemetry.decisions));
  assert.ok(telemetry.decisions?.some((d) => d.rule_name === 'score_valley'));
});
