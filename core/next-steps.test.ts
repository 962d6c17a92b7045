import { describe, expect, it } from "vitest";
import { brand, facts } from "./brand";
import { translator } from "./i18n/catalogue";
import { SITE_EN } from "./i18n/site-en";
import { SITE_ES } from "./i18n/site-es";
import { nextSteps } from "./next-steps";
import { pilotFacts } from "./pilot-facts";

const en = translator("en", SITE_EN);
const es = translator("es", SITE_ES);

describe("the pilot's facts in a page's words", () => {
  it("say in English exactly what `facts` says", () => {
    expect(pilotFacts(en, 20)).toEqual({
      price: facts.price,
      regularPrice: facts.regularPrice,
      discount: facts.discount,
      storage: facts.storage,
      storageValue: facts.storageValue,
      storageWithValue: `${facts.storage} (${facts.storageValue} value)`,
      spots: facts.spotsLine(20),
      cities: facts.cities,
    });
    // The places are written as they are, never grouped, as `facts.spotsLine` writes them.
    expect(pilotFacts(en, 12500).spots).toBe(facts.spotsLine(12500));
  });

  it("say it in Spanish", () => {
    const pilot = pilotFacts(es, 20);
    expect(pilot.storage).toBe(`${brand.pilot.storageYears} año${brand.pilot.storageYears === 1 ? "" : "s"} de almacenamiento gratis`);
    expect(pilot.spots).toBe(`limitado a 20 mujeres menores de ${brand.pilot.maxAge} años`);
    expect(pilot.cities).toBe(brand.pilot.cities.join(" o "));
  });
});

describe("nextSteps", () => {
  it("in English, the steps as the thank-you page has always said them", () => {
    expect(nextSteps(en, 20)).toEqual([
      {
        title: "Check your inbox",
        body: `We will email you the details of the pilot and your early-join perks, including ${facts.storage} (${facts.storageValue} value).`,
      },
      {
        title: `Take the ${brand.assessmentName} assessment`,
        body: `When eligibility checks open, you will receive instructions for the ${brand.assessmentName} fertility assessment.`,
      },
      {
        title: "Hear whether your place is secured",
        body: `The pilot is ${facts.spotsLine(20)}. We will let you know whether you have a place or are on the priority waitlist.`,
      },
      {
        title: "Invite a friend",
        body: "Know someone thinking about egg freezing? Share the pilot with her below.",
      },
    ]);
    expect(nextSteps(en, 12, true)[2]).toEqual({
      title: "You are on the priority waitlist",
      body: `The pilot is ${facts.spotsLine(12)}, and it is not taking new places now. We will write if a place comes free, and when the next group opens.`,
    });
  });

  it("in Spanish, the same steps in Spanish, with the live places", () => {
    const steps = nextSteps(es, 12, true);
    expect(steps.map((step) => step.title)).toEqual([
      "Revisa tu correo",
      `Haz la evaluación ${brand.assessmentName}`,
      "Estás en la lista de espera prioritaria",
      "Invita a una amiga",
    ]);
    expect(steps[2]?.body).toContain(`limitado a 12 mujeres menores de ${brand.pilot.maxAge} años`);
    expect(nextSteps(es, 12, false)[2]?.title).toBe("Te diremos si tu lugar está asegurado");
  });
});
