// The panel's one script: enrolment and sign-in with a passkey, which WebAuthn allows only
// from a script. Everything else in the panel is plain forms. It asks the server for the
// options, lets the browser create or use the passkey (@simplewebauthn/browser, loaded
// before it as the global SimpleWebAuthnBrowser), sends the answer back and goes where the
// server says. The texts it shows come from the form's data attributes, in the page's language.
/** @type {typeof import("@simplewebauthn/browser")} */
// @ts-expect-error -- the global the bundle defines
const webauthn = window.SimpleWebAuthnBrowser;
for (const form of document.querySelectorAll("form[data-passkey]")) {
  if (!(form instanceof HTMLFormElement)) continue;
  const kind = form.dataset.passkey;
  const status = form.querySelector("[data-status]");
  const button = form.querySelector("button");
  /** @param {string | undefined} text */
  const say = (text) => {
    if (status) status.textContent = text ?? "";
  };
  if (!webauthn.browserSupportsWebAuthn()) say(form.dataset.unsupported);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (button) button.disabled = true;
    say(form.dataset.working);
    /** @param {string} step @param {unknown} body */
    const post = (step, body) =>
      fetch(`/panel/api/${kind}/${step}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    /** @param {Response} answer */
    const failed = async (answer) => {
      const { reason } = await answer.json().catch(() => ({ reason: "refused" }));
      say(form.dataset[reason] ?? form.dataset.refused);
    };
    try {
      const token = form.dataset.token;
      const options = await post("options", { token });
      if (!options.ok) return await failed(options);
      const { options: optionsJSON, challengeId } = await options.json();
      const response =
        kind === "enrol"
          ? await webauthn.startRegistration({ optionsJSON })
          : await webauthn.startAuthentication({ optionsJSON });
      const done = await post("verify", { challengeId, response });
      if (!done.ok) return await failed(done);
      window.location.assign((await done.json()).to);
    } catch {
      // Cancelled in the browser's dialog, or no passkey for this site.
      say(form.dataset.cancelled);
    } finally {
      if (button) button.disabled = false;
    }
  });
}
