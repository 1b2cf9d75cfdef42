/** Runs the controller on a table with a real two-thread pool, closing it after. */
import { runController, type ControllerOptions, type ControllerResult } from '../../src/autoconfig/controller.js';
import { parseTelemetry } from '../../src/autoconfig/telemetry-schema.js';
import type { ColumnStore } from '../../src/data/column-store.js';
import { WorkerPool } from '../../src/engine/worker-pool.js';

/** Runs the controller; the telemetry goes through the one parser, as every reader does. */
export async function control(store: ColumnStore, options: Partial<ControllerOptions> = {}): Promise<ControllerResult> {
  const pool = new WorkerPool({ workers: 2 });
  try {
    const result = await runController(store, pool, { source: 'test', ...options });
    return { config: result.config, telemetry: parseTelemetry(JSON.parse(JSON.stringify(result.telemetry))) };
  } finally {
    await pool.close();
  }
}
