/** Production entry (bundled to build/main.js): serves the built app. */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { start } from "./start";

const buildDir = path.dirname(fileURLToPath(import.meta.url));
const serverBuildUrl = pathToFileURL(path.join(buildDir, "server", "index.js")).href;
const build = (await import(serverBuildUrl)) as ServerBuild;

await start({
  mode: "production",
  getBuild: () => Promise.resolve(build),
  clientDir: path.join(buildDir, "client"),
});
