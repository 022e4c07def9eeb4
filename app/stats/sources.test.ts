import { describe, expect, it } from "vitest";
import { classifyArrival, directSource } from "#app/stats/sources.ts";

const own = new Set(["www.example.com", "127.0.0.1:3000"]);

describe("where a visit comes from", () => {
  it("a page reached from another page of the site is not an entry", () => {
    expect(classifyArrival("", "https://www.example.com/en/about", own)).toEqual({ entry: false });
    expect(classifyArrival("?utm_source=x", "http://127.0.0.1:3000/", own)).toEqual({
      entry: false,
    });
  });
  it("no referrer: direct", () => {
    expect(classifyArrival("", "", own)).toEqual({ entry: true, source: directSource });
  });
  it("another site: its host without www and nothing else", () => {
    expect(classifyArrival("", "https://www.google.es/", own)).toEqual({
      entry: true,
      source: "google.es",
    });
    expect(classifyArrival("", "https://www.linkedin.com/feed/?trk=abc", own)).toEqual({
      entry: true,
      source: "linkedin.com",
    });
    expect(classifyArrival("", "android-app://com.google.android.gm/", own).source).toBe(
      "com.google.android.gm",
    );
  });
  it("campaign tags win over the referrer, lower-cased and cut to 60 characters", () => {
    expect(
      classifyArrival(
        "?utm_source=LinkedIn&utm_medium=social&utm_campaign=Invierno%202026",
        "https://www.linkedin.com/",
        own,
      ),
    ).toEqual({ entry: true, source: "linkedin", campaign: "linkedin / social / invierno 2026" });
    expect(classifyArrival("?utm_campaign=only", "", own)).toEqual({
      entry: true,
      source: directSource,
      campaign: "- / - / only",
    });
    const long = classifyArrival(`?utm_source=${"a".repeat(500)}`, "", own);
    expect(long.source).toHaveLength(60);
  });
  it("keeps no control or format character of a campaign or referrer (terminal escapes, bidi, zero-width)", () => {
    // The probe's link: an OSC that retitles the terminal, a bell, a colour change.
    expect(classifyArrival("?utm_source=%1b%5d0%3bpwned%07%1b%5b31mred", "", own)).toEqual({
      entry: true,
      source: "]0;pwned[31mred",
      campaign: "]0;pwned[31mred / - / -",
    });
    const hidden = classifyArrival(
      `?utm_source=${encodeURIComponent("goo\u200Bgle")}&utm_medium=${encodeURIComponent("cpc\u202E\u2066x\u2069")}&utm_campaign=${encodeURIComponent("\u009B2J\u00ADwin\uFEFFter")}`,
      "",
      own,
    );
    expect(hidden.campaign).toBe("google / cpcx / 2jwinter");
    // A name of nothing but such characters is no name.
    expect(classifyArrival(`?utm_source=%E2%80%8B%1b`, "", own)).toEqual({
      entry: true,
      source: directSource,
    });
    expect(classifyArrival("", "android-app://com.exa%1bmple\u202E/", own).source).not.toMatch(
      /[\p{Cc}\p{Cf}]/u,
    );
  });

  it("cuts a long name by characters, never inside an emoji", () => {
    const name = classifyArrival(
      `?utm_source=${"a".repeat(59)}${encodeURIComponent("👋")}`,
      "",
      own,
    );
    expect(name.source).toBe(`${"a".repeat(59)}👋`);
    expect(classifyArrival(`?utm_source=${"👋".repeat(80)}`, "", own).source).toBe("👋".repeat(60));
  });

  it("an unparsable referrer counts as none", () => {
    expect(classifyArrival("", "not a url", own)).toEqual({ entry: true, source: directSource });
  });
});
