import { LegalPage } from "#app/components/legal-page.tsx";
import { privacyPolicy } from "#app/content/legal/privacy-policy.tsx";

export default function Privacy() {
  return <LegalPage page="privacy" versions={privacyPolicy} />;
}
