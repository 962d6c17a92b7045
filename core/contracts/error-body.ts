/**
 * The error body of every API answer, as the browser reads it. Free of Zod on purpose: the public forms'
 * first chunk reads errors and must not carry the validator (it loads on first use, ADR 0018/0027).
 * The schema the OpenAPI document is generated from is `errorBodySchema` (./common.ts), checked against
 * this type there.
 */

/** The body of every error answer (4xx and 5xx). */
export interface ErrorBody {
  message: string;
  /** Per-field messages of a validation failure. */
  errors?: Record<string, string[]>;
  /** A stable code for a refusal told apart from others of its status (review_required). */
  code?: string;
}

/** What may arrive in a failed response (a proxy's page, too): every field optional. */
export type ReceivedErrorBody = Partial<ErrorBody> & Record<string, unknown>;

function isFieldErrors(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === "string"))
  );
}

/** The error body in a response's text, or undefined when it is empty or not a JSON object. */
export function parseErrorBody(text: string): ReceivedErrorBody | undefined {
  if (!text) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) return undefined;
  const body: ReceivedErrorBody = { ...(json as Record<string, unknown>) };
  if (typeof body.message !== "string") delete body.message;
  if (!isFieldErrors(body.errors)) delete body.errors;
  return body;
}
