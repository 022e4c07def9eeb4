import { createTransport, type SendMailOptions } from "nodemailer";
import { siteConfig } from "#app/config/site.ts";
import type { OneTimeMail, StoredMessage, Suspicion } from "#app/contact/store.server.ts";
import { printableHeader, printableLine, printableText } from "#app/text/printable.ts";

export type Mailer = {
  send(message: StoredMessage): Promise<void>;
  sendSummary(messages: StoredMessage[]): Promise<void>;
  close(): void;
};

// In the owner's language (Spanish), like the rest of the notification.
const suspectedPrefix = "[Posible spam] ";
const suspicionText: Record<Suspicion, string> = {
  "too-fast":
    "Posible spam: se envió muy poco después de empezar a rellenar el formulario, más rápido de lo que escribe una persona.",
  "no-timer":
    "Posible spam: llegó sin el tiempo de escritura que mide el formulario de la web, como suele pasar cuando lo envía un programa.",
};

/**
 * The company's notification for one stored message: a fixed sender, the visitor's
 * validated address only as Reply-To, and a plain-text body (nothing the visitor wrote is
 * ever rendered as HTML). No e-mail ever goes to the visitor's address. A suspected message
 * says so in the subject and the body's first line. What the visitor wrote is printed
 * without control and format characters (a right-to-left override in a name would make the
 * Subject read otherwise), and without encoded words in the headers (app/text/printable.ts),
 * whenever it was stored.
 */
function composeNotification(message: StoredMessage, { from, to }: { from: string; to: string }) {
  const received = new Date(message.createdAt).toISOString();
  const name = printableHeader(message.name);
  return {
    from,
    to,
    replyTo: { name, address: message.email },
    subject: `${message.suspicion ? suspectedPrefix : ""}Nuevo mensaje de contacto: ${name}`,
    text: [
      ...(message.suspicion ? [suspicionText[message.suspicion], ""] : []),
      `Nombre: ${printableLine(message.name)}`,
      `Correo electrónico: ${message.email}`,
      `Idioma de la página: ${message.lang}`,
      `Recibido: ${received}`,
      `Referencia: #${message.id}`,
      "",
      printableText(message.message),
      "",
      "--",
      "Responde a este correo para contestar directamente al remitente.",
    ].join("\n"),
    // A stable id lets mail clients drop a duplicate if a delivery is ever retried after
    // the server accepted it.
    messageId: `<contact-${message.id}-${message.createdAt}@${new URL(siteConfig.siteUrl).hostname}>`,
    headers: { "Auto-Submitted": "auto-generated" },
  };
}

/**
 * One e-mail for the messages held over the hourly cap: who wrote and how each begins, so
 * the owner can read them with the inbox instead of finding them one by one in the mailbox.
 */
function composeSummary(messages: StoredMessage[], { from, to }: { from: string; to: string }) {
  const ids = messages.map((message) => message.id);
  const firstLine = (text: string) => {
    const line = printableLine(text.trim().split(/\r?\n/, 1)[0] ?? "");
    return line.length > 80 ? `${line.slice(0, 79)}…` : line;
  };
  const suspected = messages.filter((message) => message.suspicion).length;
  return {
    from,
    to,
    subject: `${messages.length} mensajes de contacto más (resumen)`,
    text: [
      `Se han recibido ${messages.length} mensajes de contacto más de los que se envían por correo en una hora.`,
      "Están guardados; no se han enviado uno a uno para no llenar el buzón.",
      ...(suspected
        ? [`${suspected} de ellos, marcados ${suspectedPrefix.trim()}, pueden ser spam.`]
        : []),
      "",
      ...messages.map(
        (message) =>
          `#${message.id}  ${new Date(message.createdAt).toISOString()}  ${message.suspicion ? suspectedPrefix : ""}${printableLine(message.name)}: ${firstLine(message.message)}`,
      ),
      "",
      "Para leerlos en el servidor:",
      "  npm run inbox -- list",
      ...ids.slice(0, 5).map((id) => `  npm run inbox -- show ${id}`),
      "",
      "--",
      "Si son legítimos, responde desde tu correo a la dirección de cada mensaje.",
    ].join("\n"),
    messageId: `<contact-summary-${ids[0]}-${ids.at(-1)}-${messages.length}@${new URL(siteConfig.siteUrl).hostname}>`,
    headers: { "Auto-Submitted": "auto-generated" },
  };
}

type MailerOptions = {
  from: string;
  to: string;
  /** Bound on connecting, on the server's greeting and on each silence of the connection. */
  timeoutMs: number;
  /**
   * Bound on one whole send, however the server paces its replies: past it the connection is
   * closed before the message is complete, so the server cannot accept it any more.
   */
  deadlineMs: number;
};

/**
 * One SMTP connection pool and its bounded send: the contact notifications and the weekly
 * report go out through it.
 */
export function createSender(
  smtpUrl: string,
  { timeoutMs, deadlineMs }: Omit<MailerOptions, "from" | "to">,
) {
  // One options object: a second argument would be message defaults, not connection options.
  const transport = createTransport({
    url: smtpUrl,
    pool: true,
    // One try per send: the outbox retries with its own backoff, and each try stays
    // within the timeouts (the pool would otherwise requeue a dropped message 5 times).
    maxRequeues: 0,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // An aborted send destroys its connection at once rather than waiting for the server.
    socketCloseTimeout: 0,
  });
  /** Sends with the deadline: nodemailer closes the connection when the signal aborts. */
  async function send(mail: SendMailOptions) {
    const signal = AbortSignal.timeout(deadlineMs);
    // nodemailer 10 takes `signal`; its type definitions do not list it yet.
    const options: SendMailOptions & { signal: AbortSignal } = { ...mail, signal };
    try {
      await transport.sendMail(options);
    } catch (error) {
      if (!signal.aborted) throw error;
      throw new Error(`the send took longer than its deadline (${deadlineMs / 1000} s)`, {
        cause: error,
      });
    }
  }
  return { send, close: () => transport.close() };
}

/** The outbox's own mark (store.server.ts) is not nodemailer's to read. */
function withoutMark({ oneTime, ...mail }: SendMailOptions & OneTimeMail): SendMailOptions {
  void oneTime;
  return mail;
}

export function createMailer(smtpUrl: string, { from, to, ...limits }: MailerOptions): Mailer {
  const sender = createSender(smtpUrl, limits);
  return {
    // A composed e-mail (a booking's invitation) goes as it is; a contact message is told.
    send: (message) =>
      sender.send(
        message.mail
          ? withoutMark(JSON.parse(message.mail) as SendMailOptions & OneTimeMail)
          : composeNotification(message, { from, to }),
      ),
    sendSummary: (messages) => sender.send(composeSummary(messages, { from, to })),
    close: sender.close,
  };
}
