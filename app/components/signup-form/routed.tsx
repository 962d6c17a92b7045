/**
 * The signup form where React Router runs the whole page: a success navigates to Thank-you in the
 * app and raises the success toast there; a failure raises an error toast.
 */
import * as React from "react";
import { useNavigate } from "react-router";
import { useToast } from "../ui/toast";
import { SignupForm, type SignupFormProps, type SignupOutcomes } from "./signup-form";

export function RoutedSignupForm(props: SignupFormProps) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const outcomes = React.useMemo<SignupOutcomes>(
    () => ({
      conversions: "here",
      accepted: async (notice) => {
        await navigate("/thank-you");
        toast(notice);
      },
      failed: (notice) => toast({ variant: "destructive", ...notice }),
    }),
    [navigate, toast],
  );
  return <SignupForm {...props} outcomes={outcomes} />;
}
