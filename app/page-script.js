// Inlined into every page and run without React: the only script most pages have.
(() => {
  const prerendered = /** @type {Document & { prerendering?: boolean }} */ (document).prerendering;

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

  const start = () => {
    if (document.readyState === "complete") countView();
    else addEventListener("load", countView, { once: true });

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
  // A page the browser prerenders (speculation rules) starts when the visitor opens it.
  if (prerendered) {
    document.addEventListener("prerenderingchange", start, { once: true });
  } else {
    start();
  }
})();
