import { describe, expect, it } from "vitest";
import { type Catalogue, catalogueProblems, formatMessage, placeholdersOf, translator } from "./catalogue";
import { EMAIL_EN } from "./email-en";
import { EMAIL_ES } from "./email-es";
import { EN } from "./en";
import { ES } from "./es";
import { ANSWER_EN } from "./answer-en";
import { ANSWER_ES } from "./answer-es";
import { PAGE_EN } from "./page-en";
import { PAGE_ES } from "./page-es";
import { SITE_EN } from "./site-en";
import { SITE_ES } from "./site-es";
import { FORM_UI_EN } from "./form-ui-en";
import { FORM_UI_ES } from "./form-ui-es";
import { NOTICE_EN } from "./notice-en";
import { NOTICE_ES } from "./notice-es";

describe("the catalogues", () => {
  it.each([
    ["the forms'", EN, ES],
    ["the emails'", EMAIL_EN, EMAIL_ES],
    ["the pages'", PAGE_EN, PAGE_ES],
    ["the answers'", ANSWER_EN, ANSWER_ES],
    ["the public site's", SITE_EN, SITE_ES],
    ["the forms' own words'", FORM_UI_EN, FORM_UI_ES],
    ["the notices'", NOTICE_EN, NOTICE_ES],
  ] as const)("%s catalogues: Spanish has every English key, no other, the same placeholders, and no message left in English", (_, english: Catalogue, spanish: Catalogue) => {
    expect(catalogueProblems(english, spanish, "es")).toEqual([]);
    const untranslated = Object.keys(english).filter((key) => JSON.stringify(spanish[key]) === JSON.stringify(english[key]));
    expect(untranslated).toEqual([]);
  });

  it("no two catalogues share a key: a message is a form rule's, an email's, a page's, an answer's, the site's or a form's own", () => {
    const catalogues = [EN, EMAIL_EN, PAGE_EN, ANSWER_EN, SITE_EN, FORM_UI_EN, NOTICE_EN].map((catalogue) => Object.keys(catalogue));
    const all = catalogues.flat();
    expect(all.filter((key, i) => all.indexOf(key) !== i)).toEqual([]);
  });

  it("the check finds a missing key, an extra one, a placeholder that differs and a plural form the language never chooses", () => {
    const reference: Catalogue = {
      "a.kept": "Hello {name}",
      "a.missing": "Gone",
      "a.count": { plural: "n", one: "{n} day", other: "{n} days" },
    };
    const broken: Catalogue = {
      "a.kept": "Hola {nombre}",
      "a.extra": "Sobra",
      "a.count": { plural: "n", one: "{n} día", two: "{n} días", other: "{n} días" },
    };
    expect(catalogueProblems(reference, broken, "es")).toEqual([
      'es lacks "a.missing"',
      'es has "a.extra", the reference has not',
      '"a.kept" names {nombre} in es but {name} in the reference',
      '"a.count" has a "two" form, which es never chooses',
    ]);
  });

  it("reads a plural message's placeholders from every form and its count", () => {
    expect(placeholdersOf({ plural: "min", one: "one character", other: "{min} characters of {field}" })).toEqual(["field", "min"]);
    expect(placeholdersOf("{b} and {a} and {a}")).toEqual(["a", "b"]);
  });
});

describe("formatMessage", () => {
  const days = { plural: "count", one: "{count} day left", other: "{count} days left" } as const;
  const dias = { plural: "count", one: "Te queda {count} día", other: "Te quedan {count} días" } as const;

  it("chooses the plural form by Intl.PluralRules of the language", () => {
    expect(formatMessage("en", days, { count: 1 })).toBe("1 day left");
    expect(formatMessage("en", days, { count: 0 })).toBe("0 days left");
    expect(formatMessage("es", dias, { count: 1 })).toBe("Te queda 1 día");
    expect(formatMessage("es", dias, { count: 3 })).toBe("Te quedan 3 días");
    // Spanish's "many" (a million) falls back to the other form; es-US groups digits with commas, as the US does.
    expect(formatMessage("es", dias, { count: 1_000_000 })).toBe("Te quedan 1,000,000 días");
  });

  it("writes numbers and dates as the language does, and leaves a missing parameter as written", () => {
    expect(formatMessage("en", "{n} characters", { n: 5000 })).toBe("5000 characters");
    expect(formatMessage("en", "{n} characters", { n: 12500 })).toBe("12,500 characters");
    expect(formatMessage("es", "{n} caracteres", { n: 12500 })).toBe("12,500 caracteres");
    expect(formatMessage("es", "el {d}", { d: new Date("2026-03-05T20:00:00Z") })).toBe("el 5 de marzo de 2026");
    expect(formatMessage("en", "on {d}", { d: new Date("2026-03-05T20:00:00Z") })).toBe("on March 5, 2026");
    expect(formatMessage("en", "Hello {name}")).toBe("Hello {name}");
  });

  it("a translator reads one catalogue", () => {
    const es = translator("es", ES);
    expect(es.language).toBe("es");
    expect(es.t("form.message.min", { min: 10 })).toBe("El mensaje debe tener al menos 10 caracteres");
    expect(translator("en", EN).t("form.email.max", { max: 254 })).toBe("Email must be 254 characters or less");
  });
});
