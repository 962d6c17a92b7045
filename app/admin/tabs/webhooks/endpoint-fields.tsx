/** The fields an endpoint is added and edited with: its events, and the full-record switch with its warning (ADR 0067). */
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from "#core/contracts/webhooks";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Checkbox } from "~/components/ui/checkbox";
import { ChoiceFieldset } from "../../parts/choice-fieldset";

export const DEFAULT_EVENTS: WebhookEvent[] = ["application.created", "privacy.erased"];

/** Why the full record is off by default: said beside the switch, and again when a super admin turns it on. */
export const FULL_RECORD_WARNING =
  "Every push of an applicant's details to another system is a disclosure of health-related personal data. Events are thin by default (ids, times, form source, stage); the receiver can pull a record with an API key instead, and that read is audited.";

export function EventsFieldset({ idPrefix, events, onChange, error }: { idPrefix: string; events: WebhookEvent[]; onChange: (events: WebhookEvent[]) => void; error?: string }) {
  return <ChoiceFieldset idPrefix={`${idPrefix}-event`} legend="Events" values={WEBHOOK_EVENTS} labels={WEBHOOK_EVENT_LABELS} chosen={events} onChange={onChange} error={error} />;
}

/** The switch to send the applicant's answers with each event, and the warning it is described by. */
export function FullRecordField({ idPrefix, checked, onChange }: { idPrefix: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = `${idPrefix}-full-record`;
  return (
    <div className="space-y-2">
      <Checkbox
        id={id}
        label="Send the full record (the applicant's answers) with each event"
        checked={checked}
        aria-describedby={`${id}-warning`}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <Alert variant={checked ? "destructive" : "default"} role="note" id={`${id}-warning`}>
        <AlertTitle>{checked ? "Full record on: every event discloses personal data" : "Thin events (the default)"}</AlertTitle>
        <AlertDescription>{FULL_RECORD_WARNING}</AlertDescription>
      </Alert>
    </div>
  );
}
