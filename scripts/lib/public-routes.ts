/**
 * Every public page of the route table in both languages (/admin is the staff sign-in) plus an unknown path (the 404):
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
  // The Spanish site (ADR 0113): every public page's twin.
  "/es",
  "/es/apply",
  "/es/thank-you",
  "/es/contact",
  "/es/about",
  "/es/tiktok",
  "/es/MIT",
  "/es/howitworks",
  "/es/ovellaiq",
  "/es/privacy-policy",
  "/es/terms-of-service",
  "/es/hipaa-notice",
  "/es/no-such-page",
] as const;
