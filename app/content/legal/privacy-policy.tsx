import { siteConfig } from "#app/config/site.ts";
import { formatAddress } from "#app/content/company.ts";
import { statsRetentionMonths } from "#app/stats/retention.ts";

/** The rate limit's window (RATE_LIMIT_WINDOW_SECONDS' default): change both together. */
const rateLimitMinutes = 10;
/** How long Debian's logrotate keeps nginx's error log (deploy/nginx.conf). */
const errorLogDays = 14;
const aepdUrl = "https://www.aepd.es";
const aepdAddress = "C/ Jorge Juan 6, 28001 Madrid";

/**
 * Privacy policy (RGPD art. 13): the contact form, e-mails written to the address,
 * messages on LinkedIn, and the site's own visit statistics (app/stats). Spanish binds; the translations follow it paragraph by paragraph.
 * The providers and transfers are Spanish facts from the site config, marked as such.
 */
export const privacyPolicy = { es: PrivacyPolicyEs, en: PrivacyPolicyEn, ca: PrivacyPolicyCa };

function PrivacyPolicyEs() {
  const { legalName, taxId, email, legal } = siteConfig;
  const days = legal.contactRetentionDays;
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
        correo electrónico y el texto de tu mensaje. Si nos escribes directamente a{" "}
        <a href={`mailto:${email}`}>{email}</a>, tratamos tu dirección de correo electrónico, el
        nombre con el que firmas y lo que nos cuentas en el mensaje. En ambos casos, con una única
        finalidad: atender tu consulta y mantener contigo la comunicación que resulte de ella. No
        elaboramos perfiles ni tomamos decisiones automatizadas con tus datos, y no los usamos para
        enviarte publicidad.
      </p>
      <p>
        Si nos escribes a través de LinkedIn, LinkedIn Ireland Unlimited Company trata tus datos
        como responsable independiente, conforme a su propia política de privacidad. Nosotros solo
        tratamos lo que nos envías, para responderte, en los términos de esta política.
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
      <p>
        Para saber qué páginas se leen y cómo se llega a ellas, el propio sitio cuenta las visitas,
        sin cookies y sin guardar nada en tu dispositivo. Cada página que abres suma uno al total
        del día de esa página en ese idioma. Si llegas desde fuera del sitio, suma además uno al
        total del día de tu procedencia (el dominio de la página desde la que llegas o, si el enlace
        los lleva, sus parámetros de campaña utm_source, utm_medium y utm_campaign) y al de tu tipo
        de dispositivo (móvil, tableta u ordenador, deducido del identificador que envía tu
        navegador). También se cuentan, por día, las direcciones del sitio que no existen y los
        mensajes recibidos por el formulario. Al terminar de cargarse, cada página envía al servidor
        un aviso con su dirección, la de la página de procedencia y si el navegador la había cargado
        por adelantado; se trata del mismo modo. No se guardan tu dirección IP, el identificador de
        tu navegador ni ningún otro dato que permita reconocerte o distinguir tu visita de las
        demás: solo esos totales diarios. No se cuentan las visitas de robots conocidos ni las de
        navegadores que envían la señal Global Privacy Control (GPC).
      </p>
      <p>Los tres campos del formulario son necesarios: sin ellos no podemos responderte.</p>

      <h2>3. Base jurídica</h2>
      <p>
        La mayoría de las consultas nos llegan de personas que escriben en nombre de la empresa u
        organización en la que trabajan, o como empresarios individuales o profesionales. En ese
        caso tratamos tus datos de contacto profesionales y tu mensaje por nuestro interés legítimo
        en atender las consultas de empresas y profesionales y mantener con ellos la relación que
        resulte (artículo 6.1.f del Reglamento (UE) 2016/679, RGPD, en relación con el artículo 19
        de la Ley Orgánica 3/2018, de 5 de diciembre, de Protección de Datos Personales y garantía
        de los derechos digitales, LOPDGDD).
      </p>
      <p>
        Si nos escribes en tu propio nombre, para pedirnos información o un presupuesto para ti, los
        tratamos para aplicar, a petición tuya, medidas precontractuales (artículo 6.1.b RGPD).
      </p>
      <p>
        La dirección IP se trata por nuestro interés legítimo en la seguridad del servicio, para
        impedir abusos y envíos masivos (artículo 6.1.f RGPD).
      </p>
      <p>
        Las estadísticas de visitas se elaboran por nuestro interés legítimo en saber cómo se usa el
        sitio para mejorarlo (artículo 6.1.f RGPD). Son propias, anónimas y solo para nosotros: no
        se combinan con otros datos, no se ceden a terceros y no siguen tu actividad en otros
        sitios. Por eso no te pedimos consentimiento para ellas: la medición de audiencia con estas
        condiciones está exenta de él según los criterios de la Agencia Española de Protección de
        Datos (2024).
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
        Los mensajes del formulario se guardan en la base de datos del sitio, que los elimina
        automáticamente {days} días después de recibirlos.
      </p>
      <p>
        Los totales diarios de las estadísticas de visitas se conservan {statsRetentionMonths} meses
        y después se eliminan automáticamente.
      </p>
      <p>
        Cada mensaje del formulario nos llega también por correo electrónico, igual que los que nos
        escribes directamente. Esas copias no se borran de forma automática: según nuestro
        procedimiento interno, las eliminamos de nuestro buzón cuando la consulta está atendida y,
        como tarde, {days} días después de recibirlas.
      </p>
      <p>
        Según el mismo procedimiento, las copias de seguridad de la base de datos se conservan{" "}
        {legal.backupRetentionDays} días y después se borran, de modo que un mensaje puede
        permanecer en ellas hasta {legal.backupRetentionDays} días más tras su eliminación.
      </p>
      <p>
        Si tu consulta da lugar a una relación comercial, conservaremos los datos necesarios
        mientras dure y, después, durante los plazos que exijan las obligaciones legales
        correspondientes.
      </p>
      <p>
        Si, cuando haya que suprimir tus datos (también porque nos lo pidas), todavía pudieran
        derivarse responsabilidades del tratamiento, los conservaremos bloqueados, como exige el
        artículo 32 LOPDGDD: apartados y sin usarlos para nada más, solo a disposición de los jueces
        y tribunales, el Ministerio Fiscal o las administraciones públicas competentes, en
        particular la Agencia Española de Protección de Datos, mientras puedan exigirse esas
        responsabilidades. Después los eliminaremos.
      </p>

      <h2>7. Tus derechos</h2>
      <p>
        Puedes ejercer en cualquier momento tus derechos de acceso, rectificación, supresión,
        limitación del tratamiento, oposición y portabilidad de tus datos. Para ello, escríbenos a{" "}
        <a href={`mailto:${email}`}>{email}</a> indicando el derecho que quieres ejercer y la
        dirección de correo electrónico con la que nos escribiste.
      </p>
      <p>
        Te responderemos en el plazo de un mes desde que recibamos tu solicitud. Ese plazo puede
        prorrogarse otros dos meses cuando sea necesario, teniendo en cuenta la complejidad y el
        número de solicitudes; si ocurre, te lo comunicaremos dentro del primer mes, con los motivos
        (artículo 12.3 RGPD).
      </p>
      <p>
        Si consideras que no hemos tratado tus datos correctamente, tienes derecho a presentar una
        reclamación ante la Agencia Española de Protección de Datos (AEPD),{" "}
        <a href={aepdUrl} rel="noopener noreferrer">
          www.aepd.es
        </a>
        , {aepdAddress}.
      </p>

      <h2>8. Seguridad</h2>
      <p>
        Aplicamos medidas técnicas y organizativas adecuadas para proteger tus datos: conexión
        cifrada, acceso restringido a los mensajes y eliminación automática de la base de datos del
        sitio al terminar el plazo de conservación.
      </p>
    </>
  );
}

function PrivacyPolicyEn() {
  const { legalName, taxId, email, legal } = siteConfig;
  const days = legal.contactRetentionDays;
  return (
    <>
      <h2>1. Data controller</h2>
      <ul>
        <li>Controller: {legalName}</li>
        <li>Tax ID (NIF): {taxId}</li>
        <li>Address: {formatAddress("en")}</li>
        <li>
          Contact email, including for data protection matters:{" "}
          <a href={`mailto:${email}`}>{email}</a>
        </li>
      </ul>

      <h2>2. What data we process and why</h2>
      <p>
        When you write to us through the contact form, we process your name, your email address and
        the text of your message. If you email us directly at{" "}
        <a href={`mailto:${email}`}>{email}</a>, we process your email address, the name you sign
        with and whatever you tell us in your message. In both cases we do so for one purpose only:
        to answer your enquiry and to carry on the conversation that follows from it. We do not
        build profiles or make automated decisions with your data, and we do not use it to send you
        advertising.
      </p>
      <p>
        If you write to us on LinkedIn, LinkedIn Ireland Unlimited Company processes your data as an
        independent controller, under its own privacy policy. We only process what you send us, in
        order to reply, as this policy describes.
      </p>
      <p>
        To protect the service against bulk submissions and abuse, we also process the IP address
        the form is sent from. It is never stored as it is: only a code derived from it with a
        secret key is kept, for the {rateLimitMinutes}-minute period of the sending limit, and it is
        deleted in the minute that follows. It is never stored with your message.
      </p>
      <p>
        The server that receives connections logs each request (date, page requested and result)
        without the IP address. Only its technical error log may contain it, for connections that
        fail, and that log is deleted after {errorLogDays} days.
      </p>
      <p>
        To know which pages are read and how people reach them, the website counts visits itself,
        without cookies and without storing anything on your device. Each page you open adds one to
        that day's total for that page in that language. If you arrive from outside the site, it
        also adds one to that day's total for where you came from (the domain of the page you came
        from or, if the link carries them, its utm_source, utm_medium and utm_campaign campaign
        parameters) and for your type of device (phone, tablet or computer, inferred from the
        identifier your browser sends). Addresses on the site that do not exist and messages
        received through the form are also counted per day. Once it has loaded, each page sends the
        server a notice with its address, the address of the page you came from and whether the
        browser had loaded it in advance; it is handled in the same way. Neither your IP address nor
        your browser's identifier is stored, nor anything else that could identify you or tell your
        visit apart from others: only those daily totals. Visits from known bots and from browsers
        that send the Global Privacy Control (GPC) signal are not counted.
      </p>
      <p>All three fields of the form are required: without them we cannot reply to you.</p>

      <h2>3. Legal basis</h2>
      <p>
        Most enquiries come from people writing on behalf of the company or organisation they work
        for, or as sole traders or self-employed professionals. In that case we process your
        business contact details and your message on the basis of our legitimate interest in
        answering enquiries from businesses and professionals and in keeping up the relationship
        that follows (Article 6(1)(f) of Regulation (EU) 2016/679, the GDPR, read with Article 19 of
        Spain's Organic Law 3/2018 of 5 December on the Protection of Personal Data and the
        Guarantee of Digital Rights, the LOPDGDD).
      </p>
      <p>
        If you write to us in your own name, asking for information or a quote for yourself, we
        process your data to take steps at your request before entering into a contract (Article
        6(1)(b) GDPR).
      </p>
      <p>
        The IP address is processed on the basis of our legitimate interest in the security of the
        service, to prevent abuse and bulk submissions (Article 6(1)(f) GDPR).
      </p>
      <p>
        Visit statistics are compiled on the basis of our legitimate interest in knowing how the
        website is used so that we can improve it (Article 6(1)(f) GDPR). They are our own,
        anonymous and for us alone: they are not combined with other data, not passed on to anyone
        and do not follow your activity on other sites. That is why we do not ask for your consent
        to them: under the criteria of the Spanish Data Protection Agency (2024), audience
        measurement under these conditions is exempt from it.
      </p>

      <h2>4. Recipients</h2>
      <p>
        We do not pass your data on to anyone unless the law requires it. To provide the service,
        the following have access to it as processors, under a contract that meets Article 28 GDPR:
      </p>
      <ul>
        <li>Website hosting: {legal.hostingProvider}.</li>
        <li>Sending and receiving email: {legal.emailProvider}.</li>
      </ul>

      <h2>5. International transfers</h2>
      <p>
        {legal.internationalTransfers ? (
          <span lang="es">{legal.internationalTransfers}</span>
        ) : (
          "We do not transfer personal data internationally: your data is processed within the European Economic Area."
        )}
      </p>

      <h2>6. How long we keep your data</h2>
      <p>
        Messages sent through the form are stored in the website's database, which deletes them
        automatically {days} days after they arrive.
      </p>
      <p>
        The daily totals of the visit statistics are kept for {statsRetentionMonths} months and then
        deleted automatically.
      </p>
      <p>
        Every message sent through the form also reaches us by email, just like the ones you send us
        directly. Those copies are not deleted automatically: under our internal procedure, we
        delete them from our mailbox once the enquiry has been dealt with and no later than {days}{" "}
        days after receiving them.
      </p>
      <p>
        Under the same procedure, backups of the database are kept for {legal.backupRetentionDays}{" "}
        days and then deleted, so a message may remain in them for up to {legal.backupRetentionDays}{" "}
        days after it has been deleted.
      </p>
      <p>
        If your enquiry leads to a business relationship, we will keep the data needed for as long
        as it lasts and, afterwards, for the periods required by the applicable legal obligations.
      </p>
      <p>
        If, when your data is due to be erased (including because you ask us to), liabilities could
        still arise from its processing, we will keep it blocked, as Article 32 LOPDGDD requires:
        set aside and not used for anything else, available only to the courts, the public
        prosecutor or the competent public authorities, in particular the Spanish Data Protection
        Agency, for as long as such liabilities can be claimed. We will then delete it.
      </p>

      <h2>7. Your rights</h2>
      <p>
        You may at any time exercise your rights of access, rectification, erasure, restriction of
        processing, objection and data portability. To do so, write to us at{" "}
        <a href={`mailto:${email}`}>{email}</a>, saying which right you wish to exercise and the
        email address you wrote to us from.
      </p>
      <p>
        We will reply within one month of receiving your request. That period may be extended by two
        further months where necessary, taking into account the complexity and number of requests;
        if so, we will tell you within the first month, with the reasons (Article 12(3) GDPR).
      </p>
      <p>
        If you believe we have not handled your data properly, you have the right to lodge a
        complaint with the Spanish Data Protection Agency (Agencia Española de Protección de Datos,
        AEPD),{" "}
        <a href={aepdUrl} rel="noopener noreferrer">
          www.aepd.es
        </a>
        , {aepdAddress}.
      </p>

      <h2>8. Security</h2>
      <p>
        We apply appropriate technical and organisational measures to protect your data: encrypted
        connections, restricted access to messages and automatic deletion from the website's
        database at the end of the retention period.
      </p>
    </>
  );
}

function PrivacyPolicyCa() {
  const { legalName, taxId, email, legal } = siteConfig;
  const days = legal.contactRetentionDays;
  return (
    <>
      <h2>1. Responsable del tractament</h2>
      <ul>
        <li>Responsable: {legalName}</li>
        <li>NIF: {taxId}</li>
        <li>Domicili: {formatAddress("ca")}</li>
        <li>
          Correu electrònic de contacte, també per a qüestions de protecció de dades:{" "}
          <a href={`mailto:${email}`}>{email}</a>
        </li>
      </ul>

      <h2>2. Quines dades tractem i amb quina finalitat</h2>
      <p>
        Quan ens escrius mitjançant el formulari de contacte, tractem el teu nom, la teva adreça de
        correu electrònic i el text del teu missatge. Si ens escrius directament a{" "}
        <a href={`mailto:${email}`}>{email}</a>, tractem la teva adreça de correu electrònic, el nom
        amb què signes i el que ens expliques en el missatge. En tots dos casos, amb una única
        finalitat: atendre la teva consulta i mantenir amb tu la comunicació que se'n derivi. No
        elaborem perfils ni prenem decisions automatitzades amb les teves dades, i no les fem servir
        per enviar-te publicitat.
      </p>
      <p>
        Si ens escrius a través de LinkedIn, LinkedIn Ireland Unlimited Company tracta les teves
        dades com a responsable independent, d'acord amb la seva pròpia política de privadesa.
        Nosaltres només tractem el que ens envies, per respondre't, en els termes d'aquesta
        política.
      </p>
      <p>
        Per protegir el servei d'enviaments massius i d'abusos, també tractem l'adreça IP des de la
        qual s'envia el formulari. No es desa mai tal qual: només un codi calculat a partir d'ella
        amb una clau secreta, durant el període del límit d'enviaments, de {rateLimitMinutes}{" "}
        minuts, i s'elimina en el minut següent. No es desa mai juntament amb el teu missatge.
      </p>
      <p>
        El servidor que rep les connexions registra cada petició (data, pàgina sol·licitada i
        resultat) sense l'adreça IP. Només el seu registre d'errors tècnics la pot contenir, per a
        les connexions que fallen, i s'esborra als {errorLogDays} dies.
      </p>
      <p>
        Per saber quines pàgines es llegeixen i com s'hi arriba, el mateix lloc compta les visites,
        sense galetes i sense desar res al teu dispositiu. Cada pàgina que obres suma u al total del
        dia d'aquella pàgina en aquell idioma. Si hi arribes des de fora del lloc, suma també u al
        total del dia de la teva procedència (el domini de la pàgina des de la qual hi arribes o, si
        l'enllaç els porta, els seus paràmetres de campanya utm_source, utm_medium i utm_campaign) i
        al del teu tipus de dispositiu (mòbil, tauleta o ordinador, deduït de l'identificador que
        envia el teu navegador). També es compten, per dia, les adreces del lloc que no existeixen i
        els missatges rebuts pel formulari. En acabar de carregar-se, cada pàgina envia al servidor
        un avís amb la seva adreça, la de la pàgina de procedència i si el navegador l'havia
        carregada per endavant; es tracta de la mateixa manera. No es desen la teva adreça IP,
        l'identificador del teu navegador ni cap altra dada que permeti reconèixer-te o distingir la
        teva visita de les altres: només aquests totals diaris. No es compten les visites de robots
        coneguts ni les de navegadors que envien el senyal Global Privacy Control (GPC).
      </p>
      <p>Els tres camps del formulari són necessaris: sense ells no et podem respondre.</p>

      <h2>3. Base jurídica</h2>
      <p>
        La majoria de consultes ens arriben de persones que escriuen en nom de l'empresa o
        organització on treballen, o com a empresaris individuals o professionals. En aquest cas
        tractem les teves dades de contacte professionals i el teu missatge pel nostre interès
        legítim a atendre les consultes d'empreses i professionals i a mantenir-hi la relació que
        se'n derivi (article 6.1.f del Reglament (UE) 2016/679, RGPD, en relació amb l'article 19 de
        la Llei orgànica 3/2018, de 5 de desembre, de protecció de dades personals i garantia dels
        drets digitals, LOPDGDD).
      </p>
      <p>
        Si ens escrius en nom propi, per demanar-nos informació o un pressupost per a tu, les
        tractem per aplicar, a petició teva, mesures precontractuals (article 6.1.b RGPD).
      </p>
      <p>
        L'adreça IP es tracta pel nostre interès legítim en la seguretat del servei, per impedir
        abusos i enviaments massius (article 6.1.f RGPD).
      </p>
      <p>
        Les estadístiques de visites s'elaboren pel nostre interès legítim a saber com s'utilitza el
        lloc per millorar-lo (article 6.1.f RGPD). Són pròpies, anònimes i només per a nosaltres: no
        es combinen amb altres dades, no es cedeixen a tercers i no segueixen la teva activitat en
        altres llocs. Per això no et demanem el consentiment per a elles: el mesurament d'audiència
        amb aquestes condicions n'està exempt segons els criteris de l'Agència Espanyola de
        Protecció de Dades (2024).
      </p>

      <h2>4. Destinataris</h2>
      <p>
        No cedim les teves dades a tercers llevat d'obligació legal. Per prestar el servei hi tenen
        accés, com a encarregats del tractament i amb un contracte d'acord amb l'article 28 RGPD:
      </p>
      <ul>
        <li>Allotjament del lloc web: {legal.hostingProvider}.</li>
        <li>Enviament i recepció de correu electrònic: {legal.emailProvider}.</li>
      </ul>

      <h2>5. Transferències internacionals</h2>
      <p>
        {legal.internationalTransfers ? (
          <span lang="es">{legal.internationalTransfers}</span>
        ) : (
          "No fem transferències internacionals de dades: les teves dades es tracten dins de l'Espai Econòmic Europeu."
        )}
      </p>

      <h2>6. Termini de conservació</h2>
      <p>
        Els missatges del formulari es desen a la base de dades del lloc, que els elimina
        automàticament {days} dies després de rebre'ls.
      </p>
      <p>
        Els totals diaris de les estadístiques de visites es conserven {statsRetentionMonths} mesos
        i després s'eliminen automàticament.
      </p>
      <p>
        Cada missatge del formulari també ens arriba per correu electrònic, igual que els que ens
        escrius directament. Aquestes còpies no s'esborren automàticament: segons el nostre
        procediment intern, les eliminem de la nostra bústia quan la consulta està atesa i, com a
        molt tard, {days} dies després de rebre-les.
      </p>
      <p>
        Segons el mateix procediment, les còpies de seguretat de la base de dades es conserven{" "}
        {legal.backupRetentionDays} dies i després s'esborren, de manera que un missatge hi pot
        romandre fins a {legal.backupRetentionDays} dies més després d'haver-se eliminat.
      </p>
      <p>
        Si la teva consulta dona lloc a una relació comercial, conservarem les dades necessàries
        mentre duri i, després, durant els terminis que exigeixin les obligacions legals
        corresponents.
      </p>
      <p>
        Si, quan s'hagin de suprimir les teves dades (també perquè ens ho demanis), encara se'n
        poguessin derivar responsabilitats del tractament, les conservarem bloquejades, com exigeix
        l'article 32 LOPDGDD: apartades i sense fer-les servir per a res més, només a disposició
        dels jutges i tribunals, el Ministeri Fiscal o les administracions públiques competents, en
        particular l'Agència Espanyola de Protecció de Dades, mentre es puguin exigir aquestes
        responsabilitats. Després les eliminarem.
      </p>

      <h2>7. Els teus drets</h2>
      <p>
        Pots exercir en qualsevol moment els drets d'accés, rectificació, supressió, limitació del
        tractament, oposició i portabilitat de les teves dades. Per fer-ho, escriu-nos a{" "}
        <a href={`mailto:${email}`}>{email}</a> indicant el dret que vols exercir i l'adreça de
        correu electrònic amb què ens vas escriure.
      </p>
      <p>
        Et respondrem en el termini d'un mes des que rebem la teva sol·licitud. Aquest termini es
        pot prorrogar dos mesos més quan sigui necessari, tenint en compte la complexitat i el
        nombre de sol·licituds; si passa, t'ho comunicarem dins del primer mes, amb els motius
        (article 12.3 RGPD).
      </p>
      <p>
        Si consideres que no hem tractat les teves dades correctament, tens dret a presentar una
        reclamació davant l'Agència Espanyola de Protecció de Dades (AEPD),{" "}
        <a href={aepdUrl} rel="noopener noreferrer">
          www.aepd.es
        </a>
        , {aepdAddress}.
      </p>

      <h2>8. Seguretat</h2>
      <p>
        Apliquem mesures tècniques i organitzatives adequades per protegir les teves dades: connexió
        xifrada, accés restringit als missatges i eliminació automàtica de la base de dades del lloc
        en acabar el termini de conservació.
      </p>
    </>
  );
}
