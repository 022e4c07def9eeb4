// The owner's panel (/panel) from the server's command line: the first invitation, and a way
// back in when every passkey is lost.
//   npm run panel -- invite <e-mail>      [--lang es|en|ca|de: the e-mail's and the output's]
//   npm run panel -- people
//   npm run panel -- remove <e-mail>
//   npm run panel -- rotate-feed          [a new address for the calls' calendar feed]
// (DATABASE_URL, else DATABASE_PATH, as the server.) The invitation's e-mail goes through the
// outbox, which the running server sends; the link is printed too, to pass on another way.
import { parseArgs } from "node:util";
import { z } from "zod";
import { settings } from "#app/config/settings.server.ts";
import { languages, type Language } from "#app/config/site.ts";
import { openStore } from "#app/contact/store.server.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { createI18n } from "#app/i18n/i18n.ts";
import { normalEmail, panelAuth, panelTimes } from "#app/panel/auth.server.ts";
import { invite } from "#app/panel/invitation.server.ts";
import { panelPath } from "#app/panel/paths.ts";
import { feedSecret, panelStore } from "#app/panel/store.server.ts";
import { madridTime } from "#app/panel/time.ts";

const usage = `Usage: npm run panel -- <command>

  invite <e-mail>                        a one-time link to enrol a passkey (expires after
                                         PANEL_INVITATION_HOURS), e-mailed and printed
  people                                 who may sign in
  remove <e-mail>                        remove someone: their passkeys and sessions too
  rotate-feed                            a new secret address for the calls' calendar feed
                                         (the old one stops working)

  --lang es|en|ca|de                     the language of the e-mail and of what is printed
                                         (default: Spanish)`;

/** Where a command prints: standard output and error, or what a test reads. */
type Terminal = { out: (text: string) => void; err: (text: string) => void };

const processTerminal: Terminal = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** Runs one panel command on the database; returns the exit code. */
export async function runPanel(
  args: string[],
  database: { url?: string; path: string },
  terminal: Terminal = processTerminal,
): Promise<number> {
  const fail = (message: string) => {
    terminal.err(`${message}\n\n${usage}\n`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { lang: { type: "string", default: "es" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
  const { positionals, values } = parsed;
  const [command, argument] = positionals;
  if (values.help) {
    terminal.out(`${usage}\n`);
    return 0;
  }
  if (!(languages as readonly string[]).includes(values.lang)) {
    return fail(`--lang must be one of ${languages.join(", ")}.`);
  }
  const lang = values.lang as Language;
  const { t } = createI18n(lang, catalogue(lang));
  const email = z.email().safeParse(normalEmail(argument ?? ""));
  if ((command === "invite" || command === "remove") && !email.success) {
    return fail(`${command} needs an e-mail address.`);
  }
  if (!["invite", "remove", "people", "rotate-feed"].includes(command ?? "")) {
    return fail(command ? `Unknown command "${command}".` : "Which command?");
  }
  const store = await openStore({ ...database, lockWaitMs: 5000 });
  try {
    const panel = panelStore(store.driver);
    const auth = panelAuth(panel, panelTimes(settings.panel));
    if (command === "invite" && email.success) {
      const { link, expiresAt } = await invite(
        {
          auth,
          db: store.driver.db,
          siteUrl: settings.build.SITE_URL,
          from: settings.contact.CONTACT_FROM,
        },
        { email: email.data, by: null, lang },
      );
      const until = madridTime(expiresAt, lang);
      terminal.out(`${t("panel.cli.invited", { email: email.data, until, link })}\n`);
    } else if (command === "remove" && email.success) {
      const person = (await panel.users()).find((user) => user.email === email.data);
      if (!person) return fail(t("panel.cli.notFound", { email: email.data }));
      await panel.removeUser(person.id);
      await auth.audit(null, "remove-person", person.email);
      terminal.out(`${t("panel.cli.removed", { email: person.email })}\n`);
    } else if (command === "rotate-feed") {
      const key = await panel.renewSecret(feedSecret);
      await auth.audit(null, "rotate-feed");
      const link = `${settings.build.SITE_URL}${panelPath}/calendar/${key}.ics`;
      terminal.out(`${t("panel.cli.feedRotated", { link })}\n`);
    } else {
      const people = await panel.users();
      if (!people.length) terminal.out(`${t("panel.cli.nobody")}\n`);
      for (const person of people) terminal.out(`${person.email}\n`);
    }
    return 0;
  } finally {
    await store.close();
  }
}

if (import.meta.main) {
  const { DATABASE_PATH, DATABASE_URL } = settings.contact;
  process.exitCode = await runPanel(process.argv.slice(2), {
    url: DATABASE_URL,
    path: DATABASE_PATH,
  }).catch((error: Error) => {
    console.error(error.message);
    return 1;
  });
}
