/** The owner's panel: the same address in every language (server/panel.tsx). */
export const panelPath = "/panel";
