/** The link to the API reference page (/api/docs, ADR 0070): a document of its own, not an admin route. */
export function ApiReferenceLink() {
  return (
    <a className="font-medium text-brand-strong underline underline-offset-2" href="/api/docs">
      API reference
    </a>
  );
}
