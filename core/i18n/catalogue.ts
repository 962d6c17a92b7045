/**
 * The message catalogues (ADR 0110): one per language, keyed alike, each message plain text with `{name}`
 * placeholders, or a plural message whose form `Intl.PluralRules` chooses by one of its parameters. Numbers are
 * written by `Intl.NumberFormat` and dates by `Intl.DateTimeFormat` in the language's locale. No library: the
 * catalogue is data the pages, the Zod schemas and the email templates read alike (`core/` is the code both
 * sides import), and the check below is what keeps the languages in step (`catalogue.test.ts`).
 */
import { type Language, LANGUAGE_LOCALES } from "./languages";

/** A message whose words depend on a number: the form for each plural category the language has. */
export interface PluralMessage {
  /** The parameter whose value chooses the form. */
  plural: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  zero?: string;
  other: string;
}

export type Message = string | PluralMessage;
export type Catalogue = Readonly<Record<string, Message>>;
export type MessageParams = Readonly<Record<string, string | number | Date>>;

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;
const PLURAL_FORMS = ["zero", "one", "two", "few", "many", "other"] as const;

/** Every text of a message: the message itself, or each plural form it has. */
function textsOf(message: Message): string[] {
  if (typeof message === "string") return [message];
  return PLURAL_FORMS.flatMap((form) => (message[form] === undefined ? [] : [message[form]]));
}

/** The placeholders a message's text names, sorted, once each (a plural message: of all its forms, and its count). */
export function placeholdersOf(message: Message): string[] {
  const names = new Set<string>();
  for (const text of textsOf(message)) for (const match of text.matchAll(PLACEHOLDER)) names.add(match[1]!);
  if (typeof message !== "string") names.add(message.plural);
  return [...names].toSorted();
}

/**
 * What keeps two catalogues in step: every key of one is in the other, each message names the same placeholders
 * in both, and a plural message has only forms the language's plural rules can choose (its `other` form, required
 * by the type, stands for the categories it leaves out, as Spanish's "many" of a million).
 */
export function catalogueProblems(reference: Catalogue, other: Catalogue, language: Language): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(reference)) if (!Object.hasOwn(other, key)) problems.push(`${language} lacks "${key}"`);
  for (const key of Object.keys(other)) if (!Object.hasOwn(reference, key)) problems.push(`${language} has "${key}", the reference has not`);
  for (const [key, message] of Object.entries(other)) {
    const ref = reference[key];
    if (ref === undefined) continue;
    const mine = placeholdersOf(message).join(", ");
    const theirs = placeholdersOf(ref).join(", ");
    if (mine !== theirs) problems.push(`"${key}" names {${mine}} in ${language} but {${theirs}} in the reference`);
    if (typeof message !== "string") {
      const categories: readonly string[] = new Intl.PluralRules(LANGUAGE_LOCALES[language]).resolvedOptions().pluralCategories;
      for (const form of PLURAL_FORMS) {
        if (message[form] !== undefined && !categories.includes(form)) problems.push(`"${key}" has a "${form}" form, which ${language} never chooses`);
      }
    }
  }
  return problems;
}

function formatValue(value: string | number | Date, locale: string): string {
  if (typeof value === "number") return new Intl.NumberFormat(locale, { useGrouping: "min2" }).format(value);
  if (value instanceof Date) return new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(value);
  return value;
}

/** A message of a catalogue, its plural form chosen and its placeholders filled (a missing parameter stays as written). */
export function formatMessage(language: Language, message: Message, params: MessageParams = {}): string {
  const locale = LANGUAGE_LOCALES[language];
  let text: string;
  if (typeof message === "string") text = message;
  else {
    const count = params[message.plural];
    const category = typeof count === "number" ? new Intl.PluralRules(locale).select(count) : "other";
    text = message[category] ?? message.other;
  }
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : formatValue(value, locale);
  });
}

/** The messages of one language, by key. */
export interface Translator<K extends string> {
  language: Language;
  t(key: K, params?: MessageParams): string;
}

export function translator<C extends Catalogue>(language: Language, catalogue: C): Translator<keyof C & string> {
  return { language, t: (key, params) => formatMessage(language, catalogue[key]!, params) };
}
