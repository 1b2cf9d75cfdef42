/** Piscina entry point: thin named exports that call engine code inside a worker thread. */
import { workerData } from 'node:worker_threads';
import { lowerThreadPriority, poolNiceness } from '../src/engine/thread-priority.js';

// Once per thread, before any task: the priority the pool asked for.
lowerThreadPriority(poolNiceness(workerData));

export { compactColumn, countChunk, fillChunk, quoteSplitPoints } from '../src/data/ingest-tasks.js';
export { alignmentEvidenceTask } from '../src/data/alignment-evidence.js';
export { fingerprintBytes } from '../src/store/fingerprint.js';
export { prepareColumn } from '../src/engine/fields/prepare-column.js';
export { buildPass } from '../src/engine/blocking/block-pass.js';
export { buildWindowPass } from '../src/engine/blocking/window-pass.js';
export { buildPassKeyTable } from '../src/engine/blocking/key-table.js';
export { unorderedKey } from '../src/engine/blocking/unordered-key.js';
export { scorePairs, matchBatch } from '../src/engine/scoring/score-task.js';
export { scoreQueue } from '../src/engine/scoring/score-queue.js';
export { fillRowRecords } from '../src/engine/scoring/row-records-task.js';
export { scoreChanges } from '../src/engine/scoring/change-task.js';
export { mergeScoredParts } from '../src/engine/scoring/score-phase.js';
export { planScore } from '../src/engine/scoring/plan-score.js';
export { clusterLinks } from '../src/engine/cluster-task.js';
export { trainProbabilistic } from '../src/engine/scoring/probabilistic-bridge.js';
export { certifyCaptures } from '../src/engine/analysis/certify-task.js';
export { buildRetrievalPostings } from '../src/engine/analysis/retrieval-postings.js';
export { buildServedRun } from '../src/server/served-run-task.js';
export { suggestionFacts } from '../src/server/analysis/suggestion-facts.js';
export { controllerSetup } from '../src/autoconfig/controller-setup.js';
