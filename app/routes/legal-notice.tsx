import { LegalPage } from "~/components/legal-page";
import { legalNotice } from "~/content/legal/legal-notice";

export default function LegalNotice() {
  return <LegalPage page="legal" versions={legalNotice} />;
}
