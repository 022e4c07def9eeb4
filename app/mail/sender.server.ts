// The site's one way to send an e-mail: an SMTP connection pool with a bounded send. The
// outbox (./outbox.server.ts) and the weekly report (npm run stats -- --send) go through it.
import { createTransport, type SendMailOptions } from "nodemailer";

type SenderOptions = {
  /** Bound on connecting, on the server's greeting and on each silence of the connection. */
  timeoutMs: number;
  /**
   * Bound on one whole send, however the server paces its replies: past it the connection is
   * closed before the message is complete, so the server cannot accept it any more.
   */
  deadlineMs: number;
};

/** One SMTP connection pool and its bounded send. */
export function createSender(smtpUrl: string, { timeoutMs, deadlineMs }: SenderOptions) {
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

export type Sender = ReturnType<typeof createSender>;
