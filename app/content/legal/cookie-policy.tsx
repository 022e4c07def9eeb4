import { siteConfig } from "~/config/site";
import { publishedLanguages } from "~/routing/paths";

/** Cookie policy: what the site stores on the visitor's device. Legal text: Spanish only. */
export function CookiePolicy() {
  // The language buttons the site shows: one per published language.
  const languageButtons = publishedLanguages()
    .map((lang) => lang.toUpperCase())
    .join(", ");
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
        {languageButtons}): recuerda el idioma que has elegido para mostrarte las páginas en él en
        tus próximas visitas. No contiene ningún otro dato.
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

      <h2>4. Cómo eliminarla</h2>
      <p>
        Puedes borrar la cookie en cualquier momento desde la configuración de tu navegador, en el
        apartado de privacidad o de datos de sitios. Si lo haces, el sitio volverá a mostrarse en
        español hasta que elijas otro idioma.
      </p>
    </>
  );
}
