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
import { openDatabase } from "#app/database/database.server.ts";
import { normalEmail, panelAuth, panelTimes } from "#app/panel/auth.server.ts";
import { invite } from "#app/panel/invitation.server.ts";
import { panelPath } from "#app/panel/paths.ts";
import { feedSecret, panelStore } from "#app/panel/store.server.ts";
import { companyDateTime } from "#app/panel/time.ts";
import { processTerminal, runCommandLine, type Terminal } from "#scripts/command-line.ts";

/** Runs one panel command on the database; returns the exit code. */
export function runPanel(
  args: string[],
  where: { url?: string; path: string },
  terminal: Terminal = processTerminal,
): Promise<number> {
  return runCommandLine("panel", args, terminal, async ({ lang, t, usage, fail }) => {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { lang: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
    const [command, argument] = positionals;
    if (values.help) {
      terminal.out(`${usage}\n`);
      return;
    }
    if (!["invite", "remove", "people", "rotate-feed"].includes(command ?? "")) {
      return fail(
        command
          ? t("panel.cli.errors.unknownCommand", { command })
          : t("panel.cli.errors.whichCommand"),
      );
    }
    const email = z.email().safeParse(normalEmail(argument ?? ""));
    if ((command === "invite" || command === "remove") && !email.success)
      fail(t("panel.cli.errors.needsEmail", { command }));
    const database = await openDatabase({ ...where, lockWaitMs: 5000 });
    try {
      const panel = panelStore(database);
      const auth = panelAuth(panel, panelTimes(settings.panel));
      if (command === "invite" && email.success) {
        const { link, expiresAt } = await invite(
          {
            auth,
            db: database.db,
            siteUrl: settings.build.SITE_URL,
            from: settings.contact.CONTACT_FROM,
          },
          { email: email.data, by: null, lang },
        );
        const until = companyDateTime(expiresAt, lang);
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
    } finally {
      await database.close();
    }
  });
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
