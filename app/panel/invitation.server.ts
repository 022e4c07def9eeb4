// An invitation to the panel: a one-time link that expires (app/panel/auth.server.ts),
// e-mailed through the outbox like every other e-mail of the site, in the inviter's language.
// Used by `npm run panel -- invite` and by the panel's people page.
import type { Kysely } from "kysely";
import { siteConfig, type Language } from "#app/config/site.ts";
import { queueMails } from "#app/mail/store.server.ts";
import type { Tables } from "#app/database/tables.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { createI18n } from "#app/i18n/i18n.ts";
import type { PanelAuth } from "#app/panel/auth.server.ts";
import { panelPath } from "#app/panel/paths.ts";
import { companyDateTime } from "#app/panel/time.ts";

const enrolPath = `${panelPath}/enrol`;

/** Makes the invitation, queues its e-mail; resolves with the link (to print or show once). */
export async function invite(
  {
    auth,
    db,
    siteUrl,
    from,
  }: { auth: PanelAuth; db: Kysely<Tables>; siteUrl: string; from: string },
  { email, by, lang }: { email: string; by: string | null; lang: Language },
): Promise<{ link: string; expiresAt: number }> {
  const { token, expiresAt } = await auth.invite(email, by);
  const link = `${siteUrl}${enrolPath}?t=${token}`;
  const { t } = createI18n(lang, catalogue(lang));
  const text = t("panel.invitation.text", {
    site: siteConfig.name,
    link,
    until: companyDateTime(expiresAt, lang),
  });
  await queueMails(
    db,
    [
      {
        recipient: email,
        name: email,
        mail: {
          from,
          to: email,
          subject: t("panel.invitation.subject", { site: siteConfig.name }),
          text,
          // The link signs in whoever has it: kept in the outbox only until it is sent.
          oneTime: true,
        },
      },
    ],
    auth.now(),
  );
  return { link, expiresAt };
}
