/**
 * Every public page of the route table (/admin is the staff sign-in) plus an unknown path (the 404):
 * what `npm run bench:web` measures and what the browser test of each public page loads.
 */
export const PUBLIC_ROUTES = [
  "/",
  "/apply",
  "/thank-you",
  "/contact",
  "/about",
  "/tiktok",
  "/MIT",
  "/howitworks",
  "/ovellaiq",
  "/privacy-policy",
  "/terms-of-service",
  "/hipaa-notice",
  "/admin",
  "/no-such-page",
] as const;
