import { LegalPage } from "#app/components/legal-page.tsx";
import { legalText } from "#app/content/legal/legal-text.server.ts";
import type { Route } from "./+types/privacy";

/** The text from content/legal/ (run at build: the page is prerendered). */
export function loader({ request }: Route.LoaderArgs) {
  return legalText("privacy", request);
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalPage page="privacy" text={loaderData} />;
}
