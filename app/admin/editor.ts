// The content editor (Sveltia CMS), bundled by the build from the pinned npm package so the
// page loads nothing from any other site. Its configuration is /admin/config.json.
import CMS from "@sveltia/cms";

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

await fillTrialRepository().catch((error: unknown) => console.warn("trial content", error));
void CMS.init();
