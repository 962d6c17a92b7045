import { runInNewContext } from "node:vm";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { InlineScript, inlineScriptSource } from "./inline-script";

function record(this: void, ...args: unknown[]): void {
  (globalThis as unknown as { seen: unknown[] }).seen = args;
}

/** Runs a script's text in an empty context, as a browser would with nothing else on the page. */
function run(source: string): unknown[] {
  const context: { seen?: unknown[] } = {};
  runInNewContext(source, context);
  return context.seen ?? [];
}

describe("InlineScript", () => {
  it("writes one script with the request's nonce that calls the function with its arguments", () => {
    const html = renderToString(<InlineScript run={record} args={["router-scripts", 3, { on: true }]} nonce="n0nce" />);
    const match = /^<script nonce="n0nce">([\s\S]*)<\/script>$/.exec(html);
    expect(match).not.toBeNull();
    expect(run(match![1]!)).toEqual(["router-scripts", 3, { on: true }]);
  });

  it("calls a function without arguments", () => {
    expect(run(inlineScriptSource(record, []))).toEqual([]);
  });

  it("keeps an argument that holds a closing tag inside the element, with its value unchanged", () => {
    const hostile = "</script><script>alert(1)</script>";
    const html = renderToString(<InlineScript run={record} args={[hostile]} nonce="n0nce" />);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain("<script>alert");
    const source = /^<script nonce="n0nce">([\s\S]*)<\/script>$/.exec(html)![1]!;
    expect(run(source)).toEqual([hostile]);
  });
});
