/** The configuration of a command run without --config: the auto-configuration controller's, reported as the `autoconfig` phase. */
import type { ControllerResult } from '../autoconfig/controller.js';
import { runControllerInThread } from '../autoconfig/controller-thread.js';
import type { ColumnAlignment } from '../data/column-alignment.js';
import type { ColumnStore } from '../data/column-store.js';
import type { WorkerPool } from '../engine/worker-pool.js';
import type { Progress } from './progress.js';

/**
 * Runs the controller on the loaded table (matching on the pool) and logs
 * one `autoconfig` phase line with its health, stop reason and decisions.
 * `serve`, `dedupe` and `evaluate` all start this way without a config.
 *
 * @example
 * const { config, telemetry } = await zeroConfig(store, pool, { source: 'cli_autoconfig', exclude: ['rec_id'] }, progress);
 */
export async function zeroConfig(
  store: ColumnStore,
  pool: WorkerPool,
  options: { source: string; exclude: readonly string[]; signal?: AbortSignal; alignment?: ColumnAlignment | null; anchors?: Int32Array | null },
  progress: Progress,
): Promise<ControllerResult> {
  const t = performance.now();
  const result = await runControllerInThread(store, pool, {
    source: options.source,
    exclude: options.exclude,
    signal: options.signal,
    anchors: options.anchors,
    onProgress: (done, total) => progress.tick('autoconfig', done, total),
  });
  // Two files linked: how their columns were aligned is part of how the configuration was reached.
  if (options.alignment) result.telemetry.column_alignment = options.alignment;
  const telemetry = result.telemetry;
  progress.phase({
    phase: 'autoconfig',
    ms: performance.now() - t,
    detail: { health: telemetry.health ?? 'none', stop_reason: telemetry.stop_reason ?? 'none', decisions: telemetry.decisions?.length ?? 0 },
  });
  return result;
}
