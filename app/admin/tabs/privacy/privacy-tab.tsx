/**
 * The Privacy requests tab (admin and super_admin): find everything held about an email address, download the
 * access export, correct records, erase everything with a typed confirmation, and track requests by due date.
 */
import { auditActionLabel, auditTargetLabel } from "#core/audit";
import { outboxKindLabel, outboxStatusLabel } from "#core/contracts/outbox";
import { useId, useRef, useState } from "react";
import { privacyFindSchema } from "#core/privacy";
import { contactReasonLabel } from "#core/options";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { formatDateTime } from "../../parts/format";
import { errorText, loadErrorText } from "../../parts/session/hooks";
import { useExportDownload, useSubject } from "./api";
import { CorrectionDialog } from "./correction-dialog";
import { EraseDialog, selectionText } from "./erase-dialog";
import { RequestsPanel } from "./requests-panel";
import type { SubjectResult } from "#core/contracts/privacy";

export function PrivacyTab() {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [email, setEmail] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const subject = useSubject(email);

  const lookUp = (value: string) => {
    const parsed = privacyFindSchema.safeParse({ email: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    setNotice(null);
    setTyped(parsed.data.email);
    setEmail(parsed.data.email);
  };

  return (
    <div className="space-y-6">
      <div>
        <h2 className="font-display text-2xl font-semibold text-ink">Privacy requests</h2>
        <p className="text-sm text-ink-muted">
          Answer requests to see, correct or delete what we hold about a person. Every search, export, correction and erasure is
          recorded in the audit log.
        </p>
      </div>
      {notice ? (
        <Alert>
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Find a person</CardTitle>
          <CardDescription>Letter case and spaces around the address are ignored.</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            aria-label="Find everything about an email address"
            className="flex flex-col gap-3 sm:flex-row sm:items-start"
            onSubmit={(event) => {
              event.preventDefault();
              lookUp(typed);
            }}
          >
            <Field id={id} label="Email address" required error={error} className="flex-1">
              {(control) => (
                <Input {...control} ref={inputRef} type="email" autoComplete="off" value={typed} onChange={(event) => setTyped(event.currentTarget.value)} />
              )}
            </Field>
            <Button type="submit" className="sm:mt-7">
              Find
            </Button>
          </form>
        </CardContent>
      </Card>

      {email === null ? null : subject.isPending ? (
        <Spinner label="Searching" className="h-8 w-8 text-brand" />
      ) : subject.isError ? (
        <Alert variant="destructive">
          <AlertDescription>Error searching: {loadErrorText(subject.error, "Failed to search")}</AlertDescription>
        </Alert>
      ) : (
        <SubjectView result={subject.data} onNotice={setNotice} />
      )}

      <RequestsPanel
        onLookUp={(address) => {
          lookUp(address);
          inputRef.current?.scrollIntoView({ block: "center" });
          inputRef.current?.focus();
        }}
        onNotice={setNotice}
      />
    </div>
  );
}

function SubjectView({ result, onNotice }: { result: SubjectResult; onNotice: (message: string) => void }) {
  const download = useExportDownload();
  const [failure, setFailure] = useState<string | null>(null);
  const { counts } = result;
  const holdsRecords = counts.applications + counts.contactMessages + counts.emails > 0;
  const summary: Array<[string, number]> = [
    ["Applications", counts.applications],
    ["Contact messages", counts.contactMessages],
    ["Emails", counts.emails],
    ["Consent records", counts.consents],
    ["Audit events", counts.auditEvents],
    ["Privacy requests", counts.requests],
    ["Selection steps", counts.stageHistory],
    ["Staff notes", counts.notes],
    ["Place offers", counts.offers],
  ];

  return (
    <section aria-labelledby="privacy-subject-heading" className="space-y-6">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <h3 id="privacy-subject-heading" className="font-display text-xl font-semibold [overflow-wrap:anywhere] text-ink">
          What we hold about {result.email}
        </h3>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={download.isPending}
            onClick={() => {
              setFailure(null);
              download.mutate(result.email, {
                onSuccess: () => onNotice(`Downloaded the export for ${result.email}; the access request is recorded as completed.`),
                onError: (error) => setFailure(errorText(error, "Failed to export")),
              });
            }}
          >
            {download.isPending ? "Preparing..." : "Download export (JSON)"}
          </Button>
          {holdsRecords ? (
            <EraseDialog
              email={result.email}
              counts={counts}
              onErased={(answer) =>
                onNotice(
                  `Erased ${result.email}: ${answer.counts.applications} application(s)${selectionText(answer.counts)}, ${answer.counts.contactMessages} contact message(s), ${answer.counts.emails} email(s).`,
                )
              }
            />
          ) : null}
        </div>
      </div>
      {failure ? (
        <Alert variant="destructive">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {summary.map(([label, n]) => (
          <div key={label} className="rounded-xl border border-line bg-surface p-3">
            <dt className="text-xs font-semibold text-ink-muted">{label}</dt>
            <dd className="font-display text-2xl font-semibold text-ink">{n}</dd>
          </div>
        ))}
      </dl>
      {holdsRecords ? null : (
        <p className="text-sm text-ink-muted">No application, contact message or email is held about this address.</p>
      )}

      {result.applications.length ? (
        <RecordList title="Applications">
          {result.applications.map((a) => (
            <li key={a.id} className="flex flex-col gap-2 rounded-xl border border-line p-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="text-sm">
                <p className="font-semibold text-ink">
                  {a.firstName} {a.lastName} · {a.email}
                </p>
                <p className="text-ink-muted">
                  Age {a.age}, {a.state}, zip {a.zipCode ?? "none"}, {a.interestLevel} · {a.formSource} · submitted {formatDateTime(a.submitted_at)}
                </p>
                <p className="text-ink-muted">
                  Marketing emails: {a.marketing_consent ? "yes" : "no"} · Advertising cookies: {a.tracking_consent ?? "not asked"}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <a className="inline-flex h-9 items-center rounded-full px-3 text-sm font-semibold text-brand underline-offset-4 hover:underline" href={`/admin/applications/${a.id}`}>
                  Open record
                </a>
                <CorrectionDialog target={{ kind: "application", record: a }} email={result.email} onDone={onNotice} />
              </div>
            </li>
          ))}
        </RecordList>
      ) : null}

      {result.contactMessages.length ? (
        <RecordList title="Contact messages">
          {result.contactMessages.map((m) => (
            <li key={m.id} className="flex flex-col gap-2 rounded-xl border border-line p-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="text-sm">
                <p className="font-semibold text-ink">
                  {m.subject} · {contactReasonLabel(m.reason)}
                </p>
                <p className="text-ink-muted">
                  {m.firstName} {m.lastName} · {m.email} · sent {formatDateTime(m.submitted_at)}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <a className="inline-flex h-9 items-center rounded-full px-3 text-sm font-semibold text-brand underline-offset-4 hover:underline" href={`/admin/contact/${m.id}`}>
                  Open record
                </a>
                <CorrectionDialog target={{ kind: "contact", record: m }} email={result.email} onDone={onNotice} />
              </div>
            </li>
          ))}
        </RecordList>
      ) : null}

      {result.emails.length ? (
        <RecordList title="Emails">
          {result.emails.map((e) => (
            <li key={e.id} className="rounded-xl border border-line p-3 text-sm">
              <span className="font-semibold text-ink">{outboxKindLabel(e.kind)}</span>{" "}
              <span className="text-ink-muted">
                · {outboxStatusLabel(e.status)} · queued {formatDateTime(e.created_at)}
                {e.sent_at ? ` · sent ${formatDateTime(e.sent_at)}` : ""}
              </span>
            </li>
          ))}
        </RecordList>
      ) : null}

      {result.consents.length ? (
        <RecordList title="Consent records">
          {result.consents.map((c) => (
            <li key={`${c.source}-${c.record_id}`} className="rounded-xl border border-line p-3 text-sm text-ink">
              {formatDateTime(c.at)}:{" "}
              {c.source === "application"
                ? `marketing emails ${c.marketing_consent ? "agreed" : "not agreed"}, advertising cookies ${c.tracking_consent ?? "not asked"} (with an application)`
                : c.action?.replaceAll("_", " ")}
            </li>
          ))}
        </RecordList>
      ) : null}

      {result.auditEvents.length ? (
        <RecordList title="History">
          {result.auditEvents.map((e) => (
            <li key={e.id} className="rounded-xl border border-line p-3 text-sm text-ink">
              {formatDateTime(e.at)}: {auditActionLabel(e.action)}
              {e.target_type ? ` (${auditTargetLabel(e.target_type)})` : ""} by {e.actor_username ?? "the system"}
            </li>
          ))}
        </RecordList>
      ) : null}
    </section>
  );
}

function RecordList({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="space-y-2">
      <h4 className="font-semibold text-ink">{title}</h4>
      <ul className="space-y-2">{children}</ul>
    </div>
  );
}
