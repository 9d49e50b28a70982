// Worker entry: teaches this thread TypeScript (tsx), then loads the worker named by the parent.
// Plain JavaScript because a fresh worker thread cannot load a .ts file by itself, under tsx or vitest.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
