/**
 * The Privacy Policy in Spanish (es-US, ADR 0113): a translation of app/routes/_legal/privacy-policy.tsx, section for
 * section with the same anchors, that opens with the note that the English version governs. Neutral Latin-American
 * Spanish addressing her as tú, as the site's catalogue does; "solicitud" is her application to the pilot, "petición"
 * a privacy request. When the English policy changes, this one changes with it.
 */
import { useLoaderData } from "react-router";
import { brand } from "#core/brand";
import { PRIVACY_DUE_DAYS, type RetentionPeriods } from "#core/privacy";
import { LegalPage, type LegalSectionContent } from "~/components/legal/legal-page";
import { Callout, CompanyAddress, Incorporation, InlineLink, List, MailLink, SubHeading, Term } from "~/components/legal/prose";
import { pageMeta } from "~/components/site/seo";
import { siteMetaWords } from "~/lib/site-meta";
import { sitePage } from "~/lib/site-page.server";
import { type SiteWords, useSiteWords } from "~/lib/site-words";
import { STATIC_PAGE } from "~/page-scripts/handle";
import { requestContext } from "~/request-context.server";
import type { Route } from "./+types/privacy-policy";

/** Served without React in the browser. */
export const handle = STATIC_PAGE;

/** The page's words, and the retention periods from the server's configuration, as the English page has them. */
export function loader({ request, context }: Route.LoaderArgs) {
  return { ...sitePage(request), retention: context.get(requestContext).retention };
}

export function meta(args: Route.MetaArgs) {
  const { t } = siteMetaWords(args.loaderData);
  return pageMeta(args, {
    title: t("legal.privacy.metaTitle", { brand: brand.name }),
    description: t("legal.privacy.metaDescription", { entity: brand.legal.entity }),
  });
}

/** The English original, which governs where the two differ. */
const ENGLISH_PATH = "/privacy-policy";

const { entity } = brand.legal;
const privacy = brand.contact.privacy;

/** A number of days as this policy says it: "730 días (2 años)", "365 días (1 año)", "90 días" (as `describeDays` in English). */
export function describeDaysEs(days: number): string {
  const unit = days === 1 ? "día" : "días";
  if (days % 365 !== 0) return `${days} ${unit}`;
  const years = days / 365;
  return `${days} ${unit} (${years} ${years === 1 ? "año" : "años"})`;
}

/** The pilot's cities as Spanish joins them ("San Francisco o Los Angeles"; "u" before an o-sound, as Intl knows). */
function citiesIn(locale: string): string {
  return new Intl.ListFormat(locale, { type: "disjunction" }).format(brand.pilot.cities);
}

function policySections(retention: RetentionPeriods, { t, href }: SiteWords): LegalSectionContent[] {
  const hipaaNotice = <InlineLink href={href("/hipaa-notice")}>Aviso de Prácticas de Privacidad de HIPAA</InlineLink>;
  return [
    {
      id: "introduction",
      title: "Introducción",
      body: (
        <>
          <p>
            {entity} (“{brand.name}”, “nosotros”) es <Incorporation /> que gestiona el programa piloto de congelación de
            óvulos de {brand.name}. Esta Política de Privacidad explica qué información recopila nuestro sitio web, por
            qué, quién puede verla, cuánto tiempo la conservamos y qué opciones tienes. Abarca nuestro sitio web público,
            el formulario de solicitud del piloto, el formulario de contacto y las herramientas internas que usa nuestro
            equipo para revisar lo que nos envías.
          </p>
          <p>
            La información sobre la congelación de óvulos y la fertilidad es personal. Incluso en los casos en que la ley
            no lo exija, tratamos todo lo que compartes con nosotros como si fuera información médica.
          </p>
          <Callout title="En resumen">
            <List>
              <li>No vendemos tu información personal.</li>
              <li>
                La medición publicitaria (el píxel de Meta) y las solicitudes de ubicación solo se activan si das tu
                consentimiento en nuestro banner de consentimiento. Si lo rechazas, o si tu navegador envía una señal de
                Global Privacy Control, nunca se activan.
              </li>
              <li>
                Tu edad, tu nivel de interés, tus propias respuestas escritas, tu código postal y tu número de teléfono
                nunca se envían a una empresa de publicidad, con o sin tu consentimiento.
              </li>
              <li>
                Puedes cambiar tu elección en cualquier momento con el enlace “Opciones de privacidad” al pie de cada
                página, y pedirnos ver, corregir o eliminar tu información escribiendo a <MailLink address={privacy} />.
              </li>
            </List>
          </Callout>
        </>
      ),
    },
    {
      id: "information-we-collect",
      title: "Información que recopilamos",
      body: (
        <>
          <SubHeading>Información que nos das al presentar tu solicitud</SubHeading>
          <p>El formulario de solicitud del piloto te pide:</p>
          <List>
            <li>tu nombre y apellido, y tu dirección de correo electrónico;</li>
            <li>tu edad;</li>
            <li>tu estado, o tu país si vives fuera de los Estados Unidos;</li>
            <li>tu código postal;</li>
            <li>tu número de teléfono, si decides darlo (es opcional);</li>
            <li>
              qué tanto te interesa la congelación de óvulos y, si eliges “Otro”, una breve descripción con tus propias
              palabras;
            </li>
            <li>
              si quieres recibir correos de marketing de nuestra parte (la casilla está sin marcar a menos que tú la
              marques).
            </li>
          </List>
          <p>
            También registramos en cuál de nuestras páginas estaba el formulario y la fecha y la hora en que lo enviaste.
          </p>

          <SubHeading>Información que nos das al contactarnos</SubHeading>
          <p>
            El formulario de contacto te pide tu nombre y apellido, tu dirección de correo electrónico, tu número de
            teléfono (opcional), el motivo de tu mensaje, un asunto y tu mensaje.
          </p>

          <SubHeading>Cómo nos encontraste (atribución propia)</SubHeading>
          <p>
            Cuando envías una solicitud, esta se guarda en nuestro propio servidor junto con algunos datos sobre cómo
            llegaste a nuestro sitio:
          </p>
          <List>
            <li>
              la fuente del tráfico, deducida de la dirección del sitio que te trajo hasta aquí (por ejemplo, un
              buscador, un anuncio en una red social, o “directo” cuando no hubo ninguno);
            </li>
            <li>las etiquetas de campaña del enlace que seguiste, si las había (fuente, medio y campaña UTM);</li>
            <li>
              la dirección de la página de referencia (sin su cadena de consulta) y la página de nuestro sitio a la que
              llegaste primero;
            </li>
            <li>la configuración de idioma de tu navegador y tu zona horaria;</li>
            <li>si en ese momento habías aceptado o rechazado las cookies publicitarias.</li>
          </List>
          <p>
            Estos datos nos ayudan a entender qué canales traen a las personas al piloto. Se guardan con tu solicitud en
            nuestro servidor y nunca se envían a anunciantes.
          </p>

          <SubHeading>Información que se recopila solo si das tu consentimiento</SubHeading>
          <p>
            Si aceptas las cookies publicitarias en nuestro banner de consentimiento, el píxel de Meta crea sus
            identificadores de navegador y de clic (las cookies <code>_fbp</code> y <code>_fbc</code>), y guardamos esos
            identificadores y un identificador de evento aleatorio con tu solicitud, para que un envío pueda asociarse
            con el mismo navegador. Con tu consentimiento también le pedimos a tu navegador tu ubicación aproximada; tu
            navegador muestra su propia solicitud de permiso, y ahí también puedes negarte. La sección 8 explica
            exactamente qué se envía.
          </p>

          <SubHeading>Información técnica</SubHeading>
          <p>
            Como cualquier sitio web, nuestros servidores reciben tu dirección IP y datos básicos de cada petición (como
            la página pedida y el tipo de navegador) para entregar las páginas, limitar el abuso de nuestros formularios
            y mantener la seguridad del servicio.
          </p>

          <SubHeading>Información que no pedimos</SubHeading>
          <p>
            Nuestro sitio web no pide historiales médicos, resultados de pruebas ni datos de tu seguro médico. Por favor,
            no los incluyas en tus respuestas de texto libre ni en tus mensajes; si más adelante en el programa
            necesitamos información médica, te la pediremos por un canal seguro cubierto por nuestro {hipaaNotice}.
          </p>
        </>
      ),
    },
    {
      id: "how-we-use-information",
      title: "Cómo usamos la información",
      body: (
        <>
          <p>Usamos la información descrita arriba para:</p>
          <List>
            <li>
              revisar tu solicitud, comprobar los requisitos básicos para participar en el piloto y comunicarnos contigo
              sobre el piloto, incluidos los lugares de la lista de espera prioritaria;
            </li>
            <li>responder a tus preguntas y mensajes;</li>
            <li>
              enviarte noticias y ofertas por correo electrónico, solo si marcaste la casilla de consentimiento de
              marketing;
            </li>
            <li>
              ver, de forma agregada, qué fuentes y campañas llevan a las personas a presentar una solicitud, para
              invertir con sensatez nuestro presupuesto de difusión;
            </li>
            <li>medir nuestra publicidad con el píxel de Meta, solo si diste tu consentimiento;</li>
            <li>proteger nuestros formularios y herramientas internas contra el abuso, el fraude y el acceso no autorizado;</li>
            <li>cumplir nuestras obligaciones legales y hacer cumplir nuestros Términos del Servicio.</li>
          </List>
          <p>
            No usamos tu información para tomar decisiones sobre ti que produzcan efectos jurídicos u otros efectos
            igualmente significativos sin que una persona de nuestro equipo las revise.
          </p>

          <SubHeading>Correos que enviamos</SubHeading>
          <List>
            <Term term="Después de presentar tu solicitud">
              un correo de confirmación a la dirección que nos diste, con los próximos pasos, los datos del piloto y cómo
              comunicarte con nosotros.
            </Term>
            <Term term="Después de escribirnos">
              un acuse de recibo a la dirección que nos diste, que cita solo el asunto de tu mensaje.
            </Term>
            <Term term="A nuestro personal">
              un breve aviso por cada nueva solicitud o mensaje, con tu nombre, tu dirección de correo electrónico, el
              formulario o el tema, la hora y un enlace al registro en nuestras herramientas internas, que solo puede
              abrir el personal que haya iniciado sesión.
            </Term>
          </List>
          <p>
            Ninguno de estos correos contiene tu edad, tu nivel de interés, tu código postal, tu número de teléfono ni el
            texto de tu mensaje: el correo electrónico no es un canal privado. Todo correo enviado a alguien que aceptó
            recibir correos de marketing incluye un enlace para dejar de recibirlos con un solo clic, que también
            funciona desde el botón para cancelar la suscripción (“Unsubscribe”) de tu aplicación de correo.
          </p>
        </>
      ),
    },
    {
      id: "how-we-share-information",
      title: "Cómo compartimos la información",
      body: (
        <>
          <p>
            <strong className="font-semibold">No vendemos tu información personal</strong>, y no la compartimos para
            publicidad dirigida a menos que des tu consentimiento. Solo compartimos información en estos casos:
          </p>
          <List>
            <Term term="Proveedores de servicios">
              Las empresas que alojan nuestros servidores y nuestra base de datos, y el servicio de envío de correo que
              manda los correos descritos en la sección 3. Solo pueden tratar la información siguiendo nuestras
              instrucciones y bajo contratos que les exigen protegerla.
            </Term>
            <Term term="Clínicas asociadas">
              Si te unes al piloto, compartimos con la clínica asociada que elijas lo que necesita para programar y
              brindarte tu atención, con tu permiso.
            </Term>
            <Term term="Medición publicitaria, con tu consentimiento">
              Si das tu consentimiento, el píxel de Meta recibe la información limitada sobre eventos que se describe en
              la sección 8. Si lo rechazas, no se envía nada a Meta.
            </Term>
            <Term term="Motivos legales">
              Cuando la ley lo exige, por ejemplo ante una citación judicial (subpoena) válida o una orden judicial, o
              cuando es necesario para proteger la seguridad de cualquier persona o defender nuestros derechos legales.
            </Term>
            <Term term="Transferencias empresariales">
              Si {brand.name} participa en una fusión, una adquisición o una venta de activos, tu información podría
              transferirse con los compromisos de esta política, y te avisaremos antes de que quede sujeta a una política
              diferente.
            </Term>
          </List>
        </>
      ),
    },
    {
      id: "hipaa",
      title: "HIPAA",
      body: (
        <>
          <p>
            La Ley de Portabilidad y Responsabilidad del Seguro Médico (HIPAA, por sus siglas en inglés: Health
            Insurance Portability and Accountability Act) protege la información de salud creada o recibida en el curso
            de la atención médica. La información que envías mediante los formularios de nuestro sitio web se usa para
            considerar tu interés en el piloto; la protegemos con el mismo nivel de exigencia que la información médica,
            se le aplique o no la HIPAA.
          </p>
          <p>
            Una vez que te inscribes en el programa y recibes atención, la información de salud que nosotros o nuestras
            clínicas asociadas manejamos en relación con tu tratamiento, el pago o las operaciones de atención médica es
            información de salud protegida. Cómo puede usarse y divulgarse, y tus derechos sobre ella, se describen en
            nuestro {hipaaNotice}. Si esta política y ese aviso difieren en cuanto a la información de salud protegida,
            se aplica el aviso.
          </p>
        </>
      ),
    },
    {
      id: "security",
      title: "Seguridad",
      body: (
        <>
          <p>Protegemos tu información con medidas que incluyen:</p>
          <List>
            <li>cifrado en tránsito: nuestro sitio web y nuestros formularios se sirven por HTTPS;</li>
            <li>
              acceso limitado según la función: el personal inicia sesión con cuentas individuales, solo el personal
              cuya función lo permite puede eliminar registros, y solo los administradores de mayor rango pueden
              gestionar las cuentas del personal;
            </li>
            <li>
              un registro de auditoría: cada vez que un miembro del personal consulta, exporta o elimina registros,
              queda anotado quién lo hizo, qué hizo y cuándo;
            </li>
            <li>
              contraseñas del personal guardadas solo como hashes con sal (salted hashes), generados con un algoritmo de
              hash moderno y lento (Argon2id), nunca en forma legible;
            </li>
            <li>
              sesiones del personal que caducan y que terminan de inmediato al cerrar sesión, al cambiar la contraseña o
              al eliminarse la cuenta;
            </li>
            <li>
              límites a la frecuencia con la que nuestros formularios y el inicio de sesión pueden usarse desde un mismo
              lugar, para frenar el abuso automatizado.
            </li>
          </List>
          <p>
            Ningún sistema es perfectamente seguro. Si una violación de seguridad afecta tu información, te lo
            notificaremos a ti y a las autoridades según lo exija la ley.
          </p>
        </>
      ),
    },
    {
      id: "your-rights",
      title: "Tus derechos",
      body: (
        <>
          <p>Vivas donde vivas, puedes pedirnos:</p>
          <List>
            <Term term="Acceso">que te digamos qué información tenemos sobre ti y te demos una copia;</Term>
            <Term term="Corrección">que corrijamos la información incorrecta o incompleta;</Term>
            <Term term="Eliminación">
              que eliminemos tu solicitud, tus mensajes y los datos guardados con ellos;
            </Term>
            <Term term="Exclusión voluntaria">
              que dejemos de enviarte correos de marketing, con el enlace de un solo clic al pie de cualquier correo
              nuestro (o escribiéndonos), y que dejemos de hacer medición publicitaria, cambiando tu elección en
              “Opciones de privacidad”, al pie de la página.
            </Term>
          </List>

          <SubHeading>Residentes de California</SubHeading>
          <p>
            Según la Ley de Privacidad del Consumidor de California, modificada por la Ley de Derechos de Privacidad de
            California (CCPA/CPRA, por sus siglas en inglés), tienes derecho a saber, acceder, corregir y eliminar tu
            información personal; a excluirte de su venta o de que se comparta para
            publicidad conductual en contextos cruzados; a limitar el uso de la información personal sensible; y a no
            recibir un trato diferente por ejercer estos derechos. No vendemos información personal, solo la compartimos
            con fines publicitarios si das tu consentimiento, y respetamos Global Privacy Control como una solicitud
            válida de exclusión. La información médica también está protegida por la Ley de Confidencialidad de la
            Información Médica de California (CMIA, por sus siglas en inglés), y tratamos la información sobre tus planes
            de fertilidad en consecuencia.
          </p>

          <SubHeading>Residentes de Washington</SubHeading>
          <p>
            Según la ley My Health My Data de Washington (Ley “Mi Salud, Mis Datos”), puedes confirmar si recopilamos,
            compartimos o vendemos tus datos de salud del consumidor, ver esos datos y una lista de los terceros con
            quienes se compartieron, retirar tu consentimiento y hacer que se eliminen tus datos. Solo recopilamos datos
            de salud del consumidor para considerar y gestionar tu participación en el piloto, solo los compartimos como
            se describe en la sección 4, y nunca los vendemos.
          </p>

          <SubHeading>Cómo ejercer tus derechos</SubHeading>
          <p>
            Escribe a <MailLink address={privacy} /> desde la dirección que usaste con nosotros y dinos qué quieres que
            hagamos. Es posible que te pidamos un dato de tu solicitud para confirmar que eres tú. También puedes
            autorizar a un representante para que haga la petición por ti. Si rechazamos una petición, te explicaremos
            por qué, y puedes apelar respondiendo a nuestra respuesta; si no estás conforme con el resultado de una
            apelación, puedes comunicarte con la oficina del fiscal general (attorney general) de tu estado.
          </p>
          <SubHeading>Cómo tramitamos una petición</SubHeading>
          <List>
            <li>
              Registramos tu petición con la fecha en que la recibimos. Respondemos a las peticiones de ver o corregir tu
              información en un plazo de {PRIVACY_DUE_DAYS.access} días desde que las recibimos, y completamos las
              peticiones de eliminación en un plazo de {PRIVACY_DUE_DAYS.erasure} días.
            </li>
            <li>
              Buscamos todo lo que tenemos asociado a tu dirección de correo electrónico, sin importar si está escrita con
              mayúsculas o minúsculas: tus solicitudes, tus mensajes de contacto, los correos que pusimos en cola o
              enviamos sobre ti, tus elecciones de consentimiento y nuestro registro de las acciones del personal sobre
              esos registros.
            </li>
            <li>
              <strong className="font-semibold">Acceso:</strong> te enviamos una copia de todo ello en un único archivo
              legible por máquina (JSON) que explica cada parte, incluidos los identificadores de atribución y de
              publicidad guardados con una solicitud.
            </li>
            <li>
              <strong className="font-semibold">Corrección:</strong> corregimos los campos que nos indiques que son
              incorrectos, comprobados con las mismas reglas que nuestros formularios. Nuestro registro anota qué campos
              cambiaron, no sus valores anteriores.
            </li>
            <li>
              <strong className="font-semibold">Eliminación:</strong> en un solo paso borramos tus solicitudes (con los
              datos guardados con ellas), tus mensajes de contacto, los correos que pusimos en cola o enviamos sobre ti, y
              tu dirección de correo electrónico en cualquier parte de nuestros registros donde aparezca. Solo conservamos
              constancia de que se realizó un borrado, de quién lo hizo y de cuándo, con una huella de tu dirección hecha
              con clave (un código unidireccional generado con una clave secreta), para poder reconocer una petición
              posterior sin conservar la dirección misma.
            </li>
            <li>
              Cada búsqueda, copia, corrección y borrado queda anotado en nuestro registro de auditoría, con quién lo hizo
              y cuándo.
            </li>
          </List>
        </>
      ),
    },
    {
      id: "cookies",
      title: "Cookies y tecnologías similares",
      body: (
        <>
          <SubHeading>Antes de que elijas, y si rechazas</SubHeading>
          <p>
            Siempre que nuestro sitio esté configurado para usar un píxel publicitario, en tu primera visita un banner de
            consentimiento te pregunta si aceptas las cookies publicitarias, y las opciones de aceptar y de rechazar se
            presentan con el mismo peso. Cuando no hay ningún píxel configurado, no se pregunta nada, porque no se envía
            nada. Hasta que aceptes, y siempre que rechaces:
          </p>
          <List>
            <li>el píxel de Meta no se carga y no se envía a Meta nada sobre tu visita;</li>
            <li>
              no se instalan cookies publicitarias (ni <code>_fbp</code> ni <code>_fbc</code>);
            </li>
            <li>nunca se le pide a tu navegador tu ubicación.</li>
          </List>
          <p>
            Si tu navegador envía una señal de <strong className="font-semibold">Global Privacy Control</strong> (GPC,
            “control global de privacidad”), la tratamos como un rechazo y no mostramos el banner para volver a
            preguntarte.
          </p>
          <p>
            Sin tu consentimiento publicitario seguimos usando en tu navegador algunos elementos propios que nunca salen
            de nuestro sitio: un registro de tu elección de privacidad, para no preguntarte en cada página; los datos de
            “cómo nos encontraste” descritos en la sección 2, guardados durante tu visita para que puedan almacenarse con
            una solicitud si envías una; y, solo para el personal, el token de inicio de sesión del área de
            administración.
          </p>

          <SubHeading>Si das tu consentimiento</SubHeading>
          <p>Si aceptas, cargamos el píxel de Meta, y este recibe únicamente:</p>
          <List>
            <li>
              eventos de página y de formulario: vistas de página, una visita con interacción tras 30 segundos en una
              página, el tiempo en la página cuando sales después de más de 10 segundos, el inicio del formulario de
              solicitud, su envío, una solicitud completada y una visita a la página de confirmación, cada uno con un
              identificador de evento aleatorio;
            </li>
            <li>
              solo después de una solicitud enviada con éxito, tu dirección de correo electrónico, tu nombre, tu apellido
              y tu estado, que el píxel convierte en hash en tu navegador antes de enviarlos, para que Meta pueda asociar
              el evento con una cuenta.
            </li>
          </List>
          <p>
            El píxel nunca recibe tu edad, tu nivel de interés, tus respuestas escritas, tu código postal ni tu número de
            teléfono, ni nada de lo que escribas en el formulario de contacto. Con tu consentimiento también le pedimos a
            tu navegador tu ubicación aproximada (de baja precisión). Si lo permites, la ubicación se guarda en el
            almacenamiento de sesión de tu navegador durante esa visita y no se guarda con tu solicitud.
          </p>

          <SubHeading>Si cambias de opinión</SubHeading>
          <p>
            Puedes cambiar tu elección en cualquier momento con el enlace “Opciones de privacidad” al pie de cada página.
            Si retiras tu consentimiento, el píxel se detiene, las cookies <code>_fbp</code> y <code>_fbc</code> se
            eliminan de nuestro sitio, tu navegador olvida la ubicación y el identificador de clic publicitario que tenía
            guardados para la visita, y los identificadores publicitarios dejan de enviarse con las solicitudes.
          </p>
        </>
      ),
    },
    {
      id: "third-party-services",
      title: "Servicios de terceros",
      body: (
        <>
          <p>
            Nuestras páginas, tipografías e imágenes se sirven desde nuestros propios servidores; no cargamos código de
            redes de distribución de contenido (CDN) de terceros. Algunas funciones involucran a otras empresas, cada una
            con su propia política de privacidad:
          </p>
          <List>
            <Term term="Meta">
              El píxel de Meta solo funciona con tu consentimiento, como se describe en la sección 8. Los términos y la
              política de privacidad de Meta rigen lo que Meta hace con los eventos que recibe.
            </Term>
            <Term term="Videos insertados">
              Algunas páginas ofrecen videos de YouTube, en su modo de privacidad mejorada, y de TikTok. Cuando se carga
              el reproductor de video de uno de estos servicios, tu navegador se conecta directamente con esa empresa y se
              aplica su política de privacidad.
            </Term>
            <Term term="Enlaces a redes sociales">
              Los enlaces a nuestros perfiles en redes sociales abren esos sitios en una pestaña nueva; lo que hagas allí
              se rige por sus políticas.
            </Term>
            <Term term="Proveedores de financiamiento">
              Si decides pagar con financiamiento, haces la solicitud directamente con el prestamista, y la política de
              privacidad del prestamista se aplica a lo que compartas con él.
            </Term>
          </List>
        </>
      ),
    },
    {
      id: "data-retention",
      title: "Conservación de datos",
      body: <DataRetention retention={retention} />,
    },
    {
      id: "international-transfers",
      title: "Transferencias internacionales",
      body: (
        <p>
          {brand.name} tiene su sede en los Estados Unidos, y nuestros servidores se encuentran allí. Si presentas una
          solicitud o nos escribes desde otro país, tu información se transfiere a los Estados Unidos y se almacena y se
          trata allí, donde las leyes de protección de datos pueden ser distintas de las del lugar donde vives. Aplicamos
          las protecciones de esta política a todas las personas, estén donde estén.
        </p>
      ),
    },
    {
      id: "children",
      title: `Menores de ${brand.pilot.minAge} años`,
      body: (
        <p>
          Nuestro sitio web y nuestro programa están dirigidos únicamente a personas adultas. Debes tener al menos{" "}
          {brand.pilot.minAge} años para presentar una solicitud, y el formulario de solicitud no acepta una edad menor.
          No recopilamos a sabiendas información de ninguna persona menor de {brand.pilot.minAge} años. Si crees que una
          persona menor de {brand.pilot.minAge} años nos ha enviado información, escribe a <MailLink address={privacy} />{" "}
          y la eliminaremos.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Cambios a esta política",
      body: (
        <p>
          Cuando nuestras prácticas cambian, actualizamos esta política y la fecha de “{t("legal.frame.lastUpdated")}”
          que aparece al principio de esta página. Si un cambio es importante, también lo anunciaremos en nuestro sitio
          web antes de que entre en vigor y, si afecta a cómo funciona la publicidad, volveremos a pedirte tu
          consentimiento. No usaremos la información que ya tenemos de una manera sustancialmente distinta sin tu
          consentimiento.
        </p>
      ),
    },
    {
      id: "contact-us",
      title: "Contacto",
      body: (
        <>
          <p>
            Las preguntas, peticiones o quejas sobre privacidad deben dirigirse a nuestro Oficial de Privacidad (Privacy
            Officer), responsable de esta política:
          </p>
          <CompanyAddress attention="Oficial de Privacidad" email={privacy} />
        </>
      ),
    },
  ];
}

/** How long each kind of record is kept: the configured periods that the daily purge enforces (as the English page says). */
export function DataRetention({ retention }: { retention: RetentionPeriods }) {
  return (
    <>
      <p>
        Conservamos los registros solo durante los plazos que se indican abajo. Una tarea programada se ejecuta todos los
        días y elimina de forma permanente todo lo que sea más antiguo, de la misma manera que una eliminación que tú
        pidas:
      </p>
      <List>
        <Term term="Solicitudes">
          <span data-retention="applications">{describeDaysEs(retention.applicationsDays)}</span> después de que las
          envías, junto con los datos de atribución, los identificadores publicitarios y la elección de marketing
          guardados con ellas, y los correos que enviamos sobre ellas.
        </Term>
        <Term term="Mensajes de contacto">
          <span data-retention="messages">{describeDaysEs(retention.messagesDays)}</span> después de que los envías,
          junto con los correos que enviamos sobre ellos.
        </Term>
        <Term term="Registro de auditoría y peticiones de privacidad">
          <span data-retention="audit">{describeDaysEs(retention.auditDays)}</span>, por motivos de seguridad y de
          rendición de cuentas; los registros de las peticiones de privacidad se conservan al menos 24 meses, como exige
          la ley de California.
        </Term>
        <Term term="Sesiones del personal y límites contra el abuso">
          Las sesiones de inicio de sesión de nuestro personal se eliminan una vez que caducan, y los contadores que
          limitan la frecuencia con la que pueden usarse nuestros formularios se eliminan una vez que termina su período.
        </Term>
      </List>
      <p>
        Si nos pides eliminar tu información antes, lo hacemos en un plazo de {PRIVACY_DUE_DAYS.erasure} días, como se
        describe en la sección 7. Las cuentas del personal se conservan mientras la persona trabaja con nosotros.
      </p>
      <p data-retention="backups">
        Cuando eliminamos tu información, también se borra de inmediato de los archivos de nuestra base de datos, de modo
        que las copias que hagamos después no conservan ningún rastro de ella. Las copias de seguridad cifradas hechas
        antes de la eliminación se reemplazan por otras más nuevas y desaparecen{" "}
        {retention.backupDays
          ? `en un plazo de ${describeDaysEs(retention.backupDays)}`
          : "en cuanto nuestro calendario de copias de seguridad las reemplaza, nunca después de los plazos indicados arriba"}
        . Si alguna vez se restaura una copia de seguridad, todas las eliminaciones hechas desde que se tomó se vuelven a
        aplicar antes de usar la copia, para que tu información no reaparezca.
      </p>
    </>
  );
}

export default function PrivacyPolicyPageEs() {
  const { retention } = useLoaderData<typeof loader>();
  const words = useSiteWords();
  const sections = policySections(retention, words);
  return (
    <LegalPage
      title={words.t("legal.privacy.title")}
      dateLabel={words.t("legal.frame.lastUpdated")}
      isoDate={brand.legal.policiesUpdated}
      englishPath={ENGLISH_PATH}
      intro={
        <p>
          Esta política se aplica al sitio web de {brand.name} y al programa piloto que describe, dirigido a un número
          limitado de mujeres menores de {brand.pilot.maxAge} años en {citiesIn(words.locale)}.
        </p>
      }
      sections={sections}
    />
  );
}
