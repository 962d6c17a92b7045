/**
 * A few lines of plain browser code run where the server writes them, before any module of the page has
 * arrived. The function's own source goes into the page, called with its arguments written as JSON, so
 * the function may use nothing from outside its body. The script carries the request's nonce: the
 * Content-Security-Policy allows no other inline script. React leaves the element as the server wrote it.
 */

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The script's text: `run` called with `args`; `<` escaped so no argument can close the element. */
export function inlineScriptSource<Args extends JsonValue[]>(run: (...args: Args) => void, args: Args): string {
  const written = args.map((arg) => JSON.stringify(arg).replaceAll("<", "\\u003c")).join(",");
  return `(${run.toString()})(${written})`;
}

export function InlineScript<Args extends JsonValue[]>({
  run,
  args,
  nonce,
}: {
  run: (...args: Args) => void;
  args: Args;
  nonce: string | undefined;
}) {
  return (
    <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: inlineScriptSource(run, args) }} />
  );
}
