/**
 * Field limits shared by the validation schemas, the forms and browser code that must stay small
 * (tracking, page scripts): importing them from here does not pull the validator into a bundle.
 */
export const LIMITS = {
  minAge: 18,
  maxAge: 120,
  zipLength: 5,
  /** Longest postcode of any listed country (Iran's, with its dash), the column's length. */
  postcodeMax: 12,
  interestOtherMax: 200,
  nameMax: 100,
  emailMax: 254,
  phoneMax: 20,
  subjectMax: 200,
  messageMin: 10,
  messageMax: 5000,
  usernameMin: 3,
  usernameMax: 50,
  passwordMin: 8,
  passwordMax: 128,
  attributionMax: 500,
} as const;
