// The content editor, bundled by the build from the pinned npm packages so the page loads
// nothing from any other site. Its configuration is /admin/config.json; it names the engine:
// - the `proxy` backend (CMS_BACKEND=server): Decap CMS, whose saves this server commits
//   (server/editor-backend.ts), for the person signed in to the panel;
// - a git host or the trial backend: Sveltia CMS, which talks to the host itself.
// Each is its own chunk: the page loads only the one it uses.
export {};

const configAnswer = await fetch("/admin/config.json", { cache: "no-cache" });
const config = (await configAnswer.json()) as { backend: { name: string } };

/**
 * Every request to this server's backend carries the panel session's form token (server/admin.ts
 * refuses one without it); Decap's proxy backend sends plain JSON posts, so the token is added
 * here, to those posts only.
 */
async function sendPanelToken() {
  const { token } = (await (await fetch("/admin/session.json", { cache: "no-store" })).json()) as {
    token: string;
  };
  const send = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.origin !== location.origin || url.pathname !== "/admin/api/v1")
      return send(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : {}));
    headers.set("x-panel-token", token);
    return send(input, { ...init, headers });
  };
}

async function startDecap() {
  await sendPanelToken();
  const [{ default: CMS }, { es, ca }] = await Promise.all([
    import("decap-cms-app"),
    import("decap-cms-locales"),
  ]);
  // The person signed in to the panel with their passkey already: Decap's own "sign in"
  // button (its proxy backend has no credentials) is skipped by telling it so.
  localStorage.setItem("decap-cms-user", JSON.stringify({ backendName: "proxy" }));
  CMS.registerLocale("es", es);
  CMS.registerLocale("ca", ca);
  CMS.init({ config: { ...config, locale: "es" } as never });
}

/**
 * The trial backend (CMS_BACKEND=test-repo) keeps its files in the browser's private storage,
 * which starts empty: an owner trying the editor would find nothing to edit. The server offers
 * the site's own content files for it, written there once, before the editor starts; what the
 * owner changed in an earlier trial is kept.
 */
async function fillTrialRepository() {
  const answer = await fetch("/admin/trial-content.json");
  if (!answer.ok) return;
  const files = (await answer.json()) as Record<string, string>;
  const root = await navigator.storage.getDirectory();
  const trial = await root.getDirectoryHandle("sveltia-cms-test", { create: true });
  for await (const _ of trial.keys()) return;
  for (const [file, text] of Object.entries(files)) {
    const parts = file.split("/");
    let folder = trial;
    for (const part of parts.slice(0, -1)) {
      folder = await folder.getDirectoryHandle(part, { create: true });
    }
    const writable = await (
      await folder.getFileHandle(parts.at(-1) ?? "", { create: true })
    ).createWritable();
    await writable.write(text);
    await writable.close();
  }
}

async function startSveltia() {
  await fillTrialRepository().catch((error: unknown) => console.warn("trial content", error));
  const { default: CMS } = await import("@sveltia/cms");
  void CMS.init();
}

await (config.backend.name === "proxy" ? startDecap() : startSveltia());
