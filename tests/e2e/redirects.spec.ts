import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";

/**
 * Raw requests: a browser or fetch would resolve `//host` against the base URL as another
 * site, and would follow the redirect; these tests need the path sent as written.
 */
function get(baseURL: string, path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(baseURL);
  return new Promise<{ status: number; headers: Record<string, string>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest({ host: hostname, port, path, headers }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body,
          }),
        );
      });
      req.on("error", reject);
      req.end();
    },
  );
}

function expectSecurityHeaders(headers: Record<string, string>, label: string) {
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["x-frame-options"], label).toBe("DENY");
  expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(headers["content-security-policy"], label).toMatch(/^default-src 'none'/);
}

test("no path makes a redirect leave the site", async ({ baseURL }) => {
  for (const path of [
    "//evil.example/",
    "///evil.example/",
    "//evil.example",
    "/\\evil.example/",
    "/\\/evil.example/",
    "/%2F%2Fevil.example/",
    "/%5Cevil.example/",
    "/.//evil.example/",
    "//evil.example/index.html",
    "//evil.example/?next=//evil.example",
  ]) {
    const response = await get(baseURL!, path);
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers["location"] ?? "";
      expect(location, path).toMatch(/^\/(?![/\\])/);
      expect(location, path).not.toContain("\\");
      expect(new URL(location, baseURL).origin, path).toBe(new URL(baseURL!).origin);
      expectSecurityHeaders(response.headers, path);
    } else {
      expect(response.status, path).toBe(404);
    }
  }
});

test("percent-encoded paths are decoded once; invalid encodings are a 404", async ({ baseURL }) => {
  const about = await get(baseURL!, "/%61bout");
  expect(about.status).toBe(301);
  expect(about.headers["location"]).toBe("/about");
  const english = await get(baseURL!, "/en/%63ontact?x=1");
  expect(english.headers["location"]).toBe("/en/contact?x=1");
  expect((await get(baseURL!, "/%2561bout")).status).toBe(404);
  for (const path of ["/%E0%A4%A", "/en/%", "/%00", "/about%0D%0ASet-Cookie:x=1"]) {
    const response = await get(baseURL!, path);
    expect(response.status, path).toBe(404);
    expect(response.headers["content-type"], path).toMatch(/^text\/html/);
    expect(response.headers["set-cookie"], path).toBeUndefined();
  }
});

test("every redirect keeps the query string and carries the security headers", async ({
  baseURL,
}) => {
  const query = "?utm_source=news&utm_campaign=otono%202026";
  for (const [path, cookie, status, location] of [
    ["/about/", "", 301, "/about"],
    ["/en//services", "", 301, "/en/services"],
    ["/ca/index.html", "", 301, "/ca"],
    ["/about", "lang=en", 302, "/en/about"],
    ["/", "theme=dark; lang=ca", 302, "/ca"],
  ] as const) {
    const response = await get(baseURL!, path + query, cookie ? { cookie } : {});
    expect(response.status, path).toBe(status);
    expect(response.headers["location"], path).toBe(location + query);
    expectSecurityHeaders(response.headers, path);
  }
});

test("a browser following a decoded or slashed URL lands on the page", async ({ page }) => {
  await page.goto("/en/%61bout/");
  await expect(page).toHaveURL(/\/en\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
