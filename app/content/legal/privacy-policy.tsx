import { siteConfig } from "~/config/site";
import { formatAddress } from "~/content/company";

/** The rate limit's window (RATE_LIMIT_WINDOW_SECONDS' default): change both together. */
const rateLimitMinutes = 10;
/** How long Debian's logrotate keeps nginx's error log (deploy/nginx.conf). */
const errorLogDays = 14;

/** Privacy policy (RGPD art. 13) for the contact form. Legal text: Spanish only. */
export function PrivacyPolicy() {
  const { legalName, taxId, email, legal } = siteConfig;
  return (
    <>
      <h2>1. Responsable del tratamiento</h2>
      <ul>
        <li>Responsable: {legalName}</li>
        <li>NIF: {taxId}</li>
        <li>Domicilio: {formatAddress("es")}</li>
        <li>
          Correo electrónico de contacto, también para cuestiones de protección de datos:{" "}
          <a href={`mailto:${email}`}>{email}</a>
        </li>
      </ul>

      <h2>2. Qué datos tratamos y con qué finalidad</h2>
      <p>
        Cuando nos escribes mediante el formulario de contacto tratamos tu nombre, tu dirección de
        correo electrónico y el texto de tu mensaje con una única finalidad: atender tu consulta y
        mantener contigo la comunicación que resulte de ella. No elaboramos perfiles ni tomamos
        decisiones automatizadas con tus datos, y no los usamos para enviarte publicidad.
      </p>
      <p>
        Para proteger el servicio frente a envíos masivos y abusos tratamos también la dirección IP
        desde la que se envía el formulario. Nunca se guarda en claro: solo un código calculado a
        partir de ella con una clave secreta, durante el periodo del límite de envíos, de{" "}
        {rateLimitMinutes} minutos, y se elimina en el minuto siguiente. Nunca se guarda junto con
        tu mensaje.
      </p>
      <p>
        El servidor que recibe las conexiones registra cada petición (fecha, página solicitada y
        resultado) sin la dirección IP. Solo su registro de errores técnicos puede contenerla, para
        las conexiones que fallan, y se borra a los {errorLogDays} días.
      </p>
      <p>Los tres campos del formulario son necesarios: sin ellos no podemos responderte.</p>

      <h2>3. Base jurídica</h2>
      <p>
        Tratamos tus datos porque tú nos los facilitas para que respondamos a tu solicitud, lo que
        constituye la aplicación de medidas precontractuales a petición del interesado (artículo
        6.1.b del Reglamento (UE) 2016/679, RGPD), y por nuestro interés legítimo en atender las
        consultas que recibimos (artículo 6.1.f RGPD). La dirección IP se trata por nuestro interés
        legítimo en la seguridad del servicio, para impedir abusos y envíos masivos (artículo 6.1.f
        RGPD).
      </p>

      <h2>4. Destinatarios</h2>
      <p>
        No cedemos tus datos a terceros salvo obligación legal. Para prestar el servicio acceden a
        ellos, como encargados del tratamiento y con contrato conforme al artículo 28 RGPD:
      </p>
      <ul>
        <li>Alojamiento del sitio web: {legal.hostingProvider}.</li>
        <li>Envío y recepción de correo electrónico: {legal.emailProvider}.</li>
      </ul>

      <h2>5. Transferencias internacionales</h2>
      <p>
        {legal.internationalTransfers ||
          "No realizamos transferencias internacionales de datos: tus datos se tratan dentro del Espacio Económico Europeo."}
      </p>

      <h2>6. Plazo de conservación</h2>
      <p>
        Conservamos cada mensaje durante {legal.contactRetentionDays} días desde su recepción;
        pasado ese plazo se elimina automáticamente de la base de datos del sitio. Cada mensaje
        también nos llega por correo electrónico: esa copia se borra de nuestro buzón con el mismo
        plazo de {legal.contactRetentionDays} días. Las copias de seguridad de la base de datos se
        conservan {legal.backupRetentionDays} días y después se borran, de modo que un mensaje puede
        permanecer en ellas hasta {legal.backupRetentionDays} días más tras su eliminación. Si tu
        consulta da lugar a una relación comercial, los datos necesarios se conservarán durante el
        tiempo que exijan las obligaciones legales correspondientes.
      </p>

      <h2>7. Tus derechos</h2>
      <p>
        Puedes ejercer en cualquier momento tus derechos de acceso, rectificación, supresión,
        limitación del tratamiento, oposición y portabilidad de tus datos. Para ello, escríbenos a{" "}
        <a href={`mailto:${email}`}>{email}</a> indicando el derecho que quieres ejercer y la
        dirección de correo electrónico con la que nos escribiste. Te responderemos en el plazo de
        un mes.
      </p>
      <p>
        Si consideras que no hemos tratado tus datos correctamente, tienes derecho a presentar una
        reclamación ante la Agencia Española de Protección de Datos (AEPD),{" "}
        <a href="https://www.aepd.es" rel="noopener noreferrer">
          www.aepd.es
        </a>
        , C/ Jorge Juan 6, 28001 Madrid.
      </p>

      <h2>8. Seguridad</h2>
      <p>
        Aplicamos medidas técnicas y organizativas adecuadas para proteger tus datos: conexión
        cifrada, acceso restringido a los mensajes y eliminación automática al terminar el plazo de
        conservación.
      </p>
    </>
  );
}
