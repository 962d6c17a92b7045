/**
 * What her own page says about where she stands (ADR 0098): one heading and one "what happens next" for each stage, in
 * plain words. The page and `GET /api/applicant/{token}` say the same. No form answer, no staff note.
 */
import { brand } from "../brand";
import type { Stage } from "./stages";

export interface StandingWords {
  heading: string;
  next: string;
}

export function standingWords(stage: Stage, position: number | null): StandingWords {
  switch (stage) {
    case "new":
    case "reviewing":
      return {
        heading: "We are reading your application",
        next: `You will hear from us by email: an invitation to the ${brand.assessmentName} assessment, or our answer. You do not need to do anything now.`,
      };
    case "assessment_invited":
      return {
        heading: `Your next step: the ${brand.assessmentName} assessment`,
        next: "The instructions are in your invitation email. When you have sent your kit, tell us below; once your result is in, we tell you what comes next.",
      };
    case "assessment_passed":
      return {
        heading: "You passed the assessment",
        next: "Book your consult with our clinical team below. We will write to you about a place in the pilot as places are given.",
      };
    case "offered":
      return { heading: "A place in the pilot is yours", next: "Accept or decline it below before the deadline. If you do not answer, it goes to the next woman waiting." };
    case "enrolled":
      return { heading: "Your place is confirmed", next: `Our care team will write within ${brand.contact.responseTime} to plan your first visit.` };
    case "waitlisted":
      return {
        heading: position ? `You are number ${position} on the priority waitlist` : "You are on the priority waitlist",
        next: "When a place comes free, we write to you straight away. You do not need to do anything now.",
      };
    case "declined":
      return { heading: "You declined your place", next: "Thank you for telling us. If you change your mind, write to us and we will see what we can do." };
    case "offer_expired":
      return { heading: "Your offer expired", next: "You are back on the priority waitlist; we write when a place comes free." };
    case "not_eligible":
      return { heading: "We cannot offer you a place in this pilot", next: "Our letter says why. If you have a question, write to us: a person on our team answers." };
    case "withdrawn":
      return { heading: "Your application is withdrawn", next: "You will not hear from us about a place. If this is not what you wanted, write to us." };
  }
}
