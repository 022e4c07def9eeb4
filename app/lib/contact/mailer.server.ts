import { createTransport } from "nodemailer";
import { siteConfig } from "~/config/site";
import type { StoredMessage } from "./store.server";

export type Mailer = {
  send(message: StoredMessage): Promise<void>;
  close(): void;
};

/**
 * The company's notification for one stored message: a fixed sender, the visitor's
 * validated address only as Reply-To, and a plain-text body (nothing the visitor wrote is
 * ever rendered as HTML). No e-mail ever goes to the visitor's address.
 */
export function composeNotification(
  message: StoredMessage,
  { from, to }: { from: string; to: string },
) {
  const received = new Date(message.createdAt).toISOString();
  return {
    from,
    to,
    replyTo: { name: message.name, address: message.email },
    subject: `Nuevo mensaje de contacto: ${message.name}`,
    text: [
      `Nombre: ${message.name}`,
      `Correo electrónico: ${message.email}`,
      `Idioma de la página: ${message.lang}`,
      `Recibido: ${received}`,
      `Referencia: #${message.id}`,
      "",
      message.message,
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

export function createMailer(smtpUrl: string, addresses: { from: string; to: string }): Mailer {
  const transport = createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as never);
  return {
    async send(message) {
      await transport.sendMail(composeNotification(message, addresses));
    },
    close: () => transport.close(),
  };
}
