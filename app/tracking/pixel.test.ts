import { describe, expect, it } from "vitest";
import { createPixel, installFbqQueue, PIXEL_SCRIPT_URL, type PixelWindow } from "./pixel";

function setup(options: { pixelId?: string | null; consent?: boolean } = {}) {
  const win: PixelWindow = {};
  const scripts: { src: string; nonce: string | undefined; onError: () => void }[] = [];
  const warnings: unknown[][] = [];
  const errors: unknown[][] = [];
  let consent = options.consent ?? true;
  const pixel = createPixel({
    win,
    loadScript: (src, nonce, onError) => scripts.push({ src, nonce, onError }),
    pixelId: options.pixelId === undefined ? "123456789012345" : options.pixelId,
    nonce: "n0nce",
    hasConsent: () => consent,
    log: { warn: (...a: unknown[]) => warnings.push(a), error: (...a: unknown[]) => errors.push(a) },
  });
  return { win, scripts, warnings, errors, pixel, setConsent: (v: boolean) => (consent = v) };
}

describe("pixel", () => {
  it("loads nothing and queues nothing without consent", () => {
    const { win, scripts, pixel } = setup({ consent: false });
    expect(pixel.send("pageView", {}, "e1")).toBe(false);
    expect(pixel.identify({ em: "a@b.example" })).toBe(false);
    expect(scripts).toEqual([]);
    expect(win.fbq).toBeUndefined();
  });

  it("with consent loads the script once with the nonce and queues init before events", () => {
    const { win, scripts, pixel } = setup();
    expect(pixel.send("pageView", {}, "e1")).toBe(true);
    expect(pixel.send("lead", { value: 100, currency: "USD" }, "e2")).toBe(true);
    expect(scripts.map((s) => [s.src, s.nonce])).toEqual([[PIXEL_SCRIPT_URL, "n0nce"]]);
    expect(win.fbq?.queue).toEqual([
      ["consent", "grant"],
      ["set", "autoConfig", false, "123456789012345"],
      ["init", "123456789012345"],
      ["track", "PageView", {}, { eventID: "e1" }],
      ["track", "Lead", { value: 100, currency: "USD" }, { eventID: "e2" }],
    ]);
    expect(win.fbq?.disablePushState).toBe(true);
  });

  it("sends custom events through trackCustom and strips forbidden fields", () => {
    const { win, pixel } = setup();
    const sneaky = { value: 0, currency: "USD", age: 30, zipCode: "94105", phone: "1", interestLevel: "x" };
    pixel.send("applicationStarted", sneaky, "e3");
    expect(win.fbq?.queue.at(-1)).toEqual(["trackCustom", "StartApplication", { value: 0, currency: "USD" }, { eventID: "e3" }]);
  });

  it("re-initialises with enhanced matching of em/fn/ln/st only", () => {
    const { win, pixel } = setup();
    const lead = { em: "A@B.example", fn: "Ada", ln: "Lovelace", st: "ca", zp: "94105", ph: "1" };
    expect(pixel.identify(lead)).toBe(true);
    expect(win.fbq?.queue.at(-1)).toEqual(["init", "123456789012345", { em: "a@b.example", fn: "ada", ln: "lovelace", st: "ca" }]);
  });

  it("without a pixel id warns once and does nothing", () => {
    const { win, scripts, warnings, pixel } = setup({ pixelId: null });
    expect(pixel.configured).toBe(false);
    expect(pixel.send("pageView", {}, "e1")).toBe(false);
    expect(pixel.send("purchase", { value: 300, currency: "USD" }, "e2")).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(scripts).toEqual([]);
    expect(win.fbq).toBeUndefined();
  });

  it("logs pixel errors instead of throwing", () => {
    const { win, errors, pixel } = setup();
    pixel.send("pageView", {}, "e1");
    const fbq = win.fbq;
    if (!fbq) throw new Error("fbq missing");
    fbq.callMethod = () => {
      throw new Error("blocked by an extension");
    };
    expect(pixel.send("lead", { value: 100, currency: "USD" }, "e2")).toBe(false);
    expect(errors).toHaveLength(1);
  });

  it("stops sending when consent is withdrawn and tells the pixel", () => {
    const { win, pixel, setConsent } = setup();
    pixel.send("pageView", {}, "e1");
    setConsent(false);
    pixel.revoke();
    expect(pixel.send("engagedUser", { seconds: 30 }, "e2")).toBe(false);
    expect(win.fbq?.queue.at(-1)).toEqual(["consent", "revoke"]);
  });

  it("hands the queue to the pixel script once it takes over", () => {
    const win: PixelWindow = {};
    const fbq = installFbqQueue(win);
    fbq("track", "PageView");
    const calls: unknown[][] = [];
    fbq.callMethod = (...args) => calls.push(args);
    fbq("track", "Lead");
    expect(fbq.queue).toEqual([["track", "PageView"]]);
    expect(calls).toEqual([["track", "Lead"]]);
    expect(win._fbq).toBe(fbq);
    expect(installFbqQueue(win)).toBe(fbq);
  });
});
