import { LegalPage } from "#app/components/legal-page.tsx";
import { legalText } from "#app/content/legal/legal-text.server.ts";
import type { Route } from "./+types/legal-notice";

/** The text from content/legal/ (run at build: the page is prerendered). */
export function loader({ request }: Route.LoaderArgs) {
  return legalText("legal", request);
}

export default function LegalNotice({ loaderData }: Route.ComponentProps) {
  return <LegalPage page="legal" text={loaderData} />;
}
