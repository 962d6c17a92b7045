/**
 * One declaration per staff admin list (applications, contact messages, the audit log), in the manner
 * of a Django ModelAdmin: its columns, its sorts with their keyset keys, its filters (how the admin
 * shows each and how the server matches it), its search, its CSV columns and its address. The server's
 * query (server/services/lists), the query validation and OpenAPI description (core/contracts/lists.ts),
 * the admin's table and filters (app/admin) and the CSV export all read these; nothing else spells a
 * list. Plain data, no validator and no React.
 */
import { APPLICATION_FIELDS, AUDIT_EVENT_FIELDS, type Catalogue, CONTACT_FIELDS, type FieldDef, fieldNames, staffFields } from "../fields";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from "../audit";
import { LANGUAGE_LABELS, LANGUAGES } from "../i18n/languages";
import { CONTACT_REASONS, FORM_SOURCE_VALUES, TRAFFIC_SOURCE_LABELS, TRAFFIC_SOURCES, US_STATES } from "../options";
import { LIST_PATHS } from "./paging";
import { STAGE_LABELS, STAGES } from "../pipeline/stages";

/** The SQL type of a sort key (cursors carry the key as text and cast it back). */
export type KeyType = "text" | "integer" | "boolean" | "timestamptz";

/** The keyset key of a sort, over one table's columns. */
export type SortKeySpec =
  /** The column's value, or its lower-cased text. */
  | { column: string; lower?: boolean }
  /** The columns joined with spaces, lower-cased (a full name). */
  | { joined: readonly string[] }
  /** The position of the column's value among option labels sorted case-insensitively (unknown values last). */
  | { labelRank: string; options: readonly { value: string; label: string }[] };

export interface SortDecl {
  key: SortKeySpec;
  type: KeyType;
}

/** How the server matches a filter's value. */
export type FilterMatch =
  /** The columns (joined with spaces, lower-cased, absent as empty) contain the text. */
  | { search: readonly string[] }
  /** The lower-cased column contains the text. */
  | { contains: string }
  /** The column equals the value (optionally ignoring letter case). */
  | { equals: string; ignoreCase?: boolean }
  /** A yes/no filter on a boolean column. */
  | { flag: string }
  /** The instant column is at or after / before the value. */
  | { since: string }
  | { before: string }
  /** A view of the list: the server reads its rows from another source (the ranked waitlist, with positions). */
  | { view: "ranked_waitlist" };

/** What the query string accepts for a filter. */
export type FilterInput = { text: number } | { oneOf: readonly string[] } | "instant";

export interface FilterDecl {
  /** Query parameter name, and the admin's filter id. */
  id: string;
  /** The admin's label. */
  label: string;
  /** The admin's control. */
  kind: "text" | "select" | "date-from" | "date-to";
  options?: readonly { value: string; label: string }[];
  input: FilterInput;
  match: FilterMatch;
  /** The parameter's description in the OpenAPI document. */
  description: string;
  /** The admin shows it last, beside Clear Filters (the spec's name filters). */
  trailing?: boolean;
  /** A username filter: the admin adds a "Mine" button that sets it to the signed-in staff member. */
  mine?: boolean;
}

export interface ColumnDecl {
  id: string;
  /** The admin's column header; default: the field's CSV header. */
  header?: string;
  /** The catalogue field it shows, when it shows one. */
  field?: string;
  /** The sort a click on its header asks for. */
  sort?: string;
}

export interface CsvColumnDecl {
  header: string;
  field: string;
  type: FieldDef["type"];
  /** How the value is written, where it is not the value itself. */
  display?: FieldDef["display"];
}

export interface ListDecl {
  /** The list's address (core/lists/paging.ts). */
  path: string;
  /** The table the rows come from, and the audit target type of a view of it. */
  table: string;
  /** The stored fields its rows are made of. */
  fields: Catalogue;
  /** The columns of a row as the server sends it (over the table's columns). */
  rowFields: readonly string[];
  /** A record page's other records from the same email address: the fields each is shown with. */
  sameEmailFields?: readonly string[];
  columns: readonly ColumnDecl[];
  sorts: Readonly<Record<string, SortDecl>>;
  defaultSort: string;
  /** The `sort` parameter's description; a list with one sort takes no `sort` parameter. */
  sortDescription?: string;
  filters: readonly FilterDecl[];
  csv: readonly CsvColumnDecl[];
  /** Part of the export's file name: "<prefix>-<fileKind>-<date>.csv" (listExportFileName). */
  fileKind: string;
}

/** An export's file name, "ovella-applications-2026-01-05.csv": the brand's prefix, the list's fileKind, the staff member's day. */
export function listExportFileName(prefix: string, fileKind: string, day: string): string {
  return `${prefix}-${fileKind}-${day}.csv`;
}

/** Displays for the screen only: the CSV keeps the stored value (the traffic source as the export has always written it). */
const SCREEN_ONLY_DISPLAYS: ReadonlySet<string> = new Set(["trafficSource"]);

/** A catalogue's exported fields as CSV columns, in catalogue order. */
export function csvColumnsOf(catalogue: Catalogue): CsvColumnDecl[] {
  return Object.entries(catalogue).flatMap(([field, def]) =>
    def.csv ? [{ header: def.csv, field, type: def.type, ...(def.display && !SCREEN_ONLY_DISPLAYS.has(def.display) ? { display: def.display } : {}) }] : [],
  );
}

const STAGE_OPTIONS = STAGES.map((value) => ({ value, label: STAGE_LABELS[value] }));
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
/** Options staff read by their labels (the value is what the filter sends). */
const labelledOptions = <V extends string>(values: readonly V[], labels: Record<V, string>) => values.map((value) => ({ value, label: labels[value] }));
const NAME_FIELDS = ["firstName", "lastName"] as const;
const SEARCHED = ["firstName", "lastName", "email", "phone"] as const;

/** The language a record was made in (ADR 0110), by its own name: both lists filter on it. */
const LANGUAGE_FILTER = {
  id: "language",
  label: "Language",
  kind: "select",
  options: labelledOptions(LANGUAGES, LANGUAGE_LABELS),
  input: { oneOf: LANGUAGES },
  match: { equals: "preferred_language" },
  description: "Language the person wrote in equals this value: en (English) or es (Spanish).",
} as const satisfies FilterDecl;

/** The search box first, the spec's first/last-name filters last (the admin shows them beside Clear Filters). */
const SEARCH_FILTER = {
  id: "q",
  label: "Search",
  kind: "text",
  input: { text: 200 },
  match: { search: SEARCHED },
  description: "Search: name, email or phone contains this text (case-insensitive).",
} as const satisfies FilterDecl;

const NAME_FILTERS = [
  { id: "firstName", label: "First name", kind: "text", input: { text: 100 }, match: { contains: "firstName" }, description: "First name contains this text (case-insensitive).", trailing: true },
  { id: "lastName", label: "Last name", kind: "text", input: { text: 100 }, match: { contains: "lastName" }, description: "Last name contains this text (case-insensitive).", trailing: true },
] as const satisfies readonly FilterDecl[];

const SUBMITTED_FILTERS = [
  { id: "from", label: "Submitted from", kind: "date-from", input: "instant", match: { since: "submitted_at" }, description: "Submitted at or after this instant (inclusive)." },
  { id: "to", label: "Submitted until", kind: "date-to", input: "instant", match: { before: "submitted_at" }, description: "Submitted before this instant (exclusive)." },
] as const satisfies readonly FilterDecl[];

const COMMON_SORTS = {
  submitted_at: { key: { column: "submitted_at" }, type: "timestamptz" },
  name: { key: { joined: NAME_FIELDS }, type: "text" },
  email: { key: { column: "email", lower: true }, type: "text" },
} as const satisfies Record<string, SortDecl>;

const staffRowFields = (catalogue: Catalogue) => staffFields(catalogue);

/** Name and email lead both lists of submitted records. */
const PERSON_COLUMNS = [
  { id: "name", header: "Name", sort: "name" },
  { id: "email", field: "email", sort: "email" },
] as const satisfies readonly ColumnDecl[];

export const APPLICATIONS_LIST = {
  path: LIST_PATHS.applications,
  table: "applications",
  fields: APPLICATION_FIELDS,
  rowFields: staffRowFields(APPLICATION_FIELDS),
  sameEmailFields: ["id", "firstName", "lastName", "formSource", "submitted_at"],
  columns: [
    ...PERSON_COLUMNS,
    { id: "age", field: "age", sort: "age" },
    { id: "state", field: "state", sort: "state" },
    { id: "phone", field: "phone" },
    { id: "zipCode", field: "zipCode" },
    { id: "interestLevel", field: "interestLevel" },
    { id: "formSource", field: "formSource" },
    { id: "language", field: "preferred_language" },
    { id: "marketing", field: "marketing_consent", header: "Marketing", sort: "marketing" },
    { id: "submitted_at", field: "submitted_at", header: "Submitted", sort: "submitted_at" },
    { id: "traffic_source", field: "traffic_source" },
    { id: "utm_campaign", field: "utm_campaign" },
    { id: "stage", field: "stage", sort: "stage" },
    { id: "eligible", field: "eligible", header: "Eligible" },
    { id: "owner", field: "owner" },
    // Filled in the waitlist view only (computed once per query there, never per row elsewhere; ADR 0087).
    { id: "waitlistPosition", header: "Position", sort: "position" },
  ],
  sorts: {
    ...COMMON_SORTS,
    // The ranked waitlist's order: eligible women by position, then the others waitlisted (no position).
    position: { key: { column: "waitlist_order" }, type: "integer" },
    age: { key: { column: "age" }, type: "integer" },
    state: { key: { column: "state", lower: true }, type: "text" },
    marketing: { key: { column: "marketing_consent" }, type: "boolean" },
    stage: { key: { labelRank: "stage", options: STAGE_OPTIONS }, type: "integer" },
  },
  defaultSort: "submitted_at",
  sortDescription: "Sort column (stage sorts by its label; position is the waitlist view's order).",
  filters: [
    SEARCH_FILTER,
    {
      id: "view",
      label: "View",
      kind: "select",
      options: [{ value: "waitlist", label: "Ranked waitlist" }],
      input: { oneOf: ["waitlist"] },
      match: { view: "ranked_waitlist" },
      description:
        "waitlist: the waitlisted applications only, each one who meets the criteria with her position (1 = offered next), the others with none; sort=position&dir=asc lists them in that order.",
    },
    { id: "state", label: "State", kind: "select", options: options(US_STATES), input: { text: 100 }, match: { equals: "state" }, description: "State (or country) equals this value." },
    { id: "formSource", label: "Form source", kind: "select", options: options(FORM_SOURCE_VALUES), input: { text: 20 }, match: { equals: "formSource" }, description: "Form source equals this value." },
    { id: "traffic_source", label: "Traffic source", kind: "select", options: labelledOptions(TRAFFIC_SOURCES, TRAFFIC_SOURCE_LABELS), input: { text: 20 }, match: { equals: "traffic_source" }, description: "Traffic source equals this value." },
    {
      id: "marketing",
      label: "Marketing consent",
      kind: "select",
      options: [
        { value: "yes", label: "Yes" },
        { value: "no", label: "No" },
      ],
      input: { oneOf: ["yes", "no"] },
      match: { flag: "marketing_consent" },
      description: "Marketing consent given (yes) or not (no).",
    },
    { id: "stage", label: "Stage", kind: "select", options: STAGE_OPTIONS, input: { oneOf: STAGES }, match: { equals: "stage" }, description: "Stage of the pilot's selection equals this value." },
    {
      id: "eligible",
      label: "Eligibility",
      kind: "select",
      options: [
        { value: "yes", label: "Meets the criteria" },
        { value: "no", label: "Does not meet them" },
      ],
      input: { oneOf: ["yes", "no"] },
      match: { flag: "eligible" },
      description: "Meets the pilot's criteria (yes) or not (no): age, state and ZIP code.",
    },
    { id: "owner", label: "Owner", kind: "text", input: { text: 100 }, match: { equals: "owner", ignoreCase: true }, mine: true, description: "Owner's username equals this value (case-insensitive); the admin's \"mine\" filter." },
    LANGUAGE_FILTER,
    ...SUBMITTED_FILTERS,
    ...NAME_FILTERS,
  ],
  csv: [...csvColumnsOf(APPLICATION_FIELDS), { header: "Waitlist Position", field: "waitlistPosition", type: "integer" }],
  fileKind: "applications",
} as const satisfies ListDecl;

const REASON_OPTIONS = CONTACT_REASONS.map((r) => ({ value: r.value, label: r.label }));

export const CONTACT_LIST = {
  path: LIST_PATHS.contact,
  table: "contact_messages",
  fields: CONTACT_FIELDS,
  rowFields: staffRowFields(CONTACT_FIELDS),
  sameEmailFields: ["id", "subject", "submitted_at"],
  columns: [
    ...PERSON_COLUMNS,
    { id: "phone", field: "phone" },
    { id: "reason", field: "reason", sort: "reason" },
    { id: "subject", field: "subject", sort: "subject" },
    { id: "message", field: "message" },
    { id: "submitted_at", field: "submitted_at", header: "Submitted", sort: "submitted_at" },
    { id: "language", field: "preferred_language" },
  ],
  sorts: {
    ...COMMON_SORTS,
    reason: { key: { labelRank: "reason", options: REASON_OPTIONS }, type: "integer" },
    subject: { key: { column: "subject", lower: true }, type: "text" },
  },
  defaultSort: "submitted_at",
  sortDescription: "Sort column (reason sorts by its label).",
  filters: [
    SEARCH_FILTER,
    { id: "reason", label: "Reason", kind: "select", options: REASON_OPTIONS, input: { oneOf: REASON_OPTIONS.map((r) => r.value) }, match: { equals: "reason" }, description: "Reason equals this value." },
    LANGUAGE_FILTER,
    ...SUBMITTED_FILTERS,
    ...NAME_FILTERS,
  ],
  csv: csvColumnsOf(CONTACT_FIELDS),
  fileKind: "contact-messages",
} as const satisfies ListDecl;


export const AUDIT_LIST = {
  path: LIST_PATHS.audit,
  table: "audit_events",
  fields: AUDIT_EVENT_FIELDS,
  rowFields: fieldNames(AUDIT_EVENT_FIELDS),
  columns: [
    { id: "at", header: "When", sort: "at" },
    { id: "actor", header: "Who" },
    { id: "action", header: "Action" },
    { id: "target", header: "Target" },
    { id: "from", header: "From" },
  ],
  sorts: { at: { key: { column: "at" }, type: "timestamptz" } },
  defaultSort: "at",
  filters: [
    { id: "actor", label: "Actor (username)", kind: "text", input: { text: 100 }, match: { equals: "actor_username", ignoreCase: true }, description: "Actor username equals this value (case-insensitive)." },
    { id: "action", label: "Action", kind: "select", options: labelledOptions(AUDIT_ACTIONS, AUDIT_ACTION_LABELS), input: { text: 50 }, match: { equals: "action" }, description: "Action equals this value (for example view, export, application_delete)." },
    { id: "target", label: "Target id", kind: "text", input: { text: 100 }, match: { equals: "target_id" }, description: "Target record id equals this value." },
    { id: "from", label: "From date", kind: "date-from", input: "instant", match: { since: "at" }, description: "At or after this instant (inclusive)." },
    { id: "to", label: "Until date", kind: "date-to", input: "instant", match: { before: "at" }, description: "Before this instant (exclusive)." },
  ],
  csv: csvColumnsOf(AUDIT_EVENT_FIELDS),
  fileKind: "audit-log",
} as const satisfies ListDecl;

/** The ids of a list's columns: the admin's UI is typed with these. */
export type ColumnIdOf<L extends ListDecl> = L["columns"][number]["id"];

