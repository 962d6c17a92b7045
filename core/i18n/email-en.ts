/**
 * The emails' English catalogue (ADR 0111), the reference of the emails' Spanish one, key for key and
 * placeholder for placeholder (checked by catalogue.test.ts). A catalogue of its own, apart from `en.ts`: only the
 * courier renders emails, and a page that imports the forms' messages never carries these.
 *
 * The templates fill a placeholder either with text (a subject, a preview) or with a part of the email (a name, a
 * link, a bold deadline) set between the message's words as the template's JSX would set it; `{_}` is the space JSX
 * writes on its own (`{" "}`), so an English email stays byte for byte what it was before the catalogue.
 */
import type { Catalogue } from "./catalogue";

export const EMAIL_EN = {
  // Shared words
  "email.hours": { plural: "n", one: "{n} hour", other: "{n} hours" },
  "email.and": "and",
  "email.or": "or",
  "email.openApplication": "Open my application",
  "email.chooseTime": "Choose a time",
  "email.facts.discount": "{percent}% off",
  "email.facts.storage": { plural: "years", one: "{years} year of free storage", other: "{years} years of free storage" },
  "email.facts.storageValue": "about {value}",
  "email.facts.spots": "limited to {capacity} women under {maxAge}",
  // The frame (layout.tsx)
  "email.layout.pageLink": "Where you stand, and what you can do (answer an offer, book your consult, change your details, withdraw):",
  "email.layout.questions": "Questions? Write to {general} or call {phone}. Privacy questions and requests:{_}{privacy}.",
  "email.layout.privacyPolicy": "Read our Privacy Policy",
  "email.layout.consented": "You agreed to hear about the {brand} pilot.{_}{stop}",
  "email.layout.stopMarketing": "Stop marketing emails in one click",
  // application_confirmation
  "email.confirmation.subject": "Your {brand} pilot application is in",
  "email.confirmation.preview": "Thank you for applying to the {brand} pilot. Here is what happens next.",
  "email.confirmation.heading": "Thank you for applying!",
  "email.confirmation.intro": "Your application to the {brand} pilot is in. Here is what happens next.",
  "email.confirmation.step.details.title": "Read the details",
  "email.confirmation.step.details.body": "This is that email: the pilot facts and your early-join perks, including {storage} ({storageValue} value), are below.",
  "email.confirmation.step.assessment.title": "Take the {assessment} assessment",
  "email.confirmation.step.assessment.body": "When eligibility checks open, you will receive instructions for the {assessment} fertility assessment.",
  "email.confirmation.step.waitlist.title": "You are on the priority waitlist",
  "email.confirmation.step.waitlist.body": "The pilot is {spots}, and it is not taking new places now. We will write if a place comes free, and when the next group opens.",
  "email.confirmation.step.place.title": "Hear whether your place is secured",
  "email.confirmation.step.place.body": "The pilot is {spots}. We will let you know whether you have a place or are on the priority waitlist.",
  "email.confirmation.step.share.title": "Invite a friend",
  "email.confirmation.step.share.body": "Know someone thinking about egg freezing? Share the pilot with her:\n{site}/",
  "email.confirmation.glance": "The pilot at a glance",
  "email.confirmation.facts": "{price} instead of {regularPrice} ({discount}), {storage} ({storageValue}{_}value), {spots}, in {cities}.",
  "email.confirmation.contact": "Questions? Reply to this email, write to {general} or call {phone}. We answer within{_}{responseTime}.",
  "email.confirmation.visit": "Visit {brand}",
  // contact_acknowledgement
  "email.acknowledgement.subject": "We received your message to {brand}",
  "email.acknowledgement.backWithin": "We'll get back to you within {responseTime}.",
  "email.acknowledgement.heading": "Thank you for writing to us",
  "email.acknowledgement.received": "We received your message.",
  "email.acknowledgement.urgent": "If something is urgent, call us at {phone}. In a medical emergency call{_}{emergency}.",
  // assessment_invitation
  "email.assessment.subject": "Your {brand} assessment instructions",
  "email.assessment.preview": "Next step for the {brand} pilot: the OvellaIQ assessment.",
  "email.assessment.heading": "Your assessment, {name}",
  "email.assessment.intro":
    "Eligibility checks for the {brand} pilot are open. The next step is the OvellaIQ assessment: a short set of questions and, if you choose, a hormone test, so the clinical team can tell whether the pilot suits you.",
  "email.assessment.fromTeam": "From the clinical team",
  "email.assessment.page": "Your page has these instructions and your kit's progress. When you have sent your kit, tell us there: one button, and we take it from there.",
  "email.assessment.pageButton": "Open my assessment page",
  "email.assessment.about": "What the assessment is, and what it measures:{_}{link}.",
  "email.assessment.aboutLink": "about the {assessment} assessment",
  // assessment_passed_notice
  "email.passed.subject": "You passed the {assessment} assessment",
  "email.passed.preview": "Good news about your {assessment} assessment.",
  "email.passed.heading": "You passed, {name}",
  "email.passed.reviewed": "The clinical team has reviewed your {assessment} assessment, and you meet the pilot's criteria.",
  "email.passed.next":
    "What comes next: places in the pilot are offered in turn. When one is yours, we email you an offer with a deadline to accept it. If every place is taken, you join the priority waitlist and hear from us the moment one comes free. You do not need to do anything now.",
  // place_offer and offer_reminder
  "email.offer.subject": "A place in the {brand} pilot is yours",
  "email.offer.subjectExtended": "More time to answer your {brand} pilot offer",
  "email.offer.accept": "Accept my place",
  "email.offer.decline": "Decline",
  "email.offer.preview": "Please answer by {deadline}.",
  "email.offer.heading": "A place is yours, {name}",
  "email.offer.extended": "We have given you more time to answer the offer of your place. The new deadline is below.",
  "email.offer.resent": "We are sending your offer again. Please use the buttons in this email: the link in our earlier email no longer works.",
  "email.offer.body":
    "We are glad to offer you a place in the {brand} pilot in {cities}. Accepting holds your place at the pilot price of {price} (regularly {regularPrice}), paid later by monthly financing or upfront. Nothing is paid when you accept: our care team writes to you within 24 hours to plan your first visit and the payment.",
  "email.offer.answerBy": "Please answer by {deadline}. After that the place goes to the next person on the waitlist and you join the waitlist.",
  "email.offer.buttons": "Each button opens a page where you confirm your answer. Nothing changes until you press it there.",
  "email.reminder.offer.subject": "Your {brand} pilot place is waiting for your answer",
  "email.reminder.offer.heading": "Your place is still waiting, {name}",
  "email.reminder.offer.body":
    "We have not heard from you about the place we offered you. Please answer by {deadline}. After that the place goes to the next person on the waitlist and you join the waitlist.",
  "email.reminder.offer.buttons": "Each button opens a page where you confirm your answer. Please use this email: the buttons of our earlier email no longer work.",
  // offer_expired, waitlist_notice, waitlist_update
  "email.waitlist.promise": "That number only gets smaller as places are offered; if it ever goes up, we will write to tell you.",
  "email.waitlist.number": "number {position}",
  "email.waitlist.numberPreview": "You are number {position} on the waitlist.",
  "email.expired.subject": "Your {brand} pilot offer has expired",
  "email.expired.previewBack": "You are back on the waitlist.",
  "email.expired.heading": "Your offer has expired, {name}",
  "email.expired.numbered":
    "We did not hear from you before the deadline, so the place went to the next person. You are now{_}{number} on the priority waitlist and will hear from us when a place comes free. {promise}",
  "email.expired.unnumbered":
    "We did not hear from you before the deadline, so the place went to the next person. Your application stays on the priority waitlist, and we will keep you informed.",
  "email.waitlist.subject": "You are on the {brand} priority waitlist",
  "email.waitlist.preview": "You are on the priority waitlist.",
  "email.waitlist.heading": "You are on the priority waitlist, {name}",
  "email.waitlist.full": "Every place in the pilot is taken or offered for now.",
  "email.waitlist.notFull": "Not every place in the pilot is taken, but we offer them in turn as our team finishes its reviews, and we cannot offer you one yet.",
  "email.waitlist.numbered": "{why}{_}You are {number} on the priority waitlist. {promise}",
  "email.waitlist.offerByEmail": "When a place comes free for you, we offer it by email.",
  "email.waitlist.unnumbered":
    "Places in the pilot go first to people who meet all of its criteria, so we cannot give you a number on the waitlist. We are keeping your application with us all the same, and we will keep you informed.",
  "email.waitlistUpdate.subject": "Your number on the {brand} waitlist has changed",
  "email.waitlistUpdate.preview": "You are now number {position} on the waitlist.",
  "email.waitlistUpdate.heading": "A change on the waitlist, {name}",
  "email.waitlistUpdate.body": "Our team changed the order of the priority waitlist, and you are now {number}. {promise}",
  "email.waitlistUpdate.still": "You are still on the list, and when a place comes free for you, we offer it by email.",
  // place_confirmed
  "email.confirmed.subject": "Your place in the {brand} pilot is confirmed",
  "email.confirmed.preview": "Your place is confirmed.",
  "email.confirmed.heading": "Welcome to the pilot, {name}",
  "email.confirmed.body": "Your place in the {brand} pilot is confirmed. Our care team will write within {responseTime} to plan your first visit.",
  // not_eligible_notice
  "email.notEligible.subject": "About your {brand} pilot application",
  "email.notEligible.region": "The pilot runs only in {region} for now, around {cities}, so we cannot include you this time.",
  "email.notEligible.cities": "The pilot runs only around {cities} for now, so we cannot include you this time.",
  "email.notEligible.criteria": "The pilot is open only to people who meet all of its criteria, and your application does not meet them all.",
  "email.notEligible.preview": "An answer about your pilot application.",
  "email.notEligible.heading": "Thank you for applying, {name}",
  "email.notEligible.body": "We read your application with care, and we are not able to offer you a place in the {brand} pilot. {why}",
  "email.notEligible.newCity": "We will write if we open in a new city.",
  "email.notEligible.thanks": "Thank you for thinking of us. If you have a question, reply to this email: a person on our team reads it.",
  // withdrawal_notice
  "email.withdrawal.subject": "Your {brand} pilot application is withdrawn",
  "email.withdrawal.preview": "Your application is withdrawn.",
  "email.withdrawal.heading": "Your application is withdrawn, {name}",
  "email.withdrawal.body": "We have withdrawn your application to the {brand} pilot, so you will not hear from us about a place in it.",
  "email.withdrawal.reach": "If this is not what you wanted, reply to this email or call {phone}, and we will look into it with you. Thank you for the time you gave us.",
  // pilot_closed_notice
  "email.closed.subject": "Enrollment in the {brand} pilot has closed",
  "email.closed.preview": "Enrollment in the pilot has closed. Here is what it means for you.",
  "email.closed.heading": "Enrollment has closed, {name}",
  "email.closed.body": "Enrollment in the {brand} pilot has now closed, and the places in it have gone to the women who applied before you. We are sorry we could not offer you one.",
  "email.closed.eligible":
    "You stay on our priority waitlist. If a place comes free before the pilot begins, we will write to you straight away, and you will hear before anyone else when the next group opens.",
  "email.closed.notEligible": "We keep your application, and you will hear from us if the next group is open to you.",
  "email.closed.nothingToDo": "You do not need to do anything. If you have a question, reply to this email or call {phone}: a person on our team will answer.",
  // applicant_link
  "email.link.subject": "Your link to your {brand} application",
  "email.link.preview": "Your private link to your application.",
  "email.link.heading": "Your application, {name}",
  "email.link.body":
    "You asked for a link to your {brand} pilot application. It shows where you stand and what happens next, and lets you answer an offer or withdraw. Keep it to yourself: anyone with the link can see your page.",
  "email.link.ignore": "If you did not ask for it, you can ignore this email: nothing changes.",
  // email_change_confirm and email_changed_notice
  "email.changeConfirm.subject": "Confirm your new address for {brand}",
  "email.changeConfirm.preview": "Confirm this address for your application.",
  "email.changeConfirm.heading": "Confirm your new address",
  "email.changeConfirm.body": "Someone asked to use this address for an application to the {brand} pilot. If it was you, confirm it: from then on, we write to you here. The link works for 48 hours.",
  "email.changeConfirm.button": "Confirm this address",
  "email.changeConfirm.notYou": "If it was not you, ignore this email: nothing changes.",
  "email.changed.subject": "The address on your {brand} application changed",
  "email.changed.preview": "We now write to your new address.",
  "email.changed.heading": "Your address changed",
  "email.changed.body":
    "The email address on your {brand} pilot application was changed and confirmed from your application's page. We write to the new address from now on, and no longer to this one.",
  "email.changed.notYou": "If you did not make this change, reply to this email or call {phone} straight away, and we will put it right with you.",
  // consult_invitation, consult_booked, consult_moved, consult_cancelled, and the calendar invite
  "email.consult.invitationSubject": "Book your {brand} consult",
  "email.consult.bookedSubject": "Your {brand} consult is booked",
  "email.consult.movedSubject": "Your {brand} consult has a new time",
  "email.consult.cancelledSubject": "Your {brand} consult is cancelled",
  "email.consult.atClinic": "At the clinic: {time}",
  "email.consult.preview": "Your consult: {time}.",
  "email.consult.booked.heading": "Your consult is booked, {name}",
  "email.consult.booked.byStaff": "The clinical team has",
  "email.consult.booked.byApplicant": "You have",
  "email.consult.booked.body": "{who} booked your consult with the {brand} clinical team:",
  "email.consult.booked.invite": "The calendar invite attached adds it to your calendar. To move or cancel it, open your application page below: the invite follows every change.",
  "email.consult.moved.preview": "New time: {time}.",
  "email.consult.moved.heading": "Your consult has a new time, {name}",
  "email.consult.moved.byStaff": "The clinical team has",
  "email.consult.moved.byApplicant": "You have",
  "email.consult.moved.body": "{who} moved your consult to:",
  "email.consult.moved.invite": "The calendar invite attached updates the one you have: the earlier time no longer stands.",
  "email.consult.cancelled.preview": "Your consult is cancelled.",
  "email.consult.cancelled.heading": "Your consult is cancelled, {name}",
  "email.consult.cancelled.byStaff": "The clinical team has",
  "email.consult.cancelled.byApplicant": "You have",
  "email.consult.cancelled.body": "{who} cancelled your consult of:",
  "email.consult.cancelled.invite": "The calendar invite attached takes it out of your calendar. You can book another time from your application page while booking is open to you.",
  "email.consult.invitation.preview": "Choose a time for your consult.",
  "email.consult.invitation.heading": "Book your consult, {name}",
  "email.consult.invitation.body":
    "The {brand} clinical team would like to talk with you. Choose a time that suits you on your application page: the times are shown in your time zone and the clinic's.",
  "email.consult.ics.summary": "{brand} consult",
  "email.consult.ics.description": "Your consult with the {brand} clinical team. To move or cancel it, open your application page from our email.",
  "email.consult.ics.cancelled": "This consult is cancelled.",
  // reminder_kit_not_sent, reminder_consult_not_booked, reminder_consult_tomorrow
  "email.reminder.stop": "You can turn these reminders off on your page. Emails that decide anything about your place always come.",
  "email.reminder.kit.subject": "A reminder: your {assessment} kit",
  "email.reminder.kit.preview": "Have you posted your assessment kit yet?",
  "email.reminder.kit.heading": "Your assessment kit, {name}",
  "email.reminder.kit.body": "We have not heard that your {assessment} kit is on its way. When you have posted it, tell us on your page with one button, and we stop reminding you.",
  "email.reminder.kit.button": "I've sent my kit",
  "email.reminder.kit.instructions": "The instructions are on your page too. {stop}",
  "email.reminder.book.subject": "A reminder: book your {brand} consult",
  "email.reminder.book.heading": "Your consult is waiting to be booked, {name}",
  "email.reminder.book.body": "You can choose a time for your consult with our clinical team on your page. It takes a minute.",
  "email.reminder.tomorrow.subject": "Your {brand} consult is tomorrow",
  "email.reminder.tomorrow.heading": "See you tomorrow, {name}",
  "email.reminder.tomorrow.body": "Your consult with our clinical team is on {when}. If that time no longer suits you, move or cancel it on your page.",
} as const satisfies Catalogue;

/** A message of the emails' catalogues. */
export type EmailMessageKey = keyof typeof EMAIL_EN;
