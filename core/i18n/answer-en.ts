/**
 * What the submission calls answer besides a 400 (ADR 0112), in English: a body too large or not JSON, a reused or
 * malformed Idempotency-Key, a submission deleted since, too many submissions, the database or the disk away. The
 * server's own words, unchanged; Spanish follows key for key (answer-es.ts). Imported by the server only: no form's
 * bundle carries them.
 */
import type { Catalogue } from "./catalogue";

export const ANSWER_EN = {
  "answer.tooLarge": "Request body is too large",
  "answer.contentType": "Content-Type must be application/json",
  "answer.encoding": "Unsupported content encoding",
  "answer.malformedJson": "Malformed JSON body",
  "answer.malformed": "Malformed request body",
  "answer.idempotencyKey": "Idempotency-Key must be 16 to 100 letters, digits, '-' or '_'",
  "answer.gone": "This submission was deleted since. Send the form again to submit anew.",
  "answer.keyReused": "This Idempotency-Key was already used for a different submission. Send a new key with new content.",
  "answer.tooMany": { plural: "minutes", one: "Too many submissions from your network. Please try again in {minutes} minute.", other: "Too many submissions from your network. Please try again in {minutes} minutes." },
  "answer.unavailable": "We could not reach our database just now. Please try again in a moment.",
  "answer.diskFull": "We cannot save new submissions for a few minutes. Please try again shortly; nothing you sent was lost.",
} as const satisfies Catalogue;

/** A message of the answers' catalogue. */
export type AnswerMessageKey = keyof typeof ANSWER_EN;
