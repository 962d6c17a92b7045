/** Production entry (bundled to build/main.js): serves the built app. */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { start } from "./start";

const buildDir = path.dirname(fileURLToPath(import.meta.url));
const serverBuildUrl = pathToFileURL(path.join(buildDir, "server", "index.js")).href;
// The page build loads while the database opens (a restart is ready sooner); pages wait for it, and a
// build that cannot load still ends the process.
const build = import(serverBuildUrl) as Promise<ServerBuild>;
build.catch(() => undefined);

await start({
  mode: "production",
  getBuild: () => build,
  clientDir: path.join(buildDir, "client"),
});
await build;
