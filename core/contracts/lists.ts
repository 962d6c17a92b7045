/**
 * Wire contracts of the staff admin's lists, records and stats, as Zod schemas: the query parameters
 * (built from the list declarations, core/lists/declarations.ts), the rows (built from the field
 * catalogue, core/fields.ts), pages, stats and record details. The server validates with these, the
 * browser takes its types from them (z.output), and the OpenAPI description (/api/openapi.json) is
 * generated from them.
 */
import { z } from "zod";
import { APPLICATION_FIELDS, AUDIT_EVENT_FIELDS, type Catalogue, CONTACT_FIELDS, type FieldDef, fieldNames, staffFields } from "../fields";
import { APPLICATIONS_LIST, AUDIT_LIST, CONTACT_LIST, type FilterDecl, type ListDecl } from "../lists/declarations";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PAGE_SIZE_MIN, PAGE_TOTAL_LIMIT } from "../lists/paging";
import { storable } from "../storable";
import { isTimeZone } from "../time";
import { DATE_RANGE_MESSAGE, isStorableInstant } from "./common";
import { pipelineDetailShape } from "./pipeline";

export { PAGE_TOTAL_LIMIT } from "../lists/paging";

/** An instant (ISO 8601 with offset) or a calendar date (read as UTC midnight), within the years the database stores. */
const instant = (description: string) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: "Use an ISO 8601 date or date-time" })
    .refine(isStorableInstant, DATE_RANGE_MESSAGE)
    .optional()
    .describe(description);

const paging = {
  limit: z.coerce
    .number()
    .int()
    .min(PAGE_SIZE_MIN)
    .max(PAGE_SIZE_MAX)
    .default(PAGE_SIZE_DEFAULT)
    .describe(`Rows per page (${PAGE_SIZE_MIN}–${PAGE_SIZE_MAX}).`),
  cursor: z
    .string()
    .max(1000)
    .regex(/^[A-Za-z0-9_-]+$/, "Invalid cursor")
    .optional()
    .describe("Opaque cursor from the previous page's nextCursor; omit for the first page."),
};

const direction = z.enum(["asc", "desc"]).default("desc").describe("Sort direction; ties are broken by id in the same direction.");

function filterSchema(filter: FilterDecl): z.ZodType<string | undefined> {
  const { input, description } = filter;
  if (input === "instant") return instant(description);
  if ("oneOf" in input) return z.enum(input.oneOf as [string, ...string[]]).optional().describe(description);
  return storable(z.string()).trim().max(input.text).optional().describe(description);
}

type Values<T extends readonly string[]> = T[number];
type FilterValue<F extends FilterDecl> = F["input"] extends { oneOf: infer V extends readonly string[] } ? Values<V> : string;
type FilterShape<L extends ListDecl> = { [F in L["filters"][number] as F["id"]]: z.ZodOptional<z.ZodType<FilterValue<F>>> };
type SortShape<L extends ListDecl> = L["sortDescription"] extends string
  ? { sort: z.ZodDefault<z.ZodEnum<{ [K in keyof L["sorts"] & string]: K }>> }
  : object;

/** A list's filters (with its sort and direction) as a query-string schema. */
export function filtersSchemaOf<L extends ListDecl>(list: L) {
  const sorts = Object.keys(list.sorts) as [string, ...string[]];
  const sort = list.sortDescription ? { sort: z.enum(sorts).default(list.defaultSort).describe(list.sortDescription) } : {};
  const filters = Object.fromEntries(list.filters.map((f) => [f.id, filterSchema(f)]));
  return z.object({ ...sort, dir: direction, ...filters }) as unknown as z.ZodObject<
    SortShape<L> & { dir: typeof direction } & FilterShape<L>
  >;
}

export const applicationFiltersSchema = filtersSchemaOf(APPLICATIONS_LIST);
export const applicationListQuerySchema = applicationFiltersSchema.extend(paging);
export type ApplicationFilters = z.output<typeof applicationFiltersSchema>;
export type ApplicationListQuery = z.output<typeof applicationListQuerySchema>;

export const contactFiltersSchema = filtersSchemaOf(CONTACT_LIST);
export const contactListQuerySchema = contactFiltersSchema.extend(paging);
export type ContactFilters = z.output<typeof contactFiltersSchema>;
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

export const auditFiltersSchema = filtersSchemaOf(AUDIT_LIST);
export const auditListQuerySchema = auditFiltersSchema.extend(paging);
export type AuditFilters = z.output<typeof auditFiltersSchema>;
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

/** Exports take the list's filters and sort, plus the time zone in which dates are written. */
export const exportOptionsSchema = z.object({
  tz: z
    .string()
    .max(64)
    .refine(isTimeZone, "Unknown time zone")
    .default("UTC")
    .describe("IANA time zone of the Submitted Date column (the browser's own)."),
});


const isoInstant = z.string().describe("ISO 8601 instant (UTC, milliseconds).");

type Base<T extends FieldDef["type"]> = T extends "integer"
  ? z.ZodNumber
  : T extends "boolean"
    ? z.ZodBoolean
    : T extends "json"
      ? z.ZodRecord<z.ZodString, z.ZodUnknown>
      : z.ZodString;
type ZodOfField<F extends FieldDef> = F extends { nullable: true } ? z.ZodNullable<Base<F["type"]>> : Base<F["type"]>;
type RowShape<C extends Catalogue, K extends keyof C> = { [N in K]: ZodOfField<C[N]> };

function zodOfField(def: FieldDef): z.ZodType {
  const base =
    def.type === "integer"
      ? z.number().int()
      : def.type === "boolean"
        ? z.boolean()
        : def.type === "uuid"
          ? z.uuid()
          : def.type === "instant"
            ? isoInstant
            : def.type === "json"
              ? z.record(z.string(), z.unknown())
              : z.string();
  return def.nullable ? base.nullable() : base;
}

/** The row schema of some of a catalogue's fields, in catalogue order. */
export function rowSchemaOf<C extends Catalogue, K extends keyof C & string>(catalogue: C, names: readonly K[]) {
  return z.object(Object.fromEntries(names.map((n) => [n, zodOfField(catalogue[n] as FieldDef)]))) as unknown as z.ZodObject<RowShape<C, K>>;
}

const staff = staffFields;

/**
 * Rows of the lists as the server sends them: every stored field of an application staff may read (the
 * advertising ids fbc/fbp never leave the server) and every field of a contact message.
 */
export const applicationRowSchema = rowSchemaOf(APPLICATION_FIELDS, staff(APPLICATION_FIELDS));
export type ApplicationRow = z.output<typeof applicationRowSchema>;

export const applicationListRowSchema = applicationRowSchema.extend({
  repeat: z.boolean().describe("The same email address applied before this application."),
  waitlistPosition: z
    .number()
    .int()
    .nullable()
    .describe("In the waitlist view (view=waitlist): her position, 1 = offered next, among the waitlisted who meet the criteria; null for the others and in every other view."),
});
export type ApplicationListRow = z.output<typeof applicationListRowSchema>;

export const contactRowSchema = rowSchemaOf(CONTACT_FIELDS, staff(CONTACT_FIELDS));
export type ContactRow = z.output<typeof contactRowSchema>;

/** One page of a list. `total` (the filtered count, when at most PAGE_TOTAL_LIMIT) is sent with the first page only. */
export function listPageSchemaOf<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row),
    nextCursor: z.string().nullable().describe("Cursor of the next page; null on the last page."),
    total: z
      .number()
      .int()
      .nullable()
      .describe(`Filtered row count (exact), sent with the first page only when it is at most ${PAGE_TOTAL_LIMIT.toLocaleString("en-US")}; null otherwise (the stats call counts any size).`),
  });
}
export type ListPage<T> = Omit<z.output<ReturnType<typeof listPageSchemaOf>>, "rows"> & { rows: T[] };

export const countItemSchema = z.object({ label: z.string(), count: z.number().int() });
export type CountItem = z.output<typeof countItemSchema>;

export const applicationStatsSchema = z.object({
  /** Filtered rows. */
  total: z.number().int(),
  /** Every application, unfiltered. */
  overall: z.number().int(),
  averageAge: z.number().nullable(),
  topStates: z.array(countItemSchema),
  /** Label "" means none recorded. */
  bySource: z.array(countItemSchema),
  byCampaign: z.array(countItemSchema),
});
export type ApplicationStatsResponse = z.output<typeof applicationStatsSchema>;

export const contactStatsSchema = z.object({ total: z.number().int(), overall: z.number().int(), thisWeek: z.number().int() });
export type ContactStatsResponse = z.output<typeof contactStatsSchema>;

export const auditEventSchema = rowSchemaOf(AUDIT_EVENT_FIELDS, fieldNames(AUDIT_EVENT_FIELDS));
export type AuditEventRecord = z.output<typeof auditEventSchema>;

type Mask<T extends readonly string[]> = { [K in T[number]]: true };
const mask = <T extends readonly string[]>(names: T) => Object.fromEntries(names.map((n) => [n, true])) as Mask<T>;

/** One record on its page: the record, the same address's other submissions (newest first) and its audit history. */
export const applicationDetailSchema = z.object({
  record: applicationRowSchema,
  sameEmail: z.array(applicationRowSchema.pick(mask(APPLICATIONS_LIST.sameEmailFields))),
  history: z.array(auditEventSchema),
  ...pipelineDetailShape,
});
export type ApplicationDetail = z.output<typeof applicationDetailSchema>;

export const contactDetailSchema = z.object({
  record: contactRowSchema,
  sameEmail: z.array(contactRowSchema.pick(mask(CONTACT_LIST.sameEmailFields))),
  history: z.array(auditEventSchema),
});
export type ContactDetail = z.output<typeof contactDetailSchema>;
