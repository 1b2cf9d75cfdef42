/** Worker-thread entry of the auto-configuration controller (started by `runControllerInThread`). */
import { parentPort, workerData } from 'node:worker_threads';
import { controllerThreadMain, type ControllerThreadData } from '../src/autoconfig/controller-thread.js';

if (parentPort === null) throw new Error('controller-worker.js runs as a worker thread only');
await controllerThreadMain(parentPort, workerData as ControllerThreadData);
