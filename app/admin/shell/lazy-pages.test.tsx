/** A signed-in page whose chunk has arrived renders at once; before that it waits behind Suspense. */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyPage } from "./lazy-pages";

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe("lazyPage", () => {
  it("shows the loading screen until the chunk is here, then renders the page directly", async () => {
    const chunk = Promise.withResolvers<typeof Greeting>();
    let loads = 0;
    const page = lazyPage<{ name: string }>(() => {
      loads++;
      return chunk.promise;
    });
    const before = renderToString(<page.Page name="Maya" />);
    expect(before).not.toContain("Hello");
    expect(before).toContain('role="status"');
    const preloaded = page.preload();
    chunk.resolve(Greeting);
    await preloaded;
    expect(renderToString(<page.Page name="Maya" />)).toBe("<p>Hello <!-- -->Maya</p>");
    expect(loads).toBe(1);
  });

  it("tries the download again after a failure", async () => {
    let attempt = 0;
    const page = lazyPage(() => (++attempt === 1 ? Promise.reject(new Error("offline")) : Promise.resolve(Greeting)));
    await expect(page.preload()).rejects.toThrow("offline");
    await expect(page.preload()).resolves.toBe(Greeting);
    expect(attempt).toBe(2);
  });
});
