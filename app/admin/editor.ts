// The content editor (Sveltia CMS), bundled by the build from the pinned npm package so the
// page loads nothing from any other site. Its configuration is /admin/config.json.
import CMS from "@sveltia/cms";

void CMS.init();
