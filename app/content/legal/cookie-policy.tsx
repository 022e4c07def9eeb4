import { siteConfig } from "#app/config/site.ts";
import { defaultLanguage, publishedLanguages } from "#app/routing/paths.ts";

/** The language buttons the site shows: one per published language. */
function languageButtons(): string {
  return publishedLanguages()
    .map((lang) => lang.toUpperCase())
    .join(", ");
}

/** The published languages' URL prefixes: "/en, /ca". */
function languagePrefixes(): string {
  return publishedLanguages()
    .filter((lang) => lang !== defaultLanguage)
    .map((lang) => `/${lang}`)
    .join(", ");
}

/**
 * Cookie policy: what the site stores on the visitor's device. Spanish binds; the
 * translations follow it paragraph by paragraph.
 */
export const cookiePolicy = { es: CookiePolicyEs, en: CookiePolicyEn, ca: CookiePolicyCa };

function CookiePolicyEs() {
  return (
    <>
      <h2>1. Qué son las cookies</h2>
      <p>
        Una cookie es un pequeño archivo que un sitio web guarda en tu navegador para recordar
        información entre visitas.
      </p>

      <h2>2. Qué guarda este sitio en tu dispositivo</h2>
      <p>
        Este sitio guarda una sola cookie, propia, y solo si pulsas uno de los botones de idioma (
        {languageButtons()}) o el enlace a la versión en español de un texto legal traducido:
        recuerda el idioma que has elegido. No contiene ningún otro dato.
      </p>
      <p>
        Las direcciones sin prefijo de idioma (por ejemplo, /contact) muestran las páginas en
        español, y las que empiezan por un prefijo de idioma ({languagePrefixes()}), en ese idioma.
        Si la cookie indica otro idioma, una dirección sin prefijo te lleva a la misma página en ese
        idioma, también cuando vuelves al sitio desde un enlace o un marcador.
      </p>
      <div>
        <table>
          <caption className="sr-only">Cookies que utiliza este sitio</caption>
          <thead>
            <tr>
              <th scope="col">Nombre</th>
              <th scope="col">Titular</th>
              <th scope="col">Finalidad</th>
              <th scope="col">Duración</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td data-label="Nombre">lang</td>
              <td data-label="Titular">{siteConfig.legalName} (propia)</td>
              <td data-label="Finalidad">Recordar el idioma elegido por el visitante</td>
              <td data-label="Duración">1 año</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>
        Es una cookie de personalización elegida por ti y necesaria para prestar el servicio que
        solicitas, por lo que está exenta del deber de consentimiento (artículo 22.2 de la Ley
        34/2002, LSSI-CE). Por eso este sitio no muestra un aviso de cookies.
      </p>

      <h2>3. Qué no usamos</h2>
      <p>
        No usamos cookies de analítica, de publicidad ni de redes sociales, y ningún tercero guarda
        cookies a través de este sitio. Si en el futuro el sitio guardara cualquier otra información
        en tu dispositivo, esta página lo indicará y, cuando la ley lo exija, te pediremos antes tu
        consentimiento.
      </p>
      <p>
        Las estadísticas de visitas del sitio se hacen sin cookies y sin guardar nada en tu
        dispositivo: solo se suman totales diarios en nuestro servidor, como explica la política de
        privacidad.
      </p>

      <h2>4. Cómo eliminarla</h2>
      <p>
        Puedes borrar la cookie en cualquier momento desde la configuración de tu navegador, en el
        apartado de privacidad o de datos de sitios. Si lo haces, las direcciones sin prefijo de
        idioma volverán a mostrarse en español hasta que elijas otro idioma; las que llevan prefijo
        siguen mostrándose en su idioma.
      </p>
    </>
  );
}

function CookiePolicyEn() {
  return (
    <>
      <h2>1. What cookies are</h2>
      <p>
        A cookie is a small file that a website stores in your browser to remember information
        between visits.
      </p>

      <h2>2. What this website stores on your device</h2>
      <p>
        This website stores a single cookie of its own, and only if you press one of the language
        buttons ({languageButtons()}) or the link to the Spanish version of a translated legal text:
        it remembers the language you chose. It holds no other data.
      </p>
      <p>
        Addresses without a language prefix (for example, /contact) show the pages in Spanish, and
        those starting with a language prefix ({languagePrefixes()}) show them in that language. If
        the cookie names another language, an address without a prefix takes you to the same page in
        that language, also when you come back to the site from a link or a bookmark.
      </p>
      <div className="overflow-x-auto">
        <table>
          <caption className="sr-only">Cookies this website uses</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Set by</th>
              <th scope="col">Purpose</th>
              <th scope="col">Duration</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td data-label="Name">lang</td>
              <td data-label="Set by">{siteConfig.legalName} (first party)</td>
              <td data-label="Purpose">Remembering the language the visitor chose</td>
              <td data-label="Duration">1 year</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>
        It is a preference cookie that you choose to set and that is needed to provide the service
        you ask for, so it is exempt from the consent requirement (Article 22(2) of Spain's Law
        34/2002, the LSSI-CE). That is why this website shows no cookie banner.
      </p>

      <h2>3. What we do not use</h2>
      <p>
        We use no analytics, advertising or social media cookies, and no third party stores cookies
        through this website. Should the website ever store any other information on your device,
        this page will say so and, where the law requires it, we will ask for your consent first.
      </p>
      <p>
        The website's visit statistics use no cookies and store nothing on your device: only daily
        totals are added up on our server, as the privacy policy explains.
      </p>

      <h2>4. How to delete it</h2>
      <p>
        You can delete the cookie at any time in your browser's settings, under privacy or site
        data. If you do, addresses without a language prefix will show in Spanish again until you
        choose another language; addresses with a prefix keep showing in their language.
      </p>
    </>
  );
}

function CookiePolicyCa() {
  return (
    <>
      <h2>1. Què són les galetes</h2>
      <p>
        Una galeta (cookie) és un petit fitxer que un lloc web desa al teu navegador per recordar
        informació entre visites.
      </p>

      <h2>2. Què desa aquest lloc al teu dispositiu</h2>
      <p>
        Aquest lloc desa una sola galeta, pròpia, i només si prems un dels botons d'idioma (
        {languageButtons()}) o l'enllaç a la versió en castellà d'un text legal traduït: recorda
        l'idioma que has triat. No conté cap altra dada.
      </p>
      <p>
        Les adreces sense prefix d'idioma (per exemple, /contact) mostren les pàgines en castellà, i
        les que comencen per un prefix d'idioma ({languagePrefixes()}), en aquell idioma. Si la
        galeta indica un altre idioma, una adreça sense prefix et porta a la mateixa pàgina en
        aquell idioma, també quan tornes al lloc des d'un enllaç o un marcador.
      </p>
      <div className="overflow-x-auto">
        <table>
          <caption className="sr-only">Galetes que fa servir aquest lloc</caption>
          <thead>
            <tr>
              <th scope="col">Nom</th>
              <th scope="col">Titular</th>
              <th scope="col">Finalitat</th>
              <th scope="col">Durada</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td data-label="Nom">lang</td>
              <td data-label="Titular">{siteConfig.legalName} (pròpia)</td>
              <td data-label="Finalitat">Recordar l'idioma triat pel visitant</td>
              <td data-label="Durada">1 any</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>
        És una galeta de personalització que tries tu i que és necessària per prestar el servei que
        sol·licites, per la qual cosa està exempta del deure de consentiment (article 22.2 de la
        Llei 34/2002, LSSI-CE). Per això aquest lloc no mostra cap avís de galetes.
      </p>

      <h2>3. Què no fem servir</h2>
      <p>
        No fem servir galetes d'analítica, de publicitat ni de xarxes socials, i cap tercer no desa
        galetes a través d'aquest lloc. Si en el futur el lloc desés qualsevol altra informació al
        teu dispositiu, aquesta pàgina ho indicarà i, quan la llei ho exigeixi, et demanarem abans
        el consentiment.
      </p>
      <p>
        Les estadístiques de visites del lloc es fan sense galetes i sense desar res al teu
        dispositiu: només se sumen totals diaris al nostre servidor, com explica la política de
        privadesa.
      </p>

      <h2>4. Com eliminar-la</h2>
      <p>
        Pots esborrar la galeta en qualsevol moment des de la configuració del navegador, a
        l'apartat de privadesa o de dades dels llocs. Si ho fas, les adreces sense prefix d'idioma
        tornaran a mostrar-se en castellà fins que triïs un altre idioma; les que porten prefix es
        continuen mostrant en el seu idioma.
      </p>
    </>
  );
}
