/**
 * Background work that must stop before the database closes (the outbox sender, retention purges,
 * counter flushes): each part registers a stop function here; a graceful shutdown runs them all.
 */
type StopFunction = () => Promise<void> | void;

const tasks = new Map<string, StopFunction>();

/** Registers (or replaces) the stop function of a background task; returns its unregister function. */
export function registerBackgroundTask(name: string, stop: StopFunction): () => void {
  tasks.set(name, stop);
  return () => {
    if (tasks.get(name) === stop) tasks.delete(name);
  };
}

/** Stops every registered task (in parallel, each at most `timeoutMs`); returns the names that failed. */
export async function stopBackgroundTasks(timeoutMs = 5_000): Promise<string[]> {
  const entries = [...tasks.entries()];
  tasks.clear();
  const failed: string[] = [];
  await Promise.all(
    entries.map(async ([name, stop]) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          Promise.resolve().then(stop),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error("timed out")), timeoutMs);
          }),
        ]);
      } catch {
        failed.push(name);
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return failed;
}
