// A send thread that takes pushes and never answers (stuck), and sends none.
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', () => {});
