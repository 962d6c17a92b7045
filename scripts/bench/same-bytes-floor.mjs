/**
 * The floor for `npm run bench:pages`: fetches one answer of the product once (a route, with or without
 * `Accept-Encoding: br`) and serves exactly those bytes and headers from memory with node:http, for any
 * request. What the product costs beyond this is its own work per request.
 * Usage: node scripts/bench/same-bytes-floor.mjs <port> <product url> <br|identity>
 */
import http from "node:http";

const [portArg, url, encoding] = process.argv.slice(2);
// node:http, not fetch: fetch would decode the body, and the floor must send the very bytes.
const exact = await new Promise((resolve, reject) => {
  http
    .get(url, { headers: encoding === "br" ? { "accept-encoding": "br" } : {} }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 200, headers: res.headers, body: Buffer.concat(chunks) }));
    })
    .on("error", reject);
});
const headers = Object.entries(exact.headers).filter(([name]) => !["date", "connection", "keep-alive", "x-request-id"].includes(name));

http
  .createServer((_req, res) => {
    res.writeHead(exact.status, headers);
    res.end(exact.body);
  })
  .listen(Number(portArg), "127.0.0.1");
