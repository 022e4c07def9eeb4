// What the owner receives of the contact form: one e-mail per message, and one summary for
// those held over the hourly cap (app/mail/outbox.server.ts sends them).
import { siteConfig } from "#app/config/site.ts";
import type { MessageStore, StoredMessage, Suspicion } from "#app/contact/store.server.ts";
import { anySource, type SummaryItem } from "#app/mail/outbox.server.ts";
import { printableHeader, printableLine, printableText } from "#app/text/printable.ts";

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
 * One e-mail for the messages held over the hourly cap (and the company's copies of bookings,
 * by their subject): who wrote and how each begins, so the owner can read them with the inbox
 * instead of finding them one by one in the mailbox.
 */
export function composeSummary(
  messages: SummaryItem[],
  { from, to }: { from: string; to: string },
) {
  const ids = messages.map((message) => message.id);
  const firstLine = (text: string) => {
    const line = printableLine(text.trim().split(/\r?\n/, 1)[0] ?? "");
    return line.length > 80 ? `${line.slice(0, 79)}…` : line;
  };
  const suspected = messages.filter((message) => message.suspected).length;
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
          `#${message.id}  ${new Date(message.createdAt).toISOString()}  ${message.suspected ? suspectedPrefix : ""}${printableLine(message.name)}: ${firstLine(message.text)}`,
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

/** The messages as the outbox (app/mail) sends them: the owner's notification of each. */
export const messageSource = (store: MessageStore, addresses: { from: string; to: string }) =>
  anySource<StoredMessage>({
    what: "contact message",
    queue: store,
    capped: () => true,
    compose: (message) => composeNotification(message, addresses),
    summaryItem: (message) => ({
      id: message.id,
      createdAt: message.createdAt,
      name: message.name,
      text: message.message,
      suspected: message.suspicion !== null,
    }),
  });
