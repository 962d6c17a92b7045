/** Wire shapes of the admin API (PRODUCT.md, "HTTP API"). Timestamps are ISO 8601 strings. */
import type { Role } from "#core/options";

export interface SessionUser {
  id: string;
  username: string;
  role: string;
}

export interface LoginResponse {
  token: string;
  user: SessionUser;
}

export interface ApplicationRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  age: number;
  state: string;
  phone: string | null;
  zipCode: string | null;
  interestLevel: string;
  interestLevelOther: string | null;
  formSource: string;
  marketing_consent: boolean;
  submitted_at: string;
  traffic_source?: string | null;
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
  referrer_url?: string | null;
  landing_path?: string | null;
  browser_language?: string | null;
  timezone?: string | null;
  event_id?: string | null;
  tracking_consent?: string | null;
  /** In lists: the same email address applied before. */
  repeat?: boolean;
}

export interface ContactMessageRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  reason: string;
  subject: string;
  message: string;
  submitted_at: string;
}

export interface StaffUser {
  id: string;
  username: string;
  role: Role | string;
  created_at: string;
  last_login: string | null;
}
