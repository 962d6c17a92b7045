/** Production entry (bundled to build/main.js): serves the built app. */
import { realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { markBuildInUse } from "./build-in-use";
import { start } from "./start";

// The build folder's real path (`build` is a link a new build moves, ADR 0093): this server serves the
// files of the build it started with until it restarts, and marks that folder in use.
const buildDir = realpathSync(path.dirname(fileURLToPath(import.meta.url)));
markBuildInUse(buildDir);
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
