/** Worker task: counts every pass's candidate pairs and cuts them into score tasks, so the walk over every block of every pass stays off the event loop. */
import type { PairLayout } from '../blocking/pair-layout.js';
import { planPass, type PairTask } from './pair-plan.js';

/** The pair layouts of a run's passes (their `starts` on shared memory) and the pool's size. */
export interface PlanScoreInput {
  passes: PairLayout[];
  workers: number;
}

/** Candidate pairs per pass and in all, the task size chosen and the tasks. */
export interface PlanScoreOutput {
  perPass: number[];
  total: number;
  target: number;
  tasks: PairTask[];
}

/** Fewest and most pairs a task holds: tiny tasks cost more in dispatch than they score, huge ones unbalance the end. */
const MIN_TASK_PAIRS = 20_000;
const MAX_TASK_PAIRS = 2_000_000;
/** Tasks per worker: several keep both cores busy when blocks are uneven. */
const TASKS_PER_WORKER = 16;

/**
 * Counts the candidate pairs of every pass and plans score tasks of about
 * `total / (workers × 16)` pairs each (within 20,000–2,000,000), from the
 * pair counts each pass's build left in its layout (`pairsBefore`): a walk
 * of a few thousand blocks per task, where counting and cutting block by
 * block walked millions twice (54–98 ms at tight 1M, on one worker). Still
 * a pool task: a giant block, or a sorted-neighbourhood run, is cut outer
 * row by outer row.
 *
 * @example
 * const plan = await pool.run('planScore', { passes: index.passes.map((p) => p.layout), workers: pool.size });
 * plan.tasks.length; // about 2 × 16 tasks of equal size
 */
export function planScore(input: PlanScoreInput): PlanScoreOutput {
  // Each pass's total is the last of its checkpoints, counted when it was built.
  const perPass = input.passes.map((p) => p.pairsBefore[p.pairsBefore.length - 1]);
  const total = perPass.reduce((s, x) => s + x, 0);
  const target = Math.max(MIN_TASK_PAIRS, Math.min(MAX_TASK_PAIRS, Math.ceil(total / (Math.max(1, input.workers) * TASKS_PER_WORKER))));
  const tasks = input.passes.flatMap((p, i) => planPass(i, p.starts, p.groups, target, p.span, p.pairsBefore));
  return { perPass, total, target, tasks };
}
