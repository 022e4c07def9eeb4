import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import { eventually, freePort, readMessages, startSite } from "#tests/support/site.ts";

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const message = {
  name: "Operaciones",
  email: "secreto@example.com",
  message: "Texto confidencial 42",
  elapsed: "9000",
};

/** The contact form's message, sent as its script sends it (JSON answer), to `url`. */
const sendMessage = (url: string) =>
  fetch(url, {
    method: "POST",
    headers: {
      origin: new URL(url).origin,
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
    },
    body: form(message),
  });

test("/healthz reports the database, the outbox backlog and the last delivery error to this machine", async () => {
  const smtpPort = await freePort(); // nothing listens: deliveries fail
  const site = await startSite({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    OUTBOX_RETRY_BASE_SECONDS: "60",
  });
  try {
    const healthy = await fetch(`${site.url}/healthz`);
    expect(healthy.status).toBe(200);
    expect(healthy.headers.get("cache-control")).toBe("no-store");
    expect(await healthy.json()).toMatchObject({
      status: "ok",
      database: true,
      pending: 0,
      failed: 0,
      held: 0,
      delivery: "smtp",
      lastDeliveryError: null,
    });
    await sendMessage(`${site.url}/contact`);
    const report = await eventually(async () => {
      const body = (await (await fetch(`${site.url}/healthz`)).json()) as {
        pending: number;
        lastDeliveryError: { at: number; message: string } | null;
      };
      return body.lastDeliveryError ? body : undefined;
    });
    expect(report.lastDeliveryError?.message).toContain(String(smtpPort));
    // Through a proxy (the world): the status only, never the mail server's error text.
    const outside = await fetch(`${site.url}/healthz`, {
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(outside.status).toBe(200);
    const text = await outside.text();
    expect(JSON.parse(text)).toEqual({ status: "ok" });
    expect(text).not.toContain(String(smtpPort));
    expect(report.pending).toBe(1);
  } finally {
    await site.stop();
  }
});

test("/healthz details reach a monitor outside only with HEALTH_TOKEN", async () => {
  const token = "monitor-token-0123456789";
  const site = await startSite({ HEALTH_TOKEN: token, TRUST_PROXY: "loopback" });
  try {
    const outside = { "x-forwarded-for": "203.0.113.7" };
    const withToken = await fetch(`${site.url}/healthz`, {
      headers: { ...outside, authorization: `Bearer ${token}` },
    });
    expect(await withToken.json()).toMatchObject({
      status: "ok",
      database: true,
      delivery: "disabled",
    });
    const wrong = await fetch(`${site.url}/healthz`, {
      headers: { ...outside, authorization: `Bearer ${token.slice(1)}` },
    });
    expect(await wrong.json()).toEqual({ status: "ok" });
    expect(wrong.headers.get("x-content-type-options")).toBe("nosniff");
  } finally {
    await site.stop();
  }
});

test("/healthz asks a trusted proxy on this machine for the token, even without X-Forwarded-For", async () => {
  const token = "monitor-token-0123456789";
  const site = await startSite({ HEALTH_TOKEN: token, TRUST_PROXY: "loopback" });
  try {
    // A proxy on 127.0.0.1 that forwards without adding X-Forwarded-For.
    expect(await (await fetch(`${site.url}/healthz`)).json()).toEqual({ status: "ok" });
    const withToken = await fetch(`${site.url}/healthz`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await withToken.json()).toMatchObject({ status: "ok", database: true });
  } finally {
    await site.stop();
  }
});

test("TRUST_PROXY=true is refused at start with a message naming the setting", async () => {
  const error = await startSite({ TRUST_PROXY: "true" }).then(
    async (site) => {
      await site.stop(); // it started: the assertion below fails, without leaving it running
      return undefined;
    },
    (reason: unknown) => reason,
  );
  expect(String(error)).toMatch(/TRUST_PROXY: true would trust any X-Forwarded-For/);
  expect(String(error)).toMatch(/number of proxies in front \(e\.g\. 1\)/);
});

test("JSON logs carry a request id and never a message body or an e-mail address", async () => {
  const site = await startSite({ LOG_LEVEL: "info" });
  try {
    const response = await sendMessage(
      `${site.url}/contact?email=${encodeURIComponent(message.email)}`,
    );
    expect(response.status).toBe(200);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await eventually(() => site.output().includes(requestId!));
    const lines = site
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((line) => line["requestId"] === requestId)).toMatchObject({
      method: "POST",
      path: "/contact",
      status: 200,
    });
    expect(lines.some((line) => line["msg"] === "contact message stored")).toBe(true);
    expect(site.output()).not.toContain(message.email);
    expect(site.output()).not.toContain(message.message);
  } finally {
    await site.stop();
  }
});

test("SIGTERM: stops accepting, finishes the request in flight, keeps its message, exits cleanly", async () => {
  const site = await startSite();
  const body = form(message);
  const socket = connect(site.port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let answer = "";
  socket.on("data", (chunk) => (answer += chunk.toString()));
  // Half a request is in flight when the signal arrives: the server has read its headers
  // (it answers "100 Continue" then) and waits for the body...
  socket.write(
    `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${site.port}\r\nOrigin: ${site.url}\r\n` +
      `Accept: application/json\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n` +
      `Expect: 100-continue\r\nConnection: close\r\n\r\n` +
      body.slice(0, 10),
  );
  await eventually(() => answer.includes("100 Continue"));
  const exited = site.stop();
  // ...new connections are refused...
  const refused = () =>
    new Promise<boolean>((resolve) => {
      const probe = connect(site.port, "127.0.0.1");
      probe.once("connect", () => {
        probe.destroy();
        resolve(false);
      });
      probe.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
    });
  await eventually(refused);
  // ...and the request in flight still completes.
  socket.write(body.slice(10));
  await new Promise((resolve) => socket.once("close", resolve));
  expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
  expect(await exited).toBe(0);
  expect(await readMessages(site.databasePath)).toMatchObject([{ name: message.name }]);
});

test("malformed requests never get a 5xx or a stack trace", async () => {
  const site = await startSite();
  try {
    for (const [method, path, headers, body] of [
      ["GET", "/%E0%A4%A", {}, undefined],
      ["GET", "/en/%", {}, undefined],
      ["GET", "/about?%zz=1", {}, undefined],
      ["POST", "/en/contact", { "content-type": "multipart/form-data; boundary=" }, "--x\r\n"],
      [
        "POST",
        "/contact",
        { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        "name=%E0%A4%A&email=%&message=%%",
      ],
      ["POST", "/nope", { "content-type": "application/x-www-form-urlencoded" }, "a=b"],
      ["PUT", "/about", {}, "x"],
      ["DELETE", "/api/contact", {}, undefined],
    ] as const) {
      const response = await fetch(site.url + path, {
        method,
        headers: { origin: site.url, ...headers },
        body,
      });
      const text = await response.text();
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
      // A stack line or a named error ("TypeError: …"); a form's translated "Error: " title
      // prefix is no leak.
      expect(text, `${method} ${path}`).not.toMatch(/\n\s+at |\w+Error: /);
    }
  } finally {
    await site.stop();
  }
});
