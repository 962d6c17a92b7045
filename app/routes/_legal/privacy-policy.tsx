import { useLoaderData } from "react-router";
import { brand, facts } from "#core/brand";
import { describeDays, PRIVACY_DUE_DAYS, type RetentionPeriods } from "#core/privacy";
import { LegalPage, type LegalSectionContent } from "~/components/legal/legal-page";
import { Callout, CompanyAddress, InlineLink, List, MailLink, SubHeading, Term } from "~/components/legal/prose";
import type { Route } from "./+types/privacy-policy";
import { pageMeta } from "~/components/site/seo";
import { siteMetaWords } from "~/lib/site-meta";
import { sitePage } from "~/lib/site-page.server";
import { useSiteWords } from "~/lib/site-words";
import { STATIC_PAGE } from "~/page-scripts/handle";
import { requestContext } from "~/request-context.server";

/** Served without React in the browser. */
export const handle = STATIC_PAGE;

/**
 * The page's words (ADR 0113), and the retention periods from the server's configuration, so the policy states what
 * the purge enforces. The Spanish page (es/privacy-policy.tsx) reuses this loader.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return { ...sitePage(request), retention: context.get(requestContext).retention };
}

export function meta(args: Route.MetaArgs) {
  const { t } = siteMetaWords(args.loaderData);
  return pageMeta(args, {
    title: t("legal.privacy.metaTitle", { brand: brand.name }),
    description: t("legal.privacy.metaDescription", { entity: brand.legal.entity }),
  });
}

const { entity, incorporation } = brand.legal;
const privacy = brand.contact.privacy;

function policySections(retention: RetentionPeriods): LegalSectionContent[] {
  return [
  {
    id: "introduction",
    title: "Introduction",
    body: (
      <>
        <p>
          {entity} (“{brand.name},” “we,” “us”) is {incorporation} that runs the {brand.name} egg freezing
          pilot program. This Privacy Policy explains what information our website collects, why, who can see it,
          how long we keep it and the choices you have. It covers our public website, the pilot application
          form, the contact form and the staff tools our team uses to review what you send us.
        </p>
        <p>
          Information about egg freezing and fertility is personal. Even where the law would not require it, we
          handle everything you share with us as if it were medical information.
        </p>
        <Callout title="The short version">
          <List>
            <li>We do not sell your personal information.</li>
            <li>
              Advertising measurement (the Meta pixel) and location requests run only if you opt in through our
              consent banner. If you decline, or your browser sends a Global Privacy Control signal, they never
              run.
            </li>
            <li>
              Your age, interest level, your own written answers, zip code and phone number are never sent to an
              advertising company, with or without your consent.
            </li>
            <li>
              You can change your choice at any time with the “Privacy choices” link in the footer of every page,
              and ask us to see, correct or delete your information by emailing <MailLink address={privacy} />.
            </li>
          </List>
        </Callout>
      </>
    ),
  },
  {
    id: "information-we-collect",
    title: "Information We Collect",
    body: (
      <>
        <SubHeading>Information you give us when you apply</SubHeading>
        <p>The pilot application form asks for:</p>
        <List>
          <li>your first and last name and your email address;</li>
          <li>your age;</li>
          <li>your state, or your country if you live outside the United States;</li>
          <li>your zip code;</li>
          <li>your phone number, if you choose to give it (it is optional);</li>
          <li>
            how interested you are in egg freezing and, if you choose “Other,” a short description in your own
            words;
          </li>
          <li>
            whether you would like to receive marketing emails from us (the box is unchecked unless you check it).
          </li>
        </List>
        <p>We also record which of our pages the form was on and the date and time you submitted it.</p>

        <SubHeading>Information you give us when you contact us</SubHeading>
        <p>
          The contact form asks for your first and last name, your email address, your phone number (optional),
          the reason for your message, a subject and your message.
        </p>

        <SubHeading>How you found us (first-party attribution)</SubHeading>
        <p>
          When you submit an application, it is stored on our own server together with a few details about how
          you reached our site:
        </p>
        <List>
          <li>
            the traffic source, worked out from the address of the site that sent you (for example a search
            engine, a social network ad, or “direct” when there was none);
          </li>
          <li>the campaign tags in the link you followed, if any (UTM source, medium and campaign);</li>
          <li>the address of the referring page (without its query string) and the page of our site where you first arrived;</li>
          <li>your browser’s language setting and your time zone;</li>
          <li>whether you accepted or declined advertising cookies at the time.</li>
        </List>
        <p>
          These details help us understand which channels bring people to the pilot. They are kept with your
          application on our server and are never sent to advertisers.
        </p>

        <SubHeading>Information collected only if you opt in</SubHeading>
        <p>
          If you accept advertising cookies in our consent banner, the Meta pixel sets its browser and click
          identifiers (the <code>_fbp</code> and <code>_fbc</code> cookies), and we store those identifiers and a
          random event identifier with your application so that a submission can be matched to the same
          browser. With your consent we also ask your browser for your approximate location; your browser shows
          its own permission prompt, and you can refuse there too. Section 8 explains exactly what is sent.
        </p>

        <SubHeading>Technical information</SubHeading>
        <p>
          Like any website, our servers receive your IP address and basic request details (such as the page
          requested and your browser type) in order to deliver pages, limit abuse of our forms and keep the
          service secure.
        </p>

        <SubHeading>Information we do not ask for</SubHeading>
        <p>
          Our website does not ask for medical records, test results or insurance details. Please do not include
          them in free-text answers or messages; if we need medical information later in the program, we will
          ask for it through a secure channel covered by our{" "}
          <InlineLink href="/hipaa-notice">HIPAA Notice of Privacy Practices</InlineLink>.
        </p>
      </>
    ),
  },
  {
    id: "how-we-use-information",
    title: "How We Use Information",
    body: (
      <>
        <p>We use the information described above to:</p>
        <List>
          <li>
            review your application, check basic pilot eligibility and contact you about the pilot, including
            places on the priority waitlist;
          </li>
          <li>answer your questions and messages;</li>
          <li>send you news and offers by email, only if you checked the marketing consent box;</li>
          <li>
            see, in aggregate, which sources and campaigns lead people to apply, so we spend our outreach budget
            sensibly;
          </li>
          <li>measure our advertising with the Meta pixel, only if you opted in;</li>
          <li>protect our forms and staff tools against abuse, fraud and unauthorized access;</li>
          <li>meet our legal obligations and enforce our Terms of Service.</li>
        </List>
        <p>
          We do not use your information to make decisions about you that produce legal or similarly significant
          effects without a person on our team reviewing them.
        </p>

        <SubHeading>Emails we send</SubHeading>
        <List>
          <Term term="After you apply">
            one confirmation to the address you gave, with the next steps, the pilot facts and how to reach us.
          </Term>
          <Term term="After you write to us">
            one acknowledgement to the address you gave, quoting only the subject line of your message.
          </Term>
          <Term term="To our staff">
            a short alert for each new application or message, with your name, email address, the form or topic,
            the time, and a link to the record in our staff tools, where only signed-in staff can open it.
          </Term>
        </List>
        <p>
          None of these emails contains your age, your interest level, your ZIP code, your phone number or the text
          of your message: email is not a private channel. Every email to someone who agreed to marketing emails
          carries a one-click link to stop them, which also works from your mail app’s “Unsubscribe” button.
        </p>
      </>
    ),
  },
  {
    id: "how-we-share-information",
    title: "How We Share Information",
    body: (
      <>
        <p>
          <strong className="font-semibold">We do not sell your personal information</strong>, and we do not share
          it for targeted advertising unless you opt in. We share information only in these cases:
        </p>
        <List>
          <Term term="Service providers">
            Companies that host our servers and database for us, and the email delivery service that sends the
            emails listed in section 3. They may process information only on our instructions and under contracts
            that require them to protect it.
          </Term>
          <Term term="Partner clinics">
            If you join the pilot, we share with the partner clinic you choose what it needs to schedule and
            provide your care, with your permission.
          </Term>
          <Term term="Advertising measurement, with your consent">
            If you opt in, the Meta pixel receives the limited event information described in section 8. Nothing
            is sent to Meta if you decline.
          </Term>
          <Term term="Legal reasons">
            When the law requires it, such as a valid subpoena or court order, or when needed to protect the
            safety of any person or to defend our legal rights.
          </Term>
          <Term term="Business transfers">
            If {brand.name} is involved in a merger, acquisition or sale of assets, your information may be
            transferred under the promises in this policy, and we will tell you before it becomes subject to a
            different policy.
          </Term>
        </List>
      </>
    ),
  },
  {
    id: "hipaa",
    title: "HIPAA",
    body: (
      <>
        <p>
          The Health Insurance Portability and Accountability Act (HIPAA) protects health information created or
          received in the course of health care. The information you send through our website forms is used to
          consider your interest in the pilot; we protect it to the same standard as medical information whether
          or not HIPAA applies to it.
        </p>
        <p>
          Once you enroll in the program and receive care, health information that we or our partner clinics
          handle in connection with your treatment, payment or health care operations is protected health
          information. How it may be used and disclosed, and your rights over it, are described in our{" "}
          <InlineLink href="/hipaa-notice">HIPAA Notice of Privacy Practices</InlineLink>. If this policy and that
          notice differ about protected health information, the notice applies.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <>
        <p>We protect your information with measures that include:</p>
        <List>
          <li>encryption in transit: our website and forms are served over HTTPS;</li>
          <li>
            access limited by role: staff sign in with individual accounts, only staff whose role allows it can
            delete records, and only senior administrators can manage staff accounts;
          </li>
          <li>
            an audit log: every time a staff member views, exports or deletes records, the log records who did it,
            what they did and when;
          </li>
          <li>
            staff passwords stored only as salted hashes made with a slow, modern hashing algorithm (Argon2id),
            never in readable form;
          </li>
          <li>
            staff sessions that expire and end immediately on sign-out, password change or removal of the
            account;
          </li>
          <li>limits on how often our forms and sign-in can be used from one place, to stop automated abuse.</li>
        </List>
        <p>
          No system is perfectly secure. If a breach affects your information, we will notify you and the
          authorities as the law requires.
        </p>
      </>
    ),
  },
  {
    id: "your-rights",
    title: "Your Rights",
    body: (
      <>
        <p>Wherever you live, you can ask us to:</p>
        <List>
          <Term term="Access">tell you what information we hold about you and give you a copy;</Term>
          <Term term="Correction">correct information that is wrong or incomplete;</Term>
          <Term term="Deletion">delete your application, your messages and the details stored with them;</Term>
          <Term term="Opt out">
            stop marketing emails with the one-click link at the foot of any email from us (or by writing to us),
            and stop advertising measurement by changing your choice under “Privacy choices” in the footer.
          </Term>
        </List>

        <SubHeading>California residents</SubHeading>
        <p>
          Under the California Consumer Privacy Act as amended by the California Privacy Rights Act (CCPA/CPRA)
          you have the rights to know, access, correct and delete your personal information; to opt out of its
          sale or sharing for cross-context behavioral advertising; to limit the use of sensitive personal
          information; and not to be treated differently for using these rights. We do not sell personal
          information, we share it for advertising only if you opt in, and we honor Global Privacy Control as a
          valid opt-out. Medical information is also protected by the California Confidentiality of Medical
          Information Act (CMIA), and we treat information about your fertility plans accordingly.
        </p>

        <SubHeading>Washington residents</SubHeading>
        <p>
          Under Washington’s My Health My Data Act you may confirm whether we collect, share or sell your consumer
          health data, see that data and a list of the third parties it was shared with, withdraw your consent and
          have your data deleted. We collect consumer health data only to consider and run your participation in
          the pilot, we share it only as described in section 4, and we never sell it.
        </p>

        <SubHeading>How to use your rights</SubHeading>
        <p>
          Email <MailLink address={privacy} /> from the address you used with us, and say what you would like us
          to do. We may ask for a detail of your application to confirm it is you. You may also authorize an agent
          to ask for you. If we decline a request, we will explain why, and you may appeal by replying to our answer;
          if you are not satisfied with the outcome of an appeal, you may contact your state attorney general.
        </p>
        <SubHeading>How we handle a request</SubHeading>
        <List>
          <li>
            We log your request with the date we received it. We answer requests to see or correct your information
            within {PRIVACY_DUE_DAYS.access} days of receiving them, and complete deletion requests within{" "}
            {PRIVACY_DUE_DAYS.erasure} days.
          </li>
          <li>
            We find everything we hold about your email address, whatever its capitalization: your applications,
            contact messages, the emails we queued or sent about you, your consent choices, and our log of staff
            actions on those records.
          </li>
          <li>
            <strong className="font-semibold">Access:</strong> we send you a copy of all of it as one
            machine-readable file (JSON) that explains each part, including the attribution and advertising
            identifiers stored with an application.
          </li>
          <li>
            <strong className="font-semibold">Correction:</strong> we correct the fields you tell us are wrong,
            checked with the same rules as our forms. Our log records which fields changed, not their old values.
          </li>
          <li>
            <strong className="font-semibold">Deletion:</strong> in one step we erase your applications (with the
            details stored with them), your contact messages, the emails we queued or sent about you, and your email
            address wherever our logs mention it. We keep only a record that an erasure took place, who carried it
            out and when, with a keyed fingerprint of your address (a one-way code made with a secret key) so that
            we can recognise a later request without keeping the address itself.
          </li>
          <li>Every search, copy, correction and erasure is recorded in our audit log with who did it and when.</li>
        </List>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and Similar Technologies",
    body: (
      <>
        <SubHeading>Before you choose, and if you decline</SubHeading>
        <p>
          Whenever our site is set up to use an advertising pixel, a consent banner asks on your first visit
          whether you accept advertising cookies, with “Accept” and “Decline” given equal weight. When no pixel is
          set up, nothing is asked because nothing is sent. Until you accept, and whenever you decline:
        </p>
        <List>
          <li>the Meta pixel is not loaded and nothing about your visit is sent to Meta;</li>
          <li>
            no advertising cookies are set (no <code>_fbp</code> or <code>_fbc</code>);
          </li>
          <li>your browser is never asked for your location.</li>
        </List>
        <p>
          If your browser sends a <strong className="font-semibold">Global Privacy Control</strong> (GPC) signal,
          we treat it as a decline and do not show the banner asking you again.
        </p>
        <p>
          Without advertising consent we still use a few first-party items in your browser that never leave our
          site: a record of your privacy choice, so we do not ask on every page; the “how you found us” details
          described in section 2, held for your visit so they can be stored with an application if you submit
          one; and, for staff only, the sign-in token of the admin area.
        </p>

        <SubHeading>If you opt in</SubHeading>
        <p>If you accept, we load the Meta pixel and it receives only:</p>
        <List>
          <li>
            page and form events: page views, an engaged visit after 30 seconds on a page, time on page when you
            leave after more than 10 seconds, starting the application form, submitting it, a completed
            application, and a visit to the confirmation page, each with a random event identifier;
          </li>
          <li>
            after a successful application only, your email address, first name, last name and state, which the
            pixel hashes in your browser before sending so that Meta can match the event to an account.
          </li>
        </List>
        <p>
          The pixel never receives your age, interest level, your written answers, your zip code or your phone
          number, or anything you write in the contact form. With your consent we also ask your browser for your
          approximate location (low accuracy). If you allow it, the location is kept in your browser’s session
          storage for that visit and is not saved with your application.
        </p>

        <SubHeading>Changing your mind</SubHeading>
        <p>
          You can change your choice at any time with the “Privacy choices” link in the footer of every page. If
          you withdraw consent, the pixel stops, the <code>_fbp</code> and <code>_fbc</code> cookies are removed
          from our site, your browser forgets the location and ad click identifier it held for the visit, and
          advertising identifiers are no longer sent with applications.
        </p>
      </>
    ),
  },
  {
    id: "third-party-services",
    title: "Third-Party Services",
    body: (
      <>
        <p>
          Our pages, fonts and images are served from our own servers; we do not load code from third-party
          content delivery networks. A few features involve other companies, each with its own privacy policy:
        </p>
        <List>
          <Term term="Meta">
            The Meta pixel runs only with your consent, as described in section 8. Meta’s own terms and privacy
            policy govern what Meta does with the events it receives.
          </Term>
          <Term term="Embedded videos">
            Some pages offer videos from YouTube, using its privacy-enhanced mode, and from TikTok. When a video
            player from one of these services loads, your browser connects to that company directly and its
            privacy policy applies.
          </Term>
          <Term term="Social media links">
            Links to our social media profiles open those sites in a new tab; what you do there is governed by
            their policies.
          </Term>
          <Term term="Financing providers">
            If you choose to pay with financing, you apply with the lender directly, and the lender’s privacy
            policy applies to what you share with it.
          </Term>
        </List>
      </>
    ),
  },
  {
    id: "data-retention",
    title: "Data Retention",
    body: <DataRetention retention={retention} />,
  },
  {
    id: "international-transfers",
    title: "International Transfers",
    body: (
      <p>
        {brand.name} is based in the United States, and our servers are located there. If you apply or write to us
        from another country, your information is transferred to, stored and processed in the United States,
        where data protection laws may differ from those where you live. We apply the protections in this policy
        to everyone, wherever they are.
      </p>
    ),
  },
  {
    id: "children",
    title: `Children Under ${brand.pilot.minAge}`,
    body: (
      <p>
        Our website and program are intended only for adults. You must be at least {brand.pilot.minAge} years old to
        apply, and the application form does not accept a younger age. We do not knowingly collect information
        from anyone under {brand.pilot.minAge}. If you believe someone under {brand.pilot.minAge} has sent us
        information, email <MailLink address={privacy} /> and we will delete it.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to This Policy",
    body: (
      <p>
        When our practices change, we update this policy and the “Last updated” date at the top of this page. If a
        change is significant, we will also announce it on our website before it takes effect, and if it affects
        how advertising works, we will ask for your consent again. We will not use information we already hold in
        a materially different way without your consent.
      </p>
    ),
  },
  {
    id: "contact-us",
    title: "Contact Us",
    body: (
      <>
        <p>
          Questions, requests or complaints about privacy go to our Privacy Officer, who is responsible for this
          policy:
        </p>
        <CompanyAddress attention="Privacy Officer" email={privacy} />
      </>
    ),
  },
];
}

/** How long each kind of record is kept: the configured periods that the daily purge enforces. */
export function DataRetention({ retention }: { retention: RetentionPeriods }) {
  return (
    <>
      <p>
        We keep records only for the periods below. A scheduled job runs every day and permanently deletes
        whatever is older, in the same way as a deletion you ask for:
      </p>
      <List>
        <Term term="Applications">
          <span data-retention="applications">{describeDays(retention.applicationsDays)}</span> after you submit
          them, together with the attribution details, advertising identifiers and marketing choice stored with
          them and the emails we sent about them.
        </Term>
        <Term term="Contact messages">
          <span data-retention="messages">{describeDays(retention.messagesDays)}</span> after you send them,
          together with the emails we sent about them.
        </Term>
        <Term term="Audit log and privacy requests">
          <span data-retention="audit">{describeDays(retention.auditDays)}</span>, for security and
          accountability; records of privacy requests are kept at least 24 months, as California law requires.
        </Term>
        <Term term="Staff sessions and abuse limits">
          Sign-in sessions of our staff are deleted once they have expired, and the counters that limit how often
          our forms can be used are deleted once their time window has passed.
        </Term>
      </List>
      <p>
        If you ask us to delete your information sooner, we do so within {PRIVACY_DUE_DAYS.erasure} days, as
        described in section 7. Staff accounts are kept while the person works with us.
      </p>
      <p data-retention="backups">
        When we delete your information, it is also cleared from our database&apos;s files at once, so copies we
        make afterwards hold no trace of it. Encrypted backup copies made before the deletion are replaced by newer
        ones and are gone{" "}
        {retention.backupDays
          ? `within ${describeDays(retention.backupDays)}`
          : "as soon as our backup schedule replaces them, never later than the periods above"}
        . If a backup is ever restored, every deletion made since it was taken is applied again before the copy is
        used, so your information does not come back.
      </p>
    </>
  );
}

export default function PrivacyPolicyPage() {
  const { retention } = useLoaderData<typeof loader>();
  const { t } = useSiteWords();
  const sections = policySections(retention);
  return (
    <LegalPage
      title={t("legal.privacy.title")}
      dateLabel={t("legal.frame.lastUpdated")}
      isoDate={brand.legal.policiesUpdated}
      intro={
        <p>
          This policy applies to the {brand.name} website and the pilot program it describes, for a limited number of women
          under {brand.pilot.maxAge} in {facts.cities}.
        </p>
      }
      sections={sections}
    />
  );
}
