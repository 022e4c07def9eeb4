// The editor's backend on real git repositories: a bare source repository, and one working
// clone per server, as with two instances behind one address.
import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { log } from "#app/config/log.server.ts";
import { confined, editorBackend } from "#server/editor-backend.ts";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-C", cwd, ...args], { encoding: "utf8" }).trim();

let root: string;
let source: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "editor-backend-"));
  source = path.join(root, "source.git");
  const seed = path.join(root, "seed");
  execFileSync("git", ["init", "--quiet", "--bare", "--initial-branch=main", source]);
  mkdirSync(path.join(seed, "content/locales/es"), { recursive: true });
  mkdirSync(path.join(seed, "app"), { recursive: true });
  writeFileSync(path.join(seed, "content/locales/es/home.json"), '{"title":"Hola"}\n');
  writeFileSync(path.join(seed, "content/locales/es/about.json"), '{"title":"Nosotros"}\n');
  writeFileSync(path.join(seed, "app/secret.ts"), "export {};\n");
  git(root, "init", "--quiet", "--initial-branch=main", seed);
  git(seed, "add", ".");
  git(
    seed,
    "-c",
    "user.name=Seed",
    "-c",
    "user.email=seed@example.com",
    "commit",
    "--quiet",
    "-m",
    "seed",
  );
  git(seed, "push", "--quiet", source, "main");
});

const owner = { email: "owner@example.com", sessionKey: "session-owner" };
const second = { email: "second@example.com", sessionKey: "session-second" };

const backendIn = (name: string, hook?: { url: string; secret: string }) =>
  editorBackend({
    source,
    branch: "main",
    workDir: path.join(root, name),
    maxUploadBytes: 1024,
    hook,
    log,
  });

const read = (file: string) => ({ action: "getEntry", params: { branch: "main", path: file } });
const save = (file: string, raw: string) => ({
  action: "persistEntry",
  params: {
    branch: "main",
    dataFiles: [{ slug: "home", path: file, raw }],
    assets: [],
    options: { commitMessage: `Contenido: cambia ${file}`, useWorkflow: false, status: "draft" },
  },
});
const upload = (name: string, bytes: Buffer) => ({
  action: "persistMedia",
  params: {
    branch: "main",
    asset: {
      path: `public/images/uploads/${name}`,
      content: bytes.toString("base64"),
      encoding: "base64",
    },
    options: { commitMessage: `Contenido: sube ${name}` },
  },
});
const sourceFile = (file: string) => git(source, "show", `main:${file}`);
const png = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(64)]);

describe("confined", () => {
  it("takes paths under content/ and the uploads' folder only", () => {
    expect(confined("content/locales/es/home.json")).toBe(true);
    expect(confined("content/insights")).toBe(true);
    expect(confined("public/images/uploads/foto.png")).toBe(true);
    for (const file of [
      "app/secret.ts",
      "content/../app/secret.ts",
      "/etc/passwd",
      "content/./x",
      "contentx/a",
      "content\\..\\app",
      ".git/config",
      "",
      42,
    ]) {
      expect(confined(file), String(file)).toBe(false);
    }
  });
});

describe("the editor's backend", { timeout: 30_000 }, () => {
  it("commits a save to the source as the signed-in person, and tells the deploy", async () => {
    const secret = "a-secret-of-sixteen-or-more";
    const events: { body: string; signature: string | undefined }[] = [];
    const hook = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        events.push({ body, signature: req.headers["x-hub-signature-256"] as string | undefined });
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hooks/github`;
    try {
      const backend = await backendIn("one", { url, secret });
      const entry = await backend.handle(read("content/locales/es/home.json"), owner);
      expect(entry.body).toMatchObject({ data: '{"title":"Hola"}\n' });
      const saved = await backend.handle(
        save("content/locales/es/home.json", '{"title":"Bienvenida"}\n'),
        owner,
      );
      expect(saved.status).toBe(200);
      expect(sourceFile("content/locales/es/home.json")).toBe('{"title":"Bienvenida"}');
      expect(git(source, "log", "-1", "--format=%an <%ae>|%s", "main")).toBe(
        "owner <owner@example.com>|Contenido: cambia content/locales/es/home.json",
      );
      const commit = git(source, "rev-parse", "main");
      expect(saved.body).toMatchObject({ commit });
      await expect.poll(() => events.length).toBe(1);
      const [event] = events;
      expect(JSON.parse(event!.body)).toMatchObject({ ref: "refs/heads/main", after: commit });
      expect(event!.signature).toBe(
        `sha256=${createHmac("sha256", secret).update(event!.body).digest("hex")}`,
      );
    } finally {
      hook.close();
    }
  });

  it("lands saves made through two servers in the one source", async () => {
    const a = await backendIn("a");
    const b = await backendIn("b");
    await a.handle(read("content/locales/es/home.json"), owner);
    await b.handle(read("content/locales/es/about.json"), second);
    expect((await a.handle(save("content/locales/es/home.json", "{}\n"), owner)).status).toBe(200);
    expect((await b.handle(save("content/locales/es/about.json", "[]\n"), second)).status).toBe(
      200,
    );
    expect(sourceFile("content/locales/es/home.json")).toBe("{}");
    expect(sourceFile("content/locales/es/about.json")).toBe("[]");
    expect(git(source, "log", "--format=%ae", "main").split("\n")).toEqual([
      "second@example.com",
      "owner@example.com",
      "seed@example.com",
    ]);
  });

  it("refuses, in Spanish, a save of a file someone else saved since it was read", async () => {
    const a = await backendIn("a");
    const b = await backendIn("b");
    await a.handle(read("content/locales/es/home.json"), owner);
    await b.handle(read("content/locales/es/home.json"), second);
    expect(
      (await b.handle(save("content/locales/es/home.json", '{"title":"B"}\n'), second)).status,
    ).toBe(200);
    const late = await a.handle(save("content/locales/es/home.json", '{"title":"A"}\n'), owner);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      error: expect.stringMatching(/^Otra persona ha guardado cambios/),
    });
    expect(sourceFile("content/locales/es/home.json")).toBe('{"title":"B"}');
    // Once read again, the same person's save goes through.
    await a.handle(read("content/locales/es/home.json"), owner);
    expect(
      (await a.handle(save("content/locales/es/home.json", '{"title":"A"}\n'), owner)).status,
    ).toBe(200);
    // And their next save too: what they wrote is what they have read.
    expect(
      (await a.handle(save("content/locales/es/home.json", '{"title":"A2"}\n'), owner)).status,
    ).toBe(200);
    expect(sourceFile("content/locales/es/home.json")).toBe('{"title":"A2"}');
  });

  it("refuses paths outside the content, other branches, the review workflow and unknown actions", async () => {
    const backend = await backendIn("one");
    const head = git(source, "rev-parse", "main");
    for (const body of [
      save("app/secret.ts", "export const x = 1;\n"),
      save("content/../app/secret.ts", "x\n"),
      read(".git/config"),
      { action: "getEntry", params: { branch: "other", path: "content/locales/es/home.json" } },
      {
        ...save("content/locales/es/new.json", "{}"),
        params: { ...save("content/a.json", "{}").params, options: { useWorkflow: true } },
      },
      { action: "publishUnpublishedEntry", params: { branch: "main", collection: "x", slug: "y" } },
      { action: "--upload-pack=touch /tmp/x", params: { branch: "main" } },
    ]) {
      const answer = await backend.handle(body, owner);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect((answer.body as { error: string }).error).toMatch(/^[A-ZÁÉÍÓÚ]/);
    }
    expect(git(source, "rev-parse", "main")).toBe(head);
  });

  it("takes pictures within the limit only, known by their bytes", async () => {
    const backend = await backendIn("one");
    expect((await backend.handle(upload("foto.png", png), owner)).status).toBe(200);
    expect(git(source, "ls-tree", "--name-only", "main", "public/images/uploads/")).toBe(
      "public/images/uploads/foto.png",
    );
    const notPicture = await backend.handle(
      upload("foto.png", Buffer.from("%PDF-1.7 not a picture")),
      owner,
    );
    expect(notPicture).toMatchObject({
      status: 422,
      body: { error: expect.stringContaining("no es una imagen") },
    });
    const renamed = await backend.handle(upload("informe.pdf", png), owner);
    expect(renamed).toMatchObject({
      status: 422,
      body: { error: expect.stringContaining("no es una imagen") },
    });
    const big = await backend.handle(
      upload("grande.png", Buffer.concat([png, Buffer.alloc(2048)])),
      owner,
    );
    expect(big).toMatchObject({
      status: 422,
      body: { error: expect.stringContaining("el máximo es") },
    });
  });
});
