import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { cspNonce, securityHeaders, THIRD_PARTY } from "./security-headers";

function appWithHeaders() {
  const app = express();
  app.use(cspNonce(), securityHeaders({ pixelEnabled: true, isDev: false, https: true }));
  app.get(/.*/, (_req, res) => {
    res.send("ok");
  });
  return app;
}

function directive(policy: string, name: string): string {
  return policy.split(";").find((part) => part.trim().startsWith(`${name} `)) ?? "";
}
const scriptSources = (policy: string) => directive(policy, "script-src");

describe("content security policy of the admin", () => {
  it("allows no third-party script or frame origin on /admin pages, while public pages keep theirs", async () => {
    const app = appWithHeaders();
    for (const path of ["/admin", "/admin/applications/6a1e6f3e-1111-4111-8111-111111111111"]) {
      const policy = (await request(app).get(path)).headers["content-security-policy"] ?? "";
      expect(scriptSources(policy)).toContain("'nonce-");
      for (const origin of Object.values(THIRD_PARTY)) {
        expect(scriptSources(policy)).not.toContain(origin);
        expect(directive(policy, "frame-src")).not.toContain(origin);
      }
    }
    const publicPolicy = (await request(app).get("/")).headers["content-security-policy"] ?? "";
    expect(scriptSources(publicPolicy)).toContain(THIRD_PARTY.tiktok);
    expect(scriptSources(publicPolicy)).toContain(THIRD_PARTY.pixelScript);
  });

  it("gives the admin's policy to the admin's paths in any letter case or encoding, and only to them", async () => {
    const app = appWithHeaders();
    for (const path of ["/ADMIN", "/Admin/applications/6a1e6f3e-1111-4111-8111-111111111111", "/aDmIn?tab=users", "/%61dmin", "//admin", "/admin.data"]) {
      const policy = (await request(app).get(path)).headers["content-security-policy"] ?? "";
      expect(scriptSources(policy), path).not.toContain(THIRD_PARTY.tiktok);
      expect(scriptSources(policy), path).not.toContain(THIRD_PARTY.pixelScript);
    }
    for (const path of ["/administrator", "/about?next=/admin", "/apply"]) {
      const policy = (await request(app).get(path)).headers["content-security-policy"] ?? "";
      expect(scriptSources(policy), path).toContain(THIRD_PARTY.tiktok);
    }
  });
});
