import { siteConfig, type Language } from "#app/config/site.ts";
import { languageList } from "#app/content/company.ts";
import { cookiePolicy } from "#app/content/legal/cookie-policy.tsx";
import { legalNotice } from "#app/content/legal/legal-notice.tsx";
import { privacyPolicy } from "#app/content/legal/privacy-policy.tsx";

/**
 * The statement's last review is the day the site was built (vite.config.ts), so it can
 * never claim a review older or newer than the pages it describes. Outside a build (unit
 * tests) it is today.
 */
export const reviewedOn = import.meta.env.VITE_BUILD_DATE ?? new Date().toISOString().slice(0, 10);

function reviewDate(lang: Language): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(reviewedOn),
  );
}

/** The languages a legal text exists in, named in `lang`, read from its versions. */
function availableIn(versions: object, lang: Language): string {
  return languageList(Object.keys(versions), lang);
}

/**
 * Accessibility statement (WCAG 2.2 AA / UNE-EN 301 549). It describes only the checks
 * the browser tests in tests/e2e/ really run: a11y.spec.ts, menu.spec.ts, contact.spec.ts.
 */
export const accessibilityStatement = {
  es: AccessibilityStatementEs,
  en: AccessibilityStatementEn,
  ca: AccessibilityStatementCa,
  de: AccessibilityStatementDe,
};

function AccessibilityStatementEs() {
  const { legalName, siteUrl, email } = siteConfig;
  return (
    <>
      <h2>1. Compromiso y norma de referencia</h2>
      <p>
        {legalName} quiere que su sitio web {siteUrl} pueda usarlo cualquier persona. Tomamos como
        referencia el nivel AA de las Pautas de Accesibilidad para el Contenido Web (WCAG) 2.2 y la
        norma UNE-EN 301 549, a la que remite el artículo 14.2 del Real Decreto 193/2023, de 21 de
        marzo, para las empresas que ofrecen servicios al público.
      </p>

      <h2>2. Situación de cumplimiento</h2>
      <p>
        Este sitio web es parcialmente conforme con el nivel AA de las WCAG 2.2. Lo comprobamos con
        herramientas automáticas y recorriéndolo con el teclado, pero no lo ha auditado un tercero,
        y tiene las limitaciones que se indican más abajo.
      </p>

      <h2>3. Cómo lo comprobamos</h2>
      <ul>
        <li>
          Cada página, en cada idioma publicado, pasa las reglas automáticas de axe para las WCAG
          2.0, 2.1 y 2.2 (niveles A y AA) y sus buenas prácticas, con el esquema de color claro y
          con el oscuro, a 390 píxeles de ancho (móvil) y a 1440 (escritorio).
        </li>
        <li>
          Ninguna página obliga a desplazarse en horizontal a 320, 390 ni 1440 píxeles de ancho.
        </li>
        <li>
          Con el teclado: al avanzar con el tabulador, el foco nunca queda oculto bajo la barra
          superior fija; el botón del menú del móvil indica si el menú está abierto, y el menú se
          cierra con la tecla Escape.
        </li>
        <li>
          En el formulario de contacto, con JavaScript y sin él, un resumen de errores recibe el
          foco y sus enlaces llevan a cada campo que hay que corregir; cada campo tiene su etiqueta
          y su mensaje de error asociado.
        </li>
        <li>Si tu sistema pide reducir el movimiento, las páginas no muestran animaciones.</li>
      </ul>
      <p>Estas comprobaciones forman parte de las pruebas del sitio.</p>

      <h2>4. Limitaciones conocidas</h2>
      <ul>
        <li>
          El aviso legal está solo en {availableIn(legalNotice, "es")}; la política de privacidad,
          en {availableIn(privacyPolicy, "es")}, y la política de cookies, en{" "}
          {availableIn(cookiePolicy, "es")}. En los demás idiomas se muestra el texto en español.
        </li>
        <li>
          Las notificaciones que aparecen al enviar el formulario con JavaScript se cierran solas a
          los cuatro segundos (criterio 2.2.1 de las WCAG). Los lectores de pantalla las anuncian al
          aparecer, y si el envío falla, el resumen de errores permanece en la página.
        </li>
        <li>
          No hemos probado el sitio con lectores de pantalla ni con personas usuarias con
          discapacidad.
        </li>
        <li>
          El perfil de LinkedIn al que enlazamos es un sitio de terceros, fuera de nuestro control.
        </li>
      </ul>

      <h2>5. Comunícanos un problema</h2>
      <p>
        Si encuentras una barrera de accesibilidad o necesitas alguno de nuestros contenidos en otro
        formato, escríbenos a <a href={`mailto:${email}`}>{email}</a>. Te responderemos lo antes
        posible y buscaremos contigo una alternativa mientras lo resolvemos.
      </p>

      <h2>6. Fecha de revisión</h2>
      <p>
        Esta declaración se revisó por última vez el {reviewDate("es")}, fecha en que se generó esta
        versión del sitio.
      </p>
    </>
  );
}

function AccessibilityStatementEn() {
  const { legalName, siteUrl, email } = siteConfig;
  return (
    <>
      <h2>1. Our commitment and the standard we follow</h2>
      <p>
        {legalName} wants everyone to be able to use its website, {siteUrl}. We work to level AA of
        the Web Content Accessibility Guidelines (WCAG) 2.2 and to the European standard EN 301 549
        (UNE-EN 301 549 in Spain), which Article 14(2) of Spain's Royal Decree 193/2023 of 21 March
        applies to businesses offering services to the public.
      </p>

      <h2>2. Compliance status</h2>
      <p>
        This website is partially conformant with WCAG 2.2 level AA. We check it with automated
        tools and by using it with the keyboard, but it has not been audited by a third party, and
        it has the limitations listed below.
      </p>

      <h2>3. How we check it</h2>
      <ul>
        <li>
          Every page, in every published language, passes axe's automated rules for WCAG 2.0, 2.1
          and 2.2 (levels A and AA) and its best practices, in both the light and the dark colour
          scheme, at 390 pixels wide (phone) and at 1440 (desktop).
        </li>
        <li>No page scrolls sideways at 320, 390 or 1440 pixels wide.</li>
        <li>
          With the keyboard: tabbing through a page never hides the focus under the fixed top bar;
          the phone menu button tells whether the menu is open, and the Escape key closes the menu.
        </li>
        <li>
          In the contact form, with and without JavaScript, an error summary receives the focus and
          its links lead to each field to correct; every field has its label and its error message
          attached.
        </li>
        <li>If your system asks for reduced motion, the pages show no animation.</li>
      </ul>
      <p>These checks are part of the website's tests.</p>

      <h2>4. Known limitations</h2>
      <ul>
        <li>
          The legal notice exists only in {availableIn(legalNotice, "en")}, the privacy policy in{" "}
          {availableIn(privacyPolicy, "en")}, and the cookie policy in{" "}
          {availableIn(cookiePolicy, "en")}. In other languages the Spanish text is shown.
        </li>
        <li>
          The notifications that appear when the form is sent with JavaScript close by themselves
          after four seconds (WCAG success criterion 2.2.1). Screen readers announce them when they
          appear, and if sending fails, the error summary stays on the page.
        </li>
        <li>We have not tested the website with screen readers or with disabled users.</li>
        <li>The LinkedIn profile we link to is a third-party site, outside our control.</li>
      </ul>

      <h2>5. Tell us about a problem</h2>
      <p>
        If you come across an accessibility barrier or need any of our content in another format,
        email us at <a href={`mailto:${email}`}>{email}</a>. We will reply as soon as we can and
        work out an alternative with you while we fix it.
      </p>

      <h2>6. Date of review</h2>
      <p>
        This statement was last reviewed on {reviewDate("en")}, the date this version of the website
        was built.
      </p>
    </>
  );
}

function AccessibilityStatementCa() {
  const { legalName, siteUrl, email } = siteConfig;
  return (
    <>
      <h2>1. Compromís i norma de referència</h2>
      <p>
        {legalName} vol que el seu lloc web {siteUrl} el pugui fer servir qualsevol persona. Prenem
        com a referència el nivell AA de les Pautes d'Accessibilitat per al Contingut Web (WCAG) 2.2
        i la norma UNE-EN 301 549, a la qual remet l'article 14.2 del Reial decret 193/2023, de 21
        de març, per a les empreses que ofereixen serveis al públic.
      </p>

      <h2>2. Situació de compliment</h2>
      <p>
        Aquest lloc web és parcialment conforme amb el nivell AA de les WCAG 2.2. El comprovem amb
        eines automàtiques i recorrent-lo amb el teclat, però no l'ha auditat cap tercer, i té les
        limitacions que s'indiquen més avall.
      </p>

      <h2>3. Com el comprovem</h2>
      <ul>
        <li>
          Cada pàgina, en cada idioma publicat, passa les regles automàtiques d'axe per a les WCAG
          2.0, 2.1 i 2.2 (nivells A i AA) i les seves bones pràctiques, amb l'esquema de color clar
          i amb el fosc, a 390 píxels d'amplada (mòbil) i a 1440 (escriptori).
        </li>
        <li>
          Cap pàgina obliga a desplaçar-se horitzontalment a 320, 390 ni 1440 píxels d'amplada.
        </li>
        <li>
          Amb el teclat: en avançar amb el tabulador, el focus no queda mai amagat sota la barra
          superior fixa; el botó del menú del mòbil indica si el menú és obert, i el menú es tanca
          amb la tecla Escape.
        </li>
        <li>
          Al formulari de contacte, amb JavaScript i sense, un resum d'errors rep el focus i els
          seus enllaços porten a cada camp que cal corregir; cada camp té la seva etiqueta i el seu
          missatge d'error associat.
        </li>
        <li>Si el teu sistema demana reduir el moviment, les pàgines no mostren animacions.</li>
      </ul>
      <p>Aquestes comprovacions formen part de les proves del lloc.</p>

      <h2>4. Limitacions conegudes</h2>
      <ul>
        <li>
          L'avís legal només és en {availableIn(legalNotice, "ca")}; la política de privadesa, en{" "}
          {availableIn(privacyPolicy, "ca")}, i la política de galetes, en{" "}
          {availableIn(cookiePolicy, "ca")}. En els altres idiomes es mostra el text en castellà.
        </li>
        <li>
          Les notificacions que apareixen en enviar el formulari amb JavaScript es tanquen soles als
          quatre segons (criteri 2.2.1 de les WCAG). Els lectors de pantalla les anuncien quan
          apareixen, i si l'enviament falla, el resum d'errors roman a la pàgina.
        </li>
        <li>
          No hem provat el lloc amb lectors de pantalla ni amb persones usuàries amb discapacitat.
        </li>
        <li>
          El perfil de LinkedIn al qual enllacem és un lloc de tercers, fora del nostre control.
        </li>
      </ul>

      <h2>5. Comunica'ns un problema</h2>
      <p>
        Si trobes una barrera d'accessibilitat o necessites algun dels nostres continguts en un
        altre format, escriu-nos a <a href={`mailto:${email}`}>{email}</a>. Et respondrem tan aviat
        com puguem i buscarem amb tu una alternativa mentre ho resolem.
      </p>

      <h2>6. Data de revisió</h2>
      <p>
        Aquesta declaració es va revisar per última vegada el {reviewDate("ca")}, data en què es va
        generar aquesta versió del lloc.
      </p>
    </>
  );
}

function AccessibilityStatementDe() {
  const { legalName, siteUrl, email } = siteConfig;
  return (
    <>
      <h2>1. Unser Anspruch und der zugrunde gelegte Standard</h2>
      <p>
        {legalName} möchte, dass alle Menschen die Website {siteUrl} nutzen können. Maßstab sind die
        Konformitätsstufe AA der Web Content Accessibility Guidelines (WCAG) 2.2 und die europäische
        Norm EN 301 549 (in Spanien UNE-EN 301 549), auf die Artikel 14 Absatz 2 des spanischen
        Königlichen Dekrets 193/2023 vom 21. März Unternehmen verweist, die Dienstleistungen für die
        Öffentlichkeit anbieten.
      </p>

      <h2>2. Stand der Vereinbarkeit</h2>
      <p>
        Diese Website ist teilweise mit den WCAG 2.2, Stufe AA, vereinbar. Wir prüfen sie mit
        automatischen Werkzeugen und durch Bedienung mit der Tastatur; ein Audit durch Dritte hat
        nicht stattgefunden, und es gibt die unten genannten Einschränkungen.
      </p>

      <h2>3. Wie wir prüfen</h2>
      <ul>
        <li>
          Jede Seite besteht in jeder veröffentlichten Sprache die automatischen axe-Regeln für die
          WCAG 2.0, 2.1 und 2.2 (Stufen A und AA) sowie die Best Practices von axe – im hellen und
          im dunklen Farbschema, bei 390 Pixel Breite (Smartphone) und bei 1440 (Desktop).
        </li>
        <li>Keine Seite erfordert horizontales Scrollen bei 320, 390 oder 1440 Pixel Breite.</li>
        <li>
          Mit der Tastatur: Beim Navigieren mit der Tabulatortaste wird der Fokus nie von der fest
          stehenden oberen Leiste verdeckt; die Menüschaltfläche auf dem Smartphone gibt an, ob das
          Menü geöffnet ist, und die Escape-Taste schließt es.
        </li>
        <li>
          Im Kontaktformular erhält mit und ohne JavaScript eine Fehlerübersicht den Fokus, deren
          Links zu jedem zu korrigierenden Feld führen; jedes Feld hat seine Beschriftung und seine
          zugeordnete Fehlermeldung.
        </li>
        <li>Wenn Ihr System reduzierte Bewegung anfordert, zeigen die Seiten keine Animationen.</li>
      </ul>
      <p>Diese Prüfungen sind Teil der Tests der Website.</p>

      <h2>4. Bekannte Einschränkungen</h2>
      <ul>
        <li>
          Das Impressum gibt es nur auf {availableIn(legalNotice, "de")}, die Datenschutzerklärung
          auf {availableIn(privacyPolicy, "de")} und die Cookie-Richtlinie auf{" "}
          {availableIn(cookiePolicy, "de")}. In den anderen Sprachen wird der spanische Text
          angezeigt.
        </li>
        <li>
          Die Benachrichtigungen, die beim Senden des Formulars mit JavaScript erscheinen, schließen
          sich nach vier Sekunden von selbst (WCAG-Erfolgskriterium 2.2.1). Screenreader kündigen
          sie beim Erscheinen an, und schlägt das Senden fehl, bleibt die Fehlerübersicht auf der
          Seite.
        </li>
        <li>
          Wir haben die Website weder mit Screenreadern noch mit Nutzerinnen und Nutzern mit
          Behinderungen getestet.
        </li>
        <li>
          Das verlinkte LinkedIn-Profil ist eine Website Dritter, auf die wir keinen Einfluss haben.
        </li>
      </ul>

      <h2>5. Melden Sie uns ein Problem</h2>
      <p>
        Wenn Sie auf eine Barriere stoßen oder Inhalte in einem anderen Format benötigen, schreiben
        Sie uns an <a href={`mailto:${email}`}>{email}</a>. Wir antworten so bald wie möglich und
        suchen mit Ihnen eine Alternative, bis das Problem behoben ist.
      </p>

      <h2>6. Datum der Überprüfung</h2>
      <p>
        Diese Erklärung wurde zuletzt am {reviewDate("de")} überprüft, dem Tag, an dem diese Version
        der Website erstellt wurde.
      </p>
    </>
  );
}
