/** Data hooks of the Privacy requests tab, through the authed API client. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { brand } from "#core/brand";
import type { PrivacyRequestKind, PrivacyRequestStatus } from "#core/privacy";
import { useAuthedRequest } from "../../parts/session/hooks";
import type { ErasureAnswer, PrivacyRequestRecord, SubjectResult } from "#core/contracts/privacy";

export const privacyKeys = {
  requests: ["api", "privacy", "requests"] as const,
  subject: (email: string) => ["privacy-subject", email] as const,
};

/** Everything held about an address (POST, so the address never sits in a URL). */
export function useSubject(email: string | null) {
  const request = useAuthedRequest();
  return useQuery<SubjectResult>({
    queryKey: privacyKeys.subject(email ?? ""),
    enabled: email !== null,
    queryFn: ({ signal }) => request<SubjectResult>("/api/privacy/find", { method: "POST", body: { email }, signal }),
  });
}

/** Open requests, soonest due first. */
export function useOpenRequests() {
  return useQuery<PrivacyRequestRecord[]>({ queryKey: privacyKeys.requests });
}

export function useRefreshPrivacy() {
  const queryClient = useQueryClient();
  return async (email?: string) => {
    await queryClient.invalidateQueries({ queryKey: privacyKeys.requests });
    if (email) await queryClient.invalidateQueries({ queryKey: privacyKeys.subject(email) });
  };
}

export function useCreateRequest() {
  const request = useAuthedRequest();
  const refresh = useRefreshPrivacy();
  return useMutation({
    mutationFn: (body: { email: string; kind: PrivacyRequestKind; receivedOn?: string; notes?: string }) =>
      request<PrivacyRequestRecord>("/api/privacy/requests", { method: "POST", body }),
    onSuccess: (row) => refresh(row.subject_email ?? undefined),
  });
}

export function useUpdateRequest() {
  const request = useAuthedRequest();
  const refresh = useRefreshPrivacy();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: PrivacyRequestStatus }) =>
      request<PrivacyRequestRecord>(`/api/privacy/requests/${encodeURIComponent(id)}`, { method: "PUT", body: { status } }),
    onSuccess: (row) => refresh(row.subject_email ?? undefined),
  });
}

export function useCorrection(email: string) {
  const request = useAuthedRequest();
  const refresh = useRefreshPrivacy();
  return useMutation({
    mutationFn: ({ kind, id, patch }: { kind: "application" | "contact"; id: string; patch: Record<string, unknown> }) =>
      request<{ fields: string[] }>(`/api/privacy/${kind === "application" ? "applications" : "contact"}/${encodeURIComponent(id)}/correction`, {
        method: "POST",
        body: patch,
      }),
    onSuccess: () => refresh(email),
  });
}

export function useErase() {
  const request = useAuthedRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; confirmation: string }) => request<ErasureAnswer>("/api/privacy/erase", { method: "POST", body }),
    onSuccess: async (_answer, { email }) => {
      // Every list that could show the erased rows is refetched.
      await queryClient.invalidateQueries({ queryKey: privacyKeys.subject(email) });
      await queryClient.invalidateQueries({ queryKey: ["api"] });
    },
  });
}

/** Fetches the access export and saves it as a JSON file; the server records it in the audit log. */
export function useExportDownload() {
  const request = useAuthedRequest();
  const refresh = useRefreshPrivacy();
  return useMutation({
    mutationFn: async (email: string) => {
      const document = await request<{ generated_at: string }>("/api/privacy/export", { method: "POST", body: { email } });
      const blob = new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: "application/json" });
      const url = URL.createObjectURL(blob);
      const link = window.document.createElement("a");
      link.href = url;
      link.download = `${brand.name.toLowerCase()}-privacy-export-${document.generated_at.slice(0, 10)}.json`;
      window.document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return email;
    },
    onSuccess: (email) => refresh(email),
  });
}
