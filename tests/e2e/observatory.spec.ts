import { expect, test } from "@playwright/test";
import { prepareObservatory } from "#tests/support/observatory.ts";
import { freePort, startSite, type Site } from "#tests/support/site.ts";

// The MDN HTTP Observatory's own checks, run offline against the production server.
// HSTS and the HTTP-to-HTTPS redirect need real HTTPS: the proxy spec runs every check,
// those two included, through nginx with TLS.
const needsHttps = ["redirectionTest", "strictTransportSecurityTest"];

let site: Site;
test.beforeAll(async () => {
  prepareObservatory();
  site = await startSite();
});
test.afterAll(async () => site?.stop());

for (const page of ["/", "/en/contact", "/ca/legal"]) {
  test(`the Observatory passes every check on ${page} that plain HTTP allows`, async () => {
    const { retrieve } = await import("@mdn/mdn-http-observatory/src/retriever/retriever.js");
    const { ALL_TESTS } = await import("@mdn/mdn-http-observatory/src/constants.js");
    const unused = await freePort(); // nothing listens for HTTPS
    const retrieval = await retrieve("127.0.0.1", {
      httpPort: site.port,
      httpsPort: unused,
      path: page,
    });
    const checks = ALL_TESTS as ((r: unknown) => { result: string; pass: boolean })[];
    // Each check is a function named after what it tests ("redirectionTest", ...).
    const results = checks.map((check) => ({ name: check.name, ...check(retrieval) }));
    expect(results.map((r) => r.name)).toEqual(expect.arrayContaining(needsHttps));
    const failed = results
      .filter((r) => !r.pass && !needsHttps.includes(r.name))
      .map((r) => `${r.name}: ${r.result}`);
    expect(failed).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(10);
  });
}
