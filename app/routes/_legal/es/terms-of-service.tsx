/**
 * The Terms of Service in Spanish (es-US, ADR 0113): a translation of ../terms-of-service.tsx, section for section with
 * the same anchors. The English version governs where the two differ: `englishPath` opens the page with the note that
 * says so (`GoverningLanguageNote`) and links to the English page.
 */
import { pilotFacts } from "#core/pilot-facts";
import { brand, facts } from "#core/brand";
import { LegalPage, type LegalSectionContent } from "~/components/legal/legal-page";
import { Callout, CompanyAddress, Incorporation, InlineLink, List, MailLink } from "~/components/legal/prose";
import { pageMeta } from "~/components/site/seo";
import { sitePage } from "~/lib/site-page.server";
import { siteMetaWords } from "~/lib/site-meta";
import { type SiteWords, useSiteWords } from "~/lib/site-words";
import { STATIC_PAGE } from "~/page-scripts/handle";
import type { Route } from "./+types/terms-of-service";

/** Content that never changes: served without React in the browser. */
export const handle = STATIC_PAGE;

export function loader({ request }: Route.LoaderArgs) {
  return sitePage(request);
}

export function meta(args: Route.MetaArgs) {
  const { t } = siteMetaWords(args.loaderData);
  return pageMeta(args, {
    title: t("legal.terms.metaTitle", { brand: brand.name }),
    description: t("legal.terms.metaDescription", { brand: brand.name }),
  });
}

const { entity, governingLaw } = brand.legal;
const { pilot } = brand;

function termsSections(words: SiteWords): LegalSectionContent[] {
  const { t, href } = words;
  // The pilot's facts in Spanish words, as every other page says them.
  const es = pilotFacts(words);
  return [
    {
      id: "pilot-program",
      title: "El programa piloto",
      body: (
        <>
          <p>
            {brand.name} ofrece un plan de congelación de óvulos con garantía, que se presta a través de clínicas de
            fertilidad asociadas independientes. El programa combina una evaluación de fertilidad (
            {brand.assessmentName}) que ayuda a determinar si cumples los requisitos para la garantía, la congelación
            de óvulos en una clínica asociada, {es.storage} para tus óvulos congelados (con un valor de{" "}
            {es.storageValue}) y un camino a seguir después de la congelación: la garantía de bebé o un plan de
            fertilidad personalizado.
          </p>
          <p>
            Por ahora, el programa se ofrece como piloto. Postularte a través de nuestro sitio web es una solicitud
            para que te consideremos; no es una inscripción y no crea una relación médico-paciente ni ninguna
            obligación de pago. Si te ofrecemos un lugar, recibirás un contrato de inscripción por escrito, y la
            garantía de bebé se describirá en un contrato de garantía por escrito. Esos contratos, junto con estos
            Términos, rigen tu participación.
          </p>
        </>
      ),
    },
    {
      id: "eligibility",
      title: "Requisitos para participar",
      body: (
        <>
          <p>
            Debes tener al menos {pilot.minAge} años para usar nuestros servicios o postularte. El piloto está abierto
            a un número limitado de mujeres menores de {pilot.maxAge} años que vivan en {es.cities}. Quienes no
            cumplan estos criterios, o se postulen cuando el piloto ya esté completo, pueden quedar en una lista de
            espera prioritaria para fases posteriores del programa.
          </p>
          <p>
            Cumplir los criterios básicos no garantiza un lugar. Que cumplas los requisitos para la garantía de
            bebé depende de los resultados de la evaluación {brand.assessmentName} y de una evaluación médica de una
            clínica asociada.
          </p>
        </>
      ),
    },
    {
      id: "program-changes",
      title: "Los términos del programa pueden cambiar antes del lanzamiento",
      body: (
        <p>
          El piloto es la primera versión de nuestro programa. Hasta que firmes un contrato de inscripción, las
          características, los precios, las clínicas asociadas, los criterios para participar y los términos de la
          garantía del programa que se describen en nuestro sitio web pueden cambiar, y podemos pausar o terminar el
          piloto. Las descripciones del sitio web no son una oferta que puedas aceptar; los términos que nos obligan a
          ti y a nosotros son los de tus contratos firmados.
        </p>
      ),
    },
    {
      id: "baby-guarantee",
      title: "Garantía de bebé: cobertura y limitaciones",
      body: (
        <>
          <p>
            La garantía de bebé es nuestra promesa de que, si cumples los requisitos para ella, completas el programa
            y no tienes un bebé con los óvulos congelados a través del programa, te reembolsaremos las tarifas del
            programa que se describen en tu contrato de garantía. Tu contrato de garantía establece exactamente qué
            cubre, el plazo en el que se puede presentar un reclamo y cómo presentarlo.
          </p>
          <p>La garantía tiene las siguientes limitaciones:</p>
          <List>
            <li>solo está disponible para las participantes que cumplan los requisitos para ella según los resultados de su evaluación;</li>
            <li>
              cubre las tarifas del programa pagadas a {brand.name}, no los montos pagados a clínicas, farmacias u
              otros terceros;
            </li>
            <li>
              requiere que sigas el plan de tratamiento acordado con tu clínica asociada y que uses tus óvulos
              congelados de la forma y dentro del plazo que indica tu contrato de garantía;
            </li>
            <li>
              no es una promesa de embarazo ni de ningún resultado médico; el tratamiento de fertilidad tiene riesgos
              médicos y ninguna clínica ni empresa puede prometer el éxito.
            </li>
          </List>
          <p>
            Si no cumples los requisitos para la garantía, te ofreceremos en su lugar un plan de fertilidad
            personalizado, y podrás decidir si continúas.
          </p>
        </>
      ),
    },
    {
      id: "your-responsibilities",
      title: "Tus responsabilidades",
      body: (
        <List>
          <li>Da información verdadera, exacta y completa en tu solicitud, y mantenla actualizada.</li>
          <li>Postúlate solo para ti, no en nombre de otra persona.</li>
          <li>Sigue las indicaciones de tus proveedores médicos e infórmales de los cambios en tu salud.</li>
          <li>Mantén en privado los documentos de inscripción y los enlaces personales que te enviemos.</li>
          <li>Usa el sitio web solo de conformidad con la ley y con estos Términos.</li>
        </List>
      ),
    },
    {
      id: "prohibited-activities",
      title: "Actividades prohibidas",
      body: (
        <>
          <p>Al usar nuestro sitio web, aceptas no:</p>
          <List>
            <li>enviar solicitudes falsas ni información sobre otra persona;</li>
            <li>intentar acceder a áreas del personal, cuentas o datos que no tienes autorización para ver;</li>
            <li>interferir con el sitio web, sobrecargarlo ni eludir su seguridad o sus límites de frecuencia de uso;</li>
            <li>extraer ni recopilar datos del sitio web por medios automatizados;</li>
            <li>usar el sitio web para enviar spam, malware o contenido ilegal, acosador o engañoso;</li>
            <li>copiar, revender ni tergiversar nuestro contenido, nuestro programa o nuestra marca.</li>
          </List>
        </>
      ),
    },
    {
      id: "payment-and-refunds",
      title: "Pagos y reembolsos",
      body: (
        <>
          <p>
            Postularte es gratis, y no aceptamos pagos a través de este sitio web. La tarifa del programa piloto es de{" "}
            {facts.price} en lugar de la tarifa regular de {facts.regularPrice} ({es.discount}). Qué incluye la tarifa,
            cuándo se debe pagar y de qué forma se paga se establecen en tu contrato de inscripción antes de que se te
            pida pagar cualquier cantidad.
          </p>
          <p>
            Puedes pagar mediante financiamiento con pagos mensuales, o por adelantado en efectivo o con fondos de una
            cuenta de gastos flexibles (FSA, por sus siglas en inglés) o de una cuenta de ahorros para la salud (HSA,
            por sus siglas en inglés). El financiamiento lo ofrecen prestamistas independientes según sus propios
            términos y criterios de aprobación. Si puedes usar fondos de una FSA o HSA depende del administrador de tu
            plan.
          </p>
          <p>
            Los reembolsos se rigen por tu contrato de inscripción y, cuando corresponda, por tu contrato de garantía.
            Si te retiras antes de tu primera cita clínica, te reembolsamos las tarifas del programa que nos hayas
            pagado. Los montos pagados directamente a clínicas, farmacias o prestamistas están sujetos a sus propias
            políticas.
          </p>
        </>
      ),
    },
    {
      id: "intellectual-property",
      title: "Propiedad intelectual",
      body: (
        <p>
          El sitio web y su contenido, incluidos los textos, los gráficos, los logotipos, los nombres {brand.name} y{" "}
          {brand.assessmentName} y el diseño del programa, pertenecen a {entity} o a sus licenciantes y están
          protegidos por la ley. Puedes ver e imprimir páginas para tu uso personal y no comercial. Cualquier otro uso
          requiere nuestro permiso por escrito.
        </p>
      ),
    },
    {
      id: "medical-disclaimer",
      title: "Aviso médico",
      body: (
        <>
          <p>
            La información de nuestro sitio web es educación general sobre la congelación de óvulos y la fertilidad.
            No es asesoramiento, diagnóstico ni tratamiento médico, y no sustituye una consulta con un profesional de
            la salud calificado. La atención médica del programa la prestan profesionales clínicos con licencia en
            clínicas asociadas independientes, que son responsables de sus propias decisiones médicas.
          </p>
          <Callout title="En una emergencia médica">
            <p>
              Llama al {brand.contact.emergencyNumber} o ve a la sala de emergencias más cercana. No uses los
              formularios de nuestro sitio web ni el correo electrónico para preguntas médicas urgentes.
            </p>
          </Callout>
        </>
      ),
    },
    {
      id: "limitation-of-liability",
      title: "Limitación de responsabilidad",
      body: (
        <>
          <p>
            En la máxima medida permitida por la ley, {entity} no es responsable de daños indirectos, incidentales,
            especiales, consecuentes o punitivos, ni de la pérdida de ganancias o de datos, que resulten de tu uso del
            sitio web o del programa.
          </p>
          <p>
            En la máxima medida permitida por la ley, nuestra responsabilidad total por cualquier reclamo relacionado
            con el sitio web, estos Términos o el programa se limita a los montos que pagaste a {brand.name} en los
            doce (12) meses anteriores al hecho que dio origen al reclamo. Algunas jurisdicciones no permiten ciertas
            limitaciones, por lo que es posible que partes de esta sección no se apliquen a ti. Nada de lo dispuesto en
            estos Términos limita la responsabilidad que la ley no permite limitar.
          </p>
        </>
      ),
    },
    {
      id: "arbitration",
      title: "Arbitraje vinculante y renuncia a demandas colectivas",
      body: (
        <>
          <p>
            Lee esta sección con atención; afecta tus derechos. Si surge una disputa, comunícate primero con nosotros
            en <MailLink address={brand.contact.legal} /> para que podamos intentar resolverla de manera informal. Si
            no podemos resolverla en un plazo de 60 días, tú y {entity} acuerdan que la disputa se resolverá mediante
            arbitraje individual vinculante ante un árbitro neutral, conforme a las reglas de arbitraje para
            consumidores de un proveedor de arbitraje reconocido, en lugar de en un tribunal. En cambio, cualquiera de
            las partes puede presentar un reclamo individual ante un tribunal de reclamos menores (small claims
            court), si el reclamo reúne los requisitos para ello.
          </p>
          <p>
            Tú y {entity} renuncian, cada uno, al derecho a un juicio con jurado y al derecho a presentar una demanda
            colectiva (class action), una acción colectiva (collective action) o un procedimiento representativo, o a
            participar en ellos. Puedes excluirte de este acuerdo de arbitraje enviando un correo electrónico a{" "}
            <MailLink address={brand.contact.legal} /> dentro de los 30 días posteriores a la fecha en que aceptes
            estos Términos por primera vez.
          </p>
        </>
      ),
    },
    {
      id: "termination",
      title: "Terminación",
      body: (
        <p>
          Puedes dejar de usar el sitio web en cualquier momento y pedirnos que eliminemos tu solicitud como se
          describe en nuestra <InlineLink href={href("/privacy-policy")}>Política de Privacidad</InlineLink>. Podemos
          suspender o terminar tu acceso al sitio web o al programa si incumples estos Términos, si proporcionas
          información falsa o si terminamos el piloto. Las secciones que por su naturaleza deban seguir vigentes
          después de la terminación, incluidas las de propiedad intelectual, limitación de responsabilidad y
          arbitraje, seguirán aplicándose.
        </p>
      ),
    },
    {
      id: "changes-to-terms",
      title: "Cambios en estos Términos",
      body: (
        <p>
          Podemos actualizar estos Términos a medida que el programa evolucione. Cambiaremos la fecha de “
          {t("legal.frame.lastUpdated")}” que aparece arriba y, en el caso de cambios importantes, los anunciaremos en
          nuestro sitio web antes de que entren en vigor. Si sigues usando el sitio web después de eso, se aplicarán
          los Términos actualizados. Los cambios no afectan un contrato de inscripción o de garantía que ya hayas
          firmado, a menos que los aceptes por escrito.
        </p>
      ),
    },
    {
      id: "governing-law",
      title: "Ley aplicable",
      body: (
        <>
          <p>
            {entity} es <Incorporation />. Estos Términos y cualquier disputa que surja de ellos se rigen por la
            siguiente ley, sin tener en cuenta sus normas sobre conflictos de leyes:
          </p>
          <p
            className="rounded-xl border-2 border-dashed border-accent bg-accent-soft p-4 font-semibold text-ink"
            data-testid="governing-law"
          >
            <span className="mr-2 inline-block rounded-full bg-ink px-2 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">
              Por confirmar
            </span>
            {governingLaw}
          </p>
        </>
      ),
    },
    {
      id: "severability",
      title: "Divisibilidad",
      body: (
        <p>
          Si alguna disposición de estos Términos se considera inaplicable, se hará cumplir en la mayor medida posible
          y las demás disposiciones seguirán plenamente vigentes. Que no hagamos cumplir una disposición no constituye
          una renuncia a nuestro derecho de hacerlo más adelante.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Contacto",
      body: (
        <>
          <p>Las preguntas sobre estos Términos, y las notificaciones legales, deben dirigirse a nuestro equipo legal:</p>
          <CompanyAddress attention="Departamento Legal" email={brand.contact.legal} />
        </>
      ),
    },
  ];
}

export default function TermsOfServicePageEs() {
  const words = useSiteWords();
  const { t, href } = words;
  return (
    <LegalPage
      title={t("legal.terms.title")}
      dateLabel={t("legal.frame.lastUpdated")}
      isoDate={brand.legal.policiesUpdated}
      englishPath="/terms-of-service"
      intro={
        <p>
          Estos Términos del Servicio son un acuerdo entre tú y {entity} (“{brand.name}”, “nosotros”). Al usar nuestro
          sitio web o postularte al programa piloto, los aceptas. Si no estás de acuerdo, te pedimos que no uses el
          sitio web. Nuestra <InlineLink href={href("/privacy-policy")}>Política de Privacidad</InlineLink> explica
          cómo tratamos tu información.
        </p>
      }
      sections={termsSections(words)}
    />
  );
}
