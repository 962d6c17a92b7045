// Run by `npm start` (./launch-server.mjs): builds only when the sources changed since the current build (ADR 0093), then serves that
// build in this process. The server runs from the build's real folder, so a later build never changes the
// files it serves.
import { pathToFileURL } from "node:url";
import path from "node:path";
import { build } from "./build.mjs";

let dir;
try {
  dir = await build({ ifChanged: true });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import(pathToFileURL(path.join(dir, "main.js")).href);
