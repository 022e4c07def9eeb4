import { LegalPage } from "~/components/legal-page";
import { privacyPolicy } from "~/content/legal/privacy-policy";

export default function Privacy() {
  return <LegalPage page="privacy" versions={privacyPolicy} />;
}
