/** The words every page says outside its layout, in Spanish (es-US, ADR 0113), key for key with notice-en.ts. Server only. */
import type { Message } from "./catalogue";
import type { NoticeKey } from "./notice-en";

export const NOTICE_ES: Readonly<Record<NoticeKey, Message>> = {
  "notice.consent.heading": "Tus opciones de privacidad",
  "notice.consent.ask": "¿Podemos usar el píxel publicitario de Meta para medir nuestros anuncios y pedir tu ubicación aproximada? Solo si nos das tu permiso. Tus respuestas del formulario (edad, interés, código postal, teléfono, notas) nunca se comparten con anunciantes. {policy}",
  "notice.consent.gpc": "Tu navegador envía una señal de Control Global de Privacidad (GPC), y la respetamos como un rechazo: sin píxel publicitario, sin cookies de anuncios y sin pedir tu ubicación. Los detalles están en nuestra {policy}.",
  "notice.consent.policy": "Política de privacidad",
  "notice.consent.accept": "Aceptar",
  "notice.consent.decline": "Rechazar",
  "notice.consent.close": "Cerrar",
  "notice.consent.granted": "Tu elección actual: la medición publicitaria está permitida.",
  "notice.consent.declined": "Tu elección actual: la medición publicitaria está rechazada.",
  "notice.toasts": "Notificaciones (F8)",
  "notice.toastClose": "Cerrar notificación",
};
