import type { FormWords } from "~/lib/form-words";

/** The asterisk of a required field as the hint says it: seen as "*", read as the words. */
export function RequiredMark({ words }: { words: FormWords }) {
  return (
    <>
      <span aria-hidden="true" className="text-danger">
        *
      </span>
      <span className="sr-only">{words.t("formUi.asterisk")}</span>
    </>
  );
}
