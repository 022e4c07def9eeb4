// The mailbox an address delivers to, for the e-mail budget of each visitor address: the
// budget is the mailbox's, not the spelling's. `victim+1@…`, `victim+2@…` and `VICTIM@…` reach
// one person, and each would otherwise get a fresh budget (found by a probe: ten plus tags, ten
// budgets).

/** Providers whose mailboxes ignore dots in the local part, and the domain they all stand for. */
const dotless: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * One spelling per mailbox: lower case (few servers tell case apart, and none whose users would
 * book calls), without a `+tag` (subaddressing, RFC 5233, on every domain: where a server does
 * not strip it, two budgets become one, which errs on the side of the stranger), and without
 * the dots of a provider that ignores them.
 */
export function mailboxOf(address: string): string {
  const normal = address.trim().toLowerCase();
  const at = normal.lastIndexOf("@");
  if (at <= 0) return normal;
  const domain = normal.slice(at + 1).replace(/\.$/, "");
  let local = normal.slice(0, at).replace(/\+.*$/, "");
  const provider = dotless[domain];
  if (provider) local = local.replaceAll(".", "");
  return `${local}@${provider ?? domain}`;
}
