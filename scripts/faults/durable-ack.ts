/**
 * Fault scenario: the embedded database acknowledges only what is on stable storage (ADR 0035).
 * The built server runs on PGlite under `strace -f -y`; ten applications and one staff change are sent
 * one after another, and for each acknowledgement the trace must show, between the previous answer and
 * this one: the write of its commit to a WAL segment (`pg_wal/…`, found by text only that request wrote),
 * then a completed `fdatasync`/`fsync` of that same file, then the answer (`HTTP/1.1 201`/`204` written to
 * the socket).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { exited, ROOT, waitFor } from "../lib/processes";

interface Event {
  line: number;
  kind: "wal-write" | "sync" | "answer";
  file?: string;
  /** The bytes written (as strace prints them), for WAL writes. */
  text?: string;
  status?: number;
}

const STRACE = "/usr/bin/strace";

/** `pid syscall(fd</path>, …) = n`, `pid syscall(… <unfinished ...>` and `pid <... syscall resumed>…) = n`. */
export function parseTrace(trace: string): Event[] {
  const events: Event[] = [];
  const pending = new Map<string, { file: string; text: string }>();
  const lines = trace.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const head = /^(\d+)\s+(.*)$/.exec(line);
    if (!head) continue;
    const pid = head[1];
    const rest = head[2] ?? "";
    const resumed = /^<\.\.\. (\w+) resumed>.*=\s*(-?\d+)/.exec(rest);
    if (resumed) {
      const started = pending.get(`${pid}:${resumed[1]}`);
      pending.delete(`${pid}:${resumed[1]}`);
      if (started && Number(resumed[2]) >= 0) completed(resumed[1] ?? "", started.file, started.text, i);
      continue;
    }
    const call = /^(\w+)\((\d+)<([^>]*)>(.*)$/.exec(rest);
    if (!call) continue;
    const [, name = "", , file = "", tail = ""] = call;
    const answer = /^, "HTTP\/1\.1 (\d{3})/.exec(tail) ?? /^, \[\{iov_base="HTTP\/1\.1 (\d{3})/.exec(tail);
    if ((name === "write" || name === "writev") && answer) {
      // The answer counts from the moment its write starts.
      events.push({ line: i, kind: "answer", status: Number(answer[1]) });
      continue;
    }
    if (tail.includes("<unfinished ...>")) {
      pending.set(`${pid}:${name}`, { file, text: tail });
      continue;
    }
    const result = /=\s*(-?\d+)$/.exec(tail);
    if (result && Number(result[1]) >= 0) completed(name, file, tail, i);
  }
  return events;

  function completed(name: string, file: string, text: string, line: number) {
    if (name === "pwrite64" || name === "pwritev" || name === "write") {
      if (file.includes(`${path.sep}pg_wal${path.sep}`)) events.push({ line, kind: "wal-write", file, text });
    } else if (name === "fdatasync" || name === "fsync") {
      events.push({ line, kind: "sync", file });
    }
  }
}

export interface ExpectedAnswer {
  status: number;
  /** Text that only this request's commit puts in the WAL (a unique name, the id of the record deleted). */
  marker: string;
}

/**
 * For each expected answer (in the order sent, one at a time): the first WAL write since the previous
 * answer that carries the request's marker is its commit; a completed sync of that WAL file must come
 * after it and before the answer. Writes of background work (the outbox sender) carry no marker.
 */
export function checkAnswers(events: Event[], expected: ExpectedAnswer[]): { checked: number; unsynced: number; unmatched: number } {
  let from = 0;
  let checked = 0;
  let unsynced = 0;
  let unmatched = 0;
  for (const { status, marker } of expected) {
    const at = events.findIndex((e, i) => i >= from && e.kind === "answer" && e.status === status);
    if (at < 0) {
      unmatched++;
      continue;
    }
    const previousAnswer = events.findLastIndex((e, i) => i < at && e.kind === "answer");
    const windowStart = Math.max(from, previousAnswer + 1);
    from = at + 1;
    const commit = events.findIndex((e, i) => i >= windowStart && i < at && e.kind === "wal-write" && e.text?.includes(marker));
    if (commit < 0) {
      unmatched++;
      continue;
    }
    checked++;
    const wal = events[commit]?.file;
    if (!events.slice(commit + 1, at).some((e) => e.kind === "sync" && e.file === wal)) unsynced++;
  }
  return { checked, unsynced, unmatched };
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
    ["-f", "-y", "-qq", "-s", "65536", "-e", "trace=pwrite64,pwritev,write,writev,sendmsg,fdatasync,fsync", "-o", traceFile, process.execPath, "build/main.js"],
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
    const expected: ExpectedAnswer[] = [];
    for (let n = 0; n < 10; n++) {
      const lastName = `Durable${n}${Math.random().toString(36).slice(2, 10)}`;
      expected.push({ status: 201, marker: lastName });
      const res = await post(`${base}/api/applications`, {
        firstName: "Trace",
        lastName,
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
    // The deletion's audit event names the record.
    expected.push({ status: deleted.status, marker: ids[0] ?? "" });
    // The traced server is the first process strace names; SIGTERM lets it stop as in production.
    const pid = Number(/^(\d+)\s/.exec(readFileSync(traceFile, "utf8"))?.[1]);
    const done = exited(child);
    process.kill(pid, "SIGTERM");
    await done;
    const { checked, unsynced, unmatched } = checkAnswers(parseTrace(readFileSync(traceFile, "utf8")), expected);
    report(name, created === 10 && deleted.ok && checked === 11 && unsynced === 0, {
      created,
      staff_change: deleted.status,
      answers_checked: checked,
      answers_not_found_in_trace: unmatched,
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
