/** What happens after an application: shown on /thank-you and written in the applicant's confirmation email. */
import { brand, facts } from "./brand";

export interface NextStep {
  title: string;
  body: string;
}

export const NEXT_STEPS: readonly NextStep[] = [
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
    body: `The pilot is ${facts.spotsLine}. We will let you know whether you have a place or are on the priority waitlist.`,
  },
  {
    title: "Invite a friend",
    body: "Know someone thinking about egg freezing? Share the pilot with her below.",
  },
];
