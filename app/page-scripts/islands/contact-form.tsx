/** The contact form as an island: hydrates the server's HTML of the form (../island) on its own. */
import { ContactForm } from "~/components/contact/contact-form";
import { hydrateIsland } from "./hydrate-island";

export function hydrate(root: HTMLElement, onLive: () => void): void {
  hydrateIsland(root, <ContactForm />, onLive);
}
