/**
 * The site's other public pages' English words (ADR 0113): About, Contact, Apply, Thank-you and the 404, with what they
 * share (the "Back to Home" link, the share panel, the steps after an application and the pilot's facts in words).
 * Names and numbers are placeholders, filled from core/brand.ts and the pilot's live settings (ADR 0091).
 */
import type { Catalogue } from "../catalogue";

export const SITE_PAGES_EN = {

  // What happens after an application (core/next-steps.ts), on the thank-you page.
  "nextStep.inbox.title": "Check your inbox",
  "nextStep.inbox.body": "We will email you the details of the pilot and your early-join perks, including {storage} ({storageValue} value).",
  "nextStep.assessment.title": "Take the {assessment} assessment",
  "nextStep.assessment.body": "When eligibility checks open, you will receive instructions for the {assessment} fertility assessment.",
  "nextStep.waitlist.title": "You are on the priority waitlist",
  "nextStep.waitlist.body": "The pilot is {spots}, and it is not taking new places now. We will write if a place comes free, and when the next group opens.",
  "nextStep.place.title": "Hear whether your place is secured",
  "nextStep.place.body": "The pilot is {spots}. We will let you know whether you have a place or are on the priority waitlist.",
  "nextStep.invite.title": "Invite a friend",
  "nextStep.invite.body": "Know someone thinking about egg freezing? Share the pilot with her below.",

  "backHome.link": "Back to Home",

  "share.button": "Share {brand} with Friends",
  "share.options": "Share options",
  "share.heading": "Share with a friend",
  "share.email": "Email",
  "share.newTab": "(opens in a new tab)",
  "share.copy": "Copy Link",
  "share.copied": "Copied!",
  "share.copiedStatus": "Link copied to the clipboard",
  "share.close": "Close",
  "share.text": "I just applied to the {brand} egg freezing pilot: {price} instead of {regularPrice}, {storage} ({storageValue} value) and a money-back baby guarantee. Check it out:",
  "share.emailSubject": "Have you heard about {brand}?",
  "share.emailBody":
    "Hi!\n\nI just applied to the {brand} pilot, {pitch} Pilot members pay {price} instead of {regularPrice} and get {storage} ({storageValue} value).\n\nTake a look: {url}",

  "about.meta.title": "About Us | {brand}",
  "about.meta.description":
    "Why we built {brand}, the first egg freezing plan with a guarantee: our mission, our story, our values and the team behind the pilot.",
  "about.eyebrow": "About {brand}",
  "about.title": "Egg freezing with a plan you can count on",
  "about.intro":
    "{tagline} {brand} pairs egg freezing at trusted partner clinics with a clear assessment, honest pricing and a money-back baby guarantee.",
  "about.mission.heading": "Our mission",
  "about.mission.body":
    "We want every woman who is thinking about her future family to be able to make that decision with clear information, a fair price and real protection if biology doesn’t cooperate. Preserving your options shouldn’t mean taking on all of the risk alone.",
  "about.story.heading": "Our story",
  "about.story.body":
    "Before building anything, our founder spoke with {interviewed} women about egg freezing. They told her the same things again and again: the price is intimidating, the information is confusing, and nobody can say whether it will work. {brand} is our answer: a plan that starts with an honest assessment, stays transparent about cost and shares the risk with you through a guarantee. We are starting small, with a pilot {spots} in {cities}, so that we can get every detail right.",
  "about.story.moreThan": "{n}+",
  "about.values.heading": "Our values",
  "about.values.intro": "The principles behind every decision we make.",
  "about.value.empowerment.title": "Empowerment First",
  "about.value.empowerment.body":
    "You decide what is right for your body and your timeline. Our job is to give you the knowledge and options to decide with confidence.",
  "about.value.transparency.title": "Transparency Always",
  "about.value.transparency.body": "Clear prices, plain-language terms and honest odds. If something is uncertain, we say so.",
  "about.value.science.title": "Science + Compassion",
  "about.value.science.body":
    "Evidence-based medicine from experienced clinicians, delivered by people who remember there is a person behind every chart.",
  "about.value.shared.title": "Shared Responsibility",
  "about.value.shared.body": "We put our own money behind the outcome. When we ask you to trust the plan, we carry part of the risk with you.",
  "about.different.heading": "What makes us different",
  "about.different.guarantee.title": "A guarantee, not just a procedure",
  "about.different.guarantee.body":
    "Egg freezing is usually sold as a procedure with no promise attached. {brand} is a plan: if you qualify, your path forward is backed by our baby guarantee; if you don't, you get a personalized fertility plan instead of a dead end.",
  "about.different.assessment.title": "{assessment}: know before you commit",
  "about.different.assessment.body":
    "Our fertility assessment, {assessment}, scores your fertility and tells you whether you are eligible for the guarantee before you make a decision, so you start with facts instead of guesses.",
  "about.different.pricing.title": "Honest, simple pricing",
  "about.different.pricing.body":
    "Pilot participants pay {price} instead of {regularPrice}. Pay over time with quick financing and monthly payments, or upfront with cash or FSA/HSA funds. No surprise line items.",
  "about.different.storage.title": "Storage included",
  "about.different.storage.body":
    "Every pilot plan includes {storage}, {storageValue} in value, so the cost of keeping your eggs safe doesn't start the day after your retrieval.",
  "about.team.heading": "Leadership team",
  "about.team.intro": "Clinicians, researchers and operators who have spent their careers on fertility care.",
  "about.team.profile": "View profile",
  "about.team.profileOf": "of {name} (opens in a new tab)",
  "about.cta.heading": "Ready to see if the pilot is right for you?",
  "about.cta.body": "The pilot is {spots} in {cities}. Everyone else can join the priority waitlist.",
  "about.cta.apply": "Apply for the Pilot",
  "about.cta.contact": "Contact Us",

  "contactPage.meta.title": "Contact Us | {brand}",
  "contactPage.meta.description":
    "Questions about the {brand} pilot, eligibility, pricing or partnerships? Send us a message: we reply within {responseTime}.",
  "contactPage.hours": { plural: "n", one: "{n} hour", other: "{n} hours" },
  "contactPage.eyebrow": "Contact",
  "contactPage.title": "We're here to help",
  "contactPage.intro":
    "Questions about the pilot, eligibility, the guarantee or pricing? Write to us and a real person will reply within {responseTime}.",
  "contactPage.faq.heading": "Frequently asked questions",
  "contactPage.faq.who.q": "Who can join the pilot?",
  "contactPage.faq.who.a":
    "The pilot is open to {capacity} women under {maxAge} in {cities}, aged {minAge} or older. Everyone else can apply for the priority waitlist.",
  "contactPage.faq.guarantee.q": "How does the baby guarantee work?",
  "contactPage.faq.guarantee.a":
    "After the {assessment} assessment, eligible members join with a money-back guarantee: if the plan does not lead to a baby under its terms, you get your money back. The Terms of Service describe exactly what is covered.",
  "contactPage.faq.fsa.q": "Can I use FSA or HSA funds?",
  "contactPage.faq.fsa.a": "Yes. You can pay upfront by cash or FSA/HSA funds, or choose quick financing with monthly payments.",
  "contactPage.faq.privacy.q": "How is my information protected?",
  "contactPage.faq.privacy.a":
    "We treat everything you share as medical information: encrypted in transit, never sold, and never sent to advertisers. See our Privacy Policy and HIPAA Notice for details.",
  "contactPage.otherWays": "Other ways to reach us",
  "contactPage.emergency.heading": "Medical emergency?",
  "contactPage.emergency.body":
    "This form is not monitored for emergencies. If you are experiencing a medical emergency, call {emergency} or go to the nearest emergency room.",
  "contactPage.emergency.call": "Call {emergency}",
  "contactPage.quick.heading": "Quick actions",
  "contactPage.quick.apply": "Apply for Pilot Program",
  "contactPage.quick.packet": "Download Info Packet",
  "contactPage.quick.packet.what": "Our info packet",
  "contactPage.quick.clinic": "Find Partner Clinic",
  "contactPage.quick.clinic.what": "The partner clinic finder",
  "contactPage.comingSoon.title": "Coming Soon!",
  "contactPage.comingSoon.description": "{what} is on its way. Sign up for updates through the pilot application to hear first.",
  "contactPage.reach.heading": "Get in touch",
  "contactPage.reach.general": "General questions",
  "contactPage.reach.phone": "Phone",
  "contactPage.reach.specialized": "Specialized inquiries",
  "contactPage.press.title": "Press & media",
  "contactPage.press.body": "Interviews, press kits and media questions.",
  "contactPage.clinics.title": "Clinic partnerships",
  "contactPage.clinics.body": "Fertility clinics interested in joining our network.",
  "contactPage.employers.title": "Employer partnerships",
  "contactPage.employers.body": "Offer the plan as a benefit to your team.",
  "contactPage.social.heading": "Follow us",
  "contactPage.newTab": "(opens in a new tab)",

  "applyPage.meta.title": "Apply for the Pilot | {brand}",
  "applyPage.meta.description":
    "Apply for the {brand} egg freezing pilot: {price} instead of {regularPrice}, {storage} and a money-back baby guarantee. The pilot is for women under {maxAge} in {cities}. Everyone else can apply to join the priority waitlist.",
  "applyPage.eyebrow": "Pilot application",
  "applyPage.title": "Apply for the {brand} pilot",
  "applyPage.intro": "{lead} It takes about a minute, and applying does not commit you to anything.",
  "applyPage.lead.open": "The pilot is {spots} in {cities}. Everyone else can apply to join the priority waitlist.",
  "applyPage.lead.full": "Every place in the pilot is taken, so applying now puts you on the priority waitlist.",
  "applyPage.lead.closed": "Enrollment in the pilot has closed, so applying now puts you on the priority waitlist for the next group.",
  "applyPage.lead.notOpen": "Enrollment has not opened yet, so applying now puts you on the priority waitlist.",
  "applyPage.benefits.eyebrow": "Benefits",
  "applyPage.benefits.title": "What pilot members get",
  "applyPage.steps.eyebrow": "How it works",
  "applyPage.steps.title": "What happens after you apply",

  "thanks.meta.title": "Thank You for Applying | {brand}",
  "thanks.title": "Thank you for applying!",
  "thanks.intro": "Your application to the {brand} pilot is in. Here is what happens next.",
  "thanks.home": "Return to Homepage",

  "notFound.meta.title": "404 Page Not Found | {brand}",
  "notFound.title": "404 Page Not Found",
  "notFound.body": "The page you are looking for does not exist or has moved.",
  "notFound.contact": "Contact us",
} as const satisfies Catalogue;
