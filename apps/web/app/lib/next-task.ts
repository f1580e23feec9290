/**
 * Resolves in the next task of the page's event loop, so the work before and after it are two tasks, neither
 * of them long. A message, not a timer: a timer waits a second in a tab that is not visible.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
