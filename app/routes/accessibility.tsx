import { LegalPage } from "#app/components/legal-page.tsx";
import { accessibilityStatement, reviewedOn } from "#app/content/legal/accessibility-statement.tsx";

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
