/** What happens after an application: shown on /thank-you and written in the applicant's confirmation email. */
import { brand, facts } from "./brand";

export interface NextStep {
  title: string;
  body: string;
}

/**
 * The steps for the pilot's live places (ADR 0091); `toWaitlist` when the pilot was not taking applications for a
 * place (not open yet, closed or full): the third step then says she is on the waitlist.
 */
export function nextSteps(capacity: number, toWaitlist = false): readonly NextStep[] {
  return [
    {
      title: "Check your inbox",
      body: `We will email you the details of the pilot and your early-join perks, including ${facts.storage} (${facts.storageValue} value).`,
    },
    {
      title: `Take the ${brand.assessmentName} assessment`,
      body: `When eligibility checks open, you will receive instructions for the ${brand.assessmentName} fertility assessment.`,
    },
    toWaitlist
      ? {
          title: "You are on the priority waitlist",
          body: `The pilot is ${facts.spotsLine(capacity)}, and it is not taking new places now. We will write if a place comes free, and when the next group opens.`,
        }
      : {
          title: "Hear whether your place is secured",
          body: `The pilot is ${facts.spotsLine(capacity)}. We will let you know whether you have a place or are on the priority waitlist.`,
        },
    {
      title: "Invite a friend",
      body: "Know someone thinking about egg freezing? Share the pilot with her below.",
    },
  ];
}
