import { describe, expect, it } from "vitest";
import { englishPath, hasTwin, languageOfPath, localizedPath, twinAddresses } from "./site-paths";

describe("the public site's addresses in each language", () => {
  it("reads the language from the address: Spanish under /es only", () => {
    expect(languageOfPath("/es")).toBe("es");
    expect(languageOfPath("/es/apply")).toBe("es");
    expect(languageOfPath("/")).toBe("en");
    expect(languageOfPath("/apply")).toBe("en");
    // A path that only starts with the letters is not the Spanish site.
    expect(languageOfPath("/estate")).toBe("en");
  });

  it("gives each public page's twin, the home page's too, keeping a query and a fragment", () => {
    expect(localizedPath("/apply", "es")).toBe("/es/apply");
    expect(localizedPath("/", "es")).toBe("/es");
    expect(localizedPath("/es", "en")).toBe("/");
    expect(localizedPath("/es/contact", "en")).toBe("/contact");
    expect(localizedPath("/es/contact", "es")).toBe("/es/contact");
    expect(localizedPath("/apply?utm_source=tiktok#form", "es")).toBe("/es/apply?utm_source=tiktok#form");
    expect(localizedPath("/ovellaiq", "es")).toBe("/es/ovellaiq");
  });

  it("leaves an address with no twin as it is: her pages, the admin, an unknown page", () => {
    for (const path of ["/a/abc", "/offer/xyz", "/admin", "/unsubscribe?token=t", "/nowhere", "#apply"]) {
      expect(localizedPath(path, "es")).toBe(path);
      expect(hasTwin(path)).toBe(false);
    }
  });

  it("names both addresses of a page from either one", () => {
    expect(twinAddresses("/es/about")).toEqual({ en: "/about", es: "/es/about" });
    expect(twinAddresses("/")).toEqual({ en: "/", es: "/es" });
    expect(englishPath("/es/MIT")).toBe("/MIT");
  });
});
