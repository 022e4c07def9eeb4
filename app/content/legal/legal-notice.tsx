import { siteConfig } from "#app/config/site.ts";
import { formatAddress } from "#app/content/company.ts";

/** Legal notice (aviso legal, LSSI-CE art. 10): Spanish only. */
export const legalNotice = { es: LegalNotice };

function LegalNotice() {
  const { legalName, taxId, email, registry, siteUrl, brands, brandsRelation, address } =
    siteConfig;
  const tradeNames = brandsRelation === "tradeNames";
  return (
    <>
      <h2>1. Datos identificativos</h2>
      <p>
        En cumplimiento del artículo 10 de la Ley 34/2002, de 11 de julio, de servicios de la
        sociedad de la información y de comercio electrónico (LSSI-CE), se informa de los datos del
        titular de este sitio web:
      </p>
      <ul>
        <li>Titular: {legalName}</li>
        <li>NIF: {taxId}</li>
        <li>Domicilio social: {formatAddress("es")}</li>
        <li>
          Correo electrónico: <a href={`mailto:${email}`}>{email}</a>
        </li>
        <li>Datos registrales: {registry}</li>
      </ul>
      <p>
        {tradeNames
          ? `${brands.lab} y ${brands.consultancy} son nombres comerciales de ${legalName}, que presta los servicios que se ofrecen con ellos.`
          : `${brands.lab} y ${brands.consultancy} son sociedades independientes de ${legalName}, con personalidad jurídica propia: cada una presta y contrata sus servicios en su propio nombre. ${legalName} es el único titular de este sitio web.`}
      </p>

      <h2>2. Objeto y condiciones de uso</h2>
      <p>
        El sitio web {siteUrl} informa sobre la empresa y sus servicios de consultoría tecnológica,
        desarrollo de software, automatización e inteligencia artificial. Acceder a él es gratuito y
        atribuye la condición de usuario, que acepta estas condiciones.
      </p>
      <p>
        El usuario se compromete a hacer un uso lícito del sitio y de sus contenidos y, en
        particular, a no utilizar el formulario de contacto para enviar comunicaciones masivas o
        ajenas a su finalidad, ni a introducir programas o datos que puedan dañar los sistemas del
        titular o de terceros.
      </p>

      <h2>3. Propiedad intelectual e industrial</h2>
      <p>
        Los textos, diseños, logotipos, código fuente y demás contenidos de este sitio son propiedad
        de {legalName} o se usan con licencia, y están protegidos por la normativa de propiedad
        intelectual e industrial. Los nombres {siteConfig.name}, {brands.lab} y {brands.consultancy}{" "}
        son signos distintivos {tradeNames ? "de su titular" : "de sus respectivos titulares"}.
        Queda prohibida su reproducción, distribución o transformación sin autorización expresa,
        salvo para uso personal y privado.
      </p>

      <h2>4. Responsabilidad</h2>
      <p>
        El titular procura que la información del sitio sea exacta y esté actualizada, pero no
        garantiza la ausencia de errores ni la disponibilidad ininterrumpida del sitio. Los enlaces
        a sitios de terceros se ofrecen a título informativo; el titular no responde de sus
        contenidos.
      </p>

      <h2>5. Legislación aplicable y jurisdicción</h2>
      <p>
        Estas condiciones se rigen por la legislación española. Para cualquier controversia, las
        partes se someten a los juzgados y tribunales de {address.locality}, salvo que la normativa
        aplicable, en particular la de consumidores y usuarios, disponga otro fuero.
      </p>
    </>
  );
}
