declare module "@mdn/mdn-http-observatory/src/retriever/retriever.js" {
  export function retrieve(
    hostname: string,
    options?: { httpPort?: number; httpsPort?: number; path?: string },
  ): Promise<unknown>;
}
declare module "@mdn/mdn-http-observatory/src/constants.js" {
  export const ALL_TESTS: unknown[];
}
