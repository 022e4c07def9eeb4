// Inlined into every page and run without React: the only script most pages have.
(() => {
  const start = () => {
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
  if (/** @type {Document & { prerendering?: boolean }} */ (document).prerendering) {
    document.addEventListener("prerenderingchange", start, { once: true });
  } else {
    start();
  }
})();
