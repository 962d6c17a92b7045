/** Shared by test:faults, cluster:local and the benchmarks: the built server and HAProxy as child processes on 127.0.0.1. */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");

export interface Instance {
  port: number;
  env: Record<string, string>;
  child: ChildProcess;
}

/**
 * Waits until `url` answers with a status `ok` accepts (200 by default); resolves with the time it took.
 * With `child`, fails at once if that process exits first.
 */
export async function waitFor(
  url: string,
  timeoutMs: number,
  ok: (status: number) => boolean = (s) => s === 200,
  child?: ChildProcess,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${child.spawnargs.slice(1).join(" ")} exited with ${child.exitCode}`);
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

/**
 * Fails when something already listens on `port` (a server left from another run would otherwise answer
 * the readiness check in place of the one just started, and the figures would be that server's).
 */
export async function assertPortFree(port: number, host = "127.0.0.1"): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new Error(`port ${port} is in use by another process: stop it, or give the benchmark another port (BENCH_PORT or --port)`) : error),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/** Any answer at all: a floor server answers every path, a started product answers before it is ready. */
export const anyStatus = (): boolean => true;

/** How a checkout's `npm start` starts its server with the environment `env`: its Node flags and its environment (ADR 0115). */
export type ServerProcess = (env: NodeJS.ProcessEnv) => { nodeFlags: string[]; env: NodeJS.ProcessEnv };

/**
 * The server process's settings of the checkout at `dir` (its scripts/build/server-process.mjs), so that a benchmark
 * measures each build's server as its `npm start` runs it; none for a checkout older than that file.
 */
export async function serverProcessOf(dir: string): Promise<ServerProcess> {
  const file = path.join(dir, "scripts", "build", "server-process.mjs");
  if (!existsSync(file)) return (env) => ({ nodeFlags: [], env });
  const settings = (await import(pathToFileURL(file).href)) as {
    serverNodeFlags(env: NodeJS.ProcessEnv): string[];
    serverProcessEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  };
  return (env) => ({ nodeFlags: settings.serverNodeFlags(env), env: settings.serverProcessEnv(env) });
}

/** A process and every process under it, from /proc (Linux): a server and its courier, `npm start` and its server. */
export function processTreeOf(pid: number): number[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${pids[i]}/task`)) {
        const children = readFileSync(`/proc/${pids[i]}/task/${task}/children`, "utf8").trim();
        if (children) pids.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
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
  return stopChild(instance.child, signal);
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

/** Ends a child process (SIGTERM by default) and resolves with its exit code once it has exited. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
  const done = exited(child);
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  return done;
}
