/**
 * One POST of a webhook: to the address the guard checked (the connection is pinned to it, TLS still checks
 * the host name), 10 s at most from connect to the answer's first KiB, redirects never followed (a 3xx is
 * an answer like any other non-2xx). Reads only the first KiB of the answer.
 */
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { ResolvedTarget } from "./address-guard";

export const RESPONSE_KEEP_BYTES = 1024;

export interface PostResult {
  status: number;
  body: string;
}

export function postJson(
  url: URL,
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<PostResult> {
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, result?: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(result!);
    };
    const req = client.request(
      url,
      {
        method: "POST",
        lookup: pinned,
        agent: false,
        headers: { ...headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), "user-agent": "Ovella-Webhooks/1" },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const done = () => {
          finish(null, { status: res.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, RESPONSE_KEEP_BYTES).toString("utf8") });
          res.destroy();
        };
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          kept += chunk.length;
          if (kept >= RESPONSE_KEEP_BYTES) done();
        });
        res.on("end", done);
        res.on("error", (error) => finish(error));
      },
    );
    const timer = setTimeout(() => {
      finish(new Error(`No answer within ${timeoutMs / 1000} s`));
      req.destroy();
    }, timeoutMs);
    req.on("error", (error) => finish(error));
    req.end(body);
  });
}
