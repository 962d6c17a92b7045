/**
 * Every email to an applicant or a sender, in Spanish (ADR 0111): subject, HTML and plain text present, the HTML
 * marked Spanish, and no line of the English plain text left in the Spanish one but addresses, brand names and
 * numbers. Staff alerts stay English whatever the language says.
 */
import { describe, expect, it } from "vitest";
import { brand } from "#core/brand";
import { isPersonEmail, type MailContext, OUTBOX_KINDS, type OutboxKind, type PayloadByKind, renderEmail, SAMPLE_PAYLOADS } from "./index";

const CONTEXT: MailContext = {
  siteUrl: "https://ovella.example",
  unsubscribeUrl: "https://ovella.example/unsubscribe?token=t",
  applicantPageUrl: "https://ovella.example/a/page-token",
  emailChangeUrl: "https://ovella.example/email-change/change-token",
};

const PERSON_KINDS = OUTBOX_KINDS.filter(isPersonEmail);
const STAFF_KINDS = OUTBOX_KINDS.filter((kind) => !isPersonEmail(kind));

/** Each kind's sample, and the variants that say other sentences (another occasion, no number, another reason). */
const VARIANTS: Partial<Record<OutboxKind, Record<string, unknown>[]>> = {
  application_confirmation: [{ toWaitlist: true }],
  assessment_invitation: [{ instructions: undefined }],
  place_offer: [{ occasion: "extended" }, { occasion: "resent" }],
  waitlist_notice: [{ placesFull: false }, { position: null }],
  offer_expired: [{ position: null }],
  not_eligible_notice: [{ outside: "cities", newCityNews: false }, { outside: null }],
  pilot_closed_notice: [{ eligible: false }],
  consult_booked: [{ by: "staff" }, { timeZone: "America/Los_Angeles" }],
  consult_moved: [{ by: "staff" }],
  consult_cancelled: [{ by: "staff" }],
};

function payloadsOf(kind: OutboxKind): PayloadByKind[OutboxKind][] {
  const sample = SAMPLE_PAYLOADS[kind] as Record<string, unknown>;
  return [sample, ...(VARIANTS[kind] ?? []).map((variant) => ({ ...sample, ...variant }))] as PayloadByKind[OutboxKind][];
}

/** A line of plain text that is a sentence in a language: not an address, a brand name, a number or the postal address. */
function isSentence(line: string): boolean {
  const legal = `${brand.legal.entity}, ${brand.legal.address.street}`;
  if (/^https?:\/\/\S+$/.test(line) || line.startsWith(legal)) return false;
  const words = line
    .replaceAll(brand.name, "")
    .replaceAll(brand.assessmentName, "")
    .replace(/https?:\/\/\S+|\S+@\S+|[\d$%.,:()\-–]+/g, "");
  return /\p{L}{2,}/u.test(words);
}

function lines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

describe("emails in Spanish", () => {
  for (const kind of PERSON_KINDS) {
    it(`${kind}: subject, HTML and text in Spanish, no English sentence left`, async () => {
      for (const payload of payloadsOf(kind)) {
        const english = await renderEmail(kind, payload, CONTEXT);
        const spanish = await renderEmail(kind, payload, { ...CONTEXT, language: "es" });
        expect(spanish.subject).not.toBe("");
        expect(spanish.subject).not.toBe(english.subject);
        expect(spanish.html).toContain('lang="es"');
        expect(english.html).toContain('lang="en"');
        expect(lines(spanish.text).length).toBeGreaterThan(3);
        const spanishLines = new Set(lines(spanish.text));
        // The clinical team's instructions are staff's own words, shown as they wrote them.
        const staffWords = new Set(lines(String((payload as { instructions?: string }).instructions ?? "")));
        const left = lines(english.text).filter((line) => isSentence(line) && !staffWords.has(line) && spanishLines.has(line));
        expect(left, `${kind} ${JSON.stringify(payload)}`).toEqual([]);
        // Her name and the links she needs are the same in both.
        if ("firstName" in payload && payload.firstName) expect(spanish.html).toContain(payload.firstName);
        for (const url of english.text.match(/https?:\/\/\S+/g) ?? []) expect(spanish.text).toContain(url);
      }
    });
  }

  it("dates are written in Spanish by Intl (es-US), in her zone with the zone named", async () => {
    const offer = await renderEmail("place_offer", SAMPLE_PAYLOADS.place_offer, { ...CONTEXT, language: "es" });
    expect(offer.text).toContain("jueves, 22 de enero de 2026, 9:30 a.m. hora estándar del Pacífico");
    const consult = await renderEmail("consult_booked", SAMPLE_PAYLOADS.consult_booked, { ...CONTEXT, language: "es" });
    expect(consult.text).toContain("jueves, 22 de enero de 2026, 12:30 p.m. hora estándar oriental");
    expect(consult.text).toContain("En la clínica: jueves, 22 de enero de 2026, 9:30 a.m. hora estándar del Pacífico");
  });

  it("a few sentences as she reads them", async () => {
    const confirmation = await renderEmail("application_confirmation", SAMPLE_PAYLOADS.application_confirmation, { ...CONTEXT, language: "es" });
    expect(confirmation.subject).toBe("Recibimos tu solicitud para el piloto de Ovella");
    expect(confirmation.html).toContain("¡Gracias por postularte!");
    expect(confirmation.text).toContain("Respondemos en un plazo de 24 horas.");
    const waitlist = await renderEmail("waitlist_notice", SAMPLE_PAYLOADS.waitlist_notice, { ...CONTEXT, language: "es" });
    expect(waitlist.text).toContain("Tienes el número 3 en la lista de espera prioritaria.");
    const kit = await renderEmail("reminder_kit_not_sent", SAMPLE_PAYLOADS.reminder_kit_not_sent, { ...CONTEXT, language: "es" });
    expect(kit.subject).toBe("Un recordatorio: tu kit de OvellaIQ");
  });

  it("staff alerts stay English whatever the language", async () => {
    for (const kind of STAFF_KINDS) {
      const english = await renderEmail(kind, SAMPLE_PAYLOADS[kind], CONTEXT);
      const spanish = await renderEmail(kind, SAMPLE_PAYLOADS[kind], { ...CONTEXT, language: "es" });
      expect(spanish).toEqual(english);
    }
  });
});
