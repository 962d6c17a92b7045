/** The contact form as an island: hydrates the server's HTML of the form (../island) on its own. */
import * as React from "react";
import { hydrateRoot } from "react-dom/client";
import { ContactForm } from "~/components/contact/contact-form";
import { rememberTypedValues } from "~/components/forms/deferred";

function Live({ onLive, children }: { onLive: () => void; children: React.ReactNode }) {
  React.useEffect(onLive, [onLive]);
  return children;
}

export function hydrate(root: HTMLElement, onLive: () => void): void {
  rememberTypedValues(root);
  hydrateRoot(
    root,
    <Live onLive={onLive}>
      <ContactForm />
    </Live>,
  );
}
