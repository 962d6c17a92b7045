/**
 * The composition root: turns a validated environment and an open database into the services, the
 * background workers and the Express app. It is the only place a server process constructs services
 * (through ./services/index.ts); every other module receives what it needs from here.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import type { Express, RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { createApp, pageHeaderMiddleware } from "./app";
import type { Env } from "./config/env";
import type { DatabaseHandle } from "./db/client";
import type { AppDeps } from "./deps";
import type { Logger } from "./logger";
import { createStaticPages } from "./http/static-pages";
import { createPageRenderer, createPagesHandler, pilotOfPages } from "./pages";
import { FUNNEL_DAYS_DEFAULT } from "#core/pipeline/funnel";
import { appServiceConfigFromEnv, createAppServices, type AppServices } from "./services";
import { createDiskGuard, type DiskGuard } from "./services/disk-space";
import { createOperatorStatus } from "./services/operator-status";
import { backgroundLoop, errorKind } from "./services/background-loop";
import { backupSchedule } from "./services/backups";
import { createOutbox, mailCapSecret } from "./services/outbox";
import { offerExpirySchedule } from "./services/pipeline";
import { resolveHashSecret, retentionSchedule } from "./services/privacy";
import { dummyPasswordHash } from "./services/staff";
import { webhookWorker } from "./services/webhooks";
import { createForegroundLoad, type ForegroundLoad } from "./services/foreground";

/**
 * Work a process runs beside requests; started once the server listens, stopped before the database closes.
 * Each is a loop of ./services/background-loop.ts (ADR 0082).
 */
/** How often an instance reads the pilot's settings and status again (a change made here shows at once). */
const PILOT_REFRESH_MS = 5000;
/** How often due reminders are sent (ADR 0102). */
const REMINDER_EVERY_MS = 60_000;

export interface BackgroundWorker {
  name: string;
  start(): void;
  stop(): Promise<void>;
}

export interface RootOptions {
  env: Env;
  database: DatabaseHandle;
  logger: Logger;
  /** Clock seam for tests of expiry and windows. */
  now?: () => Date;
  /** Pages rendered by React Router; omitted in API-only tests. */
  pages?: { getBuild: () => Promise<ServerBuild>; mode: string };
  /** Built client assets (build/client). */
  clientDir?: string;
  /** Extra middleware before pages (the Vite dev server in development). */
  devMiddleware?: RequestHandler;
  /** The data directory's free-space guard (tests fake it); by default built for the embedded database. */
  disk?: DiskGuard;
  /** Whether the backup worker answers SIGUSR2 (`npm run backup`); the server process only. */
  backupSignal?: boolean;
}

export interface Root {
  app: Express;
  services: AppServices;
  workers: BackgroundWorker[];
  /** Lines for the start banner (where emails go). */
  banner: string[];
  /** Resolves once the public pages are built (at once when none are). */
  pagesBuilt: Promise<void>;
  /** Counts arriving requests so the webhook worker gives way during a burst (ADR 0074). */
  foreground: ForegroundLoad;
}

/** Whether a request path names a file of the built client (listed once: the build does not change while serving). */
function clientFileLookup(clientDir: string): (requestPath: string) => boolean {
  const files = new Set(
    readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`),
  );
  return (requestPath) => requestPath.startsWith("/assets/") || files.has(requestPath);
}

export async function composeRoot(options: RootOptions): Promise<Root> {
  const { env, database, logger } = options;
  const now = options.now ?? (() => new Date());
  const config = await appServiceConfigFromEnv(env, database, now);
  const services = createAppServices(config);
  // Computed now so the first sign-in with an unknown username takes no longer than any other.
  void dummyPasswordHash();

  // The webhook worker gives way to a burst of requests (ADR 0074); the process shell counts the requests.
  const foreground = createForegroundLoad();
  const outbox = createOutbox({
    env,
    db: database.db,
    logger,
    now,
    unsubscribeSecret: config.unsubscribeSecret,
    capSecret: mailCapSecret(await resolveHashSecret(database.db, env.PRIVACY_HASH_SECRET)),
  });
  const funnelWarmUp = backgroundLoop({
    name: "funnel-warm-up",
    logger,
    // One turn at start: the count runs in the cache, which a stop waits for.
    turn: async () => services.pipeline.funnel.warmUp({ by: "source", days: FUNNEL_DAYS_DEFAULT, zone: "UTC" }),
    firstDelayMs: 0,
    nextDelayMs: () => null,
  });
  // What the pages say of the pilot (places, window, status), read before the first page is built and every few
  // seconds after, so a change on another instance, a window that opens or closes, or the last place taken
  // reaches the pages (ADR 0091).
  await services.pipeline.pilot.refresh().catch((error: unknown) => {
    logger.error({ err: { type: errorKind(error) } }, "the pilot's settings could not be read; the pages show the first values");
  });
  const pilotWatch = backgroundLoop({
    name: "pilot-status",
    logger,
    turn: () => services.pipeline.pilot.refresh(),
    firstDelayMs: PILOT_REFRESH_MS,
    nextDelayMs: () => PILOT_REFRESH_MS,
  });
  // Reminders about her next step, sent when due outside her quiet hours (ADR 0102).
  const reminderSender = backgroundLoop({
    name: "reminders",
    logger,
    turn: () => services.reminders.sendDue(),
    firstDelayMs: REMINDER_EVERY_MS,
    nextDelayMs: () => REMINDER_EVERY_MS,
    onResult: (result) => {
      if (result.sent > 0) logger.info({ reminders: result.sent }, "reminders queued");
    },
  });
  const workers: BackgroundWorker[] = [
    pilotWatch,
    reminderSender,
    { name: "outbox", start: () => outbox.sender.start(), stop: () => outbox.stop() },
    // Backups of the embedded database every BACKUP_EVERY_HOURS, and on SIGUSR2 (ADR 0063); none when off.
    ...(services.backups.enabled
      ? [
          backupSchedule({
            everyHours: env.BACKUP_EVERY_HOURS,
            runNow: () => services.backups.runNow(),
            latest: () => services.backups.latest(),
            logger,
            now,
            listenForSignal: options.backupSignal,
          }),
        ]
      : []),
    // Retention: expired records are purged at start and once a day (ADR 0012).
    retentionSchedule({ run: () => services.privacy.purge(), logger }),
    // Unanswered offers expire and their places go to the waitlist, once a minute (ADR 0061); those near their
    // deadline are reminded in the same turn (ADR 0088).
    offerExpirySchedule({
      run: async () => {
        const expiry = await services.pipeline.expireDue();
        const reminders = await services.pipeline.offers.remindDue();
        // Once the enrollment window has closed, the waitlist hears it (ADR 0091).
        const closing = await services.pipeline.pilot.sendClosingLetters();
        if (closing.sent > 0) logger.info({ letters: closing.sent }, "enrollment closed: the waitlist was written to");
        return { ...expiry, reminded: reminders.reminded };
      },
      logger,
    }),
    {
      // The Funnel tab's default view counted once in the background, so its first view is served from
      // the cache (ADR 0075).
      name: funnelWarmUp.name,
      start: funnelWarmUp.start,
      stop: async () => {
        await funnelWarmUp.stop();
        await services.pipeline.funnel.settled();
      },
    },
    // Signed webhook deliveries with retries (ADR 0067).
    webhookWorker({
      run: (limit) => services.webhooks.deliverDue(limit),
      purge: () => services.webhooks.purgeFinished(env.WEBHOOK_RETENTION_DAYS),
      logger,
      ratePerSecond: env.WEBHOOK_RATE_PER_SECOND,
      foregroundBusy: foreground.busy,
    }),
  ];

  const deps: AppDeps = {
    env,
    database,
    logger,
    now,
    services,
    // The embedded database's disk (ADR 0037): submissions refused with a 503 before it fills up.
    disk:
      options.disk ??
      (database.engine === "pglite" ? createDiskGuard({ dir: env.DATA_DIR, minFreeBytes: env.DISK_MIN_FREE_MB * 1024 * 1024 }) : undefined),
    operatorStatus: createOperatorStatus(database.db, now, undefined, services.backups.enabled ? () => services.backups.latest() : undefined),
  };
  // In production the public pages that are the same for every visitor are built once (ADR 0051).
  const staticPages =
    options.pages && options.pages.mode === "production"
      ? createStaticPages({
          getBuild: options.pages.getBuild,
          render: createPageRenderer(env, options.pages.mode, pilotOfPages(env, services.pipeline)),
          pageHeaders: pageHeaderMiddleware(env),
          isFile: options.clientDir ? clientFileLookup(options.clientDir) : undefined,
          logger,
        })
      : undefined;
  if (staticPages) services.pipeline.pilot.onChange(() => void staticPages.rebuildAll());
  const app = createApp(deps, {
    staticPages,
    pages: options.pages && createPagesHandler(options.pages.getBuild, env, options.pages.mode, services.unsubscribe, services.pipeline, services.applicant, services.consult),
    clientDir: options.clientDir,
    devMiddleware: options.devMiddleware,
  });
  const backupLine = services.backups.enabled
    ? `Backups: ${env.BACKUP_EVERY_HOURS > 0 ? `every ${env.BACKUP_EVERY_HOURS} h` : "on demand only"}, the newest ${env.BACKUP_KEEP} kept, encrypted, in BACKUP_DIR`
    : (config.backups?.offReason ?? "Backups are off");
  return { app, services, workers, banner: [outbox.banner, backupLine], pagesBuilt: staticPages?.ready ?? Promise.resolve(), foreground };
}
