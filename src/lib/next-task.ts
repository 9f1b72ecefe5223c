// A yield to the event loop, so that what follows runs as a task of its own (the browser can paint
// and handle input between the two). scheduler.yield() where the browser has it: its continuation
// goes before other queued tasks of the same priority. Else a MessageChannel message, which is not
// clamped as a nested setTimeout(0) is; setTimeout where neither exists.

interface YieldingScheduler {
  yield?: () => Promise<void>;
}

export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
