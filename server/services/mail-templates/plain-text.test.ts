import { describe, expect, it } from "vitest";
import { type OutboxKind, renderEmail, SAMPLE_PAYLOADS } from "./index";

const CONTEXT = { siteUrl: "https://ovella.example", unsubscribeUrl: "https://ovella.example/unsubscribe?token=abc.def" };
const URL_IN_TEXT = /https?:\/\/\S+/g;

describe("the plain-text part of every email kind", () => {
  for (const kind of Object.keys(SAMPLE_PAYLOADS) as OutboxKind[]) {
    it(`${kind}: each web address stands alone on its line`, async () => {
      const { text } = await renderEmail(kind, SAMPLE_PAYLOADS[kind] as never, CONTEXT);
      const lines = text.split("\n").map((line) => line.trim());
      const withUrl = lines.filter((line) => URL_IN_TEXT.test(line));
      URL_IN_TEXT.lastIndex = 0;
      // Every kind links somewhere (its button, the site, the privacy policy or the admin).
      expect(withUrl.length).toBeGreaterThan(0);
      for (const line of withUrl) expect(line).toMatch(/^https?:\/\/\S+$/);
      // The addresses are whole: the same as in the HTML part's links.
      for (const line of withUrl) expect(line).not.toMatch(/[.,;:)\]]$/);
    });
  }
});
