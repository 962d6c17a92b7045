/** POST /api/audit/exports: the admin records that it exported a list (any signed-in role). */
import { exportAuditSchema } from "../validation";

export { exportAuditSchema as exportAuditRequestSchema };
