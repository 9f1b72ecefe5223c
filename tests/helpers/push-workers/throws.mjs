// A send thread that dies on its first push (an uncaught exception), before answering any.
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', () => {
  throw new Error('send thread broke');
});
