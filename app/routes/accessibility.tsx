import { LegalPage } from "~/components/legal-page";
import { accessibilityStatement, reviewedOn } from "~/content/legal/accessibility-statement";

export default function Accessibility() {
  return (
    <LegalPage
      page="accessibility"
      versions={accessibilityStatement}
      updated={reviewedOn}
      spanishBinds={false}
    />
  );
}
