/** Development entry: Vite in middleware mode with hot reload, same Express shell. */
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { start } from "./start";

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });

await start({
  mode: "development",
  getBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  devMiddleware: vite.middlewares,
});
