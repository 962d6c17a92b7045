// Runs a command with a Node.js new enough for this project (./node24.mjs).
//   node scripts/build/with-node24.mjs <command> [args...]
import { envWithNode24, runForwarding } from "./node24.mjs";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node scripts/build/with-node24.mjs <command> [args...]");
  process.exit(2);
}
runForwarding(command, args, envWithNode24(process.env));
