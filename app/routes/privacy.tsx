import { LegalPage } from "~/components/legal-page";
import { PrivacyPolicy } from "~/content/legal/privacy-policy";

export default function Privacy() {
  return (
    <LegalPage page="privacy">
      <PrivacyPolicy />
    </LegalPage>
  );
}
