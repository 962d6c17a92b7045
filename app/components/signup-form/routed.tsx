/**
 * The signup form where React Router runs the whole page: a success navigates to Thank-you in the
 * app (./outcomes, the same flow as the island's).
 */
import * as React from "react";
import { useNavigate } from "react-router";
import { signupOutcomes } from "./outcomes";
import { SignupForm, type SignupFormProps } from "./signup-form";

export function RoutedSignupForm(props: SignupFormProps) {
  const navigate = useNavigate();
  const outcomes = React.useMemo(() => signupOutcomes((to) => navigate(to)), [navigate]);
  return <SignupForm {...props} outcomes={outcomes} />;
}
