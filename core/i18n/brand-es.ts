/**
 * The brand's prose in Spanish (es-US, ADR 0113): what a Spanish page says where an English one says the brand's own
 * words (tagline, pitch, the founder's and the team's words, testimonials, affiliations), lists in the English lists'
 * order. A deployment that overrides the English sets the Spanish beside it (`es` in the brand's overrides). Server
 * only, like the other Spanish catalogues: a Spanish page's loader sends it.
 */
import { BRAND_OVERRIDES, type BrandProse, mergeBrand } from "../brand";

const DEFAULT_PROSE: BrandProse = {
  tagline: "Cuando la biología es incierta, el plan no tiene por qué serlo.",
  pitch: "El primer plan de congelación de óvulos con garantía.",
  founder: {
    title: "Fundadora y directora ejecutiva (ilustrativo)",
    quote:
      "Hablé con más de 75 mujeres sobre la congelación de óvulos. Casi todas me dijeron lo mismo: el precio da miedo, pero la incertidumbre es peor. Por eso creamos un plan que asume esa incertidumbre contigo.",
  },
  team: [
    { role: "Fundadora y directora ejecutiva", bio: "Investigadora en salud reproductiva que convirtió años de entrevistas con pacientes en un plan con garantía." },
    { role: "Directora médica", bio: "Endocrinóloga reproductiva certificada, dedicada a la preservación de la fertilidad basada en la evidencia." },
    { role: "Director de experiencia del paciente", bio: "Diseña recorridos de atención que mantienen a cada paciente informada, acompañada y con el control." },
    { role: "Director de finanzas y actuaría", bio: "Diseña el modelo de precios y de garantía para que las cifras sean honestas y sostenibles." },
  ],
  testimonials: [
    { quote: "Por primera vez entendí qué significaban de verdad mis números y cuáles eran mis opciones.", detail: "32, San Francisco (ilustrativo)" },
    { quote: "Saber que había una garantía hizo que la decisión se sintiera menos como una apuesta.", detail: "29, Los Ángeles (ilustrativo)" },
    { quote: "Precios claros, pagos mensuales y personas reales que respondían mis preguntas.", detail: "34, Oakland (ilustrativo)" },
  ],
  affiliations: [
    { name: "Programa de Innovación Universitaria", short: "Universidad" },
    { name: "Fondo Sandbox Universitario", short: "Fondo Sandbox" },
    { name: "Aceleradora Universitaria de Empresas", short: "Aceleradora" },
  ],
};

export const BRAND_PROSE_ES: BrandProse = mergeBrand(DEFAULT_PROSE, BRAND_OVERRIDES.es ?? {});
