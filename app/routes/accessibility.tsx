import { LegalPage } from "#app/components/legal-page.tsx";
import { buildDate, legalText } from "#app/content/legal/legal-text.server.ts";
import type { Route } from "./+types/accessibility";

/**
 * The statement from content/legal/ (run at build: the page is prerendered). Its last review
 * is the day the site was built, so it never claims a review older or newer than the pages
 * it describes.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { text: legalText("accessibility", request), reviewedOn: buildDate };
}

export default function Accessibility({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      page="accessibility"
      text={loaderData.text}
      updated={loaderData.reviewedOn}
      spanishBinds={false}
    />
  );
}
