/** The last error handler outside the JSON API: quiet on a visitor who left, structured logs, no stderr dumps. */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { Writable } from "node:stream";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "../logger";
import { siteErrorHandler } from "./errors";
import { requestLog } from "./request-log";

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _encoding, callback) {
    for (const line of String(chunk).split("\n")) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
    callback();
  },
});

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(requestLog(createLogger("debug", sink)));
  // What express's sendFile passes on when the browser drops a script request (a page left mid-load).
  app.get("/gone", (_req, _res, next) => next(Object.assign(new Error("Request aborted"), { code: "ECONNABORTED" })));
  app.get("/refused", (_req, _res, next) => next(Object.assign(new Error("range not satisfiable"), { status: 416 })));
  app.get("/bug", () => {
    throw new Error("failed for jane@example.com");
  });
  app.get("/half", (_req, res, next) => {
    res.write("<p>partial");
    next(new Error("stream broke"));
  });
  app.use(siteErrorHandler);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => {
  lines.length = 0;
});

const errorLines = () => lines.filter((line) => line.msg === "request failed");

describe("siteErrorHandler", () => {
  it("treats a visitor who went away as no failure: nothing at error level, nothing on stderr", async () => {
    const stderr = vi.spyOn(console, "error");
    await expect(fetch(`${base}/gone`)).rejects.toThrow();
    await vi.waitFor(() => expect(lines.some((line) => line.msg === "client went away before the answer")).toBe(true));
    expect(errorLines()).toEqual([]);
    expect(stderr).not.toHaveBeenCalled();
    stderr.mockRestore();
  });

  it("keeps a refusal's 4xx status without logging a failure", async () => {
    const answer = await fetch(`${base}/refused`);
    expect(answer.status).toBe(416);
    expect(await answer.text()).toBe("Range Not Satisfiable");
    expect(errorLines()).toEqual([]);
  });

  it("answers a bug with a short 500 and logs its kind and frames, never its message", async () => {
    const stderr = vi.spyOn(console, "error");
    const answer = await fetch(`${base}/bug`);
    expect(answer.status).toBe(500);
    expect(await answer.text()).toMatch(/Something went wrong/);
    await vi.waitFor(() => expect(errorLines()).toHaveLength(1));
    const [line] = errorLines();
    expect(line?.failure).toMatchObject({ type: "Error" });
    expect(JSON.stringify(lines)).not.toContain("jane@example.com");
    expect(stderr).not.toHaveBeenCalled();
    stderr.mockRestore();
  });

  it("closes a connection whose answer had started, and logs the failure", async () => {
    // The closed connection fails the read: at the headers or at the body, whichever the client reached.
    await expect(fetch(`${base}/half`).then((answer) => answer.text())).rejects.toThrow();
    await vi.waitFor(() => expect(errorLines()).toHaveLength(1));
  });
});
