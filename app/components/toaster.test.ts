import { describe, expect, it } from "vitest";
import { placeToasts, toastGap, visibleToasts } from "#app/components/toaster.tsx";

describe("placeToasts", () => {
  it("piles the toasts: the newest in front, each older one a gap higher, smaller, as tall as the newest", () => {
    expect(placeToasts([60, 80, 40], false)).toEqual([
      { lift: 0, scale: 1, height: 60, hideContent: false, visible: true },
      { lift: toastGap, scale: 0.95, height: 60, hideContent: true, visible: true },
      { lift: 2 * toastGap, scale: 0.9, height: 60, hideContent: true, visible: true },
    ]);
  });

  it("fans them out under the pointer: each above the newer ones, a gap apart, at its own height", () => {
    expect(placeToasts([60, 80, 40], true)).toEqual([
      { lift: 0, scale: 1, height: 60, hideContent: false, visible: true },
      { lift: 60 + toastGap, scale: 1, height: 80, hideContent: false, visible: true },
      { lift: 140 + 2 * toastGap, scale: 1, height: 40, hideContent: false, visible: true },
    ]);
  });

  it(`shows the newest ${visibleToasts} only`, () => {
    const places = placeToasts([50, 50, 50, 50, 50], false);
    expect(places.map((place) => place.visible)).toEqual([true, true, true, false, false]);
  });

  it("places a toast not yet measured as if it had no height", () => {
    expect(placeToasts([undefined, 50], true).map((place) => place.lift)).toEqual([0, toastGap]);
    expect(placeToasts([undefined, 50], false)[1]?.height).toBeUndefined();
  });
});
