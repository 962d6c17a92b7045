import { describe, expect, it } from "vitest";
import { ServiceError } from "../errors";
import { COMMON_PASSWORD, isWeakPassword, refuseCommonPassword, WEAK_PASSWORD } from "./password-screen";

async function refusal(password: string, userInputs: string[] = []): Promise<string | null> {
  try {
    await refuseCommonPassword(password, "newPassword", userInputs);
    return null;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    expect(error.kind).toBe("invalid");
    expect(error.errors?.newPassword).toEqual([error.message]);
    return error.message;
  }
}

describe("the common-password screen", () => {
  it("refuses variants of common passwords with a message that says why", async () => {
    for (const password of ["Password123!", "P@ssw0rd1", "P@ssw0rd123!", "Welcome2024!", "Summer2026!", "Qwerty123!", "Iloveyou1!", "Passw0rd!", "Letmein2026", "1q2w3e4r5t!"]) {
      expect(await refusal(password), password).not.toBeNull();
    }
    expect(await refusal("P@ssw0rd1")).toBe(WEAK_PASSWORD);
    expect(WEAK_PASSWORD).toMatch(/too easy to guess/);
    // The exact list entries keep their own message.
    expect(await refusal("password1")).toBe(COMMON_PASSWORD);
  });

  it("counts the product's words and the username as known", async () => {
    expect(await refusal("Ovella2026!")).not.toBeNull();
    expect(await isWeakPassword("Mariposa.Lopez77", ["mariposa.lopez"])).toBe(true);
  });

  it("lets long, unrelated words through", async () => {
    for (const password of ["Harbour-Lights-43", "Lighthouse-Keeper-9", "Correct-Horse-Battery-9", "Her-Own-Choice-8", "Granite-Peak-58"]) {
      expect(await refusal(password, ["staff_user"]), password).toBeNull();
    }
  });
});
