import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The route manifest comes with the page instead of being fetched after hydration: that fetch and
  // the route update it triggers would re-render the forms that hydrate only once used
  // (app/components/forms/deferred.tsx), and cost every page two requests after load.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
