/** Test helper: compare similarity scores within a tolerance (the parity bar is 1e-6). */
import assert from 'node:assert/strict';

/**
 * Asserts `|actual − expected| ≤ tolerance`, naming the case on failure.
 *
 * @example
 * assertClose(jaroWinkler('martha', 'marhta'), 0.961111, 'martha/marhta');
 */
export function assertClose(actual: number, expected: number, label: string, tolerance = 1e-6): void {
  assert.ok(
    Math.abs(actual - expected) <= tolerance,
    `${label}: expected ${expected} (±${tolerance}), got ${actual}`,
  );
}
