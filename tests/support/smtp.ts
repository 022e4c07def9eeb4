import { createServer, type AddressInfo, type Socket } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  raw: string;
  headers: Record<string, string>;
  /** The text body, decoded to a string. */
  text: string;
  envelope: { from: string; to: string[] };
};

/** Decodes RFC 2047 encoded words in a header value (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const input = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < input.length; i++) {
    if (input[i] === "=" && /^[0-9A-F]{2}$/i.test(input.slice(i + 1, i + 3))) {
      bytes.push(parseInt(input.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The text/plain part of a multipart message (an invitation's), decoded. */
export function plainPart(raw: string): string {
  const part = /Content-Type: text\/plain[^\r\n]*\r\n((?:[^\r\n]+\r\n)*)\r\n([\s\S]*?)\r\n--/i.exec(
    raw,
  );
  if (!part) throw new Error("no text/plain part");
  const quoted = /quoted-printable/i.test(part[1] ?? "");
  return quoted ? decodeQuotedPrintable(part[2] ?? "") : (part[2] ?? "");
}

/** Parses the single-part plain-text messages the site sends. */
function parseMail(raw: string, envelope: ReceivedMail["envelope"]): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const encoding = headers["content-transfer-encoding"]?.toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  return { raw, headers, text: text.replace(/\r\n/g, "\n").replace(/\n$/, ""), envelope };
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, or refuses every message
 * with `reject` (an SMTP reply such as "451 4.3.0 try later"). `beforeAccept` runs when a
 * message has arrived, before the server answers; it may return an SMTP reply to refuse it.
 */
export async function startSmtp(
  port = 0,
  {
    reject,
    beforeAccept,
  }: { reject?: string; beforeAccept?: (mail: ReceivedMail) => Promise<string | undefined> } = {},
) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Senders keep pooled connections open: on close, end them soon instead of waiting.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const mail = parseMail(Buffer.concat(chunks).toString("utf8"), {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((to) => to.address),
        });
        const refusal = (await beforeAccept?.(mail)) ?? reject;
        if (refusal) {
          const [code] = refusal.split(" ");
          return callback(
            Object.assign(new Error(refusal.slice(code!.length + 1)), {
              responseCode: Number(code),
            }),
          );
        }
        received.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}?ignoreTLS=true`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtp>>;

/** A mail server that accepts connections and never says a word (a hung server). */
export async function startSilentSmtp(port = 0) {
  const sockets: Socket[] = [];
  const server = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}?ignoreTLS=true`,
    /** Connections it took and left hanging. */
    connections: () => sockets.length,
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
