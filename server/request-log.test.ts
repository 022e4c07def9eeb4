import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { requestLog } from "#server/request-log.ts";

const lines: Record<string, unknown>[] = [];
let server: Server;
let url: string;
beforeAll(async () => {
  const log = pino(
    { base: undefined },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  );
  const app = express();
  app.use(requestLog(log));
  app.post("/api/contact", (_req, res) => void res.status(201).send("ok"));
  app.use(
    "/panel",
    express
      .Router()
      .get("/enrol", (_req, res) => void res.send("ok"))
      .get("/calendar/:key.ics", (_req, res) => void res.send("feed")),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

it("logs one line per request with the id the response carries, never the query or body", async () => {
  const response = await fetch(`${url}/api/contact?email=secret%40example.com`, {
    method: "POST",
    body: "message=private",
  });
  const id = response.headers.get("x-request-id");
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await expect.poll(() => lines.length).toBe(1);
  expect(lines[0]).toMatchObject({
    requestId: id,
    method: "POST",
    path: "/api/contact",
    status: 201,
  });
  expect(JSON.stringify(lines)).not.toMatch(/secret|private|127\.0\.0\.1/);
});

it("logs the whole path of a request a mounted router answers, without its query", async () => {
  await fetch(`${url}/panel/enrol?t=invitation-secret`);
  await expect.poll(() => lines.length).toBe(2);
  expect(lines[1]).toMatchObject({ method: "GET", path: "/panel/enrol", status: 200 });
  expect(JSON.stringify(lines)).not.toContain("invitation-secret");
});

it("logs the calendar feed's address without its key", async () => {
  const key = "FeedKeyFeedKeyFeedKey";
  expect(await (await fetch(`${url}/panel/calendar/${key}.ics`)).text()).toBe("feed");
  await expect.poll(() => lines.length).toBe(3);
  expect(lines[2]).toMatchObject({ method: "GET", path: "/panel/calendar/*", status: 200 });
  expect(JSON.stringify(lines)).not.toContain(key);
});

it("logs no spelling of the feed's address with its key", async () => {
  // Found by a probe: Express matches without case, the redaction matched exact case.
  const key = "AnotherFeedKeyAnotherFeedKey";
  const spellings = [
    `/panel/Calendar/${key}.ics`,
    `/PANEL/CALENDAR/${key}.ICS`,
    `/panel/calendar/${key}.ICS`,
    `/panel/calendar/${key}`,
    `/panel/calendar/${key}.ics;x`,
    `/panel//calendar/${key}.ics`,
    `/panel/%63alendar/${key}.ics`,
    `/panel%2Fcalendar/${key}.ics`,
  ];
  const before = lines.length;
  for (const spelling of spellings) await fetch(`${url}${spelling}`);
  await expect.poll(() => lines.length).toBe(before + spellings.length);
  const logged = lines.slice(before);
  expect(logged.map((line) => line["path"])).toEqual(
    Array<string>(spellings.length).fill("/panel/calendar/*"),
  );
  expect(JSON.stringify(lines).toLowerCase()).not.toContain(key.toLowerCase());
});
