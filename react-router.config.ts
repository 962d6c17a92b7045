import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The route manifest comes with the page instead of being fetched after hydration, which would cost
  // every hydrated page two requests after load.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
