// The panel's site page: the release that is live (its commit and when it was built), the
// last deploys from `npm run deploy`'s log and, for a failed one, the step that failed; what
// the go-live check still finds (placeholders, settings); the link to the content editor.
import { closeSync, openSync, readSync, statSync } from "node:fs";
import path from "node:path";
import type express from "express";
import { settings } from "#app/config/settings.server.ts";
import { madridTime } from "#app/panel/time.ts";
import { renderPage } from "#app/panel/views.tsx";
import { adminPath } from "#server/admin.ts";
import { localsOf } from "#server/panel.tsx";
import type { Release } from "#server/release.ts";

type Deploy = { at: number; commit: string; outcome: "published" | "failed"; step?: string };

/** The last bytes of a file (a log grows without end); empty when there is none. */
function tail(file: string, bytes: number): string {
  let fd: number | undefined;
  try {
    const size = statSync(file).size;
    const start = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - start);
    fd = openSync(file, "r");
    readSync(fd, buffer, 0, buffer.length, start);
    return buffer.toString("utf8");
  } catch {
    return "";
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The deploys in the deploy log (pino's JSON lines, scripts/deploy.ts), newest first. */
function recentDeploys(logText: string, limit = 10): Deploy[] {
  const deploys: Deploy[] = [];
  for (const line of logText.split("\n")) {
    let entry: { time?: unknown; msg?: unknown; commit?: unknown; step?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue; // a line cut by the tail, or a command's own output
    }
    const at = Number(entry.time);
    const commit = typeof entry.commit === "string" ? entry.commit : "";
    if (!Number.isFinite(at)) continue;
    if (entry.msg === "published") deploys.push({ at, commit, outcome: "published" });
    if (entry.msg === "deploy failed") {
      deploys.push({ at, commit, outcome: "failed", step: String(entry.step ?? "") });
    }
  }
  return deploys.reverse().slice(0, limit);
}

export function siteSection(
  router: express.Router,
  {
    release,
    deployLog,
    goLiveProblems,
  }: {
    release: Release | null;
    /** DEPLOY_ROOT/deploy.log */
    deployLog: string;
    goLiveProblems: () => string[];
  },
) {
  router.get("/site", (_req, res) => {
    const { context } = localsOf(res);
    const { t, lang } = context;
    const deploys = recentDeploys(tail(deployLog, 256 * 1024));
    const problems = goLiveProblems();
    const short = (commit: string) => commit.slice(0, 12);
    res.send(
      renderPage(
        { ...context, section: "site" },
        t("panel.site.title"),
        <>
          <section aria-labelledby="live">
            <h2 id="live">{t("panel.site.live")}</h2>
            {release ? (
              <p>
                {t("panel.site.release", {
                  commit: short(release.commit),
                  built: madridTime(Date.parse(release.builtAt), lang),
                  committed: madridTime(Date.parse(release.committedAt), lang),
                })}
              </p>
            ) : (
              <p>{t("panel.site.noRelease")}</p>
            )}
          </section>
          <section aria-labelledby="deploys">
            <h2 id="deploys">{t("panel.site.deploys")}</h2>
            {deploys.length ? (
              <ul className="cards">
                {deploys.map((deploy) => (
                  <li key={`${deploy.at}-${deploy.commit}`} className="card">
                    <p>
                      <time>{madridTime(deploy.at, lang)}</time> ·{" "}
                      {deploy.outcome === "published"
                        ? t("panel.site.published", { commit: short(deploy.commit) })
                        : t("panel.site.failed", {
                            commit: short(deploy.commit),
                            // A step's key (scripts/deploy-failure.ts); older logs wrote its words.
                            step: t(`panel.deploy.steps.${deploy.step ?? ""}`, {
                              defaultValue: deploy.step ?? "",
                              seconds: settings.deploy.DEPLOY_START_SECONDS,
                            }),
                          })}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t("panel.site.noDeploys", { file: path.basename(deployLog) })}</p>
            )}
          </section>
          <section aria-labelledby="go-live">
            <h2 id="go-live">{t("panel.site.goLive")}</h2>
            {problems.length ? (
              <>
                <p>{t("panel.site.problems", { count: problems.length })}</p>
                <ul>
                  {problems.map((problem) => (
                    <li key={problem} lang="en">
                      {problem}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p>{t("panel.site.ready")}</p>
            )}
          </section>
          <section aria-labelledby="editor">
            <h2 id="editor">{t("panel.site.editor")}</h2>
            <p>
              <a href={adminPath}>{t("panel.site.openEditor")}</a>
            </p>
          </section>
        </>,
      ),
    );
  });
}
