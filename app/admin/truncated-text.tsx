import { Tooltip } from "~/components/ui/tooltip";

/** Long free text shown on one line; the full text opens on hover and on keyboard focus. */
export function TruncatedText({ text }: { text: string | null | undefined }) {
  if (!text) return <span className="text-ink-muted">—</span>;
  return (
    <Tooltip content={<span className="whitespace-pre-wrap">{text}</span>}>
      <button type="button" className="block max-w-full cursor-default truncate rounded-sm text-left">
        {text}
      </button>
    </Tooltip>
  );
}
