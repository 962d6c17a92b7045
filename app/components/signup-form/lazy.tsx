/** The signup form as pages use it: server-rendered, hydrated when a visitor starts using it (../forms/deferred). */
import { trackApplicationStarted } from "~/tracking/tracker";
import { deferred } from "../forms/deferred";
import type { SignupFormProps } from "./signup-form";

export const SignupForm = deferred<SignupFormProps>("signup-form", () => import("./routed").then((m) => m.RoutedSignupForm), {
  // The first focus starts an application at once, not when the form's code has arrived.
  onFocus: trackApplicationStarted,
});
