/** The messages between the sender's process and the courier process (structured clone over IPC). */
import type { ComposeConfig } from "./compose";
import type { CourierError, CourierJob } from "./courier";

export interface TransportSettings {
  SMTP_URL?: string;
  DATA_DIR: string;
}

export type CourierRequest =
  | { type: "init"; transport: TransportSettings; compose: ComposeConfig }
  | { type: "deliver"; seq: number; job: CourierJob }
  | { type: "verify"; seq: number };

export type CourierReply =
  | { type: "ready" }
  | { type: "answer"; seq: number; ok: true; rejected: number }
  | { type: "answer"; seq: number; ok: false; error: CourierError };
