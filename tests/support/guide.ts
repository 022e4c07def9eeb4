// What the operations guide's test (tests/e2e/operations-guide.spec.ts) runs: the guide's own
// command blocks, taken from docs/operations.md, and the Debian 12 machine it runs them on, a
// system container with systemd as PID 1 under Podman.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { podman, run } from "#tests/support/container.ts";

/** One command block of the guide, marked `<!-- guide: <name> -->` just above its fence. */
export type GuideBlock = { name: string; script: string };

/** The marked blocks of a markdown file, in the file's order. */
export function guideBlocks(markdown: string): GuideBlock[] {
  const blocks: GuideBlock[] = [];
  const marked = /^<!-- guide: ([\w-]+) -->\n+```sh\n([\s\S]*?)^```$/gm;
  for (const [, name = "", script = ""] of markdown.matchAll(marked)) blocks.push({ name, script });
  const markers = markdown.match(/^<!-- guide:/gm)?.length ?? 0;
  if (markers !== blocks.length)
    throw new Error(`${markers} guide markers, but ${blocks.length} of them mark a sh block`);
  return blocks;
}

/**
 * Replaces, in a block, each of `lines` (a line as the guide prints it, found by its start) with
 * the stand-in's commands. Every stand-in must find its line exactly once, so a guide that
 * changes the line fails the test rather than running unreplaced.
 */
export function standIn(block: GuideBlock, lines: Record<string, string>): GuideBlock {
  const text = block.script.split("\n");
  for (const [start, replacement] of Object.entries(lines)) {
    const found = text.flatMap((line, index) => (line.startsWith(start) ? [index] : []));
    if (found.length !== 1)
      throw new Error(`"${start}" is in ${found.length} lines of the block "${block.name}"`);
    const index = found[0] ?? 0;
    // A command continued on the next lines (a trailing backslash) is replaced whole.
    let end = index;
    while (text[end]?.endsWith("\\")) end += 1;
    text.splice(index, end - index + 1, replacement);
  }
  return { ...block, script: text.join("\n") };
}

/** What the machine has besides a fresh Debian 12: systemd to boot, and the guide's packages. */
const basePackages = [
  ...["systemd", "systemd-sysv", "dbus", "ca-certificates"],
  // Step 2's packages, downloaded once with the base; step 2 still runs apt-get for them.
  ...["nginx", "libnginx-mod-http-headers-more-filter", "certbot", "git", "webhook", "polkitd"],
  ...["rsync", "openssh-client", "openssl", "curl", "xz-utils", "nano"],
  // The stand-ins': the backup host's sshd, Python's smtpd for the mail sink.
  ...["openssh-server", "python3"],
];

/**
 * The base of the guide's machine: Debian 12 from mmdebstrap with systemd, step 2's packages
 * and this machine's certificate authorities (npm, curl and git reach the registries through
 * its network, as on this machine). Made once, then reused by its tag (a new package list makes
 * a new tag): about 3 minutes on an idle 2-core machine.
 */
export async function ensureGuideBase(): Promise<{ tag: string; created: boolean }> {
  const caBundle = "/etc/ssl/certs/ca-certificates.crt";
  const key = createHash("sha256")
    .update(basePackages.join(","))
    .update(readFileSync(caBundle))
    .digest("hex")
    .slice(0, 12);
  const tag = `localhost/site-guide-base:bookworm-${key}`;
  if ((await podman(["image", "exists", tag], { check: false })).code === 0)
    return { tag, created: false };
  const dir = mkdtempSync(path.join(tmpdir(), "site-guide-base-"));
  try {
    const archive = path.join(dir, "rootfs.tar");
    await run(
      "mmdebstrap",
      [
        "--variant=apt",
        "--mode=root",
        `--include=${basePackages.join(",")}`,
        // The machine's certificate authorities, for the system's tools and npm (its `cafile`,
        // as this machine's own npm has it).
        `--customize-hook=copy-in ${caBundle} /usr/local/share/ca-certificates/`,
        '--customize-hook=mv "$1/usr/local/share/ca-certificates/ca-certificates.crt" "$1/usr/local/share/ca-certificates/this-machine.crt"',
        '--customize-hook=chroot "$1" update-ca-certificates',
        '--customize-hook=mkdir -p "$1/usr/local/etc" && echo "cafile=/etc/ssl/certs/ca-certificates.crt" > "$1/usr/local/etc/npmrc"',
        "bookworm",
        archive,
        "http://deb.debian.org/debian",
      ],
      { timeoutMs: 900_000 },
    );
    await podman(["import", "--change", 'CMD ["/sbin/init"]', archive, tag], {
      timeoutMs: 300_000,
    });
    return { tag, created: true };
  } finally {
    // An interrupted mmdebstrap leaves /proc and /sys mounted in its folder.
    const mounts = readFileSync("/proc/mounts", "utf8")
      .split("\n")
      .map((line) => line.split(" ")[1] ?? "")
      .filter((mount) => mount.startsWith(`${realpathSync(dir)}/`))
      .reverse();
    for (const mount of mounts) await run("umount", ["--lazy", mount], { check: false });
    rmSync(dir, { recursive: true, force: true });
  }
}
