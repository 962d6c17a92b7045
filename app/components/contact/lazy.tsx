/** The contact form as the page uses it: server-rendered, hydrated when a visitor starts using it (../forms/deferred). */
import { deferred } from "../forms/deferred";

export const ContactForm = deferred<object>("contact-form", () => import("./contact-form").then((m) => m.ContactForm));
