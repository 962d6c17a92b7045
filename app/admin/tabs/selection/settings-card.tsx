/**
 * A card of live settings on the Selection board (the pilot's, the consult hours): what is in force as a list, and for
 * super admins a button that opens the form in place; the form's success line is announced. Each card brings its own
 * query, list and form.
 */
import { type UseQueryResult } from "@tanstack/react-query";
import { type ComponentType, useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { useAuth } from "../../parts/session/auth";
import { loadErrorText } from "../../parts/session/hooks";

export function SettingsCard<T>({
  id,
  title,
  changeLabel,
  query,
  loadFailed,
  className,
  Summary,
  Form,
}: {
  /** The heading's id (the card is labelled by it). */
  id: string;
  title: string;
  changeLabel: string;
  query: UseQueryResult<T>;
  loadFailed: string;
  className?: string;
  /** The settings in force, as the list's terms and descriptions. */
  Summary: ComponentType<{ data: T }>;
  Form: ComponentType<{ data: T; onDone: (message: string) => void }>;
}) {
  const { canManageUsers } = useAuth();
  const [editing, setEditing] = useState(false);
  const [done, setDone] = useState("");
  if (query.isPending) return null;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {loadErrorText(query.error, loadFailed)}
      </p>
    );
  }
  const data = query.data;
  return (
    <section aria-labelledby={id} className={cn("rounded-2xl border border-line bg-surface p-4 shadow-sm", className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={id} className="font-semibold text-ink">
          {title}
        </h3>
        {canManageUsers && !editing ? (
          <Button type="button" size="sm" variant="outline" onClick={() => setEditing(true)}>
            {changeLabel}
          </Button>
        ) : null}
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <Summary data={data} />
      </dl>
      {editing ? (
        <Form
          data={data}
          onDone={(message) => {
            setDone(message);
            setEditing(false);
          }}
        />
      ) : null}
      <output className="mt-2 block text-sm text-success">{done}</output>
    </section>
  );
}
