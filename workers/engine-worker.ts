/** Piscina entry point: thin named exports that call engine code inside a worker thread. */
export { countChunk, fillChunk } from '../src/data/ingest-tasks.js';
export { prepareColumn } from '../src/engine/fields/prepare-column.js';
export { buildPass } from '../src/engine/blocking/block-pass.js';
export { scorePairs, matchBatch } from '../src/engine/scoring/score-task.js';
export { scoreQueue } from '../src/engine/scoring/score-queue.js';
export { clusterLinks } from '../src/engine/cluster-task.js';
export { trainProbabilistic } from '../src/engine/scoring/probabilistic-bridge.js';
export { certifyCaptures } from '../src/engine/analysis/certify-task.js';
