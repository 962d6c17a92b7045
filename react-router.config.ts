import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // `npm run build` builds into a new folder under builds/ and then points `build` at it (ADR 0093).
  buildDirectory: process.env.OVELLA_BUILD_DIR ?? "build",
  // The route manifest comes with the page instead of being fetched after hydration, which would cost
  // every hydrated page two requests after load.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
