/**
 * Fills a database with realistic, clearly fake demo data for the staff admin:
 *
 *   npm run seed:demo -- --applications 100000 --messages 20000 [--seed 42] [--days 180]
 *
 * Uses the same database as the app (DATABASE_URL for PostgreSQL, else the embedded database in
 * DATA_DIR, default ./data); stop the app first when it uses the embedded database. Rows are
 * written in batches of 10,000 (one JSON parameter each), then the tables are vacuumed and
 * analysed. Every name, email, phone and message is generated; none is a real person's.
 *
 * Applications are spread over the selection's stages (./seed-pipeline.ts): each with the stage
 * history of the allowed moves that led there, offers where she had one, and the waitlist order.
 * Places given stay within PILOT_CAPACITY (default 20, those already taken in the database counted)
 * and open offers expire OFFER_DAYS (default 7) after they were made, as the app reads them at start.
 */
import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { brand } from "#core/brand";
import { CONTACT_REASONS, FORM_SOURCE_VALUES, INTEREST_LEVELS, INTEREST_OTHER, TRAFFIC_SOURCES, US_STATES } from "#core/options";
import { sql } from "drizzle-orm";
import { type Database, databaseOptionsFromEnv, DatabaseLockedError, openDatabase, schema } from "../../server/db/client";
import { type PipelineSeedState, pipelineSeedState, seedSelection } from "./seed-pipeline";

const FIRST_NAMES = [
  "Olivia", "Emma", "Ava", "Sophia", "Isabella", "Mia", "Amelia", "Harper", "Evelyn", "Abigail", "Emily", "Ella",
  "Elizabeth", "Camila", "Luna", "Sofia", "Avery", "Mila", "Aria", "Scarlett", "Penelope", "Layla", "Chloe",
  "Victoria", "Madison", "Eleanor", "Grace", "Nora", "Riley", "Zoey", "Hannah", "Hazel", "Lily", "Ellie", "Violet",
  "Lillian", "Zoë", "Stella", "Aurora", "Natalie", "Emilia", "Everly", "Leah", "Aubrey", "Willow", "Addison",
  "Lucy", "Audrey", "Bella", "Nova", "Brooklyn", "Paisley", "Savannah", "Claire", "Skylar", "Isla", "Genesis",
  "Naomi", "Elena", "Caroline", "Eliana", "Anna", "Maya", "Valentina", "Ruby", "Kennedy", "Ivy", "Ariana",
  "Aaliyah", "Cora", "Madelyn", "Alice", "Kinsley", "Hailey", "Gabriella", "Allison", "Gianna", "Serenity",
  "Samantha", "Sarah", "Autumn", "Quinn", "Eva", "Piper", "Sophie", "Sadie", "Delilah", "Josephine", "Nevaeh",
  "Adeline", "Arya", "Emery", "Lydia", "Clara", "Vivian", "Madeline", "Peyton", "Julia", "Rylee", "Brielle",
  "Reagan", "Natalia", "Jade", "Athena", "Maria", "Leilani", "Everleigh", "Liliana", "Melanie", "Mackenzie",
  "Hadley", "Raelynn", "Kaylee", "Rose", "Arianna", "Isabelle", "Melody", "Eliza", "Lyla", "Katherine", "Aubree",
  "Adalynn", "Kylie", "Faith", "Mary", "Margaret", "Ximena", "Iris", "Alexandra", "Jasmine", "Charlie", "Amaya",
  "Taylor", "Isabel", "Ashley", "Khloe", "Ryleigh", "Alexa", "Amara", "Valeria", "Andrea", "Parker", "Norah",
  "Eden", "Elliana", "Brianna", "Emersyn", "Valerie", "Anastasia", "Eloise", "Emerson", "Cecilia", "Remi",
  "Josie", "Reese", "Bailey", "Lucia", "Adalyn", "Molly", "Ayla", "Sara", "Daisy", "London", "Jordyn", "Esther",
  "Genevieve", "Harmony", "Annabelle", "Alyssa", "Ariel", "Aliyah", "Londyn", "Juliana", "Morgan", "Summer",
  "Juliette", "Trinity", "Callie", "Sienna", "Blakely", "Alaia", "Kayla", "Teagan", "Alaina", "Brynlee", "Finley",
  "Catalina", "Sloane", "Rachel", "Lilly", "Ember", "Priya", "Mei", "Aiko", "Ngozi", "Fatima", "Inés", "Chloé",
  "Renée", "Małgorzata", "Siobhán", "Björk", "Anaïs", "Noémie", "Léa", "Thảo", "Yuki", "Soo-ah", "Ananya",
] as const;

const LAST_NAMES = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee",
  "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson", "Walker", "Young",
  "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores", "Green", "Adams", "Nelson", "Baker",
  "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts", "Gomez", "Phillips", "Evans", "Turner", "Diaz",
  "Parker", "Cruz", "Edwards", "Collins", "Reyes", "Stewart", "Morris", "Morales", "Murphy", "Cook", "Rogers",
  "Gutierrez", "Ortiz", "Morgan", "Cooper", "Peterson", "Bailey", "Reed", "Kelly", "Howard", "Ramos", "Kim",
  "Cox", "Ward", "Richardson", "Watson", "Brooks", "Chavez", "Wood", "James", "Bennett", "Gray", "Mendoza",
  "Ruiz", "Hughes", "Price", "Alvarez", "Castillo", "Sanders", "Patel", "Myers", "Long", "Ross", "Foster",
  "Jiménez", "Muñoz", "Peña", "Nuñez", "O'Brien", "O'Connor", "McAllister", "Van der Berg", "Da Silva",
  "Okonkwo", "Tanaka", "Yamamoto", "Chen", "Wang", "Liu", "Zhang", "Singh", "Kaur", "Shah", "Iyer", "Haddad",
  "Kowalski", "Novak", "Dubois", "Lefèvre", "Müller", "Schröder", "Andersson", "Johansson", "Rossi", "Bianchi",
] as const;

const EMAIL_DOMAINS = ["example.com", "example.org", "example.net", "mail.example", "demo.example"] as const;

/** Most leads come from California (the pilot's cities); the rest from across the country. */
const STATE_WEIGHTS: readonly [string, number][] = [
  ["California", 55], ["Texas", 6], ["New York", 6], ["Washington", 4], ["Florida", 4], ["Illinois", 3],
  ["Oregon", 3], ["Nevada", 2], ["Arizona", 2], ["Colorado", 2], ["Massachusetts", 2], ["New Jersey", 2],
  ...US_STATES.filter((s) => !["California", "Texas", "New York", "Washington", "Florida", "Illinois", "Oregon", "Nevada", "Arizona", "Colorado", "Massachusetts", "New Jersey"].includes(s)).map(
    (s): [string, number] => [s, 0.25],
  ),
  ["Canada", 0.6], ["United Kingdom", 0.4], ["Mexico", 0.3], ["India", 0.2],
];

const ZIP_PREFIX: Record<string, string[]> = {
  California: ["941", "940", "945", "900", "902", "913", "921", "950"],
  Texas: ["750", "770", "787"],
  "New York": ["100", "112", "104"],
  Washington: ["980", "981"],
  Florida: ["331", "327", "336"],
};

const AREA_CODES = ["415", "628", "510", "650", "408", "213", "310", "323", "424", "818", "619", "916"] as const;

const OTHER_INTEREST = [
  "Planning around a medical treatment next year",
  "My partner and I want to keep our options open",
  "Comparing costs between clinics before deciding",
  "Asked by my doctor to look into it",
  "Interested for a friend and for myself",
  "Want to understand my AMH results first",
] as const;

const CAMPAIGNS = ["pilot_launch_sf", "pilot_launch_la", "spring_awareness", "founder_story", "retargeting_q3", "webinar_invite"] as const;

const SUBJECTS: Record<string, readonly string[]> = {
  "pilot-program": ["Pilot timing", "Joining the pilot", "Pilot spots left?"],
  eligibility: ["Am I eligible?", "Eligibility over 35", "Eligibility outside California"],
  guarantee: ["How the guarantee works", "Guarantee details", "What the guarantee covers"],
  medical: ["Question about stimulation", "PCOS and egg freezing", "Side effects"],
  pricing: ["Monthly payments", "FSA/HSA question", "Insurance coverage"],
  technical: ["Form did not submit", "Email not received", "Page not loading on my phone"],
  partnership: ["Clinic partnership", "Employer benefits partnership", "Press inquiry"],
  other: ["General question", "Feedback", "Hello"],
};

const MESSAGE_OPENERS = [
  "Hi there, I read about the pilot and wanted to ask a few questions.",
  "Hello! A friend shared your page with me.",
  "Hi, I'm considering egg freezing in the next year.",
  "Good morning, I have a question before I apply.",
  "Hi team, thanks for putting this together.",
] as const;

const MESSAGE_BODIES = [
  "Could you tell me more about how the financing works and what the monthly payment would look like?",
  "I live in Oakland — would the San Francisco clinic be the closest option for me?",
  "What does the assessment involve, and how long does it take to get results?",
  "I'm 34 and wondering whether I should apply now or wait for the next round.",
  "Is the one year of storage included in the pilot price, and what happens after that year?",
  "My employer may cover part of it. Do you work with benefits providers?",
  "I tried the form on my phone and it didn't seem to go through. Could you check?",
  "How many appointments are needed, and can some of them be done remotely?",
] as const;

/** A small, fast, seedable pseudo-random generator (mulberry32), so demo data is reproducible. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const weighted = <T,>(items: readonly (readonly [T, number])[]): T => {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [item, weight] of items) {
      roll -= weight;
      if (roll <= 0) return item;
    }
    return (items[items.length - 1] as readonly [T, number])[0];
  };
  return { next, int, pick, weighted, chance: (p: number) => next() < p };
}

type Random = ReturnType<typeof createRandom>;

function asciiSlug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");
}

function person(random: Random, index: number) {
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const email = `${asciiSlug(firstName)}.${asciiSlug(lastName)}${index}@${random.pick(EMAIL_DOMAINS)}`;
  const phone = random.chance(0.75) ? `(${random.pick(AREA_CODES)}) 555-${String(random.int(100, 9999)).padStart(4, "0")}` : null;
  return { firstName, lastName, email, phone };
}

/** A time in the last `days` days, busier in recent weeks and on weekday evenings. */
function submittedAt(random: Random, now: number, days: number): Date {
  const ageDays = Math.floor(days * random.next() ** 1.6);
  const date = new Date(now - ageDays * 86_400_000);
  date.setHours(random.weighted([[8, 1], [10, 2], [12, 3], [14, 2], [18, 3], [20, 4], [21, 4], [22, 3], [23, 1]] as const), random.int(0, 59), random.int(0, 59), 0);
  return date.getTime() > now ? new Date(now - random.int(60, 3600) * 1000) : date;
}

function attribution(random: Random) {
  const source = random.weighted<(typeof TRAFFIC_SOURCES)[number]>([
    ["facebook_ads", 30], ["google_ads", 18], ["tiktok_ads", 12], ["linkedin_ads", 3], ["organic", 17], ["direct", 20],
  ]);
  const referrers: Record<string, string | null> = {
    facebook_ads: random.chance(0.5) ? "https://l.facebook.com/" : "https://l.instagram.com/",
    google_ads: "https://www.google.com/",
    tiktok_ads: "https://www.tiktok.com/",
    linkedin_ads: "https://www.linkedin.com/",
    organic: random.pick(["https://duckduckgo.com/", "https://www.bing.com/", "https://news.example.com/fertility"]),
    direct: null,
  };
  const paid = source.endsWith("_ads");
  const consent = random.weighted([["granted", 45], ["denied", 35], [null, 20]] as const);
  return {
    traffic_source: source,
    utm_source: paid ? source.replace("_ads", "") : null,
    utm_medium: paid ? random.pick(["paid_social", "cpc", "video"]) : null,
    utm_campaign: paid ? random.pick(CAMPAIGNS) : null,
    referrer_url: referrers[source] ?? null,
    landing_path: random.pick(["/", "/apply", "/tiktok", "/MIT", "/howitworks", "/ovellaiq"]),
    browser_language: random.weighted([["en-US", 80], ["es-US", 10], ["en-GB", 3], ["zh-CN", 3], ["fr-FR", 2], ["vi-VN", 2]] as const),
    timezone: random.weighted([["America/Los_Angeles", 70], ["America/New_York", 12], ["America/Chicago", 10], ["America/Denver", 5], ["Europe/London", 3]] as const),
    event_id: `evt_${Math.floor(random.next() * 1e12).toString(36)}`,
    tracking_consent: consent,
  };
}

export function fakeApplication(random: Random, index: number, now: number, days: number): typeof schema.applications.$inferInsert & { submitted_at: Date } {
  const { firstName, lastName, email, phone } = person(random, index);
  const state = random.weighted(STATE_WEIGHTS);
  const prefixes = ZIP_PREFIX[state];
  const zipCode = prefixes ? `${random.pick(prefixes)}${String(random.int(0, 99)).padStart(2, "0")}` : String(random.int(10000, 99999));
  const interestLevel = random.weighted([
    [INTEREST_LEVELS[0], 30], [INTEREST_LEVELS[1], 40], [INTEREST_LEVELS[2], 22], [INTEREST_OTHER, 8],
  ] as const);
  return {
    id: randomUUID(),
    firstName,
    lastName,
    email,
    age: Math.min(45, Math.max(18, Math.round(31 + (random.next() + random.next() + random.next() - 1.5) * 8))),
    state,
    phone,
    zipCode,
    interestLevel,
    interestLevelOther: interestLevel === INTEREST_OTHER ? random.pick(OTHER_INTEREST) : null,
    formSource: random.pick(FORM_SOURCE_VALUES),
    marketing_consent: random.chance(0.42),
    submitted_at: submittedAt(random, now, days),
    ...attribution(random),
  };
}

/**
 * An application with its place in the selection (./seed-pipeline.ts): the row with its stage, since
 * when and its waitlist order, the history of the moves that led there, and its offers.
 */
export function fakeApplicationInPipeline(random: Random, pipeline: PipelineSeedState, index: number, now: number, days: number) {
  const row = fakeApplication(random, index, now, days);
  const selection = seedSelection(random, pipeline, { id: row.id as string, age: row.age, state: row.state, zipCode: row.zipCode ?? null, submitted: row.submitted_at }, now);
  return {
    row: { ...row, stage: selection.stage, stage_changed_at: selection.stage_changed_at, waitlist_rank: selection.waitlist_rank },
    history: selection.history,
    offers: selection.offers,
    reviews: selection.reviews,
  };
}

export function fakeMessage(random: Random, index: number, now: number, days: number): typeof schema.contactMessages.$inferInsert {
  const { firstName, lastName, email, phone } = person(random, index);
  const reason = random.pick(CONTACT_REASONS).value;
  return {
    firstName,
    lastName,
    email,
    phone,
    reason,
    subject: random.pick(SUBJECTS[reason] ?? SUBJECTS.other ?? ["Question"]),
    message: `${random.pick(MESSAGE_OPENERS)} ${random.pick(MESSAGE_BODIES)}${random.chance(0.4) ? ` ${random.pick(MESSAGE_BODIES)}` : ""} Thank you, ${firstName}`,
    submitted_at: submittedAt(random, now, days),
  };
}

export interface SeedOptions {
  applications: number;
  messages: number;
  seed: number;
  days: number;
  /** Places in the pilot (PILOT_CAPACITY, default 20): enrolled plus open offers stay within it. */
  capacity?: number;
  /** Days an offer waits for an answer (OFFER_DAYS, default 7): open offers expire that long after they were made. */
  offerDays?: number;
  batchSize?: number;
  log?: (line: string) => void;
}

/**
 * Inserts rows as one JSON document per batch (`json_populate_recordset`): one parameter per batch,
 * so neither engine nor the driver builds statements of tens of thousands of parameters, and the
 * same statement serves PGlite and PostgreSQL. Columns left out take their defaults (id).
 */
type SeededTable = "applications" | "application_stage_history" | "application_offers" | "assessment_reviews" | "contact_messages";

async function insertBatch(db: Database, table: SeededTable, rows: readonly object[]): Promise<void> {
  const columns = Object.keys(rows[0] ?? {});
  if (!columns.length) return;
  const list = sql.raw(columns.map((c) => `"${c}"`).join(", "));
  const name = sql.raw(`"${table}"`);
  await db.execute(sql`insert into ${name} (${list}) select ${list} from json_populate_recordset(null::${name}, ${JSON.stringify(rows)}::json)`);
}

/** Below this many rows per table, indexes are kept up to date row by row. */
const BULK_LOAD_ROWS = 50_000;

/**
 * A large load into an empty table drops the table's secondary indexes and builds them again at the
 * end (as a dump restore does): building a trigram index once is many times cheaper than updating it
 * per row, above all on the embedded engine. The definitions come from the catalog, so they stay
 * those of the migrations; they are rebuilt even when the load fails.
 */
async function withIndexesDeferred(db: Database, table: string, rows: number, load: () => Promise<void>): Promise<void> {
  const [existing] = rowsOf<{ any: boolean }>(await db.execute(sql`select exists (select 1 from ${sql.raw(`"${table}"`)}) as "any"`));
  if (rows < BULK_LOAD_ROWS || existing?.any) return load();
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
      join pg_class c on c.relname = i.indexname
      where i.schemaname = current_schema() and i.tablename = ${table}
        and not exists (select 1 from pg_constraint k where k.conindid = c.oid)`),
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index if exists "${index.name}"`));
  try {
    await load();
  } finally {
    for (const index of indexes) await db.execute(sql.raw(index.definition));
  }
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export async function seedDemo(options: SeedOptions, env: { DATABASE_URL?: string; DATA_DIR: string }): Promise<void> {
  const handle = await openDatabase(databaseOptionsFromEnv(env));
  try {
    await seedDemoInto(handle.db, options);
  } finally {
    await handle.close();
  }
}

/** Seeds an open, migrated database (the tests' throwaway databases); `now` is the seed's clock. */
export async function seedDemoInto(db: Database, options: SeedOptions, now = Date.now()): Promise<void> {
  const log = options.log ?? (() => undefined);
  const batchSize = options.batchSize ?? 10_000;
  const random = createRandom(options.seed);
  const loadMessages = async (total: number, make: (index: number) => Record<string, unknown>) => {
    await withIndexesDeferred(db, "contact_messages", total, async () => {
      for (let done = 0; done < total; ) {
        const size = Math.min(batchSize, total - done);
        await insertBatch(db, "contact_messages", Array.from({ length: size }, (_, i) => make(done + i)));
        done += size;
        if (done % 50_000 === 0 || done === total) log(`contact messages: ${done}/${total}`);
      }
      if (total >= BULK_LOAD_ROWS) log("contact messages: building indexes");
    });
  };
  // Places already taken in this database (a second seed) count against the capacity too.
  const [taken] = rowsOf<{ enrolled: number; open: number }>(
    await db.execute(sql`select (select count(*) from "applications" where "stage" = 'enrolled')::int as "enrolled",
      (select count(*) from "application_offers" where "outcome" is null and "expires_at" > ${new Date(now).toISOString()}::timestamptz)::int as "open"`),
  );
  const pipeline = pipelineSeedState(options.capacity ?? brand.pilot.spots, options.offerDays ?? 7);
  const free = Math.max(0, pipeline.capacity - Number(taken?.enrolled ?? 0) - Number(taken?.open ?? 0));
  pipeline.enrolledTarget = Math.min(pipeline.enrolledTarget, free);
  pipeline.offeredTarget = Math.min(pipeline.offeredTarget, free - pipeline.enrolledTarget);
  const total = options.applications;
  // Applications with their stage, each batch followed by its history and offer rows (the history's and
  // offers' secondary indexes deferred likewise: about one and a half history rows per application).
  await withIndexesDeferred(db, "applications", total, () =>
    withIndexesDeferred(db, "application_stage_history", total, () =>
      withIndexesDeferred(db, "application_offers", total, async () => {
        for (let done = 0; done < total; ) {
          const size = Math.min(batchSize, total - done);
          const batch = Array.from({ length: size }, (_, i) => fakeApplicationInPipeline(random, pipeline, done + i, now, options.days));
          await insertBatch(db, "applications", batch.map((b) => b.row));
          const history = batch.flatMap((b) => b.history);
          if (history.length) await insertBatch(db, "application_stage_history", history);
          const offers = batch.flatMap((b) => b.offers);
          if (offers.length) await insertBatch(db, "application_offers", offers);
          const reviews = batch.flatMap((b) => b.reviews);
          if (reviews.length) await insertBatch(db, "assessment_reviews", reviews);
          done += size;
          if (done % 50_000 === 0 || done === total) log(`applications: ${done}/${total}`);
        }
        if (total >= BULK_LOAD_ROWS) log("applications: building indexes");
      }),
    ),
  );
  await loadMessages(options.messages, (index) => fakeMessage(random, index, now, options.days));
  // Fresh statistics and visibility map, as a database that has lived a while has them.
  for (const table of ["applications", "application_stage_history", "application_offers", "contact_messages"]) {
    await db.execute(sql.raw(`vacuum analyze "${table}"`));
  }
}

function count(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new RangeError(`--${name} must be a whole number of 0 or more`);
  return number;
}

async function main() {
  const { values } = parseArgs({
    options: {
      applications: { type: "string" },
      messages: { type: "string" },
      seed: { type: "string" },
      days: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log("Usage: [PILOT_CAPACITY=20] [OFFER_DAYS=7] npm run seed:demo -- [--applications 1000] [--messages 200] [--seed 42] [--days 180]");
    return;
  }
  const options: SeedOptions = {
    applications: count(values.applications, "applications", 1000),
    messages: count(values.messages, "messages", 200),
    seed: count(values.seed, "seed", 42),
    days: Math.max(1, count(values.days, "days", 180)),
    capacity: Math.max(1, count(process.env.PILOT_CAPACITY || undefined, "PILOT_CAPACITY", brand.pilot.spots)),
    offerDays: Math.max(1, count(process.env.OFFER_DAYS || undefined, "OFFER_DAYS", 7)),
    log: (line) => console.log(line),
  };
  const env = { DATABASE_URL: process.env.DATABASE_URL || undefined, DATA_DIR: process.env.DATA_DIR || "./data" };
  console.log(
    `Seeding ${options.applications} applications and ${options.messages} contact messages into ` +
      (env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `the embedded database in ${env.DATA_DIR}`),
  );
  const started = Date.now();
  try {
    await seedDemo(options, env);
  } catch (error) {
    if (error instanceof DatabaseLockedError || error instanceof RangeError) {
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await main();
}
