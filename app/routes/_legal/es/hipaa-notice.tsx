/**
 * The HIPAA Notice of Privacy Practices in Spanish (es-US, ADR 0113): a translation of ../hipaa-notice.tsx, section
 * for section with the same anchors. The English version governs where the two differ: `englishPath` opens the page
 * with the note that says so (`GoverningLanguageNote`) and links to the English page. HIPAA's own terms keep their
 * English names beside the Spanish where a reader may need them.
 */
import { brand } from "#core/brand";
import { LegalPage, type LegalSectionContent } from "~/components/legal/legal-page";
import { Callout, CompanyAddress, InlineLink, List, MailLink, Term } from "~/components/legal/prose";
import { pageMeta } from "~/components/site/seo";
import { sitePage } from "~/lib/site-page.server";
import { siteMetaWords } from "~/lib/site-meta";
import { type SiteWords, useSiteWords } from "~/lib/site-words";
import { STATIC_PAGE } from "~/page-scripts/handle";
import type { Route } from "./+types/hipaa-notice";

/** Content that never changes: served without React in the browser. */
export const handle = STATIC_PAGE;

export function loader({ request }: Route.LoaderArgs) {
  return sitePage(request);
}

export function meta(args: Route.MetaArgs) {
  const { t } = siteMetaWords(args.loaderData);
  return pageMeta(args, {
    title: t("legal.hipaa.metaTitle", { brand: brand.name }),
    description: t("legal.hipaa.metaDescription", { entity: brand.legal.entity }),
  });
}

const { entity } = brand.legal;
const privacy = brand.contact.privacy;

function noticeSections({ href }: SiteWords): LegalSectionContent[] {
  return [
    {
      id: "our-duties",
      title: "Nuestras obligaciones",
      body: (
        <>
          <p>
            La ley obliga a {entity} a mantener la privacidad de tu información de salud protegida, a darte este aviso
            sobre nuestras obligaciones legales y nuestras prácticas de privacidad, a cumplir el aviso que esté vigente
            y a informarte si una filtración compromete la privacidad o la seguridad de tu información de salud
            protegida no asegurada.
          </p>
          <p>
            Este aviso se aplica a la información de salud que {brand.name} crea o recibe cuando participas en el
            programa. La información que nos envías a través de nuestro sitio web antes de inscribirte se describe en
            nuestra <InlineLink href={href("/privacy-policy")}>Política de Privacidad</InlineLink>.
          </p>
        </>
      ),
    },
    {
      id: "what-is-phi",
      title: "Qué es la información de salud protegida",
      body: (
        <p>
          La información de salud protegida (PHI, por sus siglas en inglés) es la información que te identifica y que se
          relaciona con tu salud física o mental pasada, presente o futura, con la atención médica que recibes o con el
          pago de esa atención. En nuestro programa puede incluir los resultados de tu evaluación, los resultados
          hormonales y de ultrasonido, los registros del tratamiento y de la extracción de óvulos, la información sobre
          tus óvulos almacenados y los registros de facturación y pago.
        </p>
      ),
    },
    {
      id: "treatment-payment-operations",
      title: "Usos y divulgaciones para tratamiento, pago y operaciones de atención médica",
      body: (
        <>
          <p>Podemos usar y divulgar tu PHI sin tu autorización por escrito para lo siguiente:</p>
          <List>
            <Term term="Tratamiento">
              para brindarte y coordinar tu atención; por ejemplo, compartir los resultados de tu evaluación con la
              clínica asociada y los médicos que realizarán tu extracción de óvulos, o coordinar el almacenamiento de
              tus óvulos.
            </Term>
            <Term term="Pago">
              para facturar y cobrar los servicios; por ejemplo, confirmar las tarifas del programa, tramitar el
              financiamiento que hayas elegido o darte los documentos que necesitas para usar fondos de una FSA o HSA.
            </Term>
            <Term term="Operaciones de atención médica">
              para administrar el programa y mejorar su calidad; por ejemplo, revisar resultados, capacitar al
              personal, administrar la garantía de bebé y hacer revisiones legales y de cumplimiento normativo.
            </Term>
          </List>
          <p>
            Cuando usamos o divulgamos PHI, nos limitamos al mínimo necesario para el propósito, salvo en el caso del
            tratamiento.
          </p>
        </>
      ),
    },
    {
      id: "other-permitted-disclosures",
      title: "Otros usos y divulgaciones permitidos",
      body: (
        <>
          <p>La ley también nos permite o nos exige usar o divulgar tu PHI sin tu autorización:</p>
          <List>
            <Term term="Cuando la ley lo exige">cuando lo exige la ley federal, estatal o local.</Term>
            <Term term="Salud pública">
              para informar a las autoridades de salud pública; por ejemplo, para prevenir enfermedades o informar
              reacciones adversas a medicamentos.
            </Term>
            <Term term="Abuso, negligencia o violencia doméstica">
              a las autoridades que la ley autoriza a recibir esos informes.
            </Term>
            <Term term="Supervisión de la salud">
              a las agencias que auditan, inspeccionan y otorgan licencias a los proveedores y programas de atención
              médica.
            </Term>
            <Term term="Procedimientos judiciales y administrativos">
              en respuesta a una orden judicial o administrativa, o a una citación (subpoena) cuando se cumplen las
              condiciones que establece la ley.
            </Term>
            <Term term="Autoridades policiales">para los fines policiales que permite la ley.</Term>
            <Term term="Para evitar una amenaza grave">
              para prevenir o reducir una amenaza grave e inminente para la salud o la seguridad de una persona o del
              público.
            </Term>
            <Term term="Funciones gubernamentales especializadas">
              para fines militares, de seguridad nacional o de servicios de protección, cuando la ley lo permite.
            </Term>
            <Term term="Compensación de trabajadores">
              según lo autoricen las leyes de compensación de trabajadores (workers’ compensation).
            </Term>
            <Term term="Médicos forenses, examinadores médicos y directores de funerarias">
              según lo necesiten para cumplir sus funciones.
            </Term>
            <Term term="Investigación">
              cuando una revisión aprobada de la investigación haya garantizado la protección de tu privacidad, o con
              tu autorización.
            </Term>
            <Term term="Personas involucradas en tu atención">
              a un familiar o amigo que nos indiques, si estás de acuerdo o no te opones.
            </Term>
          </List>
          <p>
            Cuando la ley de California u otra ley estatal da a tu información más protección que la ley federal,
            seguimos la ley más estricta.
          </p>
        </>
      ),
    },
    {
      id: "uses-requiring-authorization",
      title: "Usos que requieren tu autorización por escrito",
      body: (
        <>
          <p>No usaremos ni divulgaremos tu PHI para lo siguiente sin tu autorización por escrito:</p>
          <List>
            <Term term="Marketing">
              comunicaciones que te animan a comprar un producto o servicio de otra empresa, cuando la ley las
              considera marketing.
            </Term>
            <Term term="Venta de PHI">nunca vendemos tu PHI, a menos que lo autorices por escrito.</Term>
            <Term term="Notas de psicoterapia">la mayoría de los usos y divulgaciones de notas de psicoterapia.</Term>
          </List>
          <p>
            Cualquier otro uso o divulgación que no se describa en este aviso solo se hará con tu autorización por
            escrito. Puedes revocar una autorización por escrito en cualquier momento, salvo en la medida en que ya
            hayamos actuado con base en ella.
          </p>
        </>
      ),
    },
    {
      id: "your-rights",
      title: "Tus derechos",
      body: (
        <List>
          <Term term="Acceso">
            Puedes ver u obtener una copia electrónica o en papel de tus registros médicos y de facturación. Te
            responderemos en un plazo de 30 días y podemos cobrar una tarifa razonable basada en el costo.
          </Term>
          <Term term="Corrección">
            Puedes pedirnos que corrijamos información de salud que consideres incorrecta o incompleta. Podemos
            negarnos y, si lo hacemos, te explicaremos el motivo por escrito en un plazo de 60 días.
          </Term>
          <Term term="Lista de divulgaciones">
            Puedes pedir una lista de las veces que compartimos tu PHI en los seis años anteriores a tu solicitud, con
            quién la compartimos y por qué, salvo las divulgaciones para tratamiento, pago y operaciones, y algunas
            otras divulgaciones. Una lista al año es gratuita.
          </Term>
          <Term term="Restricciones">
            Puedes pedirnos que no usemos ni compartamos cierta PHI para tratamiento, pago u operaciones. No estamos
            obligados a aceptar, con una excepción: si pagas un servicio en su totalidad de tu bolsillo, puedes pedirnos
            que no compartamos esa información con tu aseguradora médica, y aceptaremos, a menos que la ley nos exija
            compartirla.
          </Term>
          <Term term="Comunicaciones confidenciales">
            Puedes pedirnos que nos comuniquemos contigo de una manera específica; por ejemplo, en otra dirección de
            correo electrónico o a otro número de teléfono. Aceptaremos todas las solicitudes razonables.
          </Term>
          <Term term="Copia en papel de este aviso">
            Puedes pedir una copia en papel de este aviso en cualquier momento, incluso si aceptaste recibirlo de forma
            electrónica.
          </Term>
          <Term term="Elegir a alguien para que actúe en tu nombre">
            Si le diste a alguien un poder legal para decisiones médicas (medical power of attorney) o si alguien es tu
            tutor legal, esa persona puede ejercer tus derechos.
          </Term>
        </List>
      ),
    },
    {
      id: "exercising-your-rights",
      title: "Cómo ejercer tus derechos",
      body: (
        <>
          <p>
            Para ejercer cualquiera de estos derechos, envía una solicitud por escrito a nuestro Oficial de Privacidad
            por correo electrónico a <MailLink address={privacy} /> o por correo postal a la dirección que aparece en
            la sección <InlineLink href="#contact">Contacto</InlineLink>. Indícanos qué derecho quieres ejercer y cómo
            podemos comunicarnos contigo. Verificaremos tu identidad antes de atender la solicitud.
          </p>
        </>
      ),
    },
    {
      id: "complaints",
      title: "Quejas",
      body: (
        <>
          <p>Si crees que se violaron tus derechos de privacidad, puedes presentar una queja ante:</p>
          <List>
            <li>
              {brand.name}, escribiendo a nuestro Oficial de Privacidad a <MailLink address={privacy} /> o a la
              dirección que aparece en la sección <InlineLink href="#contact">Contacto</InlineLink>; o
            </li>
            <li>
              la Oficina de Derechos Civiles (Office for Civil Rights) del Departamento de Salud y Servicios Humanos
              de los EE. UU. (U.S. Department of Health and Human Services), por correo postal a 200 Independence
              Avenue, S.W., Washington, D.C. 20201, por teléfono al 1-877-696-6775 o en línea en{" "}
              <InlineLink href="https://www.hhs.gov/ocr/complaints">www.hhs.gov/ocr/complaints</InlineLink>.
            </li>
          </List>
          <Callout title="Sin represalias">
            <p>No tomaremos represalias contra ti ni te trataremos de forma diferente de ninguna manera por presentar una queja.</p>
          </Callout>
        </>
      ),
    },
    {
      id: "business-associates",
      title: "Socios comerciales",
      body: (
        <p>
          Algunos servicios nos los prestan otras organizaciones, llamadas socios comerciales (business associates),
          como las empresas que alojan nuestros sistemas o nos ayudan con la facturación. Cuando compartimos PHI con
          ellas, deben firmar un acuerdo de socio comercial por escrito que les exige proteger tu información, usarla
          solo para el trabajo que les hemos encargado y cumplir las mismas reglas de HIPAA que cumplimos nosotros.
        </p>
      ),
    },
    {
      id: "changes-to-this-notice",
      title: "Cambios en este aviso",
      body: (
        <p>
          Podemos cambiar los términos de este aviso, y los cambios se aplicarán a toda la información que tengamos
          sobre ti. El nuevo aviso estará disponible en nuestro sitio web y a pedido, con su fecha de entrada en vigor
          en la parte superior.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Contacto",
      body: (
        <>
          <p>Si tienes preguntas sobre este aviso o quieres ejercer tus derechos, comunícate con:</p>
          <CompanyAddress attention="Oficial de Privacidad" email={privacy} />
        </>
      ),
    },
  ];
}

export default function HipaaNoticePageEs() {
  const words = useSiteWords();
  const { t } = words;
  return (
    <LegalPage
      title={t("legal.hipaa.title")}
      dateLabel={t("legal.frame.effective")}
      isoDate={brand.legal.hipaaEffective}
      englishPath="/hipaa-notice"
      intro={
        <p className="font-semibold">
          Este aviso describe cómo se puede usar y divulgar tu información médica y cómo puedes acceder a esta
          información. Revísalo con atención.
        </p>
      }
      sections={noticeSections(words)}
    />
  );
}
