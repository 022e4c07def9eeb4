import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { BrowserEntryContext } from "#app/browser-entry.ts";
import { catalogue } from "#app/i18n/catalogues.server.ts";
import { createI18n } from "#app/i18n/i18n.ts";
import { log } from "#app/config/log.server.ts";
import { NonceReactContext, nonceRouterContext } from "#app/nonce.ts";
import { PageStylesheetContext } from "#app/page-stylesheet.ts";
import { routeStylesheet } from "#app/route-styles.server.ts";
import { parseLocalizedPath } from "#app/routing/paths.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { lang } = parseLocalizedPath(new URL(request.url).pathname);
  const i18n = createI18n(lang, catalogue(lang));
  const { nonce } = loadContext.get(nonceRouterContext);
  const stylesheet = routeStylesheet(
    routerContext.manifest.version,
    routerContext.staticHandlerContext.matches.at(-1)?.route.id,
  );

  return new Promise<Response>((resolve, reject) => {
    let statusCode = responseStatusCode;
    // Pages are small and fully static: wait for everything so crawlers and
    // the prerenderer always receive complete HTML.
    const { pipe, abort } = renderToPipeableStream(
      <NonceReactContext.Provider value={nonce}>
        <BrowserEntryContext.Provider value={routerContext.manifest.entry.module}>
          <PageStylesheetContext.Provider value={stylesheet}>
            <I18nextProvider i18n={i18n}>
              <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
            </I18nextProvider>
          </PageStylesheetContext.Provider>
        </BrowserEntryContext.Provider>
      </NonceReactContext.Provider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: statusCode,
            }),
          );
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          statusCode = 500;
          log.error({ err: error, path: new URL(request.url).pathname }, "render failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}

/** React Router's own refusal of a post whose Origin is not this site's (answered 400). */
const crossOriginAction = /Aborting the action\.$/;

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const path = new URL(request.url).pathname;
  // The client's mistakes are answered with a 4xx: worth a line, not a stack.
  if (isRouteErrorResponse(error) && error.status < 500) {
    // Unknown URLs are expected traffic, answered by the 404 page.
    if (error.status !== 404) log.info({ status: error.status, path }, "request refused");
    return;
  }
  if (error instanceof Error && crossOriginAction.test(error.message)) {
    log.warn({ status: 400, path, reason: error.message }, "request refused");
    return;
  }
  // Logged here with its stack; the visitor only ever sees the translated error page.
  log.error({ err: error, path }, "request failed");
};
