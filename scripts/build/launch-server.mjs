// `npm start`: starts ./start.mjs (build if the sources changed, then serve) in a supported Node (./node24.mjs),
// with the server process's Node flags and environment (./server-process.mjs, ADR 0115), which only a new process
// can be given.
import { fileURLToPath } from "node:url";
import { envWithNode24, runForwarding } from "./node24.mjs";
import { serverNodeFlags, serverProcessEnv } from "./server-process.mjs";

const start = fileURLToPath(new URL("./start.mjs", import.meta.url));
runForwarding("node", [...serverNodeFlags(process.env), start, ...process.argv.slice(2)], serverProcessEnv(envWithNode24(process.env)));
