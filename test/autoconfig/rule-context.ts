/** A rule context built from only the parts a rule test cares about, for calling one rule directly. */
import type { HealthSignals } from '../../src/autoconfig/health-signals.js';
import type { RuleContext } from '../../src/autoconfig/rules.js';
import type { Config } from '../../src/config/types.js';
import { ColumnStore } from '../../src/data/column-store.js';

/**
 * A one-matchkey configuration at `threshold` (no fields), enough for the threshold rules.
 *
 * @example
 * thresholdConfig(0.8).matchkeys[0].threshold; // 0.8
 */
export function thresholdConfig(threshold: number): Config {
  return { matchkeys: [{ name: 'auto_weighted', type: 'weighted', threshold, fields: [], negative_evidence: [] }] } as unknown as Config;
}

/**
 * The context of a run with these signals (and the previous run's), red, no profiles, priors or source.
 *
 * @example
 * rule.apply(ruleContext(thresholdConfig(0.8), { n_matched: 900 } as HealthSignals, null));
 */
export function ruleContext(config: Config, signals: HealthSignals, previous: HealthSignals | null): RuleContext {
  return {
    config,
    signals,
    previous,
    verdict: { health: 'red', reasons: [], degenerateBlocking: false },
    profiles: [],
    priors: [],
    source: null,
    sample: ColumnStore.fromRows([], []),
    uniform: ColumnStore.fromRows([], []),
    tableRows: 0,
  };
}
