/**
 * "Send me a fresh link": her email address, posted to the page it sits on (works without JavaScript). The answer
 * never says whether an application uses the address (ADR 0098).
 */
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { usePageWords } from "~/lib/page-words";

export function PageLinkForm({ sent, error, busy }: { sent: boolean; error?: string; busy: boolean }) {
  const { t } = usePageWords();
  if (sent) return <output className="mt-6 block rounded-2xl bg-success-soft p-4 text-left text-ink">{t("link.sent")}</output>;
  return (
    <Form method="post" action="/a" className="mt-6 grid gap-3 text-left" noValidate={false}>
      <input type="hidden" name="intent" value="link" />
      <Field id="page-link-email" label={t("link.email")} required error={error}>
        {(control) => <Input {...control} name="email" type="email" autoComplete="email" required />}
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? t("link.sending") : t("link.submit")}
      </Button>
    </Form>
  );
}
