import type { RequestHandler } from "express";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { createI18n } from "#app/i18n/i18n.ts";
import { parseLocalizedPath } from "#app/routing/paths.ts";

/**
 * Forms post only from our own pages. The origin a visitor sees is this server's protocol
 * and host as Express reads them: `X-Forwarded-Proto` and `X-Forwarded-Host` count only
 * when the "trust proxy" setting trusts the connecting proxy, else the socket and the raw
 * `Host`. Compared as URL origins, so a proxy that forwards `host:443` still matches
 * `https://host`. React Router would refuse a foreign origin with a bare 400; this answers first,
 * in the visitor's language. A post without Origin that the browser says comes from another
 * site (`Sec-Fetch-Site: cross-site`, or `same-site`: a sibling host, another origin all the
 * same) is refused too; without either header (a script, an old browser) it goes through.
 */
export const originGuard: RequestHandler = (req, res, next) => {
  const origin = req.get("origin");
  const site = req.get("sec-fetch-site")?.trim().toLowerCase();
  const foreign =
    origin === undefined
      ? site === "cross-site" || site === "same-site"
      : !sameOrigin(origin, `${req.protocol}://${req.host}`);
  if (!foreign) return next();
  const { lang } = parseLocalizedPath(req.path);
  res
    .status(403)
    .type("text/plain")
    .send(createI18n(lang, catalogue(lang)).t("contact.form.reasons.forbidden"));
};

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false; // "null" or garbage
  }
}
