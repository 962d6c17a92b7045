/** The legal pages' Spanish frame words (ADR 0113), key for key with legal-en.ts. */
import type { Message } from "../catalogue";
import type { SITE_LEGAL_EN } from "./legal-en";

export const SITE_LEGAL_ES: Readonly<Record<keyof typeof SITE_LEGAL_EN, Message>> = {
  "legal.frame.toc": "En esta página",
  "legal.frame.lastUpdated": "Última actualización",
  "legal.frame.effective": "Vigente desde",
  "legal.frame.incorporation": "una corporación constituida en el estado de {state}",
  "legal.frame.email": "Correo electrónico",
  "legal.frame.phone": "Teléfono",
  "legal.frame.governingTitle": "Una traducción para tu comodidad",
  "legal.frame.governingBody":
    "Esta página es una traducción del original en inglés, que ofrecemos para tu comodidad. Si las dos versiones no coinciden, prevalece la versión en inglés.",
  "legal.frame.governingLink": "Leer la versión en inglés",
  "legal.privacy.title": "Política de Privacidad",
  "legal.privacy.metaTitle": "Política de Privacidad | {brand}",
  "legal.privacy.metaDescription":
    "Cómo {entity} recopila, usa, protege y elimina la información que compartes en nuestro sitio web, y cómo la publicidad funciona solo si das tu consentimiento.",
  "legal.terms.title": "Términos del Servicio",
  "legal.terms.metaTitle": "Términos del Servicio | {brand}",
  "legal.terms.metaDescription":
    "Los términos que se aplican cuando usas el sitio web de {brand} y te postulas al programa piloto de congelación de óvulos de {brand}.",
  "legal.hipaa.title": "Aviso de Prácticas de Privacidad de HIPAA",
  "legal.hipaa.metaTitle": "Aviso de Prácticas de Privacidad de HIPAA | {brand}",
  "legal.hipaa.metaDescription":
    "Cómo {entity} puede usar y divulgar tu información de salud protegida, y tus derechos para acceder a ella y controlarla.",
};
