import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/_marketing/layout.tsx", [
    index("routes/_marketing/home.tsx"),
    route("apply", "routes/_marketing/apply.tsx"),
    route("thank-you", "routes/_marketing/thank-you.tsx"),
    route("contact", "routes/_marketing/contact.tsx"),
    route("about", "routes/_marketing/about.tsx"),
    route("tiktok", "routes/_marketing/tiktok.tsx"),
    route("MIT", "routes/_marketing/mit.tsx"),
    route("howitworks", "routes/_marketing/how-it-works.tsx"),
    route("ovellaiq", "routes/_marketing/assessment.tsx"),
    route("privacy-policy", "routes/_legal/privacy-policy.tsx"),
    route("terms-of-service", "routes/_legal/terms-of-service.tsx"),
    route("hipaa-notice", "routes/_legal/hipaa-notice.tsx"),
    route("unsubscribe", "routes/_marketing/unsubscribe.tsx"),
    route("offer/:token", "routes/_marketing/offer.tsx"),
    route("a", "routes/_marketing/applicant-link.tsx"),
    route("a/:token", "routes/_marketing/applicant.tsx"),
    route("a/:token/details", "routes/_marketing/applicant-details.tsx"),
    route("email-change/:token", "routes/_marketing/email-change.tsx"),
    route("*", "routes/_marketing/not-found.tsx"),
  ]),
  route("admin", "routes/admin/admin.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("applications/:id", "routes/admin/application-record.tsx"),
    route("contact/:id", "routes/admin/contact-record.tsx"),
  ]),
  route("sitemap.xml", "routes/_seo/sitemap.xml.ts"),
  route("robots.txt", "routes/_seo/robots.txt.ts"),
] satisfies RouteConfig;
