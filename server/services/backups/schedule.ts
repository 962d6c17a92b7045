/**
 * The backup schedule of a server process: a backup every BACKUP_EVERY_HOURS, the first one as soon as the
 * newest in BACKUP_DIR is that old (shortly after start when there is none), and one whenever the process gets
 * SIGUSR2 (how `npm run backup` asks a running server). A failed run is logged and tried again within the hour.
 */
import type { Logger } from "../../logger";
import type { StoredBackup } from "./store";

export const BACKUP_SIGNAL = "SIGUSR2";
const RETRY_MS = 3600_000;

export interface BackupScheduleOptions {
  everyHours: number;
  runNow: () => Promise<StoredBackup>;
  latest: () => Promise<StoredBackup | null>;
  logger: Logger;
  now: () => Date;
  /** Wait after start before a due backup, so the first requests are served first. */
  startDelayMs?: number;
  /** Listen for SIGUSR2 (the server process; not tests). */
  listenForSignal?: boolean;
}

export interface BackupSchedule {
  stop(): Promise<void>;
}

export function startBackupSchedule(options: BackupScheduleOptions): BackupSchedule {
  const intervalMs = options.everyHours * 3600_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  const schedule = (delayMs: number) => {
    if (stopped || intervalMs <= 0) return;
    clearTimeout(timer);
    // setTimeout holds at most 2^31-1 ms (24.8 days); a longer wait is taken in steps.
    timer = setTimeout(() => void tick(), Math.min(delayMs, 2 ** 31 - 1));
    timer.unref();
  };

  const run = (reason: string) => {
    running ??= options
      .runNow()
      .then((backup) => {
        options.logger.info({ file: backup.name, bytes: backup.bytes, reason }, "backup written");
        return true;
      })
      .catch((err: unknown) => {
        options.logger.error({ err: { type: err instanceof Error ? err.name : typeof err, message: err instanceof Error ? err.message : undefined }, reason }, "backup failed");
        return false;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  async function tick() {
    if (stopped) return;
    const latest = await options.latest().catch(() => null);
    const due = latest ? latest.takenAt.getTime() + intervalMs : 0;
    const wait = due - options.now().getTime();
    if (wait > 0) return schedule(wait);
    const ok = await run("schedule");
    schedule(ok ? intervalMs : Math.min(RETRY_MS, intervalMs));
  }

  const onSignal = () => {
    if (!stopped) void run("signal");
  };
  if (options.listenForSignal) process.on(BACKUP_SIGNAL, onSignal);
  schedule(options.startDelayMs ?? 30_000);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (options.listenForSignal) process.off(BACKUP_SIGNAL, onSignal);
      await running;
    },
  };
}
