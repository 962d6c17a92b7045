/**
 * Her consult on her page (ADR 0100): her booking with its time in her zone and the clinic's, and the free slots grouped
 * by day as plain radio buttons posted to the page's action (`intent=consult_book|consult_move`, `start`), so it all
 * works without JavaScript; "Later dates" pages by `?from=`. Moving opens the slots (`?consult=move`); cancelling asks
 * once more (`?confirm=consult_cancel`).
 */
import { Form, Link } from "react-router";
import { addDays, calendarDay, formatDeadline } from "#core/time";
import { ConfirmStep } from "~/components/site/confirm-step";
import { Button, buttonVariants } from "~/components/ui/button";
import { Rich, usePageWords } from "~/lib/page-words";

interface Slot {
  start: string;
  end: string;
}
interface Zones {
  timeZone: string;
  clinicTimeZone: string;
}
export interface ConsultSectionProps {
  consult: (Slot & Zones) | null;
  slots?: Slot[];
  zones?: Zones;
  /** `?consult=move`: the slots to move to are open. */
  moving: boolean;
  /** `?from=`: the slots shown start that day (the clinic's). */
  from: string | null;
  error?: string;
  busy: boolean;
}

/** Days of slots shown at a time: the page stays short at phone size. */
const DAYS_SHOWN = 2;

const formatters = new Map<string, Intl.DateTimeFormat>();
function format(value: string, timeZone: string, locale: string, options: Intl.DateTimeFormatOptions): string {
  const key = `${locale} ${timeZone} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(value));
}
const dayWords = (value: string, zone: string, locale: string) => format(value, zone, locale, { weekday: "long", month: "long", day: "numeric" });
const clockWords = (value: string, zone: string, locale: string) => format(value, zone, locale, { hour: "numeric", minute: "2-digit" });
const clockWithZone = (value: string, zone: string, locale: string) => format(value, zone, locale, { hour: "numeric", minute: "2-digit", timeZoneName: "short" });

function When({ slot, zones }: { slot: Slot; zones: Zones }) {
  const { t, locale } = usePageWords();
  return (
    <>
      <strong className="text-ink">{formatDeadline(slot.start, zones.timeZone, locale)}</strong>
      {zones.timeZone !== zones.clinicTimeZone ? (
        <span className="mt-1 block text-sm text-ink-muted">{t("consult.atClinic", { when: formatDeadline(slot.start, zones.clinicTimeZone, locale) })}</span>
      ) : null}
    </>
  );
}

/** The slots grouped by her day, a few days at a time, as radio buttons and one submit. */
function SlotPicker({ slots, zones, intent, from, error, busy }: { slots: Slot[]; zones: Zones; intent: "consult_book" | "consult_move"; from: string | null; error?: string; busy: boolean }) {
  const { t, locale } = usePageWords();
  const days: { day: string; slots: Slot[] }[] = [];
  for (const slot of slots) {
    const day = calendarDay(new Date(slot.start), zones.timeZone);
    const last = days.at(-1);
    if (last?.day === day) last.slots.push(slot);
    else if (days.length < DAYS_SHOWN) days.push({ day, slots: [slot] });
    else break;
  }
  const lastShown = days.at(-1)?.slots.at(-1);
  const next = lastShown ? addDays(calendarDay(new Date(lastShown.start), zones.clinicTimeZone), 1) : null;
  const keep = intent === "consult_move" ? "consult=move&" : "";
  if (days.length === 0) {
    return (
      <p className="mt-3 text-ink-muted">
        {t("consult.noneFree")}{" "}
        {from ? (
          <Link to={`?${keep}`} className="font-semibold text-brand underline underline-offset-4">
            {t("consult.backToFirst")}
          </Link>
        ) : (
          t("consult.lookAgain")
        )}
      </p>
    );
  }
  const differs = zones.timeZone !== zones.clinicTimeZone;
  return (
    <Form method="post" className="mt-4 grid gap-5" aria-describedby={error ? "consult-error" : undefined}>
      <input type="hidden" name="intent" value={intent} />
      <p className="text-sm text-ink-muted">
        {differs
          ? t("consult.zoneAndClinic", { zone: zones.timeZone.replaceAll("_", " "), clinicZone: zones.clinicTimeZone.replaceAll("_", " ") })
          : t("consult.zone", { zone: zones.timeZone.replaceAll("_", " ") })}
      </p>
      {days.map((group) => (
        <fieldset key={group.day} className="grid gap-2" aria-describedby={error ? "consult-error" : undefined}>
          <legend className="mb-2 font-semibold text-ink">{dayWords(group.slots[0]?.start ?? "", zones.timeZone, locale)}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {group.slots.map((slot) => (
              <label
                key={slot.start}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-line bg-surface px-3 py-2 text-left text-ink has-checked:border-brand has-checked:bg-brand-soft/50 has-focus-visible:outline-2 has-focus-visible:outline-brand"
              >
                <input type="radio" name="start" value={slot.start} required className="accent-brand" />
                <span>
                  {clockWords(slot.start, zones.timeZone, locale)}
                  {differs ? <span className="block text-xs text-ink-muted">{t("consult.clinicClock", { time: clockWithZone(slot.start, zones.clinicTimeZone, locale) })}</span> : null}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <Button type="submit" disabled={busy}>
        {intent === "consult_move" ? t("consult.moveHere") : t("consult.bookThis")}
      </Button>
      <p className="flex flex-wrap justify-center gap-4 text-sm">
        {from ? (
          <Link to={`?${keep}`} className="font-semibold text-brand underline underline-offset-4">
            {t("consult.firstDates")}
          </Link>
        ) : null}
        {next ? (
          <Link to={`?${keep}from=${next}`} className="font-semibold text-brand underline underline-offset-4">
            {t("consult.laterDates")}
          </Link>
        ) : null}
      </p>
    </Form>
  );
}

export function ConsultSection(props: ConsultSectionProps) {
  const { consult, slots, zones, moving, from, error, busy } = props;
  const { t } = usePageWords();
  if (!consult && !slots) return null;
  return (
    <section aria-labelledby="consult-heading" className="mt-8 rounded-2xl border border-line p-4 text-left">
      <h2 id="consult-heading" className="font-display text-xl font-semibold text-ink">
        {consult ? t("consult.heading.booked") : t("consult.heading.book")}
      </h2>
      {error ? (
        <p id="consult-error" role="alert" className="mt-3 rounded-xl bg-danger-soft p-3 text-ink">
          {error}
        </p>
      ) : null}
      {consult ? (
        <>
          <p className="mt-2 text-ink">
            <When slot={consult} zones={consult} />
          </p>
          {moving && slots && zones ? (
            <>
              <h3 className="mt-5 font-semibold text-ink">{t("consult.chooseNew")}</h3>
              <SlotPicker slots={slots} zones={zones} intent="consult_move" from={from} error={error} busy={busy} />
              <p className="mt-3 text-center text-sm">
                <Link to="?" className="font-semibold text-brand underline underline-offset-4">
                  {t("consult.keepTime")}
                </Link>
              </p>
            </>
          ) : (
            <div className="mt-4 flex flex-col gap-3 sm:flex-row">
              {slots ? (
                <Link to="?consult=move" className={buttonVariants({ variant: "outline" })}>
                  {t("consult.move")}
                </Link>
              ) : null}
              <Link to="?confirm=consult_cancel" className={buttonVariants({ variant: "outline" })}>
                {t("consult.cancel")}
              </Link>
            </div>
          )}
        </>
      ) : slots && zones ? (
        <>
          <p className="mt-2 text-ink-muted">{t("consult.intro")}</p>
          <SlotPicker slots={slots} zones={zones} intent="consult_book" from={from} error={error} busy={busy} />
        </>
      ) : null}
    </section>
  );
}

/** Cancelling her consult, asked once more. */
export function ConsultCancelStep({ consult, busy }: { consult: Slot & Zones; busy: boolean }) {
  const { t } = usePageWords();
  return (
    <ConfirmStep title={t("consult.cancel.title")} field={{ name: "intent", value: "consult_cancel" }} confirmLabel={t("consult.cancel.confirm")} keepLabel={t("consult.cancel.keep")} busy={busy}>
      <Rich text={t("consult.cancel.body")} parts={{ when: <When slot={consult} zones={consult} /> }} />
    </ConfirmStep>
  );
}
