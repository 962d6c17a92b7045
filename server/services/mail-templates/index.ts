/** Renders any outbox email to its subject line, HTML and plain text (React Email on the server). */
import { render } from "@react-email/render";
import { createElement, type ReactElement } from "react";
import type { OutboxKind, PayloadByKind } from "../outbox/kinds";
import * as applicationConfirmation from "./application-confirmation";
import * as contactAcknowledgement from "./contact-acknowledgement";
import type { MailContext } from "./layout";
import * as staffApplicationAlert from "./staff-application-alert";
import * as staffContactAlert from "./staff-contact-alert";

export type { MailContext } from "./layout";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

function element<K extends OutboxKind>(kind: K, payload: PayloadByKind[K], context: MailContext): {
  subject: string;
  element: ReactElement;
} {
  // Each branch narrows the payload by its kind.
  switch (kind) {
    case "application_confirmation": {
      const p = payload as PayloadByKind["application_confirmation"];
      return {
        subject: applicationConfirmation.subject(p),
        element: createElement(applicationConfirmation.ApplicationConfirmation, { payload: p, context }),
      };
    }
    case "contact_acknowledgement": {
      const p = payload as PayloadByKind["contact_acknowledgement"];
      return {
        subject: contactAcknowledgement.subject(p),
        element: createElement(contactAcknowledgement.ContactAcknowledgement, { payload: p, context }),
      };
    }
    case "staff_application_alert": {
      const p = payload as PayloadByKind["staff_application_alert"];
      return {
        subject: staffApplicationAlert.subject(p),
        element: createElement(staffApplicationAlert.StaffApplicationAlert, { payload: p, context }),
      };
    }
    default: {
      const p = payload as PayloadByKind["staff_contact_alert"];
      return {
        subject: staffContactAlert.subject(p),
        element: createElement(staffContactAlert.StaffContactAlert, { payload: p, context }),
      };
    }
  }
}

export async function renderEmail<K extends OutboxKind>(
  kind: K,
  payload: PayloadByKind[K],
  context: MailContext,
): Promise<RenderedEmail> {
  const built = element(kind, payload, context);
  const [html, text] = await Promise.all([render(built.element), render(built.element, { plainText: true })]);
  return { subject: built.subject, html, text };
}

/** Example payloads for the preview script and tests (illustrative people, no real data). */
export const SAMPLE_PAYLOADS: PayloadByKind = {
  application_confirmation: { firstName: "Maya" },
  contact_acknowledgement: { firstName: "Priya" },
  staff_application_alert: {
    applicationId: "00000000-0000-4000-8000-000000000001",
    firstName: "Maya",
    lastName: "Lindqvist",
    email: "maya.lindqvist@example.com",
    formSource: "main page",
    submittedAt: "2026-01-15T17:30:00.000Z",
  },
  staff_contact_alert: {
    contactMessageId: "00000000-0000-4000-8000-000000000002",
    firstName: "Priya",
    lastName: "Raman",
    email: "priya.raman@example.com",
    reason: "eligibility",
    submittedAt: "2026-01-15T17:35:00.000Z",
  },
};
