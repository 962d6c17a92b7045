/**
 * What the submission calls answer besides a 400, in Spanish (es-US, ADR 0112): every key of answer-en.ts with the
 * same placeholders (checked by catalogue.test.ts; a missing key fails to compile).
 */
import type { Message } from "./catalogue";
import type { AnswerMessageKey } from "./answer-en";

export const ANSWER_ES: Readonly<Record<AnswerMessageKey, Message>> = {
  "answer.tooLarge": "El envío es demasiado grande",
  "answer.contentType": "El envío debe ser JSON (Content-Type: application/json)",
  "answer.encoding": "No aceptamos la codificación de este envío",
  "answer.malformedJson": "El JSON del envío no es válido",
  "answer.malformed": "El envío no es válido",
  "answer.idempotencyKey": "La Idempotency-Key debe tener de 16 a 100 letras, números, '-' o '_'",
  "answer.gone": "Este envío se eliminó después. Vuelve a enviar el formulario para presentarlo de nuevo.",
  "answer.keyReused": "Esta Idempotency-Key ya se usó para otro envío. Envía una clave nueva con el contenido nuevo.",
  "answer.tooMany": { plural: "minutes", one: "Hay demasiados envíos desde tu red. Inténtalo de nuevo en {minutes} minuto.", other: "Hay demasiados envíos desde tu red. Inténtalo de nuevo en {minutes} minutos." },
  "answer.unavailable": "No pudimos conectar con nuestra base de datos en este momento. Inténtalo de nuevo en un momento.",
  "answer.diskFull": "No podemos guardar envíos nuevos durante unos minutos. Inténtalo de nuevo en breve; no se perdió nada de lo que enviaste.",
};
