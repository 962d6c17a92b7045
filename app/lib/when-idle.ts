/**
 * Runs `task` in a task of its own once the browser is idle (at the latest after `timeoutMs`), so that
 * work nobody waits for stays out of the page's first, blocking task. Browsers without
 * `requestIdleCallback` (Safari) get a short timer instead. Returns a function that cancels the task.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 200);
  return () => window.clearTimeout(timer);
}
