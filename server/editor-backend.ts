// The editor's backend on this server (CMS_BACKEND=server, docs/editing.md): Decap CMS's
// `proxy` protocol, answered by decap-server's local-git middleware on this server's working
// clone of the site's source repository. Around that engine, what it leaves to us:
// - only the simple publish mode's actions, on our branch, with every path under content/ or
//   the uploads' folder (decap-server already refuses paths outside the clone);
// - pictures only (by their first bytes, not their name), up to CMS_UPLOAD_MAX_MB;
// - one request at a time, on a clone brought up to date with the source first, so saves
//   made through any server land in the one repository;
// - each save one commit, authored by the signed-in person, pushed at once; a save of a file
//   someone else changed since this session read it is refused, in Spanish, not overwritten;
// - the deploy's webhook told of each save, as a git host would tell it of a push.
// The session, origin and form-token checks are the caller's (server/admin.ts).
import { execFile } from "node:child_process";
import { createHash, createHmac, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import decapServer from "decap-server/dist/middlewares.js";
import type { Logger } from "#app/config/log.server.ts";

const git = promisify(execFile);

/** Folders the editor may read and write, from the repository's root. */
const writable = ["content/", "public/images/uploads/"];

/** The actions of Decap's simple publish mode (no editorial workflow branches). */
const reads = new Set([
  "info",
  "entriesByFolder",
  "entriesByFiles",
  "getEntry",
  "getMedia",
  "getMediaFile",
  "getDeployPreview",
]);
const writes = new Set(["persistEntry", "persistMedia", "deleteFile", "deleteFiles"]);

/** Pictures the site's build takes, known by their first bytes. */
const pictureKinds: { name: string; test: (head: Buffer) => boolean }[] = [
  { name: "JPEG", test: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff },
  {
    name: "PNG",
    test: (head) => head.subarray(0, 8).equals(Buffer.from("89504e470d0a1a0a", "hex")),
  },
  {
    name: "WebP",
    test: (head) =>
      head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WEBP",
  },
  {
    name: "AVIF",
    test: (head) =>
      head.toString("latin1", 4, 8) === "ftyp" && /^avi[fs]$/.test(head.toString("latin1", 8, 12)),
  },
];
const pictureName = /\.(jpe?g|png|webp|avif)$/i;

/** Who saves: the signed-in person, and their session (whose reads a save is checked against). */
export type EditorPerson = { email: string; sessionKey: string };

/** An answer to the editor: its status and JSON body (`{ error }` is shown to the person). */
export type EditorAnswer = { status: number; body: unknown };

type Body = { action?: unknown; params?: Record<string, unknown> };
type Handler = (req: unknown, res: unknown, next?: () => void) => unknown;

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");
const refused = (error: string, status = 422): EditorAnswer => ({ status, body: { error } });

/** Whether `file` is a plain relative path inside one of the editor's folders. */
export function confined(file: unknown): boolean {
  if (typeof file !== "string" || file.length > 300) return false;
  if (/[\0\\]|^\/|(^|\/)\.\.?(\/|$)/.test(file)) return false;
  const folder = `${file.replace(/\/$/, "")}/`;
  return writable.some((root) => folder.startsWith(root));
}

/** Every path an action names (Decap's parameters, as decap-server's schema lists them). */
function pathsOf(params: Record<string, unknown>): unknown[] {
  const list = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : []);
  const files = [
    ...list(params["files"]),
    ...list(params["dataFiles"]),
    ...list(params["assets"]),
    ...(params["entry"] ? [params["entry"]] : []),
    ...(params["asset"] ? [params["asset"]] : []),
  ] as { path?: unknown; newPath?: unknown }[];
  return [
    ...["folder", "path", "mediaFolder"].filter((key) => key in params).map((key) => params[key]),
    ...list(params["paths"]),
    ...files.flatMap((file) => [file.path, ...(file.newPath === undefined ? [] : [file.newPath])]),
  ];
}

/** The pictures a save uploads: refused unless each is a picture within the size limit. */
function uploadProblem(params: Record<string, unknown>, maxBytes: number): string | undefined {
  const assets = [
    ...(Array.isArray(params["assets"]) ? params["assets"] : []),
    ...(params["asset"] ? [params["asset"]] : []),
  ] as { path?: string; content?: string }[];
  for (const asset of assets) {
    const name = path.posix.basename(asset.path ?? "");
    const bytes = Buffer.from(asset.content ?? "", "base64");
    const kind = pictureKinds.find((picture) => picture.test(bytes.subarray(0, 16)));
    if (!kind || !pictureName.test(name)) {
      return `«${name}» no es una imagen que la web pueda usar: sube una foto JPEG, PNG, WebP o AVIF.`;
    }
    if (bytes.length > maxBytes) {
      const mb = (size: number) =>
        (size / 1_048_576).toLocaleString("es-ES", { maximumFractionDigits: 1 });
      return `«${name}» ocupa ${mb(bytes.length)} MB y el máximo es ${mb(maxBytes)} MB: redúcela y súbela otra vez.`;
    }
  }
  return undefined;
}

/**
 * decap-server's two handlers for `repoPath`: its request schema, then its git middleware.
 * Its other middleware (CORS for any localhost, a 50 MB body parser, a request log) is left
 * out: the caller parses the body, and the editor is same-origin.
 */
async function decapHandlers(repoPath: string): Promise<Handler[]> {
  const handlers: Handler[] = [];
  // decap-server reads its repository from this variable when it registers, and only then.
  const before = process.env["GIT_REPO_DIRECTORY"];
  process.env["GIT_REPO_DIRECTORY"] = repoPath;
  try {
    await decapServer.registerLocalGit(
      { use: () => undefined, post: (_path, handler) => void handlers.push(handler) },
      // Its own log (winston, on the console): only what went wrong.
      { logLevel: "error" },
    );
  } finally {
    if (before === undefined) delete process.env["GIT_REPO_DIRECTORY"];
    else process.env["GIT_REPO_DIRECTORY"] = before;
  }
  return handlers;
}

/** Runs decap-server's handlers on a body, collecting their answer instead of sending it. */
async function answerOf(handlers: Handler[], body: Body): Promise<EditorAnswer> {
  let answer: EditorAnswer | undefined;
  const res = {
    statusCode: 200,
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    json(value: unknown) {
      answer = { status: this.statusCode, body: value };
      return this;
    },
  };
  for (const handler of handlers) {
    let passed = false;
    await handler({ body }, res, () => (passed = true));
    if (answer) return answer;
    if (!passed && handler !== handlers.at(-1)) break;
  }
  return answer ?? { status: 500, body: { error: "No answer" } };
}

export type EditorBackendOptions = {
  /** The source repository, as git reaches it. */
  source: string;
  branch: string;
  /** This server's working clone. */
  workDir: string;
  maxUploadBytes: number;
  /** The deploy's webhook, told of each save. */
  hook?: { url: string; secret: string } | undefined;
  log: Logger;
};

export async function editorBackend({
  source,
  branch,
  workDir,
  maxUploadBytes,
  hook,
  log,
}: EditorBackendOptions) {
  const repo = path.resolve(workDir);
  const run = async (...args: string[]) =>
    (await git("git", ["-C", repo, ...args], { maxBuffer: 16 << 20 })).stdout.trim();
  if (!existsSync(path.join(repo, ".git"))) {
    mkdirSync(path.dirname(repo), { recursive: true });
    await git("git", ["clone", "--quiet", "--branch", branch, "--", source, repo]);
  }
  await run("remote", "set-url", "origin", source);
  const handlers = await decapHandlers(repo);

  /** What each session last read of each file: its content's hash (null: it did not exist). */
  const seen = new Map<string, Map<string, string | null>>();
  const seenBy = (key: string) => {
    let files = seen.get(key);
    if (!files) seen.set(key, (files = new Map()));
    return files;
  };
  const currentHash = (file: string) => {
    const full = path.join(repo, file);
    return existsSync(full) ? sha256(readFileSync(full)) : null;
  };

  /** The clone as the source's branch is now: a save made through another server included. */
  async function sync() {
    await run("fetch", "--quiet", "origin", `+refs/heads/${branch}:refs/remotes/origin/${branch}`);
    await run("checkout", "--quiet", "-B", branch, `origin/${branch}`);
    await run("reset", "--quiet", "--hard", `origin/${branch}`);
    await run("clean", "--quiet", "-fd");
  }

  /** Pushes the save; a save that landed meanwhile through another server is put first. */
  async function push(): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        await run("push", "--quiet", "origin", `HEAD:refs/heads/${branch}`);
        return true;
      } catch {
        await run(
          "fetch",
          "--quiet",
          "origin",
          `+refs/heads/${branch}:refs/remotes/origin/${branch}`,
        );
        try {
          await run("rebase", "--quiet", `origin/${branch}`);
        } catch {
          await run("rebase", "--abort").catch(() => undefined);
          return false;
        }
      }
    }
    return false;
  }

  async function tellDeploy(commit: string) {
    if (!hook) return;
    const body = JSON.stringify({ ref: `refs/heads/${branch}`, after: commit, commits: [] });
    try {
      const answer = await fetch(hook.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-github-event": "push",
          "x-github-delivery": randomUUID(),
          "x-hub-signature-256": `sha256=${createHmac("sha256", hook.secret).update(body).digest("hex")}`,
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (!answer.ok)
        log.error({ status: answer.status, commit }, "the deploy hook refused a save");
    } catch (error) {
      log.error({ err: error, commit }, "the deploy hook could not be reached");
    }
  }

  /** The files a save changes that someone else changed since this session read them. */
  function changedMeanwhile(
    action: string,
    params: Record<string, unknown>,
    files: Map<string, string | null>,
  ) {
    if (action !== "persistEntry") return [];
    const dataFiles = (params["dataFiles"] ?? (params["entry"] ? [params["entry"]] : [])) as {
      path: string;
    }[];
    return dataFiles
      .map((file) => file.path)
      .filter((file) => {
        const now = currentHash(file);
        const read = files.get(file);
        return now !== null && now !== read;
      });
  }

  /** Remembers what a read answered: each file's path and hash. */
  function remember(files: Map<string, string | null>, body: unknown) {
    for (const entry of Array.isArray(body) ? body : [body]) {
      const file = (entry as { file?: { path?: unknown; id?: unknown } } | null)?.file;
      if (typeof file?.path === "string")
        files.set(file.path, typeof file.id === "string" ? file.id : null);
    }
  }

  async function handle(body: Body, person: EditorPerson): Promise<EditorAnswer> {
    const action = typeof body.action === "string" ? body.action : "";
    const params = body.params ?? {};
    if (!reads.has(action) && !writes.has(action))
      return refused("Esta acción no está disponible.");
    if (action !== "info") {
      if (typeof params !== "object" || params["branch"] !== branch)
        return refused("Rama desconocida.");
      if ((params["options"] as { useWorkflow?: unknown } | undefined)?.useWorkflow) {
        return refused("El flujo de revisión no está disponible.");
      }
      if (!pathsOf(params).every(confined)) {
        return refused("El editor solo puede leer y guardar el contenido de la web.");
      }
    }
    if (writes.has(action)) {
      const problem = uploadProblem(params, maxUploadBytes);
      if (problem) return refused(problem);
    }
    await sync();
    const files = seenBy(person.sessionKey);
    const conflicts = changedMeanwhile(action, params, files);
    if (conflicts.length > 0) {
      return refused(
        `Otra persona ha guardado cambios en este mismo contenido (${conflicts.join(", ")}) mientras lo editabas. No se ha guardado nada y lo que has escrito sigue aquí: copia tus cambios, vuelve a abrir la entrada para ver la versión nueva y aplícalos de nuevo.`,
        409,
      );
    }
    if (writes.has(action)) {
      const name = person.email.split("@")[0] || person.email;
      await run("config", "user.name", name);
      await run("config", "user.email", person.email);
    }
    const before = writes.has(action) ? await run("rev-parse", "HEAD") : "";
    const answer = await answerOf(handlers, { action, params });
    if (!writes.has(action)) {
      if (answer.status < 400) remember(files, answer.body);
      return answer;
    }
    const after = await run("rev-parse", "HEAD");
    if (answer.status >= 400 || after === before) {
      await sync();
      return answer.status >= 400 ? answer : refused("No había nada que guardar.");
    }
    if (!(await push())) {
      await sync();
      return refused(
        "Otra persona ha guardado cambios en este mismo contenido a la vez. No se ha guardado nada y lo que has escrito sigue aquí: vuelve a guardar cuando hayas revisado la versión nueva.",
        409,
      );
    }
    const commit = await run("rev-parse", "HEAD");
    log.info({ commit, by: person.email, action }, "editor save");
    // What this session wrote is what it has read: its next save of the same file goes through.
    if (action === "persistEntry") {
      const dataFiles = (params["dataFiles"] ?? [params["entry"]]) as {
        path: string;
        newPath?: string;
      }[];
      for (const file of dataFiles)
        files.set(file.newPath ?? file.path, currentHash(file.newPath ?? file.path));
    }
    void tellDeploy(commit);
    return { ...answer, body: { ...(answer.body as object), commit } };
  }

  let queue: Promise<unknown> = Promise.resolve();
  return {
    /** Answers one request of the editor; requests run one at a time. */
    handle(body: Body, person: EditorPerson): Promise<EditorAnswer> {
      const next = queue.then(() => handle(body, person));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
