import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/**
 * The public pages, once per language (ADR 0113): the English site at its paths, the Spanish one under `/es`, each
 * route module serving both (it reads its language from its address). The legal pages have a module per language,
 * their texts being whole documents.
 */
function publicPages(language: "en" | "es") {
  const id = (name: string) => (language === "en" ? name : `es/${name}`);
  const legal = language === "en" ? "routes/_legal" : "routes/_legal/es";
  return [
    index("routes/_marketing/home.tsx", { id: id("home") }),
    route("apply", "routes/_marketing/apply.tsx", { id: id("apply") }),
    route("thank-you", "routes/_marketing/thank-you.tsx", { id: id("thank-you") }),
    route("contact", "routes/_marketing/contact.tsx", { id: id("contact") }),
    route("about", "routes/_marketing/about.tsx", { id: id("about") }),
    route("tiktok", "routes/_marketing/tiktok.tsx", { id: id("tiktok") }),
    route("MIT", "routes/_marketing/mit.tsx", { id: id("mit") }),
    route("howitworks", "routes/_marketing/how-it-works.tsx", { id: id("how-it-works") }),
    route("ovellaiq", "routes/_marketing/assessment.tsx", { id: id("assessment") }),
    route("privacy-policy", `${legal}/privacy-policy.tsx`, { id: id("privacy-policy") }),
    route("terms-of-service", `${legal}/terms-of-service.tsx`, { id: id("terms-of-service") }),
    route("hipaa-notice", `${legal}/hipaa-notice.tsx`, { id: id("hipaa-notice") }),
    route("*", "routes/_marketing/not-found.tsx", { id: id("not-found") }),
  ];
}

export default [
  layout("routes/_marketing/layout.tsx", [
    ...publicPages("en"),
    ...prefix("es", publicPages("es")),
    route("unsubscribe", "routes/_marketing/unsubscribe.tsx"),
    route("offer/:token", "routes/_marketing/offer.tsx"),
    route("a", "routes/_marketing/applicant-link.tsx"),
    route("a/:token", "routes/_marketing/applicant.tsx"),
    route("a/:token/details", "routes/_marketing/applicant-details.tsx"),
    route("email-change/:token", "routes/_marketing/email-change.tsx"),
  ]),
  route("admin", "routes/admin/admin.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("applications/:id", "routes/admin/application-record.tsx"),
    route("contact/:id", "routes/admin/contact-record.tsx"),
  ]),
  route("sitemap.xml", "routes/_seo/sitemap.xml.ts"),
  route("robots.txt", "routes/_seo/robots.txt.ts"),
] satisfies RouteConfig;
