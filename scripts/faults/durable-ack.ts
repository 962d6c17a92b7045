/**
 * Fault scenario: the embedded database acknowledges only what is on stable storage (ADR 0035).
 * The built server runs on PGlite under `strace -f -y`; ten applications and one staff change are sent
 * one after another, and for each acknowledgement the trace must show, between the previous answer and
 * this one: a write to a WAL segment (`pg_wal/…`), then a completed `fdatasync`/`fsync` of that same
 * file, then the answer (`HTTP/1.1 201` or `200` written to the socket).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { exited, ROOT, waitFor } from "./processes";

interface Event {
  line: number;
  pid: number;
  kind: "wal-write" | "sync" | "answer";
  file?: string;
  status?: number;
}

const STRACE = "/usr/bin/strace";

/** `pid syscall(fd</path>, …) = n`, `pid syscall(… <unfinished ...>` and `pid <... syscall resumed>…) = n`. */
export function parseTrace(text: string): Event[] {
  const events: Event[] = [];
  const pending = new Map<string, { file?: string }>();
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const head = /^(\d+)\s+(.*)$/.exec(line);
    if (!head) continue;
    const pid = Number(head[1]);
    const rest = head[2] ?? "";
    const resumed = /^<\.\.\. (\w+) resumed>.*=\s*(-?\d+)/.exec(rest);
    if (resumed) {
      const started = pending.get(`${pid}:${resumed[1]}`);
      pending.delete(`${pid}:${resumed[1]}`);
      if (started && Number(resumed[2]) >= 0) completed(resumed[1] ?? "", started.file, i, pid);
      continue;
    }
    const call = /^(\w+)\((\d+)<([^>]*)>(.*)$/.exec(rest);
    if (!call) continue;
    const [, name = "", , file = "", tail = ""] = call;
    if ((name === "write" || name === "writev" || name === "sendmsg") && /HTTP\/1\.1 (\d{3})/.test(tail)) {
      // The answer counts from the moment its write starts.
      events.push({ line: i, pid, kind: "answer", status: Number(/HTTP\/1\.1 (\d{3})/.exec(tail)?.[1]) });
      continue;
    }
    if (tail.includes("<unfinished ...>")) {
      pending.set(`${pid}:${name}`, { file });
      continue;
    }
    const result = /=\s*(-?\d+)/.exec(tail);
    if (result && Number(result[1]) >= 0) completed(name, file, i, pid);
  }
  return events;

  function completed(name: string, file: string | undefined, line: number, pid: number) {
    if (name === "pwrite64" || name === "pwritev" || name === "write") {
      if (file && file.includes(`${path.sep}pg_wal${path.sep}`)) events.push({ line, pid, kind: "wal-write", file });
    } else if (name === "fdatasync" || name === "fsync") {
      events.push({ line, pid, kind: "sync", file });
    }
  }
}

/** For each answer: the last WAL write since the previous answer, then a sync of that file, then the answer. */
export function unsyncedAnswers(events: Event[]): { answers: number; unsynced: number } {
  let answers = 0;
  let unsynced = 0;
  let windowStart = 0;
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    if (event?.kind !== "answer" || ![200, 201, 204].includes(event.status ?? 0)) continue;
    const window = events.slice(windowStart, i);
    windowStart = i + 1;
    const lastWalWrite = window.findLastIndex((e) => e.kind === "wal-write");
    if (lastWalWrite < 0) continue; // an answer that wrote nothing (sign-in's reads are answered 200 too)
    answers++;
    const wal = window[lastWalWrite]?.file;
    const synced = window.slice(lastWalWrite + 1).some((e) => e.kind === "sync" && e.file === wal);
    if (!synced) unsynced++;
  }
  return { answers, unsynced };
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });
}

export async function syncBeforeAnswer(
  port: number,
  baseEnv: Record<string, string>,
  report: (name: string, ok: boolean, counts: Record<string, number | string>) => void,
): Promise<void> {
  const name = "PGlite answers only after fdatasync of the WAL it wrote (strace)";
  if (!existsSync(STRACE)) {
    report(name, false, { missing: STRACE });
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "ovella-faults-strace-"));
  const traceFile = path.join(dataDir, "server.strace");
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    STRACE,
    ["-f", "-y", "-qq", "-s", "24", "-e", "trace=pwrite64,pwritev,write,writev,sendmsg,fdatasync,fsync", "-o", traceFile, process.execPath, "build/main.js"],
    {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: "warn", HOST: "127.0.0.1", ...baseEnv, DATA_DIR: path.join(dataDir, "data"), PORT: String(port) },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  try {
    await waitFor(`${base}/readyz`, 180_000);
    let created = 0;
    const ids: string[] = [];
    for (let n = 0; n < 10; n++) {
      const res = await post(`${base}/api/applications`, {
        firstName: "Trace",
        lastName: `Test${n}`,
        email: `trace${n}@example.com`,
        age: 30,
        state: "California",
        zipCode: "94110",
        interestLevel: "Actively researching",
        formSource: "main page",
      });
      const json = (await res.json()) as { id?: string };
      if (res.status === 201 && json.id) {
        created++;
        ids.push(json.id);
      }
    }
    const login = await post(`${base}/api/auth/login`, { username: baseEnv.ADMIN_USERNAME, password: baseEnv.ADMIN_PASSWORD });
    const { token } = (await login.json()) as { token: string };
    const deleted = await fetch(`${base}/api/applications/${ids[0]}`, { method: "DELETE", headers: { Authorization: `Bearer ${token}` } });
    await deleted.arrayBuffer();
    // The traced server is the first process strace names; SIGTERM lets it stop as in production.
    const pid = Number(/^(\d+)\s/.exec(readFileSync(traceFile, "utf8"))?.[1]);
    const done = exited(child);
    process.kill(pid, "SIGTERM");
    await done;
    const { answers, unsynced } = unsyncedAnswers(parseTrace(readFileSync(traceFile, "utf8")));
    report(name, created === 10 && deleted.ok && answers >= 11 && unsynced === 0, {
      created,
      staff_change: deleted.status,
      answers_that_wrote_wal: answers,
      answered_before_sync: unsynced,
    });
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited(child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
