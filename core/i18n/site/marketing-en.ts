/**
 * The landing and campaign pages' English words (ADR 0113): the home page's sections (shared with Apply and the
 * campaign pages), the countdown and the media facades, How it works, the assessment, TikTok, MIT. Names and numbers
 * are placeholders filled from core/brand.ts: `{brand}`, `{assessment}`, `{price}`, `{regularPrice}`, `{region}`,
 * `{maxAge}`, `{capacity}` (the live places, ADR 0091); `{discount}`, `{storage}`, `{storageValue}` and `{cities}` are
 * the pilot's facts said in the page's language (app/components/marketing/content.ts).
 */
import type { Catalogue } from "../catalogue";

export const SITE_MARKETING_EN = {
  // The pilot's facts in words (what `facts` of core/brand.ts says in English).
  "marketing.fact.discount": "{percent}% off",
  "marketing.fact.storage": { plural: "years", one: "{years} year of free storage", other: "{years} years of free storage" },
  "marketing.fact.storageValue": "about {amount}",
  "marketing.fact.storageWithValue": "{storage} ({storageValue} value)",
  "marketing.fact.spots": "limited to {capacity} women under {maxAge}",
  "marketing.fact.priceInstead": "{price} instead of {regularPrice}",

  // Words several sections and pages share.
  "marketing.applyPilot": "Apply for our Pilot",
  "marketing.applyNow": "Apply Now",
  "marketing.howItWorks": "How it works",
  "marketing.watch": "Watch",

  // The media facades and the carousel (their widgets read these from the markup).
  "video.play": "Play video: {title}",
  "video.load": "Load {title}",
  "video.source.youtube": "Plays from youtube-nocookie.com once you press play.",
  "video.source.tiktok": "Loads content from tiktok.com once you press here.",
  "video.tiktok.watch": "Watch “{title}” on TikTok (opens in a new tab)",
  "video.tiktok.profile": "@{profile} on TikTok (opens in a new tab)",
  "marketing.carousel.label": "Our affiliations",
  "marketing.carousel.pause": "Pause",
  "marketing.carousel.play": "Play",
  "marketing.carousel.which": "affiliations carousel",
  "marketing.carousel.show": "Show {name}",
  "marketing.carousel.showing": "Showing {name}",

  // The countdown and the pilot's status (ADR 0091); `{date}` is the instant in Pacific time.
  "countdown.days": "Days",
  "countdown.hours": "Hours",
  "countdown.minutes": "Minutes",
  "countdown.seconds": "Seconds",
  "countdown.timer.opens": "Time until the pilot enrollment window opens",
  "countdown.timer.closes": "Time left in the pilot enrollment window",
  "countdown.opensIn": "Pilot enrollment opens in",
  "countdown.closesIn": "Pilot enrollment closes in",
  "countdown.open": "Pilot enrollment is open",
  "countdown.closed": "The pilot enrollment window has closed",
  "countdown.opens.note": "Enrollment opens {date} Pacific time. Apply now to join the priority waitlist and hear first.",
  "countdown.opened.note": "Enrollment opened {date} Pacific time. Apply below for a place.",
  "countdown.closes.note": "Deadline: {date} Pacific time.",
  "countdown.passed.note": "The deadline was {date} Pacific time. Apply now to join the priority waitlist for the next group.",
  "countdown.full": "Every place in the pilot is taken",
  "countdown.full.note": "Apply now to join the priority waitlist: when a place comes free, the next woman on it hears first.",
  "countdown.closed.note": "Enrollment closed {date} Pacific time. Apply now to join the priority waitlist for the next group.",
  "countdown.closed.noteUndated": "Apply now to join the priority waitlist for the next group.",
  "countdown.soon": "Pilot enrollment opens soon",
  "countdown.soon.note": "Apply now to join the priority waitlist and hear first when it opens.",
  "countdown.open.note": "{capacity} places, given as applications are reviewed.",

  // The pilot in a sentence, and what applying does while it takes no new places.
  "sections.pilotSummary": "The pilot is limited to {capacity} women under {maxAge} in {cities}. Everyone else can apply to join the priority waitlist.",
  "sections.waitlist.full": "Every place in the pilot is taken, so applying now puts you on the priority waitlist.",
  "sections.waitlist.closed": "Enrollment in the pilot has closed, so applying now puts you on the priority waitlist for the next group.",
  "sections.waitlist.notOpen": "Enrollment has not opened yet, so applying now puts you on the priority waitlist.",

  // The hero.
  "sections.hero.headline": "The First Egg Freezing Plan with a Guarantee",
  "sections.hero.eyebrow": "Pilot program · {cities}",
  "sections.hero.subline":
    "{tagline} Freeze your eggs at a trusted partner clinic for {price} during the pilot, with {storage} and a money-back baby guarantee if you qualify.",
  "sections.hero.seeHow": "See how it works",
  "sections.hero.check.discount": "{discount} for pilot members",
  "sections.hero.check.monthly": "Monthly payments available",

  // The benefits.
  "sections.benefits.eyebrow": "Pilot benefits",
  "sections.benefits.title": "Everything the pilot includes",
  "sections.benefits.pricing": "Pilot pricing for the first {capacity} members.",
  "sections.benefit.price.title": "{price} pilot price",
  "sections.benefit.price.body": "Pilot members pay {price} instead of {regularPrice}: {discount} the regular plan.",
  "sections.benefit.storage.body": {
    plural: "years",
    one: "Your eggs are stored free for the first year, a value of {storageValue}.",
    other: "Your eggs are stored free for the first {years} years, a value of {storageValue}.",
  },
  "sections.benefit.guarantee.title": "A money-back baby guarantee",
  "sections.benefit.guarantee.body": "If you qualify and the plan does not lead to a baby, you get your money back. That is the point of a guarantee.",
  "sections.benefit.assessment.title": "{assessment} fertility assessment",
  "sections.benefit.assessment.body": "A clear score of where your fertility stands today, explained in plain language, before you commit to anything.",
  "sections.benefit.clinic.title": "Trusted partner clinics",
  "sections.benefit.clinic.body": "Care happens at established fertility clinics in {cities}, with our team alongside you.",
  "sections.benefit.payment.title": "Flexible payment",
  "sections.benefit.payment.body": "Monthly financing or upfront payment by cash or FSA/HSA funds, with no surprise fees.",

  // The four steps (docs/requirements.md §1).
  "sections.step.number": "Step {n}:",
  "sections.step.apply.title": "Apply for pilot access",
  "sections.step.apply.body": "Join the pilot and lock in early-join perks, including {storageWithValue}.",
  "sections.step.eligibility.title": "Eligibility check",
  "sections.step.eligibility.body": "Take the {assessment} fertility assessment. It scores your fertility and tells us, and you, whether the guarantee fits.",
  "sections.step.path.title": "Your path forward",
  "sections.step.path.body": "Eligible members get the baby guarantee. Everyone else gets a personalized fertility plan built around their results.",
  "sections.step.payment.title": "Payment made simple",
  "sections.step.payment.body": "Choose quick financing with monthly payments, or pay upfront with cash or FSA/HSA funds.",

  // How it works, the presentation, the affiliations, the community feed.
  "sections.howItWorks.title": "Four clear steps, one guarantee",
  "sections.howItWorks.intro": "No guesswork and no fine print surprises. Here is exactly what happens after you apply.",
  "sections.howItWorks.video": "How {brand} works",
  "sections.howItWorks.cta": "Start Your Journey Today",
  "sections.presentation.title": "Meet {brand} in a short video",
  "sections.presentation.intro": "Our founder walks through why egg freezing needs a guarantee, and how the pilot keeps costs honest.",
  "sections.presentation.video": "{brand} pilot presentation",
  "sections.affiliations.eyebrow": "Backed by",
  "sections.affiliations.title": "Built with support from university innovation programs",
  "sections.social.eyebrow": "Community",
  "sections.social.title": "Real questions, answered in public",
  "sections.social.intro": "We share what we learn about fertility, costs and the pilot on TikTok. Follow along, or load our latest posts right here.",
  "sections.social.feed": "@{profile} latest posts",
  "sections.social.load": "Load @{profile} latest posts",

  // Why trust us.
  "sections.trust.eyebrow": "Why trust us",
  "sections.trust.title": "Honest numbers, real clinics, your privacy first",
  "sections.trust.shaped.title": "Shaped by {women} women",
  "sections.trust.shaped.body": "Every part of the plan started as a question from a real conversation about egg freezing.",
  "sections.trust.clinics.title": "Medical care at established clinics",
  "sections.trust.clinics.body": "Treatment happens at partner fertility clinics with board-certified specialists. We never practice medicine ourselves.",
  "sections.trust.data.title": "Your data treated like medical data",
  "sections.trust.data.body": "Encrypted in transit and never sold. Advertising tools run only if you opt in, and your form answers never reach them.",
  "sections.trust.pricing.title": "Pricing in writing",
  "sections.trust.pricing.body": "{price} during the pilot, {storage} included, and a clear refund rule if the guarantee applies.",
  "sections.trust.questions": "Questions first? {contact} or read the {hipaa}.",
  "sections.trust.questions.contact": "Talk to our team",
  "sections.trust.questions.hipaa": "HIPAA notice",

  // Testimonials, the banner, the final call to action.
  "sections.testimonials.eyebrow": "Testimonials",
  "sections.testimonials.title": "What early members tell us",
  "sections.testimonials.intro": "Illustrative stories based on the conversations that shaped the pilot.",
  "sections.freedom.title": "Freedom to Choose",
  "sections.freedom.body":
    "Your career, your relationship, your timeline. Freezing your eggs is about keeping your options open, and a guarantee means you are not carrying the uncertainty alone.",
  "sections.apply.eyebrow": "Apply",
  "sections.apply.title": "Ready to take the uncertainty off your plate?",
  "sections.apply.intro":
    "Spots in the pilot are limited to {capacity} women under {maxAge} in {cities}. Apply in about a minute; if the pilot is full or you live elsewhere, you join the priority waitlist.",
  "sections.apply.waitlist": "Priority waitlist if the pilot is full",

  // The home page.
  "home.meta.title": "{brand} | The First Egg Freezing Plan with a Guarantee",
  "home.meta.description": "{tagline} Join the {brand} pilot: egg freezing for {price} ({discount}), {storage} and a money-back baby guarantee.",

  // How it works.
  "howItWorks.meta.title": "How It Works | {brand}",
  "howItWorks.meta.description":
    "How the {brand} plan works in four steps: apply, take the {assessment} eligibility check, get your path forward, and pay monthly or upfront. Pilot price {price}.",
  "howItWorks.benefits.eyebrow": "Included",
  "howItWorks.benefits.title": "What the pilot includes",
  "howItWorks.apply.title": "Start with a one-minute application",

  // The assessment.
  "assessment.meta.title": "{assessment}: The Fertility Assessment | {brand}",
  "assessment.meta.description":
    "{assessment} scores your fertility, explains it in plain language and decides whether the {brand} baby guarantee fits you, or what personalized plan does.",
  "assessment.eyebrow": "The assessment",
  "assessment.title": "{assessment}: know your numbers before you decide",
  "assessment.intro":
    "{assessment} is our fertility assessment. It scores your fertility, explains what the score means, and decides eligibility for the {brand} guarantee.",
  "assessment.model.eyebrow": "The model",
  "assessment.model.title": "What goes into your score",
  "assessment.input.reserve.title": "Ovarian reserve",
  "assessment.input.reserve.body": "Hormone blood work, such as AMH, that estimates how many eggs you have today.",
  "assessment.input.ultrasound.title": "Ultrasound findings",
  "assessment.input.ultrasound.body": "An antral follicle count from a pelvic ultrasound at a partner clinic.",
  "assessment.input.history.title": "Age and health history",
  "assessment.input.history.body": "Your age, cycles and relevant medical history, reviewed by clinicians.",
  "assessment.input.goals.title": "Your goals",
  "assessment.input.goals.body": "How many children you may want and when, so the plan fits your life, not an average.",
  "assessment.model.note": "Tests are ordered and read by licensed clinicians at partner clinics. {assessment} informs your decision; it does not replace medical advice.",
  "assessment.result.eyebrow": "Your result",
  "assessment.result.title": "Two clear paths forward",
  "assessment.outcome.eligible.title": "Eligible for the guarantee",
  "assessment.outcome.eligible.body": "Your score shows the plan is likely to work for you: you can join with the money-back baby guarantee.",
  "assessment.outcome.plan.title": "A personalized fertility plan",
  "assessment.outcome.plan.body":
    "If the guarantee is not the right fit, you get a clear, personalized plan and honest options, including whether to freeze now.",
  "assessment.result.note": "Pilot members take {assessment} as step two, after applying. Pilot price {price}, with {storage}.",
  "assessment.apply.title": "Apply to take {assessment} in the pilot",

  // The TikTok campaign page.
  "tiktok.meta.title": "Egg Freezing with a Guarantee in {region} | {brand}",
  "tiktok.meta.description":
    "{brand}'s {region} pilot: egg freezing for {price} ({discount}), {storage} and a money-back baby guarantee. Open to women under {maxAge} in {cities}.",
  "tiktok.spots": "Spots are limited to {capacity} women in {region}",
  "tiktok.hero.eyebrow": "{region} pilot · {cities}",
  "tiktok.hero.headline": "Egg freezing in {region}, now with a guarantee",
  "tiktok.hero.subline":
    "Saw us on TikTok? Here is the short version: the {brand} pilot lets women in {cities} freeze their eggs for {price} instead of {regularPrice}, with {storage} and a money-back baby guarantee if you qualify.",
  "tiktok.video.title": "Why we built a guarantee",
  "tiktok.video.intro": "The video loads from TikTok only when you press play.",
  "tiktok.benefits.eyebrow": "What you get",
  "tiktok.benefits.title": "The {region} pilot at a glance",
  "tiktok.steps.title": "Four steps from application to plan",
  "tiktok.apply.title": "Claim your spot in {region}",
  "tiktok.apply.intro":
    "Spots are limited to {capacity} women in {region}, under {maxAge}, in {cities}. Apply in about a minute; if the pilot is full you join the priority waitlist.",

  // The MIT page.
  "mit.meta.title": "Our MIT Origins | {brand}",
  "mit.meta.description":
    "{brand} grew out of the MIT innovation community: research, {women} interviews with women, and a plan for egg freezing with a guarantee.",
  "mit.eyebrow": "Our origins",
  "mit.title": "Born in the MIT community, built for women everywhere",
  "mit.intro":
    "{brand} began the way MIT projects often do: with a stubborn question, a lot of interviews and a model that had to survive hard feedback. The result is {pitch}",
  "mit.story.eyebrow": "The story",
  "mit.story.title": "From research to a real plan",
  "mit.milestone.question.title": "A question worth answering",
  "mit.milestone.question.body":
    "Why does egg freezing feel like a gamble? Our founder started by listening: {women} conversations with women weighing the decision.",
  "mit.milestone.tested.title": "Tested in the MIT innovation community",
  "mit.milestone.tested.body":
    "The model was shaped with mentors, researchers and fellow founders through university innovation programs, a sandbox fund and an accelerator.",
  "mit.milestone.data.title": "A guarantee built on data",
  "mit.milestone.data.body":
    "The {assessment} assessment turns fertility data into a clear score, so a guarantee can be offered honestly to the women it fits.",
  "mit.milestone.pilot.title": "A pilot in {region}",
  "mit.milestone.pilot.body": "Now the plan is being tested with {capacity} women in {cities}, at {price} instead of {regularPrice}.",
  "mit.affiliations.eyebrow": "Supported by",
  "mit.affiliations.title": "University innovation programs behind us",
  "mit.steps.title": "What the pilot looks like for you",
  "mit.apply.title": "Part of the MIT community? Apply for the pilot",
} as const satisfies Catalogue;
