import { LegalPage } from "~/components/legal-page";
import { cookiePolicy } from "~/content/legal/cookie-policy";

export default function Cookies() {
  return <LegalPage page="cookies" versions={cookiePolicy} />;
}
