/**
 * The site's other public pages' Spanish words (es-US, ADR 0113), key for key with pages-en.ts: neutral
 * Latin-American Spanish, addressing her as tú, with the words the emails use for the same things (email-es.ts).
 */
import type { Message } from "../catalogue";
import type { SITE_PAGES_EN } from "./pages-en";

export const SITE_PAGES_ES: Readonly<Record<keyof typeof SITE_PAGES_EN, Message>> = {

  "nextStep.inbox.title": "Revisa tu correo",
  "nextStep.inbox.body":
    "Te enviaremos por correo los detalles del piloto y los beneficios por unirte desde el principio, entre ellos {storage} (valorado en {storageValue}).",
  "nextStep.assessment.title": "Haz la evaluación {assessment}",
  "nextStep.assessment.body": "Cuando abramos la revisión de requisitos, recibirás las instrucciones para la evaluación de fertilidad {assessment}.",
  "nextStep.waitlist.title": "Estás en la lista de espera prioritaria",
  "nextStep.waitlist.body":
    "El piloto está {spots} y por ahora no acepta nuevas inscripciones. Te escribiremos si se libera un lugar y cuando abra el próximo grupo.",
  "nextStep.place.title": "Te diremos si tu lugar está asegurado",
  "nextStep.place.body": "El piloto está {spots}. Te avisaremos si tienes un lugar o si quedas en la lista de espera prioritaria.",
  "nextStep.invite.title": "Invita a una amiga",
  "nextStep.invite.body": "¿Conoces a alguien que esté pensando en congelar sus óvulos? Comparte el piloto con ella aquí abajo.",

  "backHome.link": "Volver al inicio",

  "share.button": "Comparte {brand} con tus amigas",
  "share.options": "Opciones para compartir",
  "share.heading": "Compártelo con una amiga",
  "share.email": "Correo",
  "share.newTab": "(se abre en una pestaña nueva)",
  "share.copy": "Copiar enlace",
  "share.copied": "¡Copiado!",
  "share.copiedStatus": "Enlace copiado al portapapeles",
  "share.close": "Cerrar",
  "share.text":
    "Acabo de postularme al piloto de congelación de óvulos de {brand}: {price} en lugar de {regularPrice}, {storage} (valorado en {storageValue}) y una garantía de bebé con reembolso. Échale un vistazo:",
  "share.emailSubject": "¿Ya conoces {brand}?",
  "share.emailBody":
    "¡Hola!\n\nAcabo de postularme al piloto de {brand}, {pitch} Quienes participan en el piloto pagan {price} en lugar de {regularPrice} y reciben {storage} (valorado en {storageValue}).\n\nÉchale un vistazo: {url}",

  "about.meta.title": "Quiénes somos | {brand}",
  "about.meta.description":
    "Por qué creamos {brand}, el primer plan de congelación de óvulos con garantía: nuestra misión, nuestra historia, nuestros valores y el equipo detrás del piloto.",
  "about.eyebrow": "Sobre {brand}",
  "about.title": "Congelación de óvulos con un plan en el que puedes confiar",
  "about.intro":
    "{tagline} {brand} combina la congelación de óvulos en clínicas asociadas de confianza con una evaluación clara, precios honestos y una garantía de bebé con reembolso.",
  "about.mission.heading": "Nuestra misión",
  "about.mission.body":
    "Queremos que toda mujer que piensa en su futura familia pueda tomar esa decisión con información clara, un precio justo y una protección real si la biología no coopera. Preservar tus opciones no debería significar asumir sola todo el riesgo.",
  "about.story.heading": "Nuestra historia",
  "about.story.body":
    "Antes de crear nada, nuestra fundadora habló con {interviewed} mujeres sobre la congelación de óvulos. Le dijeron lo mismo una y otra vez: el precio intimida, la información es confusa y nadie puede decir si va a funcionar. {brand} es nuestra respuesta: un plan que empieza con una evaluación honesta, es transparente sobre el costo y comparte el riesgo contigo mediante una garantía. Empezamos en pequeño, con un piloto {spots} en {cities}, para cuidar cada detalle.",
  "about.story.moreThan": "más de {n}",
  "about.values.heading": "Nuestros valores",
  "about.values.intro": "Los principios detrás de cada decisión que tomamos.",
  "about.value.empowerment.title": "Tu autonomía, primero",
  "about.value.empowerment.body":
    "Tú decides qué es lo correcto para tu cuerpo y tus tiempos. Nuestro trabajo es darte el conocimiento y las opciones para decidir con confianza.",
  "about.value.transparency.title": "Transparencia siempre",
  "about.value.transparency.body": "Precios claros, condiciones en lenguaje sencillo y probabilidades honestas. Si algo es incierto, lo decimos.",
  "about.value.science.title": "Ciencia + compasión",
  "about.value.science.body":
    "Medicina basada en la evidencia, de profesionales clínicos con experiencia, brindada por personas que recuerdan que detrás de cada expediente hay una persona.",
  "about.value.shared.title": "Responsabilidad compartida",
  "about.value.shared.body": "Respaldamos el resultado con nuestro propio dinero. Cuando te pedimos confiar en el plan, asumimos parte del riesgo contigo.",
  "about.different.heading": "Qué nos hace diferentes",
  "about.different.guarantee.title": "Una garantía, no solo un procedimiento",
  "about.different.guarantee.body":
    "La congelación de óvulos suele venderse como un procedimiento sin ninguna promesa. {brand} es un plan: si cumples los requisitos, tu camino está respaldado por nuestra garantía de bebé; si no, recibes un plan de fertilidad personalizado en lugar de un callejón sin salida.",
  "about.different.assessment.title": "{assessment}: infórmate antes de comprometerte",
  "about.different.assessment.body":
    "Nuestra evaluación de fertilidad, {assessment}, califica tu fertilidad y te dice si cumples los requisitos para la garantía antes de que tomes una decisión, para que empieces con datos y no con suposiciones.",
  "about.different.pricing.title": "Precios honestos y sencillos",
  "about.different.pricing.body":
    "Quienes participan en el piloto pagan {price} en lugar de {regularPrice}. Paga a plazos con financiamiento rápido y pagos mensuales, o por adelantado en efectivo o con fondos de tu FSA/HSA. Sin cargos sorpresa.",
  "about.different.storage.title": "Almacenamiento incluido",
  "about.different.storage.body":
    "Todos los planes del piloto incluyen {storage}, valorado en {storageValue}, para que el costo de mantener tus óvulos seguros no empiece al día siguiente de la extracción.",
  "about.team.heading": "Equipo directivo",
  "about.team.intro": "Profesionales clínicos, investigadores y especialistas en operaciones que han dedicado su carrera a la atención de la fertilidad.",
  "about.team.profile": "Ver perfil",
  "about.team.profileOf": "de {name} (se abre en una pestaña nueva)",
  "about.cta.heading": "¿Quieres saber si el piloto es para ti?",
  "about.cta.body": "El piloto está {spots} en {cities}. Cualquier otra persona puede unirse a la lista de espera prioritaria.",
  "about.cta.apply": "Solicita un lugar en el piloto",
  "about.cta.contact": "Contáctanos",

  "contactPage.meta.title": "Contáctanos | {brand}",
  "contactPage.meta.description":
    "¿Tienes preguntas sobre el piloto de {brand}, los requisitos, los precios o las alianzas? Envíanos un mensaje: respondemos en un plazo de {responseTime}.",
  "contactPage.hours": { plural: "n", one: "{n} hora", other: "{n} horas" },
  "contactPage.eyebrow": "Contacto",
  "contactPage.title": "Estamos para ayudarte",
  "contactPage.intro":
    "¿Tienes preguntas sobre el piloto, los requisitos, la garantía o los precios? Escríbenos y una persona real te responderá en un plazo de {responseTime}.",
  "contactPage.faq.heading": "Preguntas frecuentes",
  "contactPage.faq.who.q": "¿Quién puede unirse al piloto?",
  "contactPage.faq.who.a":
    "El piloto está abierto a {capacity} mujeres menores de {maxAge} años en {cities}, de {minAge} años o más. Cualquier otra persona puede solicitar un lugar en la lista de espera prioritaria.",
  "contactPage.faq.guarantee.q": "¿Cómo funciona la garantía de bebé?",
  "contactPage.faq.guarantee.a":
    "Después de la evaluación {assessment}, quienes cumplen los requisitos se unen con una garantía de reembolso: si el plan no resulta en un bebé según sus condiciones, te devolvemos tu dinero. Los Términos del servicio describen exactamente qué cubre.",
  "contactPage.faq.fsa.q": "¿Puedo usar fondos de mi FSA o HSA?",
  "contactPage.faq.fsa.a": "Sí. Puedes pagar por adelantado en efectivo o con fondos de tu FSA/HSA, o elegir financiamiento rápido con pagos mensuales.",
  "contactPage.faq.privacy.q": "¿Cómo se protege mi información?",
  "contactPage.faq.privacy.a":
    "Tratamos todo lo que compartes como información médica: cifrada en tránsito, nunca vendida y nunca enviada a anunciantes. Consulta nuestra Política de privacidad y nuestro Aviso de HIPAA para más detalles.",
  "contactPage.otherWays": "Otras formas de contactarnos",
  "contactPage.emergency.heading": "¿Es una emergencia médica?",
  "contactPage.emergency.body":
    "Este formulario no se revisa para emergencias. Si tienes una emergencia médica, llama al {emergency} o ve a la sala de emergencias más cercana.",
  "contactPage.emergency.call": "Llamar al {emergency}",
  "contactPage.quick.heading": "Acciones rápidas",
  "contactPage.quick.apply": "Solicita un lugar en el piloto",
  "contactPage.quick.packet": "Descargar el paquete informativo",
  "contactPage.quick.packet.what": "Nuestro paquete informativo",
  "contactPage.quick.clinic": "Buscar una clínica asociada",
  "contactPage.quick.clinic.what": "El buscador de clínicas asociadas",
  "contactPage.comingSoon.title": "¡Muy pronto!",
  "contactPage.comingSoon.description": "{what} está en camino. Suscríbete a las novedades en la solicitud del piloto para enterarte primero.",
  "contactPage.reach.heading": "Comunícate con nosotros",
  "contactPage.reach.general": "Preguntas generales",
  "contactPage.reach.phone": "Teléfono",
  "contactPage.reach.specialized": "Consultas especializadas",
  "contactPage.press.title": "Prensa y medios",
  "contactPage.press.body": "Entrevistas, kits de prensa y preguntas de los medios.",
  "contactPage.clinics.title": "Alianzas con clínicas",
  "contactPage.clinics.body": "Clínicas de fertilidad interesadas en unirse a nuestra red.",
  "contactPage.employers.title": "Alianzas con empleadores",
  "contactPage.employers.body": "Ofrece el plan como beneficio a tu equipo.",
  "contactPage.social.heading": "Síguenos",
  "contactPage.newTab": "(se abre en una pestaña nueva)",

  "applyPage.meta.title": "Solicita un lugar en el piloto | {brand}",
  "applyPage.meta.description":
    "Solicita un lugar en el piloto de congelación de óvulos de {brand}: {price} en lugar de {regularPrice}, {storage} y una garantía de bebé con reembolso. El piloto es para mujeres menores de {maxAge} años en {cities}. Cualquier otra persona puede unirse a la lista de espera prioritaria.",
  "applyPage.eyebrow": "Solicitud para el piloto",
  "applyPage.title": "Solicita un lugar en el piloto de {brand}",
  "applyPage.intro": "{lead} Solo toma un minuto, y postularte no te compromete a nada.",
  "applyPage.lead.open": "El piloto está {spots} en {cities}. Cualquier otra persona puede unirse a la lista de espera prioritaria.",
  "applyPage.lead.full": "Todos los lugares del piloto están ocupados, así que si te postulas ahora, quedarás en la lista de espera prioritaria.",
  "applyPage.lead.closed":
    "Las inscripciones al piloto ya cerraron, así que si te postulas ahora, quedarás en la lista de espera prioritaria para el próximo grupo.",
  "applyPage.lead.notOpen": "Las inscripciones aún no abren, así que si te postulas ahora, quedarás en la lista de espera prioritaria.",
  "applyPage.benefits.eyebrow": "Beneficios",
  "applyPage.benefits.title": "Lo que reciben quienes participan en el piloto",
  "applyPage.steps.eyebrow": "Cómo funciona",
  "applyPage.steps.title": "Qué pasa después de postularte",

  "thanks.meta.title": "Gracias por postularte | {brand}",
  "thanks.title": "¡Gracias por postularte!",
  "thanks.intro": "Recibimos tu solicitud para el piloto de {brand}. Esto es lo que sigue.",
  "thanks.home": "Volver a la página de inicio",

  "notFound.meta.title": "404: página no encontrada | {brand}",
  "notFound.title": "404: página no encontrada",
  "notFound.body": "La página que buscas no existe o se cambió de lugar.",
  "notFound.contact": "Contáctanos",
};
