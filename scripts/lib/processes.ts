/** Shared by test:faults and cluster:local: the built server and HAProxy as child processes on 127.0.0.1. */
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");

export interface Instance {
  port: number;
  env: Record<string, string>;
  child: ChildProcess;
}

export async function waitFor(url: string, timeoutMs: number, ok = (s: number) => s === 200): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (ok(res.status)) return Date.now() - started;
    } catch {
      // not there yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${url} not ready after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts build/main.js on `port`; resolves once it is spawned (use waitFor for readiness). */
export function startServer(port: number, env: Record<string, string>): Instance {
  const child = spawn(process.execPath, ["build/main.js"], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", HOST: "127.0.0.1", ...env, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { port, env, child };
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

export async function stopServer(instance: Instance, signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
  const done = exited(instance.child);
  instance.child.kill(signal);
  return done;
}

export function haproxyConfig(frontPort: number, backends: number[]): string {
  return `global
  maxconn 2000

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout http-keep-alive 5s
  # A request whose server closed or refused (an instance stopping) is sent to another one.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout
  option forwardfor
  option httpchk GET /readyz
  default-server inter 500ms fastinter 200ms fall 2 rise 1

frontend web
  bind 127.0.0.1:${frontPort}
  default_backend ovella

backend ovella
  balance roundrobin
${backends.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check`).join("\n")}
`;
}

export function startHaproxy(configFile: string, frontPort: number, backends: number[]): ChildProcess {
  writeFileSync(configFile, haproxyConfig(frontPort, backends));
  return spawn("/usr/sbin/haproxy", ["-db", "-f", configFile], { stdio: ["ignore", "ignore", "inherit"] });
}

/**
 * Waits until `url` answers, while `child` runs: `ok` decides which statuses count (any by default, for
 * a floor server that answers every path). Fails at once if the child exits, or after `timeoutMs`.
 */
export async function answering(url: string, child: ChildProcess, timeoutMs = 180_000, ok: (status: number) => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${child.spawnargs.slice(1).join(" ")} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (ok(res.status)) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Ends a child process with SIGTERM and resolves once it has exited. */
export async function stopChild(child: ChildProcess): Promise<void> {
  const done = exited(child);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  await done;
}
