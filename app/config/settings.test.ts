import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { siteConfig } from "#app/config/site.ts";
import { parseSettings } from "#app/config/settings.server.ts";

const contact = (env: Record<string, string>) => parseSettings(env).contact;
const server = (env: Record<string, string>) => parseSettings(env).server;

describe("settings", () => {
  it("has working defaults", () => {
    const settings = contact({});
    expect(settings.DATABASE_PATH).toBe("./data/site.db");
    expect(settings.SMTP_URL).toBeUndefined();
    expect(settings.CONTACT_TO).toBe(siteConfig.email);
    expect(settings.RATE_LIMIT_MAX).toBe(5);
    expect(settings.RATE_LIMIT_WINDOW_SECONDS).toBe(600);
  });

  it("reads proxies as Express understands them", () => {
    expect(() => server({ TRUST_PROXY: "true" })).toThrow(
      /TRUST_PROXY: true would trust any X-Forwarded-For.*number of proxies.*addresses/,
    );
    expect(server({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(server({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toBe("loopback");
    expect(server({ TRUST_PROXY: "FALSE" }).TRUST_PROXY).toBe(false);
    expect(server({ TRUST_PROXY: "loopback, 10.0.0.0/8, fd00::1" }).TRUST_PROXY).toBe(
      "loopback, 10.0.0.0/8, fd00::1",
    );
    for (const value of ["TRUE", " True "])
      expect(() => server({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: true would trust any X-Forwarded-For/,
      );
    for (const value of ["yes", "10.0.0.0/99", "loopback,"])
      expect(() => server({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: .*number of proxies/);
  });

  it("keeps the outbox lease well above the whole-send deadline", () => {
    expect(contact({}).SMTP_SEND_DEADLINE_SECONDS).toBeLessThanOrEqual(
      contact({}).OUTBOX_LEASE_SECONDS / 2,
    );
    expect(() => parseSettings({ OUTBOX_LEASE_SECONDS: "60" })).toThrow(
      /OUTBOX_LEASE_SECONDS: .*SMTP_SEND_DEADLINE_SECONDS.*lease 60 s, deadline 50 s/,
    );
    expect(
      contact({ OUTBOX_LEASE_SECONDS: "60", SMTP_SEND_DEADLINE_SECONDS: "30" })
        .OUTBOX_LEASE_SECONDS,
    ).toBe(60);
  });

  it("asks no third party by default, and a provider only with its address and model", () => {
    expect(parseSettings({}).ask).toMatchObject({
      ASSISTANT_PROVIDER: "none",
      ASK_RATE_LIMIT_MAX: 20,
      ASK_RATE_LIMIT_WINDOW_SECONDS: 600,
      ASSISTANT_TIMEOUT_MS: 8000,
    });
    expect(() => parseSettings({ ASSISTANT_PROVIDER: "openai-compatible" })).toThrow(
      /ASSISTANT_PROVIDER: openai-compatible needs ASSISTANT_BASE_URL and ASSISTANT_MODEL/,
    );
    expect(() =>
      parseSettings({ ASSISTANT_PROVIDER: "openai-compatible", ASSISTANT_BASE_URL: "ftp://x" }),
    ).toThrow(/ASSISTANT_BASE_URL/);
    expect(
      parseSettings({
        ASSISTANT_PROVIDER: "openai-compatible",
        ASSISTANT_BASE_URL: "http://127.0.0.1:8080",
        ASSISTANT_MODEL: "llama",
      }).ask.ASSISTANT_MODEL,
    ).toBe("llama");
  });

  it("names the variable that is wrong", () => {
    expect(() => parseSettings({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
    expect(() => parseSettings({ CONTACT_TO: "not-an-address" })).toThrow(/CONTACT_TO/);
    expect(() => parseSettings({ RATE_LIMIT_MAX: "-1" })).toThrow(/RATE_LIMIT_MAX/);
  });

  it("selects PostgreSQL only with a postgres:// DATABASE_URL", () => {
    expect(contact({}).DATABASE_URL).toBeUndefined();
    expect(contact({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
    expect(contact({ DATABASE_URL: "postgres://u:p@db:5432/site" }).DATABASE_URL).toBe(
      "postgres://u:p@db:5432/site",
    );
    expect(() => parseSettings({ DATABASE_URL: "mysql://db/site" })).toThrow(/DATABASE_URL/);
  });

  it("has defaults for the outbox lease, SMTP timeouts and the e-mail cap", () => {
    const settings = contact({});
    expect(settings.OUTBOX_LEASE_SECONDS).toBe(120);
    expect(settings.SMTP_TIMEOUT_SECONDS).toBe(20);
    expect(settings.CONTACT_MAIL_PER_HOUR).toBe(20);
    expect(settings.CONTACT_MAIL_WINDOW_SECONDS).toBe(3600);
    expect(() => parseSettings({ CONTACT_MAIL_PER_HOUR: "0" })).toThrow(/CONTACT_MAIL_PER_HOUR/);
  });

  it("accepts an SMTP URL and treats an empty one as none", () => {
    expect(contact({ SMTP_URL: "smtp://127.0.0.1:2525" }).SMTP_URL).toBe("smtp://127.0.0.1:2525");
    expect(contact({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
  });

  it("groups the server, health, log and build settings, with defaults", () => {
    const settings = parseSettings({});
    expect(settings.server).toEqual({
      HOST: "127.0.0.1",
      PORT: 3000,
      TRUST_PROXY: false,
      REQUEST_TIMEOUT_SECONDS: 30,
      HEADERS_TIMEOUT_SECONDS: 10,
      KEEP_ALIVE_TIMEOUT_SECONDS: 10,
      MAX_CONNECTIONS: 1000,
      MAX_CONNECTIONS_PER_CLIENT: 100,
    });
    expect(settings.health.HEALTH_TOKEN).toBeUndefined();
    expect(settings.log.LOG_LEVEL).toBe("info");
    expect(settings.build).toEqual({
      BUILD_DIR: "build",
      SITE_URL: siteConfig.siteUrl,
      INSIGHTS_DIR: "content/insights",
      CASE_STUDIES_DIR: "content/case-studies",
      PEOPLE_DIR: "content/people",
      BOOKING_OFFERED: false,
    });
    expect(parseSettings({ SITE_URL: "https://www.sapedrera.es/" }).build.SITE_URL).toBe(
      "https://www.sapedrera.es",
    );
    expect(
      parseSettings({ VITE_PUBLISHED_LANGUAGES: "es, en,ca,de" }).build.VITE_PUBLISHED_LANGUAGES,
    ).toBe("es,en,ca,de");
  });

  it("offers booking in the build's calls to action when building with a calendar, or when told", () => {
    const calendar = "https://calendar.example.com/private.ics";
    expect(parseSettings({ BOOKING_CALENDAR_URL: calendar }).build.BOOKING_OFFERED).toBe(true);
    expect(parseSettings({ BOOKING_OFFERED: "true" }).build.BOOKING_OFFERED).toBe(true);
    expect(
      parseSettings({ BOOKING_CALENDAR_URL: calendar, BOOKING_OFFERED: "false" }).build
        .BOOKING_OFFERED,
    ).toBe(false);
    expect(() => parseSettings({ BOOKING_OFFERED: "yes" })).toThrow(
      /BOOKING_OFFERED: must be true or false/,
    );
  });

  it("lists every wrong value on its own line, naming the variable", () => {
    const error = (() => {
      try {
        parseSettings({
          PORT: "70000",
          LOG_LEVEL: "verbose",
          SITE_URL: "www.sapedrera.es",
          VITE_PUBLISHED_LANGUAGES: "es,fr",
          REQUEST_TIMEOUT_SECONDS: "5",
          HEADERS_TIMEOUT_SECONDS: "6",
          HEALTH_TOKEN: "short",
        });
      } catch (thrown) {
        return (thrown as Error).message;
      }
    })();
    const lines = error?.split("\n").slice(1) ?? [];
    expect(lines.map((line) => line.trim().split(":")[0]).sort()).toEqual([
      "HEALTH_TOKEN",
      "LOG_LEVEL",
      "PORT",
      "SITE_URL",
      "VITE_PUBLISHED_LANGUAGES",
    ]);
    // Cross-field rules run once every field is valid.
    expect(() =>
      parseSettings({ REQUEST_TIMEOUT_SECONDS: "5", HEADERS_TIMEOUT_SECONDS: "6" }),
    ).toThrow(/HEADERS_TIMEOUT_SECONDS: must not exceed REQUEST_TIMEOUT_SECONDS/);
  });

  it("are all documented in .env.example", () => {
    const documented = readFileSync(".env.example", "utf8");
    const names = Object.values(parseSettings({})).flatMap((group) => Object.keys(group));
    expect(names).toContain("MAX_CONNECTIONS");
    // systemd sets these two; a line of them in an environment file would undo its socket.
    const setBySystemd = ["LISTEN_FDS", "LISTEN_PID"];
    for (const name of names) {
      if (setBySystemd.includes(name)) {
        expect(documented, name).not.toMatch(new RegExp(`^${name}=`, "m"));
        expect(documented, name).toMatch(new RegExp(`^#.*\\b${name}\\b`, "m"));
      } else expect(documented, name).toMatch(new RegExp(`^${name}=`, "m"));
    }
  });
});
