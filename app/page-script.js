// Inlined into the head of every page and run without React: the only script most pages have.
(() => {
  const prerendered = /** @type {Document & { prerendering?: boolean }} */ (document).prerendering;

  // The cross-fade between pages (app/app.css) is the browser's own view transition, which
  // only runs where this script does (`scripting: enabled`). When the browser gives one up
  // (the new page was shown before the old one was captured, the visitor moved on mid-way),
  // its promises reject, and Chromium reports a rejection nobody handled as an uncaught
  // error. Nothing here waits for them: they are marked as handled. This script sits in the
  // head, so its listener is there before the page is first shown.
  /** @param {ViewTransition | null | undefined} transition */
  const settleTransition = (transition) => {
    for (const done of [transition?.ready, transition?.finished]) done?.catch(() => {});
  };
  addEventListener("pagereveal", (event) => settleTransition(event.viewTransition));
  // A transition can also be given up in the new document before its pagereveal, when that
  // page is ready to show before the old one was captured (the old page busy, say hydrating its
  // form when the visitor clicks on): a rejection no listener can reach. It only costs the
  // cross-fade, so it is not reported as an uncaught error.
  addEventListener("unhandledrejection", (event) => {
    if (/^Transition was/.test(event.reason?.message)) event.preventDefault();
  });

  // A form the document posts itself (the contact form before its script takes over, or
  // without it) is answered by a page rendered per request. On a busy phone Chromium can
  // show that page before the old one is captured, and then gives the transition up inside
  // the new document before any of its scripts can see it ("Page already revealed"): an
  // uncaught error no handler reaches. So a post changes the page without a transition, as
  // the form's script does too; links keep the cross-fade. The Navigation API says which
  // navigations are posts; where it is missing, a submit nobody prevented is one.
  let posting = false;
  const navigation = /** @type {EventTarget | undefined} */ (
    /** @type {Window & { navigation?: EventTarget }} */ (window).navigation
  );
  if (navigation) {
    navigation.addEventListener("navigate", (event) => {
      posting = /** @type {Event & { formData: FormData | null }} */ (event).formData !== null;
    });
  } else {
    addEventListener("submit", (event) => (posting = !event.defaultPrevented));
  }

  // A link to a file (a feed, robots.txt, an image) opens a document with no stylesheet of
  // ours, which cannot take part: the browser would give the transition up on that
  // document, where no script of ours can handle it. Skipped here too, before it starts.
  addEventListener("pageswap", (event) => {
    const transition = event.viewTransition;
    settleTransition(transition);
    const destination = event.activation?.entry.url;
    const toFile = destination && /\.[a-z0-9]+$/i.test(new URL(destination).pathname);
    if (transition && (posting || toFile)) transition.skipTransition();
  });

  // Cookieless visit count: the page, its referrer, and whether it was fetched ahead (the
  // server did not count that request).
  const countView = () => {
    const nav = /** @type {{ activationStart?: number, deliveryType?: string } | undefined} */ (
      performance.getEntriesByType("navigation")[0]
    );
    const speculated =
      !!prerendered ||
      (nav?.activationStart ?? 0) > 0 ||
      nav?.deliveryType === "navigational-prefetch";
    const view = {
      path: location.pathname + location.search,
      referrer: document.referrer,
      speculated,
    };
    navigator.sendBeacon?.("/api/view", JSON.stringify(view));
  };

  // Once the page is on screen: the visit count, and the rules that let the browser prerender a
  // page link the visitor hovers (public/speculation-rules.json), added as an inline rules
  // script that the Content-Security-Policy allows by its hash (server/speculation-rules.ts).
  // Requested earlier, they would share the first round trips with the page and its headings
  // font, which a phone on a slow network waits for before its largest paint; nobody needs
  // them sooner. The paint timing entry arrives once the first frame is on screen (a frame
  // only drawn is not enough); a page opened after prerendering was painted before.
  const afterFirstPaint = () => {
    const run = () =>
      setTimeout(() => {
        countView();
        // A browser without speculation rules keeps the script as an unknown data block.
        fetch("/speculation-rules.json")
          .then((response) => response.json())
          .then((rules) => {
            const script = document.createElement("script");
            script.type = "speculationrules";
            script.text = JSON.stringify(rules);
            document.head.append(script);
          })
          .catch(() => {});
      });
    if (prerendered) run();
    else
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName("first-contentful-paint")[0]) {
          observer.disconnect();
          run();
        }
      }).observe({ type: "paint", buffered: true });
  };

  const start = () => {
    afterFirstPaint();

    const year = String(new Date().getFullYear());
    for (const node of document.querySelectorAll("[data-current-year]")) node.textContent = year;

    // Remember the language a visitor picks, so unprefixed URLs lead to it next time.
    document.addEventListener("click", (event) => {
      const link =
        event.target instanceof Element && event.target.closest("[data-language-choice]");
      if (!(link instanceof HTMLElement)) return;
      const secure = location.protocol === "https:" ? "; Secure" : "";
      document.cookie = `lang=${link.dataset.languageChoice}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
    });

    if (document.querySelector("[data-not-found]")) {
      console.warn("404: no page at", location.pathname);
    }
  };
  // Run once the page is parsed; a page the browser prerenders (speculation rules) starts
  // when the visitor opens it.
  const whenOpen = () => {
    if (prerendered) document.addEventListener("prerenderingchange", start, { once: true });
    else start();
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", whenOpen, { once: true });
  } else {
    whenOpen();
  }
})();
