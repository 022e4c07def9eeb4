// negotiator 1.0 added the server's preference order for ties; @types/negotiator still
// describes 0.6, so this declares the methods the server uses.
declare module "negotiator" {
  import type { IncomingMessage } from "node:http";
  export default class Negotiator {
    constructor(request: Pick<IncomingMessage, "headers">);
    encoding(
      available: readonly string[],
      options?: { preferred?: readonly string[] },
    ): string | undefined;
    mediaType(available: readonly string[]): string | undefined;
    language(available: readonly string[]): string | undefined;
  }
}
