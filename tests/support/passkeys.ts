// The owner's passkey in the browser tests: `npm run panel -- invite`, then enrolment from the
// link with Chromium's virtual authenticator (DevTools protocol), which says yes without asking.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, type Page } from "@playwright/test";
import type { Site } from "#tests/support/site.ts";
import { translator } from "#tests/e2e/support.ts";

const t = translator("es");

/** `npm run panel -- <args>` on the site's database; its output. */
async function panelCommand(database: string, args: string[]) {
  const env = database.startsWith("postgres://")
    ? { DATABASE_URL: database }
    : { DATABASE_PATH: database };
  const { stdout } = await promisify(execFile)(process.execPath, ["scripts/panel.ts", ...args], {
    env: { ...process.env, ...env },
  });
  return stdout;
}

/** A passkey authenticator built into the page's browser, which says yes without asking. */
export async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Invites `email` with the command, enrols a passkey from the link: signed in. */
export async function enrol(
  page: Page,
  site: Pick<Site, "databasePath">,
  origin: string,
  email: string,
) {
  const printed = await panelCommand(site.databasePath, ["invite", email]);
  const token = /\/panel\/enrol\?t=([\w-]+)/.exec(printed)?.[1];
  expect(token, printed).toBeTruthy();
  await addAuthenticator(page);
  await page.goto(`${origin}/panel/enrol?t=${token}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("panel.enrol.title"));
  await page.getByRole("button", { name: t("panel.enrol.button") }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("panel.messages.title"));
  return token ?? "";
}
