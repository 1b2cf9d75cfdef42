/** Piscina entry point: thin named exports that call engine code inside a worker thread. */
export { countChunk, fillChunk } from '../src/data/ingest-tasks.js';
