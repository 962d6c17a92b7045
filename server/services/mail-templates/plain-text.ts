/**
 * How the plain-text part of an email is drawn from its HTML (React Email's `render` with `plainText`,
 * html-to-text underneath): each link's address stands alone on its own line, after the link's words, so
 * no address is glued to a sentence and a mail reader can open it whole (ADR 0086). A link whose words are
 * its address (an email address, a phone number) stays as it reads.
 */
import type { render } from "@react-email/render";

type RenderOptions = NonNullable<Parameters<typeof render>[1]>;

/** The parts of html-to-text's formatter API used here (the package ships no types). */
interface LinkElement {
  attribs?: Record<string, string | undefined>;
  children?: unknown[];
}
interface TextBuilder {
  addInline: (text: string, options?: { noWordTransform?: boolean }) => void;
  addLineBreak: () => void;
}

const WEB_LINK = /^https?:\/\//i;

function linkOnOwnLine(element: LinkElement, walk: (nodes: unknown[], builder: TextBuilder) => void, builder: TextBuilder) {
  const href = element.attribs?.href ?? "";
  if (!WEB_LINK.test(href)) {
    walk(element.children ?? [], builder);
    return;
  }
  // The link's words, then its address on a line of its own.
  walk(element.children ?? [], builder);
  builder.addLineBreak();
  builder.addInline(href, { noWordTransform: true });
  builder.addLineBreak();
}

export const PLAIN_TEXT_OPTIONS: RenderOptions = {
  plainText: true,
  htmlToTextOptions: {
    formatters: { linkOnOwnLine },
    selectors: [{ selector: "a", format: "linkOnOwnLine" }],
  },
};
