import { brand, facts } from "#core/brand";
import { LegalPage, type LegalSectionContent } from "~/components/legal/legal-page";
import { Callout, CompanyAddress, InlineLink, List, MailLink } from "~/components/legal/prose";
import type { Route } from "./+types/terms-of-service";
import { pageMeta } from "~/components/site/seo";
import { sitePage } from "~/lib/site-page.server";
import { siteMetaWords } from "~/lib/site-meta";
import { useSiteWords } from "~/lib/site-words";
import { STATIC_PAGE } from "~/page-scripts/handle";

/** Content that never changes: served without React in the browser. */
export const handle = STATIC_PAGE;

export function loader({ request }: Route.LoaderArgs) {
  return sitePage(request);
}

export function meta(args: Route.MetaArgs) {
  const { t } = siteMetaWords(args.loaderData);
  return pageMeta(args, {
    title: t("legal.terms.metaTitle", { brand: brand.name }),
    description: t("legal.terms.metaDescription", { brand: brand.name }),
  });
}

const { entity, incorporation, governingLaw } = brand.legal;
const { pilot } = brand;

const sections: LegalSectionContent[] = [
  {
    id: "pilot-program",
    title: "The Pilot Program",
    body: (
      <>
        <p>
          {brand.name} offers an egg freezing plan with a guarantee, provided through independent partner fertility
          clinics. The program combines a fertility assessment ({brand.assessmentName}) that helps determine
          whether you are eligible for the guarantee, egg freezing at a partner clinic, {facts.storage} for your
          frozen eggs (a value of {facts.storageValue}), and a path forward after freezing: either the baby
          guarantee or a personalized fertility plan.
        </p>
        <p>
          The program is currently offered as a pilot. Applying through our website is a request to be considered;
          it is not an enrollment, and it does not create a doctor–patient relationship or any obligation to pay.
          If you are offered a place, you will receive a written enrollment agreement, and the baby guarantee will
          be described in a written guarantee agreement. Those agreements, together with these Terms, govern your
          participation.
        </p>
      </>
    ),
  },
  {
    id: "eligibility",
    title: "Eligibility",
    body: (
      <>
        <p>
          You must be at least {pilot.minAge} years old to use our services or apply. The pilot is{" "}
          open to a limited number of women under {pilot.maxAge} who live in {facts.cities}. Applicants who do not meet these criteria, or who apply after
          the pilot is full, may be placed on a priority waitlist for later phases of the program.
        </p>
        <p>
          Meeting the basic criteria does not guarantee a place. Eligibility for the baby guarantee depends on the
          results of the {brand.assessmentName} assessment and a medical evaluation by a partner clinic.
        </p>
      </>
    ),
  },
  {
    id: "program-changes",
    title: "Program Terms May Change Before Launch",
    body: (
      <p>
        The pilot is our first version of the program. Until you sign an enrollment agreement, the program’s
        features, pricing, partner clinics, eligibility criteria and guarantee terms described on our website may
        change, and we may pause or end the pilot. Descriptions on the website are not an offer that you can
        accept; the terms that bind us and you are the ones in your signed agreements.
      </p>
    ),
  },
  {
    id: "baby-guarantee",
    title: "Baby Guarantee: Coverage and Limitations",
    body: (
      <>
        <p>
          The baby guarantee is our promise that if you qualify for it, complete the program and do not have a
          baby using the eggs frozen through the program, we will refund the program fees described in your
          guarantee agreement. Your guarantee agreement sets out exactly what is covered, the time period in which
          a claim can be made and how to make one.
        </p>
        <p>The guarantee is limited as follows:</p>
        <List>
          <li>it is available only to participants who qualify for it based on their assessment results;</li>
          <li>it covers program fees paid to {brand.name}, not amounts paid to clinics, pharmacies or other third parties;</li>
          <li>
            it requires that you follow the treatment plan agreed with your partner clinic and use your frozen eggs
            in the way and within the period stated in your guarantee agreement;
          </li>
          <li>
            it is not a promise of pregnancy or of any medical outcome; fertility treatment has medical risks and
            no clinic or company can promise success.
          </li>
        </List>
        <p>
          If you do not qualify for the guarantee, we will offer you a personalized fertility plan instead, and you
          may decide whether to continue.
        </p>
      </>
    ),
  },
  {
    id: "your-responsibilities",
    title: "Your Responsibilities",
    body: (
      <List>
        <li>Give true, accurate and complete information in your application and keep it up to date.</li>
        <li>Apply only for yourself, not on behalf of another person.</li>
        <li>Follow the instructions of your medical providers and tell them about changes in your health.</li>
        <li>Keep the enrollment documents and personal links we send you private.</li>
        <li>Use the website only in compliance with the law and these Terms.</li>
      </List>
    ),
  },
  {
    id: "prohibited-activities",
    title: "Prohibited Activities",
    body: (
      <>
        <p>When using our website you agree not to:</p>
        <List>
          <li>submit false applications or information about another person;</li>
          <li>try to access staff areas, accounts or data that you are not authorized to see;</li>
          <li>interfere with the website, overload it, or get around its security or rate limits;</li>
          <li>scrape or harvest data from the website by automated means;</li>
          <li>use the website to send spam, malware or unlawful, harassing or misleading content;</li>
          <li>copy, resell or misrepresent our content, program or brand.</li>
        </List>
      </>
    ),
  },
  {
    id: "payment-and-refunds",
    title: "Payment and Refunds",
    body: (
      <>
        <p>
          Applying is free, and we do not take payment through this website. The pilot program fee is{" "}
          {facts.price} instead of the regular {facts.regularPrice} ({facts.discount}). What the fee includes, when
          it is due and how it is paid are set out in your enrollment agreement before you are asked to pay
          anything.
        </p>
        <p>
          You may pay through financing with monthly payments, or upfront by cash or with funds from a flexible
          spending account (FSA) or health savings account (HSA). Financing is provided by independent lenders under
          their own terms and approval criteria. Whether FSA or HSA funds can be used depends on your plan
          administrator.
        </p>
        <p>
          Refunds are governed by your enrollment agreement and, where it applies, your guarantee agreement. If you
          withdraw before your first clinical appointment, we refund the program fees you have paid us. Amounts paid
          directly to clinics, pharmacies or lenders are subject to their own policies.
        </p>
      </>
    ),
  },
  {
    id: "intellectual-property",
    title: "Intellectual Property",
    body: (
      <p>
        The website and its content, including text, graphics, logos, the {brand.name} and {brand.assessmentName}{" "}
        names and the design of the program, belong to {entity} or its licensors and are protected by law. You may
        view and print pages for your personal, non-commercial use. Any other use requires our written permission.
      </p>
    ),
  },
  {
    id: "medical-disclaimer",
    title: "Medical Disclaimer",
    body: (
      <>
        <p>
          The information on our website is general education about egg freezing and fertility. It is not medical
          advice, diagnosis or treatment, and it does not replace a consultation with a qualified health care
          provider. Medical care in the program is provided by licensed clinicians at independent partner clinics,
          who are responsible for their own medical decisions.
        </p>
        <Callout title="In a medical emergency">
          <p>
            Call {brand.contact.emergencyNumber} or go to the nearest emergency room. Do not use our website forms or
            email for urgent medical questions.
          </p>
        </Callout>
      </>
    ),
  },
  {
    id: "limitation-of-liability",
    title: "Limitation of Liability",
    body: (
      <>
        <p>
          To the fullest extent permitted by law, {entity} is not liable for indirect, incidental, special,
          consequential or punitive damages, or for lost profits or data, arising from your use of the website or
          the program.
        </p>
        <p>
          To the fullest extent permitted by law, our total liability for any claim relating to the website, these
          Terms or the program is limited to the amounts you paid to {brand.name} in the twelve (12) months before
          the event giving rise to the claim. Some jurisdictions do not allow certain limitations, so parts of this
          section may not apply to you. Nothing in these Terms limits liability that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: "arbitration",
    title: "Binding Arbitration and Class Action Waiver",
    body: (
      <>
        <p>
          Please read this section carefully; it affects your rights. If a dispute arises, contact us first at{" "}
          <MailLink address={brand.contact.legal} /> so that we can try to resolve it informally. If we cannot
          resolve it within 60 days, you and {entity} agree that the dispute will be resolved by binding individual
          arbitration before a neutral arbitrator under the consumer arbitration rules of a recognized arbitration
          provider, rather than in court. Either of you may instead bring an individual claim in small claims court
          if it qualifies.
        </p>
        <p>
          You and {entity} each waive the right to a jury trial and the right to bring or take part in a class
          action, collective action or representative proceeding. You may opt out of this arbitration agreement by
          emailing <MailLink address={brand.contact.legal} /> within 30 days after you first accept these Terms.
        </p>
      </>
    ),
  },
  {
    id: "termination",
    title: "Termination",
    body: (
      <p>
        You may stop using the website at any time and may ask us to delete your application as described in our{" "}
        <InlineLink href="/privacy-policy">Privacy Policy</InlineLink>. We may suspend or end your access to the
        website or the program if you break these Terms, provide false information, or if we end the pilot. Sections
        that by their nature should survive termination, including those on intellectual property, limitation of
        liability and arbitration, continue to apply.
      </p>
    ),
  },
  {
    id: "changes-to-terms",
    title: "Changes to These Terms",
    body: (
      <p>
        We may update these Terms as the program develops. We will change the “Last updated” date above and, for
        significant changes, announce them on our website before they take effect. If you continue to use the
        website after that, the updated Terms apply. Changes do not affect an enrollment or guarantee agreement you
        have already signed unless you agree to them in writing.
      </p>
    ),
  },
  {
    id: "governing-law",
    title: "Governing Law",
    body: (
      <>
        <p>
          {entity} is {incorporation}. These Terms and any dispute arising from them are governed by the following
          law, without regard to its conflict of law rules:
        </p>
        <p
          className="rounded-xl border-2 border-dashed border-accent bg-accent-soft p-4 font-semibold text-ink"
          data-testid="governing-law"
        >
          <span className="mr-2 inline-block rounded-full bg-ink px-2 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">
            To be confirmed
          </span>
          {governingLaw}
        </p>
      </>
    ),
  },
  {
    id: "severability",
    title: "Severability",
    body: (
      <p>
        If any provision of these Terms is found unenforceable, it will be enforced to the greatest extent possible
        and the remaining provisions will stay in full effect. Our failure to enforce a provision is not a waiver of
        our right to do so later.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <>
        <p>Questions about these Terms, or legal notices, go to our legal team:</p>
        <CompanyAddress attention="Legal Department" email={brand.contact.legal} />
      </>
    ),
  },
];

export default function TermsOfServicePage() {
  const { t } = useSiteWords();
  return (
    <LegalPage
      title={t("legal.terms.title")}
      dateLabel={t("legal.frame.lastUpdated")}
      isoDate={brand.legal.policiesUpdated}
      intro={
        <p>
          These Terms of Service are an agreement between you and {entity} (“{brand.name},” “we,” “us”). By using our
          website or applying for the pilot program you agree to them. If you do not agree, please do not use the
          website. Our <InlineLink href="/privacy-policy">Privacy Policy</InlineLink> explains how we handle your
          information.
        </p>
      }
      sections={sections}
    />
  );
}
