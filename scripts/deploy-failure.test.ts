import { describe, expect, test } from "vitest";
import { failureMail, faultOf, type FailureReport } from "#scripts/deploy-failure.ts";

// Outputs as the deploy's steps print them when the server, not the content, fails.
const serverOutputs = {
  // npm ci under NODE_ENV=production left the dev dependencies out, then the build ran.
  missingPackage:
    "Error [ERR_MODULE_NOT_FOUND]: Cannot find package '@shikijs/rehype' imported from /srv/site/releases/x/vite.config.ts",
  fullDisk: "npm error code ENOSPC\nnpm error nospc ENOSPC: no space left on device, write",
  permission: "Error: EACCES: permission denied, mkdir '/srv/site/releases/x/build'",
  missingTool: "sh: 1: npm: not found",
  memory: "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory",
  network: "npm error code EAI_AGAIN\nnpm error request to https://registry.npmjs.org/x failed",
  busyMachine:
    "Error: Prerender: Request failed for /_.data: The operation was aborted due to timeout",
};

describe("whose fault a failed step is", () => {
  test("installing, fetching, migrating, restarting and starting are the server's, whatever they print", () => {
    for (const step of [
      "install",
      "fetch",
      "files",
      "prune",
      "migrate",
      "restart",
      "start",
    ] as const)
      expect(faultOf(step, "npm error code ERESOLVE", 1)).toBe("server");
  });

  test("the content check, the build and the size budget are the content's when nothing shows the server failed", () => {
    expect(faultOf("content", "content/locales/en/home.json hero.subtitle: missing", 1)).toBe(
      "content",
    );
    expect(faultOf("build", "[vite]: Rollup failed: Unexpected token in insights/x.md", 1)).toBe(
      "content",
    );
    expect(faultOf("size", "/en/ is 212 KB, over its budget of 200 KB", 1)).toBe("content");
  });

  test("a step whose output shows a missing package, a full disk, a permission, a missing program, memory or the network is the server's", () => {
    for (const [sign, output] of Object.entries(serverOutputs))
      expect(faultOf("build", output, 1), sign).toBe("server");
    expect(faultOf("content", "", 127), "a program the shell did not find").toBe("server");
  });
});

const report: FailureReport = {
  step: "build",
  fault: "server",
  output: `> react-router build\n${serverOutputs.missingPackage}`,
  commit: "0123456789abcdef0123456789abcdef01234567",
  branch: "main",
  commitSubject: "Update Inicio",
  liveCommit: "89abcdef0123456789abcdef0123456789abcdef",
  startSeconds: 120,
};

describe("the e-mail to the owner", () => {
  test("a server fault says so, in Spanish by default, and does not send the owner to the editor", () => {
    const mail = failureMail(report);
    expect(mail.subject).toBe(
      "La web no se ha actualizado: no se ha podido construir la web, un fallo del servidor (commit 0123456789ab)",
    );
    expect(mail.text).toContain("Es un fallo del servidor, no de tu contenido");
    expect(mail.text).toContain("Reenvía este correo a quien mantiene el servidor");
    expect(mail.text).not.toContain("/admin");
    expect(mail.text).toContain(`El commit: ${report.commit} («Update Inicio»)`);
    expect(mail.text).toContain(`(commit ${report.liveCommit})`);
    expect(mail.text).toContain("Cannot find package '@shikijs/rehype'");
  });

  test("a content mistake sends the owner to the editor", () => {
    const mail = failureMail({
      ...report,
      step: "content",
      fault: "content",
      output: "content/locales/en/home.json hero.subtitle: missing",
    });
    expect(mail.subject).toContain("su contenido tiene errores, un error del contenido");
    expect(mail.text).toContain("Es un error del contenido guardado.");
    expect(mail.text).toContain("Corrígelo en el editor (/admin)");
    expect(mail.text).not.toContain("fallo del servidor");
  });

  test("every language names the two faults apart", () => {
    for (const lang of ["es", "en", "ca", "de"] as const) {
      const server = failureMail(report, lang);
      const content = failureMail({ ...report, fault: "content" }, lang);
      expect(server.subject, lang).not.toBe(content.subject);
      expect(server.text, lang).not.toContain("/admin");
      expect(content.text, lang).toContain("/admin");
    }
    expect(failureMail(report, "en").subject).toBe(
      "The site was not updated: building the site failed, a fault of the server (commit 0123456789ab)",
    );
  });

  test("the step that did not start names its time, and a failure before any release says the site is unchanged", () => {
    const mail = failureMail({ ...report, step: "start", liveCommit: undefined, commit: "" }, "en");
    expect(mail.subject).toBe(
      "The site was not updated: the new version did not start within 120 s, a fault of the server (commit main)",
    );
    expect(mail.text).toContain("The site is unchanged.");
  });
});
