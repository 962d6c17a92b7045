/**
 * One application or contact message on its own page (/admin/applications/:id, /admin/contact/:id):
 * every stored field (attribution and consent record included; the advertising ids never reach the
 * browser), the same address's other submissions, the delete action where the role allows, and the
 * record's history from the audit log. Staff alert emails link here; opening the page is audited.
 */
import { auditActionLabel } from "#core/audit";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { ApplicationDetail, AuditEventRecord, ContactDetail } from "#core/contracts/lists";
import { brand } from "#core/brand";
import { type Catalogue, displayValue, type FieldDef, fieldNames, type RecordGroup } from "#core/fields";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { ApiError } from "~/lib/api-client";
import { useAuth } from "../parts/session/auth";
import { AdminQueryProvider } from "../parts/session/query-provider";
import { ConfirmDeleteDialog } from "../parts/confirm-delete-dialog";
import { formatDateTime } from "../parts/format";
import { loadErrorText, useAuthedRequest } from "../parts/session/hooks";
import { SelectionSections } from "./selection-panel";
import { applicationPath, contactPath, RECORD_KINDS, type RecordKind } from "../parts/records/record-kinds";
import { fullName } from "../parts/records/records-tab";

function Field({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === "";
  return (
    <div className="min-w-0 border-b border-line py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
      <dd className="text-sm break-words whitespace-pre-wrap text-ink sm:col-span-2">{empty ? <span className="text-ink-muted">—</span> : children}</dd>
    </div>
  );
}

/** The catalogue's fields of one record page group, in catalogue order, as staff read them. */
function FieldList({ catalogue, group, record }: { catalogue: Catalogue; group: RecordGroup; record: object }) {
  const values = record as Record<string, unknown>;
  return (
    <dl className="mt-2">
      {fieldNames(catalogue, (def) => def.group === group).map((name) => {
        const def = catalogue[name] as FieldDef;
        const value = values[name];
        return (
          <Field key={name} label={def.label}>
            {def.type === "instant" && typeof value === "string" ? formatDateTime(value) : displayValue(def, value)}
          </Field>
        );
      })}
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`section-${title.replace(/\W+/g, "-").toLowerCase()}`} className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-6">
      <h2 id={`section-${title.replace(/\W+/g, "-").toLowerCase()}`} className="font-display text-xl font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The same address's other records, each a link to its page. */
function OtherRecords({ title, none, items }: { title: string; none: string; items: { id: string; href: string; text: string }[] }) {
  return (
    <Section title={title}>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{none}</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {items.map((item) => (
            <li key={item.id}>
              <Link to={item.href} className="font-medium text-brand-strong underline underline-offset-2">
                {item.text}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** How each kind's other records from the same address are listed, and where each one's page is. */
const OTHERS = {
  application: {
    path: applicationPath,
    text: (other: ApplicationDetail["sameEmail"][number]) => `${fullName(other)} · ${other.formSource} · ${formatDateTime(other.submitted_at)}`,
  },
  contact: {
    path: contactPath,
    text: (other: ContactDetail["sameEmail"][number]) => `${other.subject} · ${formatDateTime(other.submitted_at)}`,
  },
};

/** A record's fields, section by section as its kind declares them, then the same address's other records. */
function RecordFields({ kind, detail }: { kind: RecordKind; detail: ApplicationDetail | ContactDetail }) {
  const config = RECORD_KINDS[kind];
  const others = OTHERS[kind] as { path: (id: string) => string; text: (other: object) => string };
  const sameEmail: { id: string }[] = detail.sameEmail;
  return (
    <>
      {config.sections.map(([group, title]) => (
        <Section key={group} title={title}>
          <FieldList catalogue={config.list.fields} group={group} record={detail.record} />
        </Section>
      ))}
      <OtherRecords
        title={config.otherTitle}
        none={config.otherNone}
        items={sameEmail.map((other) => ({ id: other.id, href: others.path(other.id), text: others.text(other) }))}
      />
    </>
  );
}

export function HistoryList({ events }: { events: AuditEventRecord[] }) {
  if (events.length === 0) return <p className="mt-2 text-sm text-ink-muted">No recorded events.</p>;
  return (
    <ol className="mt-2 space-y-1 text-sm">
      {events.map((event) => (
        <li key={event.id}>
          <span className="font-semibold">{auditActionLabel(event.action)}</span> by {event.actor_username ?? (event.action.startsWith("applicant_") ? "the applicant, on her page" : "unknown")}
          <span className="text-ink-muted">
            {" · "}
            {formatDateTime(event.at)}
            {event.client_address ? ` · from ${event.client_address}` : ""}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function RecordPage(props: { kind: RecordKind; id: string }) {
  return (
    <AdminQueryProvider>
      <Record {...props} />
    </AdminQueryProvider>
  );
}

function Record({ kind, id }: { kind: RecordKind; id: string }) {
  const config = RECORD_KINDS[kind];
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { canDeleteData, user, logout } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const [returnFocus, setReturnFocus] = useState<HTMLElement | null>(null);
  const query = useQuery<ApplicationDetail | ContactDetail>({
    queryKey: ["admin-record", kind, id],
    queryFn: ({ signal }) => request(`${config.list.path}/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  });
  const remove = useMutation({
    mutationFn: () => request<void>(`${config.list.path}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["admin-list"] });
      await navigate(config.listPath);
    },
  });

  const detail = query.data;
  const name = detail ? fullName(detail.record) : "";
  return (
    <div className="min-h-dvh bg-canvas">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <div>
            <p className="font-display text-lg font-semibold text-brand">{brand.name}</p>
            <Link to={config.listPath} className="text-sm font-medium text-brand-strong underline underline-offset-2">
              Back to the dashboard
            </Link>
          </div>
          <div className="flex items-center gap-3">
            <span className="text-sm text-ink-muted">
              Signed in as <span className="font-semibold text-ink">{user?.username}</span>
            </span>
            <Button variant="outline" size="sm" onClick={() => void logout()}>
              Logout
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-6 sm:px-6">
        {query.isPending ? <Spinner label={`Loading the ${config.noun}`} className="h-8 w-8 text-brand" /> : null}
        {query.isError ? (
          <Alert variant="destructive">
            <AlertDescription>
              {query.error instanceof ApiError && query.error.status === 404
                ? config.notFound
                : `Error loading ${config.noun}: ${loadErrorText(query.error, config.loadFallback)}`}
            </AlertDescription>
          </Alert>
        ) : null}
        {detail ? (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div>
                <p className="text-sm font-semibold text-ink-muted">{config.recordTitle}</p>
                <h1 className="flex flex-wrap items-center gap-2 font-display text-3xl font-semibold text-ink">
                  {name}
                  {kind === "application" && (detail as ApplicationDetail).sameEmail.length > 0 ? <Badge variant="outline">repeat</Badge> : null}
                </h1>
              </div>
              {canDeleteData ? (
                <Button
                  variant="destructive"
                  onClick={(event) => {
                    setReturnFocus(event.currentTarget);
                    setConfirming(true);
                  }}
                >
                  Delete
                </Button>
              ) : null}
            </div>
            {kind === "application" ? (
              <SelectionSections id={id} detail={detail as ApplicationDetail} recordKey={["admin-record", kind, id]} Section={Section} />
            ) : null}
            <RecordFields kind={kind} detail={detail} />
            <Section title="History">
              <HistoryList events={detail.history} />
            </Section>
          </>
        ) : null}
        <ConfirmDeleteDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={config.deleteTitle}
          subject={`The ${config.noun} from ${name} will be deleted.`}
          fallbackError={config.deleteFallback}
          onConfirm={() => remove.mutateAsync()}
          returnFocus={returnFocus}
        />
      </main>
    </div>
  );
}
