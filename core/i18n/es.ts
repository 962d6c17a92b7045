/**
 * The Spanish catalogue (es-US): neutral Latin-American Spanish, addressing her as tú (ADR 0110). Every key of the
 * English catalogue, with the same placeholders (checked by catalogue.test.ts; a missing key fails to compile).
 * Only the server imports it today; a Spanish page will load it on its own, so English pages never carry it.
 */
import type { Message } from "./catalogue";
import type { MessageKey } from "./en";

export const ES: Readonly<Record<MessageKey, Message>> = {
  "form.invalid": "Algunos datos no son válidos",
  "form.firstName.required": "El nombre es obligatorio",
  "form.firstName.min": { plural: "min", one: "El nombre debe tener al menos {min} carácter", other: "El nombre debe tener al menos {min} caracteres" },
  "form.firstName.max": "El nombre debe tener {max} caracteres o menos",
  "form.lastName.required": "El apellido es obligatorio",
  "form.lastName.min": { plural: "min", one: "El apellido debe tener al menos {min} carácter", other: "El apellido debe tener al menos {min} caracteres" },
  "form.lastName.max": "El apellido debe tener {max} caracteres o menos",
  "form.name.controls": "Los nombres no pueden llevar caracteres invisibles ni de control de dirección del texto: vuelve a escribir el nombre",
  "form.text.unstorable": "Contiene un carácter que no podemos guardar (un NUL o un carácter Unicode dañado): vuelve a escribirlo",
  "form.email.required": "El correo electrónico es obligatorio",
  "form.email.max": "El correo electrónico debe tener {max} caracteres o menos",
  "form.email.invalid": "Escribe un correo electrónico válido",
  "form.phone.invalid": "Escribe un número de teléfono válido",
  "form.phone.max": "El número de teléfono debe tener {max} caracteres o menos",
  "form.age.required": "La edad es obligatoria",
  "form.age.number": "La edad debe ser un número",
  "form.age.whole": "La edad debe ser un número entero",
  "form.age.min": "Debes tener al menos {min} años",
  "form.age.invalid": "Escribe una edad válida",
  "form.state.required": "Selecciona un estado",
  "form.zipCode.text": "El código postal debe ser texto",
  "form.zipCode.max": "El código postal debe tener {max} caracteres o menos",
  "form.zipCode.invalid": "El código postal no es válido",
  "form.zipCode.required": "El código postal es obligatorio",
  "form.zipCode.length": "El código postal debe tener exactamente {length} dígitos",
  "form.zipCode.digits": "El código postal solo puede tener números",
  "form.postcode.required": "El código postal es obligatorio",
  "form.postcode.format": "El código postal debe seguir el formato de {country}; por ejemplo, {example}",
  "form.interestLevel.required": "Selecciona tu nivel de interés",
  "form.interestLevelOther.required": "Cuéntanos cuál es tu nivel de interés",
  "form.interestLevelOther.max": "La respuesta debe tener {max} caracteres o menos",
  "form.formSource.invalid": "El origen del formulario no es válido",
  "form.marketingConsent.invalid": "El consentimiento para recibir novedades debe ser verdadero o falso",
  "form.preferredLanguage.invalid": 'El idioma debe ser "en" (inglés) o "es" (español)',
  "form.reason.required": "Selecciona el motivo de tu mensaje",
  "form.subject.required": "El asunto es obligatorio",
  "form.subject.max": "El asunto debe tener {max} caracteres o menos",
  "form.message.min": { plural: "min", one: "El mensaje debe tener al menos {min} carácter", other: "El mensaje debe tener al menos {min} caracteres" },
  "form.message.max": "El mensaje debe tener {max} caracteres o menos",
};
