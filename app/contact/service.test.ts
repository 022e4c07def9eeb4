import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { expect, it } from "vitest";
import { siteConfig } from "#app/config/site.ts";
import { startContactService } from "#app/contact/service.server.ts";
import { parseSettings } from "#app/config/settings.server.ts";
import { openMessages } from "#tests/support/database.ts";

const day = 24 * 3600 * 1000;

it("deletes at start the messages past the retention the privacy policy states, by its clock", async () => {
  const DATABASE_PATH = path.join(mkdtempSync(path.join(tmpdir(), "service-")), "site.db");
  const now = 800_000 * day;
  const retention = siteConfig.legal.contactRetentionDays * day;
  const store = await openMessages({ path: DATABASE_PATH });
  const person = { lang: "es", name: "Ana", email: "ana@example.com", message: "Hola" };
  await store.insert({ ...person, name: "Past" }, now - retention - 1);
  await store.insert({ ...person, name: "Last day" }, now - retention);
  await store.close();

  const reopened = await openMessages({ path: DATABASE_PATH });
  const service = await startContactService(parseSettings({ DATABASE_PATH }).contact, {
    database: reopened.database,
    limits: reopened.limits,
    deliver: () => {},
    log: pino({ level: "silent" }),
    now: () => now,
  });
  await service.stop();

  expect((await reopened.list()).map((message) => message.name)).toEqual(["Last day"]);
  await reopened.close();
});
