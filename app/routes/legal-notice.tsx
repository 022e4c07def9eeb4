import { LegalPage } from "#app/components/legal-page.tsx";
import { legalNotice } from "#app/content/legal/legal-notice.tsx";

export default function LegalNotice() {
  return <LegalPage page="legal" versions={legalNotice} />;
}
