/** The staff admin's server-side lists: applications, contact messages and the audit log. */
import type { Database } from "../../db/client";
import { createApplicationLists } from "./applications";
import { createAuditLog } from "./audit-log";
import { createContactLists } from "./contact-messages";

export function createAdminLists(db: Database, now: () => Date) {
  return {
    applications: createApplicationLists(db),
    contactMessages: createContactLists(db, now),
    auditLog: createAuditLog(db),
  };
}


export { type CsvColumn, csvColumnsOf, csvStream } from "./csv-export";
export { rowsOf } from "./keyset";
