import { brand } from "#core/brand";
import { LegalPage, type LegalSectionContent } from "~/components/legal/legal-page";
import { Callout, CompanyAddress, InlineLink, List, MailLink, Term } from "~/components/legal/prose";
import type { Route } from "./+types/hipaa-notice";
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
    title: t("legal.hipaa.metaTitle", { brand: brand.name }),
    description: t("legal.hipaa.metaDescription", { entity: brand.legal.entity }),
  });
}

const { entity } = brand.legal;
const privacy = brand.contact.privacy;

const sections: LegalSectionContent[] = [
  {
    id: "our-duties",
    title: "Our Duties",
    body: (
      <>
        <p>
          {entity} is required by law to keep your protected health information private, to give you this notice
          of our legal duties and privacy practices, to follow the notice currently in effect, and to tell you if
          a breach compromises the privacy or security of your unsecured protected health information.
        </p>
        <p>
          This notice applies to health information that {brand.name} creates or receives when you take part in
          the program. Information you send through our website before you enroll is described in our{" "}
          <InlineLink href="/privacy-policy">Privacy Policy</InlineLink>.
        </p>
      </>
    ),
  },
  {
    id: "what-is-phi",
    title: "What Is Protected Health Information",
    body: (
      <p>
        Protected health information (PHI) is information that identifies you and relates to your past, present or
        future physical or mental health, the health care you receive, or payment for that care. In our program it
        can include your assessment results, hormone and ultrasound results, treatment and retrieval records,
        information about your stored eggs, and billing and payment records.
      </p>
    ),
  },
  {
    id: "treatment-payment-operations",
    title: "Uses and Disclosures for Treatment, Payment and Health Care Operations",
    body: (
      <>
        <p>We may use and disclose your PHI without your written authorization for:</p>
        <List>
          <Term term="Treatment">
            to provide and coordinate your care, for example sharing your assessment results with the partner
            clinic and physicians who will perform your egg retrieval, or arranging storage of your eggs.
          </Term>
          <Term term="Payment">
            to bill and collect for services, for example confirming program fees, processing financing you have
            chosen, or providing documents you need to use FSA or HSA funds.
          </Term>
          <Term term="Health care operations">
            to run the program and improve its quality, for example reviewing outcomes, training staff,
            administering the baby guarantee, and legal and compliance reviews.
          </Term>
        </List>
        <p>
          When we use or disclose PHI, we limit it to the minimum necessary for the purpose, except for treatment.
        </p>
      </>
    ),
  },
  {
    id: "other-permitted-disclosures",
    title: "Other Permitted Uses and Disclosures",
    body: (
      <>
        <p>The law also allows or requires us to use or disclose your PHI without your authorization:</p>
        <List>
          <Term term="As required by law">when federal, state or local law requires it.</Term>
          <Term term="Public health">
            to report to public health authorities, for example to prevent disease or report adverse reactions to
            medications.
          </Term>
          <Term term="Abuse, neglect or domestic violence">to authorities allowed by law to receive such reports.</Term>
          <Term term="Health oversight">
            to agencies that audit, inspect and license health care providers and programs.
          </Term>
          <Term term="Judicial and administrative proceedings">
            in response to a court or administrative order, or to a subpoena when the law’s conditions are met.
          </Term>
          <Term term="Law enforcement">for law enforcement purposes permitted by law.</Term>
          <Term term="To avoid a serious threat">
            to prevent or lessen a serious and imminent threat to the health or safety of a person or the public.
          </Term>
          <Term term="Specialized government functions">
            for military, national security or protective services purposes where the law permits.
          </Term>
          <Term term="Workers’ compensation">as authorized by workers’ compensation laws.</Term>
          <Term term="Coroners, medical examiners and funeral directors">as needed for them to carry out their duties.</Term>
          <Term term="Research">
            when an approved research review has ensured your privacy is protected, or with your authorization.
          </Term>
          <Term term="People involved in your care">
            to a family member or friend you name, if you agree or do not object.
          </Term>
        </List>
        <p>
          Where California law or other state law gives your information more protection than federal law, we follow
          the stricter law.
        </p>
      </>
    ),
  },
  {
    id: "uses-requiring-authorization",
    title: "Uses That Require Your Written Authorization",
    body: (
      <>
        <p>We will not use or disclose your PHI for the following without your written authorization:</p>
        <List>
          <Term term="Marketing">
            communications that encourage you to buy a product or service of another company, where the law treats
            them as marketing.
          </Term>
          <Term term="Sale of PHI">we never sell your PHI unless you authorize it in writing.</Term>
          <Term term="Psychotherapy notes">most uses and disclosures of psychotherapy notes.</Term>
        </List>
        <p>
          Any other use or disclosure not described in this notice is made only with your written authorization.
          You may revoke an authorization in writing at any time, except to the extent we have already acted on it.
        </p>
      </>
    ),
  },
  {
    id: "your-rights",
    title: "Your Rights",
    body: (
      <List>
        <Term term="Access">
          You may see or get an electronic or paper copy of your health and billing records. We will respond within
          30 days and may charge a reasonable, cost-based fee.
        </Term>
        <Term term="Amendment">
          You may ask us to correct health information you think is incorrect or incomplete. We may say no, and if
          we do we will explain why in writing within 60 days.
        </Term>
        <Term term="Accounting of disclosures">
          You may ask for a list of the times we shared your PHI in the six years before your request, who we
          shared it with and why, other than for treatment, payment, operations and certain other disclosures. One
          list a year is free.
        </Term>
        <Term term="Restrictions">
          You may ask us not to use or share certain PHI for treatment, payment or operations. We are not required
          to agree, except that if you pay for a service in full out of pocket you may ask us not to share that
          information with your health insurer, and we will agree unless the law requires us to share it.
        </Term>
        <Term term="Confidential communications">
          You may ask us to contact you in a specific way, for example at a different email address or phone
          number. We will agree to all reasonable requests.
        </Term>
        <Term term="Paper copy of this notice">
          You may ask for a paper copy of this notice at any time, even if you agreed to receive it electronically.
        </Term>
        <Term term="Choosing someone to act for you">
          If you have given someone medical power of attorney or someone is your legal guardian, that person can
          exercise your rights.
        </Term>
      </List>
    ),
  },
  {
    id: "exercising-your-rights",
    title: "How to Exercise Your Rights",
    body: (
      <>
        <p>
          To use any of these rights, send a written request to our Privacy Officer by email to{" "}
          <MailLink address={privacy} /> or by mail to the address in the <InlineLink href="#contact">Contact</InlineLink> section. Tell us which right you are using
          and how we can reach you. We will verify your identity before acting on the request.
        </p>
      </>
    ),
  },
  {
    id: "complaints",
    title: "Complaints",
    body: (
      <>
        <p>If you believe your privacy rights have been violated, you may file a complaint with:</p>
        <List>
          <li>
            {brand.name}, by writing to our Privacy Officer at <MailLink address={privacy} /> or at the address in
            the <InlineLink href="#contact">Contact</InlineLink> section; or
          </li>
          <li>
            the U.S. Department of Health and Human Services Office for Civil Rights, by mail to 200 Independence
            Avenue, S.W., Washington, D.C. 20201, by phone at 1-877-696-6775, or online at{" "}
            <InlineLink href="https://www.hhs.gov/ocr/complaints">www.hhs.gov/ocr/complaints</InlineLink>.
          </li>
        </List>
        <Callout title="No retaliation">
          <p>We will not retaliate against you or treat you differently in any way for filing a complaint.</p>
        </Callout>
      </>
    ),
  },
  {
    id: "business-associates",
    title: "Business Associates",
    body: (
      <p>
        Some services are provided for us by other organizations, called business associates, such as companies that
        host our systems or help us with billing. When we share PHI with them, they must sign a written business
        associate agreement that requires them to protect your information, use it only for the work we have asked
        them to do, and follow the same HIPAA rules we follow.
      </p>
    ),
  },
  {
    id: "changes-to-this-notice",
    title: "Changes to This Notice",
    body: (
      <p>
        We may change the terms of this notice, and the changes will apply to all the information we hold about you.
        The new notice will be available on our website and on request, with its effective date at the top.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <>
        <p>For questions about this notice or to exercise your rights, contact:</p>
        <CompanyAddress attention="Privacy Officer" email={privacy} />
      </>
    ),
  },
];

export default function HipaaNoticePage() {
  const { t } = useSiteWords();
  return (
    <LegalPage
      title={t("legal.hipaa.title")}
      dateLabel={t("legal.frame.effective")}
      isoDate={brand.legal.hipaaEffective}
      intro={
        <p className="font-semibold">
          This notice describes how medical information about you may be used and disclosed and how you can get
          access to this information. Please review it carefully.
        </p>
      }
      sections={sections}
    />
  );
}
