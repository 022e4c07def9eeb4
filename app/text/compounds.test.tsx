import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { keepCompounds } from "#app/text/compounds.tsx";

const html = (text: string) => renderToStaticMarkup(<h1>{keepCompounds(text)}</h1>);

describe("keepCompounds", () => {
  it("keeps each hyphenated compound of a heading on one line, the text unchanged", () => {
    expect(html("Less manual work for small and mid-sized businesses")).toBe(
      '<h1>Less manual work for small and <span class="whitespace-nowrap">mid-sized</span> businesses</h1>',
    );
    expect(html("Un altre repte? Parlem-ne")).toBe(
      '<h1>Un altre repte? <span class="whitespace-nowrap">Parlem-ne</span></h1>',
    );
    expect(html("A four-step, end-to-end checklist")).toContain(
      '<span class="whitespace-nowrap">end-to-end</span>',
    );
  });

  it("leaves text without compounds, dashes between words and other nodes alone", () => {
    expect(html("Software a medida")).toBe("<h1>Software a medida</h1>");
    expect(html("2026 - 2027 – plan")).toBe("<h1>2026 - 2027 – plan</h1>");
    expect(keepCompounds(null)).toBeNull();
  });
});
