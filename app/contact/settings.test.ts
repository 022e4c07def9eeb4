import { describe, expect, it } from "vitest";
import { siteConfig } from "~/config/site";
import { loadSettings } from "./settings.server";

describe("settings", () => {
  it("has working defaults", () => {
    const settings = loadSettings({});
    expect(settings.DATABASE_PATH).toBe("./data/site.db");
    expect(settings.SMTP_URL).toBeUndefined();
    expect(settings.CONTACT_TO).toBe(siteConfig.email);
    expect(settings.TRUST_PROXY).toBe(false);
    expect(settings.RATE_LIMIT_MAX).toBe(5);
    expect(settings.RATE_LIMIT_WINDOW_SECONDS).toBe(600);
  });

  it("reads proxies as Express understands them", () => {
    expect(() => loadSettings({ TRUST_PROXY: "true" })).toThrow(
      /TRUST_PROXY: true would trust any X-Forwarded-For.*number of proxies.*addresses/,
    );
    expect(loadSettings({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadSettings({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toBe("loopback");
    expect(loadSettings({ TRUST_PROXY: "FALSE" }).TRUST_PROXY).toBe(false);
    expect(loadSettings({ TRUST_PROXY: "loopback, 10.0.0.0/8, fd00::1" }).TRUST_PROXY).toBe(
      "loopback, 10.0.0.0/8, fd00::1",
    );
    for (const value of ["TRUE", " True "])
      expect(() => loadSettings({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: true would trust any X-Forwarded-For/,
      );
    for (const value of ["yes", "10.0.0.0/99", "loopback,"])
      expect(() => loadSettings({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: .*number of proxies/,
      );
  });

  it("keeps the outbox lease well above the whole-send deadline", () => {
    expect(loadSettings({}).SMTP_SEND_DEADLINE_SECONDS).toBeLessThanOrEqual(
      loadSettings({}).OUTBOX_LEASE_SECONDS / 2,
    );
    expect(() => loadSettings({ OUTBOX_LEASE_SECONDS: "60" })).toThrow(
      /OUTBOX_LEASE_SECONDS: .*SMTP_SEND_DEADLINE_SECONDS.*lease 60 s, deadline 50 s/,
    );
    expect(
      loadSettings({ OUTBOX_LEASE_SECONDS: "60", SMTP_SEND_DEADLINE_SECONDS: "30" })
        .OUTBOX_LEASE_SECONDS,
    ).toBe(60);
  });

  it("names the variable that is wrong", () => {
    expect(() => loadSettings({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
    expect(() => loadSettings({ CONTACT_TO: "not-an-address" })).toThrow(/CONTACT_TO/);
    expect(() => loadSettings({ RATE_LIMIT_MAX: "-1" })).toThrow(/RATE_LIMIT_MAX/);
  });

  it("selects PostgreSQL only with a postgres:// DATABASE_URL", () => {
    expect(loadSettings({}).DATABASE_URL).toBeUndefined();
    expect(loadSettings({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
    expect(loadSettings({ DATABASE_URL: "postgres://u:p@db:5432/site" }).DATABASE_URL).toBe(
      "postgres://u:p@db:5432/site",
    );
    expect(() => loadSettings({ DATABASE_URL: "mysql://db/site" })).toThrow(/DATABASE_URL/);
  });

  it("has defaults for the outbox lease, SMTP timeouts and the e-mail cap", () => {
    const settings = loadSettings({});
    expect(settings.OUTBOX_LEASE_SECONDS).toBe(120);
    expect(settings.SMTP_TIMEOUT_SECONDS).toBe(20);
    expect(settings.CONTACT_MAIL_PER_HOUR).toBe(20);
    expect(settings.CONTACT_MAIL_WINDOW_SECONDS).toBe(3600);
    expect(() => loadSettings({ CONTACT_MAIL_PER_HOUR: "0" })).toThrow(/CONTACT_MAIL_PER_HOUR/);
  });

  it("accepts an SMTP URL and treats an empty one as none", () => {
    expect(loadSettings({ SMTP_URL: "smtp://127.0.0.1:2525" }).SMTP_URL).toBe(
      "smtp://127.0.0.1:2525",
    );
    expect(loadSettings({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
  });
});
