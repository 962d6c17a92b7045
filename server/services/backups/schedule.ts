/**
 * The backup schedule of a server process: a backup every BACKUP_EVERY_HOURS, the first one as soon as the
 * newest in BACKUP_DIR is that old (shortly after start when there is none), and one whenever the process gets
 * SIGUSR2 (how `npm run backup` asks a running server). A failed run is logged and tried again within the hour.
 */
import type { Logger } from "../../logger";
import { backgroundLoop, type BackgroundLoop } from "../background-loop";
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

export type BackupSchedule = BackgroundLoop<BackupTurn>;

/** What a turn did: took a backup (or tried), or only found the newest one recent enough; and the wait to the next. */
interface BackupTurn {
  backedUp: boolean;
  waitMs: number;
}

/** The backup loop, not started (the composition root starts it once the server listens). */
export function backupSchedule(options: BackupScheduleOptions): BackupSchedule {
  const intervalMs = options.everyHours * 3600_000;

  const backUp = async (reason: string): Promise<boolean> => {
    try {
      const backup = await options.runNow();
      options.logger.info({ file: backup.name, bytes: backup.bytes, reason }, "backup written");
      return true;
    } catch (err: unknown) {
      options.logger.error({ err: { type: err instanceof Error ? err.name : typeof err, message: err instanceof Error ? err.message : undefined }, reason }, "backup failed");
      return false;
    }
  };

  const loop = backgroundLoop<BackupTurn>({
    name: "backups",
    logger: options.logger,
    // BACKUP_EVERY_HOURS=0: on demand only (the signal).
    firstDelayMs: intervalMs > 0 ? (options.startDelayMs ?? 30_000) : null,
    nextDelayMs: (turn) => (intervalMs <= 0 ? null : turn ? turn.waitMs : Math.min(RETRY_MS, intervalMs)),
    turn: async ({ reason }) => {
      if (reason === "timer") {
        const latest = await options.latest().catch(() => null);
        const due = latest ? latest.takenAt.getTime() + intervalMs : 0;
        const wait = due - options.now().getTime();
        if (wait > 0) return { waitMs: wait, backedUp: false };
      }
      const ok = await backUp(reason === "timer" ? "schedule" : reason);
      return { waitMs: ok ? intervalMs : Math.min(RETRY_MS, intervalMs), backedUp: true };
    },
  });

  // A signal that meets a turn which only found the newest backup recent enough asks again.
  const onSignal = () => {
    void loop.runNow("signal").then((turn) => {
      if (turn && !turn.backedUp) void loop.runNow("signal");
    });
  };
  let listening = false;
  return {
    ...loop,
    start() {
      loop.start();
      if (options.listenForSignal && !listening) process.on(BACKUP_SIGNAL, onSignal);
      listening = options.listenForSignal === true;
    },
    async stop() {
      if (listening) process.off(BACKUP_SIGNAL, onSignal);
      listening = false;
      await loop.stop();
    },
  };
}

export function startBackupSchedule(options: BackupScheduleOptions): BackupSchedule {
  const schedule = backupSchedule(options);
  schedule.start();
  return schedule;
}
