import { describe, expect, it } from "vitest";
import { negotiateLanguage, submissionLanguage } from "./language";

describe("negotiateLanguage", () => {
  it.each([
    [undefined, "en"],
    ["", "en"],
    ["es", "es"],
    ["es-US", "es"],
    ["es-419", "es"],
    ["es-MX", "es"],
    ["ES-mx", "es"],
    ["es-MX,es;q=0.9,en-US;q=0.8,en;q=0.7", "es"],
    ["en-US,en;q=0.9,es;q=0.8", "en"],
    ["en-US,es;q=0.9", "en"],
    // q-values, not the order, decide.
    ["en;q=0.5,es-419;q=0.8", "es"],
    ["es;q=0.4,en;q=0.9", "en"],
    // A language we lack is passed over for one of ours she also reads.
    ["fr-FR,fr;q=0.9,es;q=0.5", "es"],
    ["pt-BR,en;q=0.3", "en"],
    // Neither of ours, refused ones, anything: English.
    ["fr-FR", "en"],
    ["de-DE,de;q=0.9", "en"],
    ["es;q=0", "en"],
    ["*", "en"],
    ["not a header", "en"],
  ])("%j → %s", (header, language) => {
    expect(negotiateLanguage(header)).toBe(language);
  });
});

describe("submissionLanguage", () => {
  it("follows the body's language when it is one of ours, else Accept-Language", () => {
    expect(submissionLanguage({ preferred_language: "es" }, "en-US")).toBe("es");
    expect(submissionLanguage({ preferred_language: "en" }, "es-MX")).toBe("en");
    expect(submissionLanguage({ preferred_language: "fr" }, "es-MX")).toBe("es");
    expect(submissionLanguage({ preferred_language: null }, "es-MX")).toBe("es");
    expect(submissionLanguage({}, undefined)).toBe("en");
    expect(submissionLanguage(undefined, "es")).toBe("es");
    expect(submissionLanguage("text", "es")).toBe("es");
  });
});
